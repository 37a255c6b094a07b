import JSON
import LayoutEngine

// The engine's values as members of an answer (`writer.member("contentSize", size)`). The conformances are
// made here on purpose: the engine knows nothing of JSON and the JSON module nothing of the engine; this module,
// which writes the wire contract, joins them.
extension Size: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Point: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Rect: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension IndexPath: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension LayoutAttributes: JSONWritable {
    public func write(to writer: inout JSONWriter) { writer.value(self) }
}

/// Writers for the wire contract's answers: geometry, one element's attributes, a whole layout.
extension JSONWriter {
    /// Writes `{"width","height"}`.
    mutating func value(_ size: Size) {
        self.beginObject()
        self.member("width", size.width)
        self.member("height", size.height)
        self.endObject()
    }

    /// Writes `{"x","y"}`.
    mutating func value(_ point: Point) {
        self.beginObject()
        self.member("x", point.x)
        self.member("y", point.y)
        self.endObject()
    }

    /// Writes `{"x","y","width","height"}`.
    mutating func value(_ rect: Rect) {
        self.beginObject()
        self.member("x", rect.minX)
        self.member("y", rect.minY)
        self.member("width", rect.width)
        self.member("height", rect.height)
        self.endObject()
    }

    /// Writes one element as DESIGN.md's wire contract shows it.
    ///
    /// `kind` appears for supplementary and decoration views; `transform` and `transform3D` only when they are not
    /// the identity, so that most cells stay short. This runs once per element of every answer, so the element is
    /// stored in one reservation (``writeValue(maximumLength:_:)``), its fixed structure in a few literal copies,
    /// its index path and frame by the writer plain cells share (``putPlacement(_:_:to:recent:)``).
    package mutating func value(_ attributes: LayoutAttributes) {
        self.writeValue(maximumLength: Self.maximumElementLength) { output, recent in
            switch (attributes.category, attributes.kind) {
            case (.cell, _): output.put(#"{"category":"cell","indexPath":["#)
            case (.supplementaryView, .header?):
                output.put(#"{"category":"supplementaryView","kind":"header","indexPath":["#)
            case (.supplementaryView, .footer?):
                output.put(#"{"category":"supplementaryView","kind":"footer","indexPath":["#)
            case (.decorationView, .background?):
                output.put(#"{"category":"decorationView","kind":"background","indexPath":["#)
            default:
                output.put(#"{"category":""#)
                output.put(identifier: attributes.category.rawValue)
                if let kind = attributes.kind {
                    output.put(#"","kind":""#)
                    output.put(identifier: kind.rawValue)
                }
                output.put(#"","indexPath":["#)
            }
            Self.putPlacement(attributes.indexPath, attributes.frame, to: &output, recent: &recent)
            // Most elements: the rest of the common shape in one copy. Both transforms are tested on the element's
            // own storage, not on copies.
            if attributes.zIndex == 0, attributes.alpha == 1, !attributes.isHidden,
                Self.isIdentity(attributes.transform), Self.isIdentity(attributes.transform3D)
            {
                output.put(#"},"zIndex":0,"alpha":1,"hidden":false}"#)
                return
            }
            Self.putUncommonTail(attributes, to: &output, recent: &recent)
        }
    }

    /// Stores what follows an element's frame when it is not the common `},"zIndex":0,"alpha":1,"hidden":false}`:
    /// its zIndex, alpha and hidden flag, the transforms that are not the identity, and the closing brace.
    private static func putUncommonTail(
        _ attributes: LayoutAttributes, to output: inout OutputCursor, recent: inout RecentNumbers
    ) {
        if attributes.zIndex == 0, attributes.alpha == 1, !attributes.isHidden {
            output.put(#"},"zIndex":0,"alpha":1,"hidden":false"#)
        } else {
            output.put(#"},"zIndex":"#)
            output.put(attributes.zIndex)
            output.put(#","alpha":"#, attributes.alpha, recent: &recent)
            output.put(#","hidden":"#)
            output.put(attributes.isHidden)
        }
        if !Self.isIdentity(attributes.transform) {
            let transform = attributes.transform
            output.put(#","transform":{"a":"#, transform.a, recent: &recent)
            output.put(#","b":"#, transform.b, recent: &recent)
            output.put(#","c":"#, transform.c, recent: &recent)
            output.put(#","d":"#, transform.d, recent: &recent)
            output.put(#","tx":"#, transform.tx, recent: &recent)
            output.put(#","ty":"#, transform.ty, recent: &recent)
            output.put(UInt8(ascii: "}"))
        }
        if !Self.isIdentity(attributes.transform3D) {
            output.put(#","transform3D":["#)
            for (index, component) in attributes.transform3D.components.enumerated() {
                if index > 0 { output.put(UInt8(ascii: ",")) }
                output.put(component, recent: &recent)
            }
            output.put(UInt8(ascii: "]"))
        }
        output.put(UInt8(ascii: "}"))
    }

    /// Writes a cell with UIKit's default attributes (identity transforms, alpha 1, zIndex 0, shown): byte for
    /// byte what ``value(_:)-(LayoutAttributes)`` writes for
    /// `LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame)`, without those attributes
    /// made and read (the plain cells of
    /// ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` and of the rect query
    /// ``PreparedLayout/forEachAttribute(in:contentOffset:orthogonalOffsets:plainCell:_:)``).
    mutating func plainCell(_ indexPath: IndexPath, frame: Rect) {
        self.writeValue(maximumLength: Self.maximumPlainCellLength) { output, recent in
            Self.putPlainCell(indexPath, frame, to: &output, recent: &recent)
        }
    }

    /// Writes a plain cell as ``plainCell(_:frame:)`` does, copied from the memo `memo` runs over when it keeps that
    /// cell (the same index path and frame, bit for bit), or written and then kept there.
    ///
    /// A copy leaves the recently written numbers as they were: each still names earlier text that is its number's,
    /// so what follows is written as without the memo. A separate writer rather than an optional memo, so that
    /// answers without one run the very code they ran before (an optional's checks cost a 2,000-cell waterfall's
    /// whole layout 1.6 %). The cell is looked up once, before anything is reserved: a hit is that compare and one
    /// copy of its kept text as the next value.
    ///
    /// With `exactRoom` (a constant at each call site), a hit reserves room for its very text rather than for the
    /// longest (``CellTextMemo/textStride``): a session query's answer as long as the reused buffer's last one (the
    /// same viewport again) then fits it exactly, where reserving the longest for its last cells extended the buffer
    /// with zeros and `bytes` cut them off again (the extension alone about 215 instructions a query, issue 21).
    /// Without it, as for the stateless answers, the reservation stays a constant: the variable one cost a laid-out
    /// 20-cell flow about 100 instructions.
    @inline(__always)
    mutating func plainCell(
        _ indexPath: IndexPath, frame: Rect, memo: inout CellTextMemo.Run, exactRoom: Bool = false
    ) {
        let found = memo.find(indexPath, frame: frame)
        if found.length > 0 {
            let text = memo.text(of: found)
            self.writeValue(maximumLength: exactRoom ? text.count : CellTextMemo.textStride) { output, _ in
                output.put(bytes: text)
            }
            return
        }
        self.writeValue(maximumLength: Self.maximumPlainCellLength) { output, recent in
            let start = output.written
            Self.putPlainCell(indexPath, frame, to: &output, recent: &recent)
            memo.keep(found, indexPath, frame: frame, text: output.bytes(since: start))
        }
    }

    /// Writes a plain cell through the memo `run` runs over when there is one, else as ``plainCell(_:frame:)``: what
    /// the answers' plain-cell closures call (`exactRoom` as in ``plainCell(_:frame:memo:exactRoom:)``).
    @inline(__always)
    mutating func plainCell(
        _ indexPath: IndexPath, frame: Rect, run: inout CellTextMemo.Run?, exactRoom: Bool = false
    ) {
        if run != nil {
            self.plainCell(indexPath, frame: frame, memo: &run!, exactRoom: exactRoom)
        } else {
            self.plainCell(indexPath, frame: frame)
        }
    }

    /// Stores a plain cell: `{"category":"cell","indexPath":[s,i],"frame":{…},"zIndex":0,"alpha":1,"hidden":false}`.
    @inline(__always)
    static func putPlainCell(
        _ indexPath: IndexPath, _ frame: Rect, to output: inout OutputCursor, recent: inout RecentNumbers
    ) {
        output.put(#"{"category":"cell","indexPath":["#)
        Self.putPlacement(indexPath, frame, to: &output, recent: &recent)
        output.put(#"},"zIndex":0,"alpha":1,"hidden":false}"#)
    }

    /// Stores an element's index path and frame after its `"indexPath":[`, both element writers' middle:
    /// `s,i],"frame":{"x":…,"y":…,"width":…,"height":…` (without the frame's closing brace).
    @inline(__always)
    private static func putPlacement(
        _ indexPath: IndexPath, _ frame: Rect, to output: inout OutputCursor, recent: inout RecentNumbers
    ) {
        output.put(indexPath.section)
        output.put(UInt8(ascii: ","))
        output.put(indexPath.item)
        output.put(#"],"frame":{"x":"#, frame.origin.x, recent: &recent)
        output.put(#","y":"#, frame.origin.y, recent: &recent)
        output.put(#","width":"#, frame.size.width, recent: &recent)
        output.put(#","height":"#, frame.size.height, recent: &recent)
    }

    /// Whether `transform` is the identity, as `isIdentity` says (`==` on each component, so `-0` counts as `0`),
    /// by the components' bits in a few instructions rather than a call to the derived `==`: `x == 1` exactly when
    /// `x`'s bits are 1's, `x == 0` exactly when its bits are zero but for the sign.
    @inline(__always)
    static func isIdentity(_ transform: AffineTransform) -> Bool {
        let one = (1.0).bitPattern
        let ones = (transform.a.bitPattern ^ one) | (transform.d.bitPattern ^ one)
        let zeros = transform.b.bitPattern | transform.c.bitPattern | transform.tx.bitPattern | transform.ty.bitPattern
        return ones | zeros << 1 == 0
    }

    /// Whether `transform` is the identity, as `isIdentity` says; see ``isIdentity(_:)-(AffineTransform)``.
    @inline(__always)
    static func isIdentity(_ transform: Transform3D) -> Bool {
        let one = (1.0).bitPattern
        let t = transform
        let ones = (t.m11.bitPattern ^ one) | (t.m22.bitPattern ^ one) | (t.m33.bitPattern ^ one)
            | (t.m44.bitPattern ^ one)
        let firstRows = t.m12.bitPattern | t.m13.bitPattern | t.m14.bitPattern | t.m21.bitPattern
            | t.m23.bitPattern | t.m24.bitPattern
        let lastRows = t.m31.bitPattern | t.m32.bitPattern | t.m34.bitPattern | t.m41.bitPattern
            | t.m42.bitPattern | t.m43.bitPattern
        return ones | (firstRows | lastRows) << 1 == 0
    }

    /// The most bytes ``value(_:)-(LayoutAttributes)`` writes: 30 numbers (the index path's 2, the frame's 4,
    /// zIndex, alpha, the affine transform's 6 and the 3-D transform's 16) and the structure around them, about 230
    /// bytes with the longest kind names, rounded up.
    static let maximumElementLength = 30 * maximumNumberLength + 320

    /// The most bytes ``plainCell(_:frame:)`` writes: the index path's two integers (at most 20 bytes each), the
    /// frame's four numbers and about 110 bytes of structure, rounded up.
    static let maximumPlainCellLength = 6 * maximumNumberLength + 128

    /// Writes `"widowCount": n` for a `justified` layout (flickr/justified-layout's `widowCount`); nothing for the
    /// other kinds.
    mutating func widowCount(of layout: PreparedLayout) {
        guard let widowCount = layout.widowCount else { return }
        self.member("widowCount", widowCount)
    }

    /// Writes `"attributes": [...]` with the elements of `layout` that intersect `rect` (all when `nil`).
    ///
    /// - Parameters:
    ///   - memo: The service's ledger of plain cells' text (``CellTextMemo``), or `nil` to write every cell anew.
    ///   - scratch: The thread's ``AnswerScratch`` when the caller holds it, to find the memo in without looking the
    ///     scratch up again.
    /// - Returns: The number of elements written.
    mutating func attributes(
        of layout: PreparedLayout,
        in rect: Rect?,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        memo ledger: CellTextMemo.Ledger? = nil,
        scratch: AnswerScratch? = nil
    ) -> Int {
        self.key("attributes")
        if let rect {
            return self.elements(
                of: layout,
                in: rect,
                contentOffset: contentOffset,
                orthogonalOffsets: orthogonalOffsets,
                memo: ledger,
                scratch: scratch
            )
        }
        let memo = CellTextMemo.current(for: ledger, elements: layout.elementCount, scratch: scratch)
        // The run holds the memo's slots, not the memo (which `memo` keeps alive until its end).
        var run = memo?.beginAnswer()
        defer { if let memo, let run { memo.endAnswer(run) } }
        self.beginArray()
        // Two closures write to this writer, so they reach it through a pointer each holds (capturing `self` in
        // both would be overlapping accesses); each counts its own elements.
        let (cells, others) = withUnsafeMutablePointer(to: &self) { writer in
            var (cells, others) = (0, 0)
            layout.forEachAttribute(
                contentOffset: contentOffset,
                orthogonalOffsets: orthogonalOffsets,
                plainCell: { indexPath, frame in
                    writer.pointee.plainCell(indexPath, frame: frame, run: &run)
                    cells += 1
                },
                { attributes in
                    writer.pointee.value(attributes)
                    others += 1
                }
            )
            return (cells, others)
        }
        self.endArray()
        return cells + others
    }

    /// Writes an array of the elements of `layout` that intersect `rect`.
    ///
    /// - Parameters:
    ///   - memo: As in ``attributes(of:in:contentOffset:orthogonalOffsets:memo:scratch:)``.
    ///   - scratch: As there.
    /// - Returns: How many were written.
    mutating func elements(
        of layout: PreparedLayout,
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        memo ledger: CellTextMemo.Ledger? = nil,
        scratch: AnswerScratch? = nil
    ) -> Int {
        self.beginArray()
        let count = self.elementValues(
            of: layout,
            in: rect,
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets,
            memo: ledger,
            scratch: scratch
        )
        self.endArray()
        return count
    }

    /// Writes the elements of `layout` that intersect `rect` as the values of an array the caller has begun and
    /// ends: ``elements(of:in:contentOffset:orthogonalOffsets:memo:scratch:)`` without the brackets, for a caller
    /// that writes them with its neighbours (``SessionAnswer/query(_:_:memo:)``).
    ///
    /// - Parameters:
    ///   - memo: As in ``attributes(of:in:contentOffset:orthogonalOffsets:memo:scratch:)``.
    ///   - scratch: As there.
    /// - Returns: How many were written.
    @inline(__always)
    mutating func elementValues(
        of layout: PreparedLayout,
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double],
        memo ledger: CellTextMemo.Ledger?,
        scratch: AnswerScratch?
    ) -> Int {
        let memo = CellTextMemo.current(for: ledger, scratch: scratch)
        var run = memo?.beginAnswer()
        defer { if let memo, let run { memo.endAnswer(run) } }
        // As in ``attributes(of:in:contentOffset:orthogonalOffsets:memo:scratch:)``: plain cells as an index path
        // and a frame, the two closures reaching this writer through a pointer each holds.
        let count = withUnsafeMutablePointer(to: &self) { writer in
            var count = 0
            layout.forEachAttribute(
                in: rect,
                contentOffset: contentOffset,
                orthogonalOffsets: orthogonalOffsets,
                plainCell: { indexPath, frame in
                    writer.pointee.plainCell(indexPath, frame: frame, run: &run, exactRoom: true)
                    count += 1
                },
                { attributes in
                    writer.pointee.value(attributes)
                    count += 1
                }
            )
            return count
        }
        return count
    }
}

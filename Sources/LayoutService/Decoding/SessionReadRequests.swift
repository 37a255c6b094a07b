import JSON
import LayoutEngine

/// The body of `POST /sessions/{id}/query`: `{rect, contentOffset?, orthogonalOffsets?}`.
struct QueryRequest {
    /// The rect whose elements are wanted.
    var rect: Rect
    /// The offset effects are computed at; the session's own when the body has none.
    var contentOffset: Point
    /// How far each orthogonal section of a `compositional` session has scrolled.
    var orthogonalOffsets: [Double] = []

    /// Reads the body of a query of `session`.
    ///
    /// A body that is exactly `{"rect":{"x":…,"y":…,"width":…,"height":…}}` with small non-negative integers, what a
    /// scrolling client sends again and again, is read by ``plainRect(_:)`` without the general reader; every other
    /// body (and every wrong one, which then fails with the general reader's error) by ``decodeMembers(_:for:maxDepth:)``.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> QueryRequest {
        // The rect is the second level: a depth limit below 2 refuses it, which the general reader reports.
        if maxDepth >= 2, let rect = Self.plainRect(body) {
            return QueryRequest(rect: rect, contentOffset: session.input.contentOffset)
        }
        return try Self.decodeMembers(body, for: session, maxDepth: maxDepth)
    }

    /// Reads any query body, members in any order, with the general reader.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decodeMembers(
        _ body: [UInt8], for session: Session, maxDepth: Int
    ) throws(JSONError) -> QueryRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var rect: Rect?
        var contentOffset = session.input.contentOffset
        var orthogonalOffsets: [Double] = []
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            case "orthogonalOffsets" where session.kind == .compositional:
                orthogonalOffsets = try reader.readOrthogonalOffsets()
            default: throw reader.unknownField(key)
            }
        }
        guard let rect else { throw reader.missingField("rect") }
        try reader.finish()
        return QueryRequest(rect: rect, contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets)
    }
}

extension QueryRequest {
    /// The rect of a body that is byte for byte `{"rect":{"x":X,"y":Y,"width":W,"height":H}}`, each number an
    /// integer of at most ten digits without sign or leading zero, the coordinates at most
    /// ``JSONReader/maxCoordinate`` and the lengths at most ``JSONReader/maxLength``; `nil` for any other body.
    ///
    /// Such integers are exact as `Double`s, so the rect is the one ``decodeMembers(_:for:maxDepth:)`` reads.
    ///
    /// - Complexity: O(`body.count`).
    static func plainRect(_ body: [UInt8]) -> Rect? {
        body.withUnsafeBufferPointer { bytes -> Rect? in
            var cursor = PlainRectCursor(bytes: bytes)
            guard cursor.skip("{\"rect\":{\"x\":"), let x = cursor.integer(upTo: JSONReader.maxCoordinate),
                cursor.skip(",\"y\":"), let y = cursor.integer(upTo: JSONReader.maxCoordinate),
                cursor.skip(",\"width\":"), let width = cursor.integer(upTo: JSONReader.maxLength),
                cursor.skip(",\"height\":"), let height = cursor.integer(upTo: JSONReader.maxLength),
                cursor.skip("}}"), cursor.offset == bytes.count
            else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }
    }
}

/// A forward reader of ``QueryRequest/plainRect(_:)``'s one shape: literal bytes and plain integers.
private struct PlainRectCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    /// Steps over `literal` when the bytes at the offset are exactly it.
    ///
    /// A literal of 2 to 16 bytes (each of the shape's) is compared as two words that overlap, the first and the
    /// last of its length, rather than byte by byte with a bounds check each (issue 21). Inlined, so that each
    /// literal's length is a constant and only its case is left.
    @inline(__always)
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard self.bytes.count - self.offset >= count, let base = self.bytes.baseAddress else { return false }
        let text = UnsafeRawPointer(literal.utf8Start)
        let here = UnsafeRawPointer(base + self.offset)
        let matches: Bool
        switch count {
        case 8...16: matches = Self.equal(text, here, count, as: UInt64.self)
        case 4..<8: matches = Self.equal(text, here, count, as: UInt32.self)
        case 2..<4: matches = Self.equal(text, here, count, as: UInt16.self)
        default:
            matches = (0..<count).allSatisfy { index in
                text.load(fromByteOffset: index, as: UInt8.self) == here.load(fromByteOffset: index, as: UInt8.self)
            }
        }
        if matches { self.offset += count }
        return matches
    }

    /// Whether the `count` bytes at `a` and at `b` are equal, for `count` from one `Word`'s size to two: compared as
    /// the first and the last `Word` of each, which overlap (or meet) in the middle.
    @inline(__always)
    private static func equal<Word: FixedWidthInteger>(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int, as _: Word.Type
    ) -> Bool {
        let last = count - MemoryLayout<Word>.size
        return (a.loadUnaligned(as: Word.self) ^ b.loadUnaligned(as: Word.self))
            | (a.loadUnaligned(fromByteOffset: last, as: Word.self) ^ b.loadUnaligned(fromByteOffset: last, as: Word.self))
            == 0
    }

    /// Reads `0` or a digit 1–9 followed by at most nine digits, as a `Double` no larger than `limit`.
    ///
    /// A number of at most seven digits with eight bytes to read from its start (every one but a body's last) is
    /// read eight bytes at a time: its digits counted and combined with a few word operations, where the byte loop
    /// took about 10 instructions a digit (issue 21). Either way reads and refuses the same numbers.
    mutating func integer(upTo limit: Double) -> Double? {
        if self.bytes.count &- self.offset >= 8, let base = self.bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + self.offset).loadUnaligned(as: UInt64.self))
            // Each byte minus '0' is below 10 exactly for a digit: adding 0x76 to its low seven bits sets bit 7
            // when it is 10 or more (no carry crosses a byte), and a byte of 0x80 or more has bit 7 already.
            let offsets = word ^ 0x3030_3030_3030_3030
            let nonDigits =
                (((offsets & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080
            let count = nonDigits.trailingZeroBitCount &>> 3
            if count < 8 {
                // No digit, or a leading zero followed by a digit (JSON refuses `01`).
                guard count >= 1, count == 1 || offsets & 0xFF != 0 else { return nil }
                // The digits moved to the word's top bytes (the bytes before them zeros), then combined in pairs,
                // fours and eight.
                var value = (offsets & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64((8 &- count) &* 8)
                value = (value &* (10 &<< 8 &+ 1)) &>> 8
                value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 &<< 16 &+ 1)) &>> 16
                value = ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 &<< 32 &+ 1)) &>> 32
                self.offset &+= count
                guard Double(value) <= limit else { return nil }
                return Double(value)
            }
        }
        var value = 0
        var digits = 0
        while self.offset < self.bytes.count, digits <= 10 {
            let digit = Int(self.bytes[self.offset]) &- Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { break }
            // A leading zero is followed by nothing that continues the number (JSON refuses `01`).
            if digits == 1, value == 0 { return nil }
            value = value &* 10 &+ digit
            digits += 1
            self.offset += 1
        }
        guard digits >= 1, digits <= 10, Double(value) <= limit else { return nil }
        return Double(value)
    }
}

/// The body of `POST /sessions/{id}/snap`: `{proposedContentOffset, velocity?, section?, startOffset?}`.
struct SnapRequest {
    /// Where scrolling would stop.
    var proposedContentOffset: Point
    /// The scroll's velocity when the finger lifted.
    var velocity = Point.zero
    /// The orthogonal section of a `compositional` session that snaps, instead of the layout.
    var section: Int?
    /// That section's offset when the gesture began.
    var startOffset: Double?

    /// Reads the body of a snap of `session`; `section` must name one of its orthogonal sections.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> SnapRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var proposed: Point?
        var request = SnapRequest(proposedContentOffset: .zero)
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "proposedContentOffset": proposed = try reader.readPoint()
            case "velocity": request.velocity = try reader.readPoint()
            case "section" where session.kind == .compositional:
                let index = try reader.readInt(in: 0...Int(Int32.max))
                guard session.layout.targetOrthogonalOffset(forProposedOffset: 0, velocity: 0, section: index) != nil
                else { throw reader.shapeError("section \(index) does not scroll orthogonally") }
                request.section = index
            case "startOffset" where session.kind == .compositional:
                request.startOffset = try reader.readCoordinate()
            default: throw reader.unknownField(key)
            }
        }
        guard let proposed else { throw reader.missingField("proposedContentOffset") }
        try reader.finish()
        if request.startOffset != nil, request.section == nil {
            throw JSONError.shape(
                pointer: "/startOffset",
                message: "is an orthogonal section's offset when the gesture began: give \"section\" too"
            )
        }
        request.proposedContentOffset = proposed
        return request
    }
}

/// The body of `POST /sessions/{id}/move`: `{indexPath, position, rect?, contentOffset?}`.
struct MoveRequest {
    /// The item being dragged.
    var indexPath: IndexPath
    /// Where the finger is, in content coordinates.
    var position: Point
    /// The rect whose elements are wanted, laid out as if the item were already where it would drop.
    var rect: Rect?
    /// The offset effects are computed at; the session's own when the body has none.
    var contentOffset: Point

    /// Reads the body of a move in `session`.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> MoveRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var indexPath: IndexPath?
        var position: Point?
        var rect: Rect?
        var contentOffset = session.input.contentOffset
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "indexPath": indexPath = try reader.readIndexPath()
            case "position": position = try reader.readPoint()
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            default: throw reader.unknownField(key)
            }
        }
        guard let indexPath else { throw reader.missingField("indexPath") }
        guard let position else { throw reader.missingField("position") }
        try reader.finish()
        return MoveRequest(indexPath: indexPath, position: position, rect: rect, contentOffset: contentOffset)
    }
}

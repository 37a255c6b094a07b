import JSON
import LayoutEngine

extension LayoutAnswer {
    /// `POST /layout/flow` without `rect` or `viewports`, written as its elements are handed over
    /// (``FlowLayout/placeElements(_:configuration:limits:contentSize:cells:supplementary:)``), without preparing the
    /// layout: the bytes ``encode(_:kind:request:memo:)`` writes for the prepared layout, at a fraction of the cost
    /// for a small one (issue 21).
    ///
    /// - Parameters:
    ///   - request: The decoded request, its cost checked.
    ///   - limits: The engine's limits, as preparing would be given them.
    ///   - ledger: The service's ledger of plain cells' text, as for ``encode(_:kind:request:memo:)``.
    /// - Returns: The answer, or `nil` when this layout is not answered this way: another kind, a `rect` or
    ///   `viewports`, a layout large enough to be streamed, or one
    ///   ``FlowLayout/placeElements(_:configuration:limits:contentSize:cells:supplementary:)`` leaves to preparing
    ///   (backgrounds, pinning, bottom alignment, right to left, large grids, or an input preparing may refuse).
    ///   Then prepare it.
    static func encodePlaced(_ request: LayoutRequest, limits: LayoutLimits, memo ledger: CellTextMemo.Ledger?)
        -> Answer?
    {
        guard request.rect == nil, request.viewports == nil, case .flow(let configuration) = request.configuration,
            let elements = FlowLayout.placedElementCount(request.input, configuration: configuration),
            elements < Self.streamingElementThreshold
        else { return nil }
        let scratch = AnswerScratch.current
        // The memo for as many elements as the prepared layout has, so that it serves the same answers; a run
        // begins once the layout is known to be placed, so that one left to preparing makes no lookups here.
        let memo = CellTextMemo.current(for: ledger, elements: elements, scratch: scratch)
        var run: CellTextMemo.Run? = nil
        // Written with the thread's kept writer (no writer made and moved for each answer); a layout left to
        // preparing leaves it empty.
        let (bytes, isPlaced) = scratch.answer(capacity: elements * 140) { writer in
            // The closures reach the writer through a pointer, as the prepared layout's writer's closures do.
            let isPlaced = withUnsafeMutablePointer(to: &writer) { writer in
                FlowLayout.placeElements(
                    request.input,
                    configuration: configuration,
                    limits: limits,
                    contentSize: { size in
                        writer.pointee.beginPlacedFlowAnswer(contentSize: size)
                        run = memo?.beginAnswer()
                    },
                    cells: { writer.pointee.plainCells(section: $0, frames: $1, run: &run) },
                    supplementary: { writer.pointee.value($0) }
                )
            }
            if isPlaced { writer.endArrayAndObject() }
            return isPlaced
        }
        if let memo, let run { memo.endAnswer(run) }
        // Otherwise preparing answers instead.
        guard isPlaced else { return nil }
        return (.json(bytes, scratch: scratch), elements)
    }
}

extension JSONWriter {
    /// Writes a flow answer's start, `{"kind":"flow","contentSize":{"width":…,"height":…},"attributes":[`: what
    /// ``LayoutAnswer/encode(_:kind:request:memo:)`` writes with `beginObject`, `member` and `key`, here in one
    /// reservation, the numbers written the same way (1,158 instructions fewer: the generic members, the keys and
    /// the kind's quoting; issue 21).
    @inline(__always)
    mutating func beginPlacedFlowAnswer(contentSize: Size) {
        self.writeValue(maximumLength: 2 * Self.maximumNumberLength + 64) { output, recent in
            output.put(#"{"kind":"flow","contentSize":{"width":"#, contentSize.width, recent: &recent)
            output.put(#","height":"#, contentSize.height, recent: &recent)
            output.put(UInt8(ascii: "}"))
        }
        self.key("attributes")
        self.beginArray()
    }

    /// Writes a section's plain cells, `frames` in item order, as ``plainCell(_:frame:run:exactRoom:)`` writes each
    /// (through the memo `run` runs over when there is one), but in batches
    /// (``writeValues(count:maximumLength:_:)``), with room for the longest cell reserved for each.
    @inline(__always)
    mutating func plainCells(section: Int, frames: UnsafeBufferPointer<Rect>, run: inout CellTextMemo.Run?) {
        let maximumLength = Swift.max(Self.maximumPlainCellLength, CellTextMemo.textStride)
        guard var memo = run else {
            self.writeValues(count: frames.count, maximumLength: maximumLength) { output, recent, item in
                Self.putPlainCell(IndexPath(section: section, item: item), frames[item], to: &output, recent: &recent)
            }
            return
        }
        // As ``plainCell(_:frame:memo:exactRoom:)``: a kept cell is copied, leaving the recent numbers as they were.
        self.writeValues(count: frames.count, maximumLength: maximumLength) { output, recent, item in
            let indexPath = IndexPath(section: section, item: item)
            let frame = frames[item]
            let found = memo.find(indexPath, frame: frame)
            if found.length > 0 {
                output.put(bytes: memo.text(of: found))
                return
            }
            let start = output.written
            Self.putPlainCell(indexPath, frame, to: &output, recent: &recent)
            memo.keep(found, indexPath, frame: frame, text: output.bytes(since: start))
        }
        run = memo
    }
}

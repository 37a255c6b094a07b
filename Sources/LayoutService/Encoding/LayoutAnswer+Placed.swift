import JSON
import LayoutEngine

extension LayoutAnswer {
    /// `POST /layout/flow` without `rect` or `viewports`, written as its elements are placed
    /// (``FlowLayout/placeElements(_:configuration:limits:cell:supplementary:)``), without preparing the layout: the
    /// bytes ``encode(_:kind:request:memo:)`` writes for the prepared layout, at a fraction of the cost for a small
    /// one (issue 21).
    ///
    /// The elements go to the answer as they come; the content size, known after the last one, is then moved in
    /// front of them where ``encode(_:kind:request:memo:)`` writes it.
    ///
    /// - Parameters:
    ///   - request: The decoded request, its cost checked.
    ///   - limits: The engine's limits, as preparing would be given them.
    ///   - ledger: The service's ledger of plain cells' text, as for ``encode(_:kind:request:memo:)``.
    /// - Returns: The answer, or `nil` when this layout is not answered this way: another kind, a `rect` or
    ///   `viewports`, a layout large enough to be streamed, or one
    ///   ``FlowLayout/placeElements(_:configuration:limits:cell:supplementary:)`` leaves to preparing (backgrounds,
    ///   pinning, bottom alignment, right to left, large grids, or an input preparing may refuse). Then prepare it.
    static func encodePlaced(_ request: LayoutRequest, limits: LayoutLimits, memo ledger: CellTextMemo.Ledger?)
        -> Answer?
    {
        guard request.rect == nil, request.viewports == nil, case .flow(let configuration) = request.configuration,
            let elements = FlowLayout.placedElementCount(request.input, configuration: configuration),
            elements < Self.streamingElementThreshold
        else { return nil }
        let scratch = AnswerScratch.current
        var writer = scratch.writer(capacity: elements * 140)
        writer.beginObject()
        writer.member("kind", LayoutKind.flow.rawValue)
        let afterKind = writer.count
        writer.key("attributes")
        writer.beginArray()
        // The memo for as many elements as the prepared layout has, so that it serves the same answers.
        let memo = CellTextMemo.current(for: ledger, elements: elements, scratch: scratch)
        var run = memo?.beginAnswer()
        // The closures reach the writer through a pointer, as the prepared layout's writer's closures do.
        let contentSize = withUnsafeMutablePointer(to: &writer) { writer in
            FlowLayout.placeElements(
                request.input,
                configuration: configuration,
                limits: limits,
                cell: { writer.pointee.plainCell($0, frame: $1, run: &run) },
                supplementary: { writer.pointee.value($0) }
            )
        }
        // The lookups made count, whether the answer stands or preparing takes over.
        if let memo, let run { memo.endAnswer(run) }
        guard let contentSize else {
            // Preparing answers instead; the buffer goes back to the scratch for it.
            _ = scratch.bytes(of: &writer)
            return nil
        }
        writer.endArray()
        let end = writer.count
        writer.member("contentSize", contentSize)
        writer.moveBytes(writtenSince: end, to: afterKind)
        writer.endObject()
        return (.json(scratch.bytes(of: &writer), scratch: scratch), elements)
    }
}

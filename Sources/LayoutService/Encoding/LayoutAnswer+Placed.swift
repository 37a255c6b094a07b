import JSON
import LayoutEngine

extension LayoutAnswer {
    /// `POST /layout/flow` without `rect` or `viewports`, written as its cells are placed
    /// (``FlowLayout/placeCells(_:configuration:limits:cell:supplementary:)``), without preparing the layout: the bytes
    /// ``encode(_:kind:request:memo:)`` writes for the prepared layout, at a fraction of the cost for a small one
    /// (issue 21).
    ///
    /// The cells go to the answer as they come; the content size, known after the last one, is then moved in front
    /// of them where ``encode(_:kind:request:memo:)`` writes it.
    ///
    /// - Parameters:
    ///   - request: The decoded request, its cost checked.
    ///   - limits: The engine's limits, as preparing would be given them.
    ///   - ledger: The service's ledger of plain cells' text, as for ``encode(_:kind:request:memo:)``.
    /// - Returns: The answer, or `nil` when this layout is not answered this way: another kind, a `rect` or
    ///   `viewports`, a layout that may be large enough to be streamed, or one
    ///   ``FlowLayout/placeCells(_:configuration:limits:cell:supplementary:)`` leaves to preparing (backgrounds,
    ///   pinning, bottom alignment, right to left, or an input preparing may refuse). Then prepare it.
    static func encodePlaced(_ request: LayoutRequest, limits: LayoutLimits, memo ledger: CellTextMemo.Ledger?)
        -> Answer?
    {
        guard request.rect == nil, request.viewports == nil, case .flow(let configuration) = request.configuration
        else { return nil }
        // Cells, and at most a header and a footer a section: under the threshold, the answer is not streamed.
        var cells = 0
        for section in request.input.sections { cells &+= section.itemCount }
        let elements = cells &+ request.input.sections.count &* 2
        guard cells >= 0, elements < Self.streamingElementThreshold else { return nil }
        let scratch = AnswerScratch.current
        var writer = scratch.writer(capacity: elements * 140)
        writer.beginObject()
        writer.member("kind", LayoutKind.flow.rawValue)
        let afterKind = writer.count
        writer.key("attributes")
        writer.beginArray()
        let memo = CellTextMemo.current(for: ledger, elements: elements, scratch: scratch)
        var run = memo?.beginAnswer()
        var supplementaries = 0
        // The closures reach the writer through a pointer, as the prepared layout's writer's closures do.
        let contentSize = withUnsafeMutablePointer(to: &writer) { writer in
            FlowLayout.placeCells(
                request.input,
                configuration: configuration,
                limits: limits,
                cell: { indexPath, frame in
                    if run != nil {
                        writer.pointee.plainCell(indexPath, frame: frame, memo: &run!)
                    } else {
                        writer.pointee.plainCell(indexPath, frame: frame)
                    }
                },
                supplementary: { attributes in
                    writer.pointee.value(attributes)
                    supplementaries += 1
                }
            )
        }
        guard let contentSize else {
            // Preparing answers instead; the buffer goes back to the scratch for it.
            _ = scratch.bytes(of: &writer)
            return nil
        }
        if let memo, let run { memo.endAnswer(run) }
        writer.endArray()
        let end = writer.count
        writer.member("contentSize", contentSize)
        writer.moveBytes(writtenSince: end, to: afterKind)
        writer.endObject()
        return (.json(scratch.bytes(of: &writer), scratch: scratch), cells + supplementaries)
    }
}

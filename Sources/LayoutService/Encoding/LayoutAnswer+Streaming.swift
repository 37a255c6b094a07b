import HTTPCore
import JSON
import LayoutEngine

extension LayoutAnswer {
    /// Answers with at least this many elements and no `rect` are streamed: about 1 MiB of JSON and more.
    static let streamingElementThreshold = 8192

    /// `POST /layout/{kind}` without a `rect`, as ``encode(_:kind:request:memo:)`` writes it, but produced as the
    /// client takes it (issue 19.4) when the layout is large: the server holds one window of the answer per
    /// connection rather than all of it. The bytes are those of ``encode(_:kind:request:memo:)``.
    ///
    /// - Returns: The answer, streamed when the layout has ``streamingElementThreshold`` elements or more and the
    ///   whole layout is asked for; otherwise ``encode(_:kind:request:memo:)``'s.
    static func encodeStreaming(
        _ layout: PreparedLayout, kind: LayoutKind, request: LayoutRequest, memo: CellTextMemo.Ledger? = nil
    ) -> Answer {
        guard request.rect == nil, layout.elementCount >= Self.streamingElementThreshold else {
            return Self.encode(layout, kind: kind, request: request, memo: memo)
        }
        let contentOffset = request.input.contentOffset
        let orthogonalOffsets = request.orthogonalOffsets
        let stream = ResponseBodyStream {
            Producer(layout: layout, kind: kind, contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets)
        }
        let response = Response(status: 200, headers: ["Content-Type": "application/json"], bodyStream: stream)
        return (response, layout.elementCount)
    }

    /// Writes `{kind, contentSize, widowCount?, attributes: [...]}` a few hundred elements at a time.
    struct Producer: ResponseBodyProducer {
        let layout: PreparedLayout
        let kind: LayoutKind
        let contentOffset: Point
        let orthogonalOffsets: [Double]
        private var cursor = ElementCursor()
        private var hasStarted = false
        private var hasWrittenAnElement = false

        init(layout: PreparedLayout, kind: LayoutKind, contentOffset: Point, orthogonalOffsets: [Double]) {
            self.layout = layout
            self.kind = kind
            self.contentOffset = contentOffset
            self.orthogonalOffsets = orthogonalOffsets
        }

        mutating func produce(into output: inout [UInt8], atLeast count: Int) -> Bool {
            var writer = JSONWriter(capacity: count + JSONWriter.maximumElementLength * 256)
            let isContinuation = self.hasStarted
            if !self.hasStarted {
                self.hasStarted = true
                writer.beginObject()
                writer.key("kind")
                writer.value(self.kind.rawValue)
                writer.key("contentSize")
                writer.value(self.layout.contentSize)
                writer.widowCount(of: self.layout)
                writer.key("attributes")
            }
            // A fresh writer's array starts without a comma; the bracket is dropped below for a continuation.
            writer.beginArray()
            let target = writer.count + count - 1
            var wrote = false
            while writer.count <= target, !self.cursor.isFinished {
                let visited = self.layout.forEachAttribute(
                    from: &self.cursor, limit: 256, contentOffset: self.contentOffset,
                    orthogonalOffsets: self.orthogonalOffsets
                ) { writer.value($0) }
                if visited > 0 { wrote = true }
            }
            let isComplete = self.cursor.isFinished
            if isComplete {
                writer.endArray()
                writer.endObject()
            }
            let bytes = writer.bytes
            if isContinuation {
                if wrote, self.hasWrittenAnElement { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: bytes[1...])
            } else {
                output.append(contentsOf: bytes)
            }
            if wrote { self.hasWrittenAnElement = true }
            return isComplete
        }
    }
}

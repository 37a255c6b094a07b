import HTTPCore
import LayoutEngine

extension LayoutService {
    /// `POST /layout/{kind}`: prepares the layout the body describes and answers with its elements.
    ///
    /// - Returns: The answer and the number of elements it carries.
    /// - Throws: ``APIError`` for an unknown kind or too many items; ``JSONError`` and ``LayoutError`` for bad input.
    func layout(kind name: String, body: [UInt8]) throws -> (Response, elements: Int) {
        guard let kind = LayoutKind(rawValue: name) else {
            throw APIError.unknownKind(name, known: LayoutKind.allCases.map(\.rawValue))
        }
        let request = try LayoutRequest.decode(body, kind: kind, configuration: self.configuration)
        let prepared: PreparedLayout
        do {
            prepared = try prepareLayout(request.input, configuration: request.configuration, limits: self.layoutLimits)
        } catch {
            throw error.apiError(for: request)
        }
        // About 130 bytes per plain cell: room for all of them up front when the whole layout is asked for.
        var writer = JSONWriter(capacity: request.rect == nil ? prepared.elementCount * 140 : 16 * 1024)
        writer.beginObject()
        writer.key("kind")
        writer.value(kind.rawValue)
        writer.key("contentSize")
        writer.value(prepared.contentSize)
        let count = writer.attributes(of: prepared, in: request.rect, contentOffset: request.input.contentOffset)
        writer.endObject()
        return (.json(writer.bytes), count)
    }

    /// The engine's limits, from the service's configuration.
    var layoutLimits: LayoutLimits {
        var limits = LayoutLimits()
        limits.maximumItemCount = self.configuration.maxItems
        return limits
    }
}

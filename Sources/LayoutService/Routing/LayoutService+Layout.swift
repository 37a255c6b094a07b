import HTTPCore
import JSON
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
        let prepared = try self.prepare(request.input, configuration: request.configuration)
        // About 130 bytes per plain cell, 175 for a justified one (17-digit coordinates): room for all of them up
        // front when the whole layout is asked for, so the buffer never grows (unused room is never touched).
        let perElement = kind == .justified ? 190 : 140
        var writer = JSONWriter(capacity: request.rect == nil ? prepared.elementCount * perElement : 16 * 1024)
        writer.beginObject()
        writer.key("kind")
        writer.value(kind.rawValue)
        writer.key("contentSize")
        writer.value(prepared.contentSize)
        writer.widowCount(of: prepared)
        let count = writer.attributes(
            of: prepared,
            in: request.rect,
            contentOffset: request.input.contentOffset,
            orthogonalOffsets: request.orthogonalOffsets
        )
        writer.endObject()
        return (.json(writer.bytes), count)
    }

    /// Prepares a layout, turning the engine's errors into problems that point at the field at fault.
    ///
    /// - Parameters:
    ///   - input: What to lay out.
    ///   - configuration: The kind and its parameters.
    ///   - pointerPrefix: Put before pointers into `config`, e.g. `/to` for a transition's target.
    /// - Throws: ``APIError/invalidField(pointer:reason:)``, also when the content is too large for a double.
    func prepare(_ input: LayoutInput, configuration: LayoutConfiguration, pointerPrefix: String = "") throws(APIError)
        -> PreparedLayout
    {
        let layout = try self.mappingLayoutErrors(input, configuration: configuration, pointerPrefix: pointerPrefix) {
            () throws(LayoutError) in
            try prepareLayout(input, configuration: configuration, limits: self.layoutLimits)
        }
        try Self.checkFinite(layout)
        return layout
    }

    /// Prepares a layout to keep in a session, with the records that let invalidation and updates recompute only
    /// what changed; errors as ``prepare(_:configuration:pointerPrefix:)``.
    func makeLiveLayout(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        pointerPrefix: String = ""
    ) throws(APIError) -> LiveLayout {
        let live = try self.mappingLayoutErrors(input, configuration: configuration, pointerPrefix: pointerPrefix) {
            () throws(LayoutError) in
            try LiveLayout(input: input, configuration: configuration, limits: self.layoutLimits)
        }
        try Self.checkFinite(live.prepared)
        return live
    }

    /// Runs `body`, turning its ``LayoutError`` into the problem that points at the field at fault, with
    /// `pointerPrefix` before pointers into `config`.
    private func mappingLayoutErrors<Result>(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        pointerPrefix: String,
        _ body: () throws(LayoutError) -> Result
    ) throws(APIError) -> Result {
        do {
            return try body()
        } catch {
            let problem = error.apiError(for: LayoutRequest(input: input, configuration: configuration, rect: nil))
            if case .invalidField(let pointer, let reason) = problem, pointer.hasPrefix("/config") {
                throw .invalidField(pointer: pointerPrefix + pointer, reason: reason)
            }
            throw problem
        }
    }

    /// Refuses a layout whose content is too large for a double: its answer would carry `null`s.
    static func checkFinite(_ layout: PreparedLayout) throws(APIError) {
        guard layout.contentSize.width.isFinite, layout.contentSize.height.isFinite else {
            throw .invalidField(pointer: "/sections", reason: "The content would be larger than a number can hold.")
        }
    }

    /// The engine's limits, from the service's configuration.
    var layoutLimits: LayoutLimits {
        var limits = LayoutLimits()
        limits.maximumItemCount = self.configuration.maxItems
        return limits
    }
}

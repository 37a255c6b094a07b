import LayoutEngine

extension LayoutService {
    /// Prepares a layout.
    ///
    /// - Parameters:
    ///   - input: What to lay out.
    ///   - configuration: The kind and its parameters.
    ///   - pointerPrefix: Put before pointers into `config` in a problem, e.g. `/to` for a transition's target.
    ///   - viewportIndex: The entry of a request's `viewports` that `input.viewport` is, for problems to name.
    ///   - streamed: A section laid out while the request was read. Defaults to `nil`.
    /// - Throws: ``EngineFailure`` for what the engine refuses; ``APIError/invalidField(pointer:reason:)`` when the
    ///   content is too large for a double.
    func prepare(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        pointerPrefix: String = "",
        viewportIndex: Int? = nil,
        streamed: WaterfallSectionStream? = nil
    ) throws -> PreparedLayout {
        let layout: PreparedLayout
        do {
            layout = try prepareLayout(
                input, configuration: configuration, limits: self.layoutLimits, streamed: streamed)
        } catch {
            throw EngineFailure(
                .layout(error),
                input: input,
                configuration: configuration,
                pointerPrefix: pointerPrefix,
                viewportIndex: viewportIndex
            )
        }
        try Self.checkFinite(layout, input: input)
        return layout
    }

    /// Prepares a layout to keep in a session, with the records that let invalidation and updates recompute only
    /// what changed; errors as ``prepare(_:configuration:pointerPrefix:)``.
    func makeLiveLayout(_ input: LayoutInput, configuration: LayoutConfiguration, pointerPrefix: String = "") throws
        -> LiveLayout
    {
        let live: LiveLayout
        do {
            live = try LiveLayout(input: input, configuration: configuration, limits: self.layoutLimits)
        } catch {
            throw EngineFailure(
                .layout(error),
                input: input,
                configuration: configuration,
                pointerPrefix: pointerPrefix
            )
        }
        try Self.checkFinite(live.prepared, input: input)
        return live
    }

    /// Refuses a layout whose content is too large for a double (its answer would carry `null`s), or passes the
    /// ±1e9 points coordinates may take (``checkCoordinateRange(_:input:)``).
    static func checkFinite(_ layout: PreparedLayout, input: LayoutInput? = nil) throws(APIError) {
        guard layout.contentSize.width.isFinite, layout.contentSize.height.isFinite else {
            throw .invalidField(pointer: "/sections", reason: "The content would be larger than a number can hold.")
        }
        try Self.checkCoordinateRange(layout, input: input)
    }

    /// The engine's limits, from the service's configuration.
    var layoutLimits: LayoutLimits {
        var limits = LayoutLimits()
        limits.maximumItemCount = self.configuration.maxItems
        return limits
    }
}

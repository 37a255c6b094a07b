/// Bounds that keep any input from exhausting memory: the engine refuses what exceeds them instead of trapping.
public struct LayoutLimits: Hashable, Sendable {
    /// The most items, over all sections, one layout may hold. Defaults to 50,000,000.
    public var maximumItemCount: Int = 50_000_000
    /// The most columns a waterfall section may have. Defaults to 1,024.
    public var maximumColumnCount: Int = 1024

    /// Creates the default limits.
    public init() {}
}

/// A layout kind with its configuration: the one value the service needs to prepare any layout.
public enum LayoutConfiguration: Hashable, Sendable {
    /// A flow layout.
    case flow(FlowLayout.Configuration)
    /// A waterfall layout.
    case waterfall(WaterfallLayout.Configuration)
    /// A line (carousel) layout.
    case line(LineLayout.Configuration)
    /// A stack layout.
    case stack(StackLayout.Configuration)
    /// A circle layout.
    case circle(CircleLayout.Configuration)
    /// A card cover layout.
    case cover(CoverLayout.Configuration)
    /// A rotary (3-D carousel) layout.
    case rotary(RotaryLayout.Configuration)
    /// A page cover layout.
    case pagecover(PageCoverLayout.Configuration)
    /// A justified (photo rows) layout.
    case justified(JustifiedLayout.Configuration)
    /// A compositional layout.
    case compositional(CompositionalLayout.Configuration)

    /// The kind this configuration prepares.
    public var kind: LayoutKind {
        switch self {
        case .flow: return .flow
        case .waterfall: return .waterfall
        case .line: return .line
        case .stack: return .stack
        case .circle: return .circle
        case .cover: return .cover
        case .rotary: return .rotary
        case .pagecover: return .pagecover
        case .justified: return .justified
        case .compositional: return .compositional
        }
    }

    /// The seeds' configuration for `kind`: what a request without `config` gets.
    ///
    /// - Parameter kind: The layout kind.
    /// - Returns: The kind with every parameter at its default.
    public static func defaults(for kind: LayoutKind) -> LayoutConfiguration {
        switch kind {
        case .flow: return .flow(.init())
        case .waterfall: return .waterfall(.init())
        case .line: return .line(.init())
        case .stack: return .stack(.init())
        case .circle: return .circle(.init())
        case .cover: return .cover(.init())
        case .rotary: return .rotary(.init())
        case .pagecover: return .pagecover(.init())
        case .justified: return .justified(.init())
        case .compositional: return .compositional(.init())
        }
    }
}

/// Prepares a layout: computes every element once and indexes it, so that queries never recompute the layout.
///
/// This is `prepareLayout` of `UICollectionViewLayout`. The result is an immutable value, safe to share between
/// threads and cheap to query.
///
/// - Parameters:
///   - input: The viewport, offset, direction and sections.
///   - configuration: The kind and its parameters.
///   - limits: Bounds on the input's size. Defaults to ``LayoutLimits/init()``.
/// - Returns: The prepared layout.
/// - Throws: ``LayoutError`` naming the section and item of the first bad value found.
/// - Complexity: O(n) for `flow`, `waterfall`, `line`, `stack`, `cover`, `rotary` and `pagecover`; O(n·c) for a
///   waterfall of c columns (c is small); O(n log n) for `circle`, whose index sorts its items.
public func prepareLayout(
    _ input: LayoutInput,
    configuration: LayoutConfiguration,
    limits: LayoutLimits = LayoutLimits()
) throws(LayoutError) -> PreparedLayout {
    let itemCount = try input.validate(limits: limits)
    switch configuration {
    case .flow(let flow): return try FlowLayout.prepare(input, configuration: flow, itemCount: itemCount)
    case .waterfall(let waterfall):
        return try WaterfallLayout.prepare(input, configuration: waterfall, itemCount: itemCount, limits: limits)
    case .line(let line): return try LineLayout.prepare(input, configuration: line, itemCount: itemCount)
    case .stack(let stack): return try StackLayout.prepare(input, configuration: stack, itemCount: itemCount)
    case .circle(let circle): return try CircleLayout.prepare(input, configuration: circle, itemCount: itemCount)
    case .cover(let cover): return try CoverLayout.prepare(input, configuration: cover)
    case .rotary(let rotary): return try RotaryLayout.prepare(input, configuration: rotary)
    case .pagecover(let pagecover): return try PageCoverLayout.prepare(input, configuration: pagecover)
    case .justified(let justified): return try JustifiedLayout.prepare(input, configuration: justified)
    case .compositional(let compositional):
        return try CompositionalLayout.prepare(input, configuration: compositional, itemCount: itemCount)
    }
}

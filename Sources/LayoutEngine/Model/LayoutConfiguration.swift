/// A layout kind with its configuration: the one value the service needs to prepare any layout.
///
/// `indirect`: each case's configuration lives in a box, so the value is one reference. Inline, it was 459 bytes
/// and address-only (``AnyKindConfiguration`` holds an existential), and every `switch` or `if case` over it, with
/// or without bindings, copied all of it first (about 110 instructions and a retain per reference), five times per
/// laid-out request; a copy is now a retain and a match reads the tag (issue 21). A configuration made from a
/// request's `config` costs one allocation for its box; the defaults (``defaults(for:)``) are shared.
public indirect enum LayoutConfiguration: Hashable, Sendable {
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
    /// A kind defined outside the engine's registry, with its configuration.
    case custom(AnyKindConfiguration)

    /// The type of the kind this configuration prepares: the registry's one switch over the cases.
    var kindType: any LayoutKindProtocol.Type {
        switch self {
        case .flow: FlowLayout.self
        case .waterfall: WaterfallLayout.self
        case .line: LineLayout.self
        case .stack: StackLayout.self
        case .circle: CircleLayout.self
        case .cover: CoverLayout.self
        case .rotary: RotaryLayout.self
        case .pagecover: PageCoverLayout.self
        case .justified: JustifiedLayout.self
        case .compositional: CompositionalLayout.self
        case .custom(let custom): custom.kindType
        }
    }

    /// The kind this configuration prepares.
    public var kind: LayoutKind { self.kindType.kind }

    /// The seeds' configuration for `kind`: what a request without `config` gets.
    ///
    /// - Parameter kind: A built-in layout kind (see ``LayoutKind/allCases``).
    /// - Returns: The kind with every parameter at its default.
    public static func defaults(for kind: LayoutKind) -> LayoutConfiguration {
        // Every request without `config` starts from these: made once, found by name, rather than each made anew
        // through the kind's type (issue 21).
        guard let index = Self.builtInKinds.firstIndex(of: kind) else {
            preconditionFailure("\(kind.rawValue) is not a built-in kind")
        }
        return Self.builtInDefaults[index]
    }

    /// The built-in kinds, in the registry's order (``builtInDefaults``' index).
    private static let builtInKinds = LayoutKind.registry.map { $0.kind }
    /// Each built-in kind's ``defaults(for:)``, in the registry's order.
    private static let builtInDefaults = LayoutKind.registry.map { $0.defaultLayoutConfiguration }
}

/// The configuration of a kind defined outside the engine's registry, with the kind's type.
public struct AnyKindConfiguration: Hashable, Sendable {
    /// The kind's type.
    let kindType: any LayoutKindProtocol.Type
    /// The kind's configuration, of type `kindType.Configuration`.
    let value: any Hashable & Sendable

    /// Wraps `configuration` of kind `kind`.
    init<Kind: LayoutKindProtocol>(_ kind: Kind.Type, _ configuration: Kind.Configuration) {
        self.kindType = kind
        self.value = configuration
    }

    public static func == (lhs: AnyKindConfiguration, rhs: AnyKindConfiguration) -> Bool {
        ObjectIdentifier(lhs.kindType) == ObjectIdentifier(rhs.kindType)
            && AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self.kindType))
        hasher.combine(AnyHashable(self.value))
    }
}

extension LayoutKindProtocol {
    /// ``defaultConfiguration`` as a ``LayoutConfiguration``.
    static var defaultLayoutConfiguration: LayoutConfiguration { Self.wrap(Self.defaultConfiguration) }
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
    try configuration.kindType.prepareLayout(input, configuration: configuration, limits: limits)
}

/// The name of a layout kind: one of the engine's kinds (``registry``), or a kind defined outside it.
///
/// The built-in kinds are the static members (``flow``, ``waterfall``, …); ``allCases`` lists them in the
/// registry's order and ``init(rawValue:)`` finds only them, so that a name a client sends is either a built-in kind
/// or unknown.
public struct LayoutKind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The kind's name, as requests spell it (`"flow"`).
    public let rawValue: String

    /// The built-in kind named `rawValue`, or `nil` when no built-in kind has that name.
    ///
    /// - Parameter rawValue: The kind's name.
    public init?(rawValue: String) {
        // From the names made once, rather than each asked of its kind's type through the registry's existentials.
        guard let kind = Self.builtIn.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// The built-in kind whose name is `name`'s bytes, or `nil` when no built-in kind has that name.
    ///
    /// For a name read from bytes (a request's path): its ``rawValue`` is the kind's own string, so no string is
    /// made from the bytes.
    ///
    /// - Parameter name: The kind's name, as UTF-8.
    /// - Complexity: O(built-in kinds + name length).
    public init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        for kind in Self.builtIn where kind.rawValue.utf8.count == name.count {
            // Compared as buffers, index by index: through the string's UTF-8 view (or `elementsEqual`'s
            // iterators) a name cost more than a string made from the bytes.
            let matches = kind.rawValue.utf8.withContiguousStorageIfAvailable { own in
                var index = 0
                while index < own.count, own[index] == name[index] { index &+= 1 }
                return index == own.count
            }
            if matches == true {
                self = kind
                return
            }
        }
        return nil
    }

    /// A kind named `name`, built-in or not: for kinds defined outside the engine's registry.
    ///
    /// - Parameter name: The kind's name.
    init(named name: String) {
        self.rawValue = name
    }

    /// The built-in kinds, in the registry's order.
    public static var allCases: [LayoutKind] { Self.builtIn }

    /// The built-in kinds, in the registry's order: ``allCases``, made once.
    private static let builtIn = Self.registry.map { $0.kind }

    public var description: String { self.rawValue }

    /// `UICollectionViewFlowLayout`: lines of items, sections, headers and footers. See ``FlowLayout``.
    public static let flow = LayoutKind(named: "flow")
    /// `HMWaterfallLayout`: items in the shortest of several columns. See ``WaterfallLayout``.
    public static let waterfall = LayoutKind(named: "waterfall")
    /// `HMLineLayout`: a horizontal strip whose items grow near the viewport's centre. See ``LineLayout``.
    public static let line = LayoutKind(named: "line")
    /// `HMStackLayout`: a rotated pile of cards at the viewport's centre. See ``StackLayout``.
    public static let stack = LayoutKind(named: "stack")
    /// `HMCircleLayout`: items evenly on a circle. See ``CircleLayout``.
    public static let circle = LayoutKind(named: "circle")
    /// Seed 004's card cover: cards pinned at the top, covered by the next. See ``CoverLayout``.
    public static let cover = LayoutKind(named: "cover")
    /// Seed 004's card rotation: a strip of cards turning in 3-D. See ``RotaryLayout``.
    public static let rotary = LayoutKind(named: "rotary")
    /// Seed 004's reader page turn: the next page waits beneath the turning one. See ``PageCoverLayout``.
    public static let pagecover = LayoutKind(named: "pagecover")
    /// flickr/justified-layout: rows of photos filling the width at a target height. See ``JustifiedLayout``.
    public static let justified = LayoutKind(named: "justified")
    /// `UICollectionViewCompositionalLayout`: items in groups, groups repeated in sections. See
    /// ``CompositionalLayout``.
    public static let compositional = LayoutKind(named: "compositional")

    /// The table of built-in kinds: registering a kind is adding its type here (and its case to
    /// ``LayoutConfiguration``). Made once: a request looks its kind up here and must not build the table anew.
    static let registry: [any LayoutKindProtocol.Type] = [
        FlowLayout.self, WaterfallLayout.self, LineLayout.self, StackLayout.self, CircleLayout.self,
        CoverLayout.self, RotaryLayout.self, PageCoverLayout.self, JustifiedLayout.self, CompositionalLayout.self,
    ]
}

/// One section of a layout's input: its items, its optional header and footer, and its overrides.
public struct SectionInput: Hashable, Sendable {
    /// How a section gives its items.
    public enum Items: Hashable, Sendable {
        /// This many items of the kind's default size (for `waterfall`: squares).
        case count(Int)
        /// One size per item. What a size means is the kind's: the item's size for `flow`, `line`, `stack` and
        /// `circle`; its aspect ratio (height / width) for `waterfall`.
        case sizes([Size])
    }

    /// The section's items.
    public var items: Items
    /// The header's size, winning over the configuration's (`referenceSizeForHeaderInSection:`); `nil` uses it.
    /// For `compositional`, the size the client measured for the section's header: its positive lengths replace the
    /// boundary supplementary's estimated dimensions (other dimensions, and `nil` or zero lengths, keep the
    /// description's).
    public var header: Size?
    /// The footer's size, winning over the configuration's (`referenceSizeForFooterInSection:`); `nil` uses it.
    /// For `compositional`, the size the client measured for the section's footer, as ``header``.
    public var footer: Size?
    /// `compositional`: the size the client measured for the item beside the section at the start of the cross axis
    /// (``ElementKind/leadingSupplementary`` or ``ElementKind/topSupplementary``), as ``header``. Defaults to `nil`.
    public var sideStart: Size?
    /// `compositional`: the size the client measured for the item beside the section at the end of the cross axis
    /// (``ElementKind/trailingSupplementary`` or ``ElementKind/bottomSupplementary``), as ``header``. Defaults to
    /// `nil`.
    public var sideEnd: Size?
    /// `compositional`: the sizes the client measured for supplementaries anchored to the section's cells and group
    /// repetitions (badges), in item order, then kind (see ``AnchoredSize``). Defaults to none.
    public var anchoredSizes: [AnchoredSize] = []
    /// Per-section parameters that win over the layout's configuration, as a
    /// `UICollectionViewDelegateFlowLayout` method wins over the layout's property.
    public var overrides: SectionOverrides

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - items: The items, as a count or a list of sizes.
    ///   - header: The header's size, or `nil` for the configuration's.
    ///   - footer: The footer's size, or `nil` for the configuration's.
    ///   - overrides: Parameters that win over the configuration for this section.
    public init(items: Items, header: Size? = nil, footer: Size? = nil, overrides: SectionOverrides = .init()) {
        self.items = items
        self.header = header
        self.footer = footer
        self.overrides = overrides
    }

    /// Creates a section of `count` items of the kind's default size.
    ///
    /// - Parameter count: The number of items.
    public init(count: Int) {
        self.init(items: .count(count))
    }

    /// The number of items (possibly negative if the input is invalid; preparing refuses that).
    public var itemCount: Int {
        switch self.items {
        case .count(let count): return count
        case .sizes(let sizes): return sizes.count
        }
    }
}

/// Per-section parameters; each non-`nil` value wins over the layout's configuration for its section.
///
/// One type serves every kind so that a section's `config` reads the same way whatever the kind; a kind ignores
/// the parameters it does not have (listed on each property).
public struct SectionOverrides: Hashable, Sendable {
    /// The default item size (`flow`, `line`, `stack`, `circle`).
    public var itemSize: Size?
    /// The section's insets (`flow`, `waterfall`).
    public var sectionInset: EdgeInsets?
    /// The spacing between lines (`flow`) or between items (`line`).
    public var minimumLineSpacing: Double?
    /// The spacing between items of a line (`flow`).
    public var minimumInteritemSpacing: Double?
    /// The header size used when the section gives none (`flow`).
    public var headerReferenceSize: Size?
    /// The footer size used when the section gives none (`flow`).
    public var footerReferenceSize: Size?
    /// How a line's items spread along it (`flow`).
    public var horizontalAlignment: FlowLayout.HorizontalAlignment?
    /// How items sit across their line (`flow`).
    public var verticalAlignment: FlowLayout.VerticalAlignment?
    /// The number of columns (`waterfall`).
    public var columnCount: Int?
    /// The least column width, the columns being as many as fit (`waterfall`).
    public var minColumnWidth: Double?
    /// The most columns (`waterfall`).
    public var maxColumnCount: Int?
    /// The widest column (`waterfall`).
    public var maxColumnWidth: Double?
    /// The spacing between columns (`waterfall`).
    public var columnSpacing: Double?
    /// The spacing between items of a column (`waterfall`).
    public var rowSpacing: Double?
    /// Which column each item goes to (`waterfall`).
    public var itemRenderDirection: WaterfallLayout.ItemRenderDirection?
    /// The header height used when the section gives none (`waterfall`).
    public var headerHeight: Double?
    /// The footer height used when the section gives none (`waterfall`).
    public var footerHeight: Double?
    /// The space around the header (`waterfall`).
    public var headerInset: EdgeInsets?
    /// The space around the footer (`waterfall`).
    public var footerInset: EdgeInsets?

    /// The section's description (`compositional`), instead of the configuration's
    /// ``CompositionalLayout/Configuration/section``.
    public var compositionalSection: CompositionalLayout.Section?

    /// Creates overrides that override nothing.
    public init() {}
}

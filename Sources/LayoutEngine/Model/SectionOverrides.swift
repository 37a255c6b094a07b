/// Per-section parameters; each non-`nil` value wins over the layout's configuration for its section.
///
/// One type serves every kind so that a section's `config` reads the same way whatever the kind; a kind ignores
/// the parameters it does not have (listed on each property).
///
/// The parameters are kept behind one reference, copied on write, and none at all while every one is `nil` (the
/// common case): a ``SectionInput`` holding them inline was about 890 bytes, copied whole wherever a section's input
/// was passed or stored (issue 21: about 0.5K instructions of `memcpy` per 20-item flow request).
public struct SectionOverrides: Hashable, Sendable {
    /// The parameters themselves, inline: what the box holds.
    struct Values: Hashable, Sendable {
        /// The default item size (`flow`, `line`, `stack`, `circle`).
        var itemSize: Size?
        /// The section's insets (`flow`, `waterfall`).
        var sectionInset: EdgeInsets?
        /// The spacing between lines (`flow`) or between items (`line`).
        var minimumLineSpacing: Double?
        /// The spacing between items of a line (`flow`).
        var minimumInteritemSpacing: Double?
        /// The header size used when the section gives none (`flow`).
        var headerReferenceSize: Size?
        /// The footer size used when the section gives none (`flow`).
        var footerReferenceSize: Size?
        /// How a line's items spread along it (`flow`).
        var horizontalAlignment: FlowLayout.HorizontalAlignment?
        /// How items sit across their line (`flow`).
        var verticalAlignment: FlowLayout.VerticalAlignment?
        /// The number of columns (`waterfall`).
        var columnCount: Int?
        /// The least column width, the columns being as many as fit (`waterfall`).
        var minColumnWidth: Double?
        /// The most columns (`waterfall`).
        var maxColumnCount: Int?
        /// The widest column (`waterfall`).
        var maxColumnWidth: Double?
        /// The spacing between columns (`waterfall`).
        var columnSpacing: Double?
        /// The spacing between items of a column (`waterfall`).
        var rowSpacing: Double?
        /// Which column each item goes to (`waterfall`).
        var itemRenderDirection: WaterfallLayout.ItemRenderDirection?
        /// The header height used when the section gives none (`waterfall`).
        var headerHeight: Double?
        /// The footer height used when the section gives none (`waterfall`).
        var footerHeight: Double?
        /// The space around the header (`waterfall`).
        var headerInset: EdgeInsets?
        /// The space around the footer (`waterfall`).
        var footerInset: EdgeInsets?
        /// The section's description (`compositional`), instead of the configuration's
        /// ``CompositionalLayout/Configuration/section``.
        var compositionalSection: CompositionalLayout.Section?
    }

    /// The box of the parameters, shared between copies until one of them is changed.
    private final class Storage: @unchecked Sendable {
        // Mutated only through a uniquely referenced box (``SectionOverrides/modify(_:)``), hence `@unchecked`.
        var values: Values

        init(_ values: Values) { self.values = values }
    }

    /// The parameters, or `nil` while every one is `nil`.
    private var storage: Storage?

    /// Creates overrides that override nothing.
    public init() {}

    /// The parameters, read inline.
    ///
    /// - Complexity: O(1).
    var values: Values { self.storage?.values ?? Values() }

    /// Changes the parameters in a box of this value's own (copied first when shared, made when there is none).
    ///
    /// - Complexity: O(1).
    private mutating func modify(_ body: (inout Values) -> Void) {
        if self.storage != nil, isKnownUniquelyReferenced(&self.storage) {
            body(&self.storage.unsafelyUnwrapped.values)
        } else {
            var values = self.values
            body(&values)
            self.storage = Storage(values)
        }
    }

    /// The default item size (`flow`, `line`, `stack`, `circle`).
    public var itemSize: Size? {
        get { self.storage?.values.itemSize }
        set { self.modify { $0.itemSize = newValue } }
    }
    /// The section's insets (`flow`, `waterfall`).
    public var sectionInset: EdgeInsets? {
        get { self.storage?.values.sectionInset }
        set { self.modify { $0.sectionInset = newValue } }
    }
    /// The spacing between lines (`flow`) or between items (`line`).
    public var minimumLineSpacing: Double? {
        get { self.storage?.values.minimumLineSpacing }
        set { self.modify { $0.minimumLineSpacing = newValue } }
    }
    /// The spacing between items of a line (`flow`).
    public var minimumInteritemSpacing: Double? {
        get { self.storage?.values.minimumInteritemSpacing }
        set { self.modify { $0.minimumInteritemSpacing = newValue } }
    }
    /// The header size used when the section gives none (`flow`).
    public var headerReferenceSize: Size? {
        get { self.storage?.values.headerReferenceSize }
        set { self.modify { $0.headerReferenceSize = newValue } }
    }
    /// The footer size used when the section gives none (`flow`).
    public var footerReferenceSize: Size? {
        get { self.storage?.values.footerReferenceSize }
        set { self.modify { $0.footerReferenceSize = newValue } }
    }
    /// How a line's items spread along it (`flow`).
    public var horizontalAlignment: FlowLayout.HorizontalAlignment? {
        get { self.storage?.values.horizontalAlignment }
        set { self.modify { $0.horizontalAlignment = newValue } }
    }
    /// How items sit across their line (`flow`).
    public var verticalAlignment: FlowLayout.VerticalAlignment? {
        get { self.storage?.values.verticalAlignment }
        set { self.modify { $0.verticalAlignment = newValue } }
    }
    /// The number of columns (`waterfall`).
    public var columnCount: Int? {
        get { self.storage?.values.columnCount }
        set { self.modify { $0.columnCount = newValue } }
    }
    /// The least column width, the columns being as many as fit (`waterfall`).
    public var minColumnWidth: Double? {
        get { self.storage?.values.minColumnWidth }
        set { self.modify { $0.minColumnWidth = newValue } }
    }
    /// The most columns (`waterfall`).
    public var maxColumnCount: Int? {
        get { self.storage?.values.maxColumnCount }
        set { self.modify { $0.maxColumnCount = newValue } }
    }
    /// The widest column (`waterfall`).
    public var maxColumnWidth: Double? {
        get { self.storage?.values.maxColumnWidth }
        set { self.modify { $0.maxColumnWidth = newValue } }
    }
    /// The spacing between columns (`waterfall`).
    public var columnSpacing: Double? {
        get { self.storage?.values.columnSpacing }
        set { self.modify { $0.columnSpacing = newValue } }
    }
    /// The spacing between items of a column (`waterfall`).
    public var rowSpacing: Double? {
        get { self.storage?.values.rowSpacing }
        set { self.modify { $0.rowSpacing = newValue } }
    }
    /// Which column each item goes to (`waterfall`).
    public var itemRenderDirection: WaterfallLayout.ItemRenderDirection? {
        get { self.storage?.values.itemRenderDirection }
        set { self.modify { $0.itemRenderDirection = newValue } }
    }
    /// The header height used when the section gives none (`waterfall`).
    public var headerHeight: Double? {
        get { self.storage?.values.headerHeight }
        set { self.modify { $0.headerHeight = newValue } }
    }
    /// The footer height used when the section gives none (`waterfall`).
    public var footerHeight: Double? {
        get { self.storage?.values.footerHeight }
        set { self.modify { $0.footerHeight = newValue } }
    }
    /// The space around the header (`waterfall`).
    public var headerInset: EdgeInsets? {
        get { self.storage?.values.headerInset }
        set { self.modify { $0.headerInset = newValue } }
    }
    /// The space around the footer (`waterfall`).
    public var footerInset: EdgeInsets? {
        get { self.storage?.values.footerInset }
        set { self.modify { $0.footerInset = newValue } }
    }
    /// The section's description (`compositional`), instead of the configuration's
    /// ``CompositionalLayout/Configuration/section``.
    public var compositionalSection: CompositionalLayout.Section? {
        get { self.storage?.values.compositionalSection }
        set { self.modify { $0.compositionalSection = newValue } }
    }

    public static func == (lhs: SectionOverrides, rhs: SectionOverrides) -> Bool {
        lhs.storage === rhs.storage || lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.values)
    }
}

extension SectionOverrides: CustomReflectable {
    /// The parameters' own fields, as if they were stored inline: what a reader of the stored properties (the
    /// session codec's coverage guard) lists.
    public var customMirror: Mirror { Mirror(reflecting: self.values) }
}

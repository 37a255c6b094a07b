/// Per-section parameters; each non-`nil` value wins over the layout's configuration for its section.
///
/// One type serves every kind so that a section's `config` reads the same way whatever the kind; a kind ignores
/// the parameters it does not have (listed on each property).
///
/// The parameters are kept behind one reference, copied on write, and none at all while every one is `nil` (the
/// common case): a ``SectionInput`` holding them inline was about 890 bytes, copied whole wherever a section's input
/// was passed or stored (issue 21: about 0.5K instructions of `memcpy` per 20-item flow request).
@dynamicMemberLookup
public struct SectionOverrides: Hashable, Sendable {
    /// The parameters themselves, inline: what the box holds, and what `overrides.itemSize` and the like read and
    /// write (through ``subscript(dynamicMember:)``).
    public struct Parameters: Hashable, Sendable {
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

        /// Parameters that override nothing.
        public init() {}
    }

    /// The box of the parameters, shared between copies until one of them is changed.
    private final class Storage: @unchecked Sendable {
        // Mutated only through a uniquely referenced box (``SectionOverrides/subscript(dynamicMember:)``), hence
        // `@unchecked`.
        var values: Parameters

        init(_ values: Parameters) { self.values = values }
    }

    /// The parameters, or `nil` while every one is `nil`.
    private var storage: Storage?

    /// Creates overrides that override nothing.
    public init() {}

    /// The parameters, read inline.
    ///
    /// - Complexity: O(1).
    var values: Parameters { self.storage?.values ?? Parameters() }

    /// One parameter (`overrides.itemSize`): read in the box (`nil` without one), written in a box of this value's
    /// own (copied first when shared, made when there is none); `nil` written without a box makes none (the session
    /// codec writes every parameter, `nil` or not).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public subscript<Value>(dynamicMember parameter: WritableKeyPath<Parameters, Value?>) -> Value? {
        get { self.storage?.values[keyPath: parameter] }
        set {
            if self.storage == nil, newValue == nil { return }
            if self.storage != nil, isKnownUniquelyReferenced(&self.storage) {
                self.storage.unsafelyUnwrapped.values[keyPath: parameter] = newValue
            } else {
                var values = self.values
                values[keyPath: parameter] = newValue
                self.storage = Storage(values)
            }
        }
    }

    /// The bytes the parameters' box holds on the heap (its header and the parameters inline), `0` without one: a
    /// section's input no longer holds them inline, so its stride no longer counts them. A box shared by copies is
    /// counted by each.
    ///
    /// - Complexity: O(1).
    public var heapBytes: Int {
        self.storage == nil ? 0 : 16 + MemoryLayout<Parameters>.stride
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

extension CompositionalLayout {
    /// A list section's parameters (UIKit's `UICollectionLayoutListConfiguration`), turned into an ordinary
    /// ``Section`` by ``Section/list(_:)`` as `NSCollectionLayoutSection.list(using:layoutEnvironment:)` does.
    ///
    /// A list's rows are full-width items of estimated height, one per repetition of the section's group, so they
    /// are measured, inserted, deleted, moved and animated like any other estimated item. Its header and footer are
    /// the section's ``ElementKind/header`` and ``ElementKind/footer`` boundary supplementaries of estimated height.
    /// Across the scroll axis the section follows the request's layout environment through its
    /// ``Section/contentInsetsReference``: ``Appearance/insetGrouped`` and ``Appearance/sidebar`` inset the rows by
    /// the layout margins (inside the safe area), the others span the collection view's full width. A list is
    /// vertical: a list section in a horizontally scrolling layout is refused. Every metric is documented with its
    /// source in `docs/compositional.md`.
    public struct ListConfiguration: Hashable, Sendable {
        /// The list's look (`UICollectionLayoutListConfiguration.Appearance`).
        public enum Appearance: String, Hashable, Sendable, CaseIterable {
            /// Full-width rows, no spacing between sections.
            case plain
            /// Full-width rows; a section without a supplementary header starts after ``groupedSectionSpacing``.
            case grouped
            /// Rows inset by the layout margins; spacing as ``grouped``.
            case insetGrouped
            /// Rows inset by the layout margins, no spacing between sections.
            case sidebar
            /// Full-width rows, no spacing between sections.
            case sidebarPlain
        }

        /// How a section shows its header (`UICollectionLayoutListConfiguration.HeaderMode`).
        public enum HeaderMode: String, Hashable, Sendable, CaseIterable {
            /// No header.
            case none
            /// A ``ElementKind/header`` supplementary view before the rows.
            case supplementary
            /// The first item is styled as the header: in the layout it is an ordinary row.
            case firstItemInSection
        }

        /// How a section shows its footer (`UICollectionLayoutListConfiguration.FooterMode`).
        public enum FooterMode: String, Hashable, Sendable, CaseIterable {
            /// No footer.
            case none
            /// A ``ElementKind/footer`` supplementary view after the rows.
            case supplementary
        }

        /// The row height UIKit's lists estimate, and Apple's minimum tappable size: 44 points.
        public static let defaultRowHeight: Double = 44
        /// The estimated height of a supplementary header or footer: 44 points, Apple's own example size for
        /// compositional headers and footers (`UICollectionViewCompositionalLayoutConfiguration`'s documentation).
        public static let supplementaryHeight: Double = 44
        /// The room above a grouped or inset-grouped section that has no supplementary header: 35 points (this
        /// project's choice; see `docs/compositional.md`).
        public static let groupedSectionSpacing: Double = 35

        /// The list's look. Defaults to ``Appearance/plain``.
        public var appearance: Appearance
        /// The header. Defaults to ``HeaderMode/none``.
        public var headerMode = HeaderMode.none
        /// The footer. Defaults to ``FooterMode/none``.
        public var footerMode = FooterMode.none
        /// The rows' estimated height, replaced by what the client measures. Defaults to ``defaultRowHeight``.
        public var estimatedRowHeight = Self.defaultRowHeight
        /// The room above each supplementary header (`headerTopPadding`); `nil` is UIKit's automatic padding, which
        /// Apple gives no number for and which is 0 here. Defaults to `nil`.
        public var headerTopPadding: Double?
        /// Whether UIKit draws separators between rows. They are drawn inside the cells, so this changes no frame;
        /// kept so that a description says what the client asked. Defaults to `true`.
        public var showsSeparators = true

        /// Creates a list configuration.
        ///
        /// - Parameter appearance: The list's look.
        public init(appearance: Appearance = .plain) {
            self.appearance = appearance
        }

        /// Whether the rows follow the layout margins (the inset styles) rather than spanning the full width.
        var followsLayoutMargins: Bool { self.appearance == .insetGrouped || self.appearance == .sidebar }

        /// The padding above a supplementary header: ``headerTopPadding``, or 0.
        var headerPadding: Double { self.headerMode == .supplementary ? self.headerTopPadding ?? 0 : 0 }

        /// The section's content insets: room above a grouped section with no supplementary header; in a section
        /// with one, of any appearance, the header's top padding (the header moves down by it, the rows after it).
        var contentInsets: DirectionalInsets {
            let isGrouped = self.appearance == .grouped || self.appearance == .insetGrouped
            let top = isGrouped && self.headerMode != .supplementary ? Self.groupedSectionSpacing : self.headerPadding
            return DirectionalInsets(top: top)
        }

        /// Whether every number is usable: a finite, non-negative row height and header padding.
        var isValid: Bool {
            self.estimatedRowHeight >= 0 && self.estimatedRowHeight < .infinity
                && self.headerTopPadding.map { $0 >= 0 && $0 < .infinity } ?? true
        }
    }
}

extension CompositionalLayout.Section {
    /// A list section (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`): full-width rows of estimated
    /// height, the configuration's insets, header and footer; ``list`` remembers the configuration.
    ///
    /// - Parameter configuration: The list's parameters.
    /// - Returns: An ordinary section; its members may then be changed as UIKit lets a returned section be.
    public static func list(_ configuration: CompositionalLayout.ListConfiguration) -> Self {
        typealias C = CompositionalLayout
        let rowSize = C.LayoutSize(width: .fractionalWidth(1), height: .estimated(configuration.estimatedRowHeight))
        var section = Self(group: C.Group(layout: .horizontal, size: rowSize, subitems: [.item(C.Item(size: rowSize))]))
        section.list = configuration
        section.contentInsets = configuration.contentInsets
        section.contentInsetsReference = configuration.followsLayoutMargins ? .layoutMargins : .none
        let height = C.LayoutSize(
            width: .fractionalWidth(1),
            height: .estimated(C.ListConfiguration.supplementaryHeight)
        )
        if configuration.headerMode == .supplementary {
            // The header keeps its room at the section's top and moves down by its padding, which the content
            // insets then add before the rows: the header sits `padding` below the section's start, the rows after it.
            var header = C.BoundarySupplementaryItem(alignment: .top, size: height)
            header.absoluteOffset = Point(x: 0, y: configuration.headerPadding)
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(C.BoundarySupplementaryItem(alignment: .bottom, size: height))
        }
        return section
    }
}

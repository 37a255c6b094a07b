/// What `compositional` computes at query time, per section: pinned supplementaries, zIndexes, and the scrolling of
/// orthogonal sections.
struct CompositionalEffects: Hashable, Sendable {
    /// An orthogonally scrolling section's groups, for query-time scrolling and snapping.
    ///
    /// Lengths run along the section's own scroll axis, across the layout's: x in a vertically scrolling layout
    /// (so "widths"), y in a horizontally scrolling one (where they are heights and "leading" is the top).
    struct Orthogonal: Hashable, Sendable {
        /// How the section comes to rest.
        var behavior: CompositionalLayout.OrthogonalScrollingBehavior
        /// The leading edge of each repetition of the group, relative to the section (left-to-right space).
        var groupStarts: [Double]
        /// The length of each repetition of the group along the section's axis, in order.
        var groupWidths: [Double]
        /// The section's scrollable length: its groups, its insets and any side item's room before and after.
        var contentWidth: Double
        /// Where the first group rests: the section's leading (or top) inset and a side item's room there.
        var leadingInset: Double
    }

    /// One section's effects.
    struct Section: Hashable, Sendable {
        /// Whether the header stays in the viewport while its section is visible.
        var pinsHeader = false
        /// Whether the footer stays in the viewport while its section is visible.
        var pinsFooter = false
        /// The header's zIndex.
        var headerZIndex = 0
        /// The footer's zIndex.
        var footerZIndex = 0
        /// Whether the side item at the cross axis's start stays in the viewport while its section is visible.
        var pinsSideStart = false
        /// Whether the side item at the cross axis's end stays in the viewport while its section is visible.
        var pinsSideEnd = false
        /// The zIndex of the side item at the cross axis's start.
        var sideStartZIndex = 0
        /// The zIndex of the side item at the cross axis's end.
        var sideEndZIndex = 0
        /// The background's zIndex.
        var backgroundZIndex = ElementEffects.backgroundZIndex
        /// Set when the section scrolls orthogonally.
        var orthogonal: Orthogonal?
        /// Set when the section's items or group have anchored supplementary items.
        var anchored: Anchored?
        /// The section's decoration views of client-named kinds, in the order its description lists them.
        var decorations: [Decoration] = []
        /// The section's visible-item effect, if any.
        var visibleItemsEffect: CompositionalLayout.VisibleItemsEffect?
    }

    /// Every section's effects, in order.
    var sections: [Section]
    /// The flick threshold of orthogonal snapping, in points per second.
    var flickVelocityThreshold: Double
}

extension PreparedLayout {
    /// Whether orthogonal `compositional` sections scroll up and down (the layout scrolls horizontally) rather than
    /// sideways: which coordinate of a content offset an orthogonal snap is about.
    public var orthogonalSectionsScrollVertically: Bool { self.axis == .horizontal }

    /// The axis orthogonal sections scroll along: across the layout's.
    var orthogonalAxis: Axis { self.axis == .vertical ? .horizontal : .vertical }

    /// The viewport's length along ``orthogonalAxis``: what an orthogonal section shows of its groups at once.
    var orthogonalViewportLength: Double {
        self.axis == .vertical ? self.viewport.width : self.viewport.height
    }

    /// `rect` moved `distance` points along ``orthogonalAxis``.
    func movedAcross(_ rect: Rect, by distance: Double) -> Rect {
        self.axis == .vertical ? rect.offsetBy(dx: distance, dy: 0) : rect.offsetBy(dx: 0, dy: distance)
    }

    /// How far an orthogonal section has scrolled, from the query's offsets; 0 for any other section.
    func orthogonalOffset(_ offsets: [Double], section: Int) -> Double {
        guard section < offsets.count, case .compositional(let effects) = self.effects,
            effects.sections[section].orthogonal != nil, offsets[section].isFinite
        else { return 0 }
        return offsets[section]
    }
}

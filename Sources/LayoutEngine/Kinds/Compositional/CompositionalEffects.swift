/// What `compositional` computes at query time, per section: pinned supplementaries, zIndexes, and the scrolling of
/// orthogonal sections.
struct CompositionalEffects: Hashable, Sendable {
    /// An orthogonally scrolling section's groups, for query-time scrolling and snapping.
    struct Orthogonal: Hashable, Sendable {
        /// How the section comes to rest.
        var behavior: CompositionalLayout.OrthogonalScrollingBehavior
        /// The leading edge of each repetition of the group, relative to the section (left-to-right space).
        var groupStarts: [Double]
        /// The width of each repetition of the group, in order.
        var groupWidths: [Double]
        /// The section's scrollable width: its groups and its leading and trailing insets.
        var contentWidth: Double
        /// The section's leading inset: where the first group rests.
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
        /// The background's zIndex.
        var backgroundZIndex = ElementEffects.backgroundZIndex
        /// Set when the section scrolls orthogonally.
        var orthogonal: Orthogonal?
    }

    /// Every section's effects, in order.
    var sections: [Section]
    /// The flick threshold of orthogonal snapping, in points per second.
    var flickVelocityThreshold: Double
}

extension PreparedLayout {
    /// How far an orthogonal section has scrolled, from the query's offsets; 0 for any other section.
    func orthogonalOffset(_ offsets: [Double], section: Int) -> Double {
        guard section < offsets.count, case .compositional(let effects) = self.effects,
            effects.sections[section].orthogonal != nil, offsets[section].isFinite
        else { return 0 }
        return offsets[section]
    }
}

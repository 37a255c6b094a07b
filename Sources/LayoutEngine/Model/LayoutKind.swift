/// The layout kinds the engine prepares.
public enum LayoutKind: String, Hashable, Sendable, CaseIterable {
    /// `UICollectionViewFlowLayout`: lines of items, sections, headers and footers. See ``FlowLayout``.
    case flow
    /// `HMWaterfallLayout`: items in the shortest of several columns. See ``WaterfallLayout``.
    case waterfall
    /// `HMLineLayout`: a horizontal strip whose items grow near the viewport's centre. See ``LineLayout``.
    case line
    /// `HMStackLayout`: a rotated pile of cards at the viewport's centre. See ``StackLayout``.
    case stack
    /// `HMCircleLayout`: items evenly on a circle. See ``CircleLayout``.
    case circle
    /// `UICollectionViewCompositionalLayout`: items in groups, groups repeated in sections. See
    /// ``CompositionalLayout``.
    case compositional
}

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
    /// Seed 004's card cover: cards pinned at the top, covered by the next. See ``CoverLayout``.
    case cover
    /// Seed 004's card rotation: a strip of cards turning in 3-D. See ``RotaryLayout``.
    case rotary
    /// Seed 004's reader page turn: the next page waits beneath the turning one. See ``PageCoverLayout``.
    case pagecover
    /// flickr/justified-layout: rows of photos filling the width at a target height. See ``JustifiedLayout``.
    case justified
    /// `UICollectionViewCompositionalLayout`: items in groups, groups repeated in sections. See
    /// ``CompositionalLayout``.
    case compositional
}

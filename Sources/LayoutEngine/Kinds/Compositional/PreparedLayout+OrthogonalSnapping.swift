extension PreparedLayout {
    /// Where an orthogonally scrolling `compositional` section comes to rest, by its
    /// ``CompositionalLayout/OrthogonalScrollingBehavior``.
    ///
    /// Offsets count from the section's leading edge (in right to left too), or from its top when the layout
    /// scrolls horizontally (the section then scrolls up and down and the viewport's "width" below is its height).
    /// `continuous` keeps the proposed offset; `continuousGroupLeadingBoundary` and `groupPaging` bring the nearest group's leading edge to the
    /// section's leading inset; `groupPagingCentered` centres the nearest group in the viewport; `paging` rests on a
    /// multiple of the viewport's width. A flick (|velocity| at or above
    /// ``CompositionalLayout/Configuration/flickVelocityThreshold``) never comes back against its direction: it
    /// goes on to the nearest resting place at or beyond the proposed offset.
    ///
    /// With `startOffset`, where the section's offset was when the gesture began, `paging`, `groupPaging` and
    /// `groupPagingCentered` move at most one page or group per gesture, as in UIKit: the answer rests at most one
    /// resting place before or after the one nearest `startOffset` (a flick forward from a group rests on the next
    /// one however far it would have coasted). Without it (or for the continuous behaviours), nothing limits how
    /// far a gesture moves: the answer is the resting place nearest the proposed offset, as above. (A client that
    /// lets a slow drag carry the section over several groups and limits only the coasting passes the offset where
    /// the finger lifted.) The answer is clamped to the section's scrollable range.
    ///
    /// - Parameters:
    ///   - proposed: Where the section's scrolling would stop on its own.
    ///   - velocity: The section's scrolling velocity, in points per second, positive toward the trailing edge.
    ///   - section: The section's index.
    ///   - startOffset: The section's offset when the gesture began, or `nil` when unknown. Defaults to `nil`.
    /// - Returns: The offset to stop at, or `nil` when the section does not scroll orthogonally.
    /// - Complexity: O(log g) for g groups in the section.
    public func targetOrthogonalOffset(
        forProposedOffset proposed: Double,
        velocity: Double,
        section: Int,
        startOffset: Double? = nil
    ) -> Double? {
        guard case .compositional(let effects) = self.effects, effects.sections.indices.contains(section),
            let orthogonal = effects.sections[section].orthogonal
        else { return nil }
        let maximum = Swift.max(0, orthogonal.contentWidth - self.orthogonalViewportLength)
        guard proposed.isFinite, velocity.isFinite else {
            return Swift.min(maximum, Swift.max(0, proposed.isFinite ? proposed : 0))
        }
        let threshold = effects.flickVelocityThreshold
        let width = self.orthogonalViewportLength
        let resting: (Int) -> Double
        let count: Int
        switch orthogonal.behavior {
        case .none, .continuous:
            return Swift.min(maximum, Swift.max(0, proposed))
        case .paging:
            guard width > 0 else { return 0 }
            count = Int((maximum / width).rounded(.up)) + 1
            resting = { Double($0) * width }
        case .continuousGroupLeadingBoundary, .groupPaging:
            count = orthogonal.groupStarts.count
            resting = { orthogonal.groupStarts[$0] - orthogonal.leadingInset }
        case .groupPagingCentered:
            count = orthogonal.groupStarts.count
            resting = { orthogonal.groupStarts[$0] + orthogonal.groupWidths[$0] / 2 - width / 2 }
        }
        guard count > 0 else { return 0 }
        // Resting places grow with the index: the first at or after `offset`.
        func firstResting(atOrAfter offset: Double) -> Int {
            (0..<count).partitioningIndex { resting($0) >= offset }
        }
        // The nearest resting place to `offset` (the earlier one on a tie).
        func nearest(_ offset: Double) -> Int {
            let after = firstResting(atOrAfter: offset)
            guard after > 0 else { return after }
            guard after < count else { return after - 1 }
            return offset - resting(after - 1) <= resting(after) - offset ? after - 1 : after
        }
        let after = firstResting(atOrAfter: proposed)
        var chosen: Int
        if velocity >= threshold {
            chosen = after < count ? after : after - 1
        } else if velocity <= -threshold {
            chosen = after > 0 ? after - 1 : after
        } else {
            chosen = nearest(proposed)
        }
        if let startOffset, startOffset.isFinite, orthogonal.behavior.pagesOneAtATime {
            let start = nearest(startOffset)
            chosen = Swift.min(Swift.max(chosen, start - 1), start + 1)
        }
        return Swift.min(maximum, Swift.max(0, resting(chosen)))
    }
}

extension CompositionalLayout.OrthogonalScrollingBehavior {
    /// Whether a gesture moves at most one page or group (`paging`, `groupPaging`, `groupPagingCentered`).
    var pagesOneAtATime: Bool {
        switch self {
        case .paging, .groupPaging, .groupPagingCentered: return true
        case .none, .continuous, .continuousGroupLeadingBoundary: return false
        }
    }
}

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
    /// goes on to the nearest resting place at or beyond the proposed offset. `groupPaging` here moves to the
    /// nearest group, not at most one group from where the gesture began (the request does not say where that
    /// was). The answer is clamped to the section's scrollable range.
    ///
    /// - Parameters:
    ///   - proposed: Where the section's scrolling would stop on its own.
    ///   - velocity: The section's scrolling velocity, in points per second, positive toward the trailing edge.
    ///   - section: The section's index.
    /// - Returns: The offset to stop at, or `nil` when the section does not scroll orthogonally.
    /// - Complexity: O(log g) for g groups in the section.
    public func targetOrthogonalOffset(forProposedOffset proposed: Double, velocity: Double, section: Int) -> Double? {
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
        // Resting places grow with the index: the first at or after the proposed offset, and the one before.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if resting(middle) >= proposed { high = middle } else { low = middle + 1 }
        }
        let after = low < count ? resting(low) : nil
        let before = low > 0 ? resting(low - 1) : nil
        let chosen: Double
        if velocity >= threshold {
            chosen = after ?? before ?? 0
        } else if velocity <= -threshold {
            chosen = before ?? after ?? 0
        } else if let before, let after {
            chosen = proposed - before <= after - proposed ? before : after
        } else {
            chosen = before ?? after ?? 0
        }
        return Swift.min(maximum, Swift.max(0, chosen))
    }
}

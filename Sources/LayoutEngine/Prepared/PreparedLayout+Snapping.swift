extension PreparedLayout {
    /// Where scrolling should come to rest (`targetContentOffsetForProposedContentOffset:withScrollingVelocity:`).
    ///
    /// For `line` and `rotary`, the item centre nearest the proposed viewport centre is brought to the viewport's
    /// centre. A flick (|velocity.x| at or above the configured threshold, in points per second) never snaps back against
    /// its direction: it moves on to the nearest item centre at or beyond the proposed centre in the direction of
    /// motion (or the last one that way). Unlike the seed, this works when no item intersects the proposed rect.
    /// The answer is clamped to the scrollable range.
    ///
    /// `flow`, `waterfall` and `justified` snap by their ``SnapMode`` (``FlowLayout/Configuration/snap``,
    /// ``WaterfallLayout/Configuration/snap``, ``JustifiedLayout/Configuration/snap``, whose lines are rows): the
    /// nearest item's, line's or page's leading edge comes to the viewport's leading edge along the scroll axis, a
    /// flick never snaps back against its direction, and the answer is clamped to the scrollable range. `cover` snaps
    /// the same way by item, to the top line (the viewport's leading edge plus the leading section inset);
    /// `pagecover` by page. Other kinds, and ``SnapMode/none``, return the proposed offset unchanged.
    ///
    /// - Parameters:
    ///   - proposed: Where scrolling would stop on its own.
    ///   - velocity: The scrolling velocity, in points per second.
    /// - Returns: The content offset to stop at.
    /// - Complexity: O(log n) (plus the number of empty sections skipped).
    public func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point) -> Point {
        guard let threshold = self.snapVelocityThreshold, proposed.isFinite, velocity.isFinite else { return proposed }
        guard self.snapsToCenters else {
            return self.edgeSnappedOffset(forProposedContentOffset: proposed, velocity: velocity, threshold: threshold)
        }
        let stored = self.storedOffset(proposed)
        let velocityX = self.isMirrored ? -velocity.x : velocity.x
        let centerX = stored.x + self.viewport.width * 0.5
        let before = self.nearestCenter(atOrBefore: centerX)
        let after = self.nearestCenter(atOrAfter: centerX)
        let chosen: Double?
        if velocityX >= threshold {
            chosen = after ?? before
        } else if velocityX <= -threshold {
            chosen = before ?? after
        } else if let before, let after {
            chosen = centerX - before <= after - centerX ? before : after
        } else {
            chosen = before ?? after
        }
        guard let target = chosen else { return proposed }
        let maximum = Swift.max(0, self.contentSize.width - self.viewport.width)
        let x = Swift.min(maximum, Swift.max(0, target - self.viewport.width * 0.5))
        let result = Point(x: x, y: stored.y)
        return self.storedOffset(result)
    }

    /// The largest item centre x ≤ `x`, in stored space.
    private func nearestCenter(atOrBefore x: Double) -> Double? {
        var sectionIndex = self.firstSection(endingAfter: x)
        if sectionIndex == self.sections.count { sectionIndex -= 1 }
        while sectionIndex >= 0 {
            let section = self.sections[sectionIndex]
            let local = x - section.origin.x
            // First item whose centre is beyond x; the one before it is the answer.
            let index = (0..<section.frames.count).partitioningIndex { section.frames[$0].midX > local }
            if index > 0 { return section.frames[index - 1].midX + section.origin.x }
            sectionIndex -= 1
        }
        return nil
    }

    /// The smallest item centre x ≥ `x`, in stored space.
    private func nearestCenter(atOrAfter x: Double) -> Double? {
        var sectionIndex = Swift.max(0, self.firstSection(endingAfter: x) - 1)
        while sectionIndex < self.sections.count {
            let section = self.sections[sectionIndex]
            let local = x - section.origin.x
            let index = (0..<section.frames.count).partitioningIndex { section.frames[$0].midX >= local }
            if index < section.frames.count { return section.frames[index].midX + section.origin.x }
            sectionIndex += 1
        }
        return nil
    }

    /// The first section whose extent ends after `x` (sections of a line are in x order).
    private func firstSection(endingAfter x: Double) -> Int {
        (0..<self.sections.count).partitioningIndex { self.sections[$0].absoluteExtent.maxX > x }
    }
}

extension PreparedLayout {
    /// The zIndex of an item being moved interactively: above every element any layout makes.
    ///
    /// UIKit uses `NSIntegerMax`; layoutd uses `Int32.max` (2,147,483,647) instead so that the value survives
    /// JSON readers that hold numbers as doubles (2⁶³ − 1 does not round-trip through a double) and fits CSS's
    /// `z-index`, a 32-bit integer in browsers. No layout comes near it (pinned headers use 1,024; the stack, the
    /// item count, which the limits keep far below).
    public static let interactivelyMovingItemZIndex = Int(Int32.max)

    /// The attributes of an item the user is dragging
    /// (`layoutAttributesForInteractivelyMovingItemAtIndexPath:withTargetPosition:`).
    ///
    /// A copy of the item's attributes with its centre at `targetPosition` and its zIndex
    /// ``interactivelyMovingItemZIndex``, above everything, as UIKit's default implementation does. Size,
    /// transforms, alpha and hidden are the item's.
    ///
    /// - Parameters:
    ///   - indexPath: The item being moved.
    ///   - targetPosition: Where the user's finger holds the item's centre, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    /// - Returns: The moving item's attributes, or `nil` if there is no such item or the position is not finite.
    /// - Complexity: O(1).
    public func attributesForInteractivelyMovingItem(
        at indexPath: IndexPath,
        targetPosition: Point,
        contentOffset: Point
    ) -> LayoutAttributes? {
        guard targetPosition.isFinite,
            var attributes = self.attributesForItem(at: indexPath, contentOffset: contentOffset)
        else { return nil }
        attributes.center = targetPosition
        attributes.zIndex = Self.interactivelyMovingItemZIndex
        return attributes
    }

    /// The index path an item being moved would take if dropped at `position`
    /// (`targetIndexPathForInteractivelyMovingItem:withPosition:`).
    ///
    /// The section is the one under the position: the item's own section if its area (insets, header and footer
    /// included) contains the position, else the first section whose area does, else the section whose area is
    /// nearest. In that section the answer is the shown cell whose untransformed frame contains the position (the
    /// frontmost one, by zIndex, where several overlap), else the cell whose centre is nearest (ties to the lower
    /// item). A section without cells gives item 0: moving into an empty section. The answer never lies past the
    /// end of its section: within the item's own section it is at most the last item, in another at most the
    /// section's item count (an append, only for an empty section). Moving within a section and across sections
    /// are both allowed. Content offsets do not matter: frames that move with the offset (pinned headers) are not
    /// cells.
    ///
    /// - Parameters:
    ///   - indexPath: The item being moved.
    ///   - position: The drag position, in content coordinates (outside the content is fine).
    /// - Returns: The target index path; `indexPath` itself when it names no item or the position is not finite.
    /// - Complexity: O(log n + k) through the section and cell indexes, k being the cells near the position (a
    ///   band around it that doubles until it holds the nearest centre); O(n) for the stack, whose cells all
    ///   overlap.
    public func targetIndexPathForInteractivelyMovingItem(_ indexPath: IndexPath, position: Point) -> IndexPath {
        guard self.numberOfItems(inSection: indexPath.section) > indexPath.item, indexPath.item >= 0,
            position.isFinite
        else { return indexPath }
        let stored = Point(x: self.isMirrored ? self.contentSize.width - position.x : position.x, y: position.y)
        let section = self.sectionForMove(at: stored, preferring: indexPath.section)
        guard self.numberOfItems(inSection: section) > 0 else { return IndexPath(section: section, item: 0) }
        if let item = self.frontmostCell(in: section, containing: position) {
            return IndexPath(section: section, item: item)
        }
        let origin = self.sections[section].origin
        let local = Point(x: stored.x - origin.x, y: stored.y - origin.y)
        let frames = self.sections[section].frames
        let item = Self.nearest(
            in: self.sections[section].index,
            along: self.axis,
            to: local,
            distance: { frames[$0].center.distance(to: local) }
        )
        return IndexPath(section: section, item: item ?? 0)
    }

    /// The section under a stored-space point: `preferred` if its area contains it, else the nearest area.
    private func sectionForMove(at point: Point, preferring preferred: Int) -> Int {
        if self.sections[preferred].absoluteExtent.closedDistance(to: point) == 0 { return preferred }
        let sections = self.sections
        return Self.nearest(in: self.sectionIndex, along: self.axis, to: point) {
            sections[$0].absoluteExtent.closedDistance(to: point)
        } ?? preferred
    }

    /// The shown cell of `section` whose frame contains `position` (caller's coordinates, half-open edges), the
    /// frontmost by zIndex, then the lowest item.
    private func frontmostCell(in section: Int, containing position: Point) -> Int? {
        let origin = self.sections[section].origin
        let point = Point(x: self.isMirrored ? self.contentSize.width - position.x : position.x, y: position.y)
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        let index = self.sections[section].index
        let frames = self.sections[section].frames
        let coordinate = self.axis.coordinate(local)
        let context = CellContext(layout: self, section: section, offset: .zero)
        var best: (zIndex: Int, item: Int)?
        for candidate in index.candidatePositions(from: coordinate - 1, to: coordinate + 1) {
            let item = index.element(at: candidate)
            let attributes = context.makeCell(item: item, frame: frames[item])
            let frame = attributes.frame
            guard !attributes.isHidden, frame.minX <= position.x, position.x < frame.maxX, frame.minY <= position.y,
                position.y < frame.maxY
            else { continue }
            if let current = best, (current.zIndex, -current.item) >= (attributes.zIndex, -item) { continue }
            best = (attributes.zIndex, item)
        }
        return best?.item
    }

    /// The element of `index` with the smallest `distance` (ties to the lower element), or `nil` if it is empty.
    ///
    /// `distance` must be at least the distance along `axis` from `point` to the element's frame (true of the
    /// distance to its centre or to its rectangle), so that every element closer than `r` lies in the band
    /// `±r` around the point: the band starts at 64 points and doubles until its best candidate is closer than
    /// its half-width, or it holds every element.
    ///
    /// - Complexity: O(log n + k) for the k elements of the last band.
    private static func nearest(
        in index: SpatialIndex,
        along axis: Axis,
        to point: Point,
        distance: (Int) -> Double
    ) -> Int? {
        guard index.count > 0 else { return nil }
        let coordinate = axis.coordinate(point)
        var radius = 64.0
        while true {
            let positions = index.candidatePositions(from: coordinate - radius, to: coordinate + radius)
            var best: (distance: Double, element: Int)?
            for position in positions {
                let element = index.element(at: position)
                let candidate = distance(element)
                if let current = best, (current.distance, current.element) <= (candidate, element) { continue }
                best = (candidate, element)
            }
            if let best, best.distance < radius || positions.count == index.count { return best.element }
            if positions.count == index.count || !radius.isFinite { return best?.element }
            radius *= 2
        }
    }
}

extension Point {
    /// The Euclidean distance to another point.
    fileprivate func distance(to other: Point) -> Double {
        let dx = self.x - other.x
        let dy = self.y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension Rect {
    /// The distance from the point to the closed rectangle: 0 inside or on an edge.
    fileprivate func closedDistance(to point: Point) -> Double {
        let dx = Swift.max(self.minX - point.x, 0, point.x - self.maxX)
        let dy = Swift.max(self.minY - point.y, 0, point.y - self.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

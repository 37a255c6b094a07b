extension PreparedLayout {
    /// The offset an orthogonally scrolling `compositional` section scrolls to so that an element of it shows where
    /// `alignment` says along the section's own axis; `nil` when `section` does not scroll orthogonally.
    ///
    /// `frame` is the element as a query reports it with the section unscrolled (no orthogonal offsets), in the
    /// layout's coordinates; right to left it is mirrored back first, since a section's offsets count from its
    /// leading edge, and `left`/`right` (``ScrollPosition/Alignment/leading``/``ScrollPosition/Alignment/trailing``
    /// on x) keep their physical meaning. The visible part is the viewport's length across the layout's scroll axis;
    /// the answer is clamped to the section's scrollable range, as
    /// ``targetOrthogonalOffset(forProposedOffset:velocity:section:startOffset:)`` clamps, and without an alignment
    /// the current offset is kept, clamped.
    ///
    /// - Parameters:
    ///   - frame: The element's unscrolled frame.
    ///   - section: The section's index.
    ///   - alignment: Where to bring the element along the section's axis (x when the layout scrolls vertically).
    ///   - current: The section's offset now.
    /// - Returns: The section's offset, or `nil` for a section that does not scroll orthogonally.
    /// - Complexity: O(1).
    public func orthogonalOffset(
        showing frame: Rect,
        inSection section: Int,
        at alignment: ScrollPosition.Alignment?,
        current: Double
    ) -> Double? {
        guard case .compositional(let effects) = self.effects, effects.sections.indices.contains(section),
            let orthogonal = effects.sections[section].orthogonal
        else { return nil }
        let length = self.orthogonalViewportLength
        var low = self.axis == .vertical ? frame.minX : frame.minY
        var high = self.axis == .vertical ? frame.maxX : frame.maxY
        var alignment = alignment
        if self.isMirrored, self.axis == .vertical {
            // Back to the section's own left-to-right space, where the physical left is the trailing side.
            (low, high) = (self.contentSize.width - high, self.contentSize.width - low)
            switch alignment {
            case .leading?: alignment = .trailing
            case .trailing?: alignment = .leading
            default: break
            }
        }
        return Self.offset(
            alignment,
            showing: low...high,
            current: current,
            viewportLength: length,
            insets: (0, 0),
            contentLength: orthogonal.contentWidth
        )
    }
}

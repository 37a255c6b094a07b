extension CompositionalLayout {
    /// What a section's content insets are measured from across the scroll axis (UIKit's
    /// `UIContentInsetsReference`, a section's `contentInsetsReference`).
    ///
    /// The reference adds to ``Section/contentInsets`` on the two edges across the scroll axis (leading and
    /// trailing when the layout scrolls vertically, top and bottom when horizontally), from the request's
    /// `safeAreaInsets`, `layoutMargins` (measured inside the safe area) and `readableContentWidth`. Right to left,
    /// the physical right inset is the leading one.
    public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
        /// The safe area, as UIKit's compositional sections measure by default.
        case automatic
        /// The collection view's edges: nothing is added.
        case none
        /// The safe area's edges.
        case safeArea
        /// The layout margins' edges (the safe area's plus the margins).
        case layoutMargins
        /// The readable content guide's edges: the readable width centred in the viewport, never outside the
        /// layout margins; a horizontal layout's readable edges are its margins.
        case readableContent
    }

    /// The insets `reference` adds across the scroll axis at its start and end (stored, left-to-right space).
    ///
    /// - Parameters:
    ///   - reference: The reference.
    ///   - input: The request's viewport, direction, safe area, margins and readable width.
    ///   - isVertical: Whether the layout scrolls vertically.
    /// - Returns: The insets at the start (leading, or top) and end (trailing, or bottom) of the cross axis.
    static func referenceInsets(
        _ reference: ContentInsetsReference,
        input: LayoutInput,
        isVertical: Bool
    ) -> (start: Double, end: Double) {
        let isMirrored = input.layoutDirection == .rightToLeft
        let safe = input.safeAreaInsets
        let margins = input.layoutMargins
        let safeInsets: (Double, Double) =
            isVertical ? (isMirrored ? (safe.right, safe.left) : (safe.left, safe.right)) : (safe.top, safe.bottom)
        let marginInsets: (Double, Double) =
            isVertical
            ? (isMirrored ? (margins.right, margins.left) : (margins.left, margins.right))
            : (margins.top, margins.bottom)
        let withMargins = (safeInsets.0 + marginInsets.0, safeInsets.1 + marginInsets.1)
        switch reference {
        case .none: return (0, 0)
        case .automatic, .safeArea: return safeInsets
        case .layoutMargins: return withMargins
        case .readableContent:
            guard isVertical, let width = input.readableContentWidth else { return withMargins }
            let side = Swift.max(0, (input.viewport.width - width) * 0.5)
            return (Swift.max(withMargins.0, side), Swift.max(withMargins.1, side))
        }
    }

    /// `description` with its references resolved: its content insets grown by its ``Section/contentInsetsReference``
    /// across the scroll axis, and the shift of its boundary supplementaries from there that its
    /// ``Section/supplementaryContentInsetsReference`` makes (automatic: none, they follow the section's).
    static func resolvingReferences(
        _ description: Section,
        input: LayoutInput,
        isVertical: Bool
    ) -> (section: Section, supplementaryShift: (start: Double, end: Double)) {
        var section = description
        let content = Self.referenceInsets(description.contentInsetsReference, input: input, isVertical: isVertical)
        if isVertical {
            section.contentInsets.leading += content.start
            section.contentInsets.trailing += content.end
        } else {
            section.contentInsets.top += content.start
            section.contentInsets.bottom += content.end
        }
        guard description.supplementaryContentInsetsReference != .automatic else { return (section, (0, 0)) }
        let supplementary = Self.referenceInsets(
            description.supplementaryContentInsetsReference,
            input: input,
            isVertical: isVertical
        )
        return (section, (supplementary.start - content.start, supplementary.end - content.end))
    }
}

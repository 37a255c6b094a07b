extension CompositionalLayout {
    /// The place a boundary supplementary takes in its section, whatever the scroll direction.
    enum BoundaryRole: Hashable, Sendable, CaseIterable {
        /// Before the section along the scroll axis.
        case header
        /// After the section along the scroll axis.
        case footer
        /// Beside the section at the start of the cross axis (its leading edge, or its top).
        case sideStart
        /// Beside the section at the end of the cross axis (its trailing edge, or its bottom).
        case sideEnd

        /// The element kind of this role in a layout scrolling vertically (`isVertical`) or horizontally.
        func elementKind(isVertical: Bool) -> ElementKind {
            switch self {
            case .header: return .header
            case .footer: return .footer
            case .sideStart: return isVertical ? .leadingSupplementary : .topSupplementary
            case .sideEnd: return isVertical ? .trailingSupplementary : .bottomSupplementary
            }
        }
    }
}

extension CompositionalLayout.Alignment {
    /// The role of this edge in a layout scrolling vertically (`isVertical`) or horizontally.
    func role(isVertical: Bool) -> CompositionalLayout.BoundaryRole {
        switch self {
        case .top: return isVertical ? .header : .sideStart
        case .bottom: return isVertical ? .footer : .sideEnd
        case .leading: return isVertical ? .sideStart : .header
        case .trailing: return isVertical ? .sideEnd : .footer
        }
    }
}

extension CompositionalLayout.BoundarySupplementaryItem {
    /// The item's role in a layout scrolling vertically (`isVertical`) or horizontally, or `nil` when its
    /// ``kind`` and ``alignment`` disagree there.
    ///
    /// A named header or footer keeps its name along either of its two edges; a named side kind must be the one
    /// its alignment names in this direction.
    func role(isVertical: Bool) -> CompositionalLayout.BoundaryRole? {
        switch self.kind {
        case nil: return self.alignment.role(isVertical: isVertical)
        case .header?: return self.alignment == .top || self.alignment == .leading ? .header : nil
        case .footer?: return self.alignment == .bottom || self.alignment == .trailing ? .footer : nil
        case .background?: return nil
        case let kind?:
            let role = self.alignment.role(isVertical: isVertical)
            return role.elementKind(isVertical: isVertical) == kind ? role : nil
        }
    }
}

extension CompositionalLayout.BoundarySupplementaryItem {
    /// The element this item is in a layout scrolling vertically (`isVertical`) or horizontally, or `nil` when its
    /// ``kind`` and ``alignment`` disagree there (see ``CompositionalLayout/Alignment``).
    ///
    /// - Parameter isVertical: Whether the layout scrolls vertically.
    /// - Returns: The element kind, or `nil`.
    public func elementKind(isVertical: Bool) -> ElementKind? {
        self.role(isVertical: isVertical)?.elementKind(isVertical: isVertical)
    }
}

extension CompositionalLayout.Section {
    /// The section's boundary supplementaries by role, in a layout scrolling vertically (`isVertical`) or
    /// horizontally; `CompositionalLayout.validate(_:section:isVertical:)` has checked there is at most one of each.
    func boundaryItem(
        _ role: CompositionalLayout.BoundaryRole,
        isVertical: Bool
    ) -> CompositionalLayout.BoundarySupplementaryItem? {
        self.boundarySupplementaryItems.first { $0.role(isVertical: isVertical) == role }
    }
}

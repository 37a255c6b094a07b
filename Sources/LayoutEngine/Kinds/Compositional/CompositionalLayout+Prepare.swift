extension CompositionalLayout {
    /// The most cells all the distinct group repetitions of one layout may hold together.
    static let maximumTemplateCells = 1_000_000

    /// Makes the prepared layout of stacked sections.
    ///
    /// - Complexity: O(number of sections).
    static func assemble(
        _ input: LayoutInput,
        configuration: Configuration,
        sections: [SectionLayout],
        effects: [CompositionalEffects.Section],
        contentLength: Double
    ) -> PreparedLayout {
        var prepared = PreparedLayout(
            kind: .compositional,
            input: input,
            contentSize: configuration.scrollDirection.contentSize(length: contentLength, viewport: input.viewport),
            sections: sections,
            axis: configuration.scrollDirection.axis,
            effects: .compositional(
                CompositionalEffects(
                    sections: effects,
                    flickVelocityThreshold: configuration.flickVelocityThreshold
                )
            )
        )
        prepared.layoutBoundary = Self.makeLayoutBoundary(configuration, viewport: input.viewport)
        return prepared
    }

    /// Checks every number of a section's description: finite lengths and fractions, no negative size or spacing,
    /// boundary supplementaries whose kind agrees with their alignment in the layout's scroll direction
    /// (`isVertical`) and at most one of each element kind, counts of at least 1.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` naming the part (`section/group`, …).
    static func validate(_ description: Section, section: Int?, isVertical: Bool) throws(LayoutError) {
        func check(_ isValid: Bool, _ name: String) throws(LayoutError) {
            guard isValid else { throw .invalidParameter(name: "section/" + name, section: section) }
        }
        try check(description.list.map { isVertical && $0.isValid } ?? true, "list")
        try check(Self.isValid(description.group), "group")
        try check(Self.hasValidSupplementaries(description.group), "group")
        try check(description.contentInsets.isFinite, "contentInsets")
        try check(description.interGroupSpacing >= 0 && description.interGroupSpacing < .infinity, "interGroupSpacing")
        try check(description.background?.isFinite ?? true, "decorationItems")
        try check(Self.hasValidDecorations(description), "decorationItems")
        try check(description.visibleItemsEffect?.isValid ?? true, "visibleItemsEffect")
        let items = description.boundarySupplementaryItems
        let roles = items.map { $0.role(isVertical: isVertical) }
        try check(
            items.allSatisfy { Self.isValid($0.size) && $0.absoluteOffset.isFinite } && !roles.contains(nil)
                && BoundaryRole.allCases.allSatisfy { role in roles.count { $0 == role } <= 1 },
            "boundarySupplementaryItems"
        )
    }

    private static func isValid(_ size: LayoutSize) -> Bool {
        func isValid(_ dimension: Dimension) -> Bool {
            switch dimension {
            case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value),
                .estimated(let value):
                return value >= 0 && value < .infinity
            }
        }
        return isValid(size.width) && isValid(size.height)
    }

    private static func isValid(_ spacing: Spacing?) -> Bool {
        guard let spacing else { return true }
        return spacing.minimum >= 0 && spacing.minimum < .infinity
    }

    private static func isValid(_ edges: EdgeSpacing) -> Bool {
        Self.isValid(edges.leading) && Self.isValid(edges.top) && Self.isValid(edges.trailing)
            && Self.isValid(edges.bottom)
    }

    private static func isValid(_ group: Group) -> Bool {
        guard Self.isValid(group.size), Self.isValid(group.interItemSpacing), Self.isValid(group.edgeSpacing),
            group.contentInsets.isFinite, !group.subitems.isEmpty, (group.count ?? 1) >= 1,
            (group.count ?? 1) <= CompositionalGroupLayout.maximumLeafCount
        else { return false }
        if case .custom(let frames) = group.layout {
            guard frames.allSatisfy({ $0.origin.isFinite && $0.size.isValid }) else { return false }
        }
        return group.subitems.allSatisfy { element in
            switch element {
            case .item(let item):
                return Self.isValid(item.size) && Self.isValid(item.edgeSpacing) && item.contentInsets.isFinite
            case .group(let nested):
                return Self.isValid(nested)
            }
        }
    }
}

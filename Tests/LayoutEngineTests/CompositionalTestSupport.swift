import LayoutEngine

private typealias C = CompositionalLayout

extension RandomLayouts {
    /// A random compositional configuration: a random section description and spacing between sections.
    mutating func compositional() -> CompositionalLayout.Configuration {
        var configuration = CompositionalLayout.Configuration()
        if self.int(0...3) == 0 { configuration.scrollDirection = .horizontal }
        configuration.section = self.compositionalSection(isVertical: configuration.scrollDirection == .vertical)
        configuration.interSectionSpacing = self.double(0...20).rounded()
        return configuration
    }

    /// A random section description: a grid row, a nested row or a list row, with insets, spacing, supplementaries
    /// (header, footer and items beside the section), a background and sometimes orthogonal scrolling.
    mutating func compositionalSection(isVertical: Bool = true) -> CompositionalLayout.Section {
        var item = CompositionalLayout.Item(
            size: CompositionalLayout.LayoutSize(
                width: .fractionalWidth([0.2, 0.25, 0.5, 1][self.int(0...3)]),
                height: self.bool() ? .fractionalHeight(1) : .estimated(self.double(20...60).rounded())
            )
        )
        item.contentInsets = CompositionalLayout.DirectionalInsets(
            top: self.double(0...4).rounded(),
            leading: self.double(0...4).rounded(),
            bottom: self.double(0...4).rounded(),
            trailing: self.double(0...4).rounded()
        )
        var group: CompositionalLayout.Group
        switch self.int(0...2) {
        case 0:
            group = CompositionalLayout.Group(
                layout: .horizontal,
                size: .init(width: .fractionalWidth(1), height: .absolute(self.double(30...90).rounded())),
                subitems: [.item(item)]
            )
        case 1:
            let column = CompositionalLayout.Group(
                layout: .vertical,
                size: .init(width: .fractionalWidth(0.3), height: .fractionalHeight(1)),
                subitems: [.item(CompositionalLayout.Item())],
                count: self.int(1...3)
            )
            var leading = CompositionalLayout.Item(
                size: .init(width: .fractionalWidth(0.7), height: .fractionalHeight(1))
            )
            leading.contentInsets = .init(top: 5, leading: 5, bottom: 5, trailing: 5)
            group = CompositionalLayout.Group(
                layout: .horizontal,
                size: .init(width: .fractionalWidth(self.bool() ? 1 : 0.85), height: .fractionalHeight(0.3)),
                subitems: [.item(leading), .group(column)]
            )
        default:
            group = CompositionalLayout.Group(
                layout: .horizontal,
                size: .init(width: .fractionalWidth(1), height: .estimated(44)),
                subitems: [.item(item)],
                count: self.int(1...4)
            )
            group.interItemSpacing = self.bool() ? .fixed(8) : .flexible(4)
        }
        var section = CompositionalLayout.Section(group: group)
        section.contentInsets = .init(
            top: self.double(0...20).rounded(),
            leading: self.double(0...20).rounded(),
            bottom: self.double(0...20).rounded(),
            trailing: self.double(0...20).rounded()
        )
        section.interGroupSpacing = self.double(0...10).rounded()
        if self.int(0...2) == 0 {
            section.orthogonalScrollingBehavior =
                CompositionalLayout.OrthogonalScrollingBehavior.allCases.randomElement(using: &self.generator)!
        }
        if self.bool() {
            let length = CompositionalLayout.Dimension.absolute(self.double(10...50).rounded())
            var header = CompositionalLayout.BoundarySupplementaryItem(
                alignment: isVertical ? .top : .leading,
                size: isVertical ? .init(width: .fractionalWidth(1), height: length) : .init(width: length, height: .fractionalHeight(1))
            )
            header.pinsToVisibleBounds = self.bool()
            header.extendsBoundary = self.int(0...3) != 0
            header.zIndex = self.int(0...2)
            section.boundarySupplementaryItems.append(header)
        }
        if self.bool() {
            let length = CompositionalLayout.Dimension.estimated(self.double(10...50).rounded())
            var footer = CompositionalLayout.BoundarySupplementaryItem(
                alignment: isVertical ? .bottom : .trailing,
                size: isVertical ? .init(width: .fractionalWidth(1), height: length) : .init(width: length, height: .fractionalHeight(1))
            )
            footer.pinsToVisibleBounds = self.bool()
            section.boundarySupplementaryItems.append(footer)
        }
        // Items beside the section: named by alignment only, so that they are valid in either scroll direction.
        for (start, end) in [(C.Alignment.leading, C.Alignment.top), (.trailing, .bottom)] where self.int(0...2) == 0 {
            let thickness = CompositionalLayout.Dimension.absolute(self.double(10...60).rounded())
            let length = CompositionalLayout.Dimension.absolute(self.double(10...200).rounded())
            var side = CompositionalLayout.BoundarySupplementaryItem(
                alignment: isVertical ? start : end,
                size: isVertical ? .init(width: thickness, height: length) : .init(width: length, height: thickness)
            )
            side.pinsToVisibleBounds = self.bool()
            side.extendsBoundary = self.bool()
            side.zIndex = self.int(0...2)
            section.boundarySupplementaryItems.append(side)
        }
        if self.bool() { section.background = .init(top: 2, leading: 2, bottom: 2, trailing: 2) }
        return section
    }
}

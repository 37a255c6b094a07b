extension LiveLayout {
    /// The measured supplementary sizes that change something, in order, after checking every one.
    ///
    /// Only `compositional` measures supplementaries: a section's header or footer (item 0) that its description
    /// has. Its size is stored as the section's ``SectionInput/header`` or ``SectionInput/footer``.
    ///
    /// - Throws: ``LayoutError/noSuchSupplementary(kind:section:item:)`` for a view the layout does not measure,
    ///   ``LayoutError/invalidHeaderSize(section:)`` or ``LayoutError/invalidFooterSize(section:)`` for a size
    ///   that is negative, infinite or NaN.
    /// - Complexity: O(s log s) for s sizes.
    func checkedSupplementaryResizes(
        _ sizes: [SupplementaryIndexPath: Size]
    ) throws(LayoutError) -> [(SupplementaryIndexPath, Size)] {
        var result: [(SupplementaryIndexPath, Size)] = []
        for element in sizes.keys.sorted() {
            let size = sizes[element]!
            let section = element.indexPath.section
            guard case .compositional(let compositional) = self.configuration,
                self.input.sections.indices.contains(section), element.indexPath.item == 0,
                element.kind == .header || element.kind == .footer
            else { throw .noSuchSupplementary(kind: element.kind, section: section, item: element.indexPath.item) }
            let description = self.input.sections[section].overrides.compositionalSection ?? compositional.section
            let isVertical = compositional.scrollDirection == .vertical
            guard description.boundaryItem(element.kind == .header ? .header : .footer, isVertical: isVertical) != nil
            else { throw .noSuchSupplementary(kind: element.kind, section: section, item: element.indexPath.item) }
            guard size.isValid else {
                throw element.kind == .header
                    ? .invalidHeaderSize(section: section) : .invalidFooterSize(section: section)
            }
            let current =
                element.kind == .header ? self.input.sections[section].header : self.input.sections[section].footer
            if current ?? .zero != size { result.append((element, size)) }
        }
        return result
    }

    /// Whether a measured size in section `index` can move anything: `compositional` reads measured item sizes
    /// only in sections whose group has an estimated dimension, and a measured header or footer (`supplementary`)
    /// only along its estimated dimensions; the other kinds read every item size.
    ///
    /// A size that cannot matter is still stored in the input, but its section is not laid out again.
    func measuredSizeMatters(section index: Int, supplementary kind: ElementKind?) -> Bool {
        guard case .compositional(let compositional) = self.configuration else { return true }
        let description = self.input.sections[index].overrides.compositionalSection ?? compositional.section
        guard let kind else { return CompositionalSectionBuilder.hasEstimate(description.group) }
        let role: CompositionalLayout.BoundaryRole = kind == .header ? .header : .footer
        guard kind == .header || kind == .footer,
            let item = description.boundaryItem(role, isVertical: compositional.scrollDirection == .vertical)
        else { return false }
        return item.size.width.isEstimated || item.size.height.isEstimated
    }

    /// Stores a measured header or footer size in its section's input.
    static func setSize(_ size: Size, of element: SupplementaryIndexPath, in input: inout LayoutInput) {
        let section = element.indexPath.section
        switch element.kind {
        case .header: input.sections[section].header = size
        case .footer: input.sections[section].footer = size
        default: preconditionFailure("only headers and footers are measured: checked before")
        }
    }
}

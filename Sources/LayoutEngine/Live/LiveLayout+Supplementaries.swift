extension LiveLayout {
    /// The measured supplementary sizes that change something, in order, after checking every one.
    ///
    /// Only kinds whose ``LayoutKindProtocol/measures(_:input:configuration:)`` says so (`compositional`: a
    /// section's header or footer, item 0, that its description has) measure supplementaries. Its size is stored as
    /// the section's ``SectionInput/header`` or ``SectionInput/footer``.
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
            guard self.input.sections.indices.contains(section), element.indexPath.item == 0,
                element.kind == .header || element.kind == .footer,
                self.configuration.kindType.measures(element, input: self.input, in: self.configuration)
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

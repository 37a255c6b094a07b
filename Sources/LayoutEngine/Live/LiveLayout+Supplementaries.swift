extension LiveLayout {
    /// The measured supplementary sizes that change something, in order, after checking every one.
    ///
    /// Only kinds whose ``LayoutKindProtocol/measures(_:input:configuration:)`` says so (`compositional`: a
    /// section's header, footer or side item, item 0, that its description has) measure supplementaries. Its size
    /// is stored as the section's ``SectionInput/header``, ``SectionInput/footer``, ``SectionInput/sideStart`` or
    /// ``SectionInput/sideEnd``. A client-named kind is a `compositional` supplementary anchored to the cell at the
    /// index path (or to the group repetition it starts) with an estimated dimension; its size goes to the
    /// section's ``SectionInput/anchoredSizes``.
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
            if case .named(let name) = element.kind {
                // `compositional`'s anchored supplementaries (badges) with an estimated size.
                guard self.prepared.isEstimatedAnchored(ofKind: name, at: element.indexPath) else {
                    throw .noSuchSupplementary(kind: element.kind, section: section, item: element.indexPath.item)
                }
                guard size.isValid else { throw .invalidParameter(name: "supplementaries", section: section) }
                let current = self.input.sections[section].anchoredSize(item: element.indexPath.item, kind: name)
                if current != size { result.append((element, size)) }
                continue
            }
            guard self.input.sections.indices.contains(section), element.indexPath.item == 0,
                let field = Self.measuredField(element.kind),
                self.configuration.kindType.measures(element, input: self.input, in: self.configuration)
            else { throw .noSuchSupplementary(kind: element.kind, section: section, item: element.indexPath.item) }
            guard size.isValid else {
                switch element.kind {
                case .header: throw .invalidHeaderSize(section: section)
                case .footer: throw .invalidFooterSize(section: section)
                default: throw .invalidParameter(name: "supplementaries", section: section)
                }
            }
            if self.input.sections[section][keyPath: field] ?? .zero != size { result.append((element, size)) }
        }
        return result
    }

    /// Stores a measured header, footer or side item size in its section's input.
    static func setSize(_ size: Size, of element: SupplementaryIndexPath, in input: inout LayoutInput) {
        if case .named(let name) = element.kind {
            input.sections[element.indexPath.section].setAnchoredSize(size, item: element.indexPath.item, kind: name)
            return
        }
        guard let field = Self.measuredField(element.kind) else {
            preconditionFailure("only headers, footers and side items are measured: checked before")
        }
        input.sections[element.indexPath.section][keyPath: field] = size
    }

    /// Where a section's input keeps the measured size of a supplementary of `kind`, if it keeps one: the header,
    /// the footer, or (`compositional`) the item beside the section at the start or the end of the cross axis.
    static func measuredField(_ kind: ElementKind) -> WritableKeyPath<SectionInput, Size?>? {
        switch kind {
        case .header: \.header
        case .footer: \.footer
        case .leadingSupplementary, .topSupplementary: \.sideStart
        case .trailingSupplementary, .bottomSupplementary: \.sideEnd
        case .background, .named: nil
        }
    }
}

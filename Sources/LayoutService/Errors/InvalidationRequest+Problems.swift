import LayoutEngine

extension InvalidationRequest {
    /// The problem naming the entry of `items` or `supplementaries` (or the field) that the engine refused, or
    /// `nil` when the error concerns the session's layout rather than this request.
    func problem(for error: LayoutError, in session: Session) -> APIError? {
        switch error {
        case .noSuchSupplementary(let kind, let section, let item):
            let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: item))
            if let position = self.supplementaryOrder.firstIndex(of: element) {
                guard session.kind == .compositional else {
                    return .invalidField(
                        pointer: "/supplementaries/\(position)",
                        reason: "Only compositional sessions measure supplementary views; a \(session.kind.rawValue) "
                            + "session's header and footer sizes are given in its sections."
                    )
                }
                if case .named(let name) = kind {
                    let hasItem =
                        section < session.input.sections.count && item < session.input.sections[section].itemCount
                    return .invalidField(
                        pointer: "/supplementaries/\(position)/\(hasItem ? "kind" : "indexPath")",
                        reason: hasItem
                            ? "The cell at \(element.indexPath.wire) has no \(name) with an estimated size to "
                                + "measure (anchored to it, or to the group repetition it starts)."
                            : "There is no cell at \(element.indexPath.wire)."
                    )
                }
                let hasSection = section < session.input.sections.count && item == 0
                return .invalidField(
                    pointer: "/supplementaries/\(position)/\(hasSection ? "kind" : "indexPath")",
                    reason: hasSection
                        ? "Section \(section) has no \(kind.rawValue) with an estimated size to measure."
                        : "There is no section header or footer at \(element.indexPath.wire)."
                )
            }
        case .invalidHeaderSize(let section), .invalidFooterSize(let section):
            let kind: ElementKind = if case .invalidHeaderSize = error { .header } else { .footer }
            let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
            if let position = self.supplementaryOrder.firstIndex(of: element) {
                return .invalidField(
                    pointer: "/supplementaries/\(position)/size",
                    reason: "The session cannot use this size for the \(kind.rawValue) of section \(section)."
                )
            }
        case .noSuchItem(let section, let item), .invalidItemSize(let section, let item):
            let indexPath = IndexPath(section: section, item: item)
            if let position = self.itemOrder.firstIndex(of: indexPath) {
                let field = if case .noSuchItem = error { "indexPath" } else { "size" }
                return .invalidField(
                    pointer: "/items/\(position)/\(field)",
                    reason: "The session cannot use \(field == "size" ? "this size for" : "") item \(indexPath.wire)."
                )
            }
        case .invalidViewport:
            return .invalidField(pointer: "/viewport", reason: "The viewport must have a finite, non-negative size.")
        default:
            break
        }
        return nil
    }
}

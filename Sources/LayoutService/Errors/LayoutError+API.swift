import LayoutEngine

extension LayoutError {
    /// The problem a client sees for this error, with the JSON pointer of the field in `request` that caused it.
    ///
    /// Most bad values never reach the engine (the decoder checks ranges), so these are the errors only the
    /// layout can find: columns that do not fit the viewport, a waterfall item without width, and the like. Only
    /// ``APIError/init(_:)`` calls this.
    func apiError(for request: LayoutRequest) -> APIError {
        switch self {
        case .invalidViewport:
            return .invalidField(pointer: "/viewport", reason: "The viewport must have a finite, non-negative size.")
        case .invalidContentOffset:
            return .invalidField(pointer: "/contentOffset", reason: "The content offset must be finite.")
        case .negativeItemCount(let section):
            return .invalidField(pointer: "/sections/\(section)/count", reason: "An item count cannot be negative.")
        case .invalidItemSize(let section, let item):
            return .invalidField(
                pointer: "/sections/\(section)/items/\(item)",
                reason: "Item \(item) of section \(section) has a size this layout cannot use."
            )
        case .invalidHeaderSize(let section):
            return .invalidField(pointer: "/sections/\(section)/header", reason: "The header size is not valid.")
        case .invalidFooterSize(let section):
            return .invalidField(pointer: "/sections/\(section)/footer", reason: "The footer size is not valid.")
        case .invalidParameter(let name, let section):
            return .invalidField(
                pointer: Self.pointer(parameter: name, section: section, request: request),
                reason: "The parameter \(name) has a value this layout cannot use."
            )
        case .invalidColumnCount(let section, let columnCount):
            return .invalidField(
                pointer: Self.pointer(parameter: "columnCount", section: section, request: request),
                reason: "A waterfall needs at least one column, not \(columnCount)."
            )
        case .columnsDoNotFit(let section, let columnCount):
            return .invalidField(
                pointer: Self.columnsPointer(section: section, request: request),
                reason: "\(columnCount) columns with their spacing and insets do not fit the viewport's width "
                    + "in section \(section)."
            )
        case .tooManyItems(let count, let limit):
            return .tooManyItems(count: count, limit: limit)
        case .invalidProgress:
            return .invalidField(pointer: "/progress", reason: "The progress must be a number.")
        case .indexPathOutOfRange(let section, let item):
            return .invalidField(pointer: "/indexPath", reason: "There is no item at [\(section), \(item)].")
        case .noSuchSupplementary(let kind, let section, let item):
            return .invalidField(
                pointer: "/supplementaries",
                reason: "The layout measures no \(kind.rawValue) at [\(section), \(item)]."
            )
        case .noSuchItem(let section, let item):
            return .invalidField(
                pointer: "/sections/\(section)/items/\(item)",
                reason: "Section \(section) has no item \(item)."
            )
        }
    }

    /// Where columns that do not fit come from: the first of `columnCount`, `columnSpacing` and `sectionInset` that
    /// the section overrides, else the first that the layout's `config` sets to other than its default, else the
    /// viewport's width.
    private static func columnsPointer(section: Int, request: LayoutRequest) -> String {
        let names = ["columnCount", "columnSpacing", "sectionInset"]
        if request.input.sections.indices.contains(section),
            let name = names.first(where: { request.input.sections[section].overrides.overrides($0) })
        {
            return "/sections/\(section)/config/\(name)"
        }
        if case .waterfall(let configuration) = request.configuration {
            let defaults = WaterfallLayout.Configuration()
            if configuration.columnCount != defaults.columnCount { return "/config/columnCount" }
            if configuration.columnSpacing != defaults.columnSpacing { return "/config/columnSpacing" }
            if configuration.sectionInset != defaults.sectionInset { return "/config/sectionInset" }
        }
        return "/viewport/width"
    }

    /// The pointer to a parameter: the section's own `config` when it overrides the parameter, else the layout's.
    private static func pointer(parameter: String, section: Int?, request: LayoutRequest) -> String {
        if let section, request.input.sections.indices.contains(section),
            request.input.sections[section].overrides.overrides(parameter)
        {
            return "/sections/\(section)/config/\(parameter)"
        }
        return "/config/\(parameter)"
    }
}

extension SectionOverrides {
    /// Whether the section sets `parameter` itself.
    fileprivate func overrides(_ parameter: String) -> Bool {
        switch parameter {
        case "itemSize": self.itemSize != nil
        case "sectionInset": self.sectionInset != nil
        case "minimumLineSpacing": self.minimumLineSpacing != nil
        case "minimumInteritemSpacing": self.minimumInteritemSpacing != nil
        case "headerReferenceSize": self.headerReferenceSize != nil
        case "footerReferenceSize": self.footerReferenceSize != nil
        case "columnCount": self.columnCount != nil
        case "columnSpacing": self.columnSpacing != nil
        case "rowSpacing": self.rowSpacing != nil
        case "headerHeight": self.headerHeight != nil
        case "footerHeight": self.footerHeight != nil
        case let name where name.hasPrefix("section/"): self.compositionalSection != nil
        default: false
        }
    }
}

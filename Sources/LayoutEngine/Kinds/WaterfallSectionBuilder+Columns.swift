extension WaterfallSectionBuilder {
    /// How a section's columns are counted and sized (``WaterfallLayout/Configuration``'s column parameters, after
    /// the section's overrides).
    struct Columns {
        /// The number of columns when ``minColumnWidth`` is `nil`.
        var count: Int
        /// When set, as many columns of at least this width as fit (masonic's rule).
        var minColumnWidth: Double?
        /// The most columns.
        var maxCount: Int?
        /// The widest a column gets; narrower columns start at the leading inset.
        var maxWidth: Double?
    }

    /// Checks the section's parameters and computes the column count and width.
    ///
    /// With a minimum column width `m`, the count is `min(⌊(W + s) / (m + s)⌋, maxColumnCount)`, at least 1, where
    /// `W` is the width inside the insets and `s` the column spacing; otherwise it is the column count, at most
    /// `maxColumnCount`. The width is `(W − s·(count − 1)) / count`, at most `maxColumnWidth`.
    ///
    /// - Throws: ``LayoutError``.
    mutating func validate(section: Int, limits: LayoutLimits) throws(LayoutError) {
        let spec = self.columns
        guard spec.count >= 1, spec.count <= limits.maximumColumnCount else {
            throw .invalidColumnCount(section: section, columnCount: spec.count)
        }
        if let maxCount = spec.maxCount, maxCount < 1 || maxCount > limits.maximumColumnCount {
            throw .invalidParameter(name: "maxColumnCount", section: section)
        }
        try validateNonNegative(self.columnSpacing, name: "columnSpacing", section: section)
        try validateNonNegative(self.rowSpacing, name: "rowSpacing", section: section)
        try validateInsets(self.inset, name: "sectionInset", section: section)
        try validateNonNegative(self.headerHeight, name: "headerHeight", section: section)
        try validateNonNegative(self.footerHeight, name: "footerHeight", section: section)
        try validateInsets(self.headerInset, name: "headerInset", section: section)
        try validateInsets(self.footerInset, name: "footerInset", section: section)
        if let minimum = spec.minColumnWidth, !(minimum > 0 && minimum < .infinity) {
            throw .invalidParameter(name: "minColumnWidth", section: section)
        }
        if let maximum = spec.maxWidth, !(maximum > 0 && maximum < .infinity) {
            throw .invalidParameter(name: "maxColumnWidth", section: section)
        }
        let inner = self.width - self.inset.left - self.inset.right
        let spacing = self.columnSpacing
        var count = spec.count
        if let minimum = spec.minColumnWidth {
            let fitting = ((inner + spacing) / (minimum + spacing)).rounded(.down)
            count =
                fitting >= Double(limits.maximumColumnCount)
                ? limits.maximumColumnCount : Swift.max(1, Int(fitting))
        }
        if let maxCount = spec.maxCount { count = Swift.min(count, maxCount) }
        let columns = Double(count)
        var columnWidth = (inner - (columns - 1) * spacing) / columns
        guard columnWidth > 0, columnWidth < .infinity else {
            throw .columnsDoNotFit(section: section, columnCount: count)
        }
        if let maximum = spec.maxWidth { columnWidth = Swift.min(columnWidth, maximum) }
        self.columnCount = count
        self.columnWidth = columnWidth
    }
}

import LayoutEngine

extension LayoutService {
    /// Refuses a layout whose content passes ±1e9 points (issue 19.7), naming the section that carries it there.
    ///
    /// Checked once per prepare or mutation on the sections' extents and the content size, never per element
    /// (``PreparedLayout/coordinateRangeOverflow(limit:)``). The pointer names the first section that passes the
    /// range: its `count` or `items` when `input` is known (they are what a section adds length with), the
    /// section itself otherwise, and `/config` when only the content size passes it (the layout's insets).
    ///
    /// - Parameters:
    ///   - layout: The prepared layout.
    ///   - input: The input it was prepared from, when the caller has it, for a more precise pointer.
    /// - Throws: ``APIError/invalidField(pointer:reason:)`` (422).
    /// - Complexity: O(number of sections).
    static func checkCoordinateRange(_ layout: PreparedLayout, input: LayoutInput?) throws(APIError) {
        guard let overflow = layout.coordinateRangeOverflow() else { return }
        let pointer: String
        if let section = overflow.section {
            switch input?.sections[safe: section]?.items {
            case .count?: pointer = "/sections/\(section)/count"
            case .sizes?: pointer = "/sections/\(section)/items"
            case nil: pointer = "/sections/\(section)"
            }
        } else {
            pointer = "/config"
        }
        let reached = overflow.coordinate.isFinite ? "\(overflow.coordinate)" : "beyond any number"
        throw .invalidField(
            pointer: pointer,
            reason: "The layout would reach coordinate \(reached), past the ±1e9 points coordinates may take; "
                + "use fewer or smaller items, or smaller spacing and insets."
        )
    }
}

extension Array {
    /// The element at `index`, or `nil` when there is none.
    fileprivate subscript(safe index: Int) -> Element? {
        self.indices.contains(index) ? self[index] : nil
    }
}

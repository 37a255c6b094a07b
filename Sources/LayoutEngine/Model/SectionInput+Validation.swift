extension SectionInput {
    /// Checks that every listed size is valid (finite, not negative); `requiresPositiveWidth` also refuses a zero
    /// width (an aspect ratio needs one).
    ///
    /// - Parameters:
    ///   - section: The section's index, for the error.
    ///   - requiresPositiveWidth: Whether a width of zero is refused.
    /// - Throws: ``LayoutError/invalidItemSize(section:item:)`` naming the first bad item.
    /// - Complexity: O(n).
    func validateSizes(section: Int, requiresPositiveWidth: Bool = false) throws(LayoutError) {
        guard case .sizes(let sizes) = self.items else { return }
        let firstBad = sizes.withUnsafeBufferPointer { sizes -> Int? in
            for (item, size) in sizes.enumerated() {
                guard size.isValid, !requiresPositiveWidth || size.width > 0 else { return item }
            }
            return nil
        }
        if let item = firstBad { throw .invalidItemSize(section: section, item: item) }
    }
}

/// Checks that a spacing or length parameter is finite and not negative.
///
/// - Throws: ``LayoutError/invalidParameter(name:section:)``.
func validateNonNegative(_ value: Double, name: String, section: Int?) throws(LayoutError) {
    guard value >= 0, value < .infinity else { throw .invalidParameter(name: name, section: section) }
}

/// Checks that insets are finite.
///
/// - Throws: ``LayoutError/invalidParameter(name:section:)``.
func validateInsets(_ insets: EdgeInsets, name: String, section: Int?) throws(LayoutError) {
    guard insets.isFinite else { throw .invalidParameter(name: name, section: section) }
}

/// Checks that a default size is valid.
///
/// - Throws: ``LayoutError/invalidParameter(name:section:)``.
func validateSize(_ size: Size, name: String, section: Int?) throws(LayoutError) {
    guard size.isValid else { throw .invalidParameter(name: name, section: section) }
}

/// Checks the layout-wide parameters flow and waterfall share: the section background's insets and the flick
/// threshold of their snapping.
///
/// - Throws: ``LayoutError/invalidParameter(name:section:)`` naming the parameter.
func validateScrollingParameters(sectionBackground: EdgeInsets?, flickVelocityThreshold: Double) throws(LayoutError) {
    if let sectionBackground {
        try validateInsets(sectionBackground, name: "sectionBackground", section: nil)
    }
    try validateNonNegative(flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
}

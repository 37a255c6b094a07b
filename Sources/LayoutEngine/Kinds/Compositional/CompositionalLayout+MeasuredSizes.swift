extension CompositionalLayout.LayoutSize {
    /// The size in a container of size `container`, each estimated dimension replaced by the length the client
    /// measured, when it measured one (a positive length: zero means "not measured yet").
    ///
    /// - Parameters:
    ///   - container: The containing size that fractional dimensions are fractions of.
    ///   - measured: What the client measured, or `nil`.
    /// - Returns: The resolved size.
    func resolved(in container: Size, measured: Size?) -> Size {
        var size = self.resolved(in: container)
        guard let measured else { return size }
        if self.width.isEstimated, measured.width > 0 { size.width = measured.width }
        if self.height.isEstimated, measured.height > 0 { size.height = measured.height }
        return size
    }
}

extension PreparedLayout {
    /// For a `justified` layout, flickr/justified-layout's `widowCount`: the items of each section's last,
    /// incomplete row when widows are shown, summed over the sections; `nil` for the other kinds.
    public var widowCount: Int? {
        guard case .justified(_, let widowCount) = self.effects else { return nil }
        return widowCount
    }
}

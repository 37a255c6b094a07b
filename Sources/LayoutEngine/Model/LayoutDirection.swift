/// The user interface's writing direction (UIKit's `UIUserInterfaceLayoutDirection`).
///
/// With ``rightToLeft`` every layout is mirrored horizontally (`x' = contentWidth − maxX`), as
/// `flipsHorizontallyInOppositeLayoutDirection` does in UIKit.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// Left to right. The default.
    case leftToRight
    /// Right to left: every layout is the mirror image of its left-to-right self.
    case rightToLeft
}

/// Everything needed to turn a stored cell frame into attributes, gathered once per section and query so that the
/// per-cell work touches no array but the frames (no copies, no reference counting).
struct CellContext {
    private enum Mode {
        case plain
        case line
        case stack
        case circle
    }

    private let section: Int
    private let origin: Point
    private let itemCount: Int
    private let mode: Mode
    private let viewportCenterX: Double
    private let activeDistance: Double
    private let scaleFactor: Double
    private let transforms: [AffineTransform]
    private let mirrorWidth: Double?

    /// Gathers the context of one section of `layout` at a content offset in stored (left-to-right) space; an
    /// orthogonal section's cells are drawn `scrolled` points toward the leading edge.
    init(layout: PreparedLayout, section: Int, offset: Point, scrolled: Double = 0) {
        self.section = section
        let origin = layout.sections[section].origin
        self.origin = Point(x: origin.x - scrolled, y: origin.y)
        self.itemCount = layout.sections[section].frames.count
        self.viewportCenterX = offset.x + layout.viewport.width * 0.5
        self.mirrorWidth = layout.isMirrored ? layout.contentSize.width : nil
        var activeDistance = 1.0
        var scaleFactor = 0.0
        var transforms: [AffineTransform] = []
        switch layout.effects {
        case .none, .pinning, .compositional:
            self.mode = .plain
        case .line(let distance, let factor):
            self.mode = .line
            activeDistance = distance
            scaleFactor = factor
        case .stack(let stackTransforms):
            self.mode = .stack
            transforms = stackTransforms
        case .circle:
            self.mode = .circle
        }
        self.activeDistance = activeDistance
        self.scaleFactor = scaleFactor
        self.transforms = transforms
    }

    /// A cell's attributes from its frame relative to the section, with the kind's query-time effects, mirrored
    /// for right to left.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func makeCell(item: Int, frame: Rect) -> LayoutAttributes {
        var attributes = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: self.section, item: item),
            frame: frame.offsetBy(dx: self.origin.x, dy: self.origin.y)
        )
        switch self.mode {
        case .plain:
            break
        case .line:
            let distance = abs(attributes.frame.midX - self.viewportCenterX)
            // The seed's formula goes negative beyond (1 + 1/scaleFactor)·activeDistance; clamp it at 0.
            let scale = Swift.max(0, 1 + self.scaleFactor * (1 - distance / self.activeDistance))
            if scale != 1 { attributes.transform = .scale(x: scale, y: scale) }
        case .stack:
            if item < self.transforms.count {
                attributes.transform = self.transforms[item]
            } else {
                attributes.isHidden = true
            }
            attributes.zIndex = self.itemCount - item
        case .circle:
            attributes.zIndex = item
        }
        if let width = self.mirrorWidth { return attributes.mirrored(inWidth: width) }
        return attributes
    }
}

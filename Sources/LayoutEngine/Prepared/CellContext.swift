/// Everything needed to turn a stored cell frame into attributes, gathered once per section and query so that the
/// per-cell work touches no array but the frames (no copies, no reference counting).
struct CellContext {
    enum Mode {
        case plain
        case line
        case stack
        case circle
        case cover(CoverEffects, isVertical: Bool, topLine: Double, firstItem: Int)
        case rotary(RotaryEffects)
        case pageCover(pageWidth: Double, pinnedPage: Int, pinnedX: Double)
        case justified
        /// `compositional`'s visible-item effect: `vertical` tells the axis, `center` the visible centre on it.
        case visibleItems(CompositionalLayout.VisibleItemsEffect, vertical: Bool, center: Double, distance: Double)
    }

    /// The section whose cells it makes.
    let section: Int
    private let origin: Point
    private let itemCount: Int
    private let mode: Mode
    private let viewportCenterX: Double
    private let activeDistance: Double
    private let scaleFactor: Double
    private let transforms: [AffineTransform]
    private let mirrorWidth: Double?
    /// `justified`: items from this index on are hidden.
    private let shownCount: Int

    /// Gathers the context of one section of `layout` at a content offset in stored (left-to-right) space; an
    /// orthogonal section's cells are drawn `scrolled` points toward the leading edge (toward the top when the
    /// layout scrolls horizontally).
    init(layout: borrowing PreparedLayout, section: Int, offset: Point, scrolled: Double = 0) {
        self.section = section
        self.origin = Self.origin(layout: layout, section: section, scrolled: scrolled)
        self.itemCount = layout.sections[section].frames.count
        self.viewportCenterX = offset.x + layout.viewport.width * 0.5
        self.mirrorWidth = layout.isMirrored ? layout.contentSize.width : nil
        var activeDistance = 1.0
        var scaleFactor = 0.0
        var transforms: [AffineTransform] = []
        var shownCount = Int.max
        switch layout.effects {
        case .compositional(let effects):
            self.mode = effects.visibleItemsMode(layout: layout, section: section, offset: offset)
        case .none, .pinning:
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
        case .cover(let cover, let firstItems):
            let isVertical = layout.axis == .vertical
            let topLine = cover.topLine(at: offset, isVertical: isVertical)
            self.mode = .cover(cover, isVertical: isVertical, topLine: topLine, firstItem: firstItems[section])
        case .rotary(let rotary):
            self.mode = .rotary(rotary)
        case .pageCover(let pageWidth, let maximumOffset):
            // The offset is clamped to the pages, so a bounce past either end turns nothing.
            let x = Swift.min(maximumOffset, Swift.max(0, offset.x))
            let page = pageWidth > 0 ? Self.pageIndex((x / pageWidth).rounded(.down)) : -2
            self.mode = .pageCover(pageWidth: pageWidth, pinnedPage: page + 1, pinnedX: x)
        case .justified(let shownItemCounts, _):
            self.mode = .justified
            shownCount = shownItemCounts[section]
        }
        self.shownCount = shownCount
        self.activeDistance = activeDistance
        self.scaleFactor = scaleFactor
        self.transforms = transforms
    }

    /// Where a section's cells are drawn from: its origin, moved `scrolled` points toward the leading edge (toward
    /// the top when the layout scrolls horizontally) for an orthogonal section.
    private static func origin(layout: PreparedLayout, section: Int, scrolled: Double) -> Point {
        let origin = layout.sections[section].origin
        return layout.axis == .vertical
            ? Point(x: origin.x - scrolled, y: origin.y) : Point(x: origin.x, y: origin.y - scrolled)
    }

    /// The origin of a section's cells when every one of them is plain, `nil` otherwise: a plain cell is drawn
    /// with UIKit's default attributes at its stored frame moved by this origin (no query-time effect, no
    /// mirroring), which is all ``makeCell(item:frame:)`` would make of it besides its index path, so a visitor
    /// may skip making the context and the cell's ``LayoutAttributes``.
    ///
    /// The layouts whose context has the ``Mode/plain`` mode for every section (no effects, or only pinned
    /// headers and footers), left to right.
    ///
    /// - Complexity: O(1).
    static func plainOrigin(layout: PreparedLayout, section: Int, scrolled: Double) -> Point? {
        guard let prefix = Self.plainPrefix(layout: layout, section: section, scrolled: scrolled),
            prefix.count == .max
        else { return nil }
        return prefix.origin
    }

    /// The origin of a section's cells and how many of its first cells are plain when the others are all the plain
    /// cell hidden, `nil` otherwise: every cell (`Int.max`) of a layout left to right with no effect or only pinned
    /// headers and footers (``plainOrigin(layout:section:scrolled:)``), or the shown cells of a `justified` section
    /// left to right, whose cells from its shown count on are the plain cell hidden (what
    /// ``makeCell(item:frame:)`` makes in the ``Mode/justified`` mode), for a rect query that hands plain cells
    /// over (issue 21's scrolling rows: a `justified` viewport's cells were made as attributes and written whole).
    ///
    /// - Complexity: O(1).
    static func plainPrefix(layout: PreparedLayout, section: Int, scrolled: Double) -> (origin: Point, count: Int)? {
        guard !layout.isMirrored else { return nil }
        switch layout.effects {
        case .none, .pinning: return (Self.origin(layout: layout, section: section, scrolled: scrolled), Int.max)
        case .justified(let shownItemCounts, _):
            return (Self.origin(layout: layout, section: section, scrolled: scrolled), shownItemCounts[section])
        default: return nil
        }
    }

    /// Whether cells of this section may be drawn away from their stored frames, so a rect query must test
    /// ``drawnFrame(item:frame:)`` rather than the stored frame.
    var movesCells: Bool {
        switch self.mode {
        case .cover, .pageCover: return true
        case .plain, .line, .stack, .circle, .rotary, .justified, .visibleItems: return false
        }
    }

    /// Where a cell is drawn, relative to its section, in stored (left-to-right) space: its stored frame, or
    /// for `cover` and `pagecover` where the content offset moves it.
    ///
    /// - Complexity: O(1).
    func drawnFrame(item: Int, frame: Rect) -> Rect {
        guard self.movesCells else { return frame }
        return self.makeCell(item: item, frame: frame, mirrors: false).frame.offsetBy(
            dx: -self.origin.x,
            dy: -self.origin.y
        )
    }

    /// A cell's attributes from its frame relative to the section, with the kind's query-time effects, mirrored
    /// for right to left.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func makeCell(item: Int, frame: Rect) -> LayoutAttributes {
        self.makeCell(item: item, frame: frame, mirrors: true)
    }

    @inline(__always)
    private func makeCell(item: Int, frame: Rect, mirrors: Bool) -> LayoutAttributes {
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
        case .cover(let cover, let isVertical, let topLine, let firstItem):
            Self.cover(&attributes, cover, isVertical: isVertical, topLine: topLine)
            attributes.zIndex = firstItem + item
        case .rotary(let rotary):
            let progress = (attributes.frame.midX - self.viewportCenterX) / (attributes.frame.width + rotary.falloff.spacing)
            let c = Swift.min(1, Swift.max(-1, progress))
            attributes.transform3D = rotary.transform(progress: c)
            attributes.alpha = rotary.falloff.alpha(at: abs(c))
            // The nearest card on top: zIndex falls by one per thousandth of a card's pitch from the centre.
            let distance = Swift.min(1_000_000, abs(progress))
            attributes.zIndex = distance.isNaN ? 0 : -Int((distance * 1000).rounded())
        case .pageCover(let pageWidth, let pinnedPage, let pinnedX):
            if pageWidth > 0, Self.pageIndex((attributes.frame.minX / pageWidth).rounded()) == pinnedPage {
                attributes.frame.origin.x = pinnedX
                attributes.zIndex = -1
            }
        case .justified:
            attributes.isHidden = item >= self.shownCount
        case .visibleItems(let effect, let vertical, let center, let distance):
            let position = vertical ? attributes.frame.midY : attributes.frame.midX
            effect.apply(to: &attributes, t: Swift.min(1, abs(position - center) / distance))
        }
        if mirrors, let width = self.mirrorWidth { return attributes.mirrored(inWidth: width) }
        return attributes
    }

    /// A page number from a whole number of pages, clamped so that no ratio (a subnormal page width) can trap.
    private static func pageIndex(_ pages: Double) -> Int {
        pages.isNaN ? -2 : Int(Swift.min(1e15, Swift.max(-1e15, pages)))
    }

    /// Pins, shrinks, dims or hides a `cover` card whose leading edge has passed the top line.
    private static func cover(
        _ attributes: inout LayoutAttributes,
        _ cover: CoverEffects,
        isVertical: Bool,
        topLine: Double
    ) {
        let leading = isVertical ? attributes.frame.minY : attributes.frame.minX
        guard leading < topLine else { return }
        let length = isVertical ? attributes.frame.height : attributes.frame.width
        let pitch = length + cover.falloff.spacing
        let progress = pitch > 0 ? Swift.min(1, (topLine - leading) / pitch) : 1
        let scale = cover.falloff.scale(at: progress)
        if scale != 1 { attributes.transform = .scale(x: scale, y: scale) }
        attributes.alpha = cover.falloff.alpha(at: progress)
        if progress >= 1 {
            // Fully covered: hidden where it is, so that it scrolls away with the content.
            attributes.isHidden = true
        } else if isVertical {
            attributes.frame.origin.y = topLine
        } else {
            attributes.frame.origin.x = topLine
        }
    }
}

/// The axis a layout scrolls along, which its spatial index sorts by.
enum Axis: Hashable, Sendable {
    case horizontal
    case vertical

    /// The rectangle's edge that comes first along the axis.
    func leading(_ rect: Rect) -> Double {
        self == .vertical ? rect.minY : rect.minX
    }

    /// The rectangle's edge that comes last along the axis.
    func trailing(_ rect: Rect) -> Double {
        self == .vertical ? rect.maxY : rect.maxX
    }

    /// The point's coordinate along the axis.
    func coordinate(_ point: Point) -> Double {
        self == .vertical ? point.y : point.x
    }
}

extension FlowLayout.ScrollDirection {
    /// The axis sections stack along.
    var axis: Axis { self == .vertical ? .vertical : .horizontal }

    /// A content size `length` long along the scroll axis and `crossLength` across it.
    func contentSize(length: Double, crossLength: Double) -> Size {
        self == .vertical ? Size(width: crossLength, height: length) : Size(width: length, height: crossLength)
    }

    /// A content size `length` long along the scroll axis and as wide (or tall) as `viewport` across it.
    func contentSize(length: Double, viewport: Size) -> Size {
        self.contentSize(length: length, crossLength: self == .vertical ? viewport.width : viewport.height)
    }
}

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

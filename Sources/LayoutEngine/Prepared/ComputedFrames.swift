/// The closed forms of a section's frames other than the grid (``CircleGeometry``, ``RepeatedGroupGeometry``),
/// boxed: a ``SectionFrames`` and a ``SpatialIndex`` are copied on every query of every kind, so each holds one
/// reference to them rather than their fields (held inline, they made waterfall queries about 0.5 µs slower).
final class ComputedFrames: Hashable, Sendable {
    /// The circle the frames are computed on, if they are.
    let circle: CircleGeometry?
    /// The repeated group the frames are computed from, if they are.
    let repeatedGroup: RepeatedGroupGeometry?

    /// Frames on a circle.
    init(circle: CircleGeometry) {
        self.circle = circle
        self.repeatedGroup = nil
    }

    /// Frames of a repeated group.
    init(repeatedGroup: RepeatedGroupGeometry) {
        self.circle = nil
        self.repeatedGroup = repeatedGroup
    }

    /// The number of frames.
    var count: Int { self.circle?.count ?? self.repeatedGroup?.count ?? 0 }

    /// The smallest rectangle containing every frame, or `nil` without frames.
    var bounds: Rect? { self.circle?.bounds ?? self.repeatedGroup?.bounds }

    /// The frame of an item.
    @inline(__always)
    func frame(_ item: Int) -> Rect {
        if let frame = self.circle?.frame(item) { return frame }
        return self.repeatedGroup.unsafelyUnwrapped.frame(item)
    }

    /// The bytes the closed form holds on the heap, this box included.
    var heapBytes: Int {
        16 + MemoryLayout<CircleGeometry?>.stride + MemoryLayout<RepeatedGroupGeometry?>.stride
            + (self.repeatedGroup?.heapBytes ?? 0)
    }

    static func == (lhs: ComputedFrames, rhs: ComputedFrames) -> Bool {
        lhs === rhs || (lhs.circle == rhs.circle && lhs.repeatedGroup == rhs.repeatedGroup)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.circle)
        hasher.combine(self.repeatedGroup)
    }
}

/// Where one element goes and how it looks (UIKit's `UICollectionViewLayoutAttributes`).
///
/// The frame is the untransformed frame (``center`` ± ``size`` / 2); ``transform`` and ``transform3D`` apply
/// about the centre. Attributes are plain values without references (copying one is a memory copy): the engine makes
/// them on demand from its compact storage, so holding or dropping them costs nothing elsewhere.
public struct LayoutAttributes: Hashable, Sendable {
    /// Whether this is a cell, a supplementary view or a decoration view.
    public var category: ElementCategory
    /// The supplementary or decoration kind; `nil` for cells.
    public var kind: ElementKind?
    /// The element's section and item.
    public var indexPath: IndexPath
    /// The untransformed frame. Setting it moves the centre and changes the size.
    ///
    /// Stored as is (UIKit stores the centre), so that frames, what the wire carries, round-trip exactly.
    public var frame: Rect
    /// The 2D transform about the centre. Defaults to the identity.
    public var transform: AffineTransform
    /// The opacity, 0…1. Defaults to 1.
    public var alpha: Double
    /// The front-to-back order: higher is in front. Defaults to 0.
    public var zIndex: Int
    /// Whether the element is hidden. Defaults to `false`.
    public var isHidden: Bool
    /// The 3D transform about the centre. Defaults to the identity.
    public var transform3D: Transform3D

    /// Creates attributes with UIKit's defaults: identity transforms, alpha 1, zIndex 0, shown.
    ///
    /// - Parameters:
    ///   - category: The element's category.
    ///   - kind: The supplementary or decoration kind; `nil` for cells.
    ///   - indexPath: The element's index path.
    ///   - frame: The untransformed frame.
    public init(category: ElementCategory, kind: ElementKind?, indexPath: IndexPath, frame: Rect) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.transform = .identity
        self.alpha = 1
        self.zIndex = 0
        self.isHidden = false
        self.transform3D = .identity
    }

    /// The centre of the untransformed frame. Setting it moves the frame and keeps its size.
    public var center: Point {
        get { self.frame.center }
        set {
            self.frame.origin = Point(x: newValue.x - self.frame.width * 0.5, y: newValue.y - self.frame.height * 0.5)
        }
    }

    /// The untransformed size. Setting it keeps the centre, as in UIKit.
    public var size: Size {
        get { self.frame.size }
        set {
            let center = self.center
            self.frame.size = newValue
            self.center = center
        }
    }

    /// The same attributes mirrored about the vertical line `x = width / 2`.
    func mirrored(inWidth width: Double) -> LayoutAttributes {
        var result = self
        result.mirror(inWidth: width)
        return result
    }

    /// Mirrors these attributes about the vertical line `x = width / 2` (``mirrored(inWidth:)`` in place).
    @inline(__always)
    mutating func mirror(inWidth width: Double) {
        self.frame.origin.x = width - self.frame.maxX
        self.transform = self.transform.mirroredHorizontally
        if !self.transform3D.isIdentity { self.transform3D = self.transform3D.mirroredHorizontally }
    }
}

/// Where one element goes and how it looks (UIKit's `UICollectionViewLayoutAttributes`).
///
/// The frame is the untransformed frame (``center`` ± ``size`` / 2); ``transform`` and ``transform3D`` apply
/// about the centre. Attributes are plain values: the engine makes them on demand from its compact storage, so holding or
/// dropping them costs nothing elsewhere.
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
    // The 3D transform is rare (no seed layout uses one), so it lives out of line and keeps attributes small.
    private var transform3DStorage: Transform3DBox?

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
        self.transform3DStorage = nil
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

    /// The 3D transform about the centre. Defaults to the identity.
    public var transform3D: Transform3D {
        get { self.transform3DStorage?.value ?? .identity }
        set { self.transform3DStorage = newValue.isIdentity ? nil : Transform3DBox(newValue) }
    }

    /// Compares every property.
    ///
    /// - Parameters:
    ///   - lhs: Some attributes.
    ///   - rhs: Other attributes.
    /// - Returns: Whether all properties are equal.
    public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
        lhs.category == rhs.category && lhs.kind == rhs.kind && lhs.indexPath == rhs.indexPath
            && lhs.frame == rhs.frame && lhs.transform == rhs.transform
            && lhs.alpha == rhs.alpha && lhs.zIndex == rhs.zIndex && lhs.isHidden == rhs.isHidden
            && lhs.transform3D == rhs.transform3D
    }

    /// Hashes every property.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.category)
        hasher.combine(self.kind)
        hasher.combine(self.indexPath)
        hasher.combine(self.frame)
        hasher.combine(self.transform)
        hasher.combine(self.alpha)
        hasher.combine(self.zIndex)
        hasher.combine(self.isHidden)
        hasher.combine(self.transform3D)
    }

    /// The same attributes mirrored about the vertical line `x = width / 2`.
    func mirrored(inWidth width: Double) -> LayoutAttributes {
        var result = self
        result.frame.origin.x = width - self.frame.maxX
        result.transform = self.transform.mirroredHorizontally
        if let box = self.transform3DStorage {
            result.transform3DStorage = Transform3DBox(box.value.mirroredHorizontally)
        }
        return result
    }
}

/// An immutable box that keeps ``LayoutAttributes`` small when its 3D transform is the identity.
private final class Transform3DBox: Sendable {
    let value: Transform3D

    init(_ value: Transform3D) {
        self.value = value
    }
}

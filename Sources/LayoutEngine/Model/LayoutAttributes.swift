/// Where one element goes and how it looks (UIKit's `UICollectionViewLayoutAttributes`).
///
/// The frame is the untransformed frame, `center ± size / 2`; ``transform`` and ``transform3D`` apply about the
/// centre. Attributes are plain values: the engine makes them on demand from its compact storage, so holding or
/// dropping them costs nothing elsewhere.
public struct LayoutAttributes: Hashable, Sendable {
    /// Whether this is a cell, a supplementary view or a decoration view.
    public var category: ElementCategory
    /// The supplementary or decoration kind; `nil` for cells.
    public var kind: ElementKind?
    /// The element's section and item.
    public var indexPath: IndexPath
    /// The centre of the untransformed frame.
    public var center: Point
    /// The untransformed size.
    public var size: Size
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
        self.center = frame.center
        self.size = frame.size
        self.transform = .identity
        self.alpha = 1
        self.zIndex = 0
        self.isHidden = false
        self.transform3DStorage = nil
    }

    /// The untransformed frame: ``center`` ± ``size`` / 2. Setting it moves the centre and changes the size.
    public var frame: Rect {
        get {
            Rect(
                x: self.center.x - self.size.width * 0.5,
                y: self.center.y - self.size.height * 0.5,
                width: self.size.width,
                height: self.size.height
            )
        }
        set {
            self.center = newValue.center
            self.size = newValue.size
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
            && lhs.center == rhs.center && lhs.size == rhs.size && lhs.transform == rhs.transform
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
        hasher.combine(self.center)
        hasher.combine(self.size)
        hasher.combine(self.transform)
        hasher.combine(self.alpha)
        hasher.combine(self.zIndex)
        hasher.combine(self.isHidden)
        hasher.combine(self.transform3D)
    }

    /// The same attributes mirrored about the vertical line `x = width / 2`.
    func mirrored(inWidth width: Double) -> LayoutAttributes {
        var result = self
        result.center.x = width - self.center.x
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

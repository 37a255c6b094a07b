extension LayoutAttributes {
    /// The attributes a fraction `progress` of the way from `from` to `to`, which describe the same element at
    /// the two ends of a transition (``TransitionLayout``).
    ///
    /// The frame's edges, hence its centre and size, interpolate linearly; the affine transform through its
    /// ``AffineTransform/Decomposition`` (``AffineTransform/interpolated(to:progress:)``); the 3D transform
    /// component by component. An element hidden at one end counts as alpha 0 there and is shown in between; it
    /// stays hidden only when hidden at both ends. zIndex is `from`'s below progress 0.5 and `to`'s from 0.5.
    /// Category, kind and index path are `from`'s.
    ///
    /// - Parameters:
    ///   - from: The element's attributes at progress 0.
    ///   - to: The element's attributes at progress 1.
    ///   - progress: The fraction, 0…1.
    /// - Returns: The interpolated attributes.
    /// - Complexity: O(1).
    public static func interpolated(from: LayoutAttributes, to: LayoutAttributes, progress: Double) -> LayoutAttributes
    {
        var result = from
        result.frame = Self.interpolatedFrame(from: from.frame, to: to.frame, progress: progress)
        Self.interpolateAppearance(of: &result, from: from, to: to, progress: progress)
        return result
    }

    /// The frame whose edges are `progress` of the way from `from`'s to `to`'s: its centre and size interpolate
    /// linearly, and it equals `from` at 0 and `to` at 1 exactly.
    ///
    /// - Complexity: O(1).
    static func interpolatedFrame(from: Rect, to: Rect, progress t: Double) -> Rect {
        let u = 1 - t
        return Rect(
            x: u * from.minX + t * to.minX,
            y: u * from.minY + t * to.minY,
            width: u * from.width + t * to.width,
            height: u * from.height + t * to.height
        )
    }

    /// Everything but the frame: transforms, alpha, hidden and zIndex (see
    /// ``interpolated(from:to:progress:)``).
    static func interpolateAppearance(
        of result: inout LayoutAttributes,
        from: LayoutAttributes,
        to: LayoutAttributes,
        progress t: Double
    ) {
        result.transform = from.transform.interpolated(to: to.transform, progress: t)
        if from.transform3D != to.transform3D {
            let a = from.transform3D.components
            let b = to.transform3D.components
            var mixed = [Double](repeating: 0, count: 16)
            for index in 0..<16 { mixed[index] = (1 - t) * a[index] + t * b[index] }
            result.transform3D = Transform3D(components: mixed) ?? from.transform3D
        }
        let isHiddenAtBothEnds = from.isHidden && to.isHidden
        let fromAlpha = from.isHidden && !isHiddenAtBothEnds ? 0 : from.alpha
        let toAlpha = to.isHidden && !isHiddenAtBothEnds ? 0 : to.alpha
        result.alpha = (1 - t) * fromAlpha + t * toAlpha
        result.isHidden = isHiddenAtBothEnds
        result.zIndex = t < 0.5 ? from.zIndex : to.zIndex
    }

    /// An element present at one end only, `progress` of the way through the transition: where that end puts
    /// it, its alpha fading out (`isAtStart`, present at progress 0) or in (present at progress 1).
    ///
    /// It is hidden only if hidden at its end (absent counts as hidden at the other end).
    ///
    /// - Complexity: O(1).
    static func fading(_ attributes: LayoutAttributes, isAtStart: Bool, progress t: Double) -> LayoutAttributes {
        var result = attributes
        result.alpha = (isAtStart ? 1 - t : t) * attributes.alpha
        return result
    }
}

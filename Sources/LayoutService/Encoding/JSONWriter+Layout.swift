import LayoutEngine

/// Writers for the wire contract's answers: geometry, one element's attributes, a whole layout.
extension JSONWriter {
    /// Writes `{"width","height"}`.
    mutating func value(_ size: Size) {
        self.beginObject()
        self.key("width")
        self.value(size.width)
        self.key("height")
        self.value(size.height)
        self.endObject()
    }

    /// Writes `{"x","y"}`.
    mutating func value(_ point: Point) {
        self.beginObject()
        self.key("x")
        self.value(point.x)
        self.key("y")
        self.value(point.y)
        self.endObject()
    }

    /// Writes `{"x","y","width","height"}`.
    mutating func value(_ rect: Rect) {
        self.beginObject()
        self.key("x")
        self.value(rect.minX)
        self.key("y")
        self.value(rect.minY)
        self.key("width")
        self.value(rect.width)
        self.key("height")
        self.value(rect.height)
        self.endObject()
    }

    /// Writes one element as DESIGN.md's wire contract shows it.
    ///
    /// `kind` appears for supplementary and decoration views; `transform` and `transform3D` only when they are not
    /// the identity, so that most cells stay short. The fixed structure goes out in a few ``fragment(_:)`` copies:
    /// this runs once per element of every answer.
    mutating func value(_ attributes: LayoutAttributes) {
        switch (attributes.category, attributes.kind) {
        case (.cell, _): self.fragment(#"{"category":"cell","indexPath":"#)
        case (.supplementaryView, .header?): self.fragment(#"{"category":"supplementaryView","kind":"header","indexPath":"#)
        case (.supplementaryView, .footer?): self.fragment(#"{"category":"supplementaryView","kind":"footer","indexPath":"#)
        case (.decorationView, .background?):
            self.fragment(#"{"category":"decorationView","kind":"background","indexPath":"#)
        default:
            self.beginObject()
            self.key("category")
            self.value(attributes.category.rawValue)
            if let kind = attributes.kind {
                self.key("kind")
                self.value(kind.rawValue)
            }
            self.key("indexPath")
        }
        self.value(attributes.indexPath)
        let frame = attributes.frame
        self.fragment(#""frame":{"x":"#)
        self.value(frame.minX)
        self.fragment(#""y":"#)
        self.value(frame.minY)
        self.fragment(#""width":"#)
        self.value(frame.width)
        self.fragment(#""height":"#)
        self.value(frame.height)
        self.endObject()
        self.fragment(#""zIndex":"#)
        self.value(attributes.zIndex)
        self.fragment(#""alpha":"#)
        self.value(attributes.alpha)
        self.key("hidden")
        self.value(attributes.isHidden)
        if !attributes.transform.isIdentity {
            let transform = attributes.transform
            self.fragment(#""transform":{"a":"#)
            self.value(transform.a)
            self.fragment(#""b":"#)
            self.value(transform.b)
            self.fragment(#""c":"#)
            self.value(transform.c)
            self.fragment(#""d":"#)
            self.value(transform.d)
            self.fragment(#""tx":"#)
            self.value(transform.tx)
            self.fragment(#""ty":"#)
            self.value(transform.ty)
            self.endObject()
        }
        let transform3D = attributes.transform3D
        if !transform3D.isIdentity {
            self.key("transform3D")
            self.beginArray()
            for component in transform3D.components { self.value(component) }
            self.endArray()
        }
        self.endObject()
    }

    /// Writes `"widowCount": n` for a `justified` layout (flickr/justified-layout's `widowCount`); nothing for the
    /// other kinds.
    mutating func widowCount(of layout: PreparedLayout) {
        guard let widowCount = layout.widowCount else { return }
        self.key("widowCount")
        self.value(widowCount)
    }

    /// Writes `"attributes": [...]` with the elements of `layout` that intersect `rect` (all when `nil`).
    ///
    /// - Returns: The number of elements written.
    mutating func attributes(
        of layout: PreparedLayout,
        in rect: Rect?,
        contentOffset: Point,
        orthogonalOffsets: [Double] = []
    ) -> Int {
        self.key("attributes")
        if let rect {
            return self.elements(
                of: layout,
                in: rect,
                contentOffset: contentOffset,
                orthogonalOffsets: orthogonalOffsets
            )
        }
        var count = 0
        self.beginArray()
        layout.forEachAttribute(contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets) { attributes in
            self.value(attributes)
            count += 1
        }
        self.endArray()
        return count
    }

    /// Writes an array of the elements of `layout` that intersect `rect`.
    ///
    /// - Returns: How many were written.
    mutating func elements(
        of layout: PreparedLayout,
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = []
    ) -> Int {
        var count = 0
        self.beginArray()
        layout.forEachAttribute(in: rect, contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets) {
            attributes in
            self.value(attributes)
            count += 1
        }
        self.endArray()
        return count
    }
}

extension KindCatalog.Parameter {
    /// The size of items given by `count`, with its default.
    static func itemSize(width: Int, height: Int, perSection: Bool = false, of things: String = "items") -> Self {
        Self(name: "itemSize", type: "Size", defaultJSON: #"{"width":\#(width),"height":\#(height)}"#,
             perSection: perSection, description: "Size of \(things) given by count.")
    }

    /// `flickVelocityThreshold`, which every snapping kind has, with the default 300.
    static func flickVelocityThreshold(
        _ description: String = "Points per second from which a snap moves on in the flick's direction."
    ) -> Self {
        Self(name: "flickVelocityThreshold", type: "number", defaultJSON: "300", perSection: false,
             description: description)
    }

    /// `snap`, off by default, naming where each mode rests.
    static func snap(restingAt places: String) -> Self {
        Self(name: "snap", type: "none | item | line | page", defaultJSON: #""none""#, perSection: false,
             description: "Where scrolling comes to rest: \(places).")
    }

    /// `scrollDirection`, vertical by default, saying what horizontal does in this kind.
    static func scrollDirection(_ description: String) -> Self {
        Self(name: "scrollDirection", type: "vertical | horizontal", defaultJSON: #""vertical""#, perSection: false,
             description: description)
    }
}

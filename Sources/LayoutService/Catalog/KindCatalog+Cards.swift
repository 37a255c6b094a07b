import LayoutEngine

extension KindCatalog {
    /// Seed 004's card kinds: `cover`, `rotary` and `pagecover`, in the engine's order.
    static let cardKinds: [Kind] = [
        Kind(
            kind: .cover,
            summary: "A list of cards: a card reaching the top line stays pinned there, shrinking and dimming while "
                + "the next card slides over it.",
            parameters: [
                Parameter(name: "itemSize", type: "Size", defaultJSON: nil, perSection: false,
                          description: "Size of cards given by count; by default the viewport's width less the "
                              + "insets by 0.6 of its height (horizontal: 0.6 of its width by its height less the "
                              + "insets)."),
                Parameter(name: "minimumLineSpacing", type: "number", defaultJSON: "10", perSection: false,
                          description: "Space between cards."),
                Parameter(name: "sectionInset", type: "EdgeInsets",
                          defaultJSON: #"{"top":0,"left":0,"bottom":0,"right":0}"#, perSection: false,
                          description: "Space around each section's cards; the top line is the offset plus the top "
                              + "inset."),
                .scrollDirection("Horizontal does the same sideways, from the left inset."),
                Parameter(name: "shrink", type: "number", defaultJSON: "0.1", perSection: false,
                          description: "Scale lost by a fully covered card, 0 to 1."),
                Parameter(name: "dim", type: "number", defaultJSON: "0.4", perSection: false,
                          description: "Opacity lost by a fully covered card, 0 to 1."),
                .flickVelocityThreshold(),
            ]
        ),
        Kind(
            kind: .rotary,
            summary: "A horizontal strip of cards that turn in 3-D, shrink and fade away from the centre, snapping "
                + "to centres.",
            parameters: [
                .itemSize(width: 200, height: 280, of: "cards"),
                Parameter(name: "minimumLineSpacing", type: "number", defaultJSON: "20", perSection: false,
                          description: "Space between cards."),
                Parameter(name: "scaleFalloff", type: "number", defaultJSON: "0.2", perSection: false,
                          description: "Scale lost one card pitch from the centre, 0 to 1."),
                Parameter(name: "maxAngle", type: "number", defaultJSON: "0.7853981633974483", perSection: false,
                          description: "Turn about the y axis, in radians, one card pitch from the centre."),
                Parameter(name: "perspective", type: "number", defaultJSON: "500", perSection: false,
                          description: "Perspective distance: m34 = -1/perspective."),
                Parameter(name: "alphaFalloff", type: "number", defaultJSON: "0.3", perSection: false,
                          description: "Opacity lost one card pitch from the centre, 0 to 1."),
                .flickVelocityThreshold(),
            ]
        ),
        Kind(
            kind: .pagecover,
            summary: "Pages the size of the viewport; the turning page moves with the finger and uncovers the next "
                + "page waiting beneath it.",
            parameters: [
                .flickVelocityThreshold("Points per second from which a release turns the page in its direction."),
            ]
        ),
    ]
}

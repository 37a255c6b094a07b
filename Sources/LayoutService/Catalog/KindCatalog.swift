import JSON
import LayoutEngine

/// What `GET /kinds` tells: each kind, what it does, and its parameters with types and defaults.
///
/// The parameters listed here are exactly those the request decoder accepts in `config` (and, where
/// ``Parameter/perSection`` is set, in a section's `config`); a test checks each against the decoder.
enum KindCatalog {
    /// One parameter of a kind.
    struct Parameter: Sendable {
        /// The member name in `config`.
        var name: String
        /// The value's type as `openapi.yaml` names it: `number`, `integer`, `boolean`, `Size`, `EdgeInsets`, …
        var type: String
        /// The default as JSON text, or `nil` when the parameter is off unless given.
        var defaultJSON: String?
        /// Whether a section's `config` may override it.
        var perSection: Bool
        /// What it does.
        var description: String
    }

    /// One kind.
    struct Kind: Sendable {
        var kind: LayoutKind
        var summary: String
        var parameters: [Parameter]
    }

    /// Every kind the engine has, in the engine's order.
    /// `anchor` and `contentAlignment`, which flow, waterfall and compositional share.
    static let anchoringParameters: [Parameter] = [
        Parameter(name: "anchor", type: "top | bottom", defaultJSON: #""top""#, perSection: false,
                  description: "The visible cell mutations keep still: the first, or the last (a chat), "
                    + "which also keeps a viewport at the end at the end when items are appended."),
        Parameter(name: "contentAlignment", type: "top | bottom", defaultJSON: #""top""#, perSection: false,
                  description: "Where content shorter than the viewport sits: at the start, or at the end "
                    + "(a chat; the trailing side when scrolling horizontally), the content as long as the "
                    + "viewport."),
    ]

    static let kinds: [Kind] = [
        Kind(
            kind: .flow,
            summary: "UICollectionViewFlowLayout: lines of items, sections with headers and footers, vertical or "
                + "horizontal, justified or aligned.",
            parameters: [
                .itemSize(width: 50, height: 50, perSection: true),
                Parameter(name: "sectionInset", type: "EdgeInsets",
                          defaultJSON: #"{"top":0,"left":0,"bottom":0,"right":0}"#, perSection: true,
                          description: "Space around each section's items."),
                Parameter(name: "minimumLineSpacing", type: "number", defaultJSON: "10", perSection: true,
                          description: "Least space between lines."),
                Parameter(name: "minimumInteritemSpacing", type: "number", defaultJSON: "10", perSection: true,
                          description: "Least space between items of a line."),
                .scrollDirection("Horizontal swaps the axes: lines become columns."),
                Parameter(name: "headerReferenceSize", type: "Size", defaultJSON: #"{"width":0,"height":0}"#,
                          perSection: true, description: "Header size of sections that give none; 0 means none."),
                Parameter(name: "footerReferenceSize", type: "Size", defaultJSON: #"{"width":0,"height":0}"#,
                          perSection: true, description: "Footer size of sections that give none; 0 means none."),
                Parameter(name: "sectionHeadersPinToVisibleBounds", type: "boolean", defaultJSON: "false",
                          perSection: false, description: "Headers stick to the top while their section shows."),
                Parameter(name: "sectionFootersPinToVisibleBounds", type: "boolean", defaultJSON: "false",
                          perSection: false, description: "Footers stick to the bottom while their section shows."),
                Parameter(name: "horizontalAlignment", type: "justified | left | right | center | leading | trailing",
                          defaultJSON: #""justified""#, perSection: true,
                          description: "Where items sit along a line; justified spreads the leftover space as UIKit."),
                Parameter(name: "verticalAlignment", type: "center | top | bottom", defaultJSON: #""center""#,
                          perSection: true, description: "Where items sit across a line thicker than they are."),
                Parameter(name: "sectionBackground", type: "EdgeInsets", defaultJSON: nil, perSection: false,
                          description: Self.sectionBackgroundText),
                .snap(restingAt: "an item's, a line's or a page's leading edge"),
                .flickVelocityThreshold(),
                Parameter(name: "estimatedItemSize", type: "Size", defaultJSON: nil, perSection: false,
                          description: "Self-sizing cells: items without a size are laid out at this estimate "
                            + "until invalidate brings their measured size."),
                Parameter(name: "sectionInsetReference", type: "contentInset | safeArea | layoutMargins",
                          defaultJSON: #""contentInset""#, perSection: false,
                          description: "What section insets are measured from across the scroll axis: the "
                            + "content's edges, the request's safeAreaInsets, or its layoutMargins inside them."),
            ] + Self.anchoringParameters
        ),
        Kind(
            kind: .waterfall,
            summary: "Waterfall (masonry) columns: each item goes to the shortest column; heights keep aspect ratios.",
            parameters: [
                Parameter(name: "columnCount", type: "integer", defaultJSON: "3", perSection: true,
                          description: "Number of columns, 1 to 1000."),
                Parameter(name: "minColumnWidth", type: "number", defaultJSON: nil, perSection: true,
                          description: "As many columns of at least this width as fit (masonic's rule); "
                            + "wins over columnCount."),
                Parameter(name: "maxColumnCount", type: "integer", defaultJSON: nil, perSection: true,
                          description: "The most columns, 1 to 1000."),
                Parameter(name: "maxColumnWidth", type: "number", defaultJSON: nil, perSection: true,
                          description: "The widest column; narrower columns start at the leading inset."),
                Parameter(name: "columnSpacing", type: "number", defaultJSON: "10", perSection: true,
                          description: "Space between columns."),
                Parameter(name: "rowSpacing", type: "number", defaultJSON: "10", perSection: true,
                          description: "Space between items of a column."),
                Parameter(name: "sectionInset", type: "EdgeInsets",
                          defaultJSON: #"{"top":10,"left":10,"bottom":10,"right":10}"#, perSection: true,
                          description: "Space around each section's columns."),
                Parameter(name: "itemRenderDirection", type: "shortestFirst | leftToRight | rightToLeft",
                          defaultJSON: #""shortestFirst""#, perSection: true,
                          description: "shortestFirst: the shortest column (leftmost on ties); else item i in column i mod n."),
                Parameter(name: "headerHeight", type: "number", defaultJSON: "0", perSection: true,
                          description: "Height of a full-width header above each section's columns."),
                Parameter(name: "footerHeight", type: "number", defaultJSON: "0", perSection: true,
                          description: "Height of a full-width footer below each section's columns."),
                Parameter(name: "headerInset", type: "EdgeInsets",
                          defaultJSON: #"{"top":0,"left":0,"bottom":0,"right":0}"#, perSection: true,
                          description: "Space around each header (CHT's headerInset); only top without a header."),
                Parameter(name: "footerInset", type: "EdgeInsets",
                          defaultJSON: #"{"top":0,"left":0,"bottom":0,"right":0}"#, perSection: true,
                          description: "Space around each footer (CHT's footerInset); only top without a footer."),
                Parameter(name: "minimumContentHeight", type: "number", defaultJSON: "0", perSection: false,
                          description: "The least content height (CHT's minimumContentHeight)."),
                .scrollDirection("Horizontal lays rows instead of columns, every rule "
                            + "transposed."),
                Parameter(name: "sectionBackground", type: "EdgeInsets", defaultJSON: nil, perSection: false,
                          description: Self.sectionBackgroundText),
                .snap(restingAt: "an item's, a line's or a page's leading edge"),
                .flickVelocityThreshold(),
            ] + Self.anchoringParameters
        ),
        Kind(
            kind: .line,
            summary: "A horizontal strip whose items grow as they near the viewport's centre, snapping to centres.",
            parameters: [
                .itemSize(width: 100, height: 100),
                Parameter(name: "minimumLineSpacing", type: "number", defaultJSON: "70", perSection: false,
                          description: "Space between items."),
                Parameter(name: "activeDistance", type: "number", defaultJSON: "150", perSection: false,
                          description: "Distance from the centre within which items grow."),
                Parameter(name: "scaleFactor", type: "number", defaultJSON: "0.6", perSection: false,
                          description: "Extra scale of an item at the very centre."),
                .flickVelocityThreshold(),
            ]
        ),
        Kind(
            kind: .stack,
            summary: "The first items piled at the viewport's centre, each rotated; the rest hidden.",
            parameters: [
                .itemSize(width: 100, height: 100),
                Parameter(name: "angles", type: "number[]", defaultJSON: "[0,-0.2,-0.5,0.2,0.5]", perSection: false,
                          description: "Rotation of the first items in radians; its length is how many show."),
            ]
        ),
        Kind(
            kind: .circle,
            summary: "Items evenly spaced on a circle around the viewport's centre.",
            parameters: [
                .itemSize(width: 50, height: 50),
                Parameter(name: "radius", type: "number", defaultJSON: "70", perSection: false,
                          description: "Radius of the circle through the items' centres."),
            ]
        ),
    ] + Self.cardKinds + [
        Kind(
            kind: .justified,
            summary: "flickr/justified-layout (v4): rows of photos (items are aspect ratios) filling the viewport's "
                + "width near a target height; each section is its own block.",
            parameters: [
                Parameter(name: "containerPadding", type: "number | {top, right, bottom, left}", defaultJSON: "10",
                          perSection: false, description: "Padding inside each section's block."),
                Parameter(name: "boxSpacing", type: "number | {horizontal, vertical}", defaultJSON: "10",
                          perSection: false, description: "Space between items of a row and between rows."),
                Parameter(name: "targetRowHeight", type: "number", defaultJSON: "320", perSection: false,
                          description: "The row height aimed for."),
                Parameter(name: "targetRowHeightTolerance", type: "number", defaultJSON: "0.25", perSection: false,
                          description: "How far a row's height may stray from the target, as a fraction."),
                Parameter(name: "maxNumRows", type: "integer", defaultJSON: nil, perSection: false,
                          description: "The most rows per section; later items are hidden. No limit by default."),
                Parameter(name: "forceAspectRatio", type: "false | number", defaultJSON: "false", perSection: false,
                          description: "When a number, every item has this aspect ratio."),
                Parameter(name: "showWidows", type: "boolean", defaultJSON: "true", perSection: false,
                          description: "Whether the items of an incomplete last row show (else hidden)."),
                Parameter(name: "fullWidthBreakoutRowCadence", type: "false | integer", defaultJSON: "false",
                          perSection: false, description: "Every n-th row gives a landscape item the full width."),
                Parameter(name: "widowLayoutStyle", type: "left | justify | center", defaultJSON: #""left""#,
                          perSection: false, description: "How the incomplete last row is laid out."),
                .snap(restingAt: "an item's, a row's or a page's top edge"),
                .flickVelocityThreshold(),
            ]
        ),
        Kind(
            kind: .compositional,
            summary: "UICollectionViewCompositionalLayout: items in groups (horizontal, vertical, count, nested, "
                + "custom), groups repeated in sections, headers, footers, backgrounds, orthogonal scrolling, "
                + "supplementary items anchored to items and groups (badges), decorations of their own kinds, "
                + "visible-item effects (the carousel's larger centred card).",
            parameters: [
                Parameter(name: "section", type: "CompositionalSection",
                          defaultJSON: #"{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"#
                            + #""height":{"absolute":44}},"subitems":[{"size":{"width":{"fractionalWidth":1},"#
                            + #""height":{"fractionalHeight":1}}}]}}"#,
                          perSection: true, description: "Every section's description: a list of 44-point rows; "
                            + "its \"list\" (UICollectionLayoutListConfiguration: appearance, headerMode, "
                            + "footerMode, estimatedRowHeight) makes a list section."),
                Parameter(name: "interSectionSpacing", type: "number", defaultJSON: "0", perSection: false,
                          description: "Space between sections."),
                .scrollDirection("Horizontal: sections and groups follow one another rightward."),
                .flickVelocityThreshold("Points per second from which an orthogonal snap moves on in its direction."),
                Parameter(name: "boundarySupplementaryItems", type: "[CompositionalLayoutBoundaryItem]",
                          defaultJSON: "[]", perSection: false,
                          description: "The whole layout's header and footer, kinds of your own at [0, 0]."),
            ] + Self.anchoringParameters
        ),
    ]

    /// The body of `GET /kinds`, built once.
    static let json: [UInt8] = {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("kinds")
        writer.beginArray()
        for kind in Self.kinds {
            writer.beginObject()
            writer.key("name")
            writer.value(kind.kind.rawValue)
            writer.key("summary")
            writer.value(kind.summary)
            writer.key("parameters")
            writer.beginArray()
            for parameter in kind.parameters {
                writer.beginObject()
                writer.key("name")
                writer.value(parameter.name)
                writer.key("type")
                writer.value(parameter.type)
                if let defaultJSON = parameter.defaultJSON {
                    writer.key("default")
                    writer.appendRaw(defaultJSON.utf8)
                }
                writer.key("perSection")
                writer.value(parameter.perSection)
                writer.key("description")
                writer.value(parameter.description)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }()

    /// What `sectionBackground` does, for flow and waterfall alike: the engine insets the decoration (and refuses
    /// negative values), so the text says so.
    static let sectionBackgroundText = """
        Adds a background decoration view (zIndex -1) behind each section, from below its header to above its \
        footer, its sectionInset included, inset by these (each 0 or more).
        """
}

import LayoutEngine
@testable import LayoutService
import Testing

/// The guard of issue 23: every stored property of every value a session record holds is one the codec writes.
///
/// The table lists, for each struct the records hold, the stored properties `SessionCodec*.swift` writes and reads.
/// When the engine gains a field, `Mirror` finds a label the table lacks and the test fails, naming the field and
/// what to do; a rebuilt session would otherwise silently lose it. (Enumerations with associated values —
/// `LayoutConfiguration`, `Dimension`, `Spacing`, `GroupLayout`, `Element`, `AnchorOffset`, `SectionInput.Items`,
/// `SessionMutation` — need no row: the codec switches over them exhaustively, so a new case does not compile.
/// Enumerations without payloads are written by their raw name, so new cases need nothing.)
@Suite struct SessionCodecCoverageTests {
    /// A struct the records hold: its name, a value of it, and the stored properties the codec writes.
    struct Row {
        var name: String
        var value: Any
        var written: [String]
    }

    static var rows: [Row] {
        let c = CompositionalLayout.self
        let size = c.LayoutSize(width: .absolute(1), height: .absolute(1))
        let name = ElementName("badge")!
        return [
            Row(name: "LayoutInput", value: LayoutInput(sections: []), written: [
                "viewport", "contentOffset", "layoutDirection", "safeAreaInsets", "layoutMargins",
                "readableContentWidth", "sections",
            ]),
            Row(name: "SectionInput", value: SectionInput(count: 1), written: [
                "items", "header", "footer", "sideStart", "sideEnd", "anchoredSizes", "overrides",
            ]),
            Row(
                name: "SectionInput.AnchoredSize",
                value: SectionInput.AnchoredSize(item: 0, kind: name, size: .zero),
                written: ["item", "kind", "size"]
            ),
            Row(name: "SectionOverrides", value: SectionOverrides(), written: [
                "itemSize", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing", "headerReferenceSize",
                "footerReferenceSize", "horizontalAlignment", "verticalAlignment", "columnCount", "minColumnWidth",
                "maxColumnCount", "maxColumnWidth", "columnSpacing", "rowSpacing", "itemRenderDirection",
                "headerHeight", "footerHeight", "headerInset", "footerInset", "compositionalSection",
            ]),
            Row(name: "FlowLayout.Configuration", value: FlowLayout.Configuration(), written: [
                "itemSize", "estimatedItemSize", "sectionInsetReference", "minimumLineSpacing",
                "minimumInteritemSpacing", "sectionInset", "scrollDirection", "headerReferenceSize",
                "footerReferenceSize",
                "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "horizontalAlignment",
                "verticalAlignment", "sectionBackground", "snap", "flickVelocityThreshold", "anchor",
                "contentAlignment",
            ]),
            Row(name: "WaterfallLayout.Configuration", value: WaterfallLayout.Configuration(), written: [
                "columnCount", "minColumnWidth", "maxColumnCount", "maxColumnWidth", "columnSpacing", "rowSpacing",
                "sectionInset", "itemRenderDirection", "headerHeight", "footerHeight", "headerInset", "footerInset",
                "minimumContentHeight", "sectionBackground", "snap", "flickVelocityThreshold", "anchor",
                "contentAlignment", "scrollDirection",
            ]),
            Row(name: "LineLayout.Configuration", value: LineLayout.Configuration(), written: [
                "itemSize", "minimumLineSpacing", "activeDistance", "scaleFactor", "flickVelocityThreshold",
            ]),
            Row(name: "StackLayout.Configuration", value: StackLayout.Configuration(), written: ["itemSize", "angles"]),
            Row(name: "CircleLayout.Configuration", value: CircleLayout.Configuration(), written: [
                "itemSize", "radius",
            ]),
            Row(name: "CoverLayout.Configuration", value: CoverLayout.Configuration(), written: [
                "itemSize", "minimumLineSpacing", "sectionInset", "scrollDirection", "shrink", "dim",
                "flickVelocityThreshold",
            ]),
            Row(name: "RotaryLayout.Configuration", value: RotaryLayout.Configuration(), written: [
                "itemSize", "minimumLineSpacing", "scaleFalloff", "maxAngle", "perspective", "alphaFalloff",
                "flickVelocityThreshold",
            ]),
            Row(name: "PageCoverLayout.Configuration", value: PageCoverLayout.Configuration(), written: [
                "flickVelocityThreshold",
            ]),
            Row(name: "JustifiedLayout.Configuration", value: JustifiedLayout.Configuration(), written: [
                "containerPadding", "horizontalSpacing", "verticalSpacing", "targetRowHeight",
                "targetRowHeightTolerance", "maxNumRows", "forceAspectRatio", "showWidows",
                "fullWidthBreakoutRowCadence", "widowLayoutStyle", "snap", "flickVelocityThreshold",
            ]),
            Row(name: "CompositionalLayout.Configuration", value: c.Configuration(), written: [
                "section", "interSectionSpacing", "boundarySupplementaryItems", "scrollDirection",
                "flickVelocityThreshold", "anchor", "contentAlignment",
            ]),
            Row(name: "CompositionalLayout.Section", value: c.Section(), written: [
                "group", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
                "boundarySupplementaryItems", "background", "backgroundZIndex", "decorationItems",
                "contentInsetsReference", "supplementaryContentInsetsReference", "visibleItemsEffect", "list",
            ]),
            Row(name: "CompositionalLayout.ListConfiguration", value: c.ListConfiguration(), written: [
                "appearance", "headerMode", "footerMode", "estimatedRowHeight", "showsSeparators", "headerTopPadding",
            ]),
            Row(name: "CompositionalLayout.Group", value: c.Group(), written: [
                "layout", "size", "subitems", "count", "interItemSpacing", "contentInsets", "edgeSpacing",
                "supplementaryItems",
            ]),
            Row(name: "CompositionalLayout.Item", value: c.Item(), written: [
                "size", "contentInsets", "edgeSpacing", "supplementaryItems",
            ]),
            Row(name: "CompositionalLayout.BoundarySupplementaryItem", value: c.BoundarySupplementaryItem(
                alignment: .top, size: size), written: [
                "alignment", "kind", "size", "pinsToVisibleBounds", "extendsBoundary", "zIndex", "absoluteOffset",
            ]),
            Row(name: "CompositionalLayout.SupplementaryItem", value: c.SupplementaryItem(
                kind: name, size: size, anchor: c.Anchor(edges: .top)), written: [
                "kind", "size", "anchor", "zIndex", "itemAnchor",
            ]),
            Row(name: "CompositionalLayout.Anchor", value: c.Anchor(edges: .top), written: ["edges", "offset"]),
            Row(name: "CompositionalLayout.AnchorEdges", value: c.AnchorEdges.top, written: ["rawValue"]),
            Row(name: "CompositionalLayout.DecorationItem", value: c.DecorationItem(kind: name), written: [
                "kind", "contentInsets", "zIndex",
            ]),
            Row(name: "CompositionalLayout.VisibleItemsEffect", value: c.VisibleItemsEffect(), written: [
                "scale", "alpha", "rotation", "distance",
            ]),
            Row(name: "CompositionalLayout.EffectRange", value: c.EffectRange(center: 1, edge: 0), written: [
                "center", "edge",
            ]),
            Row(name: "CompositionalLayout.LayoutSize", value: size, written: ["width", "height"]),
            Row(name: "CompositionalLayout.DirectionalInsets", value: c.DirectionalInsets.zero, written: [
                "top", "leading", "bottom", "trailing",
            ]),
            Row(name: "CompositionalLayout.EdgeSpacing", value: c.EdgeSpacing(), written: [
                "leading", "top", "trailing", "bottom",
            ]),
            Row(name: "InvalidationContext", value: InvalidationContext(), written: [
                "itemSizes", "supplementarySizes", "viewport", "invalidatesEverything", "contentOffset",
            ]),
            Row(name: "SupplementaryIndexPath", value: SupplementaryIndexPath(
                kind: .header, indexPath: IndexPath(section: 0, item: 0)), written: ["kind", "indexPath"]),
            Row(name: "BatchUpdates", value: BatchUpdates(), written: [
                "deleteSections", "insertSections", "deleteItems", "insertItems", "reloadItems", "moveItems",
                "moveSections", "expectedItemCounts", "contentOffset",
            ]),
            Row(name: "BatchUpdates.SectionInsertion", value: BatchUpdates.SectionInsertion(
                index: 0, section: SectionInput(count: 1)), written: ["index", "section"]),
            Row(name: "BatchUpdates.ItemChange", value: BatchUpdates.ItemChange(
                indexPath: IndexPath(section: 0, item: 0)), written: ["indexPath", "size"]),
            Row(name: "BatchUpdates.ItemMove", value: BatchUpdates.ItemMove(
                from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 1)), written: ["from", "to"]),
            Row(name: "BatchUpdates.SectionMove", value: BatchUpdates.SectionMove(from: 0, to: 1), written: [
                "from", "to",
            ]),
            Row(name: "IndexPath", value: IndexPath(section: 0, item: 0), written: ["section", "item"]),
            Row(name: "Size", value: Size.zero, written: ["width", "height"]),
            Row(name: "Point", value: Point.zero, written: ["x", "y"]),
            Row(name: "Rect", value: Rect(origin: .zero, size: .zero), written: ["origin", "size"]),
            Row(name: "EdgeInsets", value: EdgeInsets.zero, written: ["top", "left", "bottom", "right"]),
        ]
    }

    /// The stored properties of `row`'s value outside its list, and the listed ones it no longer has.
    static func mismatch(_ row: Row) -> (missing: [String], gone: [String], stored: [String]) {
        let stored = Mirror(reflecting: row.value).children.map { $0.label ?? "?" }
        return (stored.filter { !row.written.contains($0) }, row.written.filter { !stored.contains($0) }, stored)
    }

    @Test func everyStoredPropertyIsOneTheCodecWrites() {
        #expect(Self.rows.count == 40)
        for row in Self.rows {
            let (missing, gone, stored) = Self.mismatch(row)
            #expect(
                missing.isEmpty,
                """
                \(row.name) has stored properties the session codec does not write: \(missing). A session rebuilt \
                from Redis would silently lose them. Write and read them in \
                Sources/LayoutService/SessionStore/SessionCodec*.swift, bump SessionCodec.formatVersion, set them in \
                SessionRecordGenerator and SessionCodecFieldTests, then add them to this table.
                """
            )
            #expect(
                gone.isEmpty,
                """
                \(row.name) no longer has \(gone): remove them from the codec (SessionCodec*.swift, bumping \
                SessionCodec.formatVersion) and from this table.
                """
            )
            #expect(stored.count == Set(stored).count, "\(row.name): \(stored)")
        }
    }

    /// The guard itself can fail: a field added to a struct is reported as missing, a field removed as gone.
    @Test func anUnlistedPropertyIsFound() {
        struct Grown { var itemSize = Size.zero; var newField = 1 }
        let grown = Self.mismatch(Row(name: "Grown", value: Grown(), written: ["itemSize", "oldField"]))
        #expect(grown.missing == ["newField"])
        #expect(grown.gone == ["oldField"])
        let flow = Self.mismatch(Row(name: "flow", value: FlowLayout.Configuration(), written: ["itemSize"]))
        #expect(flow.missing.contains("estimatedItemSize"))
    }
}

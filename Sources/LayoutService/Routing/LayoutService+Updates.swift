import HTTPCore
import JSON
import LayoutEngine

/// `invalidate` and `updates`: UIKit's invalidation contexts and batch updates, recomputing only what changed.
extension LayoutService {
    /// `POST /sessions/{id}/invalidate` `{items?, supplementaries?, viewport?, everything?, contentOffset?, rect?}`.
    ///
    /// `items` carry measured sizes (self-sizing cells), `supplementaries` measured sizes of `compositional`
    /// headers and footers (`{kind, indexPath, size}`; other kinds refuse them with a 422), `viewport` is a bounds
    /// change. The answer has the
    /// `contentSizeAdjustment`, the `contentOffsetAdjustment` that keeps the first visible item where the user
    /// sees it (given `contentOffset`), and with a `rect` the elements there `before` and `after`.
    func invalidateSession(id: Substring, request: Request) throws -> (Response, elements: Int) {
        let expectedVersion = try Self.expectedVersion(request)
        var reader = JSONReader(bytes: request.body, maxDepth: self.configuration.maxJSONDepth)
        var context = InvalidationContext()
        var order: [IndexPath] = []
        var supplementaryOrder: [SupplementaryIndexPath] = []
        var rect: Rect?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "items":
                try reader.beginArray()
                while try reader.nextElement() {
                    let (indexPath, size) = try reader.readSizedIndexPath(sizeRequired: true)
                    guard let size, context.itemSizes.updateValue(size, forKey: indexPath) == nil else {
                        throw reader.shapeError("names the same item twice")
                    }
                    order.append(indexPath)
                }
            case "supplementaries":
                try reader.beginArray()
                while try reader.nextElement() {
                    let (element, size) = try reader.readSupplementarySize()
                    guard context.supplementarySizes.updateValue(size, forKey: element) == nil else {
                        throw reader.shapeError("names the same supplementary view twice")
                    }
                    supplementaryOrder.append(element)
                }
            case "viewport": context.viewport = try reader.readSize()
            case "everything": context.invalidatesEverything = try reader.readBool()
            case "contentOffset": context.contentOffset = try reader.readPoint()
            case "rect": rect = try reader.readRect()
            default: throw reader.unknownField(key)
            }
        }
        try reader.finish()

        var before: PreparedLayout?
        var invalidation: InvalidationResult?
        let session = try self.sessions.update(String(id), expectedVersion: expectedVersion) { current in
            var next = current
            before = current.layout
            do throws(LayoutError) {
                invalidation = try next.live.invalidate(context)
            } catch {
                throw Self.invalidationProblem(
                    error,
                    order: order,
                    supplementaryOrder: supplementaryOrder,
                    session: current
                )
            }
            try Self.checkFinite(next.layout)
            return next
        }
        guard let result = invalidation else { throw APIError.internalError }
        let offset = context.contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.key("contentSizeAdjustment")
        writer.value(result.contentSizeAdjustment)
        writer.key("contentOffsetAdjustment")
        writer.value(result.contentOffsetAdjustment)
        var count = 0
        if let rect, let before {
            writer.key("before")
            count += writer.elements(of: before, in: rect, contentOffset: offset)
            writer.key("after")
            let adjusted = Point(
                x: offset.x + result.contentOffsetAdjustment.x,
                y: offset.y + result.contentOffsetAdjustment.y
            )
            count += writer.elements(of: session.layout, in: rect, contentOffset: adjusted)
        }
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }

    /// Names the entry of `items` or `supplementaries` (or the field) that the engine refused.
    private static func invalidationProblem(
        _ error: LayoutError,
        order: [IndexPath],
        supplementaryOrder: [SupplementaryIndexPath],
        session: Session
    ) -> APIError {
        switch error {
        case .noSuchSupplementary(let kind, let section, let item):
            let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: item))
            if let position = supplementaryOrder.firstIndex(of: element) {
                guard session.kind == .compositional else {
                    return .invalidField(
                        pointer: "/supplementaries/\(position)",
                        reason: "Only compositional sessions measure supplementary views; a \(session.kind.rawValue) "
                            + "session's header and footer sizes are given in its sections."
                    )
                }
                let hasSection = section < session.input.sections.count && item == 0
                return .invalidField(
                    pointer: "/supplementaries/\(position)/\(hasSection ? "kind" : "indexPath")",
                    reason: hasSection
                        ? "Section \(section) has no \(kind.rawValue) with an estimated size to measure."
                        : "There is no section header or footer at \(element.indexPath.wire)."
                )
            }
        case .invalidHeaderSize(let section), .invalidFooterSize(let section):
            let kind: ElementKind = if case .invalidHeaderSize = error { .header } else { .footer }
            let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
            if let position = supplementaryOrder.firstIndex(of: element) {
                return .invalidField(
                    pointer: "/supplementaries/\(position)/size",
                    reason: "The session cannot use this size for the \(kind.rawValue) of section \(section)."
                )
            }
        case .noSuchItem(let section, let item), .invalidItemSize(let section, let item):
            let indexPath = IndexPath(section: section, item: item)
            if let position = order.firstIndex(of: indexPath) {
                let field = if case .noSuchItem = error { "indexPath" } else { "size" }
                return .invalidField(
                    pointer: "/items/\(position)/\(field)",
                    reason: "The session cannot use \(field == "size" ? "this size for" : "") item \(indexPath.wire)."
                )
            }
        case .invalidViewport:
            return .invalidField(pointer: "/viewport", reason: "The viewport must have a finite, non-negative size.")
        default:
            break
        }
        return error.apiError(for: LayoutRequest(input: session.input, configuration: session.configuration, rect: nil))
    }

    /// `POST /sessions/{id}/updates`: a batch of deletes, inserts, reloads and moves with UIKit's rules; an
    /// inconsistent batch is a 422 and leaves the session as it was.
    func updateSession(id: Substring, request: Request) throws -> (Response, elements: Int) {
        let expectedVersion = try Self.expectedVersion(request)
        let kind = try self.session(id).kind
        var reader = JSONReader(bytes: request.body, maxDepth: self.configuration.maxJSONDepth)
        var updates = BatchUpdates()
        var rect: Rect?
        var contentOffset: Point?
        var counter = ItemCounter(limit: self.configuration.maxItems)
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "deleteSections":
                updates.deleteSections = try reader.readArray { reader throws(JSONError) in try reader.readInt(in: 0...999_999_999) }
            case "insertSections":
                updates.insertSections = try reader.readArray { reader throws(JSONError) in
                    try reader.readSectionInsertion(kind: kind, counter: &counter)
                }
            case "deleteItems":
                updates.deleteItems = try reader.readArray { reader throws(JSONError) in try reader.readIndexPath() }
            case "insertItems":
                updates.insertItems = try reader.readArray { reader throws(JSONError) in
                    counter.add(1)
                    let (indexPath, size) = try reader.readSizedIndexPath(sizeRequired: false)
                    return BatchUpdates.ItemChange(indexPath: indexPath, size: size)
                }
            case "reloadItems":
                updates.reloadItems = try reader.readArray { reader throws(JSONError) in
                    let (indexPath, size) = try reader.readSizedIndexPath(sizeRequired: false)
                    return BatchUpdates.ItemChange(indexPath: indexPath, size: size)
                }
            case "moveItems":
                updates.moveItems = try reader.readArray { reader throws(JSONError) in try reader.readMove() }
            case "expectedItemCounts":
                updates.expectedItemCounts = try reader.readArray { reader throws(JSONError) in
                    try reader.readInt(in: 0...2_000_000_000)
                }
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            default: throw reader.unknownField(key)
            }
        }
        try reader.finish()
        guard counter.total <= counter.limit else {
            throw APIError.tooManyItems(count: counter.total, limit: counter.limit)
        }

        var result: UpdateResult?
        let session = try self.sessions.update(String(id), expectedVersion: expectedVersion) { current in
            guard current.kind == kind else { throw APIError.versionMismatch(current: current.version) }
            var next = current
            do throws(UpdateError) {
                result = try next.live.performBatchUpdates(updates)
            } catch {
                throw error.apiError(input: current.input, configuration: current.configuration)
            }
            try Self.checkFinite(next.layout)
            return next
        }
        guard let result else { throw APIError.internalError }
        let offset = contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.key("contentSizeAdjustment")
        writer.value(result.contentSizeAdjustment)
        writer.moves(result.moved)
        writer.key("appearing")
        writer.beginArray()
        for attributes in result.appearing { writer.value(attributes) }
        writer.endArray()
        writer.key("disappearing")
        writer.beginArray()
        for attributes in result.disappearing { writer.value(attributes) }
        writer.endArray()
        var count = result.appearing.count + result.disappearing.count
        if let rect {
            count += writer.attributes(of: session.layout, in: rect, contentOffset: offset)
        }
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }
}

extension JSONReader {
    /// Reads an array, each element with `element`.
    mutating func readArray<Element>(
        _ element: (inout JSONReader) throws(JSONError) -> Element
    ) throws(JSONError) -> [Element] {
        var elements: [Element] = []
        try self.beginArray()
        while try self.nextElement() {
            elements.append(try element(&self))
        }
        return elements
    }

    /// Reads `{"indexPath": [s, i], "size": {...}}`; `size` may be left out unless `sizeRequired`.
    mutating func readSizedIndexPath(sizeRequired: Bool) throws(JSONError) -> (IndexPath, Size?) {
        var indexPath: IndexPath?
        var size: Size?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "indexPath": indexPath = try self.readIndexPath()
            case "size": size = try self.readSize()
            default: throw self.unknownField(key)
            }
        }
        guard let indexPath else { throw self.missingField("indexPath") }
        if sizeRequired, size == nil { throw self.missingField("size") }
        return (indexPath, size)
    }

    /// Reads `{"kind": "header", "indexPath": [s, 0], "size": {...}}`, every member required.
    mutating func readSupplementarySize() throws(JSONError) -> (SupplementaryIndexPath, Size) {
        var kind: ElementKind?
        var indexPath: IndexPath?
        var size: Size?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind": kind = try self.readChoice(ElementKind.self)
            case "indexPath": indexPath = try self.readIndexPath()
            case "size": size = try self.readSize()
            default: throw self.unknownField(key)
            }
        }
        guard let kind else { throw self.missingField("kind") }
        guard let indexPath else { throw self.missingField("indexPath") }
        guard let size else { throw self.missingField("size") }
        return (SupplementaryIndexPath(kind: kind, indexPath: indexPath), size)
    }

    /// Reads `{"from": [s, i], "to": [s, i]}`.
    mutating func readMove() throws(JSONError) -> BatchUpdates.ItemMove {
        var from: IndexPath?
        var to: IndexPath?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "from": from = try self.readIndexPath()
            case "to": to = try self.readIndexPath()
            default: throw self.unknownField(key)
            }
        }
        guard let from else { throw self.missingField("from") }
        guard let to else { throw self.missingField("to") }
        return BatchUpdates.ItemMove(from: from, to: to)
    }

    /// Reads `{"index": n, "section": {...}}`, the section as in a layout request.
    mutating func readSectionInsertion(
        kind: LayoutKind,
        counter: inout ItemCounter
    ) throws(JSONError) -> BatchUpdates.SectionInsertion {
        var index: Int?
        var section: SectionInput?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "index": index = try self.readInt(in: 0...999_999_999)
            case "section": section = try self.readSection(kind: kind, counter: &counter)
            default: throw self.unknownField(key)
            }
        }
        guard let index else { throw self.missingField("index") }
        guard let section else { throw self.missingField("section") }
        return BatchUpdates.SectionInsertion(index: index, section: section)
    }
}

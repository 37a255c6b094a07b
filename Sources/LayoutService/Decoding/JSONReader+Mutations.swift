import JSON
import LayoutEngine

/// Readers for the pieces of the session mutations' bodies.
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
            case "size": size = try self.readItemSize()
            default: throw self.unknownField(key)
            }
        }
        guard let indexPath else { throw self.missingField("indexPath") }
        if sizeRequired, size == nil { throw self.missingField("size") }
        return (indexPath, size)
    }

    /// Reads an inserted or reloaded item, `{"indexPath": [s, i], "size"?: {...}}`.
    mutating func readItemChange() throws(JSONError) -> BatchUpdates.ItemChange {
        let (indexPath, size) = try self.readSizedIndexPath(sizeRequired: false)
        return BatchUpdates.ItemChange(indexPath: indexPath, size: size)
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

    /// Reads a section move, `[from, to]`: the section's index before the batch and after it.
    mutating func readSectionMove() throws(JSONError) -> BatchUpdates.SectionMove {
        try self.beginArray()
        var parts: [Int] = []
        while try self.nextElement() {
            guard parts.count < 2 else { throw self.shapeError("a section move is [from, to]: two integers") }
            parts.append(try self.readInt(in: 0...999_999_999))
        }
        guard parts.count == 2 else { throw self.shapeError("a section move is [from, to]: two integers") }
        return BatchUpdates.SectionMove(from: parts[0], to: parts[1])
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

    /// Reads a transition's `to`: `{kind, config?}`, the kind already known from a first look.
    mutating func readTransitionTarget(kind: LayoutKind) throws(JSONError) -> LayoutConfiguration {
        var configuration = LayoutConfiguration.defaults(for: kind)
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind": try self.skipValue()
            case "config": configuration = try self.readConfiguration(kind: kind)
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }
}

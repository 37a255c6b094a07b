import LayoutEngine

/// What a session is rebuilt from: the decoded create request (kind with configuration, and input).
struct StoredSessionInput: Hashable, Sendable {
    /// The kind and its parameters.
    var configuration: LayoutConfiguration
    /// The viewport, offset, direction, device insets and sections.
    var input: LayoutInput
}

/// One change to a session, as its journal keeps it: replaying a session's mutations in order on its input gives
/// the session at its current version.
enum SessionMutation: Hashable, Sendable {
    /// `invalidateLayout(with:)`.
    case invalidate(InvalidationContext)
    /// A batch of updates (an interactive move's end is a batch that moves one item).
    case updates(BatchUpdates)
    /// A committed transition: the session's layout becomes this configuration's.
    case transition(LayoutConfiguration)
}

/// The framing of stored records: a magic number, the format's version and the record's type, then its body.
///
/// Every record starts with `"LS"`, then ``formatVersion``, then a ``RecordType`` byte. A reader refuses a record
/// of any other format instead of misreading it (``SessionRecordError/unsupportedVersion(_:)``): records are only
/// ever read by the build that wrote them, so a format that gains fields is a new version, and an older record
/// (a session written before an upgrade) is refused, its session then being unknown to the new replicas.
enum SessionCodec {
    /// The first two bytes of every record.
    static let magic: [UInt8] = [UInt8(ascii: "L"), UInt8(ascii: "S")]
    /// The format this build writes and the only one it reads.
    ///
    /// Version 2 added flow's `estimatedItemSize` and `sectionInsetReference`; waterfall's column sizing, header and
    /// footer insets, minimum content height and scroll direction (in the configuration and the overrides);
    /// compositional's anchored supplementary items, boundary items' `absoluteOffset`, named decoration items,
    /// content-insets references and visible-item effects; and batch updates' `moveSections`. Version 3 added
    /// compositional's layout-wide boundary items and the measured sizes of a section's side items. Version 4 added
    /// compositional's list sections (a section's `list`) and the measured sizes of compositional's anchored
    /// supplementaries (`SectionInput.anchoredSizes`).
    static let formatVersion: UInt8 = 4

    /// What a record holds.
    enum RecordType: UInt8 {
        /// A ``StoredSessionInput``.
        case input = 1
        /// A ``SessionMutation``.
        case mutation = 2
    }

    /// The record of a session's input.
    ///
    /// - Throws: ``SessionRecordError/unsupportedKind(_:)`` for a kind outside the engine's registry.
    static func encode(_ stored: StoredSessionInput) throws(SessionRecordError) -> [UInt8] {
        var writer = Self.header(.input, capacity: 64 + 8 * stored.input.sections.count)
        try writer.write(configuration: stored.configuration)
        writer.write(input: stored.input)
        return writer.bytes
    }

    /// The record of a mutation.
    ///
    /// - Throws: ``SessionRecordError/unsupportedKind(_:)`` for a transition to a kind outside the registry.
    static func encode(_ mutation: SessionMutation) throws(SessionRecordError) -> [UInt8] {
        var writer = Self.header(.mutation, capacity: 64)
        try writer.write(mutation: mutation)
        return writer.bytes
    }

    /// Reads a session's input record.
    ///
    /// - Throws: ``SessionRecordError`` when the bytes are not such a record.
    static func decodeInput(_ bytes: [UInt8]) throws(SessionRecordError) -> StoredSessionInput {
        var reader = try Self.reader(bytes, expecting: .input)
        let stored = StoredSessionInput(configuration: try reader.readConfiguration(), input: try reader.readInput())
        try reader.finish()
        return stored
    }

    /// Reads a mutation record.
    ///
    /// - Throws: ``SessionRecordError`` when the bytes are not such a record.
    static func decodeMutation(_ bytes: [UInt8]) throws(SessionRecordError) -> SessionMutation {
        var reader = try Self.reader(bytes, expecting: .mutation)
        let mutation = try reader.readMutation()
        try reader.finish()
        return mutation
    }

    private static func header(_ type: RecordType, capacity: Int) -> BinaryWriter {
        var writer = BinaryWriter(capacity: capacity)
        writer.write(raw: Self.magic)
        writer.write(byte: Self.formatVersion)
        writer.write(byte: type.rawValue)
        return writer
    }

    private static func reader(_ bytes: [UInt8], expecting type: RecordType) throws(SessionRecordError)
        -> BinaryReader
    {
        var reader = BinaryReader(bytes)
        guard try reader.readRaw(count: 2).elementsEqual(Self.magic) else { throw .badMagic }
        let version = try reader.readByte()
        guard version == Self.formatVersion else { throw .unsupportedVersion(version) }
        let start = reader.offset
        guard try reader.readByte() == type.rawValue else { throw .invalidValue(offset: start, what: "record type") }
        return reader
    }
}

extension BinaryWriter {
    /// Appends a mutation: a tag, then its value. Dictionaries are written in key order, so equal mutations give
    /// equal bytes.
    mutating func write(mutation: SessionMutation) throws(SessionRecordError) {
        switch mutation {
        case .invalidate(let context):
            self.write(byte: 0)
            self.write(list: context.itemSizes.sorted { $0.key < $1.key }) { writer, entry in
                writer.write(indexPath: entry.key)
                writer.write(size: entry.value)
            }
            self.write(list: context.supplementarySizes.sorted { $0.key < $1.key }) { writer, entry in
                writer.write(choice: entry.key.kind)
                writer.write(indexPath: entry.key.indexPath)
                writer.write(size: entry.value)
            }
            self.write(optional: context.viewport) { $0.write(size: $1) }
            self.write(context.invalidatesEverything)
            self.write(optional: context.contentOffset) { $0.write(point: $1) }
        case .updates(let batch):
            self.write(byte: 1)
            self.write(list: batch.deleteSections) { $0.write($1) }
            self.write(list: batch.insertSections) { writer, insertion in
                writer.write(insertion.index)
                writer.write(section: insertion.section)
            }
            self.write(list: batch.deleteItems) { $0.write(indexPath: $1) }
            for changes in [batch.insertItems, batch.reloadItems] {
                self.write(list: changes) { writer, change in
                    writer.write(indexPath: change.indexPath)
                    writer.write(optional: change.size) { $0.write(size: $1) }
                }
            }
            self.write(list: batch.moveItems) { writer, move in
                writer.write(indexPath: move.from)
                writer.write(indexPath: move.to)
            }
            self.write(list: batch.moveSections) { writer, move in
                writer.write(move.from)
                writer.write(move.to)
            }
            self.write(optional: batch.expectedItemCounts) { writer, counts in
                writer.write(list: counts) { $0.write($1) }
            }
            self.write(optional: batch.contentOffset) { $0.write(point: $1) }
        case .transition(let configuration):
            self.write(byte: 2)
            try self.write(configuration: configuration)
        }
    }
}

extension BinaryReader {
    /// Reads a mutation.
    mutating func readMutation() throws(SessionRecordError) -> SessionMutation {
        typealias R = BinaryReader
        let start = self.offset
        switch try self.readByte() {
        case 0:
            var context = InvalidationContext()
            for (path, size) in try self.readList({ (r: inout R) throws(SessionRecordError) in
                (try r.readIndexPath(), try r.readSize())
            }) { context.itemSizes[path] = size }
            for (path, size) in try self.readList({ (r: inout R) throws(SessionRecordError) in
                let kind = try r.readChoice(ElementKind.self)
                return (SupplementaryIndexPath(kind: kind, indexPath: try r.readIndexPath()), try r.readSize())
            }) { context.supplementarySizes[path] = size }
            context.viewport = try self.readOptional { (r: inout R) throws(SessionRecordError) in try r.readSize() }
            context.invalidatesEverything = try self.readBool()
            context.contentOffset = try self.readOptional { (r: inout R) throws(SessionRecordError) in
                try r.readPoint()
            }
            return .invalidate(context)
        case 1:
            var batch = BatchUpdates()
            batch.deleteSections = try self.readList { (r: inout R) throws(SessionRecordError) in try r.readInt() }
            batch.insertSections = try self.readList { (r: inout R) throws(SessionRecordError) in
                BatchUpdates.SectionInsertion(index: try r.readInt(), section: try r.readSection())
            }
            batch.deleteItems = try self.readList { (r: inout R) throws(SessionRecordError) in try r.readIndexPath() }
            let change = { (r: inout R) throws(SessionRecordError) in
                BatchUpdates.ItemChange(
                    indexPath: try r.readIndexPath(),
                    size: try r.readOptional { (r: inout R) throws(SessionRecordError) in try r.readSize() }
                )
            }
            batch.insertItems = try self.readList(change)
            batch.reloadItems = try self.readList(change)
            batch.moveItems = try self.readList { (r: inout R) throws(SessionRecordError) in
                BatchUpdates.ItemMove(from: try r.readIndexPath(), to: try r.readIndexPath())
            }
            batch.moveSections = try self.readList { (r: inout R) throws(SessionRecordError) in
                BatchUpdates.SectionMove(from: try r.readInt(), to: try r.readInt())
            }
            batch.expectedItemCounts = try self.readOptional { (r: inout R) throws(SessionRecordError) in
                try r.readList { (r: inout R) throws(SessionRecordError) in try r.readInt() }
            }
            batch.contentOffset = try self.readOptional { (r: inout R) throws(SessionRecordError) in try r.readPoint() }
            return .updates(batch)
        case 2:
            return .transition(try self.readConfiguration())
        default:
            throw .invalidValue(offset: start, what: "mutation")
        }
    }
}

/// Why stored bytes could not be read back into a session's input or a mutation.
enum SessionRecordError: Error, Hashable, Sendable {
    /// The bytes end before the value does.
    case truncated(offset: Int)
    /// The bytes do not start with the record's magic number.
    case badMagic
    /// The record was written in a format other than the one this build reads (``SessionCodec/formatVersion``):
    /// by an older build before an upgrade, or by a newer one.
    case unsupportedVersion(UInt8)
    /// A tag, enumeration name or count that no value of the type has.
    case invalidValue(offset: Int, what: String)
    /// Bytes remain after the record.
    case trailingBytes(offset: Int)
    /// The configuration belongs to a kind outside the engine's registry, which the store cannot name.
    case unsupportedKind(String)
}

extension SessionRecordError: CustomStringConvertible {
    /// The failure in words, for the log line of a session that could not be rebuilt.
    var description: String {
        switch self {
        case .truncated(let offset): "record truncated at byte \(offset)"
        case .badMagic: "not a session record (bad magic)"
        case .unsupportedVersion(let version):
            "record format version \(version), but this build reads only version \(SessionCodec.formatVersion) "
                + "(records are read by the build that wrote them; a session stored before an upgrade is not rebuilt)"
        case .invalidValue(let offset, let what): "invalid \(what) at byte \(offset)"
        case .trailingBytes(let offset): "trailing bytes after the record at byte \(offset)"
        case .unsupportedKind(let kind): "kind \(kind) cannot be stored"
        }
    }
}

/// Reads what ``BinaryWriter`` wrote, refusing anything malformed with a ``SessionRecordError``, never trapping.
struct BinaryReader {
    /// The bytes being read.
    let bytes: [UInt8]
    /// The offset of the next byte.
    private(set) var offset: Int

    /// The most elements a list may claim: more than the bytes left could hold is malformed.
    private var remaining: Int { self.bytes.count - self.offset }

    /// Creates a reader of `bytes` from `offset`.
    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { self.offset == self.bytes.count }

    /// Fails unless every byte was read.
    func finish() throws(SessionRecordError) {
        guard self.isAtEnd else { throw .trailingBytes(offset: self.offset) }
    }

    /// Reads one byte.
    mutating func readByte() throws(SessionRecordError) -> UInt8 {
        guard self.offset < self.bytes.count else { throw .truncated(offset: self.offset) }
        defer { self.offset += 1 }
        return self.bytes[self.offset]
    }

    /// Reads `count` raw bytes.
    mutating func readRaw(count: Int) throws(SessionRecordError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= self.remaining else { throw .truncated(offset: self.offset) }
        defer { self.offset += count }
        return self.bytes[self.offset..<self.offset + count]
    }

    /// Reads a LEB128 unsigned integer.
    mutating func readUnsigned() throws(SessionRecordError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let start = self.offset
            let byte = try self.readByte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw .invalidValue(offset: start, what: "integer") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Reads a zig-zag LEB128 signed integer.
    mutating func readInt() throws(SessionRecordError) -> Int {
        let raw = try self.readUnsigned()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// Reads a count of elements, refusing one larger than the bytes left (each element takes at least
    /// `minimumElementBytes`).
    mutating func readCount(minimumElementBytes: Int = 1) throws(SessionRecordError) -> Int {
        let start = self.offset
        let raw = try self.readUnsigned()
        guard raw <= UInt64(self.remaining / max(1, minimumElementBytes)) else {
            throw .invalidValue(offset: start, what: "count")
        }
        return Int(raw)
    }

    /// Reads a Boolean byte (0 or 1).
    mutating func readBool() throws(SessionRecordError) -> Bool {
        let start = self.offset
        switch try self.readByte() {
        case 0: return false
        case 1: return true
        default: throw .invalidValue(offset: start, what: "Boolean")
        }
    }

    /// Reads 8 little-endian bytes.
    mutating func readFixed64() throws(SessionRecordError) -> UInt64 {
        let raw = try self.readRaw(count: 8)
        var value: UInt64 = 0
        for (shift, byte) in raw.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value
    }

    /// Reads 4 little-endian bytes.
    mutating func readFixed32() throws(SessionRecordError) -> UInt32 {
        let raw = try self.readRaw(count: 4)
        var value: UInt32 = 0
        for (shift, byte) in raw.enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
        return value
    }

    /// Reads a double's bit pattern.
    mutating func readDouble() throws(SessionRecordError) -> Double {
        Double(bitPattern: try self.readFixed64())
    }

    /// Reads a length-prefixed UTF-8 string.
    mutating func readString() throws(SessionRecordError) -> String {
        let count = try self.readCount()
        return String(decoding: try self.readRaw(count: count), as: UTF8.self)
    }

    /// Reads an enumeration stored by its raw name.
    mutating func readChoice<Value: RawRepresentable>(_ type: Value.Type) throws(SessionRecordError) -> Value
    where Value.RawValue == String {
        let start = self.offset
        guard let value = Value(rawValue: try self.readString()) else {
            throw .invalidValue(offset: start, what: String(describing: type))
        }
        return value
    }

    /// Reads an optional: a presence byte, then the value through `body`.
    mutating func readOptional<Value>(
        _ body: (inout BinaryReader) throws(SessionRecordError) -> Value
    ) throws(SessionRecordError) -> Value? {
        guard try self.readBool() else { return nil }
        return try body(&self)
    }

    /// Reads a list: its count, then each element through `body`.
    mutating func readList<Element>(
        _ body: (inout BinaryReader) throws(SessionRecordError) -> Element
    ) throws(SessionRecordError) -> [Element] {
        let count = try self.readCount()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try body(&self)) }
        return values
    }
}

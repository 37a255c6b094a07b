/// Writes JSON into a byte buffer, inserting commas and colons itself.
///
/// ```swift
/// var writer = JSONWriter(capacity: 1024)
/// writer.beginObject()
/// writer.key("width")
/// writer.value(375.0)
/// writer.endObject()
/// // writer.bytes == Array(#"{"width":375}"#.utf8)
/// ```
///
/// The writer trusts its caller to nest correctly (a ``key(_:)-(StaticString)`` before each member value, matched
/// begin and end calls); it keeps no stack, so writing costs little more than the bytes themselves. Output has no
/// whitespace. Doubles are written as the shortest text that reads back to the same bits; see ``value(_:)-(Double)``.
///
/// Each call reserves room for its worst case and then stores bytes through a pointer, so a value costs one
/// capacity check rather than one per byte.
public struct JSONWriter {
    /// The output in `storage[0..<length]`; the rest is room to write into.
    @usableFromInline var storage: [UInt8]
    /// The number of bytes written.
    @usableFromInline var length = 0
    /// The number of bytes written.
    public var count: Int { self.length }
    /// Whether the next value or key is not the first in its container, so needs a comma.
    @usableFromInline var needsComma = false
    /// Whether a key was just written, so the next value follows its colon.
    @usableFromInline var followsKey = false
    /// Numbers written the slow way, whose text a repeat copies (see ``RecentNumbers``).
    @usableFromInline var recentNumbers = RecentNumbers()

    /// Creates an empty writer.
    ///
    /// - Parameter capacity: Bytes to reserve up front, when the output's size can be estimated; the buffer grows
    ///   by doubling past it. Defaults to 256.
    public init(capacity: Int = 256) {
        self.storage = Self.makeRoom(count: max(capacity, 64))
    }

    /// The JSON written so far.
    ///
    /// Getting it trims the spare room at the end of the buffer and hands the buffer over without copying; writing
    /// more afterwards is allowed but copies the buffer once if the returned array is still alive.
    public var bytes: [UInt8] {
        mutating get {
            if self.storage.count > self.length { self.storage.removeSubrange(self.length...) }
            return self.storage
        }
    }

    /// Writes `{`.
    public mutating func beginObject() {
        self.writeStructural(UInt8(ascii: "{"), separated: true)
        self.needsComma = false
    }

    /// Writes `}`.
    public mutating func endObject() {
        self.writeStructural(UInt8(ascii: "}"), separated: false)
        self.needsComma = true
    }

    /// Writes `[`.
    public mutating func beginArray() {
        self.writeStructural(UInt8(ascii: "["), separated: true)
        self.needsComma = false
    }

    /// Writes `]`.
    public mutating func endArray() {
        self.writeStructural(UInt8(ascii: "]"), separated: false)
        self.needsComma = true
    }

    /// Writes a member name given as a literal, and its colon; write the member's value next.
    ///
    /// The literal is copied as it is, so it must need no escaping (no `"`, `\\` or control characters), which
    /// every member name of the wire contract satisfies; debug builds check it. Use ``key(_:)-(String)`` for names
    /// that come from data.
    ///
    /// - Parameter name: The member name.
    public mutating func key(_ name: StaticString) {
        let comma = self.takeSeparator()
        name.withUTF8Buffer { self.writeVerbatim($0, comma: comma, colon: true) }
        self.followsKey = true
    }

    /// Writes a member name and its colon; write the member's value next.
    ///
    /// Disfavoured so that a literal picks the allocation-free `StaticString` overload.
    ///
    /// - Parameter name: The name, escaped as needed.
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        let comma = self.takeSeparator()
        var name = name
        name.withUTF8 { self.writeQuoted($0, comma: comma, colon: true) }
        self.followsKey = true
    }

    /// Writes a string, escaping `"`, `\\` and control characters; other characters pass through as UTF-8.
    ///
    /// Disfavoured so that a literal picks the allocation-free `StaticString` overload.
    ///
    /// - Parameter string: The value.
    @_disfavoredOverload
    public mutating func value(_ string: String) {
        let comma = self.takeSeparator()
        var string = string
        string.withUTF8 { self.writeQuoted($0, comma: comma, colon: false) }
        self.needsComma = true
    }

    /// Writes a string literal, such as `"cell"`, as it is, without allocating.
    ///
    /// Like ``key(_:)-(StaticString)``, the literal must need no escaping; debug builds check it.
    ///
    /// - Parameter string: The value.
    public mutating func value(_ string: StaticString) {
        let comma = self.takeSeparator()
        string.withUTF8Buffer { self.writeVerbatim($0, comma: comma, colon: false) }
        self.needsComma = true
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter bool: The value.
    public mutating func value(_ bool: Bool) {
        self.writeLiteral(bool ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        self.writeLiteral("null")
    }

    /// Writes bytes that are already JSON (a whole value), e.g. a cached fragment, as the next value.
    ///
    /// - Parameter json: One complete, valid JSON value; it is not checked.
    public mutating func appendRaw(_ json: some Collection<UInt8>) {
        let comma = self.takeSeparator()
        self.write(maximumCount: json.count + 1) { output in
            var written = 0
            if comma {
                output[0] = UInt8(ascii: ",")
                written = 1
            }
            for byte in json {
                output[written] = byte
                written += 1
            }
            return written
        }
        self.needsComma = true
    }

    /// Whether the next key or value needs a comma before it; resets the after-key state.
    @inlinable @inline(__always)
    mutating func takeSeparator() -> Bool {
        defer { self.followsKey = false }
        return self.needsComma && !self.followsKey
    }

    /// Makes room for `maximumCount` bytes, lets `body` store them at the end, and keeps the `body`'s count.
    @inline(__always)
    mutating func write(maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if self.storage.count - self.length < maximumCount { self.grow(toFit: maximumCount) }
        let start = self.length
        self.length += self.storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Reserves room for one value of at most `maximumLength` bytes (a comma before it is accounted for) and lets
    /// `body` store it through a cursor; the value counts as the next one of the current container.
    ///
    /// - Parameters:
    ///   - maximumLength: The most bytes `body` stores.
    ///   - body: Stores the value; it gets the numbers written recently, to pass to
    ///     ``OutputCursor/put(_:recent:)``.
    ///
    /// It is `@inlinable`, so that `body` is inlined where a writer in another module calls it.
    @inlinable @inline(__always)
    public mutating func writeValue(maximumLength: Int, _ body: (inout OutputCursor, inout RecentNumbers) -> Void) {
        let comma = self.takeSeparator()
        self.didWriteValue()
        let origin = self.length
        if self.storage.count - origin < maximumLength + 1 { self.grow(toFit: maximumLength + 1) }
        // The buffer and the recent numbers are two stored properties, borrowed side by side.
        self.length += self.storage.withUnsafeMutableBufferPointer { buffer in
            var cursor = OutputCursor(start: buffer.baseAddress! + origin, startOffset: origin)
            if comma { cursor.put(UInt8(ascii: ",")) }
            body(&cursor, &self.recentNumbers)
            return cursor.written
        }
    }

    /// Makes room for `extra` more bytes, so that writing that much grows the buffer at most now, never byte by
    /// byte: for a writer that learns the size of a part of its output only midway.
    public mutating func reserve(_ extra: Int) {
        if self.storage.count - self.length < extra { self.grow(toFit: extra) }
    }

    @inline(never) @usableFromInline
    mutating func grow(toFit extra: Int) {
        // A reused buffer (init(reusing:capacity:)) has room past its count: use that first.
        if self.extendIntoCapacity(toFit: extra) { return }
        var larger = Self.makeRoom(count: max(self.storage.count * 2, self.length + extra))
        larger.withUnsafeMutableBufferPointer { target in
            self.storage.withUnsafeBufferPointer { source in
                target.baseAddress!.update(from: source.baseAddress!, count: self.length)
            }
        }
        self.storage = larger
    }

    /// A buffer of `count` bytes that are written before they are read, so are not zeroed first: clearing a
    /// 100 MB answer's buffer would cost as much as a fifth of writing it.
    private static func makeRoom(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initializedCount in initializedCount = count }
    }

    private mutating func writeStructural(_ byte: UInt8, separated: Bool) {
        let comma = separated && self.takeSeparator()
        self.write(maximumCount: 2) { output in
            guard comma else {
                output[0] = byte
                return 1
            }
            output[0] = UInt8(ascii: ",")
            output[1] = byte
            return 2
        }
    }

    private mutating func writeLiteral(_ literal: StaticString) {
        let comma = self.takeSeparator()
        literal.withUTF8Buffer { self.writeBytes($0, comma: comma) }
        self.needsComma = true
    }

    /// Writes `bytes` as they are, after a comma if `comma`.
    @inline(__always)
    mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>, comma: Bool) {
        self.write(maximumCount: bytes.count + 1) { output in
            var written = 0
            if comma {
                output[0] = UInt8(ascii: ",")
                written = 1
            }
            Self.copy(bytes, to: output + written)
            return written + bytes.count
        }
    }

    /// Copies `bytes` to `output`, by hand when short: a call to `memmove` costs more than a key's bytes.
    ///
    /// Up to 64 bytes go eight at a time, the last eight overlapping the ones before (a literal of 12 bytes is two
    /// loads and two stores, not twelve of each); below eight, four at a time the same way. Nothing is read or
    /// written outside the two ranges.
    @inlinable @inline(__always)
    static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>) {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return }
        guard count <= 64 else {
            output.update(from: base, count: count)
            return
        }
        let source = UnsafeRawPointer(base)
        let target = UnsafeMutableRawPointer(output)
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                    toByteOffset: offset,
                    as: UInt64.self
                )
                offset &+= 8
            }
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self),
                toByteOffset: count &- 8,
                as: UInt64.self
            )
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            for index in 0..<count { output[index] = base[index] }
        }
    }

    /// Marks the current container as holding a value; used by the number writers.
    @inlinable @inline(__always)
    mutating func didWriteValue() {
        self.needsComma = true
    }
}

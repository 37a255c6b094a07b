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
package struct JSONWriter {
    /// The JSON written so far.
    package internal(set) var bytes: [UInt8] = []
    /// Whether the next value or key is not the first in its container, so needs a comma.
    private var needsComma = false
    /// Whether a key was just written, so the next value follows its colon.
    private var followsKey = false

    /// Creates an empty writer.
    ///
    /// - Parameter capacity: Bytes to reserve up front, when the output's size can be estimated. Defaults to 0.
    package init(capacity: Int = 0) {
        self.bytes.reserveCapacity(capacity)
    }

    /// Reserves room for at least `count` more bytes.
    ///
    /// - Parameter count: The expected number of bytes still to write.
    package mutating func reserveCapacity(forAdditional count: Int) {
        self.bytes.reserveCapacity(self.bytes.count + count)
    }

    /// Writes `{`.
    package mutating func beginObject() {
        self.separate()
        self.bytes.append(UInt8(ascii: "{"))
        self.needsComma = false
    }

    /// Writes `}`.
    package mutating func endObject() {
        self.bytes.append(UInt8(ascii: "}"))
        self.needsComma = true
    }

    /// Writes `[`.
    package mutating func beginArray() {
        self.separate()
        self.bytes.append(UInt8(ascii: "["))
        self.needsComma = false
    }

    /// Writes `]`.
    package mutating func endArray() {
        self.bytes.append(UInt8(ascii: "]"))
        self.needsComma = true
    }

    /// Writes a member name and its colon; write the member's value next.
    ///
    /// - Parameter name: The name, escaped as needed; a literal costs no allocation.
    package mutating func key(_ name: StaticString) {
        self.separate()
        name.withUTF8Buffer { self.appendQuoted($0) }
        self.bytes.append(UInt8(ascii: ":"))
        self.followsKey = true
    }

    /// Writes a member name and its colon; write the member's value next.
    ///
    /// - Parameter name: The name, escaped as needed.
    package mutating func key(_ name: String) {
        self.separate()
        self.appendQuoted(name)
        self.bytes.append(UInt8(ascii: ":"))
        self.followsKey = true
    }

    /// Writes a string, escaping `"`, `\` and control characters; other characters pass through as UTF-8.
    ///
    /// - Parameter string: The value.
    package mutating func value(_ string: String) {
        self.separate()
        self.appendQuoted(string)
        self.needsComma = true
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter bool: The value.
    package mutating func value(_ bool: Bool) {
        self.separate()
        self.appendLiteral(bool ? "true" : "false")
        self.needsComma = true
    }

    /// Writes `null`.
    package mutating func null() {
        self.separate()
        self.appendLiteral("null")
        self.needsComma = true
    }

    /// Writes bytes that are already JSON (a whole value), e.g. a cached fragment, as the next value.
    ///
    /// - Parameter json: One complete, valid JSON value; it is not checked.
    package mutating func appendRaw(_ json: some Sequence<UInt8>) {
        self.separate()
        self.bytes.append(contentsOf: json)
        self.needsComma = true
    }

    /// Writes the comma (or nothing, after a key or at a container's start) that precedes a value or key.
    @inline(__always)
    mutating func separate() {
        if self.followsKey {
            self.followsKey = false
        } else if self.needsComma {
            self.bytes.append(UInt8(ascii: ","))
        }
    }

    /// Appends a value's bytes after ``separate()``, and marks the container as non-empty.
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { self.bytes.append(contentsOf: $0) }
    }

    /// Marks the current container as holding a value; used by the number writers.
    @inline(__always)
    mutating func didWriteValue() {
        self.needsComma = true
    }
}

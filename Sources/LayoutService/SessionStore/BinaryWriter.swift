/// Appends values to a byte buffer in the session store's compact binary form.
///
/// The form is little-endian and self-delimiting: integers are LEB128 variable-length (signed ones zig-zag first, so
/// small negative numbers stay short), doubles are their 8-byte IEEE 754 bit pattern (so every value, `-0.0` and
/// NaN payloads included, comes back bit for bit), strings are a length and their UTF-8 bytes, optionals a presence
/// byte, and lists a count. ``BinaryReader`` reads it back.
struct BinaryWriter: Sendable {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer, reserving `capacity` bytes.
    init(capacity: Int = 64) {
        self.bytes.reserveCapacity(capacity)
    }

    /// Appends one byte.
    mutating func write(byte: UInt8) {
        self.bytes.append(byte)
    }

    /// Appends raw bytes.
    mutating func write(raw: some Sequence<UInt8>) {
        self.bytes.append(contentsOf: raw)
    }

    /// Appends an unsigned integer as LEB128.
    mutating func write(unsigned value: UInt64) {
        var value = value
        while value >= 0x80 {
            self.bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        self.bytes.append(UInt8(value))
    }

    /// Appends a signed integer, zig-zag encoded then LEB128.
    mutating func write(_ value: Int) {
        let wide = Int64(value)
        self.write(unsigned: UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// Appends a Boolean as one byte.
    mutating func write(_ value: Bool) {
        self.bytes.append(value ? 1 : 0)
    }

    /// Appends a double's 8-byte bit pattern.
    mutating func write(_ value: Double) {
        self.write(fixed: value.bitPattern)
    }

    /// Appends a 64-bit value as 8 little-endian bytes.
    mutating func write(fixed value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { self.bytes.append(contentsOf: $0) }
    }

    /// Appends a 32-bit value as 4 little-endian bytes.
    mutating func write(fixed value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { self.bytes.append(contentsOf: $0) }
    }

    /// Appends a string: its UTF-8 length, then its bytes.
    mutating func write(_ value: String) {
        let utf8 = value.utf8
        self.write(unsigned: UInt64(utf8.count))
        self.bytes.append(contentsOf: utf8)
    }

    /// Appends an enumeration by its raw name, so that reordering the cases never changes what was stored.
    mutating func write<Value: RawRepresentable>(choice value: Value) where Value.RawValue == String {
        self.write(value.rawValue)
    }

    /// Appends an optional: a presence byte, then the value through `body` when there is one.
    mutating func write<Value>(optional value: Value?, _ body: (inout BinaryWriter, Value) -> Void) {
        guard let value else { return self.write(false) }
        self.write(true)
        body(&self, value)
    }

    /// Appends a list: its count, then each element through `body`.
    mutating func write<Element>(list values: [Element], _ body: (inout BinaryWriter, Element) -> Void) {
        self.write(unsigned: UInt64(values.count))
        for value in values { body(&self, value) }
    }
}

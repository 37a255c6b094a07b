/// Where the next byte of a response head goes, in room ``ResponseWriter`` measured beforehand, so that the head
/// reaches the connection's output in one append instead of one per piece (a status line, the date, each field's
/// name, separator, value and line end: a dozen appends, each with its capacity and uniqueness checks, had cost
/// about 1,000 instructions per answer under callgrind). It does not check bounds; its user measured.
struct HeadCursor {
    /// The next byte's address.
    private var position: UnsafeMutablePointer<UInt8>
    /// The first byte's address.
    private let start: UnsafeMutablePointer<UInt8>

    /// Creates a cursor at `start`.
    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.position = start
        self.start = start
    }

    /// The number of bytes stored so far.
    var written: Int { self.position - self.start }

    /// Stores one byte.
    mutating func put(_ byte: UInt8) {
        self.position.pointee = byte
        self.position += 1
    }

    /// Stores a literal as it is.
    mutating func put(_ literal: StaticString) {
        self.position.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        self.position += literal.utf8CodeUnitCount
    }

    /// Stores bytes as they are.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        self.position.update(from: base, count: bytes.count)
        self.position += bytes.count
    }

    /// Stores a field's name or value, each CR, LF or NUL replaced by a space so that no value can end the head or
    /// start a field of its own (response splitting); as many bytes as `string.utf8.count`.
    ///
    /// The bytes are copied in one piece, then looked at eight at a time for a byte up to CR (the rare ones that
    /// may need replacing); only a word holding one is looked at byte by byte.
    ///
    /// - Complexity: O(`string.utf8.count` / 8) for a value without control bytes.
    mutating func putSanitized(_ string: String) {
        // In place when the string is contiguous (native, or small): `withUTF8` needs a `var` copy, a retain and a
        // release of each field's name and value.
        if string.utf8.withContiguousStorageIfAvailable({ self.putSanitized($0) }) == nil {
            var copy = string
            copy.withUTF8 { self.putSanitized($0) }
        }
    }

    /// ``putSanitized(_:)-(String)`` of bytes.
    private mutating func putSanitized(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let position = self.position
        let count = bytes.count
        position.update(from: base, count: count)
        var index = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(position + index).loadUnaligned(as: UInt64.self)
            // Some byte is below 0x0E exactly when this is non-zero (the classic "has a byte less than n"
            // test: a borrow reaches a byte's top bit only from a byte below n whose own top bit is clear).
            if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 {
                Self.replaceLineBreaks(position + index, count: 8)
            }
            index &+= 8
        }
        Self.replaceLineBreaks(position + index, count: count &- index)
        self.position += count
    }

    /// Replaces each CR, LF and NUL among `count` bytes at `bytes` with a space.
    private static func replaceLineBreaks(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        for index in 0..<count where bytes[index] <= .cr {
            let byte = bytes[index]
            if byte == .cr || byte == .lf || byte == 0 { bytes[index] = .space }
        }
    }

    /// Stores a non-negative integer in decimal (at most 19 bytes).
    mutating func putDecimal(_ value: Int) {
        precondition(value >= 0, "negative decimal")
        var digits = 1
        var power = 10
        while digits < 19, value >= power {
            digits += 1
            power = power &* 10
        }
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
            self.position[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit)
            rest = quotient
        }
        self.position += digits
    }
}

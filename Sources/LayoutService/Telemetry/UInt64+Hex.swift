extension UInt64 {
    /// The value as exactly 16 lowercase hexadecimal digits, leading zeros kept: what request and session
    /// identifiers are made of. Written straight into the string's storage.
    var paddedHex: String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<16 {
                let nibble = Int(truncatingIfNeeded: (self >> UInt64(60 - 4 * index)) & 0xF)
                buffer[index] = digits.utf8Start[nibble]
            }
            return 16
        }
    }
}

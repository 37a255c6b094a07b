extension JSONReader {
    /// The RFC 6901 JSON Pointer of the value being read, e.g. `/sections/0/items/5/width`.
    ///
    /// After ``nextKey()`` returns a key it names that member's value; after ``nextElement()`` returns `true`, that
    /// element; after a container closes, the container itself. Rendered only when asked for, typically by an error.
    public var currentPointer: String { self.path.pointer(name: self.memberName(at:)) }

    /// Re-reads the member name whose opening quote is at `offset` (it was validated when first read).
    private func memberName(at offset: Int) -> String {
        var reader = JSONReader(document: self.bytes, maxDepth: self.maxDepth)
        reader.offset = offset
        return (try? reader.scanString { String(decoding: $0, as: UTF8.self) }) ?? ""
    }

    /// A shape error (422) at ``currentPointer``, for a value the decoder rejects.
    ///
    /// Call it right after reading the value, e.g. `guard width >= 0 else { throw reader.shapeError("must be ≥ 0") }`.
    ///
    /// - Parameter message: What is wrong with the value.
    /// - Returns: ``JSONError/shape(pointer:message:)``.
    public func shapeError(_ message: String) -> JSONError {
        .shape(pointer: self.currentPointer, message: message)
    }

    /// A shape error for a member the decoder does not know, at the member's pointer.
    ///
    /// Call it right after ``nextKey()`` returned `key`.
    ///
    /// - Parameter key: The unknown member name.
    /// - Returns: ``JSONError/shape(pointer:message:)`` such as `/viewport/depth: unknown field "depth"`.
    public func unknownField(_ key: JSONKey) -> JSONError {
        guard case .key(let offset)? = self.path.last else { return self.shapeError("unknown field \"\(key.string)\"") }
        return self.shapeError("unknown field \"\(self.memberName(at: offset))\"")
    }

    /// A shape error for a required member that the object lacks, at the pointer the member would have.
    ///
    /// Call it after ``nextKey()`` returned `nil`, when ``currentPointer`` names the object again.
    ///
    /// - Parameter name: The missing member's name.
    /// - Returns: ``JSONError/shape(pointer:message:)`` such as `/viewport/height: missing required field "height"`.
    public func missingField(_ name: String) -> JSONError {
        .shape(
            pointer: self.currentPointer + "/" + JSONPath.escape(name),
            message: "missing required field \"\(name)\""
        )
    }

    /// A syntax error (400) at a byte offset.
    ///
    /// - Parameters:
    ///   - message: What is malformed.
    ///   - offset: The offending byte's offset; defaults to the reader's position.
    /// - Returns: ``JSONError/syntax(offset:message:)``.
    public func syntaxError(_ message: String, at offset: Int? = nil) -> JSONError {
        .syntax(offset: offset ?? self.offset, message: message)
    }

    /// Describes the byte at `offset` for a message: `'x'`, `byte 0xC3`, or `end of input`.
    func describeByte(at offset: Int) -> String {
        guard offset < self.bytes.count else { return "end of input" }
        let byte = self.bytes[offset]
        guard byte >= 0x21, byte < 0x7F else {
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }
}

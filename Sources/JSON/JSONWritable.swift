/// A value that writes itself with a ``JSONWriter``, so that ``JSONWriter/member(_:_:)`` can write a member of any
/// such type in one call.
///
/// The scalars the writer knows conform here; a module with its own value types (the service's geometry) conforms
/// them where it writes them, so that this module stays free of anyone's types.
public protocol JSONWritable {
    /// Writes `self` as the writer's next value.
    func write(to writer: inout JSONWriter)
}

extension JSONWriter {
    /// Writes the member `"name": value`.
    ///
    /// - Parameters:
    ///   - name: The member name, a literal that needs no escaping (see ``key(_:)-(StaticString)``).
    ///   - value: The member's value.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: some JSONWritable) {
        self.key(name)
        value.write(to: &self)
    }

    /// Writes the member `"name": [element, …]`.
    ///
    /// - Parameters:
    ///   - name: The member name, a literal that needs no escaping (see ``key(_:)-(StaticString)``).
    ///   - elements: The array's elements, in order.
    @inlinable
    public mutating func member(_ name: StaticString, array elements: some Sequence<some JSONWritable>) {
        self.key(name)
        self.beginArray()
        for element in elements { element.write(to: &self) }
        self.endArray()
    }
}

extension Double: JSONWritable {
    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Int: JSONWritable {
    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Bool: JSONWritable {
    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension String: JSONWritable {
    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

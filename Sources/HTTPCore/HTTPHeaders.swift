/// An ordered list of header fields with case-insensitive lookup by name.
///
/// Order and duplicates are kept exactly as received, because framing decisions (two `Content-Length` fields, two
/// `Host` fields) depend on them. Lookups compare names ASCII-case-insensitively, as RFC 9110 §5.1 requires.
///
/// The fields of a parsed request are kept as the bytes they arrived as, with where each name and value lies in
/// them: a field's `String`s are made only when it is asked for (``subscript(_:)``, ``fields``), so a request
/// whose fields nobody reads costs no string per field (issue 21). Fields added through the API are kept as
/// strings, after the received ones.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The received fields (from a request head), as they came; `nil` or empty for a list built through the API.
    /// All of them come before ``added``.
    var received: ReceivedFields?
    /// The fields added through the API, in order.
    var added: [(name: String, value: String)]

    /// The number of received fields.
    var receivedCount: Int { self.received?.count ?? 0 }

    /// Creates an empty list.
    public init() {
        self.added = []
    }

    /// Creates a list from literal pairs, keeping their order.
    ///
    /// Room is reserved for a few more fields, so that the ones a responder adds afterwards (`X-Request-Id`, `ETag`,
    /// CORS) do not reallocate the list on every answer.
    public init(dictionaryLiteral elements: (String, String)...) {
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(elements.count + Self.roomForAddedFields)
        for (name, value) in elements { fields.append((name: name, value: value)) }
        self.added = fields
    }

    /// How many fields a literal list has room for beyond its own.
    static let roomForAddedFields = 3

    /// The fields in the order they were added; a received field's strings are made by this call.
    ///
    /// - Complexity: O(total length of the received fields) for a parsed request's list; O(1) for one that holds
    ///   only fields added through the API.
    public var fields: [(name: String, value: String)] {
        guard let received = self.received, received.count > 0 else { return self.added }
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(self.count)
        for field in received.fields {
            fields.append((name: Self.name(of: field, in: received), value: Self.value(of: field, in: received)))
        }
        fields.append(contentsOf: self.added)
        return fields
    }

    /// The value of the first field named `name`, or `nil`.
    ///
    /// A received field's name is looked at only when its length is `name`'s: a request without the field (most
    /// lookups, such as `X-Request-Id`) costs a length comparison per field and no string.
    public subscript(name: String) -> String? {
        // Asked of the storage in place, not through a local reference to it (a retain and a release a lookup).
        if let value = self.received?.firstValue(named: name) { return value }
        for index in self.added.indices where Self.namesMatch(self.added[index].name, name) {
            return self.added[index].value
        }
        return nil
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        if let received = self.received, received.count > 0 {
            _ = Self.firstReceived(named: name, in: received) { field -> Bool? in
                values.append(Self.value(of: field, in: received))
                return nil
            }
        }
        for field in self.added where Self.namesMatch(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether at least one field is named `name`.
    public func contains(_ name: String) -> Bool {
        if let received = self.received, received.count > 0,
            Self.firstReceived(named: name, in: received, { _ in true }) == true
        {
            return true
        }
        return self.added.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        self.added.append((name: name, value: value))
    }

    /// Removes every field named `name` and appends one with `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        self.remove(name: name)
        self.added.append((name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        if self.receivedCount > 0, self.contains(receivedNamed: name) {
            let received = self.uniqueReceived()
            var key = name
            key.withUTF8 { key in received.removeFields { Self.bytesMatch(received.name(of: $0), key) } }
        }
        self.added.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Removes every field; with `keepingCapacity`, a list that is not shared keeps its storage for reuse.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        if keepingCapacity, var received = self.received.take() {
            if isKnownUniquelyReferenced(&received) {
                received.removeAll()
                self.received = received
            }
        } else {
            self.received = nil
        }
        if !self.added.isEmpty { self.added.removeAll(keepingCapacity: keepingCapacity) }
    }

    /// Puts `first` and `second` in place of the list's fields when it holds exactly that many, all added through
    /// the API; otherwise changes nothing.
    ///
    /// A list reused for answers of the same shape (a header list kept per thread) costs two stores this way, not
    /// an emptying (`Array.removeAll(keepingCapacity:)`, about 270 instructions) and appends. A list whose
    /// storage is shared is copied first, as any array is on write.
    ///
    /// A field that is already the one given (the same strings, as the literals a kept list gets again and again)
    /// is left as it is: not written, its strings neither retained nor released, the list's storage not checked
    /// for uniqueness (about 120 instructions an answer, callgrind).
    ///
    /// - Returns: Whether the fields were replaced.
    public mutating func replaceFields(
        _ first: (name: String, value: String),
        _ second: (name: String, value: String)? = nil
    ) -> Bool {
        guard self.receivedCount == 0, self.added.count == (second == nil ? 1 : 2) else { return false }
        let kept = self.added.withUnsafeBufferPointer { fields in
            (Self.isSame(fields[0], first), second.map { Self.isSame(fields[1], $0) } ?? true)
        }
        if !kept.0 { self.added[0] = first }
        if !kept.1, let second { self.added[1] = second }
        return true
    }

    /// Whether two fields are the same strings, bit for bit (the same literals, or the same storage): a `true`
    /// means equal, a `false` only perhaps different. Compared as bits, with no retain: only compared.
    @inline(__always)
    private static func isSame(_ a: (name: String, value: String), _ b: (name: String, value: String)) -> Bool {
        unsafeBitCast(a.name, to: (UInt64, UInt64).self) == unsafeBitCast(b.name, to: (UInt64, UInt64).self)
            && unsafeBitCast(a.value, to: (UInt64, UInt64).self) == unsafeBitCast(b.value, to: (UInt64, UInt64).self)
    }

    /// The number of fields added through the API the list holds without reallocating.
    public var capacity: Int { self.added.capacity }

    /// Reserves room for `count` fields added through the API.
    public mutating func reserveCapacity(_ count: Int) {
        self.added.reserveCapacity(count)
    }

    /// The number of fields.
    public var count: Int { self.receivedCount + self.added.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        self.fields.makeIterator()
    }

    /// Whether both lists hold the same fields, names compared exactly, in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        for field in self.fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }

    /// Calls `body` with each received field named `name` (ASCII case-insensitively), in order, until it returns
    /// a value, and returns that value (or `nil`).
    private static func firstReceived<T>(
        named name: String, in received: ReceivedFields, _ body: (ReceivedFields.Field) -> T?
    ) -> T? {
        var key = name
        return key.withUTF8 { key in
            for field in received.fields
            where field.nameEnd - field.nameStart == key.count && Self.bytesMatch(received.name(of: field), key) {
                if let result = body(field) { return result }
            }
            return nil
        }
    }

    /// Whether a received field is named `name`.
    private func contains(receivedNamed name: String) -> Bool {
        guard let received = self.received else { return false }
        return Self.firstReceived(named: name, in: received, { _ in true }) == true
    }

    /// Makes ``received`` storage this list alone holds: made, or copied unless this list alone holds it already.
    mutating func makeReceivedUnique() {
        if self.received == nil {
            self.received = ReceivedFields()
        } else if !isKnownUniquelyReferenced(&self.received) {
            self.received = self.received?.copy()
        }
    }

    /// The received fields' storage, made or copied first unless this list alone holds it.
    mutating func uniqueReceived() -> ReceivedFields {
        guard var received = self.received.take() else {
            let fresh = ReceivedFields()
            self.received = fresh
            return fresh
        }
        if !isKnownUniquelyReferenced(&received) { received = received.copy() }
        self.received = received
        return received
    }

    /// A received field's name as a `String`: a literal for the commonest spellings (``canonicalName(_:)``).
    static func name(of field: ReceivedFields.Field, in received: ReceivedFields) -> String {
        let name = received.name(of: field)
        return Self.canonicalName(name) ?? String(decoding: name, as: UTF8.self)
    }

    /// A received field's value as a `String`.
    static func value(of field: ReceivedFields.Field, in received: ReceivedFields) -> String {
        String(decoding: received.value(of: field), as: UTF8.self)
    }

    /// ASCII case-insensitive comparison of two field names.
    ///
    /// Both are compared as contiguous bytes (a name that is not native UTF-8 is made so on a copy first).
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { a in rhs.withUTF8 { b in Self.bytesMatch(a, b) } }
    }

    /// ASCII case-insensitive comparison of two byte strings.
    static func bytesMatch(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] {
            guard a[index].asciiLowercased == b[index].asciiLowercased else { return false }
        }
        return true
    }
}

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// Order and duplicates are kept exactly as received, because framing decisions (two `Content-Length` fields, two
/// `Host` fields) depend on them. Lookups compare names ASCII-case-insensitively, as RFC 9110 §5.1 requires.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates an empty list.
    public init() {
        self.fields = []
    }

    /// Creates a list from literal pairs, keeping their order.
    ///
    /// Room is reserved for a few more fields, so that the ones a responder adds afterwards (`X-Request-Id`, `ETag`,
    /// CORS) do not reallocate the list on every answer.
    public init(dictionaryLiteral elements: (String, String)...) {
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(elements.count + Self.roomForAddedFields)
        for (name, value) in elements { fields.append((name: name, value: value)) }
        self.fields = fields
    }

    /// How many fields a literal list has room for beyond its own.
    static let roomForAddedFields = 3

    /// The value of the first field named `name`, or `nil`.
    public subscript(name: String) -> String? {
        self.fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        self.fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is named `name`.
    public func contains(_ name: String) -> Bool {
        self.fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        self.fields.append((name: name, value: value))
    }

    /// Removes every field named `name` and appends one with `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        self.remove(name: name)
        self.fields.append((name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        self.fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Removes every field; with `keepingCapacity`, a list that is not shared keeps its storage for reuse.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        self.fields.removeAll(keepingCapacity: keepingCapacity)
    }

    /// The number of fields the list holds without reallocating.
    public var capacity: Int { self.fields.capacity }

    /// Reserves room for `count` fields.
    public mutating func reserveCapacity(_ count: Int) {
        self.fields.reserveCapacity(count)
    }

    /// The number of fields.
    public var count: Int { self.fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        self.fields.makeIterator()
    }

    /// Whether both lists hold the same fields, names compared exactly, in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        for field in self.fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }

    /// ASCII case-insensitive comparison of two field names.
    ///
    /// Both are compared as contiguous bytes (a name that is not native UTF-8 is made so on a copy first).
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in
                for index in 0..<a.count where a[index] != b[index] {
                    guard Self.lowercased(a[index]) == Self.lowercased(b[index]) else { return false }
                }
                return true
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// Order and duplicates are kept exactly as received, because framing decisions (two `Content-Length` fields, two
/// `Host` fields) depend on them. Lookups compare names ASCII-case-insensitively, as RFC 9110 §5.1 requires.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    public typealias Field = (name: String, value: String)

    /// How many fields are held inline, in the value itself: the usual request (`Host`, `Content-Length`,
    /// `Content-Type`) and the usual answer (`Content-Type`, `ETag`, `X-Request-Id`) allocate no list (issue 21).
    static let inlineCapacity = 4

    /// The first ``inlineCapacity`` fields…
    private var inline = InlineArray<4, Field>(repeating: (name: "", value: ""))
    /// …and the rest, in order.
    private var overflow: [Field] = []
    /// The number of fields.
    public private(set) var count = 0

    /// The fields in the order they were added (made as an array: for tests and rare paths; iterate the list
    /// itself on hot paths).
    public var fields: [Field] { Array(self) }

    /// Creates an empty list.
    public init() {}

    /// Creates a list from literal pairs, keeping their order.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self.add(name: name, value: value) }
    }

    /// The field at `index`, which is below ``count``.
    private subscript(field index: Int) -> Field {
        get { index < Self.inlineCapacity ? self.inline[index] : self.overflow[index - Self.inlineCapacity] }
        set {
            if index < Self.inlineCapacity {
                self.inline[index] = newValue
            } else {
                self.overflow[index - Self.inlineCapacity] = newValue
            }
        }
    }

    /// The value of the first field named `name`, or `nil`.
    public subscript(name: String) -> String? {
        for field in self where Self.namesMatch(field.name, name) { return field.value }
        return nil
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        self.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is named `name`.
    public func contains(_ name: String) -> Bool {
        self.contains(where: { Self.namesMatch($0.name, name) })
    }

    /// Appends a field, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        if self.count < Self.inlineCapacity {
            self.inline[self.count] = (name: name, value: value)
        } else {
            self.overflow.append((name: name, value: value))
        }
        self.count += 1
    }

    /// Removes every field named `name` and appends one with `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        self.remove(name: name)
        self.add(name: name, value: value)
    }

    /// Removes every field named `name`, keeping the others in order.
    public mutating func remove(name: String) {
        guard self.contains(name) else { return }
        var kept = 0
        for index in 0..<self.count {
            let field = self[field: index]
            guard !Self.namesMatch(field.name, name) else { continue }
            self[field: kept] = field
            kept += 1
        }
        self.truncate(to: kept)
    }

    /// Removes every field; with `keepingCapacity`, a list that is not shared keeps its overflow storage.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        self.truncate(to: 0)
        self.overflow.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Drops the fields from `count` on, releasing the strings they held.
    private mutating func truncate(to count: Int) {
        var index = count
        while index < Swift.min(self.count, Self.inlineCapacity) {
            self.inline[index] = (name: "", value: "")
            index += 1
        }
        self.overflow.removeSubrange(Swift.max(0, count - Self.inlineCapacity)..<self.overflow.count)
        self.count = count
    }

    /// The number of fields the list holds without allocating.
    public var capacity: Int { Self.inlineCapacity + self.overflow.capacity }

    /// Reserves room for `count` fields.
    public mutating func reserveCapacity(_ count: Int) {
        if count > Self.inlineCapacity { self.overflow.reserveCapacity(count - Self.inlineCapacity) }
    }

    /// Iterates the fields in order.
    public struct Iterator: IteratorProtocol {
        let headers: HTTPHeaders
        var index = 0

        public mutating func next() -> Field? {
            guard self.index < self.headers.count else { return nil }
            defer { self.index += 1 }
            return self.headers[field: self.index]
        }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> Iterator {
        Iterator(headers: self)
    }

    public var underestimatedCount: Int { self.count }

    /// Whether both lists hold the same fields, names compared exactly, in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        for field in self {
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

/// The reader's position in the document as a stack of containers, rendered as an RFC 6901 JSON Pointer on demand.
///
/// Each open object or array has one component: the member whose value is being read, or the index of the
/// element. Updating it is a store into a small array whose capacity is the depth limit, so tracking the pointer
/// costs nothing on the hot path; a `String` is built only when an error needs one.
struct JSONPath: Hashable, Sendable {
    /// One level of nesting.
    enum Component: Hashable, Sendable {
        /// An object whose first key has not been read yet.
        case objectStart
        /// An object member, by the offset of its name's opening quote in the document.
        case key(offset: Int)
        /// An array element, by index; `-1` before the first element.
        case index(Int)

        /// Whether this level is an object.
        var isObject: Bool {
            if case .index = self { return false }
            return true
        }
    }

    /// The open containers but the innermost, outermost first.
    private var outer: [Component] = []
    /// The innermost open container, kept out of ``outer`` so that moving to the next key or element, the most
    /// frequent update, is a store into this value rather than into an array.
    private(set) var last: Component? = nil

    /// Creates an empty path (the document's root).
    ///
    /// - Parameter capacity: The expected deepest nesting, reserved up front.
    init(capacity: Int = 0) {
        self.outer.reserveCapacity(capacity)
    }

    /// The number of open containers.
    var depth: Int { self.last == nil ? 0 : self.outer.count + 1 }

    /// The open containers, outermost first.
    var components: [Component] { self.last.map { self.outer + [$0] } ?? [] }

    /// Opens a container.
    @inline(__always)
    mutating func push(_ component: Component) {
        if let last = self.last { self.outer.append(last) }
        self.last = component
    }

    /// Closes the innermost container.
    @inline(__always)
    mutating func pop() {
        self.last = self.outer.popLast()
    }

    /// Replaces the innermost container's component (the next key or index).
    @inline(__always)
    mutating func setLast(_ component: Component) {
        self.last = component
    }

    /// The RFC 6901 pointer to the value being read, e.g. `/sections/0/items/5/width`; `""` is the whole document.
    ///
    /// - Parameter name: Reads the member name whose opening quote is at an offset.
    /// - Returns: The pointer, with `~` and `/` in names escaped.
    func pointer(name: (Int) -> String) -> String {
        var result = ""
        for component in self.components {
            switch component {
            case .objectStart, .index(-1): break
            case .key(let offset): result += "/" + Self.escape(name(offset))
            case .index(let index): result += "/\(index)"
            }
        }
        return result
    }

    /// Escapes a reference token per RFC 6901: `~` becomes `~0` and `/` becomes `~1`.
    ///
    /// - Parameter token: An object member name.
    /// - Returns: The token as it appears in a pointer.
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

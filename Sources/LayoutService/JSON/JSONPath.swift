/// The reader's position in the document as a stack of containers, rendered as an RFC 6901 JSON Pointer on demand.
///
/// Each open object or array has one component: the member whose value is being read, or the index of the
/// element. Updating it is a store into a small array whose capacity is the depth limit, so tracking the pointer
/// costs nothing on the hot path; a `String` is built only when an error needs one.
package struct JSONPath: Hashable, Sendable {
    /// One level of nesting.
    package enum Component: Hashable, Sendable {
        /// An object whose first key has not been read yet.
        case objectStart
        /// An object member, by name.
        case key(JSONKey)
        /// An array element, by index; `-1` before the first element.
        case index(Int)

        /// Whether this level is an object.
        package var isObject: Bool {
            if case .index = self { return false }
            return true
        }
    }

    /// The open containers, outermost first.
    package private(set) var components: [Component] = []

    /// Creates an empty path (the document's root).
    ///
    /// - Parameter capacity: The expected deepest nesting, reserved up front.
    package init(capacity: Int = 0) {
        self.components.reserveCapacity(capacity)
    }

    /// The number of open containers.
    package var depth: Int { self.components.count }

    /// The innermost open container's component, or `nil` at the root.
    package var last: Component? { self.components.last }

    /// Opens a container.
    mutating func push(_ component: Component) {
        self.components.append(component)
    }

    /// Closes the innermost container.
    mutating func pop() {
        self.components.removeLast()
    }

    /// Replaces the innermost container's component (the next key or index).
    mutating func setLast(_ component: Component) {
        self.components[self.components.count - 1] = component
    }

    /// The RFC 6901 pointer to the value being read, e.g. `/sections/0/items/5/width`; `""` is the whole document.
    package var pointer: String {
        var result = ""
        for component in self.components {
            switch component {
            case .objectStart, .index(-1): break
            case .key(let key): result += "/" + Self.escape(key.string)
            case .index(let index): result += "/\(index)"
            }
        }
        return result
    }

    /// The pointer to member `name` of the innermost object, for "missing field" errors.
    ///
    /// - Parameter name: The member name, unescaped.
    /// - Returns: ``pointer`` followed by `/` and the escaped name.
    package func pointer(appending name: String) -> String {
        self.pointer + "/" + Self.escape(name)
    }

    /// Escapes a reference token per RFC 6901: `~` becomes `~0` and `/` becomes `~1`.
    ///
    /// - Parameter token: An object member name.
    /// - Returns: The token as it appears in a pointer.
    package static func escape(_ token: String) -> String {
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

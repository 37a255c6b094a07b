/// The reader's position in the document as a stack of containers, rendered as an RFC 6901 JSON Pointer on demand.
///
/// Each open object or array has one component: the member whose value is being read, or the index of the
/// element. Updating it is a store into a small inline array (an array on the heap only past ``inlineDepth``), so
/// tracking the pointer costs nothing on the hot path and reading a document allocates nothing for it (issue 21); a
/// `String` is built only when an error needs one.
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

    /// How many outer containers are held inline; deeper ones go to ``spill``.
    static let inlineDepth = 8

    /// The open containers but the innermost, outermost first: the first ``inlineDepth`` here (a tuple rather than
    /// an `InlineArray`, whose copies can go through unspecialised value witnesses)…
    private var inline: (Component, Component, Component, Component, Component, Component, Component, Component) =
        (.objectStart, .objectStart, .objectStart, .objectStart, .objectStart, .objectStart, .objectStart, .objectStart)
    /// …and the rest here.
    private var spill: [Component] = []
    /// How many outer containers are open.
    private var outerCount = 0
    /// The innermost open container, kept apart so that moving to the next key or element, the most frequent
    /// update, is a store into this value.
    private(set) var last: Component? = nil

    /// Creates an empty path (the document's root).
    init() {}

    /// The number of open containers.
    var depth: Int { self.last == nil ? 0 : self.outerCount + 1 }

    /// The open containers, outermost first.
    var components: [Component] {
        guard let last = self.last else { return [] }
        var result: [Component] = []
        result.reserveCapacity(self.outerCount + 1)
        for index in 0..<min(self.outerCount, Self.inlineDepth) { result.append(self.inlineComponent(at: index)) }
        result.append(contentsOf: self.spill)
        result.append(last)
        return result
    }

    /// Opens a container.
    @inline(__always)
    mutating func push(_ component: Component) {
        if let last = self.last {
            if self.outerCount < Self.inlineDepth {
                self.setInlineComponent(last, at: self.outerCount)
            } else {
                self.spill.append(last)
            }
            self.outerCount += 1
        }
        self.last = component
    }

    /// Closes the innermost container.
    @inline(__always)
    mutating func pop() {
        guard self.outerCount > 0 else {
            self.last = nil
            return
        }
        self.outerCount -= 1
        self.last = self.outerCount < Self.inlineDepth
            ? self.inlineComponent(at: self.outerCount) : self.spill.removeLast()
    }

    /// The inline component at `index`, below ``inlineDepth``.
    @inline(__always)
    private func inlineComponent(at index: Int) -> Component {
        switch index {
        case 0: self.inline.0
        case 1: self.inline.1
        case 2: self.inline.2
        case 3: self.inline.3
        case 4: self.inline.4
        case 5: self.inline.5
        case 6: self.inline.6
        default: self.inline.7
        }
    }

    /// Stores the inline component at `index`, below ``inlineDepth``.
    @inline(__always)
    private mutating func setInlineComponent(_ component: Component, at index: Int) {
        switch index {
        case 0: self.inline.0 = component
        case 1: self.inline.1 = component
        case 2: self.inline.2 = component
        case 3: self.inline.3 = component
        case 4: self.inline.4 = component
        case 5: self.inline.5 = component
        case 6: self.inline.6 = component
        default: self.inline.7 = component
        }
    }

    /// Replaces the innermost container's component (the next key or index).
    @inline(__always)
    mutating func setLast(_ component: Component) {
        self.last = component
    }

    /// Whether both paths have the same open containers.
    static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.components == rhs.components
    }

    /// Hashes the open containers.
    func hash(into hasher: inout Hasher) {
        hasher.combine(self.components)
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

import FuzzSupport
import JSON

/// A JSON document read in full by ``JSONReader``: what the JSON fuzz target reads, writes back and compares.
indirect enum JSONTree: Equatable {
    /// An object's members, in document order.
    case object([Member])
    case array([JSONTree])
    case string(String)
    /// A number as the reader converted it, compared bit for bit so that `-0` and `0` differ.
    case number(UInt64)
    case bool(Bool)
    case null

    /// One object member.
    struct Member: Equatable {
        var name: String
        var value: JSONTree
    }

    /// What a read noticed on the way.
    struct Notes {
        /// Whether every member name was kept in full: ``JSONKey/string`` keeps only the first
        /// ``JSONKey/inlineCapacity`` bytes of a longer one.
        var isExact = true
        /// Whether the read stopped at a number beyond ±1.8e308: valid JSON that ``JSONReader/readDouble()`` refuses
        /// by design, where ``JSONReader/skipValue()`` accepts it.
        var hitNumberOutOfRange = false
    }

    /// `{"width":…,"height":…}`, for the arrays read `compactly`.
    static let sizeMembers = JSONCompactPair("width", "height")

    /// Reads the next value in full, asking the reader for exactly the kind it announces, so that the only shape
    /// error possible is a number out of range (noted in `notes`). Computes each value's JSON Pointer on the way.
    /// `compactly`, arrays are read through runs of ``JSONReader/readCompactPairElements(_:in:_:_:)`` (widths up to
    /// 10^6, heights within ±10^6) before each general element, which must give the same tree or error.
    static func read(
        _ reader: inout JSONReader,
        notes: inout Notes,
        compactly: Bool = false
    ) throws(JSONError) -> JSONTree {
        _ = reader.currentPointer
        switch try reader.kind() {
        case .object:
            try reader.beginObject()
            var members: [Member] = []
            while let key = try reader.nextKey() {
                if key.isComplete {
                    oracle(JSONKey(key.string) == key, "key \(key.string) does not survive a round trip")
                } else {
                    notes.isExact = false
                }
                members.append(
                    Member(name: key.string, value: try Self.read(&reader, notes: &notes, compactly: compactly))
                )
            }
            return .object(members)
        case .array:
            try reader.beginArray()
            var elements: [JSONTree] = []
            while true {
                if compactly {
                    _ = reader.readCompactPairElements(Self.sizeMembers, in: 0...1e6, -1e6...1e6) { width, height in
                        elements.append(
                            .object([
                                Member(name: "width", value: .number(width.bitPattern)),
                                Member(name: "height", value: .number(height.bitPattern)),
                            ])
                        )
                    }
                }
                guard try reader.nextElement() else { break }
                elements.append(try Self.read(&reader, notes: &notes, compactly: compactly))
            }
            return .array(elements)
        case .string:
            return .string(try reader.readString())
        case .number:
            // `readInt()` on a copy, for the counts and index paths the decoders read as integers: when it accepts
            // the number, it must agree with `readDouble()` wherever a double holds the integer exactly.
            var integerReader = reader
            let integer = try? integerReader.readInt()
            do {
                let double = try reader.readDouble()
                if let integer, integer.magnitude <= 1 << 53 {
                    oracle(Double(integer) == double, "readInt read \(integer), readDouble \(double)")
                }
                return .number(double.bitPattern)
            } catch {
                if !error.isSyntax { notes.hitNumberOutOfRange = true }
                throw error
            }
        case .bool:
            return .bool(try reader.readBool())
        case .null:
            try reader.readNull()
            return .null
        }
    }

    /// Writes the tree with ``JSONWriter``.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.name)
                member.value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let string): writer.value(string)
        case .number(let bits): writer.value(Double(bitPattern: bits))
        case .bool(let bool): writer.value(bool)
        case .null: writer.null()
        }
    }
}

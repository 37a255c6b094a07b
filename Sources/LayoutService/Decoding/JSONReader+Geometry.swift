import JSON
import LayoutEngine

/// Readers for the wire contract's geometric values, each checking the bounds `openapi.yaml` states.
extension JSONReader {
    /// The largest length accepted, in points: sizes, insets, spacings and radii stay at or below it.
    static let maxLength = 10_000_000.0
    /// The largest coordinate magnitude accepted, in points.
    static let maxCoordinate = 1_000_000_000.0
    /// The lengths ``readLength()`` accepts.
    static let lengths = 0...maxLength
    /// `{"width":…,"height":…}`, as the compact readers match it.
    static let sizeMembers = JSONCompactPair("width", "height")

    /// A number as a message shows it: `-1` rather than Swift's `-1.0`.
    static func format(_ value: Double) -> String {
        abs(value) < 1e15 && value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Reads a length: a number from 0 to ``maxLength``.
    mutating func readLength() throws(JSONError) -> Double {
        let value = try self.readDouble() + 0  // -0 becomes 0
        guard value >= 0, value <= Self.maxLength else {
            throw self.shapeError("must be a number from 0 to 10000000, not \(Self.format(value))")
        }
        return value
    }

    /// Reads a coordinate: a number within ±``maxCoordinate``.
    mutating func readCoordinate() throws(JSONError) -> Double {
        let value = try self.readDouble()
        guard abs(value) <= Self.maxCoordinate else {
            throw self.shapeError("must be a number from -1000000000 to 1000000000, not \(Self.format(value))")
        }
        return value
    }

    /// Reads a number within `range`.
    mutating func readDouble(in range: ClosedRange<Double>) throws(JSONError) -> Double {
        let value = try self.readDouble()
        guard range.contains(value) else {
            throw self.shapeError(
                "must be a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), "
                    + "not \(Self.format(value))"
            )
        }
        return value
    }

    /// Reads an integer within `range`.
    mutating func readInt(in range: ClosedRange<Int>) throws(JSONError) -> Int {
        let value = try self.readInt()
        guard range.contains(value) else {
            throw self.shapeError("must be an integer from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        return value
    }

    /// Reads a string that must be one of `choices`' raw values.
    mutating func readChoice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type
    ) throws(JSONError) -> Choice where Choice.RawValue == String {
        let text = try self.readString()
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw self.shapeError("must be one of \(names)")
        }
        return choice
    }

    /// Reads `{"width", "height"}`, both lengths.
    mutating func readSize() throws(JSONError) -> Size {
        if let size = self.readCompactSize() { return size }
        var width: Double?
        var height: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "width": width = try self.readLength()
            case "height": height = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        guard let width else { throw self.missingField("width") }
        guard let height else { throw self.missingField("height") }
        return Size(width: width, height: height)
    }

    /// ``readSize()``'s common case in one pass: `{"width":w,"height":h}` as clients and `JSON.stringify` write
    /// it (``JSONReader/readCompactPair(_:in:_:)``), within ``readLength()``'s range. Anything else, errors
    /// included, consumes nothing and returns `nil` for the general path to read.
    ///
    /// An item list is mostly such objects: this reads one in about a quarter of the general path's work.
    private mutating func readCompactSize() -> Size? {
        guard let (width, height) = self.readCompactPair(Self.sizeMembers, in: Self.lengths, Self.lengths)
        else { return nil }
        return Size(width: width + 0, height: height + 0)  // -0 becomes 0, as in readLength()
    }

    /// Reads `{"x", "y"}`, both coordinates.
    mutating func readPoint() throws(JSONError) -> Point {
        var x: Double?
        var y: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "x": x = try self.readCoordinate()
            case "y": y = try self.readCoordinate()
            default: throw self.unknownField(key)
            }
        }
        guard let x else { throw self.missingField("x") }
        guard let y else { throw self.missingField("y") }
        return Point(x: x, y: y)
    }

    /// Reads `{"x", "y", "width", "height"}`: coordinates for the origin, lengths for the size.
    mutating func readRect() throws(JSONError) -> Rect {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "x": x = try self.readCoordinate()
            case "y": y = try self.readCoordinate()
            case "width": width = try self.readLength()
            case "height": height = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        guard let x else { throw self.missingField("x") }
        guard let y else { throw self.missingField("y") }
        guard let width else { throw self.missingField("width") }
        guard let height else { throw self.missingField("height") }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Reads `{"top", "left", "bottom", "right"}`, all lengths.
    mutating func readInsets() throws(JSONError) -> EdgeInsets {
        var top: Double?
        var left: Double?
        var bottom: Double?
        var right: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "top": top = try self.readLength()
            case "left": left = try self.readLength()
            case "bottom": bottom = try self.readLength()
            case "right": right = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        guard let top else { throw self.missingField("top") }
        guard let left else { throw self.missingField("left") }
        guard let bottom else { throw self.missingField("bottom") }
        guard let right else { throw self.missingField("right") }
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
}

extension JSONReader {
    /// Reads `[section, item]`: exactly two integers from 0 to 999,999,999.
    mutating func readIndexPath() throws(JSONError) -> IndexPath {
        try self.beginArray()
        var parts: [Int] = []
        while try self.nextElement() {
            guard parts.count < 2 else { throw self.shapeError("an index path is [section, item]: two integers") }
            parts.append(try self.readInt(in: 0...999_999_999))
        }
        guard parts.count == 2 else { throw self.shapeError("an index path is [section, item]: two integers") }
        return IndexPath(section: parts[0], item: parts[1])
    }
}

import JSON
import Testing

/// `readCompactPair` and `readCompactPairElements` read what the general path reads, refuse what it would read
/// differently, and leave errors and pointers to it.
@Suite struct JSONCompactPairTests {
    static let size = JSONCompactPair("width", "height")

    /// Reads `[{"width":…,"height":…}, …]` through the general path only.
    static func readGenerally(_ json: [UInt8], maxDepth: Int = 64) throws(JSONError) -> [UInt64] {
        var reader = JSONReader(bytes: json, maxDepth: maxDepth)
        var values: [UInt64] = []
        try reader.beginArray()
        while try reader.nextElement() { try Self.readElement(&reader, into: &values) }
        try reader.finish()
        return values
    }

    /// Reads the same document through runs of compact pairs, the general path reading the rest.
    static func readCompactly(_ json: [UInt8], maxDepth: Int = 64) throws(JSONError) -> [UInt64] {
        var reader = JSONReader(bytes: json, maxDepth: maxDepth)
        var values: [UInt64] = []
        try reader.beginArray()
        while true {
            let before = values.count
            let read = reader.readCompactPairElements(Self.size, in: 0...1e300, 0...1e300) {
                values.append($0.bitPattern)
                values.append($1.bitPattern)
            }
            #expect(values.count - before == 2 * read)
            guard try reader.nextElement() else { break }
            if let (width, height) = reader.readCompactPair(Self.size, in: 0...1e300, 0...1e300) {
                values.append(width.bitPattern)
                values.append(height.bitPattern)
            } else {
                try Self.readElement(&reader, into: &values)
            }
        }
        try reader.finish()
        return values
    }

    /// One element, `width` then `height` whatever their order in the document (a negative width is refused).
    static func readElement(_ reader: inout JSONReader, into values: inout [UInt64]) throws(JSONError) {
        let size = try Size.read(from: &reader)
        values.append(size.width.bitPattern)
        values.append(size.height.bitPattern)
    }

    /// Both readings of `json`: values or error.
    static func outcomes(
        _ json: [UInt8],
        maxDepth: Int = 64
    ) -> (Result<[UInt64], JSONError>, Result<[UInt64], JSONError>) {
        func run(_ read: ([UInt8], Int) throws(JSONError) -> [UInt64]) -> Result<[UInt64], JSONError> {
            do { return .success(try read(json, maxDepth)) } catch { return .failure(error) }
        }
        return (run(Self.readGenerally), run(Self.readCompactly))
    }

    /// A random element: mostly compact, sometimes spaced, reordered, with an exponent, a long or negative number,
    /// or another member.
    static func element(_ generator: inout SeededGenerator) -> String {
        func number() -> String {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: return "\(Int.random(in: 1...9, using: &generator))e\(Int.random(in: -5...5, using: &generator))"
            case 1: return String(UInt64.random(in: 1_000_000_000_000_000...UInt64.max, using: &generator))
            case 2: return "-\(Int.random(in: 0...500, using: &generator))"
            case 3: return String(Double.random(in: 0...1e4, using: &generator))
            default: return String(Int.random(in: 0...999, using: &generator))
            }
        }
        let (width, height) = (number(), number())
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return "{ \"width\": \(width), \"height\": \(height) }"
        case 1: return "{\"height\":\(height),\"width\":\(width)}"
        case 2: return "{\"width\":\(width),\"height\":\(height),\"depth\":1}"
        case 3: return "{\"width\":\(width)}"
        default: return "{\"width\":\(width),\"height\":\(height)}"
        }
    }

    @Test func runsOfPairsReadWhatTheGeneralPathReads() throws {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<300 {
            let count = Int.random(in: 0...60, using: &generator)
            let separator = [",", ", ", " ,\n  "].randomElement(using: &generator)!
            let elements = (0..<count).map { _ in Self.element(&generator) }
            let json = Array(("[" + elements.joined(separator: separator) + "]").utf8)
            let (general, compact) = Self.outcomes(json)
            #expect(general == compact, "\(String(decoding: json, as: UTF8.self))")
        }
    }

    @Test func damagedDocumentsFailAsTheGeneralPathFails() throws {
        var generator = SeededGenerator(seed: 32)
        let elements = (0..<40).map { _ in "{\"width\":\(Int.random(in: 0...999, using: &generator)),\"height\":2.5}" }
        let json = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        let bytes = Array("{}[],:\"-.e0123456789 x".utf8)
        for offset in 0..<json.count {
            var damaged = json
            damaged[offset] = bytes.randomElement(using: &generator)!
            let (general, compact) = Self.outcomes(damaged)
            #expect(general == compact, "\(String(decoding: damaged, as: UTF8.self))")
            let (truncatedGeneral, truncatedCompact) = Self.outcomes(Array(json[..<offset]))
            #expect(truncatedGeneral == truncatedCompact, "cut at \(offset)")
        }
    }

    @Test func refusedPairsAreLeftToTheGeneralPathAtTheirIndex() throws {
        let elements = (0..<20).map { "{\"width\":\($0 == 13 ? -1 : $0),\"height\":1}" }
        var reader = JSONReader(bytes: Array(("[" + elements.joined(separator: ",") + "]").utf8))
        try reader.beginArray()
        var widths: [Double] = []
        let read = reader.readCompactPairElements(Self.size, in: 0...1e300, 0...1e300) { width, _ in
            widths.append(width)
        }
        #expect(read == 13 && widths == (0..<13).map(Double.init))
        #expect(try reader.nextElement())
        try reader.beginObject()
        #expect(try reader.nextKey()?.string == "width")
        #expect(reader.currentPointer == "/13/width")
        #expect(try reader.readDouble() == -1)
    }

    /// A document shorter than the compact path's margin (a small request's `viewport`) is read from a padded copy:
    /// whole, it gives the pair; cut anywhere, or damaged at its end, it gives nothing and consumes nothing.
    @Test(arguments: [#"{"width":375,"height":667}"#, #"{"width":37.5,"height":-0}"#, #"{"width":0,"height":1e3}"#])
    func aSmallDocumentsPairIsReadWhereverItEnds(document: String) throws {
        let bytes = Array(document.utf8)
        for length in 0...bytes.count {
            for tail in ["", " ", "}", "0", ",\"x\":1"] {
                let json = Array(bytes[..<length]) + Array(tail.utf8)
                var reader = JSONReader(bytes: json)
                let compact = reader.readCompactPair(Self.size, in: -1e300...1e300, -1e300...1e300)
                var general = JSONReader(bytes: json)
                let expected = try? Size.read(from: &general)
                if let compact {
                    #expect(expected == Size(width: compact.0, height: compact.1), "\(json)")
                    #expect(reader.remainingByteCount == general.remainingByteCount, "\(json)")
                } else {
                    #expect(reader.remainingByteCount == json.count, "\(json)")
                    // Only an exponent is the general path's alone.
                    #expect(expected == nil || document.contains("1e3"), "\(json)")
                }
            }
        }
    }

    @Test func theDepthLimitIsTheGeneralPathsToReport() {
        let elements = Array(repeating: "{\"width\":1,\"height\":2}", count: 10)
        let json = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        let (general, compact) = Self.outcomes(json, maxDepth: 1)
        #expect(general == compact)
        #expect(throws: JSONError.syntax(offset: 1, message: "nesting deeper than 1 levels")) {
            try Self.readCompactly(json, maxDepth: 1)
        }
    }

    @Test(arguments: [0, 1, 7, 13, 19, 20, 100])
    func aRunStopsAfterMaxCountElementsAndTheNextGoesOn(maxCount: Int) throws {
        let elements = (0..<20).map { "{\"width\":\($0),\"height\":1}" }
        // Room after the array, so that every element is within reach of the compact path.
        let json = "[" + elements.joined(separator: " , ") + "]" + String(repeating: " ", count: 200)
        var reader = JSONReader(bytes: Array(json.utf8))
        try reader.beginArray()
        var widths: [Double] = []
        let first = reader.readCompactPairElements(Self.size, in: 0...1e300, 0...1e300, maxCount: maxCount) { w, _ in
            widths.append(w)
        }
        #expect(first == min(maxCount, 20) && widths.count == first)
        let rest = reader.readCompactPairElements(Self.size, in: 0...1e300, 0...1e300) { w, _ in widths.append(w) }
        #expect(first + rest == 20)
        #expect(widths == (0..<20).map(Double.init))
        #expect(try !reader.nextElement())
        try reader.finish()
    }
}

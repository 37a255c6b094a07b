import JSON
import Testing

/// `readCompactInteger` reads what the general path reads, refuses what it would read differently, and leaves
/// errors and pointers to it.
@Suite struct JSONCompactMemberTests {
    static let count = JSONCompactMember("count")

    /// Reads `[{"count":n}, …]` through the general path only: a `count` member in the range, or an error.
    static func readGenerally(_ json: [UInt8], maxDepth: Int = 64) throws(JSONError) -> [Int] {
        var reader = JSONReader(bytes: json, maxDepth: maxDepth)
        var values: [Int] = []
        try reader.beginArray()
        while try reader.nextElement() { values.append(try Self.readElement(&reader)) }
        try reader.finish()
        return values
    }

    /// Reads the same document trying the compact path first for each element.
    static func readCompactly(_ json: [UInt8], maxDepth: Int = 64) throws(JSONError) -> [Int] {
        var reader = JSONReader(bytes: json, maxDepth: maxDepth)
        var values: [Int] = []
        try reader.beginArray()
        while try reader.nextElement() {
            if let value = reader.readCompactInteger(Self.count, in: 0...2_000_000_000) {
                values.append(value)
            } else {
                values.append(try Self.readElement(&reader))
            }
        }
        try reader.finish()
        return values
    }

    /// Reads the same document as a whole array of compact objects when it is one, else on the general path.
    static func readArrayCompactly(_ json: [UInt8], maxDepth: Int = 64) throws(JSONError) -> [Int] {
        var reader = JSONReader(bytes: json, maxDepth: maxDepth)
        var values: [Int] = []
        let isCompact = reader.readCompactIntegerArray(Self.count, in: 0...2_000_000_000, maxCount: 4) {
            values.append($0)
        }
        if !isCompact {
            #expect(reader.offset == 0)
            values = try Self.readArrayGenerally(&reader)
        }
        try reader.finish()
        return values
    }

    /// The general path's array of at most four elements (``readElement(_:)`` each).
    static func readArrayGenerally(_ reader: inout JSONReader) throws(JSONError) -> [Int] {
        var values: [Int] = []
        try reader.beginArray()
        while try reader.nextElement() {
            values.append(try Self.readElement(&reader))
            guard values.count <= 4 else { throw reader.shapeError("at most 4") }
        }
        return values
    }

    /// One element: `{"count":n}` with `n` from 0 to 2,000,000,000 and no other member.
    static func readElement(_ reader: inout JSONReader) throws(JSONError) -> Int {
        var count: Int?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            guard key == "count", count == nil else { throw reader.unknownField(key) }
            let value = try reader.readInt()
            guard (0...2_000_000_000).contains(value) else { throw reader.shapeError("out of range") }
            count = value
        }
        guard let count else { throw reader.missingField("count") }
        return count
    }

    /// Both readings of `json`: values or error.
    static func outcomes(_ json: String, maxDepth: Int = 64) -> (Result<[Int], JSONError>, Result<[Int], JSONError>) {
        func run(_ read: ([UInt8], Int) throws(JSONError) -> [Int]) -> Result<[Int], JSONError> {
            do { return .success(try read(Array(json.utf8), maxDepth)) } catch { return .failure(error) }
        }
        return (run(Self.readGenerally), run(Self.readCompactly))
    }

    @Test(arguments: [
        #"[{"count":20}]"#, #"[{"count":0}]"#, #"[{"count":7},{"count":2000000000}]"#, #"[{"count":2000000001}]"#,
        #"[{"count":9999999999}]"#, #"[{"count":12345678901}]"#, #"[{"count":01}]"#, #"[{"count":00}]"#,
        #"[{"count":-1}]"#, #"[{"count":-0}]"#, #"[{"count":1.0}]"#, #"[{"count":1e1}]"#, #"[{"count":1E1}]"#,
        #"[{"count":"1"}]"#, #"[{"count":null}]"#, #"[{"count":}]"#, #"[{"count":1 }]"#, #"[{ "count":1}]"#,
        #"[{"count" :1}]"#, #"[{"count": 1}]"#, #"[{"count":1,"count":2}]"#, #"[{"count":1,}]"#, #"[{"count":1]"#,
        #"[{"count":1"#, #"[{"count":"#, #"[{"count""#, #"[{"Count":1}]"#, #"[{"cou\u006et":3}]"#, #"[{}]"#,
        #"[ {"count":4} , {"count":5} ]"#, #"[{"count":3}]  "#, #"[{"count":3}] x"#,
        #"[{"count":1234567890},{"count":1},{"count":22},{"count":333},{"count":4444},{"count":55555}]"#,
    ])
    func readsWhatTheGeneralPathReads(json: String) {
        let (general, compact) = Self.outcomes(json)
        #expect(general == compact, "\(json)")
        // Every prefix: cut documents fail the same way on both paths.
        for end in 0..<json.utf8.count {
            let prefix = String(decoding: Array(json.utf8)[..<end], as: UTF8.self)
            let (cutGeneral, cutCompact) = Self.outcomes(prefix)
            #expect(cutGeneral == cutCompact, "\(prefix)")
        }
    }

    @Test(arguments: [
        #"[{"count":20}]"#, #"[{"count":0},{"count":7}]"#, #"[{"count":1},{"count":2},{"count":3},{"count":4}]"#,
        #"[{"count":1},{"count":2},{"count":3},{"count":4},{"count":5}]"#, #"[]"#, #"[ {"count":1}]"#,
        #"[{"count":1} ]"#, #"[{"count":1}, {"count":2}]"#, #"[{"count":1},]"#, #"[{"count":1},{"count":01}]"#,
        #"[{"count":1},{"count":2000000001}]"#, #"[{"count":1},{"Count":2}]"#, #"[{"count":1}{"count":2}]"#,
        #"[{"count":1},{"count":2}"#, #"[{"count":1}],"#, #"  [{"count":9}]  "#, #"[{"count":-1}]"#,
        #"[{"count":1.5}]"#, #"[{"count":12345678901}]"#, #"[[{"count":1}]]"#, #"{"count":1}"#,
    ])
    func readsWhatTheGeneralPathReadsAsAnArray(json: String) {
        func run(_ text: String) -> (Result<[Int], JSONError>, Result<[Int], JSONError>) {
            func one(_ read: ([UInt8], Int) throws(JSONError) -> [Int]) -> Result<[Int], JSONError> {
                do { return .success(try read(Array(text.utf8), 64)) } catch { return .failure(error) }
            }
            let general = one { json, depth throws(JSONError) in
                var reader = JSONReader(bytes: json, maxDepth: depth)
                let values = try Self.readArrayGenerally(&reader)
                try reader.finish()
                return values
            }
            return (general, one(Self.readArrayCompactly))
        }
        let (general, compact) = run(json)
        #expect(general == compact, "\(json)")
        for end in 0..<json.utf8.count {
            let prefix = String(decoding: Array(json.utf8)[..<end], as: UTF8.self)
            let (cutGeneral, cutCompact) = run(prefix)
            #expect(cutGeneral == cutCompact, "\(prefix)")
        }
    }

    @Test func anArrayAtTheDepthLimitIsTheGeneralPathsError() {
        // Its objects one level past the limit: declined, for the general path to report.
        var reader = JSONReader(bytes: Array(#"[{"count":1}]"#.utf8), maxDepth: 1)
        #expect(!reader.readCompactIntegerArray(Self.count, in: 0...10, maxCount: 4) { _ in })
        #expect(reader.offset == 0)
        // At the limit: read.
        reader = JSONReader(bytes: Array(#"[{"count":1}]"#.utf8), maxDepth: 2)
        #expect(reader.readCompactIntegerArray(Self.count, in: 0...10, maxCount: 4) { _ in })
        #expect(reader.offset == 13)
    }

    @Test func nestingAtTheDepthLimitIsTheGeneralPathsError() {
        let (general, compact) = Self.outcomes(#"[{"count":1}]"#, maxDepth: 1)
        #expect(general == compact)
        guard case .failure = compact else {
            Issue.record("an object past the depth limit was read")
            return
        }
    }

    @Test func aValueRefusedConsumesNothing() throws {
        for json in [#"{"count":1.5}"#, #"{"count":01}"#, #"{"count":1 }"#, #"{"count":3000000000}"#, #"{"other":1}"#] {
            var reader = JSONReader(bytes: Array(json.utf8))
            #expect(reader.readCompactInteger(Self.count, in: 0...2_000_000_000) == nil)
            #expect(reader.offset == 0)
        }
        var reader = JSONReader(bytes: Array(#"  {"count":42}"#.utf8))
        #expect(reader.readCompactInteger(Self.count, in: 0...100) == 42)
        try reader.finish()
    }
}

import JSON
import LayoutEngine
@testable import LayoutService
import Testing

/// A session query's body: the plain `{"rect":{…}}` read byte by byte agrees with the general reader, and every other
/// body is read (or refused) by the general reader as before.
@Suite struct QueryBodyDecodingTests {
    /// A flow session whose own content offset is not zero, so that a body without one visibly takes it.
    static func session() throws -> Session {
        let input = LayoutInput(
            contentOffset: Point(x: 0, y: 120),
            sections: [SectionInput(items: .sizes([Size](repeating: Size(width: 40, height: 30), count: 50)))])
        return Session(id: "a", version: 3, live: try LiveLayout(input: input, configuration: .flow(.init())))
    }

    static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aPlainRectOfRandomIntegersIsTheRectTheGeneralReaderReads() throws {
        let session = try Self.session()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let coordinates = [0, 9, 10, 999_999_999, 1_000_000_000, Int.random(in: 0...1_000_000_000, using: &generator)]
            let lengths = [0, 1, 9_999_999, 10_000_000, Int.random(in: 0...10_000_000, using: &generator)]
            let (x, y) = (coordinates.randomElement(using: &generator)!, coordinates.randomElement(using: &generator)!)
            let (w, h) = (lengths.randomElement(using: &generator)!, lengths.randomElement(using: &generator)!)
            let body = Self.body(#"{"rect":{"x":\#(x),"y":\#(y),"width":\#(w),"height":\#(h)}}"#)
            let plain = try #require(QueryRequest.plainRect(body))
            let general = try QueryRequest.decodeMembers(body, for: session, maxDepth: 64)
            #expect(plain == general.rect)
            #expect(plain == Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)))
            let decoded = try QueryRequest.decode(body, for: session, maxDepth: 64)
            #expect(decoded.rect == general.rect && decoded.contentOffset == Point(x: 0, y: 120))
            #expect(decoded.orthogonalOffsets.isEmpty)
        }
    }

    @Test func bodiesOfAnyOtherShapeAreLeftToTheGeneralReader() throws {
        let session = try Self.session()
        let others = [
            #"{"rect":{"y":5,"x":1,"width":2,"height":3}}"#, #"{"rect":{"x":1,"y":5,"height":3,"width":2}}"#,
            #"{"contentOffset":{"x":0,"y":7},"rect":{"x":1,"y":5,"width":2,"height":3}}"#,
            #"{"rect":{"x":1,"y":5,"width":2,"height":3},"contentOffset":{"x":0,"y":7}}"#,
            #" {"rect":{"x":1,"y":5,"width":2,"height":3}}"#, #"{"rect":{"x":1,"y":5,"width":2,"height":3}} "#,
            #"{"rect":{"x":1.5,"y":5,"width":2,"height":3}}"#, #"{"rect":{"x":1,"y":5e2,"width":2,"height":3}}"#,
            #"{"rect":{"x":-0,"y":5,"width":2,"height":3}}"#, #"{"rect":{"x":-4,"y":5,"width":2,"height":3}}"#,
        ]
        for text in others {
            let body = Self.body(text)
            #expect(QueryRequest.plainRect(body) == nil, "\(text)")
            let decoded = try QueryRequest.decode(body, for: session, maxDepth: 64)
            let general = try QueryRequest.decodeMembers(body, for: session, maxDepth: 64)
            #expect(decoded.rect == general.rect && decoded.contentOffset == general.contentOffset, "\(text)")
        }
        // Members in another order mean the same rect; a given offset replaces the session's.
        let swapped = try QueryRequest.decode(Self.body(others[0]), for: session, maxDepth: 64)
        #expect(swapped.rect == Rect(x: 1, y: 5, width: 2, height: 3) && swapped.contentOffset == Point(x: 0, y: 120))
        let offset = try QueryRequest.decode(Self.body(others[2]), for: session, maxDepth: 64)
        #expect(offset.contentOffset == Point(x: 0, y: 7))
    }

    @Test func aBodyWithAnyByteOfItsStructureChangedIsNotReadAsThePlainShape() {
        // The shape's literals are compared as words that overlap: a change in any byte of any of them counts.
        let plain = Array(#"{"rect":{"x":10,"y":5,"width":2,"height":3}}"#.utf8)
        #expect(QueryRequest.plainRect(plain) == Rect(x: 10, y: 5, width: 2, height: 3))
        for position in plain.indices where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(plain[position]) {
            for replacement in [plain[position] ^ 0x20, plain[position] &+ 1, plain[position] &- 1, 0] {
                var body = plain
                body[position] = replacement
                #expect(QueryRequest.plainRect(body) == nil, "\(position): \(replacement)")
            }
        }
    }

    @Test func wrongBodiesAreRefusedWithTheGeneralReadersErrors() throws {
        let session = try Self.session()
        let wrong: [(String, String?)] = [
            (#"{"rect":{"x":0,"y":01,"width":2,"height":3}}"#, nil),
            (#"{"rect":{"x":0,"y":5,"width":2,"height":3}"#, nil),
            (#"{"rect":{"x":0,"y":5,"width":2,"height":3}}x"#, nil),
            (#"{"rect":{"x":0,"y":1000000001,"width":2,"height":3}}"#, "/rect/y"),
            (#"{"rect":{"x":0,"y":5,"width":10000001,"height":3}}"#, "/rect/width"),
            (#"{"rect":{"x":0,"y":12345678901,"width":2,"height":3}}"#, "/rect/y"),
            (#"{"rect":{"x":0,"y":5,"width":2,"height":3,"z":1}}"#, "/rect/z"),
            (#"{"rect":{"x":0,"y":5,"width":2,"height":3},"orthogonalOffsets":[1]}"#, "/orthogonalOffsets"),
            (#"{"rect":{"x":0,"y":5,"width":2}}"#, "/rect/height"),
            (#"{}"#, "/rect"),
        ]
        for (text, pointer) in wrong {
            let body = Self.body(text)
            #expect(QueryRequest.plainRect(body) == nil, "\(text)")
            var fast: JSONError?
            var general: JSONError?
            do { _ = try QueryRequest.decode(body, for: session, maxDepth: 64) } catch { fast = error }
            do { _ = try QueryRequest.decodeMembers(body, for: session, maxDepth: 64) } catch { general = error }
            #expect(fast != nil && fast == general, "\(text)")
            if let pointer { #expect(fast?.pointer == pointer, "\(text)") }
        }
        // A depth limit below the rect's level refuses even the plain body, as the general reader does.
        let plain = Self.body(#"{"rect":{"x":0,"y":5,"width":2,"height":3}}"#)
        #expect(throws: JSONError.self) { try QueryRequest.decode(plain, for: session, maxDepth: 1) }
    }

    @Test func theAnswerHeadIsTheVersionsETagAndTheLayoutsSizeAndWidows() throws {
        let session = try Self.session()
        #expect(session.head.etag == "\"3\"")
        var expected = JSONWriter()
        expected.beginObject()
        expected.member("version", 3)
        expected.member("contentSize", session.layout.contentSize)
        #expect(session.head.opening == expected.bytes)
        var next = session
        next.version = 12
        #expect(next.head.etag == "\"12\"" && session.head.etag == "\"3\"")
        #expect(String(decoding: next.head.opening, as: UTF8.self).hasPrefix(#"{"version":12,"contentSize":"#))
        // A justified session's answers tell its widows; the members that follow the opening are separated from it.
        let photos = [Size](repeating: Size(width: 3, height: 2), count: 7)
        let input = LayoutInput(sections: [SectionInput(items: .sizes(photos))])
        let live = try LiveLayout(input: input, configuration: .defaults(for: .justified))
        let justified = Session(id: "b", version: 1, live: live)
        let widows = try #require(justified.layout.widowCount)
        var writer = JSONWriter()
        writer.beginSessionAnswer(justified)
        writer.member("attributes", array: [Int]())
        writer.endObject()
        let answer = String(decoding: writer.bytes, as: UTF8.self)
        #expect(answer.hasSuffix(#","widowCount":\#(widows),"attributes":[]}"#), "\(answer)")
        #expect(answer.hasPrefix(#"{"version":1,"contentSize":{"#), "\(answer)")
    }
}

import HTTPCore
@testable import LayoutService
import LayoutEngine
import Testing

/// Issue 21: a stateless flow of headers, plain cells and footers is answered as they are placed
/// (``LayoutAnswer/encodePlaced(_:limits:memo:)``), in exactly the bytes of the prepared layout's answer; any other
/// layout is left to preparing.
@Suite struct PlacedAnswerTests {
    let service = LayoutService(configuration: ServiceConfiguration())

    /// The seeded SplitMix64 stream of ``SessionRecordGenerator``, so that a failure names a seed that reproduces
    /// it, with the pieces of a flow request.
    struct Generator {
        var source: SessionRecordGenerator

        init(state: UInt64) { self.source = SessionRecordGenerator(seed: state) }

        mutating func int(_ range: ClosedRange<Int>) -> Int { self.source.int(range) }

        /// A length: whole points mostly, sometimes fractions that do not add up exactly in binary.
        mutating func length(_ range: ClosedRange<Int>) -> String {
            let whole = self.int(range)
            switch self.int(0...3) {
            case 0: return "\(whole).1"
            case 1: return "\(whole).333"
            default: return "\(whole)"
            }
        }

        mutating func pick<T>(_ choices: [T]) -> T { choices[self.int(0...(choices.count - 1))] }

        /// True once in `n` times.
        mutating func oneIn(_ n: Int) -> Bool { self.int(0...(n - 1)) == 0 }

        /// `{"width":w,"height":h}` with lengths from the two ranges.
        mutating func size(_ width: ClosedRange<Int>, _ height: ClosedRange<Int>) -> String {
            #"{"width":\#(self.length(width)),"height":\#(self.length(height))}"#
        }

        /// Section insets, up to 20 points at the top and bottom and 30 at the sides.
        mutating func insets() -> String {
            let (top, left) = (self.length(0...20), self.length(0...30))
            let (bottom, right) = (self.length(0...20), self.length(0...30))
            return #"{"top":\#(top),"left":\#(left),"bottom":\#(bottom),"right":\#(right)}"#
        }
    }

    /// A random flow request of headers, plain cells and footers: sections of a count or of listed sizes (some wider
    /// than a line, some equal, some long enough to be checkpointed), with or without a header and a footer of their
    /// own, every configuration member that keeps them so.
    static func plainRequest(seed: UInt64) -> String {
        var random = Generator(state: seed)
        var sections: [String] = []
        for _ in 0..<random.int(0...4) {
            var members: [String] = []
            switch random.int(0...3) {
            case 0:
                let count = random.oneIn(6) ? random.pick([130, 511, 512]) : random.int(0...60)
                members.append(#""count":\#(count)"#)
            case 1:
                let count = random.pick([0, 1, 2, 7, 40, 700])
                let size = random.size(1...90, 1...90)
                members.append(#""items":[\#(Array(repeating: size, count: count).joined(separator: ","))]"#)
            default:
                let count = random.pick([1, 3, 25, 60, 1500])
                // Now and then an item wider than any line.
                let items = (0..<count).map { _ in random.size(1...(random.oneIn(10) ? 500 : 120), 1...80) }
                members.append(#""items":[\#(items.joined(separator: ","))]"#)
            }
            var overrides: [String] = []
            if random.oneIn(4) { overrides.append(#""sectionInset":\#(random.insets())"#) }
            if random.oneIn(5) { overrides.append(#""minimumInteritemSpacing":\#(random.length(0...25))"#) }
            if random.oneIn(5) { overrides.append(#""minimumLineSpacing":\#(random.length(0...25))"#) }
            if random.oneIn(5) { overrides.append(#""itemSize":\#(random.size(5...80, 5...80))"#) }
            if random.oneIn(6) {
                overrides.append(#""horizontalAlignment":"\#(random.pick(["left", "center", "trailing"]))""#)
            }
            if random.oneIn(6) { overrides.append(#""verticalAlignment":"\#(random.pick(["top", "bottom"]))""#) }
            if random.oneIn(6) { overrides.append(#""headerReferenceSize":\#(random.size(0...50, 0...50))"#) }
            if random.oneIn(6) { overrides.append(#""footerReferenceSize":\#(random.size(0...50, 0...50))"#) }
            if !overrides.isEmpty { members.append(#""config":{\#(overrides.joined(separator: ","))}"#) }
            if random.oneIn(4) { members.append(#""header":\#(random.size(0...400, 0...60))"#) }
            if random.oneIn(4) { members.append(#""footer":\#(random.size(0...400, 0...60))"#) }
            sections.append("{" + members.joined(separator: ",") + "}")
        }
        var config: [String] = []
        if random.oneIn(2) { config.append(#""scrollDirection":"horizontal""#) }
        if random.oneIn(2) {
            let alignment = random.pick(["justified", "left", "right", "center", "leading", "trailing"])
            config.append(#""horizontalAlignment":"\#(alignment)""#)
        }
        if random.oneIn(2) { config.append(#""verticalAlignment":"\#(random.pick(["center", "top", "bottom"]))""#) }
        if random.oneIn(3) { config.append(#""minimumLineSpacing":\#(random.length(0...30))"#) }
        if random.oneIn(3) { config.append(#""minimumInteritemSpacing":\#(random.length(0...30))"#) }
        if random.oneIn(3) { config.append(#""itemSize":\#(random.size(5...200, 5...90))"#) }
        if random.oneIn(4) { config.append(#""estimatedItemSize":\#(random.size(5...100, 5...60))"#) }
        if random.oneIn(3) { config.append(#""sectionInset":\#(random.insets())"#) }
        if random.oneIn(4) {
            config.append(#""sectionInsetReference":"\#(random.pick(["safeArea", "layoutMargins"]))""#)
        }
        if random.oneIn(5) { config.append(#""snap":"line""#) }
        if random.oneIn(4) { config.append(#""headerReferenceSize":\#(random.size(0...50, 0...50))"#) }
        if random.oneIn(4) { config.append(#""footerReferenceSize":\#(random.size(0...50, 0...50))"#) }
        var body = #"{"viewport":\#(random.size(40...1200, 40...900)),"sections":[\#(sections.joined(separator: ","))]"#
        if !config.isEmpty { body += #","config":{\#(config.joined(separator: ","))}"# }
        if random.oneIn(4) {
            let (left, right) = (random.length(0...44), random.length(0...44))
            body += #","safeAreaInsets":{"top":10,"left":\#(left),"bottom":20,"right":\#(right)}"#
        }
        if random.oneIn(5) { body += #","contentOffset":{"x":0,"y":\#(random.length(0...900))}"# }
        return body + "}"
    }

    func request(_ body: String, kind: LayoutKind = .flow) throws -> LayoutRequest {
        try LayoutRequest.decode(Array(body.utf8), kind: kind, configuration: self.service.configuration)
    }

    /// The answer written from the prepared layout, as before the shortcut.
    func preparedAnswer(_ request: LayoutRequest, memo: CellTextMemo.Ledger? = nil) throws -> [UInt8] {
        try self.prepared(request, memo: memo).body
    }

    func prepared(_ request: LayoutRequest, memo: CellTextMemo.Ledger? = nil) throws -> (body: [UInt8], elements: Int) {
        let layout = try self.service.prepare(request.input, configuration: request.configuration)
        let answer = LayoutAnswer.encode(layout, kind: .flow, request: request, memo: memo)
        return (answer.response.body, answer.elements)
    }

    func placedAnswer(_ request: LayoutRequest, memo: CellTextMemo.Ledger? = nil) -> (body: [UInt8], elements: Int)? {
        LayoutAnswer.encodePlaced(request, limits: self.service.layoutLimits, memo: memo).map {
            ($0.response.body, $0.elements)
        }
    }

    @Test(arguments: 0..<400)
    func aFlowOfHeadersCellsAndFootersIsPlacedInThePreparedAnswersBytes(seed: Int) throws {
        let body = Self.plainRequest(seed: UInt64(seed))
        let request = try self.request(body)
        let expected = try self.prepared(request)
        let placed = try #require(self.placedAnswer(request), "seed \(seed) was not placed: \(body.prefix(300))")
        let text = String(decoding: placed.body.prefix(200), as: UTF8.self)
        #expect(placed.body == expected.body, "seed \(seed): \(text)")
        #expect(placed.elements == expected.elements)
    }

    @Test func theRandomFlowsHaveHeadersFootersAndCheckpointedSections() throws {
        var (headers, footers, empty, long) = (0, 0, 0, 0)
        for seed in 0..<400 {
            let request = try self.request(Self.plainRequest(seed: UInt64(seed)))
            let text = String(decoding: try #require(self.placedAnswer(request)).body, as: UTF8.self)
            if text.contains(#""kind":"header""#) { headers += 1 }
            if text.contains(#""kind":"footer""#) { footers += 1 }
            if request.input.sections.isEmpty { empty += 1 }
            if request.input.sections.contains(where: { $0.itemCount >= 700 }) { long += 1 }
        }
        #expect(headers >= 40 && footers >= 40 && empty >= 10 && long >= 40, "\(headers) \(footers) \(empty) \(long)")
    }

    @Test func theCellTextMemoLeavesThePlacedBytesAsTheyAre() throws {
        let ledger = CellTextMemo.Ledger(slots: 64)
        for seed in 1000..<1040 {
            let request = try self.request(Self.plainRequest(seed: UInt64(seed)))
            let expected = try self.preparedAnswer(request)
            // Twice each: once filling the memo, once from it (and the prepared writer from it too).
            for _ in 0..<2 {
                let placed = try #require(self.placedAnswer(request, memo: ledger), "seed \(seed)")
                #expect(placed.body == expected, "seed \(seed)")
                #expect(try self.preparedAnswer(request, memo: ledger) == expected, "seed \(seed)")
            }
        }
    }

    @Test(arguments: [
        (#""sections":[{"count":5}],"config":{"sectionBackground":{"top":0,"left":0,"bottom":0,"right":0}}"#, 200),
        (#""sections":[{"count":5}],"config":{"sectionHeadersPinToVisibleBounds":true}"#, 200),
        (#""sections":[{"count":5}],"config":{"sectionFootersPinToVisibleBounds":true}"#, 200),
        (#""sections":[{"count":5}],"config":{"contentAlignment":"bottom"}"#, 200),
        (#""sections":[{"count":5}],"layoutDirection":"rightToLeft""#, 200),
        (#""sections":[{"count":5}],"rect":{"x":0,"y":0,"width":100,"height":100}"#, 200),
        (#""sections":[{"count":9000}]"#, 200),
        // A grid prepared writes its frames for less than placing them.
        (#""sections":[{"count":3},{"count":513}]"#, 200),
        // Past the placed range: preparing decides (accepting within ±1e9, refusing past it).
        (#""sections":[{"count":20}],"config":{"itemSize":{"width":375,"height":1e7}}"#, 200),
        (#""sections":[{"count":400}],"config":{"itemSize":{"width":375,"height":1e7}}"#, 422),
    ])
    func otherLayoutsAreLeftToPreparing(members: String, status: Int) throws {
        let body = #"{"viewport":{"width":375,"height":667},\#(members)}"#
        let request = try self.request(body)
        #expect(self.placedAnswer(request) == nil, "placed: \(members)")
        // And the route answers them as preparing does.
        let response = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(body.utf8)))
        #expect(response.status == status, "\(members): \(response.status)")
    }

    @Test func aLayoutPastThePlacedRangeIsLeftToPreparingBeforeAnyMemoLookup() throws {
        // Its first cells are within the range, a later one is not: every frame is placed before any is written, so
        // the memo sees no lookup from the placed answer, and the prepared answer that follows is the same bytes.
        let ledger = CellTextMemo.Ledger(slots: 64)
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}],"#
            + #""config":{"itemSize":{"width":375,"height":9000000}}}"#
        let request = try self.request(body)
        #expect(self.placedAnswer(request, memo: ledger) == nil)
        #expect(ledger.hits + ledger.misses == 0)
        #expect(try self.preparedAnswer(request, memo: ledger) == (try self.preparedAnswer(request)))
        #expect(ledger.hits + ledger.misses > 0)
    }

    @Test func breakpointsAreLeftToPreparing() throws {
        let body = #"{"viewports":[{"width":300,"height":600},{"width":800,"height":600}],"sections":[{"count":5}]}"#
        #expect(self.placedAnswer(try self.request(body)) == nil)
    }

    @Test func otherKindsAreLeftToPreparing() throws {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":5}]}"#
        for kind in [LayoutKind.waterfall, .justified, .line, .compositional] {
            #expect(self.placedAnswer(try self.request(body, kind: kind)) == nil, "\(kind)")
        }
    }

    @Test func theRouteAnswersAPlacedFlowWithThePreparedBytes() throws {
        for seed in 2000..<2030 {
            let body = Self.plainRequest(seed: UInt64(seed))
            let expected = try self.preparedAnswer(try self.request(body))
            let response = self.service.respond(
                to: Request(method: .POST, target: "/layout/flow", body: Array(body.utf8)))
            #expect(response.status == 200)
            #expect(response.body == expected, "seed \(seed)")
        }
    }

    @Test func aPlacedFlowsErrorsAreThePreparedOnes() throws {
        // Found by preparing, never by placing: the problem points where it did before the shortcut.
        let viewport = #""viewport":{"width":375,"height":667}"#
        let cases = [
            (#""sections":[{"count":3}],"config":{"minimumLineSpacing":-1}"#, "/config/minimumLineSpacing"),
            (
                #""sections":[{"count":3}],"config":{"estimatedItemSize":{"width":0,"height":5}}"#,
                "/config/estimatedItemSize"
            ),
            (#""sections":[{"count":400}],"config":{"itemSize":{"width":375,"height":1e7}}"#, "/sections/0/count"),
            (#""sections":[{"count":2000000}],"config":{"itemSize":{"width":375,"height":1000}}"#, "/sections/0/count"),
        ]
        for (members, pointer) in cases {
            let body = Array("{\(viewport),\(members)}".utf8)
            let response = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: body))
            #expect(response.status == 422, "\(members): \(response.status)")
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"\#(pointer)""#), "\(members)")
            if let request = try? self.request(String(decoding: body, as: UTF8.self)) {
                #expect(self.placedAnswer(request) == nil, "\(members)")
            }
        }
    }
}

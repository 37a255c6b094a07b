import Dispatch
import Foundation
import HTTPCore
import JSON
import LayoutEngine
import Synchronization
import Testing

@testable import LayoutService

/// The memo of plain cells' text (``CellTextMemo``, issue 21): answers are byte for byte those written without it
/// (hits, misses and replaced slots alike), a cell whose frame changed is never answered with its old text, each
/// thread's memo holds `slots × bytesPerSlot` bytes, the counters move, and `0` slots turns it off.
@Suite struct CellTextMemoTests {
    /// Services without the answer cache (so that every answer is written): the default memo, a small one whose
    /// slots are replaced all the time, and none.
    let memoized = Self.service(slots: 256)
    let small = Self.service(slots: 8)
    let plain = Self.service(slots: 0)

    static func service(slots: Int) -> LayoutService {
        var configuration = ServiceConfiguration()
        configuration.answerCacheBytes = 0
        configuration.cellTextMemoSlots = slots
        return LayoutService(configuration: configuration)
    }

    static func post(_ service: LayoutService, _ target: String, _ body: String) -> Response {
        service.respond(to: Request(method: .POST, target: target, body: Array(body.utf8)))
    }

    /// Each service's answers to `requests` (target and body), all of one service's in a row: a thread's memo serves
    /// one service, so alternating services would start it anew each time and never hit.
    func answers(_ requests: [(String, String)]) -> [[Response]] {
        [self.plain, self.memoized, self.small].map { service in
            requests.map { target, body in Self.post(service, target, body) }
        }
    }

    /// Every answer of the memoized services is the plain one's, byte for byte.
    static func expectSame(_ answers: [[Response]], _ requests: [(String, String)]) {
        for (index, request) in requests.enumerated() {
            for memoized in answers.dropFirst() {
                #expect(memoized[index].status == answers[0][index].status, "\(request)")
                #expect(memoized[index].body == answers[0][index].body, "\(request)")
            }
        }
    }

    @Test(arguments: LayoutKind.allCases)
    func statelessAnswersAreTheBytesWrittenWithoutTheMemo(kind: LayoutKind) {
        var random = SessionRecordGenerator(seed: OneShotAnswerTests.seed(kind) + 77)
        var requests: [(String, String)] = []
        for round in 0..<10 {
            let body = OneShotAnswerTests.body(&random, kind: kind, rect: round % 2 == 1)
            // The same body again (every cell kept), then with another viewport height (mostly the same frames).
            let heightened = body.replacingOccurrences(of: #""height":"#, with: #""height":1"#)
            for text in [body, body, heightened, body] { requests.append(("/layout/\(kind.rawValue)", text)) }
        }
        let answers = self.answers(requests)
        Self.expectSame(answers, requests)
        #expect(answers[0].contains { $0.status == 200 })
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .justified, .compositional, .line])
    func sessionQueriesScrollingAndOverlappingAreTheBytesWrittenWithoutTheMemo(kind: LayoutKind) throws {
        var random = SessionRecordGenerator(seed: OneShotAnswerTests.seed(kind) + 5)
        let items = (0..<3_000).map { index in
            #"{"width":\#(40 + index * 37 % 200),"height":\#(30 + index * 53 % 170)}"#
        }
        let body = #"{"kind":"\#(kind.rawValue)","viewport":{"width":375.5,"height":812},"#
            + #""sections":[{"items":[\#(items.joined(separator: ","))]},{"count":700}]}"#
        var ids: [String] = []
        for service in [self.plain, self.memoized, self.small] {
            let created = Self.post(service, "/sessions", body)
            #expect(created.status == 201)
            let json = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
            ids.append(try #require(json?["id"] as? String))
        }
        var queries: [String] = []
        for step in 0..<60 {  // a viewport scrolled 7 points a request
            queries.append(#"{"rect":{"x":0,"y":\#(5_000 + 7 * step),"width":375.5,"height":812}}"#)
        }
        for _ in 0..<60 {  // random rects, overlapping each other and the scrolled ones
            queries.append(
                #"{"rect":{"x":\#(random.int(-50...300)),"y":\#(random.int(4_000...9_000)),"#
                    + #""width":\#(random.int(1...900)),"height":\#(random.int(1...2_000))},"#
                    + #""contentOffset":{"x":0,"y":\#(random.int(0...2) * 500)}}"#
            )
        }
        let answers = zip([self.plain, self.memoized, self.small], ids).map { service, id in
            queries.map { query in Self.post(service, "/sessions/\(id)/query", query) }
        }
        for (index, query) in queries.enumerated() {
            #expect(answers[0][index].status == 200, "\(query)")
            #expect(answers[1][index].body == answers[0][index].body, "\(kind): \(query)")
            #expect(answers[2][index].body == answers[0][index].body, "\(kind): \(query)")
        }
        if kind == .flow || kind == .waterfall {
            #expect(self.memoized.cellTextMemo.hits > 0)
            #expect(self.small.cellTextMemo.misses > 0)
        }
    }

    /// Writes `cells` as one answer's array, through `memo` when given.
    static func write(_ cells: [(LayoutEngine.IndexPath, Rect)], memo: CellTextMemo?) -> [UInt8] {
        var writer = JSONWriter(capacity: 64)
        var run = memo?.beginAnswer()
        writer.beginArray()
        for (indexPath, frame) in cells {
            if run != nil {
                writer.plainCell(indexPath, frame: frame, memo: &run!)
            } else {
                writer.plainCell(indexPath, frame: frame)
            }
        }
        writer.endArray()
        if let memo, let run { memo.endAnswer(run) }
        return writer.bytes
    }

    @Test func aCellWhoseFrameChangedIsWrittenAnew() {
        let ledger = CellTextMemo.Ledger(slots: 4)
        let memo = CellTextMemo(ledger: ledger)
        let indexPath = LayoutEngine.IndexPath(section: 0, item: 1)
        // Frames of one index path that differ in one number each, `-0` against `0` and the last bit included.
        let frames = [
            Rect(x: 0, y: 10, width: 100, height: 1.0 / 3),
            Rect(x: -0.0, y: 10, width: 100, height: 1.0 / 3),
            Rect(x: 0, y: 10, width: 100, height: (1.0 / 3).nextUp),
            Rect(x: 0, y: 10.5, width: 100, height: 1.0 / 3),
            Rect(x: 0, y: 10, width: 101, height: 1.0 / 3),
        ]
        for frame in frames + frames.reversed() + frames {
            let cells = [(indexPath, frame)]
            #expect(Self.write(cells, memo: memo) == Self.write(cells, memo: nil), "\(frame)")
        }
        // Another index path with the same frame, in the same slot (1 + 4) or the same section and item
        // elsewhere, is its own cell.
        for other in [LayoutEngine.IndexPath(section: 0, item: 5), LayoutEngine.IndexPath(section: 1, item: 1)] {
            let cells = [(other, frames[0])]
            #expect(Self.write(cells, memo: memo) == Self.write(cells, memo: nil))
        }
        #expect(ledger.hits > 0, "repeats were copied")
    }

    @Test func eachThreadsMemoHoldsItsBoundAndCountsItsCells() {
        let ledger = CellTextMemo.Ledger(slots: 100)
        #expect(ledger.slots == 64, "rounded down to a power of two")
        #expect(ledger.bytesPerThread == 64 * CellTextMemo.bytesPerSlot)
        do {
            let memo = CellTextMemo(ledger: ledger)
            #expect(ledger.bytes.load(ordering: .relaxed) == ledger.bytesPerThread)
            let cells = (0..<100).map { item in
                (
                    LayoutEngine.IndexPath(section: 2, item: item),
                    Rect(x: 0, y: Double(item) * 50.1, width: 375, height: 50.1)
                )
            }
            let written = Self.write(cells, memo: memo)
            #expect(written == Self.write(cells, memo: nil))
            // One answer's first cells, as many as there are slots, are looked up and kept; the rest are written
            // without the memo.
            #expect(ledger.misses == 64)
            #expect(Self.write(Array(cells.prefix(64)), memo: memo) == Self.write(Array(cells.prefix(64)), memo: nil))
            #expect(ledger.hits == 64)
            #expect(ledger.misses == 64)
            // The longest plain cell there is (20-character index paths, 24-character numbers) fits a slot, and is
            // copied from it the second time.
            let longest = [
                (
                    LayoutEngine.IndexPath(section: Int.min, item: Int.min),
                    Rect(x: -2.2250738585072014e-308, y: -2.2250738585072014e-308, width: -1.2345678901234567e-300,
                         height: -2.2250738585072014e-308)
                )
            ]
            let text = Self.write(longest, memo: memo)
            #expect(text.count - 2 <= CellTextMemo.textStride)
            #expect(Self.write(longest, memo: memo) == text)
            #expect(text == Self.write(longest, memo: nil))
            #expect(ledger.hits == 65)
        }
        #expect(ledger.bytes.load(ordering: .relaxed) == 0, "a freed memo's bytes are no longer counted")
    }

    /// The `/metrics` value of `name`.
    static func metric(_ service: LayoutService, _ name: String) -> Int? {
        let page = String(decoding: service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
        let line = page.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test func metricsShowTheMemosCountsAndBytes() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#
        for _ in 0..<3 { _ = Self.post(self.memoized, "/layout/flow", body) }
        let hits = Self.metric(self.memoized, "layoutd_cell_text_memo_hits_total") ?? 0
        let misses = Self.metric(self.memoized, "layoutd_cell_text_memo_misses_total") ?? 0
        // Twenty cells three times on this thread: written the first time, copied after that.
        #expect(misses == 20)
        #expect(hits == 40)
        let perThread = Self.metric(self.memoized, "layoutd_cell_text_memo_per_thread_bytes")
        #expect(perThread == 256 * CellTextMemo.bytesPerSlot)
        #expect(Self.metric(self.memoized, "layoutd_cell_text_memo_bytes") == 256 * CellTextMemo.bytesPerSlot)
    }

    /// Each thread counts in its own memo's tally; `/metrics` sums them, and a thread's counts stay in the sums once
    /// it has ended and its memo is freed.
    @Test func metricsSumTheCountsOfEveryThread() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#
        let service = self.memoized
        let done = DispatchSemaphore(value: 0)
        let finished = Atomic<Int>(0)
        for _ in 0..<2 {
            let thread = Thread {
                for _ in 0..<3 { _ = Self.post(service, "/layout/flow", body) }
                finished.add(1, ordering: .relaxed)
                done.signal()
            }
            thread.start()
        }
        done.wait()
        done.wait()
        #expect(finished.load(ordering: .relaxed) == 2)
        // Twenty cells three times on each of two threads: written the first time, copied after that.
        #expect(Self.metric(service, "layoutd_cell_text_memo_misses_total") == 40)
        #expect(Self.metric(service, "layoutd_cell_text_memo_hits_total") == 80)
        // And this thread's too, counted beside the others'.
        for _ in 0..<2 { _ = Self.post(service, "/layout/flow", body) }
        #expect(Self.metric(service, "layoutd_cell_text_memo_misses_total") == 60)
        #expect(Self.metric(service, "layoutd_cell_text_memo_hits_total") == 100)
    }

    @Test func aWholeLayoutOfMoreElementsThanSlotsIsWrittenWithoutTheMemo() {
        let whole = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#
        let rect = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}],"#
            + #""rect":{"x":0,"y":0,"width":375,"height":200}}"#
        for _ in 0..<2 { #expect(Self.post(self.small, "/layout/flow", whole).status == 200) }
        #expect(Self.metric(self.small, "layoutd_cell_text_memo_hits_total") == 0)
        #expect(Self.metric(self.small, "layoutd_cell_text_memo_misses_total") == 0)
        // A rect's answer (its count unknown beforehand) goes through the memo for its first 8 cells.
        for _ in 0..<2 { #expect(Self.post(self.small, "/layout/flow", rect).status == 200) }
        #expect(Self.metric(self.small, "layoutd_cell_text_memo_misses_total") == 8)
        #expect(Self.metric(self.small, "layoutd_cell_text_memo_hits_total") == 8)
    }

    @Test func zeroSlotsKeepsNoText() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#
        for _ in 0..<3 { _ = Self.post(self.plain, "/layout/flow", body) }
        #expect(CellTextMemo.current(for: self.plain.cellTextMemo) == nil)
        #expect(Self.metric(self.plain, "layoutd_cell_text_memo_hits_total") == 0)
        #expect(Self.metric(self.plain, "layoutd_cell_text_memo_misses_total") == 0)
        #expect(Self.metric(self.plain, "layoutd_cell_text_memo_bytes") == 0)
        #expect(Self.metric(self.plain, "layoutd_cell_text_memo_per_thread_bytes") == 0)
    }
}

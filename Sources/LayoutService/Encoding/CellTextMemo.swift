import JSON
import LayoutEngine
import Synchronization

/// The text of plain cells one thread wrote recently, to copy when the same cell is written again (issue 21).
///
/// A plain cell's text (``JSONWriter/plainCell(_:frame:memo:)``) is a function of its index path and its frame
/// alone. A client scrolling a session asks for viewport after viewport sharing most of their cells, and a page laid
/// out again after a small change (another height, a prepended item) gets mostly the same frames: each such cell
/// costs several hundred instructions to write (four shortest round-trip numbers), and one copy to remember.
///
/// The table is direct-mapped: a cell's slot is its item plus a multiple of its section, masked, so a viewport's
/// consecutive items take consecutive slots. Each slot holds the key (section, item and the frame's four bit
/// patterns: a hit is exact by construction, whatever session or layout the cell came from) and up to
/// ``textStride`` bytes of text (every plain cell fits); a different cell for the slot replaces it.
///
/// Thread-confined: each thread has its own (held by its ``AnswerScratch``), so it needs no lock. Its counts go to
/// its own ``Ledger/Tally`` once per answer, which only its thread writes (a load and a store, no locked add on a
/// counter the other threads share: that bounced a cache line between the event loops on every answer); the
/// ``Ledger`` sums the tallies when `/metrics` is read. It serves one service: a thread answering for another (tests
/// run several services) starts a new one.
final class CellTextMemo {
    /// The bound and the counts of one service's memos, shared by its threads: `--cell-text-memo-slots` and the
    /// `/metrics` families `layoutd_cell_text_memo_*`.
    final class Ledger: Sendable {
        /// Slots of each thread's memo: the configured count rounded down to a power of two, `0` when off.
        let slots: Int
        /// Bytes the memos of this service's threads hold now.
        let bytes = Atomic<Int>(0)
        /// The tallies of the memos alive now, and what freed ones counted (one entry per thread with a memo).
        private let tallies = Mutex(Tallies())

        /// The ledger's side of the counts: the live memos' tallies and the freed ones' sums.
        private struct Tallies {
            var live: [Tally] = []
            var freedHits = 0
            var freedMisses = 0
        }

        /// One memo's counts, written by its thread alone (``CellTextMemo/endAnswer(_:)``) and read by
        /// `/metrics`' thread. Padded to two cache lines, so that two threads' tallies never share one.
        final class Tally: Sendable {
            /// Plain cells this memo copied, and looked up and wrote anew.
            let hits = Atomic<Int>(0)
            let misses = Atomic<Int>(0)
            /// Room that keeps the next allocation's bytes off the counters' cache line.
            private let padding = InlineArray<14, Int>(repeating: 0)

            /// Adds an answer's counts: a load and a store each, as only the memo's thread writes them.
            func add(hits: Int, misses: Int) {
                self.hits.store(self.hits.load(ordering: .relaxed) &+ hits, ordering: .relaxed)
                self.misses.store(self.misses.load(ordering: .relaxed) &+ misses, ordering: .relaxed)
            }
        }

        /// A ledger for memos of at most `slots` slots (rounded down to a power of two; `0` or less turns them
        /// off).
        init(slots: Int) {
            self.slots = slots > 0 ? 1 << (Int.bitWidth - 1 - slots.leadingZeroBitCount) : 0
        }

        /// The bytes one thread's memo holds: ``CellTextMemo/bytesPerSlot`` per slot.
        var bytesPerThread: Int { self.slots * CellTextMemo.bytesPerSlot }

        /// Plain cells copied from a memo, over all of this service's threads, past and present.
        ///
        /// - Complexity: O(threads with a memo).
        var hits: Int {
            self.tallies.withLock { $0.live.reduce($0.freedHits) { $0 + $1.hits.load(ordering: .relaxed) } }
        }

        /// Plain cells looked up in a memo and written anew, over all of this service's threads.
        ///
        /// - Complexity: O(threads with a memo).
        var misses: Int {
            self.tallies.withLock { $0.live.reduce($0.freedMisses) { $0 + $1.misses.load(ordering: .relaxed) } }
        }

        /// A new memo's tally, counted from now on.
        fileprivate func makeTally() -> Tally {
            let tally = Tally()
            self.tallies.withLock { $0.live.append(tally) }
            return tally
        }

        /// A freed memo's tally: its counts stay in the sums, the tally itself goes.
        fileprivate func retire(_ tally: Tally) {
            self.tallies.withLock { tallies in
                tallies.freedHits += tally.hits.load(ordering: .relaxed)
                tallies.freedMisses += tally.misses.load(ordering: .relaxed)
                tallies.live.removeAll { $0 === tally }
            }
        }
    }

    /// One slot's key: the cell's index path and its frame's bits; `length` is the kept text's, `0` when empty.
    struct Key {
        /// The cell's section and item.
        var section: Int, item: Int
        /// The bits of the frame's origin and size.
        var x: UInt64, y: UInt64, width: UInt64, height: UInt64
        /// The kept text's length in bytes; `0` marks an empty slot.
        var length: Int
    }

    /// The most text bytes a slot keeps: a plain cell's text is 109 bytes of structure, its index path's two
    /// integers (at most 20 bytes each) and four numbers of at most 24 bytes, at most 246 bytes in all, so every
    /// plain cell fits (a viewport's typical one, with 17-digit numbers, about 180).
    static let textStride = 256

    /// The bytes one slot takes: its key and its text.
    static let bytesPerSlot = MemoryLayout<Key>.stride + textStride

    /// The ledger this memo counts to and takes its size from.
    let ledger: Ledger
    /// This memo's counts, which the ledger sums.
    private let tally: Ledger.Tally
    /// `slots − 1`: the slot of a cell is a hash of its index path, masked.
    private let mask: Int
    /// The slots' keys.
    private let keys: UnsafeMutablePointer<Key>
    /// The slots' text, ``textStride`` bytes each.
    private let text: UnsafeMutablePointer<UInt8>

    /// An empty memo of `ledger.slots` slots (at least one); its bytes are counted in the ledger until it is freed.
    init(ledger: Ledger) {
        let slots = max(ledger.slots, 1)
        self.ledger = ledger
        self.mask = slots - 1
        self.keys = .allocate(capacity: slots)
        self.keys.initialize(
            repeating: Key(section: 0, item: 0, x: 0, y: 0, width: 0, height: 0, length: 0), count: slots
        )
        self.text = .allocate(capacity: slots * Self.textStride)
        self.tally = ledger.makeTally()
        ledger.bytes.add(ledger.bytesPerThread, ordering: .relaxed)
    }

    deinit {
        self.ledger.retire(self.tally)
        self.keys.deallocate()
        self.text.deallocate()
        self.ledger.bytes.subtract(self.ledger.bytesPerThread, ordering: .relaxed)
    }

    /// This thread's memo for `ledger`, or `nil` when the ledger turns memos off or the answer has more than
    /// `elements` elements (a whole layout's count: more than the slots, its cells would only replace one another,
    /// and the checks alone cost a 2,000-cell waterfall 3 %). A thread that last answered for another service
    /// (tests run several) gets a new one. `scratch` is the thread's ``AnswerScratch`` when the caller holds it
    /// already: looking it up again costs a thread-specific read and a reference count (issue 21).
    static func current(for ledger: Ledger?, elements: Int = 0, scratch: AnswerScratch? = nil) -> CellTextMemo? {
        guard let ledger, ledger.slots > 0, elements <= ledger.slots else { return nil }
        return (scratch ?? AnswerScratch.current).cellTextMemo(for: ledger)
    }

    /// Starts an answer: its first plain cells, as many as there are slots, are looked up and kept; the rest are
    /// written as without a memo (a rect's answer, whose count is not known beforehand). Kept, they would only
    /// replace the answer's own earlier cells: looking every cell up and keeping it made a 2,000-cell waterfall's
    /// answer 4 % dearer (132K instructions on 3.29M).
    ///
    /// - Returns: The answer's run over this memo's slots, to pass to each plain cell and then to
    ///   ``endAnswer(_:)``. It holds the slots' addresses, not the memo: the caller keeps the memo alive meanwhile
    ///   (a thread's memo lives as long as its ``AnswerScratch``), and a cell costs no reference counting.
    func beginAnswer() -> Run {
        Run(keys: self.keys, text: self.text, mask: self.mask, cellsLeft: self.mask + 1)
    }

    /// Ends an answer: its hits and misses go to this memo's tally.
    func endAnswer(_ run: Run) {
        self.tally.add(hits: run.hits, misses: run.misses)
    }

    /// One answer's use of a memo: the slots' addresses, the plain cells it may still look up and keep, and its hits
    /// and misses (``beginAnswer()``).
    ///
    /// A cell is looked up once (``find(_:frame:)``: its slot computed once, a compare of its key), then either its
    /// kept text is copied (``text(of:)``) or it is written and kept in the slot found (``keep(_:_:frame:text:)``).
    struct Run {
        /// The memo's slots' keys and text (``CellTextMemo/textStride`` bytes each).
        fileprivate let keys: UnsafeMutablePointer<Key>
        fileprivate let text: UnsafeMutablePointer<UInt8>
        /// `slots − 1`.
        fileprivate let mask: Int
        /// Plain cells of this answer the memo still serves.
        fileprivate var cellsLeft: Int
        /// Plain cells copied, and looked up and written anew.
        private(set) var hits = 0
        private(set) var misses = 0

        /// What looking a cell up found: its slot and the length of the text kept there for it, `0` when the slot
        /// holds another cell or nothing; a slot of `-1` when the answer has had its share of the memo.
        struct Found {
            let slot: Int
            let length: Int
        }

        /// Looks up the cell at `indexPath` with `frame`, counting a hit or a miss while the answer has its share.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        mutating func find(_ indexPath: IndexPath, frame: Rect) -> Found {
            guard self.cellsLeft > 0 else { return Found(slot: -1, length: 0) }
            let slot = (indexPath.item &+ indexPath.section &* 0x9E37_79B1) & self.mask
            let key = self.keys[slot]
            let differs =
                (key.section ^ indexPath.section) | (key.item ^ indexPath.item)
                | Int(truncatingIfNeeded: key.x ^ frame.origin.x.bitPattern)
                | Int(truncatingIfNeeded: key.y ^ frame.origin.y.bitPattern)
                | Int(truncatingIfNeeded: key.width ^ frame.size.width.bitPattern)
                | Int(truncatingIfNeeded: key.height ^ frame.size.height.bitPattern)
            guard differs == 0, key.length > 0 else {
                self.misses &+= 1
                return Found(slot: slot, length: 0)
            }
            self.hits &+= 1
            self.cellsLeft &-= 1
            return Found(slot: slot, length: key.length)
        }

        /// The text kept for a cell ``find(_:frame:)`` found (its `length` above zero).
        @inline(__always)
        func text(of found: Found) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: self.text + found.slot &* CellTextMemo.textStride, count: found.length)
        }

        /// Keeps `text`, the cell at `indexPath` with `frame` as just written after ``find(_:frame:)`` missed it
        /// (`found`), in its slot, unless the answer has had its share of the memo (or the text is longer than
        /// ``CellTextMemo/textStride``, which no plain cell is).
        @inline(__always)
        mutating func keep(_ found: Found, _ indexPath: IndexPath, frame: Rect, text: UnsafeBufferPointer<UInt8>) {
            guard found.slot >= 0 else { return }
            self.cellsLeft &-= 1
            guard text.count <= CellTextMemo.textStride, let base = text.baseAddress else { return }
            (self.text + found.slot &* CellTextMemo.textStride).update(from: base, count: text.count)
            self.keys[found.slot] = Key(
                section: indexPath.section, item: indexPath.item, x: frame.origin.x.bitPattern,
                y: frame.origin.y.bitPattern, width: frame.size.width.bitPattern, height: frame.size.height.bitPattern,
                length: text.count
            )
        }
    }
}

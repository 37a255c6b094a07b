import Glibc
import HTTPCore
import LayoutEngine
import Synchronization

/// A bounded cache of `POST /layout/{kind}` answers (issue 21): a repeated stateless layout costs a lookup and the
/// answer's bytes, shared rather than copied, as a file server's answer does.
///
/// The route is a pure function of its kind and its body: the service's configuration never changes while it
/// runs, the route reads no header, no query and no session, and `HEAD` never reaches it (405). So an answer is
/// reused only for the same kind and the same body bytes, compared whole (the hash only finds candidates). Only
/// `200` answers given as bytes are kept; errors and streamed answers never.
///
/// Bounded by ``limit`` bytes, counting for each entry its body, its answer and ``entryOverhead``, and the table of
/// recent misses below; a body larger than ``maximumBodyBytes`` or an answer larger than ``maximumAnswerBytes`` is
/// never kept, nor an entry larger than the whole limit. The least recently used entries are evicted first.
///
/// An answer is kept on its body's second miss, as nginx's `proxy_cache_min_uses 2` does: a table of the hashes of
/// recent misses (a doorkeeper, 8 bytes a slot, at most 1/64 of the limit) remembers the first. So a body sent once
/// costs its hash and a lookup, not a copy of its answer and an eviction, and a stream of bodies each sent once
/// never evicts the answers clients repeat.
///
/// One cache is shared by every event loop and worker, behind one mutex held only for a lookup or an insert: the
/// entries are immutable objects made (with their copies of the body and the answer) before the lock is taken,
/// and a hit takes a reference to the answer's bytes, not a copy. Under the lock only the table's growth (doubling,
/// so rarely) allocates, and an evicted entry is freed there. One shared cache rather than one per loop, so that a
/// body repeated on any connection hits, and the budget is one number a reader of `/metrics` can check.
///
/// A bucket whose chain already holds ``maximumChain`` entries takes no more, so that bodies crafted to share a
/// bucket cost a lookup at most that many comparisons.
final class AnswerCache: Sendable {
    /// The largest request body kept: a layout request a client repeats is a page's, a few hundred bytes.
    static let maximumBodyBytes = 16 * 1024
    /// The largest answer kept: about 1,800 cells.
    static let maximumAnswerBytes = 256 * 1024
    /// What an entry costs beyond its body and answer bytes: its object, the two arrays' headers, its node and
    /// bucket slot, and the allocator's rounding.
    static let entryOverhead = 192
    /// The most entries one bucket chains.
    static let maximumChain = 8

    /// The most bytes held; `0` keeps nothing.
    let limit: Int
    /// The bytes entries may hold: ``limit`` less the doorkeeper's table.
    private let entryLimit: Int
    /// Mixed into every hash, so that which bodies share a bucket differs from process to process.
    private let seed: UInt64
    /// Which bits of a hash are kept: all but in tests, which make every body collide with `0`.
    private let hashMask: UInt64
    private let state: Mutex<State>

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - limit: The most bytes held, entries' bodies, answers and overheads together; `0` keeps nothing.
    ///   - hashMask: The bits of each hash kept. Defaults to all; tests pass `0` so that every body collides.
    init(limit: Int, hashMask: UInt64 = ~0) {
        self.limit = max(limit, 0)
        let slots = Self.doorkeeperSlots(limit: self.limit)
        self.entryLimit = self.limit - slots * MemoryLayout<UInt64>.stride
        self.seed = UInt64.random(in: .min ... .max)
        self.hashMask = hashMask
        var state = State()
        state.seen = [UInt64](repeating: 0, count: slots)
        state.bytes = slots * MemoryLayout<UInt64>.stride
        self.state = Mutex(state)
    }

    /// The doorkeeper's slots for a limit: the largest power of two at most one per 512 bytes of it; none below 512
    /// bytes, which then keeps nothing.
    static func doorkeeperSlots(limit: Int) -> Int {
        let target = limit / 512
        guard target > 0 else { return 0 }
        return 1 << (Int.bitWidth - 1 - target.leadingZeroBitCount)
    }

    /// Where a request's answer would be kept: its kind and the hash of its body (an entry's kind is compared with
    /// its body: the same body under two kinds shares a bucket, not an answer).
    struct Key {
        let kind: LayoutKind
        let hash: UInt64
    }

    /// What a hit gives: the answer's bytes, shared with the cache, and the number of elements it carries.
    typealias Kept = (answer: [UInt8], elements: Int)

    /// What a lookup finds.
    enum Lookup {
        /// The kept answer.
        case hit(Kept)
        /// None; `admits` when the body missed recently too, so that its answer is worth keeping
        /// (``keep(_:for:body:)``).
        case miss(admits: Bool)
    }

    /// The key of a request whose answer may be kept, or `nil` when the cache is off or the body is too large.
    ///
    /// - Complexity: O(body length), one multiplication per 16 bytes.
    func key(kind: LayoutKind, body: [UInt8]) -> Key? {
        guard self.limit > 0, body.count <= Self.maximumBodyBytes else { return nil }
        let hash = body.withUnsafeBytes { Self.hash($0, seed: self.seed) }
        return Key(kind: kind, hash: hash & self.hashMask)
    }

    /// The answer kept for `body` under `key`, counted as a hit and made the most recently used; or a miss, counted,
    /// which admits the answer when the doorkeeper remembers the body's hash (and remembers it otherwise).
    ///
    /// - Complexity: O(body length) for the comparison, at most ``maximumChain`` of them.
    func lookUp(_ key: Key, body: [UInt8]) -> Lookup {
        self.state.withLock { state in
            guard let node = state.find(key, body: body) else {
                state.misses += 1
                return .miss(admits: state.admits(key.hash))
            }
            state.hits += 1
            state.touch(node)
            let entry = state.nodes[node].entry.unsafelyUnwrapped
            return .hit((entry.answer, entry.elements))
        }
    }

    /// Keeps `answer` for `body` under `key` when it is a `200` given as bytes within the bounds, evicting the least
    /// recently used entries to make room; does nothing otherwise, or when another thread kept it first. The
    /// doorkeeper is not asked: the caller keeps what ``lookUp(_:body:)`` admitted.
    ///
    /// - Complexity: O(body + answer length) for the copies, made before the lock is taken; amortized O(1) under it,
    ///   plus one step per entry evicted.
    func keep(_ answer: Answer, for key: Key, body: [UInt8]) {
        let response = answer.response
        guard response.status == 200, response.bodyStream == nil else { return }
        let bytes = response.body
        guard bytes.count <= Self.maximumAnswerBytes else { return }
        let entry = Entry(kind: key.kind, body: body, answer: bytes, elements: answer.elements)
        guard entry.cost <= self.entryLimit else { return }
        self.state.withLock { state in
            state.insert(entry, hash: key.hash, limit: self.limit)
        }
    }

    /// What `/metrics` reports: ``bytes`` counts the entries and the doorkeeper's table.
    struct Statistics: Equatable {
        var bytes = 0
        var entries = 0
        var limit = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// The cache's holdings now and its counts so far.
    var statistics: Statistics {
        let limit = self.limit
        return self.state.withLock { state in
            Statistics(
                bytes: state.bytes, entries: state.entries, limit: limit, hits: state.hits, misses: state.misses,
                evictions: state.evictions
            )
        }
    }

    /// A 64-bit hash of `bytes`: sixteen bytes at a time, folded into the state with one 64 × 64 → 128-bit
    /// multiplication (the upper and lower halves exclusive-ored, as wyhash does); the last 1 to 16 bytes read as two
    /// words that may overlap bytes already read, the length being mixed in.
    ///
    /// Not a cryptographic hash: the seed, mixed into every word, and ``maximumChain`` bound what colliding bodies
    /// can cost, and equal hashes are never taken for equal bodies.
    ///
    /// - Complexity: O(`bytes.count`), about ten instructions per 16 bytes.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        let secret = seed ^ 0xA076_1D64_78BD_642F
        var state = Self.fold(seed ^ 0xE703_7ED1_A0B4_28DB, UInt64(truncatingIfNeeded: count) ^ secret)
        guard let base = bytes.baseAddress, count > 0 else { return state }
        var offset = 0
        while count - offset > 16 {
            let first = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let second = base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            state = Self.fold(first ^ secret, second ^ state)
            offset += 16
        }
        let rest = count - offset
        let first: UInt64
        let second: UInt64
        if rest >= 8 {
            first = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            second = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if rest >= 4 {
            first = UInt64(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            second = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            let byte = { (offset: Int) in UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) }
            first = byte(offset) << 16 | byte(offset + rest / 2) << 8 | byte(count - 1)
            second = 0
        }
        state = Self.fold(second ^ secret, state ^ 0x5899_65CC_7537_4CC3)
        return Self.fold(first ^ secret ^ 0x8EBC_6AF0_9C88_C6E3, state)
    }

    /// The two halves of `a × b`'s 128-bit product, exclusive-ored.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// One kept answer: immutable, so that a hit shares its bytes with no copy and no lock beyond the lookup's.
    final class Entry: Sendable {
        let kind: LayoutKind
        /// The request body, a copy of exactly its bytes.
        let body: [UInt8]
        /// The answer's body, a copy of exactly its bytes.
        let answer: [UInt8]
        /// The number of elements the answer carries, which metrics count on every hit.
        let elements: Int
        /// What the entry counts against the limit.
        let cost: Int

        init(kind: LayoutKind, body: [UInt8], answer: [UInt8], elements: Int) {
            self.kind = kind
            // Copies of exactly the bytes: the caller's arrays may have spare capacity, or be buffers its thread
            // reuses (``AnswerScratch``).
            self.body = body.withUnsafeBufferPointer { Array($0) }
            self.answer = answer.withUnsafeBufferPointer { Array($0) }
            self.elements = elements
            self.cost = self.body.count + self.answer.count + AnswerCache.entryOverhead
        }

        /// Whether this entry answers `body` for `kind`: the same kind and the same bytes, all of them.
        func answers(_ kind: LayoutKind, _ body: [UInt8]) -> Bool {
            guard self.kind == kind, self.body.count == body.count else { return false }
            return self.body.withUnsafeBytes { kept in
                body.withUnsafeBytes { asked in
                    guard let kept = kept.baseAddress, let asked = asked.baseAddress else { return true }
                    return memcmp(kept, asked, body.count) == 0
                }
            }
        }
    }

    /// A slot of the table: an entry, its hash, the next slot of its bucket, and its neighbours in recency.
    struct Node {
        var entry: Entry?
        var hash: UInt64 = 0
        /// The next node in the same bucket, or -1; for a free node, the next free one.
        var chain: Int32 = -1
        /// The next less recently used node, or -1.
        var older: Int32 = -1
        /// The next more recently used node, or -1.
        var newer: Int32 = -1
    }

    /// Everything the mutex guards: the nodes, the buckets chaining them by hash, the recency list and the counts.
    struct State {
        var nodes: [Node] = []
        /// The first node of each bucket, or -1; a power of two long, at least as many as entries.
        var buckets = [Int32](repeating: -1, count: 64)
        /// The first free node, or -1.
        var free: Int32 = -1
        /// The doorkeeper: the hash of a recent miss in the slot its high bits pick, or 0.
        var seen: [UInt64] = []
        var newest: Int32 = -1
        var oldest: Int32 = -1
        var bytes = 0
        var entries = 0
        var hits = 0
        var misses = 0
        var evictions = 0

        func bucket(of hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & (self.buckets.count - 1) }

        /// The node holding `body`'s answer under `key`.
        func find(_ key: Key, body: [UInt8]) -> Int? {
            var node = self.buckets[self.bucket(of: key.hash)]
            while node >= 0 {
                let slot = Int(node)
                if self.nodes[slot].hash == key.hash, self.nodes[slot].entry.unsafelyUnwrapped.answers(key.kind, body) {
                    return slot
                }
                node = self.nodes[slot].chain
            }
            return nil
        }

        /// The number of nodes chained in `bucket`.
        func chainLength(_ bucket: Int) -> Int {
            var count = 0
            var node = self.buckets[bucket]
            while node >= 0 {
                count += 1
                node = self.nodes[Int(node)].chain
            }
            return count
        }

        /// Whether `hash` missed recently (then it is forgotten, its answer about to be kept); if not, it is
        /// remembered in its slot, in place of whichever hash was there.
        mutating func admits(_ hash: UInt64) -> Bool {
            guard !self.seen.isEmpty else { return false }
            let slot = Int(truncatingIfNeeded: hash >> 32) & (self.seen.count - 1)
            if self.seen[slot] == hash {
                self.seen[slot] = 0
                return true
            }
            self.seen[slot] = hash
            return false
        }

        /// Makes `node` the most recently used.
        mutating func touch(_ node: Int) {
            guard self.newest != Int32(node) else { return }
            self.unlinkRecency(node)
            self.linkNewest(node)
        }

        mutating func unlinkRecency(_ node: Int) {
            let (older, newer) = (self.nodes[node].older, self.nodes[node].newer)
            if older >= 0 { self.nodes[Int(older)].newer = newer } else { self.oldest = newer }
            if newer >= 0 { self.nodes[Int(newer)].older = older } else { self.newest = older }
        }

        mutating func linkNewest(_ node: Int) {
            self.nodes[node].older = self.newest
            self.nodes[node].newer = -1
            if self.newest >= 0 { self.nodes[Int(self.newest)].newer = Int32(node) } else { self.oldest = Int32(node) }
            self.newest = Int32(node)
        }

        /// Adds `entry` unless its bucket is full or it is there already, evicting the least recently used entries
        /// until it fits under `limit`.
        mutating func insert(_ entry: Entry, hash: UInt64, limit: Int) {
            let key = Key(kind: entry.kind, hash: hash)
            guard self.find(key, body: entry.body) == nil else { return }
            if self.entries >= self.buckets.count { self.growBuckets() }
            let bucket = self.bucket(of: hash)
            guard self.chainLength(bucket) < AnswerCache.maximumChain else { return }
            while self.bytes + entry.cost > limit, self.oldest >= 0 { self.evictOldest() }
            let node: Int
            if self.free >= 0 {
                node = Int(self.free)
                self.free = self.nodes[node].chain
            } else {
                node = self.nodes.count
                self.nodes.append(Node())
            }
            self.nodes[node].entry = entry
            self.nodes[node].hash = hash
            self.nodes[node].chain = self.buckets[bucket]
            self.buckets[bucket] = Int32(node)
            self.linkNewest(node)
            self.bytes += entry.cost
            self.entries += 1
        }

        /// Removes the least recently used entry.
        mutating func evictOldest() {
            let node = Int(self.oldest)
            self.unlinkRecency(node)
            let bucket = self.bucket(of: self.nodes[node].hash)
            if self.buckets[bucket] == Int32(node) {
                self.buckets[bucket] = self.nodes[node].chain
            } else {
                var previous = Int(self.buckets[bucket])
                while self.nodes[previous].chain != Int32(node) { previous = Int(self.nodes[previous].chain) }
                self.nodes[previous].chain = self.nodes[node].chain
            }
            self.bytes -= self.nodes[node].entry.unsafelyUnwrapped.cost
            self.entries -= 1
            self.evictions += 1
            self.nodes[node] = Node(chain: self.free)
            self.free = Int32(node)
        }

        /// Doubles the buckets and chains every entry anew.
        mutating func growBuckets() {
            self.buckets = [Int32](repeating: -1, count: self.buckets.count * 2)
            for node in self.nodes.indices where self.nodes[node].entry != nil {
                let bucket = self.bucket(of: self.nodes[node].hash)
                self.nodes[node].chain = self.buckets[bucket]
                self.buckets[bucket] = Int32(node)
            }
        }
    }
}

import Synchronization

/// Storage of large request bodies kept for later requests, so that a large body is read into memory that is
/// already mapped rather than into fresh pages the kernel must fault in and clear one by one (issue 21: about 6,400
/// page faults for a 26 MB body, a third of the time its reading took).
///
/// A ``RequestParser`` that makes a body at its full length (``RequestParser/directBodyBytes`` or more) takes it
/// from here when a kept one is large enough and no longer used, and lends each such body back when it hands the
/// request out: the pool keeps a second reference to the body's storage, which costs nothing while the request is
/// answered, and becomes the only one when the request is dropped. Storage still referenced by a request is never
/// handed out again.
///
/// The pool holds at most ``limit`` bytes of storage (lent or unused); past it, unused storage is freed first, oldest
/// first, and a body that still does not fit is not kept. Its owner, ``BodyMemoryBudget``, also frees unused storage
/// before a reservation would make bodies and kept storage together pass the budget's limit.
public final class BodyStoragePool: Sendable {
    private struct State {
        /// The storage kept, oldest first; each array's count is what its last body used.
        var entries: [[UInt8]] = []
        /// The sum of the entries' capacities.
        var bytes = 0
    }

    private let state = Mutex(State())
    /// ``State/bytes``, readable without the lock.
    private let heldBytes = Atomic<Int>(0)
    private let limitStorage: Atomic<Int>
    private let reuses = Atomic<Int>(0)

    /// Creates a pool.
    ///
    /// - Parameter limit: The most bytes of storage kept. Defaults to 64 MiB; `0` keeps none.
    public init(limit: Int = 64 * 1024 * 1024) {
        self.limitStorage = Atomic(limit)
    }

    /// The most bytes of storage kept. Lowering it frees unused storage at the next lend or trim.
    public var limit: Int {
        get { self.limitStorage.load(ordering: .relaxed) }
        set { self.limitStorage.store(newValue, ordering: .relaxed) }
    }

    /// The bytes of storage kept now, lent to requests or unused.
    public var bytesHeld: Int { self.heldBytes.load(ordering: .relaxed) }

    /// How many bodies were read into kept storage.
    public var reuseCount: Int { self.reuses.load(ordering: .relaxed) }

    /// Takes unused storage of at least `count` bytes, the smallest there is, as an array of exactly `count` bytes
    /// whose contents are left from before: the caller must write every byte before anyone reads them.
    ///
    /// - Parameter count: The body's length.
    /// - Returns: The storage, no longer kept by the pool, or `nil` when none fits.
    func take(count: Int) -> [UInt8]? {
        var found: [UInt8]? = self.state.withLock { state in
            var best: Int?
            for index in state.entries.indices where state.entries[index].capacity >= count {
                guard best.map({ state.entries[index].capacity < state.entries[$0].capacity }) ?? true,
                    Self.isUnused(&state.entries[index])
                else { continue }
                best = index
            }
            guard let best else { return nil }
            state.bytes -= state.entries[best].capacity
            self.heldBytes.store(state.bytes, ordering: .relaxed)
            return state.entries.remove(at: best)
        }
        guard var storage = found.take() else { return nil }
        // Both within the capacity and on bytes: no allocation, no copy, no more than the difference written.
        if storage.count > count {
            storage.removeLast(storage.count - count)
        } else if storage.count < count {
            storage.append(contentsOf: repeatElement(0, count: count - storage.count))
        }
        self.reuses.add(1, ordering: .relaxed)
        return storage
    }

    /// Keeps a reference to a body handed out, so that its storage can serve a later body once the request is gone.
    ///
    /// - Parameter body: The body; kept if, after freeing unused storage oldest first, it fits within ``limit``.
    func lend(_ body: [UInt8]) {
        let limit = self.limit
        let capacity = body.capacity
        self.state.withLock { state in
            if capacity <= limit { Self.free(&state, downTo: limit - capacity) }
            if state.bytes + capacity <= limit {
                state.entries.append(body)
                state.bytes += capacity
            }
            self.heldBytes.store(state.bytes, ordering: .relaxed)
        }
    }

    /// Frees unused storage, oldest first, until at most `bytes` are kept (or only lent storage is left).
    ///
    /// - Parameter bytes: The most bytes to keep.
    public func trim(downTo bytes: Int) {
        self.state.withLock { state in
            Self.free(&state, downTo: bytes)
            self.heldBytes.store(state.bytes, ordering: .relaxed)
        }
    }

    private static func free(_ state: inout State, downTo bytes: Int) {
        var index = 0
        while state.bytes > bytes, index < state.entries.count {
            if Self.isUnused(&state.entries[index]) {
                state.bytes -= state.entries[index].capacity
                state.entries.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether the pool's reference is the only one to `storage`'s buffer (its request was dropped).
    ///
    /// An array is one strong reference to its native buffer object; the standard library has no public test of an
    /// array's uniqueness that does not copy a shared one, so the reference is tested as a native object's (only
    /// the object's reference count is read, not its type).
    static func isUnused(_ storage: inout [UInt8]) -> Bool {
        precondition(MemoryLayout<[UInt8]>.size == MemoryLayout<StorageReference>.size, "an array is not a reference")
        guard storage.capacity > 0 else { return false }  // the shared empty buffer is never pooled
        return withUnsafeMutablePointer(to: &storage) { pointer in
            UnsafeMutableRawPointer(pointer).withMemoryRebound(to: StorageReference.self, capacity: 1) {
                isKnownUniquelyReferenced(&$0.pointee)
            }
        }
    }

    /// A native class, the static type under which an array's buffer reference is tested for uniqueness.
    final class StorageReference {}
}

import HTTPCore

extension LayoutService {
    /// Whether a request may keep a thread busy for long: the server then answers it on its worker pool, so the
    /// other connections of its event loop are not held up.
    ///
    /// A layout or session request whose `count` members add up to more than
    /// ``ServiceConfiguration/workerPoolItemThreshold`` items is expensive, however small its body (bodies above the
    /// server's own threshold go to the pool anyway); so is any mutation of a session holding more items than that.
    /// Queries, lookups and snaps are O(log n + k) and never are.
    ///
    /// - Complexity: O(body size) for layout requests, O(1) for session routes.
    public func isExpensive(_ request: Request, plan: RequestPlan) -> Bool {
        guard request.method == .POST, let route = plan.route else { return false }
        let threshold = self.configuration.workerPoolItemThreshold
        switch route {
        case .layout, .unknownLayout:
            // With `viewports` the input is laid out up to 16 times: judged as if it were. The body is scanned for
            // `"viewports"` only when that decides: a total within the multiplied limit is cheap either way, one
            // over the plain threshold expensive either way (issue 21: one scan of a small body, not two).
            let total = Self.countedItems(in: request.body, upTo: threshold)
            guard total > threshold / LayoutRequest.maxViewports else { return false }
            guard total <= threshold else { return true }
            return request.body.withUnsafeBufferPointer { Self.contains(#""viewports""#, in: $0) }
        case .sessions:
            return Self.countedItems(in: request.body, over: threshold)
        case .sessionTransition(let id), .sessionInvalidate(let id), .sessionUpdates(let id), .sessionMove(let id),
            .sessionMoveEnd(let id):
            guard let key = id.key, let session = self.sessions.session(key) else { return false }
            return session.itemCount > threshold
        default:
            return false
        }
    }

    /// Whether the numbers after `"count":` in `body` add up to more than `threshold` (``countedItems(in:upTo:)``).
    static func countedItems(in body: [UInt8], over threshold: Int) -> Bool {
        Self.countedItems(in: body, upTo: threshold) > threshold
    }

    /// The sum of the numbers after `"count":` in `body`, read without parsing the JSON (an item list long enough to
    /// matter makes a body big enough for the server's own threshold): exact up to `cap`, and some number above `cap`
    /// once the sum passes it (the scan stops there).
    static func countedItems(in body: [UInt8], upTo cap: Int) -> Int {
        // The literal's own bytes: no array made per request (issue 21).
        let literal: StaticString = #""count""#
        let key = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        var total = 0
        return body.withUnsafeBufferPointer { bytes in
            var from = 0
            // Candidates by the `u`, the rarest letter of `count` in a layout request (`sections` has a `c`).
            while let found = Self.firstIndex(of: key, anchor: 3, in: bytes, from: from) {
                var index = found + key.count
                while index < bytes.count, Self.isSeparator(bytes[index]) { index += 1 }
                var value = 0
                while index < bytes.count, bytes[index] &- 0x30 < 10, value <= cap {
                    value = value * 10 + Int(bytes[index] &- 0x30)
                    index += 1
                }
                total += value
                if total > cap { return total }
                from = index
            }
            return total
        }
    }

    /// Whether `byte` may lie between `"count"` and its number: white space or the colon.
    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x3A: true
        default: false
        }
    }

    /// Whether `literal`'s bytes occur in `bytes`.
    static func contains(_ literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return Self.firstIndex(of: needle, in: bytes, from: 0) != nil
    }

    /// Where `needle` (not empty) first occurs in `bytes` at or after `from`.
    ///
    /// Candidates are found by the needle's first letter (its first byte when it has none), looked for eight bytes
    /// at a time (a word equal to it in some byte has a zero byte after an exclusive or, which a subtraction's
    /// borrow finds), so a layout request's body costs a few instructions a word rather than a comparison a byte.
    /// A letter rather than the first byte: a needle such as `"count"` starts with a quote, and every member of a
    /// JSON body has two, each a candidate compared; a given letter is far rarer (issue 21).
    static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>,
        in bytes: UnsafeBufferPointer<UInt8>,
        from: Int
    ) -> Int? {
        guard needle.count > 0 else { return nil }
        let anchor = needle.firstIndex { (($0 | 0x20) &- 0x61) < 26 } ?? 0
        return Self.firstIndex(of: needle, anchor: anchor, in: bytes, from: from)
    }

    /// Where `needle` (not empty) first occurs in `bytes` at or after `from`, its candidates found by the byte at
    /// `anchor` in it (below its count): the caller picks the byte rarest where it searches.
    static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>,
        anchor: Int,
        in bytes: UnsafeBufferPointer<UInt8>,
        from: Int
    ) -> Int? {
        guard let base = bytes.baseAddress, needle.count > 0 else { return nil }
        let key = needle[anchor]
        let pattern = UInt64(key) &* 0x0101_0101_0101_0101
        // `position` is where a candidate's anchor byte lies: the candidate starts `anchor` bytes before it.
        let lastPosition = bytes.count - needle.count + anchor
        var position = Swift.max(from, 0) + anchor
        while position <= lastPosition {
            // The next candidate: the first byte equal to the anchor at or after `position`.
            if position + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) ^ pattern
                let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                guard zeros != 0 else {
                    position += 8
                    continue
                }
                // The lowest flagged byte is a true zero (a borrow only flags bytes above one).
                position += zeros.trailingZeroBitCount / 8
                guard position <= lastPosition else { return nil }
            } else if base[position] != key {
                position += 1
                continue
            }
            // Byte by byte: a candidate of a JSON body usually differs within a byte or two.
            let start = position - anchor
            var matched = 0
            while matched < needle.count, base[start &+ matched] == needle[matched] { matched &+= 1 }
            if matched == needle.count { return start }
            position += 1
        }
        return nil
    }
}

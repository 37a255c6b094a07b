import Testing

@testable import LayoutService

/// The byte-level pieces of a session request's lookup: the identifier's shape check, its table key and the
/// route's matching of `/sessions/{id}/{action}`.
@Suite struct SessionLookupBytesTests {
    /// The shape check as it reads: 32 bytes, each a lowercase hexadecimal digit.
    static func isLowercaseHexID(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    @Test func theWordWiseShapeCheckAgreesWithTheByteWiseOneForEveryASCIIByteAtEveryPlace() {
        let base = Array("0123456789abcdef0123456789abcdef".utf8)
        for position in 0..<32 {
            for byte in UInt8(0)...UInt8(0x7F) {
                var bytes = base
                bytes[position] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(Session.isWellFormedID(Substring(text)) == Self.isLowercaseHexID(text), "\(bytes)")
            }
        }
    }

    @Test func theShapeCheckRefusesNonASCIIAndWrongLengths() {
        let id = Session.makeID()
        #expect(Session.isWellFormedID(Substring(id)))
        #expect(!Session.isWellFormedID(Substring(String(id.dropLast()) + "é")))
        #expect(!Session.isWellFormedID(Substring("é" + String(id.dropFirst(2)))))
        #expect(!Session.isWellFormedID(Substring(id + "0")))
        #expect(!Session.isWellFormedID(Substring(String(id.dropLast()))))
        #expect(!Session.isWellFormedID(Substring(id.uppercased())))
    }

    @Test func keysOfTheSameIdentifierAreEqualAndHashAlikeWhereverItsBytesLie() {
        for _ in 0..<100 {
            let id = Session.makeID()
            let inPath = "/sessions/\(id)/query".dropFirst(10).prefix(32)
            #expect(SessionKey(id) == SessionKey(inPath))
            #expect(SessionKey(id).hashValue == SessionKey(inPath).hashValue)
        }
    }

    @Test func equalKeysHaveTheSameTableHashForEverySeedAndOthersSpreadOut() {
        let long = String(repeating: "0123456789abcdef", count: 3)
        for seed in [0, 1, -1, 0x5EED, Int.max, Int.min] {
            for _ in 0..<50 {
                let id = Session.makeID()
                let inPath = "/sessions/\(id)/query".dropFirst(10).prefix(32)
                #expect(SessionKey(id)._rawHashValue(seed: seed) == SessionKey(inPath)._rawHashValue(seed: seed))
            }
            #expect(SessionKey(long)._rawHashValue(seed: seed) == SessionKey(Substring(long))._rawHashValue(seed: seed))
            #expect(SessionKey("short")._rawHashValue(seed: seed) == SessionKey(Substring("short"))._rawHashValue(seed: seed))
        }
        // The seed changes the hash, and identifiers one byte apart land in different buckets of a large table.
        let id = Session.makeID()
        #expect(SessionKey(id)._rawHashValue(seed: 1) != SessionKey(id)._rawHashValue(seed: 2))
        var buckets = Set<Int>()
        var bytes = Array(id.utf8)
        for position in 0..<32 {
            let kept = bytes[position]
            bytes[position] = kept == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            buckets.insert(SessionKey(String(decoding: bytes, as: UTF8.self))._rawHashValue(seed: 7) & 0xFFFF)
            bytes[position] = kept
        }
        #expect(buckets.count >= 30)
    }

    @Test func identifiersThatDifferInOneByteOrInLengthHaveDifferentKeys() {
        let id = Array(Session.makeID().utf8)
        var keys: Set<SessionKey> = [SessionKey(String(decoding: id, as: UTF8.self))]
        for position in 0..<32 {
            var other = id
            other[position] = other[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            keys.insert(SessionKey(String(decoding: other, as: UTF8.self)))
        }
        keys.insert(SessionKey(String(decoding: id.dropLast(), as: UTF8.self)))
        keys.insert(SessionKey(String(decoding: id, as: UTF8.self) + "0"))
        #expect(keys.count == 35)
    }

    @Test func aTableFindsEachOfManySessionsByItsKey() {
        let ids = (0..<2_000).map { _ in Session.makeID() }
        var table: [SessionKey: Int] = [:]
        for (index, id) in ids.enumerated() { table[SessionKey(id)] = index }
        #expect(table.count == ids.count)
        for (index, id) in ids.enumerated() { #expect(table[SessionKey(Substring(id))] == index) }
        #expect(table[SessionKey(Session.makeID())] == nil)
    }

    @Test func everySessionActionIsRoutedByItsName() {
        let id = Session.makeID()
        let routes: [(String, Route)] = [
            ("query", .sessionQuery(id: SessionID(id))), ("snap", .sessionSnap(id: SessionID(id))),
            ("scroll-to", .sessionScrollTo(id: SessionID(id))), ("transition", .sessionTransition(id: SessionID(id))),
            ("invalidate", .sessionInvalidate(id: SessionID(id))), ("updates", .sessionUpdates(id: SessionID(id))),
            ("move", .sessionMove(id: SessionID(id))),
        ]
        for (action, route) in routes {
            #expect(Route(path: Substring("/sessions/\(id)/\(action)")) == route)
            #expect(Route(path: Substring("/sessions/\(id)/\(action)x")) == nil)
            #expect(Route(path: Substring("/sessions/\(id)/\(action.dropLast())")) == nil)
        }
        #expect(Route(path: Substring("/sessions/\(id)/move/end")) == .sessionMoveEnd(id: SessionID(id)))
        #expect(Route(path: Substring("/sessions/\(id)/Query")) == nil)
        #expect(Route(path: "*") == .server)
        #expect(Route(path: "**") == nil)
        #expect(Route(path: "") == nil)
    }
}

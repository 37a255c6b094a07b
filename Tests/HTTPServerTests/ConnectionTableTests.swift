import Testing

@testable import HTTPServer

/// The event loop's connection table: identifiers that name a slot and a serial, so that a lookup is an index and a
/// comparison, and a late answer for a closed connection never reaches the one that took its slot.
@Suite struct ConnectionTableTests {
    /// A connection with identifier `id` and no socket (its peer address is then unknown).
    private static func connection(_ id: UInt64) -> Connection {
        let configuration = ServerConfiguration()
        return Connection(
            id: id, fd: -1, limits: configuration.parserLimits, bodyBudget: nil,
            machine: configuration.connectionConfiguration, now: 0, registeredEvents: 0
        )
    }

    @Test func aClosedConnectionsIdentifierFindsNothingOnceItsSlotIsReused() {
        var table = ConnectionTable()
        let first = Self.connection(table.nextIdentifier())
        table.insert(first)
        let removedFirst = table.remove(id: first.id)
        #expect(removedFirst)
        let second = Self.connection(table.nextIdentifier())
        table.insert(second)
        #expect(second.id != first.id)
        #expect(table[first.id] == nil)
        #expect(table[second.id] === second)
        let removedAgain = table.remove(id: first.id)
        #expect(!removedAgain)
        #expect(table.count == 1)
    }

    @Test func identifiersAreNeverTheLoopsOwnTokensAndEachFindsItsConnection() {
        var table = ConnectionTable()
        var held: [Connection] = []
        for _ in 0..<40 {
            let connection = Self.connection(table.nextIdentifier())
            #expect(connection.id != EventLoop.wakeToken && connection.id != EventLoop.listenerToken)
            table.insert(connection)
            held.append(connection)
        }
        for connection in held { #expect(table[connection.id] === connection) }
        #expect(Set(held.map(\.id)).count == held.count)
    }

    @Test func countAndTheListOfConnectionsFollowInsertionsAndRemovals() {
        var table = ConnectionTable()
        #expect(table.isEmpty)
        var held: [Connection] = []
        for _ in 0..<10 {
            let connection = Self.connection(table.nextIdentifier())
            table.insert(connection)
            held.append(connection)
        }
        for connection in held where connection.id % 2 == 0 { table.remove(id: connection.id) }
        let kept = held.filter { $0.id % 2 != 0 }
        #expect(table.count == kept.count)
        #expect(table.all.map(\.id).sorted() == kept.map(\.id).sorted())
        #expect(table.all(where: { $0.id == kept[0].id }).map(\.id) == [kept[0].id])
        for connection in kept { table.remove(id: connection.id) }
        #expect(table.isEmpty)
        #expect(table.all.isEmpty)
    }

    @Test func anIdentifierNamingASlotNeverGivenOutFindsNothing() {
        var table = ConnectionTable()
        let connection = Self.connection(table.nextIdentifier())
        table.insert(connection)
        #expect(table[connection.id + 1] == nil)
        #expect(table[UInt64(7) << 32 | 1_000] == nil)
    }
}

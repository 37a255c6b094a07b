import JSON
import Testing

/// A document's bytes arriving in random pieces, as a socket's reads fill a body: bytes not yet arrived are
/// poison (a byte that would change what is read, were it read), and each wait writes the next pieces in through
/// the storage's address, as the event loop does, until the bytes asked for are in or the source gives up.
final class ArrivingBytes {
    let document: [UInt8]
    /// The reader's array: the document's length, poison past ``arrived``.
    let storage: [UInt8]
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var arrived: Int
    private var generator: SeededGenerator
    /// Past this many bytes nothing more arrives (a client that stopped sending).
    let stopsAt: Int
    private(set) var waits = 0

    init(_ document: [UInt8], poison: UInt8, stopsAt: Int? = nil, generator: inout SeededGenerator) {
        self.document = document
        var storage = [UInt8](repeating: poison, count: document.count)
        self.base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
        self.storage = storage
        self.arrived = 0
        self.generator = SeededGenerator(seed: generator.next())
        self.stopsAt = min(stopsAt ?? document.count, document.count)
        self.arrive(upTo: Int.random(in: 0...min(3000, self.stopsAt), using: &self.generator))
    }

    /// Writes the document's bytes up to `end` in pieces of random sizes.
    private func arrive(upTo end: Int) {
        while self.arrived < end {
            let piece = min(end - self.arrived, Int.random(in: 1...20_000, using: &self.generator))
            for index in self.arrived..<(self.arrived + piece) { self.base[index] = self.document[index] }
            self.arrived += piece
        }
    }

    /// The reader's wait: the bytes asked for arrive (a few more, sometimes), unless the source stopped.
    func wait(_ needed: Int) -> Int {
        self.waits += 1
        let extra = Bool.random(using: &self.generator) ? Int.random(in: 0...5000, using: &self.generator) : 0
        self.arrive(upTo: min(self.stopsAt, max(needed, self.arrived) + extra, self.document.count))
        return self.arrived
    }

    /// A reader of the storage that waits through ``wait(_:)``.
    func makeReader() -> JSONReader {
        JSONReader(arriving: self.storage, available: self.arrived) { self.wait($0) }
    }
}

/// A document read while it arrives reads as the whole document, or fails where the caller reads it again.
@Suite struct JSONArrivingReaderTests {
    /// Reads `[{"width":…,"height":…}, …]` as the service reads items: runs of compact pairs, the general path
    /// for the rest.
    static func read(_ reader: inout JSONReader) throws(JSONError) -> [UInt64] {
        var values: [UInt64] = []
        try reader.beginArray()
        while true {
            _ = reader.readCompactPairElements(JSONCompactPairTests.size, in: 0...1e300, 0...1e300) {
                values.append($0.bitPattern)
                values.append($1.bitPattern)
            }
            guard try reader.nextElement() else { break }
            try JSONCompactPairTests.readElement(&reader, into: &values)
        }
        try reader.finish()
        return values
    }

    /// The document read whole, and read while it arrives (with whether the reader had every byte at the end).
    static func outcomes(
        _ arriving: ArrivingBytes
    ) -> (whole: Result<[UInt64], JSONError>, arriving: Result<[UInt64], JSONError>, isWhole: Bool) {
        var wholeReader = JSONReader(bytes: arriving.document)
        var reader = arriving.makeReader()
        let whole = Result { () throws(JSONError) in try Self.read(&wholeReader) }
        let early = Result { () throws(JSONError) in try Self.read(&reader) }
        return (whole, early, reader.isWhole)
    }

    static let poisons = Array("9}], 0.e\"".utf8)

    /// A long list (several runs of 64 KiB) of mostly compact elements, some damaged when `damages` is set.
    static func document(_ generator: inout SeededGenerator, damages: Bool) -> [UInt8] {
        let count = Int.random(in: 2000...12_000, using: &generator)
        var json = Array(("[" + (0..<count).map { _ in JSONCompactPairTests.element(&generator) }
            .joined(separator: Bool.random(using: &generator) ? "," : ", ") + "]").utf8)
        if damages, !json.isEmpty {
            let bytes = Array("{}[],:\"-.e0123456789 x".utf8)
            json[Int.random(in: 0..<json.count, using: &generator)] = bytes.randomElement(using: &generator)!
        }
        if Bool.random(using: &generator) { json += Array(" \n".utf8) }
        return json
    }

    @Test(arguments: [false, true])
    func aDocumentReadWhileItArrivesReadsAsWhole(damaged: Bool) {
        var generator = SeededGenerator(seed: damaged ? 41 : 42)
        var waited = 0
        for _ in 0..<40 {
            let json = Self.document(&generator, damages: damaged)
            let arriving = ArrivingBytes(json, poison: Self.poisons.randomElement(using: &generator)!,
                                         generator: &generator)
            let (whole, early, isWhole) = Self.outcomes(arriving)
            waited += arriving.waits
            switch early {
            case .success:
                // Success is only ever the whole document's.
                #expect(early == whole)
                #expect(isWhole)
            case .failure where isWhole:
                // An error met with every byte in is the document's.
                #expect(early == whole)
            case .failure:
                // Met at the end of the bytes received: the caller reads again once whole, so nothing to compare.
                break
            }
        }
        // The runs did wait for bytes as they went, not only at the end.
        #expect(waited > 40)
    }

    @Test func aValidDocumentReadWhileItArrivesIsNeverCutShort() {
        var generator = SeededGenerator(seed: 43)
        for _ in 0..<20 {
            let count = Int.random(in: 3000...9000, using: &generator)
            let json = Array(("[" + (0..<count).map { "{\"width\":\($0 % 977),\"height\":\($0 * 7 % 1013).5}" }
                .joined(separator: ",") + "]").utf8)
            let arriving = ArrivingBytes(json, poison: Self.poisons.randomElement(using: &generator)!,
                                         generator: &generator)
            let (whole, early, isWhole) = Self.outcomes(arriving)
            // Compact elements only: every run waits for what it reads, so nothing is read again.
            #expect(early == whole)
            #expect(isWhole)
        }
    }

    @Test func aDocumentThatStopsArrivingNeverReadsAsComplete() {
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<40 {
            let json = Self.document(&generator, damages: false)
            let stop = Int.random(in: 0..<json.count, using: &generator)
            let arriving = ArrivingBytes(json, poison: Self.poisons.randomElement(using: &generator)!, stopsAt: stop,
                                         generator: &generator)
            let (_, early, isWhole) = Self.outcomes(arriving)
            #expect(!isWhole)
            if case .success = early { Issue.record("a document cut at \(stop) of \(json.count) read as complete") }
        }
    }

    @Test func aDocumentCompleteFromTheStartNeverWaits() throws {
        let json = Array("[{\"width\":1,\"height\":2}] ".utf8)
        var reader = JSONReader(arriving: json, available: json.count) { _ in
            Issue.record("waited for a whole document")
            return 0
        }
        #expect(reader.isWhole)
        #expect(try Self.read(&reader) == [1.0, 2.0].map(\.bitPattern))
    }

    @Test func onlyWhitespaceMissingStillWaitsForTheEnd() throws {
        // The top-level value is complete before its last bytes: finish() still needs them (here, not whitespace).
        let json = Array("[{\"width\":1,\"height\":2}] x".utf8)
        var asked: [Int] = []
        var reader = JSONReader(arriving: json, available: json.count - 2) { needed in
            asked.append(needed)
            return json.count
        }
        try reader.beginArray()
        #expect(try reader.nextElement())
        #expect(try Size.read(from: &reader) == Size(width: 1, height: 2))
        #expect(try !reader.nextElement())
        #expect(throws: JSONError.syntax(offset: json.count - 1, message: "unexpected 'x' after the top-level value")) {
            try reader.finish()
        }
        #expect(asked == [Int.max])
    }
}

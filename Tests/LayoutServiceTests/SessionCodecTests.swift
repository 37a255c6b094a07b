import LayoutEngine
@testable import LayoutService
import Testing

/// The session store's binary records: every input and mutation comes back equal (and re-encodes to the same
/// bytes), the framing refuses what it cannot read, and malformed bytes throw rather than trap.
@Suite struct SessionCodecTests {
    @Test(arguments: 0..<8)
    func randomInputsRoundTrip(seed: UInt64) throws {
        var generator = SessionRecordGenerator(seed: 0x5EED_0000 + seed)
        for _ in 0..<200 {
            let stored = StoredSessionInput(configuration: generator.configuration(), input: generator.input())
            let bytes = try SessionCodec.encode(stored)
            let decoded = try SessionCodec.decodeInput(bytes)
            #expect(decoded == stored)
            #expect(try SessionCodec.encode(decoded) == bytes)
        }
    }

    @Test(arguments: 0..<8)
    func randomMutationsRoundTrip(seed: UInt64) throws {
        var generator = SessionRecordGenerator(seed: 0xC0DE_0000 + seed)
        for _ in 0..<300 {
            let mutation = generator.mutation()
            let bytes = try SessionCodec.encode(mutation)
            let decoded = try SessionCodec.decodeMutation(bytes)
            #expect(decoded == mutation)
            #expect(try SessionCodec.encode(decoded) == bytes)
        }
    }

    @Test func nanAndNegativeZeroKeepTheirBits() throws {
        let payloadNaN = Double(bitPattern: 0x7FF8_0000_0000_1234)
        let input = LayoutInput(
            viewport: Size(width: -0.0, height: payloadNaN),
            sections: [SectionInput(items: .sizes([Size(width: payloadNaN, height: -0.0)]))]
        )
        let stored = StoredSessionInput(configuration: .defaults(for: .flow), input: input)
        let decoded = try SessionCodec.decodeInput(try SessionCodec.encode(stored))
        #expect(decoded.input.viewport.width.bitPattern == (-0.0 as Double).bitPattern)
        #expect(decoded.input.viewport.height.bitPattern == payloadNaN.bitPattern)
        guard case .sizes(let sizes) = decoded.input.sections[0].items else {
            Issue.record("sizes became \(decoded.input.sections[0].items)")
            return
        }
        #expect(sizes[0].width.bitPattern == payloadNaN.bitPattern)
        #expect(sizes[0].height.bitPattern == (-0.0 as Double).bitPattern)
    }

    @Test func sizesExactAsFloatsTakeHalfTheBytes() throws {
        let exact = (0..<1_000).map { Size(width: 120, height: Double($0 % 300) + 0.5) }
        let inexact = exact.map { Size(width: $0.width + 0.1, height: $0.height) }
        func bytes(_ sizes: [Size]) throws -> Int {
            let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
            return try SessionCodec.encode(StoredSessionInput(configuration: .defaults(for: .flow), input: input)).count
        }
        let narrow = try bytes(exact)
        let wide = try bytes(inexact)
        #expect(narrow < 8 * 1_000 + 400)
        #expect(wide >= 16 * 1_000)
        #expect(narrow * 2 - 800 < wide)
    }

    @Test func aMillionItemInputIsCompact() throws {
        let sizes = (0..<1_000_000).map { Size(width: 100, height: Double(50 + $0 % 200)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        let bytes = try SessionCodec.encode(StoredSessionInput(configuration: .defaults(for: .waterfall), input: input))
        #expect(bytes.count < 8_000_400)
        #expect(try SessionCodec.decodeInput(bytes).input == input)
    }

    @Test func theFramingNamesMagicVersionAndType() throws {
        let mutation = SessionMutation.updates(BatchUpdates(deleteSections: [1]))
        var bytes = try SessionCodec.encode(mutation)
        #expect(Array(bytes.prefix(4)) == [UInt8(ascii: "L"), UInt8(ascii: "S"), SessionCodec.formatVersion, 2])
        #expect(throws: SessionRecordError.invalidValue(offset: 3, what: "record type")) {
            try SessionCodec.decodeInput(bytes)
        }
        bytes[2] = 9
        #expect(throws: SessionRecordError.unsupportedVersion(9)) { try SessionCodec.decodeMutation(bytes) }
        bytes[0] = 0
        #expect(throws: SessionRecordError.badMagic) { try SessionCodec.decodeMutation(bytes) }
        #expect(throws: SessionRecordError.truncated(offset: 0)) { try SessionCodec.decodeMutation([]) }
    }

    @Test func trailingBytesAreRefused() throws {
        let bytes = try SessionCodec.encode(SessionMutation.transition(.defaults(for: .circle))) + [0]
        #expect(throws: SessionRecordError.trailingBytes(offset: bytes.count - 1)) {
            try SessionCodec.decodeMutation(bytes)
        }
    }

    /// Every prefix of a record is truncated, and every single-byte corruption either reads as some value or throws:
    /// nothing traps or claims more memory than the bytes could hold.
    @Test func everyPrefixAndCorruptionThrowsWithoutTrapping() throws {
        var generator = SessionRecordGenerator(seed: 77)
        for _ in 0..<3 {
            let bytes = try SessionCodec.encode(
                StoredSessionInput(configuration: generator.configuration(), input: generator.input())
            )
            for end in 0..<bytes.count {
                #expect(throws: SessionRecordError.self) { try SessionCodec.decodeInput(Array(bytes[..<end])) }
            }
            for index in bytes.indices where index % 3 == 0 {
                var corrupt = bytes
                corrupt[index] ^= UInt8(truncatingIfNeeded: generator.next()) | 1
                _ = try? SessionCodec.decodeInput(corrupt)
            }
        }
    }

    @Test func integersUseVariableLengthZigZag() throws {
        for value in [0, 1, -1, 63, -64, 64, 1 << 20, Int.max, Int.min] {
            var writer = BinaryWriter()
            writer.write(value)
            var reader = BinaryReader(writer.bytes)
            #expect(try reader.readInt() == value)
            #expect(reader.isAtEnd)
        }
        var small = BinaryWriter()
        small.write(-64)
        #expect(small.bytes.count == 1)
        #expect(throws: SessionRecordError.invalidValue(offset: 9, what: "integer")) {
            var reader = BinaryReader([UInt8](repeating: 0xFF, count: 11))
            _ = try reader.readUnsigned()
        }
    }

    @Test func aCountLargerThanTheBytesIsRefused() {
        var writer = BinaryWriter()
        writer.write(unsigned: 1 << 40)
        var reader = BinaryReader(writer.bytes)
        #expect(throws: SessionRecordError.invalidValue(offset: 0, what: "count")) {
            _ = try reader.readList { (r) throws(SessionRecordError) in try r.readByte() }
        }
    }
}

import HTTPCore
import Testing

/// A small seeded generator (SplitMix64), so a failure repeats exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RequestParserFuzzTests {
    private static let alphabet = [UInt8]("\r\n :;,0123456789aAfFxX-+\t\u{0}GETPOSTHTTP/1.chunkedContent-LengthHost")

    /// Mutates valid requests at random (replace, insert, delete, duplicate a range) and checks that the parser never
    /// traps and that feeding the same bytes in two pieces gives the same result as feeding them whole.
    @Test(arguments: [1, 2, 3, 4])
    func mutatedRequestsParseTheSameWholeAndSplit(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var limits = ParserLimits()
        limits.maxRequestLineBytes = 200
        limits.maxHeaderSectionBytes = 300
        limits.maxHeaderFields = 8
        limits.maxBodyBytes = 100
        limits.maxChunkLineBytes = 16
        limits.maxTrailerBytes = 32
        for _ in 0..<500 {
            let base = RequestParserTests.validCases.randomElement(using: &random)!.0
            var bytes = [UInt8](base)
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] = Self.alphabet.randomElement(using: &random)!
                case 1: bytes.insert(Self.alphabet.randomElement(using: &random)!, at: index)
                case 2: bytes.remove(at: index)
                default:
                    let end = min(bytes.count, index + Int.random(in: 1...20, using: &random))
                    bytes.insert(contentsOf: bytes[index..<end], at: index)
                }
            }
            let whole = withoutContinue(parse(bytes, limits: limits))
            let offset = Int.random(in: 0...bytes.count, using: &random)
            let split = withoutContinue(parse(bytes, splitAt: [offset], limits: limits))
            #expect(whole == split, "\(String(decoding: bytes, as: UTF8.self).debugDescription) split at \(offset)")
        }
    }
}

import FuzzSupport
import HTTPCore

/// The HTTP request parser's fuzz target: arbitrary bytes, fed in arbitrary pieces.
///
/// The input's first byte is a header: its low three bits give how many piece lengths follow (0 to 7) and bit 3
/// picks tight limits, so that short inputs reach every limit. Then come the piece lengths, one byte each (0 is an
/// empty append), used in turn and cycling until the rest of the input, the request stream, is all fed. The oracle
/// is differential: the parser must produce the same requests and the same final error from the pieces as from the
/// whole stream in one append (only `continueExpected` may differ: whether a head arrives before its body depends
/// on the split), and it must never trap.
enum HTTPParserFuzzTarget {
    /// Runs one input; traps when the oracle fails, which libFuzzer reports as a crash.
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard let header = input.first else { return }
        let pieceCount = Int(header & 0x07)
        guard input.count > pieceCount else { return }
        let pieces = input[1..<(1 + pieceCount)].map(Int.init)
        let stream = Array(input[(1 + pieceCount)...])
        let limits = header & 0x08 != 0 ? ParserFeeding.tightLimits : ParserLimits()

        let whole = ParserFeeding.outcomes(stream, pieces: [], limits: limits)
        let split = ParserFeeding.outcomes(stream, pieces: pieces, limits: limits)
        oracle(whole == split, "pieces \(pieces) changed the result:\n\(whole)\n\(split)\n\(stream)")
    }
}

import HTTPCore

/// Feeding the parser in pieces, and what the parser fuzz target compares: the outcome of one feeding.
enum ParserFeeding {
    /// One comparable event: a request's every part, or the error that ended parsing.
    enum Outcome: Hashable {
        case request(method: HTTPMethod, target: String, version: HTTPVersion, headers: [String], body: [UInt8])
        case failed(HTTPParseError)
    }

    /// Limits small enough that short fuzz inputs cross every one of them.
    static let tightLimits: ParserLimits = {
        var limits = ParserLimits()
        limits.maxRequestLineBytes = 64
        limits.maxHeaderSectionBytes = 128
        limits.maxHeaderFields = 4
        limits.maxBodyBytes = 64
        limits.maxChunkLineBytes = 12
        limits.maxTrailerBytes = 24
        return limits
    }()

    /// Feeds `stream` to a new parser in pieces of the given lengths, used in turn and cycling (all of it at once
    /// when `pieces` is empty or all zero), and collects every event up to the first error.
    ///
    /// Pieces alternate between the two `append` overloads, the raw-buffer one the server uses and the collection
    /// one the tests use. Each request's keep-alive decision is computed too, since the server asks it of every
    /// request.
    static func outcomes(_ stream: [UInt8], pieces: [Int], limits: ParserLimits) -> [Outcome] {
        // Empty pieces alone would never finish the stream: then it goes in whole.
        let pieces = pieces.contains { $0 > 0 } ? pieces : []
        var parser = RequestParser(limits: limits)
        var outcomes: [Outcome] = []
        var start = 0
        var turn = 0
        repeat {
            let length = pieces.isEmpty ? stream.count : pieces[turn % pieces.count]
            let end = min(stream.count, start + length)
            if turn % 2 == 0 {
                stream[start..<end].withUnsafeBytes { parser.append($0) }
            } else {
                parser.append(stream[start..<end])
            }
            start = end
            turn += 1
            while true {
                do {
                    guard let event = try parser.next() else { break }
                    guard case .request(let request) = event else { continue }
                    _ = request.keepsAlive
                    outcomes.append(
                        .request(
                            method: request.method,
                            target: request.target,
                            version: request.version,
                            headers: request.headers.map { "\($0.name): \($0.value)" },
                            body: request.body
                        )
                    )
                } catch {
                    outcomes.append(.failed(error))
                    return outcomes
                }
            }
        } while start < stream.count
        return outcomes
    }
}

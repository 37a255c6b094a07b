import HTTPCore

/// A comparable summary of what the parser produced.
enum Parsed: Hashable, CustomStringConvertible {
    case request(method: HTTPMethod, target: String, version: HTTPVersion, headers: [String], body: [UInt8])
    case continueExpected
    case failed(HTTPParseError)

    init(_ event: RequestParser.Event) {
        switch event {
        case .continueExpected:
            self = .continueExpected
        case .request(let request):
            self = .request(
                method: request.method,
                target: request.target,
                version: request.version,
                headers: request.headers.map { "\($0.name): \($0.value)" },
                body: request.body
            )
        }
    }

    var description: String {
        switch self {
        case .request(let method, let target, let version, let headers, let body):
            "\(method) \(target) \(version) \(headers) body=\(String(decoding: body, as: UTF8.self))"
        case .continueExpected: "continue"
        case .failed(let error): "failed(\(error))"
        }
    }
}

/// Feeds `bytes` in the given pieces and collects every event, stopping at the first error.
func parse(_ bytes: [UInt8], splitAt splits: [Int] = [], limits: ParserLimits = ParserLimits()) -> [Parsed] {
    var parser = RequestParser(limits: limits)
    var results: [Parsed] = []
    var start = 0
    for end in splits + [bytes.count] where end >= start {
        parser.append(bytes[start..<end])
        start = end
        while true {
            do {
                guard let event = try parser.next() else { break }
                results.append(Parsed(event))
            } catch {
                results.append(.failed(error))
                return results
            }
        }
    }
    return results
}

/// The results with `continueExpected` removed: whether it appears depends on where the input was split.
func withoutContinue(_ results: [Parsed]) -> [Parsed] {
    results.filter { $0 != .continueExpected }
}

extension Array where Element == UInt8 {
    init(_ string: String) { self = Array(string.utf8) }
}

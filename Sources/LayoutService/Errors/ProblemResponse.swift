import HTTPCore
import JSON

/// The one place where a thrown error becomes what the client sees.
///
/// ``APIError`` keeps its status and becomes an RFC 9457 `application/problem+json` body with `type`, `title`,
/// `status`, `detail` and, for input errors, `pointer`; a malformed-JSON problem adds `offset`, an unknown kind adds
/// `kinds`. A ``JSONError`` becomes a malformed-JSON (400) or invalid-field (422) problem, an ``EngineFailure`` the
/// problem that names the field at fault (``APIError/init(_:)``). Every other error becomes a generic 500 and is
/// passed to `log` first, so internals never reach a client.
enum ProblemResponse {
    /// Builds the response for `error`.
    ///
    /// A decoder reads a body once and checks its shape as it goes, so it can find a wrong value (a
    /// ``JSONError/shape(pointer:message:)``) before a syntax error further on: `[1,2` is "expected an object" at
    /// byte 0. Every syntax error must be a 400, so a shape error is answered only once the whole body has been found
    /// well-formed; otherwise its first syntax error is. This costs a second pass over the body, on failures only.
    ///
    /// - Parameters:
    ///   - error: What a route threw.
    ///   - body: The request's body, checked for a syntax error when `error` is a shape error.
    ///   - maxJSONDepth: The nesting limit the routes' decoders apply.
    ///   - log: Receives a line describing errors that are not ``APIError``.
    /// - Returns: The problem response.
    static func response(
        for error: any Error,
        body: [UInt8] = [],
        maxJSONDepth: Int = 64,
        log: (String) -> Void
    ) -> Response {
        var error = error
        if let shape = error as? JSONError, !shape.isSyntax, !body.isEmpty,
            let syntax = Self.syntaxError(in: body, maxDepth: maxJSONDepth)
        {
            error = syntax
        }
        let apiError: APIError
        if let error = error as? APIError {
            apiError = error
        } else if let failure = error as? EngineFailure {
            apiError = APIError(failure)
        } else if let error = error as? JSONError {
            switch error {
            case .syntax(let offset, let message): apiError = .malformedJSON(offset: offset, reason: message)
            case .shape(let pointer, _): apiError = .invalidField(pointer: pointer, reason: error.description)
            }
        } else {
            log("internal error: \(String(reflecting: error))")
            apiError = .internalError
        }
        return Response(problem: apiError.problem, headers: apiError.headers)
    }

    /// The first syntax error in `body` as one JSON document, or `nil` when it is well-formed.
    ///
    /// - Complexity: O(body size).
    static func syntaxError(in body: [UInt8], maxDepth: Int) -> JSONError? {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        do {
            try reader.skipValue()
            try reader.finish()
            return nil
        } catch {
            return error.isSyntax ? error : nil
        }
    }
}

extension APIError {
    /// The problem document of this error: `pointer` for input errors, then `offset` for malformed JSON, `version`
    /// for a version mismatch, `kinds` for an unknown kind. HTTPCore's ``Problem`` writes it, as it writes the
    /// server's own problems.
    var problem: Problem {
        var members: [Problem.Member] = []
        if let pointer = self.pointer { members.append(Problem.Member("pointer", .string(pointer))) }
        switch self {
        case .malformedJSON(let offset, _): members.append(Problem.Member("offset", .integer(offset)))
        case .versionMismatch(let current): members.append(Problem.Member("version", .integer(current)))
        case .unknownKind(_, let known): members.append(Problem.Member("kinds", .strings(known)))
        default: break
        }
        return Problem(status: self.status, type: self.type, title: self.title, detail: self.detail, members: members)
    }
}

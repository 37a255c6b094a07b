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
    /// The media type of every error body.
    static let contentType = "application/problem+json"

    /// Builds the response for `error`.
    ///
    /// - Parameters:
    ///   - error: What a route threw.
    ///   - log: Receives a line describing errors that are not ``APIError``.
    /// - Returns: The problem response.
    static func response(for error: any Error, log: (String) -> Void) -> Response {
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
        var headers = apiError.headers
        headers.add(name: "Content-Type", value: Self.contentType)
        return Response(status: apiError.status, headers: headers, body: Self.body(for: apiError))
    }

    /// The problem document of `error`, as JSON bytes.
    static func body(for error: APIError) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.value(error.type)
        writer.key("title")
        writer.value(error.title)
        writer.key("status")
        writer.value(error.status)
        writer.key("detail")
        writer.value(error.detail)
        if let pointer = error.pointer {
            writer.key("pointer")
            writer.value(pointer)
        }
        switch error {
        case .malformedJSON(let offset, _):
            writer.key("offset")
            writer.value(offset)
        case .versionMismatch(let current):
            writer.key("version")
            writer.value(current)
        case .unknownKind(_, let known):
            writer.key("kinds")
            writer.beginArray()
            for kind in known { writer.value(kind) }
            writer.endArray()
        default:
            break
        }
        writer.endObject()
        return writer.bytes
    }
}

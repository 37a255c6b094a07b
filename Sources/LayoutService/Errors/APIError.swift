import HTTPCore

/// Every failure the service reports to a client, each with its HTTP status and RFC 9457 problem type.
///
/// Routes throw these; ``ProblemResponse`` alone turns them into `application/problem+json` responses, so the wire
/// form of an error is decided in one place.
public enum APIError: Error, Hashable, Sendable {
    /// The body is not JSON: 400, naming the byte offset where reading stopped.
    case malformedJSON(offset: Int, reason: String)
    /// A request header has a value the route cannot use: 400, naming the header.
    case invalidHeader(name: String, reason: String)
    /// The JSON is well formed but a field has the wrong type or value, is missing or is unknown: 422.
    case invalidField(pointer: String, reason: String)
    /// `POST /layout/{kind}` named a kind the engine does not have: 404, listing the kinds. (A `kind` member in a
    /// body that names no kind is an ``invalidField(pointer:reason:)``, 422, like any other bad value.)
    case unknownKind(String, known: [String])
    /// No route has this path: 404.
    case notFound(path: String)
    /// A route exists for the path but not for the method: 405 with `Allow`.
    case methodNotAllowed(method: String, allowed: [String])
    /// An API token is configured and the request did not present it: 401 with `WWW-Authenticate: Bearer`.
    case unauthorized
    /// The request asks for more items than the configured limit: 413.
    case tooManyItems(count: Int, limit: Int)
    /// The session does not exist (never did, was deleted, expired, was evicted, or lived on another replica): 404.
    /// `reason` says why it went ("deleted", "expired", "evicted for memory", …) when the store still remembers.
    case sessionNotFound(id: String, reason: String? = nil)
    /// A session alone would hold more bytes than the whole session store may: 413.
    case sessionTooLarge(bytes: Int, limit: Int)
    /// `If-Match` named a version the session no longer has: 412, with the current version.
    case versionMismatch(current: Int)
    /// An `Idempotency-Key` already used for another mutation of the session (the one that produced `version`):
    /// 422, as the IETF httpapi draft answers a key reused with another payload.
    case idempotencyKeyReused(key: String, version: Int)
    /// A retry whose key names a mutation already applied (as `version`) whose answer cannot be computed again,
    /// since later mutations were compacted: 409; the client reads the session instead.
    case idempotentAnswerGone(version: Int)
    /// The server is draining and takes no new work on this route: 503.
    case draining
    /// Anything unexpected: 500, with a generic message (the details go to the log, not to the client).
    case internalError

    /// The HTTP status code.
    public var status: Int {
        switch self {
        case .malformedJSON, .invalidHeader: 400
        case .invalidField: 422
        case .unknownKind, .notFound: 404
        case .methodNotAllowed: 405
        case .unauthorized: 401
        case .tooManyItems, .sessionTooLarge: 413
        case .sessionNotFound: 404
        case .versionMismatch: 412
        case .idempotencyKeyReused: 422
        case .idempotentAnswerGone: 409
        case .draining: 503
        case .internalError: 500
        }
    }

    /// The problem type: a URI reference naming the kind of problem, stable across releases.
    ///
    /// Relative references resolve against the server's own address; the README lists every one.
    public var type: String {
        switch self {
        case .malformedJSON: "/problems/malformed-json"
        case .invalidHeader: "/problems/invalid-header"
        case .invalidField: "/problems/invalid-field"
        case .unknownKind: "/problems/unknown-kind"
        case .notFound: "/problems/not-found"
        case .methodNotAllowed: "/problems/method-not-allowed"
        case .unauthorized: "/problems/unauthorized"
        case .tooManyItems: "/problems/too-many-items"
        case .sessionTooLarge: "/problems/session-too-large"
        case .sessionNotFound: "/problems/session-gone"
        case .versionMismatch: "/problems/version-mismatch"
        case .idempotencyKeyReused: "/problems/idempotency-key-reused"
        case .idempotentAnswerGone: "/problems/idempotent-answer-gone"
        case .draining: "/problems/draining"
        case .internalError: "/problems/internal-error"
        }
    }

    /// A short summary of the problem type, the same for every occurrence.
    public var title: String {
        switch self {
        case .malformedJSON: "Malformed JSON"
        case .invalidHeader: "Invalid header"
        case .invalidField: "Invalid field"
        case .unknownKind: "Unknown layout kind"
        case .notFound: "Not found"
        case .methodNotAllowed: "Method not allowed"
        case .unauthorized: "Unauthorized"
        case .tooManyItems: "Too many items"
        case .sessionTooLarge: "Session too large"
        case .sessionNotFound: "Session gone"
        case .versionMismatch: "Version mismatch"
        case .idempotencyKeyReused: "Idempotency key reused"
        case .idempotentAnswerGone: "Answer no longer available"
        case .draining: "Draining"
        case .internalError: "Internal error"
        }
    }

    /// What went wrong this time, in a sentence a client developer can act on.
    public var detail: String {
        switch self {
        case .malformedJSON(let offset, let reason):
            "The body is not valid JSON at byte \(offset): \(reason)."
        case .invalidField(_, let reason):
            reason
        case .invalidHeader(let name, let reason):
            "The \(name) header \(reason)."
        case .unknownKind(let kind, let known):
            "There is no layout kind '\(kind)'. Known kinds: \(known.joined(separator: ", "))."
        case .notFound(let path):
            "Nothing is served at \(path)."
        case .methodNotAllowed(let method, let allowed):
            "\(method) is not allowed here; use \(allowed.joined(separator: ", "))."
        case .unauthorized:
            "This route needs an 'Authorization: Bearer <token>' header with the configured API token."
        case .tooManyItems(let count, let limit):
            "The request has \(count) items; at most \(limit) are accepted."
        case .sessionTooLarge(let bytes, let limit):
            "The session would hold \(bytes) bytes; the sessions may hold at most \(limit) in all."
        case .sessionNotFound(let id, let reason?):
            "The session '\(id.prefix(64))' is gone: \(reason). Create it again with POST /sessions."
        case .sessionNotFound(let id, nil):
            "There is no session '\(id.prefix(64))': it was deleted, expired or evicted, or lives on another replica. "
                + "Create it again with POST /sessions."
        case .versionMismatch(let current):
            "The session is at version \(current), which If-Match does not name; fetch it again and retry."
        case .idempotencyKeyReused(let key, let version):
            "The Idempotency-Key '\(key.prefix(64))' was already used for another mutation of this session "
                + "(version \(version)); send a new key with a new mutation."
        case .idempotentAnswerGone(let version):
            "This mutation was already applied as version \(version), but later mutations were compacted and its "
                + "answer can no longer be computed again; read the session instead."
        case .draining:
            "The server is shutting down and takes no new work; retry on another replica."
        case .internalError:
            "The server failed to answer this request. The failure has been logged."
        }
    }

    /// The JSON pointer (RFC 6901) to the offending field, for input errors.
    public var pointer: String? {
        switch self {
        case .invalidField(let pointer, _): pointer
        case .tooManyItems, .sessionTooLarge: "/sections"
        default: nil
        }
    }

    /// Headers the status requires: `Allow` for 405, `WWW-Authenticate` for 401.
    public var headers: HTTPHeaders {
        switch self {
        case .methodNotAllowed(_, let allowed): ["Allow": allowed.joined(separator: ", ")]
        case .unauthorized: ["WWW-Authenticate": "Bearer realm=\"layoutd\""]
        default: [:]
        }
    }
}

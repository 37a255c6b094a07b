extension OptionDescriptor {
    /// Every option, in the order help lists them within their groups. The defaults are not here: help reads them
    /// from ``LayoutdOptions`` and ``ServiceConfiguration``.
    static let all: [OptionDescriptor] = [
        OptionDescriptor(
            name: "host", group: .server, valueName: "address",
            abstract: "The address to listen on, IPv4 or IPv6 numeric; the container image sets 0.0.0.0.",
            requirement: "a numeric address",
            store: { options, text in
                options.host = text
                return !text.isEmpty
            },
            show: { $0.host }
        ),
        .integer(
            "port", .server, \.port, in: 0...65535, valueName: "port", abstract: "The TCP port; 0 picks a free one."
        ),
        .optionalInteger(
            "threads", .server, \.threads, in: 1...4096, nilMeaning: "one per core", abstract: "Event-loop threads."
        ),
        .integer(
            "max-connections", .server, \.maxConnections, in: 1...Int.max,
            abstract: "Client connections open at once; past it a new one gets 503 and is closed."
        ),
        .seconds("header-timeout", .server, \.headerTimeout, abstract: "Time to send a request head, then 408."),
        .seconds("body-timeout", .server, \.bodyTimeout, abstract: "Time to send a request body, then 408."),
        .seconds("idle-timeout", .server, \.idleTimeout, abstract: "An idle keep-alive connection closes after it."),
        .seconds(
            "drain-timeout", .server, \.drainTimeout,
            abstract: "On SIGTERM or SIGINT, time for requests in flight to finish before every connection closes."
        ),
        .bytes(
            "max-body-bytes", .limits, \.maxBodyBytes,
            abstract: "The largest request body, in bytes; larger is 413."
        ),
        .bytes(
            "max-body-memory", .limits, \.maxBodyMemory,
            abstract: "Bytes of request bodies held at once over all connections; a body past it is 503, unread."
        ),
        .bytes(
            "max-body-pool", .limits, \.maxBodyPool, atLeast: 0,
            abstract: "Bytes of large bodies' storage kept for reuse, within --max-body-memory; 0 keeps none."
        ),
        .bytes(
            "max-output-buffer", .limits, \.maxOutputBuffer, atLeast: 4096,
            abstract: "Answer bytes a connection may hold unsent; a large answer is produced as the client reads."
        ),
        .bytes(
            "answer-cache-bytes", .limits, \.service.answerCacheBytes, atLeast: 0,
            abstract: """
                Bytes of POST /layout answers kept to answer the same body again, bodies and answers counted, the \
                least recently used evicted first; 0 keeps none.
                """
        ),
        .integer(
            "cell-text-memo-slots", .limits, \.service.cellTextMemoSlots, in: 0...65536, valueName: "slots",
            abstract: """
                Plain cells whose text each answering thread keeps to copy when written again, rounded down to a \
                power of two, 312 bytes each; 0 keeps none.
                """
        ),
        .integer(
            "max-request-cost", .limits, \.service.maxRequestCost, in: 1...Int.max, valueName: "items",
            abstract: "A request's estimated cost in items (× waterfall columns × viewports); past it, 422."
        ),
        .integer(
            "max-items", .limits, \.service.maxItems, in: 1...Int.max,
            abstract: "Items one layout request may hold over all its sections; more is 413."
        ),
        .integer(
            "max-sessions", .sessions, \.service.maxSessions, in: 1...Int.max,
            abstract: "Sessions held at once; the least recently used is evicted first."
        ),
        OptionDescriptor(
            name: "max-session-memory", group: .sessions, valueName: "bytes",
            abstract: """
                Bytes held over all sessions (inputs, frames, indexes, records); the least recently used are \
                evicted first, and one session larger than this is 413. Defaults to a quarter of the machine's or \
                the cgroup's memory, whichever is lower.
                """,
            requirement: "an integer of at least 1048576",
            store: { options, text in
                guard let bytes = Int(text), bytes >= 1_048_576 else { return false }
                options.service.maxSessionMemory = bytes
                return true
            },
            show: { options in
                options.service.maxSessionMemory == SystemMemory.defaultSessionBudget
                    ? "memory/4" : "\(options.service.maxSessionMemory)"
            }
        ),
        .integer(
            "max-session-items", .sessions, \.service.maxSessionItems, in: 1...Int.max,
            abstract: "Items held over all sessions (each section counts as 20 more)."
        ),
        .seconds(
            "session-idle-timeout", .sessions, \.service.sessionIdleTimeout, deprecatedNames: ["session-ttl"],
            abstract: "An unused session expires after it. Deprecated names: --session-ttl, LAYOUTD_SESSION_TTL."
        ),
        .optionalText(
            "session-id-header", .sessions, \.service.sessionIDHeader, valueName: "name",
            abstract: """
                The request header a load balancer sets to name new sessions, so each is created where the hash \
                of its id routes; set it only behind a proxy that overwrites it.
                """,
            requirement: "a header name of letters, digits, '-', '_' and '.'",
            isValid: { $0.utf8.allSatisfy(Self.isHeaderNameByte) }
        ),
        .optionalText(
            "api-token", .access, \.service.apiToken, valueName: "token",
            abstract: "Require 'Authorization: Bearer <token>' on every route but /healthz, /readyz and the web page.",
            requirement: "a token", show: { _ in "set" }
        ),
        OptionDescriptor(
            name: "cors-origins", group: .access, valueName: "origins",
            abstract: "Comma-separated origins allowed to call the API from a browser, * for any.",
            requirement: "a comma-separated list of origins",
            store: { options, text in
                options.service.corsOrigins = text.split(separator: ",").map(Self.trimmingSpaces).filter { !$0.isEmpty }
                return true
            },
            show: { $0.service.corsOrigins.isEmpty ? "none" : $0.service.corsOrigins.joined(separator: ",") }
        ),
        .flag(
            "log-requests", .logging, \.service.logsRequests,
            abstract: """
                One line per request on stderr: time, level, request id, method, path, status, duration, bytes in \
                and out, client address, and the problem type of an error.
                """
        ),
        .choice(
            "log-format", .logging, \.service.logFormat, valueName: "format",
            abstract: "The shape of log lines: text for people, json (an object a line) or logfmt (key=value)."
        ),
        .choice(
            "log-level", .logging, \.service.logLevel, valueName: "level",
            abstract: "The least severe lines logged: debug, info (requests, start, drain, stop), warn or error."
        ),
        .optionalText(
            "session-store", .sessions, \.service.sessionStore, valueName: "url",
            abstract: "Keep sessions' inputs and journals in Redis (redis://host:port[/db]); any replica rebuilds them.",
            requirement: "a redis://host[:port][/db] URL", isValid: { RedisEndpoint(url: $0) != nil }
        ),
        .integer(
            "idempotency-keys", .sessions, \.service.idempotencyKeys, in: 0...1024,
            abstract: """
                With --session-store, the last Idempotency-Key values kept per session: a retried mutation is \
                answered again, not applied twice; 0 keeps none.
                """
        ),
    ]

    /// Whether `byte` may appear in a header name: letters, digits and `-`, `_`, `.`.
    private static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func trimmingSpaces(_ text: Substring) -> String {
        String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

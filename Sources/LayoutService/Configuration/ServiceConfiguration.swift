/// The settings of the service layer: limits on what a request may ask, access control and logging.
public struct ServiceConfiguration: Hashable, Sendable {
    /// The most items one layout request may hold, over all its sections. Defaults to 2,000,000.
    public var maxItems = 2_000_000
    /// Requests asking for more items than this run on the server's worker pool rather than its event loop,
    /// however small their body. Defaults to 20,000 (about a millisecond of layout).
    public var workerPoolItemThreshold = 20_000
    /// The most a request's layout may cost, estimated before it runs in items (an item of a one-column layout costs
    /// 1, of a waterfall as many as it has columns; laid out for several `viewports`, that many times); past it the
    /// request is refused with 422 naming the costly field. Defaults to 100,000,000 (about 0.1 s of layout, 50
    /// times the default item limit's flow).
    public var maxRequestCost = 100_000_000
    /// Requests estimated to cost at least this many items are heavy: the worker pool runs them on all but one of
    /// its workers, so that a lighter request never waits behind more than one. Defaults to 1,000,000.
    public var heavyRequestCost = 1_000_000
    /// The bytes of `POST /layout/{kind}` answers kept to answer the same body again (``AnswerCache``), counting
    /// each entry's body, answer and overhead; `0` keeps none. Defaults to 8 MiB.
    public var answerCacheBytes = 8 * 1024 * 1024
    /// Slots of each thread's memo of plain cells' text (``CellTextMemo``), rounded down to a power of two: a
    /// cell written again with the same index path and frame (a scrolled viewport's, a page laid out again) is
    /// copied from it. Each slot takes 312 bytes per answering thread; `0` keeps none. Defaults to 256.
    public var cellTextMemoSlots = 256
    /// The deepest nesting of JSON arrays and objects accepted. Defaults to 64.
    public var maxJSONDepth = 64
    /// When set, every route but `/healthz`, `/readyz` and the demo page's static files needs
    /// `Authorization: Bearer <token>`; without it even an unknown path or method gets 401 rather than 404 or 405,
    /// and only a CORS preflight is answered. Defaults to none.
    public var apiToken: String?
    /// Origins allowed to call the API from a browser (`*` allows any). Defaults to none: no CORS headers are sent.
    public var corsOrigins: [String] = []
    /// The request header from which `POST /sessions` takes the new session's identifier (32 lowercase hexadecimal
    /// digits), so that a load balancer routing `/sessions/{id}` by a hash of the id can create each session on the
    /// replica that hash picks. A missing or malformed value, or one naming a live session, gets a random
    /// identifier instead. Set it only behind a proxy that overwrites the header on every request. Defaults to
    /// none: identifiers are always random.
    public var sessionIDHeader: String?
    /// Whether one line per request is logged. Defaults to `true`.
    public var logsRequests = true
    /// The shape of log lines: `text`, `json` or `logfmt`. Defaults to ``LogFormat/text``.
    public var logFormat = LogFormat.text
    /// The least severe log lines written: `debug`, `info`, `warn` or `error`. Defaults to ``LogLevel/info``.
    public var logLevel = LogLevel.info
    /// The most sessions held at once. Defaults to 10,000.
    public var maxSessions: Int {
        get { self.sessions.maxSessions }
        set { self.sessions.maxSessions = newValue }
    }
    /// The most bytes held over all sessions, as each session counts what it holds (its input, prepared frames,
    /// index and section records: `LiveLayout.heapBytes`); the least recently used sessions are evicted first to
    /// stay under it, and a session that alone would pass it is refused with 413. Defaults to a quarter of the
    /// machine's memory or of its cgroup's limit, whichever is lower (``SystemMemory/defaultSessionBudget``,
    /// read from `/proc/meminfo` and `/sys/fs/cgroup/memory.max` once at start-up).
    public var maxSessionMemory: Int {
        get { self.sessions.maxTotalBytes }
        set { self.sessions.maxTotalBytes = newValue }
    }
    /// The most items held over all sessions, each section counting as 20 items more: a second bound beside
    /// ``maxSessionMemory``, kept because a count of items is what a client can predict. Defaults to 50,000,000.
    public var maxSessionItems: Int {
        get { self.sessions.maxTotalItems }
        set { self.sessions.maxTotalItems = newValue }
    }
    /// How long an unused session lives. Defaults to 15 minutes.
    public var sessionIdleTimeout: Duration {
        get { self.sessions.idleTimeout }
        set { self.sessions.idleTimeout = newValue }
    }
    /// The session store's limits, set through the four properties above.
    var sessions = SessionStore.Configuration()

    /// Where sessions' inputs and journals are shared between replicas, `redis://host:port[/db]`, so that any
    /// replica can rebuild a session it does not hold (`docs/session-store.md`). Defaults to none: sessions live
    /// only in the replica that created them.
    public var sessionStore: String?

    /// With ``sessionStore``, how many idempotency keys (`Idempotency-Key`) Redis keeps per session, with the
    /// version each mutation produced: a retried mutation whose key is among them is answered again instead of
    /// applied twice (`docs/session-store.md`); 0 keeps none. Defaults to 16.
    public var idempotencyKeys = 16

    /// Creates the default configuration.
    public init() {}
}

import LayoutEngine

/// An error of the engine together with what the engine was given, so that ``ProblemResponse`` can name the field
/// of the request at fault.
///
/// Operations throw this rather than an ``APIError``: turning the engine's errors into problems happens in one
/// place, ``APIError/init(_:)``.
struct EngineFailure: Error {
    /// What the engine refused.
    enum Cause {
        /// A layout could not be prepared, invalidated or moved.
        case layout(LayoutError)
        /// A batch update was inconsistent.
        case update(UpdateError)
    }

    /// What the engine refused.
    var cause: Cause
    /// What the layout was prepared from: its input and configuration.
    var request: LayoutRequest
    /// Put before pointers into `config`, e.g. `/to` for a transition's target.
    var pointerPrefix = ""
    /// The entry of `viewports` the layout was prepared for, which pointers to `/viewport` then name instead.
    var viewportIndex: Int?

    /// A failure of preparing `input` with `configuration`.
    init(
        _ cause: Cause,
        input: LayoutInput,
        configuration: LayoutConfiguration,
        pointerPrefix: String = "",
        viewportIndex: Int? = nil
    ) {
        self.cause = cause
        self.request = LayoutRequest(input: input, configuration: configuration, rect: nil)
        self.pointerPrefix = pointerPrefix
        self.viewportIndex = viewportIndex
    }

    /// A failure of a session's layout.
    init(_ cause: Cause, session: Session) {
        self.init(cause, input: session.input, configuration: session.configuration)
    }
}

extension APIError {
    /// The problem a client sees for an engine failure: a 422 pointing at the field at fault (or a 413 for too
    /// many items).
    init(_ failure: EngineFailure) {
        switch failure.cause {
        case .layout(let error):
            let problem = error.apiError(for: failure.request)
            if case .invalidField(let pointer, let reason) = problem, pointer.hasPrefix("/config") {
                self = .invalidField(pointer: failure.pointerPrefix + pointer, reason: reason)
            } else if case .invalidField(let pointer, let reason) = problem, let index = failure.viewportIndex,
                pointer.hasPrefix("/viewport")
            {
                let rest = pointer.dropFirst("/viewport".count)
                self = .invalidField(pointer: "/viewports/\(index)" + rest, reason: reason)
            } else {
                self = problem
            }
        case .update(.invalidLayout(let error)):
            self.init(EngineFailure(.layout(error), input: failure.request.input,
                configuration: failure.request.configuration))
        case .update(let error):
            self = error.apiError
        }
    }
}

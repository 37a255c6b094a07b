/// The session each session route of the responder fuzz target works on: small, with every element a kind has.
enum SessionSeeds {
    /// The `POST /sessions` body for `kind`; an unknown kind gets a flow session.
    static func body(kind: String) -> String {
        switch kind {
        case "waterfall":
            #"{"kind":"waterfall","viewport":{"width":375,"height":667},"sections":[{"count":9},"#
                + #"{"items":[{"width":1,"height":2},{"width":2,"height":1},{"width":3,"height":3}]}]}"#
        case "line":
            #"{"kind":"line","viewport":{"width":300,"height":200},"sections":[{"count":10}]}"#
        case "stack":
            #"{"kind":"stack","viewport":{"width":375,"height":667},"sections":[{"count":7}]}"#
        case "circle":
            #"{"kind":"circle","viewport":{"width":375,"height":667},"sections":[{"count":8}]}"#
        default:
            #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":12,"#
                + #""header":{"width":375,"height":40},"footer":{"width":375,"height":20}},"#
                + #"{"items":[{"width":120,"height":90},{"width":80,"height":160}]}]}"#
        }
    }
}

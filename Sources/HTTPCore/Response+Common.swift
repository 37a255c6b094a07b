extension Response {
    /// A 405 answer listing the methods the route takes in `Allow`, as RFC 9110 §15.5.6 requires.
    ///
    /// - Parameters:
    ///   - allowed: The methods the route takes, in the order to list them.
    ///   - headers: Further fields, e.g. `Content-Type` for `body`.
    ///   - body: An optional body; defaults to none.
    /// - Returns: The response.
    public static func methodNotAllowed(
        allowed: [HTTPMethod],
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) -> Response {
        var fields = headers
        fields.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
        return Response(status: 405, headers: fields, body: body)
    }
}

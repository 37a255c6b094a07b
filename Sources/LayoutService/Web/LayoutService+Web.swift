import HTTPCore

extension LayoutService {
    /// The 200 answer for one of the demo page's files, by its name in ``WebAssets``.
    ///
    /// Only called for names ``Route`` matched, which are all in the table; an unknown name still answers, with an
    /// empty body, rather than trapping.
    static func webResponse(name: String) -> Response {
        let asset = WebAssets.files[name]
        return Response(
            status: 200,
            headers: ["Content-Type": asset?.contentType ?? "text/plain; charset=utf-8"],
            body: Array((asset?.text ?? "").utf8)
        )
    }
}

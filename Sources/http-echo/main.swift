// A tiny server for end-to-end tests and the benchmark: `http-echo [port]` prints the bound port on its first
// line of standard output, then serves until SIGTERM or SIGINT drains it.
//   GET /            -> "hello, world\n"
//   POST/PUT any     -> the request body
//   GET /sleep?ms=N  -> waits N ms (at most 10 s), then "slept\n"
//   anything else    -> 404
import Glibc
import HTTPCore
import HTTPServer

struct EchoResponder: Responder {
    static let hello = Array("hello, world\n".utf8)

    func respond(to request: Request, plan: Void) -> Response {
        let plain: HTTPHeaders = ["Content-Type": "text/plain"]
        switch (request.method, request.path) {
        case (.GET, "/"), (.HEAD, "/"):
            return Response(status: 200, headers: plain, body: Self.hello)
        case (.POST, _), (.PUT, _):
            return Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        case (.GET, "/sleep"):
            let milliseconds = request.query.flatMap { Int($0.dropFirst(3)) } ?? 0
            usleep(UInt32(min(max(milliseconds, 0), 10_000)) * 1000)
            return Response(status: 200, headers: plain, body: Array("slept\n".utf8))
        default:
            return Response(status: 404, headers: plain, body: Array("not found\n".utf8))
        }
    }
}

var configuration = ServerConfiguration()
configuration.port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
if let loops = getenv("HTTP_ECHO_LOOPS").flatMap({ Int(String(cString: $0)) }) {
    configuration.eventLoopCount = loops
}
let server = HTTPServer(configuration: configuration, responder: EchoResponder())
do {
    try server.installSignalHandlers()
    let port = try server.start()
    var line = Array("\(port)\n".utf8)
    _ = line.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    server.wait()
    exit(0)
} catch {
    configuration.logError("http-echo: \(error)")
    exit(1)
}

#!/usr/bin/env python3
"""Hostile input against the real layoutd binary over a socket: request smuggling and malformed shapes, path
traversal, session ids, and the API token.

Usage: hostile.py [PATH_TO_LAYOUTD]   (builds the release binary when no path is given)

1. Replays 70-odd raw requests (every shape HTTP issue 3 lists, the 88-case conformance table's refusals adapted to
   layoutd's routes, and classic smuggling payloads). Each refused request carries a second, complete request behind
   it, `DELETE /sessions/{victim}`: the server must answer exactly the expected statuses, close, and never run the
   smuggled request (the victim session must survive every case).
2. `GET /..%2f..%2fetc/passwd` and friends: 404, never a file.
3. Sessions: ids are 128-bit random; no route lists them; a near-miss id reads and changes nothing.
4. With `--api-token`, every route but the health routes (and the static demo page, public by design) answers 401
   without the token, whatever the method, and unknown paths do not tell themselves apart from real ones.
Prints one line per check and closes with 'reliability hostile: N held, N failed'.
"""
import json
import socket
import time

from common import Client, Tally, call, release_binary, request, start

VALID_BODY = '{"viewport":{"width":10,"height":10},"sections":[{"count":1}]}'
GET = "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
POST = "POST /layout/flow HTTP/1.1\r\nHost: a\r\n"
CHUNKED = POST + "Transfer-Encoding: chunked\r\n\r\n"


def chunk(text):
    return f"{len(text):X}\r\n{text}\r\n"


VALID_CHUNKED = chunk(VALID_BODY) + "0\r\n\r\n"


def cases():
    """(name, raw request, expected statuses, closes). Refusals close; a smuggled DELETE is appended to them."""
    body = VALID_BODY
    n = len(body)
    return [
        # framing the server must accept, each followed by nothing: the body is never read as a request
        ("Content-Length body", POST + f"Content-Length: {n}\r\n\r\n{body}", [200], False),
        ("chunked body", CHUNKED + VALID_CHUNKED, [200], False),
        ("chunked with extension", CHUNKED + f"{n:X};a=b\r\n{body}\r\n0\r\n\r\n", [200], False),
        ("chunked with trailer", CHUNKED + chunk(body) + "0\r\nX-T: 1\r\n\r\n", [200], False),
        ("trailer naming Content-Length is ignored", CHUNKED + chunk(body) + "0\r\nContent-Length: 99\r\n\r\n",
         [200], False),
        ("two equal Content-Length", POST + f"Content-Length: {n}\r\nContent-Length: {n}\r\n\r\n{body}", [200], False),
        ("GET whose body is a request", "GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: {len}\r\n\r\n{smuggled}",
         [200], False),
        ("h2c upgrade ignored", "GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, HTTP2-Settings\r\n"
         "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n", [200], False),
        ("method a route does not take: 405", "PUT /kinds HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
         [405], False),
        ("QUERY on a route: 405", "QUERY /kinds HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", [405], False),
        # request smuggling (CL/TE desync) and bad Content-Length
        ("CL then TE", POST + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400], True),
        ("TE then CL", POST + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", [400], True),
        ("CL 0 with TE", POST + "Content-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400], True),
        ("CL with lower-case te", POST + "Content-Length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n",
         [400], True),
        ("two differing CL", POST + "Content-Length: 1\r\nContent-Length: 2\r\n\r\nok", [400], True),
        ("CL list of differing values", POST + "Content-Length: 5, 6\r\n\r\nhello", [400], True),
        ("negative CL", POST + "Content-Length: -1\r\n\r\n", [400], True),
        ("CL with plus sign", POST + "Content-Length: +5\r\n\r\nhello", [400], True),
        ("CL with letters", POST + "Content-Length: 5a\r\n\r\nhello", [400], True),
        ("CL in hex", POST + "Content-Length: 0x05\r\n\r\nhello", [400], True),
        ("CL in exponent form", POST + "Content-Length: 1e1\r\n\r\nhello", [400], True),
        ("empty CL", POST + "Content-Length: \r\n\r\n", [400], True),
        ("CL with inner space", POST + "Content-Length: 1 0\r\n\r\n", [400], True),
        ("TE gzip", POST + "Transfer-Encoding: gzip\r\n\r\n", [501], True),
        ("TE identity", POST + "Transfer-Encoding: identity\r\n\r\n", [501], True),
        ("TE gzip, chunked", POST + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", [501], True),
        ("TE chunked, gzip", POST + "Transfer-Encoding: chunked, gzip\r\n\r\n", [501], True),
        ("TE chunked twice", POST + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
         [501], True),
        ("TE chunked then identity", POST + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n",
         [501], True),
        ("TE xchunked", POST + "Transfer-Encoding: xchunked\r\n\r\n", [501], True),
        ("TE on HTTP/1.0", "POST /layout/flow HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400], True),
        ("TE with space before colon", POST + "Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n", [400], True),
        ("TE folded", POST + "Transfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n", [400], True),
        ("TE with vertical tab", POST + "Transfer-Encoding: \x0bchunked\r\n\r\n0\r\n\r\n", [400], True),
        ("chunk size with sign", CHUNKED + "-5\r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk size 0x", CHUNKED + "0x5\r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk size with leading space", CHUNKED + " 5\r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk size with trailing space", CHUNKED + "5 \r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk size overflowing", CHUNKED + "10000000000000000000\r\n", [400], True),
        ("chunk data without CRLF", CHUNKED + "5\r\nhelloXX0\r\n\r\n", [400], True),
        ("chunk data longer than its size", CHUNKED + "2\r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk line with bare LF", CHUNKED + "5\nhello\r\n0\r\n\r\n", [400], True),
        ("empty chunk size", CHUNKED + "\r\nhello\r\n0\r\n\r\n", [400], True),
        ("chunk extension over 1 KiB", CHUNKED + "5;" + "a" * 2000 + "\r\nhello\r\n0\r\n\r\n", [400], True),
        ("trailers over 8 KiB", CHUNKED + "0\r\nX-T: " + "t" * 9000 + "\r\n\r\n", [400], True),
        # header syntax
        ("space before colon", "GET /healthz HTTP/1.1\r\nHost : a\r\n\r\n", [400], True),
        ("obs-fold", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", [400], True),
        ("name not a token", "GET /healthz HTTP/1.1\r\nHost: a\r\nX(A): b\r\n\r\n", [400], True),
        ("non-ASCII name", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-\u00e9: b\r\n\r\n", [400], True),
        ("NUL in value", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\x00c\r\n\r\n", [400], True),
        ("CR in value", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", [400], True),
        ("bare LF after field", "GET /healthz HTTP/1.1\r\nHost: a\nX-A: b\r\n\r\n", [400], True),
        ("bare CR line ends", "GET /healthz HTTP/1.1\rHost: a\r\r", [400], True),
        ("field without colon", "GET /healthz HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", [400], True),
        ("empty field name", "GET /healthz HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", [400], True),
        ("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\n\r\n", [400], True),
        ("two Host fields", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", [400], True),
        ("unsupported expectation", "GET /healthz HTTP/1.1\r\nHost: a\r\nExpect: tea\r\n\r\n", [417], True),
        # request line
        ("HTTP/2.0", "GET /healthz HTTP/2.0\r\nHost: a\r\n\r\n", [505], True),
        ("HTTP/1.2", "GET /healthz HTTP/1.2\r\nHost: a\r\n\r\n", [505], True),
        ("HTTP/2 connection preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", [505], True),
        ("HTTP/0.9 style", "GET /healthz\r\n\r\n", [400], True),
        ("lower-case protocol", "GET /healthz http/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("version without minor", "GET /healthz HTTP/1\r\nHost: a\r\n\r\n", [400], True),
        ("double space", "GET  /healthz HTTP/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("tab separator", "GET\t/healthz HTTP/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("trailing space", "GET /healthz HTTP/1.1 \r\nHost: a\r\n\r\n", [400], True),
        ("space in target", "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("control byte in target", "GET /a\x7fb HTTP/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("NUL in target", "GET /healthz\x00 HTTP/1.1\r\nHost: a\r\n\r\n", [400], True),
        ("request line ends in bare LF", "GET /healthz HTTP/1.1\nHost: a\r\n\r\n", [400], True),
        ("method only", "GET\r\n\r\n", [400], True),
        ("unknown method", "BREW /healthz HTTP/1.1\r\nHost: a\r\n\r\n", [501], True),
        ("lower-case method", "get /healthz HTTP/1.1\r\nHost: a\r\n\r\n", [501], True),
        ("TLS ClientHello", "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + "\x00" * 40 + "\r\n\r\n", [400], True),
        # limits
        ("request line over 8 KiB", "GET /" + "a" * 9000 + " HTTP/1.1\r\nHost: a\r\n\r\n", [414], True),
        ("header section over 32 KiB", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: " + "b" * 33000 + "\r\n\r\n",
         [431], True),
        ("101 fields", "GET /healthz HTTP/1.1\r\nHost: a\r\n" + "".join(f"X-{i}: v\r\n" for i in range(100)) + "\r\n",
         [431], True),
        ("Content-Length over 64 MiB", POST + "Content-Length: 67108865\r\n\r\n", [413], True),
        ("huge Content-Length", POST + "Content-Length: 999999999999999999999999\r\n\r\n", [413], True),
        ("chunk over 64 MiB", CHUNKED + "4000001\r\n", [413], True),
        ("100-continue with a body over the limit", POST + "Content-Length: 67108865\r\nExpect: 100-continue\r\n\r\n",
         [413], True),
        # pipelines with a bad request in them
        ("GET then garbage", GET + "BREW /healthz HTTP/1.1\r\nHost: a\r\n\r\n", [200, 501], True),
        ("GET then smuggling shape", GET + POST + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
         [200, 400], True),
        ("unknown header spelled like TE", POST + "Transfer_Encoding: chunked\r\n\r\n" + VALID_CHUNKED,
         [400, 400], True),
    ]


def replay(port, victim, tally):
    smuggled = f"DELETE /sessions/{victim} HTTP/1.1\r\nHost: a\r\n\r\n"
    table = cases()
    refusals = sum(1 for case in table if case[3])
    tally.check(refusals >= 60, "at least 60 refused shapes in the replay", f"{refusals} refused, {len(table)} in all")
    wrong = []
    for name, raw, statuses, closes in table:
        raw = raw.replace("{len}", str(len(smuggled))).replace("{smuggled}", smuggled)
        payload = raw.encode("latin-1") + (smuggled.encode() if closes else b"")
        client = Client(port, timeout=5)
        got = []
        try:
            client.send(payload)
            for _ in statuses:
                got.append(client.read_response().status)
            if closes:
                fate = client.closed_by_server(timeout=5)
            else:
                # Nothing more may arrive (a smuggled request would answer); then the connection still serves.
                quiet = not client.closed_by_server(timeout=0.3)
                client.send(request("GET", "/healthz"))
                fate = quiet and client.read_response().status == 200
        except (EOFError, ConnectionResetError, socket.timeout) as error:
            got.append(type(error).__name__)
            fate = False
        finally:
            client.close()
        if got != statuses or not fate:
            wrong.append(f"{name}: got {got}, fate ok={fate}")
    tally.check(not wrong, "every shape gets its status and connection fate, and nothing more",
                "; ".join(wrong) or f"{len(table)} cases")
    tally.check(call(port, "GET", f"/sessions/{victim}").status == 200,
                "no smuggled DELETE ever ran: the victim session is still there")


TRAVERSALS = [
    "/..%2f..%2fetc/passwd", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/..%252f..%252fetc/passwd", "/..%c0%af..%c0%afetc/passwd", "/....//....//etc/passwd", "//etc/passwd",
    "/app.js/../../etc/passwd", "/layout/..%2f..%2fetc%2fpasswd", "/layout/../../etc/passwd",
    "/sessions/..%2f..%2fetc%2fpasswd", "/sessions/../../etc/passwd/query", "/web/app.js", "/../web/app.js",
    "/Sources/layoutd/main.swift", "/openapi.yaml/../../etc/passwd", "/index.html", "/.git/config",
    "/proc/self/environ", "/%2e%2e/%2e%2e/proc/self/environ", "/app.js%00.txt", "/.%2e/.%2e/etc/passwd",
    "\\..\\..\\etc\\passwd",
]


def traversal(port, tally):
    bad = []
    for path in TRAVERSALS:
        target = path if path.startswith("/") else "/" + path.replace("\\", "%5c")
        response = call(port, "GET", target)
        leaked = b"root:" in response.body or b"PATH=" in response.body or b"[core]" in response.body
        # 404, or 405 where the path has the shape of a POST route (`/layout/{kind}`): a problem either way
        if response.status not in (404, 405) or leaked or response.headers.get("content-type") != "application/problem+json":
            bad.append(f"{path}: {response.status}")
    query = call(port, "GET", "/?file=../../etc/passwd")
    page = call(port, "GET", "/")
    tally.check(not bad and query.body == page.body,
                f"{len(TRAVERSALS)} traversal paths are 404 (or 405) problems and a query string reaches only the page",
                "; ".join(bad) or "no file served")


def sessions(port, tally):
    created = [call(port, "POST", "/sessions", json.dumps({"kind": "flow", "viewport": {"width": 300, "height": 300},
                                                            "sections": [{"count": 10}]})) for _ in range(50)]
    ids = [response.json()["id"] for response in created]
    well_formed = all(len(i) == 32 and all(c in "0123456789abcdef" for c in i) for i in ids)
    tally.check(len(set(ids)) == 50 and well_formed, "50 session ids are distinct 128-bit hex", ids[0])
    first, target = ids[0], ids[1]
    listing = call(port, "GET", "/sessions")
    metrics = call(port, "GET", "/metrics")
    tally.check(listing.status == 405 and not any(i.encode() in metrics.body for i in ids),
                "no route lists sessions, and /metrics names none", f"GET /sessions {listing.status}")
    near = [first[:-1] + ("0" if first[-1] != "0" else "1"), first[:-1], first + "0", first.upper(), first + "%00",
            "0" * 32, "../" + first, first + "/", "%2e%2e%2f" + first]
    bodies = {
        "query": '{"rect":{"x":0,"y":0,"width":10,"height":10}}',
        "updates": '{"deleteItems":[[0,0]]}',
        "invalidate": '{"everything":true}',
        "snap": '{"proposedContentOffset":{"x":0,"y":0}}',
        "transition": '{"to":{"kind":"waterfall"},"progress":0.5,"commit":true}',
    }
    answers = []
    for wrong in near:
        answers.append(call(port, "GET", f"/sessions/{wrong}").status)
        answers.append(call(port, "DELETE", f"/sessions/{wrong}").status)
        for route, body in bodies.items():
            answers.append(call(port, "POST", f"/sessions/{wrong}/{route}", body).status)
    summary = call(port, "GET", f"/sessions/{first}").json()
    tally.check(all(status == 404 for status in answers) and summary["version"] == 1 and summary["sections"] == [10],
                f"{len(answers)} reads and writes with near-miss ids are 404 and change nothing",
                f"statuses {sorted(set(answers))}")
    # one client's id reaches only its own session
    call(port, "POST", f"/sessions/{target}/updates", '{"deleteItems":[[0,0]]}')
    tally.check(call(port, "GET", f"/sessions/{first}").json()["sections"] == [10]
                and call(port, "GET", f"/sessions/{target}").json()["sections"] == [9],
                "a mutation reaches the session it names and no other")


def token(binary, tally):
    guarded = start(binary, "--api-token", "s3cret-token")
    try:
        port = guarded.port
        sid = call(port, "POST", "/sessions", '{"kind":"flow","viewport":{"width":9,"height":9},"sections":[{"count":2}]}',
                   {"Authorization": "Bearer s3cret-token"}).json()["id"]
        paths = ["/kinds", "/metrics", "/openapi.yaml", "/layout/flow", "/layout/nothing", "/sessions",
                 f"/sessions/{sid}", f"/sessions/{sid}/query", f"/sessions/{sid}/items/0/0",
                 f"/sessions/{sid}/supplementary/header/0/0", f"/sessions/{sid}/updates", f"/sessions/{sid}/move/end",
                 "/nowhere", "/layout/flow/extra", "/kinds?token=s3cret-token"]
        answered = []
        for path in paths:
            for method in ("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"):
                for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic s3cret-token"}):
                    status = call(port, method, path, VALID_BODY if method in ("POST", "PUT") else b"", headers).status
                    if status != 401:
                        answered.append(f"{method} {path} {headers}: {status}")
        tally.check(not answered, f"{len(paths) * 18} requests without the token to non-health routes are all 401",
                    "; ".join(answered) or "none answered")
        health = [call(port, "GET", path).status for path in ("/healthz", "/readyz")]
        page = [call(port, "GET", path).status for path in ("/", "/app.js")]
        tally.check(health == [200, 200], "the health routes answer without the token")
        tally.check(page == [200, 200], "the static demo page stays public (its API calls carry the token)")
        authorized = call(port, "GET", f"/sessions/{sid}", headers={"Authorization": "Bearer s3cret-token"})
        tally.check(authorized.status == 200, "with the token the session answers")
    finally:
        guarded.stop()


def main():
    binary = release_binary()
    tally = Tally("hostile")
    started = time.monotonic()
    server = start(binary)
    try:
        victim = call(server.port, "POST", "/sessions",
                      '{"kind":"flow","viewport":{"width":100,"height":100},"sections":[{"count":3}]}').json()["id"]
        print("smuggling and malformed requests, each with a smuggled DELETE behind it:")
        replay(server.port, victim, tally)
        print("path traversal:")
        traversal(server.port, tally)
        print("session ids:")
        sessions(server.port, tally)
        tally.check(server.process.poll() is None, "the server is still running")
    finally:
        code = server.stop()
    tally.check(code == 0, "it drains and exits 0 on SIGTERM")
    print("the API token:")
    token(binary, tally)
    print(f"took {time.monotonic() - started:.1f} s")
    tally.finish()


if __name__ == "__main__":
    main()

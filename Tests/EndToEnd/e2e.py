#!/usr/bin/env python3
"""End-to-end checks of a real layoutd over loopback, with real clients: curl and raw sockets.

Usage: e2e.py PATH_TO_LAYOUTD

Starts layoutd on a free port, runs every check, stops it with SIGTERM and checks that it drains and exits 0.
Prints one line per check and closes with 'e2e: N passed, N failed'.
"""
import glob
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

from harness import Server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKS = []


def check(function):
    CHECKS.append(function)
    return function


def raw(port, data, read_until_close=True, timeout=5):
    """Sends raw bytes and returns everything read until the server closes (or the timeout)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
                if not read_until_close:
                    break
        except socket.timeout:
            pass
        return b"".join(chunks)


def curl(port, *arguments):
    """Runs curl and returns (status, headers dict with lower-case names, body bytes)."""
    result = subprocess.run(
        ["curl", "-sS", "-i", "--max-time", "20", *arguments], capture_output=True, check=True
    )
    head, _, body = result.stdout.partition(b"\r\n\r\n")
    while head.startswith(b"HTTP/1.1 100"):
        head, _, body = body.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def url(port, path):
    return f"http://127.0.0.1:{port}{path}"


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


@check
def health_ready_metrics_and_openapi_answer(server):
    status, headers, body = curl(server.port, url(server.port, "/healthz"))
    expect(status == 200 and json.loads(body)["status"] == "ok", f"healthz: {status} {body!r}")
    status, _, _ = curl(server.port, url(server.port, "/readyz"))
    expect(status == 200, f"readyz: {status}")
    status, headers, body = curl(server.port, url(server.port, "/metrics"))
    expect(status == 200 and headers["content-type"].startswith("text/plain"), "metrics content type")
    expect(b"layoutd_open_connections 1" in body, "metrics counts this connection")
    status, headers, body = curl(server.port, url(server.port, "/openapi.yaml"))
    with open(os.path.join(ROOT, "openapi.yaml"), "rb") as spec:
        expect(status == 200 and body == spec.read(), "openapi.yaml is served verbatim")


@check
def metrics_parse_as_prometheus_text_with_every_family(server):
    """prometheus_client's own parser reads the page; each family the issue lists is there with its type."""
    from prometheus_client.parser import text_string_to_metric_families

    curl(server.port, "-d", '{"viewport":{"width":100,"height":100},"sections":[{"count":3}]}',
         url(server.port, "/layout/flow"))
    curl(server.port, "-d", "[1,2", url(server.port, "/layout/flow"))
    _, _, body = curl(server.port, url(server.port, "/metrics"))
    families = {family.name: family for family in text_string_to_metric_families(body.decode())}
    expected = {
        "layoutd_build_info": "gauge", "layoutd_elements_laid_out": "counter", "layoutd_http_requests": "counter",
        "layoutd_http_request_duration_seconds": "histogram", "layoutd_http_request_size_bytes": "histogram",
        "layoutd_http_response_size_bytes": "histogram", "layoutd_requests_in_flight": "gauge",
        "layoutd_open_connections": "gauge", "layoutd_sessions": "gauge", "layoutd_session_bytes": "gauge",
        "layoutd_session_items": "gauge", "layoutd_sessions_evicted": "counter", "layoutd_worker_queue_length": "gauge",
        "process_resident_memory_bytes": "gauge", "process_cpu_seconds": "counter", "process_open_fds": "gauge",
        "process_max_fds": "gauge", "process_start_time_seconds": "gauge",
        "layoutd_answer_cache_bytes": "gauge", "layoutd_answer_cache_entries": "gauge",
        "layoutd_answer_cache_limit_bytes": "gauge", "layoutd_answer_cache_hits": "counter",
        "layoutd_answer_cache_misses": "counter", "layoutd_answer_cache_evictions": "counter",
        "layoutd_cell_text_memo_bytes": "gauge", "layoutd_cell_text_memo_per_thread_bytes": "gauge",
        "layoutd_cell_text_memo_hits": "counter", "layoutd_cell_text_memo_misses": "counter",
    }
    found = {name: families[name].type for name in expected if name in families}
    expect(found == expected, f"families: {sorted(set(expected.items()) ^ set(found.items()))}")

    def value(family, sample_name, **labels):
        for sample in families[family].samples:
            if sample.name == sample_name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return sample.value
        return None

    duration = "layoutd_http_request_duration_seconds"
    expect(value(duration, duration + "_count", route="/layout/{kind}", status_class="2xx") >= 1, "a 2xx layout")
    expect(value(duration, duration + "_count", route="/layout/{kind}", status_class="4xx") >= 1, "a 4xx layout")
    expect(value("layoutd_requests_in_flight", "layoutd_requests_in_flight") == 1, "only the scrape is in flight")
    process = int(open(f"/proc/{server.process.pid}/stat").read().rsplit(")", 1)[1].split()[21])
    resident = value("process_resident_memory_bytes", "process_resident_memory_bytes")
    pages = os.sysconf("SC_PAGESIZE")
    expect(abs(resident - process * pages) < 64 * 1024 * 1024, f"resident {resident} against /proc's {process} pages")
    started = value("process_start_time_seconds", "process_start_time_seconds")
    expect(time.time() - 3600 < started <= time.time(), f"start time {started}")
    expect(value("process_open_fds", "process_open_fds") >= 4, "open descriptors: stdio and the listener at least")


def documentation_pages():
    """README.md and every page under docs/: the pages whose curl examples the tests run."""
    docs = os.path.join(ROOT, "docs")
    pages = [os.path.join(ROOT, "README.md")]
    pages += sorted(os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))
    return pages


@check
def every_documented_curl_example_answers_as_shown(server):
    pairs = []
    for page in documentation_pages():
        with open(page) as file:
            found = re.findall(r"```sh\n(curl [^`]*?)```\n+```json\n(.*?)```", file.read(), re.S)
        pairs += [(os.path.relpath(page, ROOT), command, answer) for command, answer in found]
    expect(len(pairs) >= 5, f"expected at least 5 curl examples with answers, found {len(pairs)}")
    for page, command, answer in pairs:
        command = command.replace("\\\n", " ").strip().replace("localhost:8080", f"127.0.0.1:{server.port}")
        arguments = shlex.split(command)
        result = subprocess.run(arguments, capture_output=True, check=True)
        got = json.loads(result.stdout)
        expect(got == json.loads(answer), f"{page} example differs:\n{command}\ngot {result.stdout[:400]!r}")


@check
def the_readme_session_walkthrough_prints_what_it_shows(server):
    with open(os.path.join(ROOT, "README.md")) as readme:
        text = readme.read()
    match = re.search(r"```sh session\n(.*?)```\n+```text\n(.*?)```", text, re.S)
    expect(match is not None, "README has a session walkthrough followed by its output")
    script = match.group(1).replace("localhost:8080", f"127.0.0.1:{server.port}")
    result = subprocess.run(["bash", "-eo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    expect(result.returncode == 0, f"walkthrough failed: {result.stderr}")
    expect(result.stdout == match.group(2), f"walkthrough printed:\n{result.stdout}\nREADME shows:\n{match.group(2)}")


@check
def every_docs_session_walkthrough_prints_what_it_shows(server):
    """The `sh session` blocks of docs/*.md (each a fresh script, `jq` needed), like the README's walkthrough."""
    for page in documentation_pages()[1:]:
        with open(page) as file:
            found = re.findall(r"```sh session\n(.*?)```\n+```text\n(.*?)```", file.read(), re.S)
        for script, shown in found:
            script = script.replace("localhost:8080", f"127.0.0.1:{server.port}")
            command = ["bash", "-eo", "pipefail", "-c", script]
            result = subprocess.run(command, capture_output=True, text=True, timeout=60)
            name = os.path.relpath(page, ROOT)
            expect(result.returncode == 0, f"{name} walkthrough failed: {result.stderr}")
            expect(result.stdout == shown, f"{name} walkthrough printed:\n{result.stdout}\nthe page shows:\n{shown}")


@check
def request_ids_cors_and_the_item_limit_hold_over_the_wire(server):
    status, headers, _ = curl(server.port, "-H", "X-Request-Id: trace-42", url(server.port, "/healthz"))
    expect(headers.get("x-request-id") == "trace-42", f"request id echoed: {headers}")
    status, headers, _ = curl(server.port, url(server.port, "/healthz"))
    expect(re.fullmatch(r"[0-9a-f]{16}", headers.get("x-request-id", "")) is not None, "request id generated")
    cors = Server(BINARY, "--cors-origins", "https://app.example", "--max-items", "100", "--log-requests", "false")
    try:
        status, headers, _ = curl(
            cors.port, "-X", "OPTIONS", "-H", "Origin: https://app.example",
            "-H", "Access-Control-Request-Method: POST", url(cors.port, "/sessions"),
        )
        expect(status == 204 and headers.get("access-control-allow-origin") == "https://app.example", f"preflight {headers}")
        expect("POST" in headers.get("access-control-allow-methods", ""), "preflight lists POST")
        body = '{"viewport":{"width":10,"height":10},"sections":[{"count":101}]}'
        status, headers, answer = curl(cors.port, "-H", "Origin: https://app.example", url(cors.port, "/layout/flow"), "-d", body)
        expect(status == 413 and json.loads(answer)["type"] == "/problems/too-many-items", f"item limit: {status}")
        expect(headers.get("access-control-allow-origin") == "https://app.example", "errors carry CORS headers too")
    finally:
        expect(cors.stop() == 0, "server exits 0")


@check
def errors_are_problem_json_with_pointers(server):
    body = '{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":1},{"width":-5,"height":2}]}]}'
    status, headers, answer = curl(server.port, url(server.port, "/layout/flow"), "-d", body)
    problem = json.loads(answer)
    expect(status == 422 and headers["content-type"] == "application/problem+json", f"422 expected, got {status}")
    expect(problem["pointer"] == "/sections/0/items/1/width", f"pointer {problem}")
    status, headers, answer = curl(server.port, url(server.port, "/layout/flow"), "-d", '{"viewport":')
    expect(status == 400 and json.loads(answer)["offset"] == 12, f"malformed JSON: {status} {answer!r}")
    status, headers, answer = curl(server.port, url(server.port, "/layout/octagon"), "-d", "{}")
    expect(status == 404 and "flow" in json.loads(answer)["kinds"], f"unknown kind: {status}")
    status, headers, answer = curl(server.port, "-X", "PUT", url(server.port, "/kinds"))
    expect(status == 405 and headers["allow"] == "GET, HEAD, OPTIONS", f"405: {status} {headers}")


@check
def a_repeated_layout_is_answered_from_the_cache_with_the_computed_bytes(server):
    """The same body three times (kept on its second miss, answered from the cache the third): the same bytes as a
    server without the cache, each with its own request id, and /metrics counts the hit; an error is never kept."""
    def metric(port, name):
        _, _, page = curl(port, url(port, "/metrics"))
        return float(re.search(rb"\n" + name.encode() + rb" (\S+)\n", page).group(1))

    body = '{"viewport":{"width":377,"height":640},"sections":[{"count":24}]}'
    uncached = Server(BINARY, "--answer-cache-bytes", "0", "--log-requests", "false")
    try:
        _, _, computed = curl(uncached.port, url(uncached.port, "/layout/flow"), "-d", body)
        expect(metric(uncached.port, "layoutd_answer_cache_limit_bytes") == 0, "--answer-cache-bytes 0 is the limit")
    finally:
        expect(uncached.stop() == 0, "server exits 0")
    hits = metric(server.port, "layoutd_answer_cache_hits_total")
    answers = []
    for index in range(3):
        status, headers, answer = curl(
            server.port, "-H", f"X-Request-Id: cache-{index}", url(server.port, "/layout/flow"), "-d", body
        )
        expect(status == 200 and headers.get("x-request-id") == f"cache-{index}", f"answer {index}: {status} {headers}")
        expect(headers.get("content-type") == "application/json", f"content type {headers}")
        answers.append(answer)
    expect(all(answer == computed for answer in answers), "every answer is the computed one, byte for byte")
    expect(metric(server.port, "layoutd_answer_cache_hits_total") - hits == 1, "kept on the second, the third hits")
    entries = metric(server.port, "layoutd_answer_cache_entries")
    for _ in range(3):
        status, _, _ = curl(server.port, url(server.port, "/layout/flow"), "-d", body.replace("377", "-377"))
        expect(status == 422, f"a negative width is 422 every time: {status}")
    expect(metric(server.port, "layoutd_answer_cache_entries") == entries, "an error is not kept")


@check
def a_scrolled_session_query_copies_memoized_cells_with_the_written_bytes(server):
    """A session queried at a viewport, 7 points further, then back (most cells the same), on one connection: the
    same bytes as a server without the memo of cells' text (--cell-text-memo-slots 0), and /metrics counts the
    copies and shows the memo's size."""
    import http.client

    def metric(port, name):
        _, _, page = curl(port, url(port, "/metrics"))
        return float(re.search(rb"\n" + name.encode() + rb" (\S+)\n", page).group(1))

    body = '{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":400}]}'
    queries = ['{"rect":{"x":0,"y":%d,"width":375,"height":667}}' % y for y in (1000, 1007, 1000)]

    def answers(some):
        # One keep-alive connection: its light requests are answered on one loop thread, which holds one memo.
        session = create_session(some, body)
        connection = http.client.HTTPConnection("127.0.0.1", some.port, timeout=20)
        try:
            answered = []
            for query in queries:
                connection.request("POST", session + "/query", body=query)
                response = connection.getresponse()
                answered.append((response.status, response.read()))
            return answered
        finally:
            connection.close()

    plain = Server(BINARY, "--cell-text-memo-slots", "0", "--log-requests", "false")
    try:
        written = answers(plain)
        expect(metric(plain.port, "layoutd_cell_text_memo_per_thread_bytes") == 0, "0 slots: no memo")
        expect(metric(plain.port, "layoutd_cell_text_memo_bytes") == 0, "0 slots: no bytes held")
        expect(metric(plain.port, "layoutd_cell_text_memo_hits_total") == 0, "0 slots: nothing copied")
    finally:
        expect(plain.stop() == 0, "server exits 0")
    hits = metric(server.port, "layoutd_cell_text_memo_hits_total")
    memoized = answers(server)
    for index, ((status, answer), (_, expected)) in enumerate(zip(memoized, written)):
        expect(status == 200 and answer == expected, f"query {index}: {status}, not the bytes written without memo")
    expect(metric(server.port, "layoutd_cell_text_memo_hits_total") > hits, "the scrolled queries copy cells")
    per_thread = metric(server.port, "layoutd_cell_text_memo_per_thread_bytes")
    expect(per_thread == 256 * 312, f"256 slots of 312 bytes a thread by default: {per_thread}")
    held = metric(server.port, "layoutd_cell_text_memo_bytes")
    expect(held > 0 and held % per_thread == 0, f"whole memos held: {held}")


# A compositional group of one full-size item, `width` a fraction of the section and `height` points.
def compositional_group(width, height):
    item = '{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}'
    return ('{"layout":"horizontal","size":{"width":{"fractionalWidth":%s},"height":{"absolute":%s}},'
            '"subitems":[%s]}' % (width, height, item))


def create_session(server, body):
    """Creates a session and returns its path, checking the 201."""
    status, headers, answer = curl(server.port, url(server.port, "/sessions"), "-d", body)
    expect(status == 201, f"create: {status} {answer!r}")
    return headers["location"]


@check
def a_compositional_session_scrolls_and_snaps_its_orthogonal_section(server):
    group = compositional_group(0.5, 100)
    body = ('{"kind":"compositional","viewport":{"width":400,"height":600},"sections":[{"count":10}],'
            f'"config":{{"section":{{"orthogonalScrollingBehavior":"groupPaging","group":{group}}}}}}}')
    session = create_session(server, body)
    query = '{"rect":{"x":0,"y":0,"width":400,"height":600},"orthogonalOffsets":[450]}'
    status, _, answer = curl(server.port, url(server.port, session + "/query"), "-d", query)
    cells = [element["indexPath"][1] for element in json.loads(answer)["attributes"]]
    # Groups of 200 scrolled by 450: cells 2 (from −50), 3 and 4 show.
    expect(status == 200 and cells == [2, 3, 4], f"query: {status} {cells}")
    snap = '{"section":0,"proposedContentOffset":{"x":450,"y":0},"velocity":{"x":500,"y":0}}'
    status, _, answer = curl(server.port, url(server.port, session + "/snap"), "-d", snap)
    expect(status == 200 and json.loads(answer)["contentOffset"] == {"x": 600, "y": 0}, f"snap: {status} {answer!r}")


@check
def a_compositional_session_measures_a_header_and_pages_one_group_per_gesture(server):
    header = '{"kind":"header","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}'
    group = compositional_group(1, 50)
    body = ('{"kind":"compositional","viewport":{"width":400,"height":600},"sections":[{"count":2},{"count":2}],'
            f'"config":{{"section":{{"boundarySupplementaryItems":[{header}],"group":{group}}}}}}}')
    session = create_session(server, body)
    measured = ('{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":400,"height":70}}],'
                '"rect":{"x":0,"y":0,"width":400,"height":600}}')
    status, _, answer = curl(server.port, url(server.port, session + "/invalidate"), "-d", measured)
    result = json.loads(answer)
    expect(status == 200 and result["contentSizeAdjustment"] == {"width": 0, "height": 26}, f"invalidate: {status} {answer!r}")
    headers_after = [e["frame"] for e in result["after"] if e.get("kind") == "header"]
    # Section 0: its header 70 high, two rows of 50; section 1's header follows at 170.
    expect(headers_after == [{"x": 0, "y": 0, "width": 400, "height": 70}, {"x": 0, "y": 170, "width": 400, "height": 44}],
           f"headers after: {headers_after}")
    bad = '{"supplementaries":[{"kind":"footer","indexPath":[0,0],"size":{"width":400,"height":70}}]}'
    status, _, answer = curl(server.port, url(server.port, session + "/invalidate"), "-d", bad)
    expect(status == 422 and json.loads(answer)["pointer"] == "/supplementaries/0/kind", f"bad kind: {status} {answer!r}")

    group = compositional_group(0.5, 100)
    body = ('{"kind":"compositional","viewport":{"width":400,"height":600},"sections":[{"count":10}],'
            f'"config":{{"section":{{"orthogonalScrollingBehavior":"groupPaging","group":{group}}}}}}}')
    session = create_session(server, body)
    flick = '"section":0,"proposedContentOffset":{"x":1100,"y":0},"velocity":{"x":2000,"y":0}'
    # Groups of 200: the flick coasts to 1200 on its own, but from the first group it moves one, to 200.
    for extra, expected in (("", 1200), (',"startOffset":0', 200)):
        status, _, answer = curl(server.port, url(server.port, session + "/snap"), "-d", "{" + flick + extra + "}")
        expect(status == 200 and json.loads(answer)["contentOffset"] == {"x": expected, "y": 0},
               f"snap{extra}: {status} {answer!r}")


@check
def a_horizontal_compositional_layouts_orthogonal_section_scrolls_down_beside_a_top_item(server):
    group = compositional_group(0.5, 100)
    top = '{"alignment":"top","size":{"width":{"absolute":200},"height":{"absolute":20}}}'
    section = f'{{"orthogonalScrollingBehavior":"groupPaging","boundarySupplementaryItems":[{top}],"group":{group}}}'
    body = ('{"kind":"compositional","viewport":{"width":400,"height":300},"sections":[{"count":10}],'
            f'"config":{{"scrollDirection":"horizontal","section":{section}}}}}')
    session = create_session(server, body)
    query = '{"rect":{"x":0,"y":0,"width":400,"height":300},"orthogonalOffsets":[450]}'
    status, _, answer = curl(server.port, url(server.port, session + "/query"), "-d", query)
    cells = [e["indexPath"][1] for e in json.loads(answer)["attributes"] if e["category"] == "cell"]
    # Groups 100 high from y = 20 (below the top item) scrolled up by 450: cells 4 (from −30) to 7 show.
    expect(status == 200 and cells == [4, 5, 6, 7], f"query: {status} {cells}")
    snap = '{"section":0,"proposedContentOffset":{"x":0,"y":450},"velocity":{"x":0,"y":500}}'
    status, _, answer = curl(server.port, url(server.port, session + "/snap"), "-d", snap)
    expect(status == 200 and json.loads(answer)["contentOffset"] == {"x": 0, "y": 500}, f"snap: {status} {answer!r}")
    status, _, answer = curl(server.port, url(server.port, session + "/supplementary/topSupplementary/0/0"))
    frame = json.loads(answer).get("frame") if status == 200 else None
    expect(frame == {"x": 0, "y": 0, "width": 200, "height": 20}, f"top item: {status} {answer!r}")
    corner = body.replace('"alignment":"top"', '"alignment":"bottomTrailing"').replace('"kind":"compositional",', "")
    status, _, answer = curl(server.port, url(server.port, "/layout/compositional"), "-d", corner)
    pointer = json.loads(answer).get("pointer")
    expect(status == 422 and pointer == "/config/section/boundarySupplementaryItems/0/alignment", f"corner: {status} {answer!r}")


@check
def protocol_errors_are_problem_json_and_close(server):
    answer = raw(server.port, b"POST /layout/flow HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    expect(head.startswith(b"HTTP/1.1 400"), f"smuggling shape: {head[:40]!r}")
    expect(b"Connection: close" in head, "closes after a framing error")
    expect(b"application/problem+json" in head and json.loads(body)["status"] == 400, f"problem body: {answer!r}")


@check
def keep_alive_and_pipelining_answer_in_order(server):
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: r%d\r\n\r\n"
    pipeline = b"".join(request % index for index in range(20))
    pipeline += b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    answer = raw(server.port, pipeline)
    ids = re.findall(rb"X-Request-Id: (r\d+)", answer)
    expect(ids == [b"r%d" % index for index in range(20)], f"pipelined answers out of order: {ids}")
    expect(answer.count(b"HTTP/1.1 200") == 21, "21 answers")


@check
def a_big_layout_does_not_stall_small_ones(server):
    items = ",".join('{"width":%d,"height":%d}' % (10 + i % 90, 10 + i % 70) for i in range(400_000))
    big = ('{"viewport":{"width":1024,"height":768},"sections":[{"items":[%s]}]}' % items).encode()
    done = {}

    def post_big():
        started = time.monotonic()
        request = b"POST /layout/flow HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %d\r\n\r\n" % len(big)
        answer = raw(server.port, request + big, timeout=60)
        done["big"] = (time.monotonic() - started, answer[:12])

    thread = threading.Thread(target=post_big)
    thread.start()
    small_latencies = []
    small = b'{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}'
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        while thread.is_alive() and len(small_latencies) < 2000:
            started = time.monotonic()
            sock.sendall(b"POST /layout/flow HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(small) + small)
            received = b""
            while b"\r\n\r\n" not in received:
                received += sock.recv(65536)
            head, _, rest = received.partition(b"\r\n\r\n")
            length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
            while len(rest) < length:
                rest += sock.recv(65536)
            small_latencies.append(time.monotonic() - started)
    thread.join()
    expect(done["big"][1].startswith(b"HTTP/1.1 200"), f"big layout answered {done['big']}")
    small_latencies.sort()
    worst = small_latencies[-1] if small_latencies else None
    print(f"    big layout (400,000 items) took {done['big'][0]:.2f} s; {len(small_latencies)} small layouts "
          f"meanwhile, worst {worst * 1000:.1f} ms")
    expect(len(small_latencies) >= 10, "small layouts were served while the big one ran")
    expect(worst < done["big"][0] / 2, "no small layout waited for the big one")


@check
def a_token_guards_the_api_but_not_health(server, binary=None):
    guarded = Server(BINARY, "--api-token", "t0ken", "--log-requests", "false")
    try:
        status, headers, _ = curl(guarded.port, url(guarded.port, "/kinds"))
        expect(status == 401 and headers["www-authenticate"].startswith("Bearer"), f"no token: {status}")
        status, _, _ = curl(guarded.port, "-H", "Authorization: Bearer t0ken", url(guarded.port, "/kinds"))
        expect(status == 200, f"with token: {status}")
        status, _, _ = curl(guarded.port, url(guarded.port, "/healthz"))
        expect(status == 200, "health stays open")
    finally:
        expect(guarded.stop() == 0, "guarded server exits 0")


@check
def sigterm_during_a_request_finishes_it_and_exits_zero(server):
    other = Server(BINARY, "--log-requests", "false")
    # A million items: the 25 MB body arrives in well under 0.2 s here, and the answer takes about 0.65 s to start
    # (300,000 items, once enough, started at 0.22 s after the writer got faster: the signal came too late).
    items = ",".join('{"width":%d,"height":%d}' % (10 + i % 90, 10 + i % 70) for i in range(1_000_000))
    big = ('{"viewport":{"width":1024,"height":768},"sections":[{"items":[%s]}]}' % items).encode()
    sock = socket.create_connection(("127.0.0.1", other.port), timeout=30)
    sock.sendall(b"POST /layout/flow HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(big) + big)
    # The body is on the wire; give the server time to read it (it computes for longer), so the signal arrives
    # while the request is in flight rather than while it is still arriving.
    time.sleep(0.2)
    other.process.send_signal(signal.SIGTERM)
    answer = bytearray()
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        answer += chunk
    sock.close()
    code = other.process.wait(timeout=15)
    expect(answer.startswith(b"HTTP/1.1 200"), f"request in flight was answered: {answer[:60]!r}")
    # An answer whose streaming (issue 19.4) had begun when the signal came cannot change its head: it is sent
    # whole and the connection closes after it (the loop reading to EOF above is that close).
    head = answer.partition(b"\r\n\r\n")[0]
    expect(b"Connection: close" in head
           or (b"Transfer-Encoding: chunked" in head and answer.endswith(b"\r\n0\r\n\r\n")),
           "answered with Connection: close, or a streamed answer under way completed and then closed")
    expect(code == 0, f"exit code {code}")


@check
def card_kinds_snap_through_their_sessions(server):
    """cover, rotary and pagecover sessions over curl: each snaps its own way."""
    cases = [
        ('{"kind":"cover","viewport":{"width":300,"height":400},"sections":[{"count":10}],'
         '"config":{"itemSize":{"width":300,"height":190}}}', '{"proposedContentOffset":{"x":0,"y":290}}', {"x": 0, "y": 200}),
        ('{"kind":"rotary","viewport":{"width":300,"height":400},"sections":[{"count":10}]}',
         '{"proposedContentOffset":{"x":300,"y":0}}', {"x": 220, "y": 0}),
        ('{"kind":"pagecover","viewport":{"width":300,"height":400},"sections":[{"count":5}]}',
         '{"proposedContentOffset":{"x":310,"y":0},"velocity":{"x":900,"y":0}}', {"x": 600, "y": 0}),
    ]
    for create, snap, expected in cases:
        status, _, body = curl(server.port, "-d", create, url(server.port, "/sessions"))
        expect(status == 201, f"session created: {status} {body[:200]!r}")
        session = json.loads(body)["id"]
        status, _, body = curl(server.port, "-d", snap, url(server.port, f"/sessions/{session}/snap"))
        expect(status == 200 and json.loads(body)["contentOffset"] == expected, f"snap: {status} {body!r}")


@check
def the_command_line_is_conventional(server):
    """--version, --help against docs/configuration.md's table, a usage error's exit 64, and a boolean's --no- form."""
    result = subprocess.run([BINARY, "--version"], capture_output=True, text=True, timeout=10)
    match = re.fullmatch(r"layoutd (\d+\.\d+\.\d+) \(commit ([0-9a-f]{7,}|unknown)\)\n", result.stdout)
    expect(result.returncode == 0 and match, f"--version: {result.returncode} {result.stdout!r}")
    version, commit = match.groups()
    if os.path.exists(os.path.join(ROOT, ".git")) and shutil.which("git"):
        known = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", commit + "^{commit}"],
                               capture_output=True)
        expect(known.returncode == 0, f"the embedded commit {commit} is one of this repository's")
    _, _, body = curl(server.port, url(server.port, "/healthz"))
    expect(json.loads(body) == {"status": "ok", "version": version, "commit": commit}, f"healthz: {body!r}")
    _, _, body = curl(server.port, url(server.port, "/metrics"))
    gauge = 'layoutd_build_info{version="%s",commit="%s"} 1' % (version, commit)
    expect(gauge.encode() in body.split(b"\n"), "metrics: build info gauge")

    result = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=10)
    expect(result.returncode == 0 and "\nUSAGE: layoutd [<options>]\n" in result.stdout, f"--help: {result.returncode}")
    help_text = re.sub(r"\n {26}", " ", result.stdout)
    listed = dict((flag, (variable, default)) for flag, variable, default in re.findall(
        r"\n  (--[a-z-]+)[ /].*?\(env: (LAYOUTD_[A-Z_]+), default: ([^)]*)\)", help_text))
    expect(len(listed) >= 17 and "--log-requests" in listed, f"help lists the options: {sorted(listed)}")
    with open(os.path.join(ROOT, "docs", "configuration.md")) as page:
        section = page.read().split("\n## ", 1)[0]
    table = {}
    for row in re.findall(r"^\| `(--[a-z-]+)`[^|]*\| `(LAYOUTD_[A-Z_]+)` \| ([^|]+) \|", section, re.M):
        table[row[0]] = (row[1], row[2].strip().strip("`"))
    difference = sorted(set(table.items()) ^ set(listed.items()))
    expect(table == listed, f"docs/configuration.md table differs from --help: {difference}")

    result = subprocess.run([BINARY, "--port", "99999"], capture_output=True, text=True, timeout=10)
    expect(result.returncode == 64, f"--port 99999 exits {result.returncode}")
    expect(result.stderr.startswith("error: --port must be an integer from 0 to 65535, not 99999\nUSAGE: layoutd")
           and "--help" in result.stderr, f"--port 99999 says {result.stderr!r}")
    result = subprocess.run([BINARY, "--log-request"], capture_output=True, text=True, timeout=10)
    expect(result.returncode == 64 and "did you mean --log-requests?" in result.stderr, f"typo: {result.stderr!r}")

    # The flag wins over the variable either way: a request is logged, or not.
    for flag, variable, logged in (("--no-log-requests", "true", False), ("--log-requests", "false", True)):
        other = Server(BINARY, flag, env={"LAYOUTD_LOG_REQUESTS": variable})
        status, _, _ = curl(other.port, url(other.port, "/healthz?probe=cli"))
        expect(other.stop() == 0, f"{flag}: exit 0")
        other.reader.join(timeout=10)
        lines = [line for line in other.log if "/healthz" in line]
        expect(status == 200 and bool(lines) == logged, f"{flag} with LAYOUTD_LOG_REQUESTS={variable}: {lines}")


@check
def logs_are_one_line_each_in_every_format(server):
    """--log-format json and logfmt: each line parses, the request line has its fields; --log-level warn drops it."""
    def run(*arguments):
        other = Server(BINARY, *arguments)
        curl(other.port, "-H", "X-Request-Id: log-check", "-d", "[1,2", url(other.port, "/layout/flow?secret=1"))
        expect(other.stop() == 0, f"{arguments}: exit 0")
        other.reader.join(timeout=10)
        return other.log

    lines = [json.loads(line) for line in run("--log-format", "json")]
    requests = [line for line in lines if line["msg"] == "request"]
    expect(len(requests) == 1, f"json: one request line in {lines}")
    request = requests[0]
    expected = {"level": "info", "request_id": "log-check", "method": "POST", "path": "/layout/flow", "status": 400,
                "bytes_in": 4, "client": "127.0.0.1", "problem": "/problems/malformed-json"}
    expect({key: request.get(key) for key in expected} == expected, f"json request line: {request}")
    expect(request["bytes_out"] > 0 and request["duration_ms"] >= 0, f"json sizes and duration: {request}")
    expect(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", request["time"]), f"time: {request}")
    expect([line["msg"] for line in lines][-2:] == ["draining", "drained, exiting"], f"json lifecycle: {lines}")

    pairs = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)')
    lines = [dict((key, value.strip('"')) for key, value in pairs.findall(line))
             for line in run("--log-format", "logfmt")]
    requests = [line for line in lines if line.get("msg") == "request"]
    expect(len(requests) == 1 and requests[0]["status"] == "400" and requests[0]["path"] == "/layout/flow"
           and requests[0]["problem"] == "/problems/malformed-json", f"logfmt request line: {lines}")
    expect(all("time" in line and "level" in line for line in lines), f"logfmt: every line has time and level")

    lines = run("--log-level", "warn")
    expect(not any("/layout/flow" in line for line in lines), f"--log-level warn drops request lines: {lines}")


def main():
    global BINARY
    BINARY = sys.argv[1]
    server = Server(BINARY, "--log-requests", "false")
    passed = failed = 0
    try:
        for function in CHECKS:
            try:
                function(server)
                passed += 1
                print(f"  ok   {function.__name__}")
            except Exception as error:  # noqa: BLE001 - every failure is reported, then counted
                failed += 1
                print(f"  FAIL {function.__name__}: {error}")
    finally:
        code = server.stop()
        if code == 0:
            passed += 1
            print("  ok   sigterm_drains_and_exits_zero")
        else:
            failed += 1
            print(f"  FAIL sigterm_drains_and_exits_zero: exit code {code}")
    print(f"e2e: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

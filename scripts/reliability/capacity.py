"""Issue 19's capacity table, before and after: each probe of the issue run against one or two layoutd release
binaries, printing one row per probe and binary, and checking the bounds on the last binary given.

    python3 scripts/reliability/capacity.py [BEFORE_BINARY] AFTER_BINARY [--quick]

Probes (the issue's table; rows for items 1, 2 and 5 are other work, printed for completeness):
  sessions    60 flow sessions of 1,000,000 items by count: RSS, kept and evicted (--quick: 20)
  session-memory  memory one 1,000,000-item session adds (anonymous RSS), for six kinds
  many-sessions   10,000 sessions (the count cap), two clients creating in a loop: create and /healthz latency
  bodies      40 connections each sending most of a 64 MiB body and holding it: RSS, 503s
  never-read  10 connections asking for 2,000,000-item flows without reading: peak RSS
  updates     updates without If-Match beside a client committing transitions: 412s (should be none)
  fair-cpu    the 100-byte waterfall of 1,000 columns × 2,000,000 items; then six heavy layouts within the cost
              limit beside a 30,000-item one: its latency
  coords      a flow of item size and spacing 1e7: the status and contentSize
"""
import itertools
import json
import os
import socket
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Client, Tally, call, request, rss_kib, rss_mib, start, wait_until  # noqa: E402

QUICK = "--quick" in sys.argv
VIEWPORT = '"viewport":{"width":375,"height":812}'


def metric(port, name):
    for line in call(port, "GET", "/metrics").body.decode().splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return line
    return None


def probe_sessions(binary):
    count = 20 if QUICK else 60
    server = start(binary)
    try:
        body = '{"kind":"flow",%s,"sections":[{"count":1000000}]}' % VIEWPORT
        ids, failures = [], 0
        for _ in range(count):
            response = call(server.port, "POST", "/sessions", body, timeout=120)
            if response.status == 201:
                ids.append(response.json()["id"])
            else:
                failures += 1
        kept = sum(call(server.port, "GET", f"/sessions/{id}").status == 200 for id in ids)
        rss = rss_mib(server.process.pid)
        return f"{count} sessions of 1,000,000 items: RSS {rss:.0f} MiB, {kept} kept, {len(ids) - kept} gone, " \
               f"{failures} refused"
    finally:
        server.stop()


def probe_session_memory(binary, checks=None):
    """Memory one 1,000,000-item session adds, for six kinds (by count, or listed sizes where the kind takes them).

    The figure is the growth of the process's anonymous memory (`RssAnon`: what it allocated). Its whole RSS grows
    by about 2 MB more on a fresh server, the binary's code pages that the first request reads in (`RssFile`,
    shared and clean); that part is printed beside it and is the same for a 20-item session."""
    sizes = ",".join('{"width":%d,"height":%d}' % (10 + i % 90, 10 + i % 70) for i in range(1_000_000))
    bodies = [
        ("flow by count", '{"kind":"flow",%s,"sections":[{"count":1000000}]}' % VIEWPORT, True),
        ("waterfall by sizes", '{"kind":"waterfall",%s,"sections":[{"items":[%s]}]}' % (VIEWPORT, sizes), False),
        ("justified by sizes", '{"kind":"justified",%s,"sections":[{"items":[%s]}]}' % (VIEWPORT, sizes), False),
        ("line by count", '{"kind":"line",%s,"sections":[{"count":1000000}]}' % VIEWPORT, True),
        ("circle by count", '{"kind":"circle",%s,"sections":[{"count":1000000}]}' % VIEWPORT, True),
        ("compositional by count", '{"kind":"compositional",%s,"sections":[{"count":1000000}]}' % VIEWPORT, True),
    ]
    parts = []
    for name, body, by_count in bodies:
        server = start(binary)
        try:
            before = rss_kib(server.process.pid)
            status = call(server.port, "POST", "/sessions", body, timeout=120).status
            after = rss_kib(server.process.pid)
            anonymous = (after["RssAnon"] - before["RssAnon"]) / 1024
            code = (after["RssFile"] - before["RssFile"]) / 1024
            pool = metric(server.port, "layoutd_request_body_pool_bytes")
            kept = float(pool.split()[-1]) / 1048576 if pool else 0
            parts.append(f"{name} {anonymous:.1f} MB" + (f" ({kept:.1f} of it the body pool's)" if kept else "")
                         + f" (+{code:.1f} MB code)" + ("" if status == 201 else f" ({status})"))
            if checks and by_count:
                checks.check(status == 201 and anonymous < 1, f"a 1,000,000-item {name} session adds under 1 MB",
                             f"{anonymous:.2f} MB anonymous, {code:.2f} MB of code pages")
        finally:
            server.stop()
    return "; ".join(parts)


def probe_many_sessions(binary):
    """The store at its count cap (10,000 small sessions), two clients creating in a loop, one asking /healthz."""
    server = start(binary)
    try:
        body = request("POST", "/sessions", '{"kind":"flow",%s,"sections":[{"count":20}]}' % VIEWPORT)
        client = Client(server.port)
        for _ in range(10_000):
            client.send(body)
            client.read_response()
        stop = threading.Event()
        creates, health = [], []

        def creator():
            own = Client(server.port)
            while not stop.is_set():
                started = time.monotonic()
                own.send(body)
                own.read_response()
                creates.append(time.monotonic() - started)

        threads = [threading.Thread(target=creator, daemon=True) for _ in range(2)]
        for thread in threads:
            thread.start()
        probe = Client(server.port)
        deadline = time.monotonic() + (5 if QUICK else 10)
        while time.monotonic() < deadline:
            started = time.monotonic()
            probe.send(request("GET", "/healthz"))
            probe.read_response()
            health.append(time.monotonic() - started)
        stop.set()
        for thread in threads:
            thread.join()
        creates.sort()
        health.sort()
        return f"create p50 {creates[len(creates) // 2] * 1000:.2f} ms ({len(creates)} creates); /healthz p50 " \
               f"{health[len(health) // 2] * 1000:.2f} ms, p99 {health[int(len(health) * 0.99)] * 1000:.2f} ms"
    finally:
        server.stop()


def probe_bodies(binary, tally=None):
    """40 connections each announce 64 MiB and send 48 MiB of it quickly, then hold; RSS while they hold."""
    server = start(binary, "--body-timeout", "120")
    pid = server.process.pid
    try:
        baseline = rss_mib(pid)
        length = 64 * 2**20
        sent_part = 48 * 2**20
        piece = b" " * 2**20
        refused = [0]
        lock = threading.Lock()
        sockets = []

        def one():
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            sockets.append(sock)
            sock.sendall(b"POST /layout/flow HTTP/1.1\r\nHost: a\r\nContent-Length: %d\r\n\r\n" % length)
            try:
                for _ in range(sent_part // len(piece)):
                    sock.sendall(piece)
            except OSError:
                pass
            sock.settimeout(0.5)
            try:
                answer = sock.recv(4096)
                if answer.startswith(b"HTTP/1.1 503"):
                    with lock:
                        refused[0] += 1
            except (socket.timeout, OSError):
                pass

        threads = [threading.Thread(target=one, daemon=True) for _ in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        peak = rss_mib(pid)
        gauge = metric(server.port, "layoutd_request_body_bytes")
        probe = call(server.port, "GET", "/healthz").status
        for sock in sockets:
            sock.close()
        row = f"RSS {baseline:.0f} → {peak:.0f} MiB with 40 × 48 of 64 MiB sent; {refused[0]} answered 503" + \
              (f"; {gauge}" if gauge else "")
        if tally:
            tally.check(peak - baseline < 512 + 64 + 100, "bodies in memory stay within --max-body-memory (512 MiB)",
                        f"+{peak - baseline:.0f} MiB")
            tally.check(refused[0] > 0, "bodies past the budget are refused with 503", f"{refused[0]} of 40")
            tally.check(probe == 200, "a normal request is served meanwhile")
        return row
    finally:
        server.stop()


def probe_never_read(binary, tally=None):
    """10 connections ask for a 2,000,000-item flow (no rect) and never read; peak RSS over 25 s."""
    server = start(binary)
    pid = server.process.pid
    try:
        baseline = rss_mib(pid)
        body = '{%s,"sections":[{"count":2000000}]}' % VIEWPORT
        sockets = []
        for _ in range(10):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(request("POST", "/layout/flow", body))
            sockets.append(sock)
        peak, samples = baseline, []
        deadline = time.monotonic() + (15 if QUICK else 25)
        while time.monotonic() < deadline:
            time.sleep(0.5)
            rss = rss_mib(pid)
            samples.append(rss)
            peak = max(peak, rss)
        started = time.monotonic()
        probe = call(server.port, "POST", "/layout/flow", '{%s,"sections":[{"count":20}]}' % VIEWPORT).status
        probe_ms = (time.monotonic() - started) * 1000
        for sock in sockets:
            sock.close()
        if tally:
            # No answer is materialised: what stays is each request's prepared layout (32 bytes per item of frames
            # while the engine keeps one frame per item of a section given by count; issue 19.2 removes that) and
            # one window of output. A frames array is briefly twice its size while it grows, and freed memory stays
            # in the allocator's arenas, so the bound allows twice the frames; ten answers held whole would be
            # 2.6 GB, far past it. The target of 300 MB needs 19.2 as well; it is printed, not checked.
            frames = 10 * 2_000_000 * 32 / 2**20
            bound = baseline + 2 * frames + 10 * 2 + 128
            tally.check(peak < bound, "10 never-reading clients of 2,000,000 items: no answer is held, only the "
                        "prepared layouts and a window each", f"peak {peak:.0f} MiB, bound {bound:.0f}; "
                        f"under the issue's 300 MB: {'yes' if peak < 300 else 'no (needs 19.2)'}")
            tally.check(probe == 200, "a small layout is served meanwhile", f"{probe_ms:.1f} ms")
        return f"RSS {baseline:.0f} → peak {peak:.0f} MiB over {len(samples) / 2:.0f} s; a small layout " \
               f"meanwhile {probe} in {probe_ms:.1f} ms"
    finally:
        server.stop()


def probe_updates(binary):
    server = start(binary)
    try:
        body = '{"kind":"flow",%s,"sections":[{"count":50}]}' % VIEWPORT
        id = call(server.port, "POST", "/sessions", body).json()["id"]
        stop = threading.Event()
        counts = {"updates": 0, "412": 0}

        def transitions():
            kinds = ["waterfall", "flow"]
            turn = 0
            while not stop.is_set():
                call(server.port, "POST", f"/sessions/{id}/transition",
                     '{"to":{"kind":"%s"},"progress":1,"commit":true}' % kinds[turn % 2])
                turn += 1

        thread = threading.Thread(target=transitions, daemon=True)
        thread.start()
        deadline = time.monotonic() + (3 if QUICK else 8)
        while time.monotonic() < deadline:
            status = call(server.port, "POST", f"/sessions/{id}/updates", '{"reloadItems":[{"indexPath":[0,1]}]}').status
            counts["updates"] += 1
            counts["412"] += status == 412
        stop.set()
        thread.join()
        return f"{counts['412']} of {counts['updates']} updates answered 412"
    finally:
        server.stop()


def timed(port, body, path="/layout/waterfall", timeout=120):
    started = time.monotonic()
    status = call(port, "POST", path, body, timeout=timeout).status
    return status, time.monotonic() - started


def probe_fair_cpu(binary, tally=None):
    server = start(binary)
    pid = server.process.pid
    try:
        probe = '{%s,"sections":[{"count":2000000}],"config":{"columnCount":1000,"columnSpacing":0},' \
                '"rect":{"x":0,"y":0,"width":10,"height":10}}' % VIEWPORT
        before_cpu = cpu_seconds(pid)
        status, seconds = timed(server.port, probe)
        cpu = cpu_seconds(pid) - before_cpu
        # Six heavy layouts within the default cost limit (50 columns × 2,000,000 = 1e8), a small rect each. Every
        # body is distinct (its rect's y), so that each is laid out: the answer cache would answer a repeated one.
        bodies = itertools.count()
        heavy = lambda: '{%s,"sections":[{"count":2000000}],"config":{"columnCount":50,"columnSpacing":0},' \
            '"rect":{"x":0,"y":%d,"width":10,"height":10}}' % (VIEWPORT, next(bodies))
        light = lambda: '{%s,"sections":[{"count":30000}],"rect":{"x":0,"y":%d,"width":375,"height":812}}' \
            % (VIEWPORT, next(bodies))
        _, alone = timed(server.port, light(), "/layout/flow")
        heavies = [threading.Thread(target=timed, args=(server.port, heavy()), daemon=True) for _ in range(6)]
        for thread in heavies:
            thread.start()
        time.sleep(0.3)
        latencies = []
        while any(thread.is_alive() for thread in heavies) and len(latencies) < 50:
            latencies.append(timed(server.port, light(), "/layout/flow")[1])
        for thread in heavies:
            thread.join(timeout=300)
        worst = max(latencies) if latencies else float("nan")
        median = statistics.median(latencies) if latencies else float("nan")
        _, one_heavy = timed(server.port, heavy())
        if tally:
            tally.check(status == 422, "the 1,000-column × 2,000,000-item waterfall is refused before it runs",
                        f"{status} in {seconds * 1000:.0f} ms, {cpu:.2f} s CPU")
            tally.check(worst < 2.5 * one_heavy + 0.5,
                        "a 30,000-item layout never waits behind more than one heavy one",
                        f"worst {worst * 1000:.0f} ms; one heavy alone {one_heavy * 1000:.0f} ms")
        return f"the 100-byte probe: {status} in {seconds:.2f} s ({cpu:.2f} s CPU); a 30,000-item layout " \
               f"{alone * 1000:.0f} ms alone, beside six heavy ones (each {one_heavy * 1000:.0f} ms alone) " \
               f"p50 {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms ({len(latencies)} runs)"
    finally:
        server.stop()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def probe_coords(binary, tally=None):
    server = start(binary)
    try:
        body = '{%s,"sections":[{"count":2000}],"config":{"itemSize":{"width":10000000,"height":10000000},' \
               '"minimumLineSpacing":10000000}}' % VIEWPORT
        response = call(server.port, "POST", "/layout/flow", body)
        answer = response.json()
        if tally:
            tally.check(response.status == 422 and answer.get("pointer") == "/sections/0/count",
                        "content past ±1e9 points is a 422 naming the section's count", f"{response.status}")
        if response.status == 200:
            return f"200, contentSize height {answer['contentSize']['height']:.3g}"
        return f"{response.status} pointer {answer.get('pointer')}"
    finally:
        server.stop()


PROBES = [
    ("sessions", probe_sessions),
    ("session-memory", probe_session_memory),
    ("many-sessions", probe_many_sessions),
    ("bodies", probe_bodies),
    ("never-read", probe_never_read),
    ("updates", probe_updates),
    ("fair-cpu", probe_fair_cpu),
    ("coords", probe_coords),
]


def main():
    binaries = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    only = [argument[len("--only="):] for argument in sys.argv[1:] if argument.startswith("--only=")]
    if not binaries:
        sys.exit("usage: capacity.py [BEFORE_BINARY] AFTER_BINARY [--quick] [--only=probe,...]")
    selected = [name for name in (only[0].split(",") if only else [])] or [name for name, _ in PROBES]
    tally = Tally("capacity")
    for name, probe in PROBES:
        if name not in selected:
            continue
        for index, binary in enumerate(binaries):
            label = "before" if len(binaries) == 2 and index == 0 else "after"
            checks = tally if label == "after" and probe.__code__.co_argcount == 2 else None
            try:
                row = probe(binary, checks) if checks else probe(binary)
            except Exception as error:  # a probe that breaks the old binary is a row too
                row = f"failed: {error!r}"
            print(f"| {name} | {label} | {row} |", flush=True)
    tally.finish()


if __name__ == "__main__":
    main()

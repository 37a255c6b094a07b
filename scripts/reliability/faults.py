#!/usr/bin/env python3
"""Faults against the real layoutd binary: SIGTERM under full load, clients that go away mid-answer, a full
file-descriptor table, and memory-hungry requests at the item limit.

Usage: faults.py [PATH_TO_LAYOUTD] [--quick]

--quick (CI) shortens the load and lowers the item limit to 300,000 (the check is the same at any limit);
without it the limit is layoutd's default, 2,000,000 items.
Prints its figures and one line per check; closes with 'reliability faults: N held, N failed'.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from common import ROOT, Client, Tally, call, release_binary, request, rss_mib, start, wait_until

QUICK = "--quick" in sys.argv
SMALL = '{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}'


def layout_body(count, rect=True):
    body = {"viewport": {"width": 375, "height": 812}, "sections": [{"count": count}]}
    if rect:
        body["rect"] = {"x": 0, "y": 0, "width": 375, "height": 812}
    return json.dumps(body)


class Prober:
    """A well-behaved client in a process of its own (wrk, one connection, small layouts back to back), so that
    nothing this script does can delay it; `stop` interrupts it and reads its latency and status counts."""

    def __init__(self, port):
        self.port, self.process, self.figures = port, None, {}

    def start(self):
        self.process = subprocess.Popen(
            ["wrk", "-t1", "-c1", "-d600s", "--latency", "-s", os.path.join(ROOT, "scripts/wrk/mixed.lua"),
             f"http://127.0.0.1:{self.port}/"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "SHARE_LAYOUTS": "1"})
        time.sleep(0.3)

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        output = self.process.communicate(timeout=30)[0]
        percentiles = dict(re.findall(r"(p[\d.]+|max)=([\d.]+)", re.search(r"percentiles:(.*)", output).group(1)))
        errors = re.search(r"Socket errors: (.*)", output)
        self.figures = {
            "statuses": {int(s): int(c) for s, c in re.findall(r"(\d+)=(\d+)", re.search(r"mixed:(.*)", output).group(1))},
            "percentiles": {k: float(v) for k, v in percentiles.items()},
            "errors": errors.group(1) if errors else "none",
        }

    def summary(self):
        p = self.figures["percentiles"]
        return (f"{sum(self.figures['statuses'].values())} small layouts, p50 {p['p50']:.1f} ms, p99 {p['p99']:.1f} ms, "
                f"max {p['max']:.1f} ms, statuses {self.figures['statuses']}, socket errors {self.figures['errors']}")

    def healthy(self):
        statuses = self.figures["statuses"]
        return set(statuses) == {200} and self.figures["errors"] == "none"


class Tracked(threading.Thread):
    """A client whose every request's fate is recorded: complete, unanswered (closed before any byte of the answer)
    or truncated (closed part-way through it). Used around SIGTERM."""

    def __init__(self, port, body, signalled):
        super().__init__(daemon=True)
        self.port, self.body, self.signalled = port, body, signalled
        self.complete = self.unanswered = self.reset = self.truncated = self.refused = 0
        self.in_flight_at_signal = []  # fates of requests sent before the signal and answered after it

    def run(self):
        while True:
            try:
                client = Client(self.port, timeout=30)
            except OSError:
                self.refused += 1
                return
            while True:
                try:
                    client.send(request("POST", "/layout/flow", self.body))
                except OSError:
                    self.unanswered += 1
                    break
                # Read after the send returned: the flag is set before the signal is sent, so a request seen here
                # without it was wholly in the server's socket before the signal, which the drain must answer. (A
                # check before the send raced: a client could check, the signal and the drain's last read pass,
                # and only then the request leave.)
                sent_before_signal = not self.signalled.is_set()
                fate, closing = self.read(client)
                if sent_before_signal and self.signalled.is_set():
                    self.in_flight_at_signal.append(fate)
                setattr(self, fate, getattr(self, fate) + 1)
                if fate != "complete" or closing:
                    break
            client.close()
            if self.signalled.is_set():
                return

    @staticmethod
    def read(client):
        try:
            response = client.read_response()
            json.loads(response.body)
            return ("complete" if response.status == 200 else "truncated"), response.headers.get("connection") == "close"
        except ConnectionResetError:
            # A reset means the server closed with our request unread in its socket: it reached the server.
            return ("truncated" if client.buffer else "reset"), True
        except (EOFError, socket.timeout):
            return ("truncated" if client.buffer else "unanswered"), True
        except ValueError:
            return "truncated", True


def sigterm_round(binary):
    """Starts layoutd, loads it fully, sends SIGTERM, and returns what every client saw."""
    server = start(binary, "--drain-timeout", "10")
    port = server.port
    wrk = subprocess.Popen(["wrk", "-t2", "-c64", "-d30s", "-s", os.path.join(ROOT, "scripts/wrk/mixed.lua"),
                            f"http://127.0.0.1:{port}/"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env={**os.environ, "SHARE_LAYOUTS": "1"})
    signalled = threading.Event()
    # Small layouts on the loops; 200,000-item layouts (tens of ms each) on the worker pool, in flight at the signal.
    tracked = [Tracked(port, SMALL, signalled) for _ in range(6)]
    tracked += [Tracked(port, layout_body(200_000), signalled) for _ in range(4)]
    time.sleep(1)
    for client in tracked:
        client.start()
    time.sleep(2 if QUICK else 5)
    signalled.set()
    server.process.send_signal(signal.SIGTERM)
    signal_time = time.monotonic()
    code = server.process.wait(timeout=30)
    exit_seconds = time.monotonic() - signal_time
    for client in tracked:
        client.join(timeout=30)
    wrk.send_signal(signal.SIGINT)
    output = wrk.communicate(timeout=30)[0]
    errors = re.search(r"Socket errors: (.*)", output)
    return {
        "code": code, "exit_seconds": exit_seconds,
        **{fate: sum(getattr(c, fate) for c in tracked) for fate in ("complete", "truncated", "unanswered", "reset")},
        "in_flight": [fate for c in tracked for fate in c.in_flight_at_signal],
        "wrk_requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "wrk_statuses": {int(s): int(c) for s, c in re.findall(r"(\d+)=(\d+)", re.search(r"mixed:(.*)", output).group(1))},
        "wrk_errors": errors.group(1) if errors else "none",
    }


def sigterm_under_load(binary, tally):
    rounds = 3 if QUICK else 10
    print(f"SIGTERM under full load (wrk -c64 plus 10 tracked clients, {rounds} rounds):")
    results = []
    for _ in range(rounds):
        r = sigterm_round(binary)
        results.append(r)
        print(f"    exit {r['code']} after {r['exit_seconds']:.2f} s; tracked: {r['complete']} complete, "
              f"{r['truncated']} truncated, {r['reset']} reset unread, {r['unanswered']} closed before the request "
              f"arrived; in flight at the signal: {len(r['in_flight'])}, {sorted(set(r['in_flight']))}; wrk: "
              f"{r['wrk_requests']} requests, statuses {r['wrk_statuses']}, socket errors {r['wrk_errors']}")
    tally.check(all(r["code"] == 0 and r["exit_seconds"] < 10 for r in results),
                "the process exits 0 within the 10 s deadline",
                f"slowest exit {max(r['exit_seconds'] for r in results):.2f} s")
    tally.check(all(r["truncated"] == 0 and r["reset"] == 0 for r in results),
                "no answer is cut short, and no request that reached the server is reset unread",
                f"{sum(r['complete'] for r in results)} complete; {sum(r['unanswered'] for r in results)} sent on a "
                "connection the drain had already closed (clean EOF, safe to retry)")
    in_flight = [fate for r in results for fate in r["in_flight"]]
    tally.check(in_flight and all(fate == "complete" for fate in in_flight),
                "every tracked request in flight at the signal gets its full answer", f"{len(in_flight)} in flight")
    tally.check(all(set(r["wrk_statuses"]) <= {200, 503} for r in results),
                "wrk saw only 200, and 503 for connections opened after the signal")


def clients_that_go_away(binary, tally):
    print("clients that go away:")
    server = start(binary)
    port = server.port
    prober = Prober(port)
    prober.start()
    baseline = rss_mib(server.process.pid)
    big = layout_body(300_000, rect=False)  # about 40 MB of answer
    rounds = 5 if QUICK else 20
    for _ in range(rounds):
        # gone before the answer: the worker pool computes it and the write fails
        client = Client(port)
        client.send(request("POST", "/layout/flow", big))
        client.close()
        # gone part-way through the answer: the server is writing when the reset arrives
        client = Client(port)
        client.send(request("POST", "/layout/flow", big))
        received = 0
        while received < 256 * 1024:
            received += len(client.sock.recv(65536))
        client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        client.close()
        # gone half-way through the request body
        client = Client(port)
        client.send(request("POST", "/layout/flow", SMALL)[:-20])
        client.close()
    open_now = lambda: re.search(rb"layoutd_open_connections (\d+)", call(port, "GET", "/metrics").body).group(1)
    # What stays open: the prober's connection and the one asking for /metrics.
    settled = wait_until(lambda: open_now() == b"2", timeout=20)
    left = open_now().decode()
    time.sleep(0.5)
    after = rss_mib(server.process.pid)
    prober.stop()
    tally.check(server.process.poll() is None and settled, f"{rounds * 3} vanished clients: the server lives and "
                "holds no connection for them", f"open connections settle at {left} (the prober's and ours)")
    tally.check(prober.healthy(), "the other client is unaffected", prober.summary())
    tally.check(after < baseline + 200, "their answers are freed", f"RSS {baseline:.0f} MiB before, {after:.0f} after")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def full_descriptor_table(binary, tally):
    print("a full file-descriptor table (ulimit -n 64):")
    server = start(binary, fd_limit=64)
    port = server.port
    pid = server.process.pid
    held, refused, other = [], [], []
    # All at once: the header timeout (10 s) would otherwise free descriptors while we connect.
    clients = [Client(port, timeout=5) for _ in range(100)]
    time.sleep(0.5)
    for client in clients:
        client.sock.settimeout(0.05)
        try:
            data = client.sock.recv(65536)
            if data.startswith(b"HTTP/1.1 503"):
                refused.append(data)
            else:
                other.append(data)
            client.close()
        except socket.timeout:
            held.append(client)  # accepted and waiting for a request
    cpu_before = sum(int(field) for field in open(f"/proc/{pid}/stat").read().split()[13:15])
    time.sleep(1)
    cpu_after = sum(int(field) for field in open(f"/proc/{pid}/stat").read().split()[13:15])
    held[0].send(request("GET", "/healthz"))
    served = held[0].read_response().status
    problem = json.loads(refused[0].partition(b"\r\n\r\n")[2]) if refused else {}
    tally.check(len(refused) > 0 and not other and problem.get("type") == "/problems/unavailable",
                "connections past the table get a 503 problem and are closed",
                f"{len(held)} held, {len(refused)} refused with 503, {len(other)} closed otherwise")
    tally.check(served == 200, "a connection already held still serves")
    tally.check(cpu_after - cpu_before < 20, "the loops do not spin while the table is full",
                f"{cpu_after - cpu_before} ticks of CPU in 1 s")
    for client in held:
        client.close()
    recovered = wait_until(lambda: call(port, "GET", "/healthz").status == 200, timeout=5)
    tally.check(recovered, "once clients leave, new connections are served again")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def item_limit(binary, tally):
    limit = 300_000 if QUICK else 2_000_000
    print(f"memory-hungry requests at the item limit ({limit:,} items):")
    server = start(binary, *(["--max-items", str(limit)] if QUICK else []))
    port = server.port
    items = ",".join('{"width":%d,"height":%d}' % (10 + i % 90, 10 + i % 70) for i in range(limit + 1))
    listed = '{"viewport":{"width":375,"height":812},"sections":[{"items":[%s]}]}' % items
    prober = Prober(port)
    prober.start()
    baseline = rss_mib(server.process.pid)
    peak = [baseline]
    sampling = True

    def sample():
        while sampling:
            peak[0] = max(peak[0], rss_mib(server.process.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    started = time.monotonic()
    whole = call(port, "POST", "/layout/flow", layout_body(limit, rect=False), timeout=120)
    whole_seconds = time.monotonic() - started
    cells = whole.body.count(b'"category": "cell"') + whole.body.count(b'"category":"cell"')
    session = call(port, "POST", "/sessions", '{"kind":"waterfall","viewport":{"width":375,"height":812},'
                   f'"sections":[{{"count":{limit}}}]}}', timeout=120)
    over = call(port, "POST", "/layout/flow", layout_body(limit + 1))
    split_over = call(port, "POST", "/layout/flow", json.dumps(
        {"viewport": {"width": 375, "height": 812}, "sections": [{"count": limit}, {"count": 1}]}))
    listed_over = call(port, "POST", "/layout/waterfall", listed, timeout=120)
    too_big = Client(port)
    too_big.send(b"POST /layout/flow HTTP/1.1\r\nHost: a\r\nContent-Length: 67108865\r\n\r\n" + b" " * 65536)
    body_over = too_big.read_response()
    sampling = False
    sampler.join()
    prober.stop()
    tally.check(whole.status == 200 and cells == limit, f"a {limit:,}-item layout at the limit is answered in full",
                f"{len(whole.body) / 1e6:.0f} MB in {whole_seconds:.1f} s; RSS {baseline:.0f} → peak {peak[0]:.0f} MiB")
    tally.check(session.status == 201, f"a {limit:,}-item session at the limit is created", f"{session.status}")
    refusals = [(r.status, r.json().get("type"), r.json().get("pointer")) for r in (over, split_over, listed_over)]
    tally.check(all(r == (413, "/problems/too-many-items", "/sections") for r in refusals),
                "one item more is refused with 413 too-many-items, in one count, two, or listed", f"{refusals}")
    tally.check(body_over.status == 413 and too_big.closed_by_server(),
                "a body over 64 MiB is refused with 413 before it is read, and closed", f"{body_over.status}")
    tally.check(prober.healthy(), "the other client is served meanwhile", prober.summary())
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def main():
    binary = release_binary()
    tally = Tally("faults")
    started = time.monotonic()
    sigterm_under_load(binary, tally)
    clients_that_go_away(binary, tally)
    full_descriptor_table(binary, tally)
    item_limit(binary, tally)
    print(f"took {time.monotonic() - started:.1f} s")
    tally.finish()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Slow and greedy clients against the real layoutd binary.

Usage: slow-clients.py [PATH_TO_LAYOUTD] [--quick]

1. slowhttptest: 1,000 slowloris connections (a header line every 2 s) and 1,000 slow-body connections (a few body
   bytes every 2 s) at once, while wrk (`-t1 -c4`) sends small layouts from the end of the ramp until just before
   the first slow connection times out. The normal client's p99 must stay under
   50 ms (its latency without the attack is measured first, in the same run), and the slow connections must be
   closed at the header and body timeouts: 20 slow clients of our own time their close exactly.
2. Clients that never read their answers: 50 connections pipeline layouts without reading a byte. layoutd stops
   reading a connection once 1 MiB of answers is pending (back-pressure), so its memory may grow by at most
   50 × (1 MiB + one answer) and must then stay flat; the idle timeout closes them and the memory comes back.

--quick (CI): header and body timeouts of 8 s and 10 s, a 16 s attack. Without it: layoutd's defaults (10 s, 30 s) and
a 45 s attack. Needs slowhttptest and wrk (Debian packages). Closes with 'reliability slow-clients: N held, N failed'.
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

from common import ROOT, Tally, call, rss_mib, release_binary, request, start, wait_until

QUICK = "--quick" in sys.argv
HEADER_TIMEOUT, BODY_TIMEOUT, ATTACK_SECONDS = (8, 10, 16) if QUICK else (10, 30, 45)
TICK = 0.25 * min(HEADER_TIMEOUT, BODY_TIMEOUT)  # the server sweeps its timers at a quarter of the shortest one


def wrk(port, seconds):
    output = subprocess.run(
        ["wrk", "-t1", "-c4", f"-d{seconds}s", "--latency", "-s", os.path.join(ROOT, "scripts/wrk/small-layout.lua"),
         f"http://127.0.0.1:{port}/"], capture_output=True, text=True, check=True).stdout

    def milliseconds(label):
        match = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Socket errors: (.*)", output)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": milliseconds("50%"), "p99": milliseconds("99%"),
        "errors": errors.group(1) if errors else "none", "non2xx": int(non2xx.group(1)) if non2xx else 0,
    }


def timed_slow_client(port, body, results):
    """Opens a connection that sends a request's head (or its body) one line every 0.5 s and records when the
    server answers 408 and closes it."""
    opened = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    if body:
        sock.sendall(b"POST /layout/flow HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n")
    else:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: a\r\n")
    sock.settimeout(0.5)
    answer = b""
    index = 0
    while True:
        try:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        except socket.timeout:
            try:
                sock.sendall(b" " if body else b"X-Slow-%d: v\r\n" % index)
                index += 1
            except OSError:
                break
        except OSError:
            break
    results.append((body, time.monotonic() - opened, answer[:12]))
    sock.close()


def slowhttptest(mode, port, prefix):
    path, extra = ("/healthz", ["-H"]) if mode == "headers" else ("/layout/flow", ["-B", "-s", "100000"])
    command = ["slowhttptest", *extra, "-c", "1000", "-r", "500", "-i", "2", "-x", "10", "-p", "3",
               "-l", str(ATTACK_SECONDS), "-g", "-o", prefix, "-u", f"http://127.0.0.1:{port}{path}"]
    return subprocess.Popen(["bash", "-c", 'ulimit -n 8192; exec "$@"', "slowhttptest", *command],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def slowhttptest_figures(prefix, output):
    """From slowhttptest's CSV (seconds, closed, pending, connected, …) the most connections it held at once; from
    its report the second it ended and why (it stops early once the server has closed every connection), and
    whether its probe connection ever found the service unavailable."""
    connected = []
    with open(prefix + ".csv") as csv:
        for line in csv.readlines()[1:]:
            fields = line.strip().split(",")
            if len(fields) >= 4 and fields[0].isdigit():
                connected.append(int(fields[3]))
    text = re.sub(r"\x1b\[[0-9;]*m", "", output)
    ended = re.search(r"Test ended on (\d+)\w* second", text)
    reason = re.search(r"Exit status:\s*(.*)", text)
    return {
        "peak_connected": max(connected),
        "ended": int(ended.group(1)) if ended else None,
        "reason": reason.group(1).strip() if reason else "?",
        "unavailable": len(re.findall(r"service available:\s*NO", text)),
    }


def slow_senders(binary, tally):
    print(f"slowloris and slow bodies (header timeout {HEADER_TIMEOUT} s, body timeout {BODY_TIMEOUT} s):")
    server = start(binary, "--header-timeout", str(HEADER_TIMEOUT), "--body-timeout", str(BODY_TIMEOUT),
                   fd_limit=8192)
    port = server.port
    quiet = wrk(port, 5)
    work = tempfile.mkdtemp()
    attacks = {mode: slowhttptest(mode, port, os.path.join(work, mode)) for mode in ("headers", "body")}
    attack_start = time.monotonic()
    open_count = lambda: int(re.search(rb"layoutd_open_connections (\d+)", call(port, "GET", "/metrics").body).group(1))
    wait_until(lambda: open_count() >= 1950, timeout=HEADER_TIMEOUT - 3, step=0.2)  # both ramps (500/s each) done
    opened = str(open_count())
    # The normal client runs until just before the first slow connections reach their header timeout.
    loaded_seconds = max(2, int(HEADER_TIMEOUT - (time.monotonic() - attack_start) - 1.5))
    timed = []
    timers = [threading.Thread(target=timed_slow_client, args=(port, index % 2 == 1, timed)) for index in range(20)]
    for thread in timers:
        thread.start()
    loaded = wrk(port, loaded_seconds)
    still = re.search(rb"layoutd_open_connections (\d+)", call(port, "GET", "/metrics").body).group(1).decode()
    for thread in timers:
        thread.join()
    outputs = {mode: process.communicate(timeout=ATTACK_SECONDS + 60)[0] for mode, process in attacks.items()}
    figures = {mode: slowhttptest_figures(os.path.join(work, mode), outputs[mode]) for mode in attacks}
    print(f"    without the attack (5 s): {quiet['rps']:.0f} req/s, p50 {quiet['p50']:.2f} ms, p99 {quiet['p99']:.2f} ms")
    print(f"    under it ({loaded_seconds} s): {loaded['rps']:.0f} req/s, p50 {loaded['p50']:.2f} ms, p99 {loaded['p99']:.2f} ms, "
          f"non-2xx {loaded['non2xx']}, socket errors {loaded['errors']}")
    print(f"    open connections when the normal client started: {opened}; when it ended: {still}")
    for mode, numbers in figures.items():
        print(f"    slowhttptest {mode}: at most {numbers['peak_connected']} connected at once; ended on second "
              f"{numbers['ended']}: {numbers['reason']}; probe unavailable {numbers['unavailable']} times")
    tally.check(loaded["p99"] < 50 and loaded["non2xx"] == 0 and loaded["errors"] == "none",
                "the normal client keeps its latency: p99 under 50 ms, every answer 2xx",
                f"p99 {quiet['p99']:.1f} ms quiet, {loaded['p99']:.1f} ms under attack")
    tally.check(min(int(opened), int(still)) >= 1900, "the 2,000 slow connections were open all the while",
                f"{opened} and {still} open")
    for body, timeout, what in ((False, HEADER_TIMEOUT, "head"), (True, BODY_TIMEOUT, "body")):
        times = sorted(seconds for is_body, seconds, answer in timed if is_body == body and answer.startswith(b"HTTP/1.1 408"))
        tally.check(len(times) == 10 and all(timeout <= t <= timeout + TICK + 1.0 for t in times),
                    f"each timed slow {what} gets 408 and is closed at the {timeout} s timeout",
                    f"{len(times)}/10 after {times[0]:.2f}–{times[-1]:.2f} s" if times else "none got 408")
    for mode, numbers in figures.items():
        tally.check(numbers["reason"] == "No open connections left" and numbers["ended"] < ATTACK_SECONDS,
                    f"slowhttptest's 1,000 {mode} connections are all closed by the server before the attack ends",
                    f"last closed by second {numbers['ended']} of {ATTACK_SECONDS}")
        tally.check(numbers["unavailable"] == 0, f"slowhttptest's own probe never found layoutd unavailable ({mode})")
    settled = wait_until(lambda: re.search(rb"layoutd_open_connections (\d+)",
                                           call(port, "GET", "/metrics").body).group(1) == b"1", timeout=10)
    tally.check(settled, "afterwards no slow connection is left open")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def never_readers(binary, tally):
    idle = 10 if QUICK else 20
    print(f"clients that never read (50 connections, idle timeout {idle} s):")
    server = start(binary, "--idle-timeout", str(idle))
    port = server.port
    pid = server.process.pid
    body = '{"viewport":{"width":375,"height":812},"sections":[{"count":2000}]}'
    answer_bytes = len(call(port, "POST", "/layout/flow", body).body)
    baseline = rss_mib(pid)
    bound = 50 * (1 + answer_bytes / 2**20 + 0.25)  # pending output, one answer, a read buffer's worth of requests
    stop = threading.Event()
    sent = [0]

    def greedy():
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        one = request("POST", "/layout/flow", body)
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                sock.sendall(one * 20)
                sent[0] += 20
            except socket.timeout:
                continue  # the server stopped reading: back-pressure
            except OSError:
                break
        stop.wait()
        sock.close()

    threads = [threading.Thread(target=greedy, daemon=True) for _ in range(50)]
    for thread in threads:
        thread.start()
    # Sampled until the answers pending for the 50 stop growing (each has hit its bound), then twice more.
    samples = [rss_mib(pid)]
    while len(samples) < 4 or samples[-1] - samples[-3] > 1:
        time.sleep(1)
        samples.append(rss_mib(pid))
        if len(samples) > idle - 3:
            break
    early, late = samples[-3], samples[-1]
    probe = call(port, "POST", "/layout/flow", body).status
    print(f"    each answer {answer_bytes / 1024:.0f} KiB; {sent[0]} requests sent; RSS {baseline:.0f} MiB before, "
          f"each second after: {', '.join(f'{m:.0f}' for m in samples)}; bound {baseline:.0f} + {bound:.0f} MiB")
    tally.check(late - baseline < bound, "memory grows by less than 50 × (1 MiB pending + one answer)",
                f"+{late - baseline:.0f} MiB of {bound:.0f}")
    tally.check(late - early < 0.05 * bound + 2, "and then stays flat", f"{early:.0f} → {late:.0f} MiB over 2 s")
    tally.check(probe == 200, "a normal client is served meanwhile")
    closed = wait_until(lambda: re.search(rb"layoutd_open_connections (\d+)",
                                          call(port, "GET", "/metrics").body).group(1) == b"1", timeout=idle + 5)
    stop.set()
    tally.check(closed, f"the idle timeout ({idle} s) closes them")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def main():
    binary = release_binary()
    tally = Tally("slow-clients")
    started = time.monotonic()
    slow_senders(binary, tally)
    never_readers(binary, tally)
    print(f"took {time.monotonic() - started:.1f} s")
    tally.finish()


if __name__ == "__main__":
    main()

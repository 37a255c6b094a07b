#!/usr/bin/env python3
"""Load and soak runs of the real layoutd binary with wrk (not for CI: about 2 and 3 minutes).

Usage: load.py [PATH_TO_LAYOUTD] [--seconds N] [--only mixed|sessions]

1. mixed: 64 connections (`wrk -t2 -c64`) for 60 s of scripts/wrk/mixed.lua: stateless layouts, viewport queries
   of a 100,000-item waterfall session, invalidations and batch updates of four 10,000-item flow sessions.
   Reports requests/s, latency percentiles, every status seen (all must be 2xx; socket errors must be none) and
   the server's resident memory at the start, after 10 s and at the end (growth from 10 s to the end under 5%).
2. sessions: 200 sessions of 100,000 items are kept alive and queried (wrk, 32 connections) while another client
   creates 100,000-item sessions, ten a second, so that the store must evict one for each it adds. With
   `--max-session-items 22000000` the store holds at most 22 M items: the 200 kept ones (20 M) and 20 more. The
   resident memory must stay under what that bound implies (measured bytes per held item × 22 M + the server's
   baseline + 50 MiB of request buffers), none of the 200 may be evicted (no 404), and every creation must succeed.
Closes with 'reliability load: N held, N failed'.
"""
import json
import os
import re
import subprocess
import sys
import threading
import time

from common import ROOT, Tally, call, release_binary, rss_mib, start

SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
MIXED = os.path.join(ROOT, "scripts/wrk/mixed.lua")


def create(port, kind, count, viewport=(375, 812)):
    body = json.dumps({"kind": kind, "viewport": {"width": viewport[0], "height": viewport[1]},
                       "sections": [{"count": count}]})
    response = call(port, "POST", "/sessions", body)
    if response.status != 201:
        raise RuntimeError(f"session not created: {response.status} {response.body[:200]!r}")
    return response.json()


def run_wrk(port, connections, seconds, env, samples, pid, sample_at):
    """Runs wrk with mixed.lua, sampling the server's RSS at the given seconds; returns wrk's figures."""
    process = subprocess.Popen(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", "-s", MIXED,
         f"http://127.0.0.1:{port}/"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **env})
    started = time.monotonic()
    for at in sample_at:
        time.sleep(max(0, started + at - time.monotonic()))
        samples[at] = rss_mib(pid)
    output = process.communicate()[0]
    samples["end"] = rss_mib(pid)
    statuses = {int(s): int(c) for s, c in re.findall(r"(\d+)=(\d+)", re.search(r"mixed:(.*)", output).group(1))}
    percentiles = dict(re.findall(r"(p[\d.]+|max)=([\d.]+)", re.search(r"percentiles:(.*)", output).group(1)))
    errors = re.search(r"Socket errors: (.*)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "statuses": statuses, "percentiles": {k: float(v) for k, v in percentiles.items()},
        "errors": errors.group(1) if errors else "none",
    }


def describe(figures):
    p = figures["percentiles"]
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(figures["statuses"].items()))
    return (f"{figures['requests']} requests, {figures['rps']:.0f} req/s; latency p50 {p['p50']:.2f} ms, "
            f"p90 {p['p90']:.2f}, p99 {p['p99']:.2f}, p99.9 {p['p99.9']:.2f}, max {p['max']:.2f} ms; "
            f"statuses {{{statuses}}}; socket errors {figures['errors']}")


def mixed(binary, tally):
    print(f"mixed load: wrk -t2 -c64 -d{SECONDS}s, scripts/wrk/mixed.lua")
    server = start(binary)
    port, pid = server.port, server.process.pid
    tall = create(port, "waterfall", 100_000)
    mutable = [create(port, "flow", 10_000)["id"] for _ in range(4)]
    env = {"QUERY_ID": tall["id"], "QUERY_HEIGHT": str(tall["contentSize"]["height"]),
           "MUTATE_IDS": ",".join(mutable), "MUTATE_COUNT": "10000"}
    samples = {"start": rss_mib(pid)}
    figures = run_wrk(port, 64, SECONDS, env, samples, pid, [10])
    print("    " + describe(figures))
    growth = (samples["end"] - samples[10]) / samples[10]
    print(f"    RSS: {samples['start']:.1f} MiB at the start, {samples[10]:.1f} after 10 s, {samples['end']:.1f} at the "
          f"end ({growth * 100:+.1f}% once warm)")
    bad = {s: c for s, c in figures["statuses"].items() if not 200 <= s < 300}
    tally.check(not bad and figures["errors"] == "none", "every answer is 2xx and no socket error",
                f"non-2xx {bad or 0}")
    tally.check(growth < 0.05, "resident memory grows less than 5% from 10 s to the end", f"{growth * 100:+.1f}%")
    sizes = [call(port, "GET", f"/sessions/{i}").json()["sections"] for i in mutable]
    tally.check(all(s == [10_000] for s in sizes), "the mutated sessions kept their 10,000 items", f"{sizes}")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def sessions(binary, tally):
    bound_items = 22_000_000
    print(f"session soak: 200 kept sessions of 100,000 items queried while others churn; "
          f"--max-session-items {bound_items:,}")
    server = start(binary, "--max-session-items", str(bound_items))
    port, pid = server.port, server.process.pid
    baseline = rss_mib(pid)
    probe = create(port, "waterfall", 100_000)
    per_item = (rss_mib(pid) - baseline) * 2**20 / 100_000
    call(port, "DELETE", f"/sessions/{probe['id']}")
    kept = [create(port, "waterfall", 100_000) for _ in range(200)]
    loaded = rss_mib(pid)
    implied = baseline + bound_items * per_item / 2**20 + 50
    print(f"    baseline {baseline:.0f} MiB; one 100,000-item session adds {per_item:.1f} bytes per item; "
          f"with the 200: {loaded:.0f} MiB; the bound implies at most {implied:.0f} MiB")
    created, failed, stop = [0], [], threading.Event()

    def churn():
        # The 200 were created before anything else: let the queries touch them all first, or the store would
        # rightly evict the oldest of them (least recently used) for the first sessions created here.
        time.sleep(2)
        while not stop.is_set():
            response = call(port, "POST", "/sessions", json.dumps(
                {"kind": "flow", "viewport": {"width": 375, "height": 812}, "sections": [{"count": 100_000}]}))
            if response.status == 201:
                created[0] += 1
            else:
                failed.append(response.status)
            # Ten a second: the store holds about 19 sessions beside the 200, so each churned one lives about 2 s
            # while every kept one is queried some 30 times a second. (Unpaced, a 100,000-item session takes about
            # 3 ms to create; at 300 a second the least recently used is sometimes a kept one, as it should be.)
            time.sleep(0.1)

    for session in kept:
        call(port, "GET", f"/sessions/{session['id']}")
    churner = threading.Thread(target=churn, daemon=True)
    churner.start()
    env = {"QUERY_IDS": ",".join(s["id"] for s in kept), "QUERY_HEIGHT": str(kept[0]["contentSize"]["height"]),
           "SHARE_LAYOUTS": "0", "SHARE_QUERIES": "1"}
    samples = {"start": loaded}
    peak = [loaded]
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            peak[0] = max(peak[0], rss_mib(pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    figures = run_wrk(port, 32, SECONDS * 2, env, samples, pid, [10, SECONDS])
    stop.set()
    churner.join()
    sampling.set()
    sampler.join()
    held = re.search(rb"layoutd_sessions (\d+)", call(port, "GET", "/metrics").body).group(1).decode()
    print("    " + describe(figures))
    print(f"    {created[0]} sessions created and as many evicted meanwhile; {held} held at the end; RSS "
          f"{samples[10]:.0f} MiB after 10 s, {samples[SECONDS]:.0f} after {SECONDS} s, {samples['end']:.0f} at the end, "
          f"peak {peak[0]:.0f}")
    tally.check(set(figures["statuses"]) == {200} and figures["errors"] == "none",
                "the 200 kept sessions answer every query (none evicted)", f"{figures['statuses']}")
    tally.check(created[0] >= 100 and not failed, "every churned session was created", f"{created[0]} created, "
                f"failures {failed[:5]}")
    tally.check(peak[0] < implied, "resident memory stays under what the item bound implies",
                f"peak {peak[0]:.0f} MiB < {implied:.0f} MiB")
    tally.check(server.stop() == 0, "exits 0 on SIGTERM")


def main():
    binary = release_binary()
    tally = Tally("load")
    print(f"(machine: {os.cpu_count()} cores shared with wrk and whatever else runs; compare within one run)")
    if ONLY in (None, "mixed"):
        mixed(binary, tally)
    if ONLY in (None, "sessions"):
        sessions(binary, tally)
    tally.finish()


if __name__ == "__main__":
    main()

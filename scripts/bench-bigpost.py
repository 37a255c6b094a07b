#!/usr/bin/env python3
"""Issue 21's 29 MB POST: server CPU and wall time per request, binaries alternating, against node's JSON.parse.

    scripts/bench-bigpost.py [--rounds 3] [--posts 8] [--node 3] BINARY [BINARY ...]

The body is scripts/bench-http.sh's (1,000,000 items `{"width":w,"height":h}` plus a rect, 26.3 MB as Python
writes it), POSTed to /layout/waterfall with curl. Each round starts every binary in turn (the order alternating
between rounds), sends one warm-up POST, then --posts POSTs, each timed with curl's time_total and, for the server,
the CPU time of all its threads (the sum of /proc/PID/task/*/schedstat's first field) before and after. node then
times JSON.parse of the same text alone (process.cpuUsage and hrtime), --node times per round. Prints, per round
and binary, the lowest and the median of each measure, and the ratios of the lowest server CPU and the median wall
time to node's lowest JSON.parse CPU and median wall time. Needs curl and node; writes only a temporary directory.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request


def server_cpu_ns(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return total


def post(port, path):
    out = subprocess.run(
        ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "--data-binary", "@" + path,
         f"http://127.0.0.1:{port}/layout/waterfall"],
        check=True, capture_output=True, text=True).stdout.split()
    if out[0] != "200":
        sys.exit(f"POST answered {out[0]}")
    return float(out[1]) * 1000


def run_binary(binary, port, body, posts):
    server = subprocess.Popen([binary, "--port", str(port), "--no-log-requests"], stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        post(port, body)
        cpu, wall = [], []
        for _ in range(posts):
            before = server_cpu_ns(server.pid)
            wall.append(post(port, body))
            cpu.append((server_cpu_ns(server.pid) - before) / 1e6)
        return cpu, wall
    finally:
        server.terminate()
        server.wait()


NODE = """const fs = require("fs"); const text = fs.readFileSync(process.argv[1], "utf8");
for (let i = 0; i < Number(process.argv[2]); i++) {
  const c = process.cpuUsage(); const t = process.hrtime.bigint(); JSON.parse(text);
  const w = Number(process.hrtime.bigint() - t) / 1e6; const d = process.cpuUsage(c);
  console.log((d.user + d.system) / 1000, w);
}"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--posts", type=int, default=8)
    parser.add_argument("--node", type=int, default=3)
    parser.add_argument("--port", type=int, default=18191)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    body = os.path.join(work, "big.json")
    items = ",".join('{"width":%d,"height":%d}' % (40 + (i * 37) % 200, 30 + (i * 53) % 170)
                     for i in range(1_000_000))
    with open(body, "w") as out:
        out.write('{"viewport":{"width":375,"height":812},"sections":[{"items":[%s]}],'
                  '"rect":{"x":0,"y":200000,"width":375,"height":812}}' % items)
    results = {binary: [] for binary in args.binaries}
    node_cpu, node_wall = [], []
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for round_index in range(args.rounds):
        order = args.binaries if round_index % 2 == 0 else list(reversed(args.binaries))
        for binary in order:
            cpu, wall = run_binary(binary, args.port, body, args.posts)
            results[binary].append((cpu, wall))
            print(f"round {round_index + 1} {binary}: server CPU lowest {min(cpu):.1f} median "
                  f"{statistics.median(cpu):.1f} ms; curl wall lowest {min(wall):.1f} median "
                  f"{statistics.median(wall):.1f} ms", flush=True)
        lines = subprocess.run(["node", "-e", NODE, body, str(args.node + 2)], check=True, capture_output=True,
                               text=True).stdout.split("\n")
        for line in [line for line in lines if line][2:]:  # the first two warm node up
            c, w = line.split()
            node_cpu.append(float(c))
            node_wall.append(float(w))
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"node JSON.parse: CPU lowest {min(node_cpu):.1f} median {statistics.median(node_cpu):.1f} ms; "
          f"wall lowest {min(node_wall):.1f} median {statistics.median(node_wall):.1f} ms")
    for binary, rounds in results.items():
        lowest = [min(cpu) for cpu, _ in rounds]
        medians = [statistics.median(wall) for _, wall in rounds]
        print(f"{binary}: lowest server CPU per round {', '.join(f'{x:.1f}' for x in lowest)} ms "
              f"(ratio to node's lowest CPU {min(lowest) / min(node_cpu):.3f}); median wall per round "
              f"{', '.join(f'{x:.0f}' for x in medians)} ms (ratio to node's median wall "
              f"{statistics.median(medians) / statistics.median(node_wall):.2f})")
    os.remove(body)
    os.rmdir(work)


if __name__ == "__main__":
    main()

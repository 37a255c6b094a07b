#!/usr/bin/env python3
"""Issue 21's 29 MB POST: server CPU and wall time per request, binaries alternating, against node's JSON.parse.

    scripts/bench-bigpost.py [--rounds 3] [--posts 8] [--node 3] BINARY [BINARY ...]

The body is scripts/bench-http.sh's (1,000,000 items `{"width":w,"height":h}` plus a rect, 26.3 MB as Python
writes it), POSTed to /layout/waterfall with curl. Each round starts every binary in turn (the order alternating
between rounds) on a free port, sends one warm-up POST, then --posts POSTs, each timed with curl's time_total and,
for the server, its CPU time (user and system, every thread, the ended ones too) before and after: the process's
CPU clock (clock_gettime of the clock id the kernel derives from the pid), or where that clock cannot be read,
utime + stime of /proc/PID/stat (10 ms ticks). node then
times JSON.parse of the same text alone (process.cpuUsage and hrtime), --node times per round. Prints, per round
and binary, the lowest and the median of each measure, and the ratios of the lowest server CPU and the median wall
time to node's lowest JSON.parse CPU and median wall time. Needs curl and node; writes only a temporary directory.
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request


def server_cpu_ns(pid):
    """The CPU time, user and system, that process `pid` has used so far, in nanoseconds.

    Linux gives every process a CPU clock whose id is `(~pid << 3) | 2` (CPUCLOCK_SCHED over the whole thread
    group: clock_getcpuclockid's value), readable by another process, to the nanosecond. Without it, /proc/PID/stat's
    utime and stime (fields 14 and 15, in clock ticks). Both count threads that have ended, which the sum over
    /proc/PID/task/* misses.
    """
    try:
        return time.clock_gettime_ns(((~pid) << 3) | 2)
    except OSError:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()  # after the command, which may hold spaces
        return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def free_port():
    """A TCP port on the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
        # A server that could not bind exits: the answers would then be another server's, and its CPU none.
        time.sleep(0.2)
        if server.poll() is not None:
            sys.exit(f"{binary} exited ({server.returncode}) on port {port}")
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
    parser.add_argument("--port", type=int, default=0, help="the server's port; 0 (the default) picks a free one")
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
            cpu, wall = run_binary(binary, args.port or free_port(), body, args.posts)
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

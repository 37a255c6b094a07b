#!/usr/bin/env python3
"""Three layoutd replicas behind nginx on loopback, a mixed workload through nginx, one replica killed mid-run.

Uses deploy/nginx.conf and deploy/layoutd-servers.conf as they are (only the addresses change), and the JavaScript
client (web/layout-client.js) for the workload (scripts/scaleout-workload.mjs, run by node). Reports the requests
served, the errors the clients saw after recreating lost sessions (none expected), whether exactly the killed
replica's sessions were recreated, and the share of sessions remapped when a fourth replica joins. Exits 1 when any
of these is off.

    scripts/scaleout.py [--binary PATH] [--seconds 20] [--clients 12] [--sessions-per-client 4] [--probe-sessions 3000]
    scripts/scaleout.py --short        # the CI version: about 15 seconds
    scripts/scaleout.py --signal TERM  # the replica drains (a rolling update) rather than crashes
    scripts/scaleout.py --session-store  # replicas share sessions through a private redis-server: a rolling
                                         # restart of every replica, then one SIGKILL, with no session re-created;
                                         # then a replica that dies between Redis's append and its answer

Needs nginx (Debian's nginx-light) and node; --session-store also redis-server.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = "Layoutd-Session-Id"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http(method, url, body=None, headers=None):
    """(status, parsed JSON or None) of one request, with `headers` besides its content type."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, None


class Redis:
    """A private redis-server on a free loopback port, without persistence."""

    def __init__(self):
        self.port = free_port()
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--logfile", ""], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for line in self.process.stdout:
            if b"Ready to accept connections" in line:
                break
        else:
            raise RuntimeError("redis-server did not start")
        threading.Thread(target=lambda: self.process.stdout.read(), daemon=True).start()
        self.url = f"redis://127.0.0.1:{self.port}"

    def command(self, *words):
        """One command's answer: a bulk string's text, or the line of a simple answer (enough for INFO, DBSIZE)."""
        payload = f"*{len(words)}\r\n" + "".join(f"${len(w)}\r\n{w}\r\n" for w in map(str, words))
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as connection:
            connection.sendall(payload.encode())
            data = b""
            while b"\r\n" not in data:
                data += connection.recv(65536)
            head, _, rest = data.partition(b"\r\n")
            if not head.startswith(b"$"):
                return head[1:].decode()
            length = int(head[1:])
            while len(rest) < length + 2:
                rest += connection.recv(65536)
            return rest[:length].decode(errors="replace")

    def used_memory(self):
        return int(re.search(r"used_memory:(\d+)", self.command("INFO", "memory")).group(1))

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=15)


class Replica:
    def __init__(self, binary, port, extra=()):
        self.port = port
        self.process = subprocess.Popen(
            [binary, "--port", str(port), "--threads", "1", "--session-id-header", HEADER, "--log-requests", "false",
             *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        line = self.process.stderr.readline().decode()
        if "listening" not in line:
            raise RuntimeError(f"replica on {port} did not start: {line!r}")
        threading.Thread(target=lambda: self.process.stderr.read(), daemon=True).start()

    def sessions(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=5) as response:
            match = re.search(rb"^layoutd_sessions (\d+)$", response.read(), re.M)
            return int(match.group(1))

    def metric(self, name):
        """The value of an unlabelled metric, 0 when absent."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=5) as response:
            match = re.search(rb"^" + re.escape(name.encode()) + rb" (\d+)$", response.read(), re.M)
            return int(match.group(1)) if match else 0

    def requests(self, route):
        """Requests this replica answered on `route`."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=5) as response:
            pattern = rb'^layoutd_http_requests_total\{route="' + re.escape(route.encode()) + rb'".*\} (\d+)$'
            return sum(int(count) for count in re.findall(pattern, response.read(), re.M))

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=15)


class Dropper:
    """A replica that dies between Redis's append and its answer, every time: a proxy on its own port in front of a
    real replica, which forwards each request and relays the answer, except for the mutations (POST
    /sessions/{id}/invalidate, updates, transition, move/end): their answer is read (so the replica has appended the
    mutation to Redis) and dropped, and the connection closed. nginx sees the upstream close without an answer and
    retries the POST on the next replica, as after a SIGKILL at that moment."""

    MUTATION = re.compile(rb"^/sessions/[0-9a-f]{32}/(invalidate|updates|transition|move/end)$")

    def __init__(self, target_port):
        self.target = target_port
        self.dropped = 0
        self.created = []
        self.port = free_port()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", self.port))
        self.listener.listen(64)
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.handle, args=(connection,), daemon=True).start()

    def handle(self, connection):
        """One request a connection: forwarded with `Connection: close`, so the replica's answer ends at EOF."""
        with connection:
            reader = connection.makefile("rb")
            request_line = reader.readline()
            if not request_line:
                return
            headers, length = [], 0
            while (line := reader.readline()) not in (b"\r\n", b"\n", b""):
                name = line.split(b":", 1)[0].strip().lower()
                if name == b"content-length":
                    length = int(line.split(b":", 1)[1])
                if name not in (b"connection", b"keep-alive"):
                    headers.append(line)
            body = reader.read(length)
            with socket.create_connection(("127.0.0.1", self.target), timeout=30) as upstream:
                upstream.sendall(request_line + b"".join(headers) + b"Connection: close\r\n\r\n" + body)
                answer = b""
                while chunk := upstream.recv(65536):
                    answer += chunk
            method, target = request_line.split()[:2]
            if method == b"POST" and self.MUTATION.match(target):
                self.dropped += 1
                connection.shutdown(socket.SHUT_RDWR)
                return
            if method == b"POST" and target == b"/sessions" and answer.startswith(b"HTTP/1.1 201"):
                self.created.append(json.loads(answer.split(b"\r\n\r\n", 1)[1])["id"])
            connection.sendall(answer)

    def stop(self):
        self.listener.close()


class Nginx:
    """nginx in its own prefix directory, running deploy/nginx.conf with the replicas' addresses."""

    def __init__(self, port, replica_ports):
        self.prefix = tempfile.mkdtemp(prefix="layoutd-nginx-")
        self.port = port
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        with open(os.path.join(ROOT, "deploy", "nginx.conf")) as file:
            site = file.read()
        site, count = re.subn(r"(?m)^(\s*)listen 8080;", rf"\g<1>listen 127.0.0.1:{port};", site)
        assert count == 1, "deploy/nginx.conf must listen on 8080"
        with open(os.path.join(self.prefix, "layoutd.conf"), "w") as file:
            file.write(site)
        self.write_servers(replica_ports)
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            os.makedirs(os.path.join(self.prefix, "tmp", name))
        user = "user root;\n" if os.geteuid() == 0 else ""
        main = f"""{user}worker_processes 2;
daemon off;
pid nginx.pid;
error_log error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path tmp/body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;
    include layoutd.conf;
}}
"""
        self.conf = os.path.join(self.prefix, "nginx.conf")
        with open(self.conf, "w") as file:
            file.write(main)
        self.command = [binary, "-p", self.prefix + "/", "-c", self.conf]
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            try:
                if http("GET", f"http://127.0.0.1:{port}/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + self.process.stderr.read1().decode())

    def write_servers(self, replica_ports):
        """deploy/layoutd-servers.conf with its addresses replaced by these ports, one server line each."""
        with open(os.path.join(ROOT, "deploy", "layoutd-servers.conf")) as file:
            template = re.search(r"(?m)^server 127\.0\.0\.1:\d+ (.*)$", file.read()).group(1)
        with open(os.path.join(self.prefix, "layoutd-servers.conf"), "w") as file:
            for port in replica_ports:
                file.write(f"server 127.0.0.1:{port} {template}\n")

    def reload(self, replica_ports, newcomer):
        """Rewrites the replicas and reloads; returns once round-robin traffic reaches `newcomer`."""
        self.write_servers(replica_ports)
        subprocess.run(self.command + ["-s", "reload"], check=True, stderr=subprocess.DEVNULL)
        for _ in range(100):
            for _ in range(len(replica_ports)):
                http("GET", f"http://127.0.0.1:{self.port}/kinds")
            if newcomer.requests("/kinds"):
                return
            time.sleep(0.1)
        raise RuntimeError("nginx did not pick up the new replica")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            self.process.wait(timeout=15)
        shutil.rmtree(self.prefix, ignore_errors=True)


def remapped_share(base, replicas, nginx, binary, count):
    """Creates `count` sessions through nginx on three replicas, adds a fourth, and returns the share that moved."""
    ids = []
    for index in range(count):
        status, answer = http("POST", f"{base}/sessions", {"kind": "flow", "viewport": {"width": 100, "height": 100},
                                                           "sections": [{"count": 1 + index % 5}]})
        assert status == 201, (status, answer)
        ids.append(answer["id"])
    unreachable = sum(http("GET", f"{base}/sessions/{id}")[0] != 200 for id in ids)
    assert unreachable == 0, f"{unreachable} sessions not found right after their creation"
    spread = [replica.sessions() for replica in replicas]
    replicas.append(Replica(binary, free_port()))
    nginx.reload([replica.port for replica in replicas], replicas[-1])
    statuses = [http("GET", f"{base}/sessions/{id}")[0] for id in ids]
    moved = statuses.count(404)
    assert moved + statuses.count(200) == count, f"unexpected statuses {set(statuses)}"
    return moved / count, spread


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--sessions-per-client", type=int, default=4)
    parser.add_argument("--probe-sessions", type=int, default=3000)
    parser.add_argument("--signal", choices=["KILL", "TERM"], default="KILL",
                        help="how the replica goes away: a crash, or a graceful drain")
    parser.add_argument("--short", action="store_true", help="the CI version: 8 s, 8 clients, 900 probe sessions")
    parser.add_argument("--session-store", action="store_true",
                        help="share sessions through a private redis-server; restart every replica, then kill one")
    options = parser.parse_args()
    if options.short:
        options.seconds, options.clients, options.probe_sessions = 8, 8, 900
    binary = options.binary or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                       capture_output=True, text=True).stdout.strip(), "layoutd")

    if options.session_store:
        return run_shared(options, binary)
    replicas = [Replica(binary, free_port()) for _ in range(3)]
    nginx = None
    failures = []
    try:
        nginx = Nginx(free_port(), [replica.port for replica in replicas])
        workload = subprocess.Popen(
            ["node", os.path.join(ROOT, "scripts", "scaleout-workload.mjs"), f"http://127.0.0.1:{nginx.port}",
             str(options.seconds), str(options.clients), str(options.sessions_per_client)],
            stdout=subprocess.PIPE, text=True,
        )
        time.sleep(options.seconds * 0.4)
        victim = replicas[1]
        lost = victim.sessions()
        victim.stop(getattr(signal, "SIG" + options.signal))
        output, _ = workload.communicate(timeout=options.seconds + 120)
        if workload.returncode != 0:
            raise RuntimeError(f"the workload failed ({workload.returncode})")
        print(f"scaleout: 3 replicas behind nginx, {options.clients} clients for {options.seconds:g} s, "
              f"replica on port {victim.port} stopped (SIG{options.signal}) at {options.seconds * 0.4:g} s")
        failures += report_workload(json.loads(output), lost)

        # The fourth replica: first bring back the killed one (empty) and start nginx afresh, so that no replica is
        # still marked failed, then three become four.
        nginx.stop()
        replicas[1] = Replica(binary, victim.port)
        nginx = Nginx(free_port(), [replica.port for replica in replicas])
        try:
            share, spread = remapped_share(f"http://127.0.0.1:{nginx.port}", replicas, nginx, binary,
                                           options.probe_sessions)
            print(f"  fourth replica joins: {share:.1%} of {options.probe_sessions} sessions remapped "
                  f"(consistent hashing: about 1/4; spread over three before: {spread})")
            if not 0.10 <= share <= 0.40:
                failures.append(f"{share:.1%} remapped, not about a quarter")
        except AssertionError as error:
            failures.append(f"remapping: {error}")
    finally:
        if nginx:
            nginx.stop()
        for replica in replicas:
            replica.stop()
    if any(replica.process.returncode != 0 for replica in (replicas[0], replicas[2])):
        failures.append("a surviving replica did not exit cleanly")
    print("scaleout: " + ("FAILED: " + "; ".join(failures) if failures else "ok"))
    return 1 if failures else 0


def run_shared(options, binary):
    """Replicas sharing sessions through Redis: every replica restarted in turn (SIGTERM, a rolling update), then one
    killed (SIGKILL), under the mixed workload; no client may re-create a session, see an error or a version that
    does not follow."""
    redis = Redis()
    extra = ("--session-store", redis.url)
    replicas = [Replica(binary, free_port(), extra) for _ in range(3)]
    nginx = None
    failures = []
    # Each restart waits out nginx's fail_timeout (5 s in deploy/layoutd-servers.conf) before the next, as a rolling
    # update waits for readiness: two replicas marked failed at once would leave some hash ranges without one.
    pause = 6.5
    seconds = 2 + 4 * pause + 2
    try:
        nginx = Nginx(free_port(), [replica.port for replica in replicas])
        workload = subprocess.Popen(
            ["node", os.path.join(ROOT, "scripts", "scaleout-workload.mjs"), f"http://127.0.0.1:{nginx.port}",
             str(seconds), str(options.clients), str(options.sessions_per_client)],
            stdout=subprocess.PIPE, text=True,
        )
        # Each replica drains and comes back empty on its port, one after the other.
        time.sleep(2)
        held = []
        for index, replica in enumerate(replicas):
            held.append(replica.sessions())
            replica.stop(signal.SIGTERM)
            if replica.process.returncode != 0:
                failures.append(f"replica on port {replica.port} did not drain cleanly")
            replicas[index] = Replica(binary, replica.port, extra)
            time.sleep(pause)
        victim = replicas[0]
        killed = victim.sessions()
        victim.stop(signal.SIGKILL)
        replicas[0] = Replica(binary, victim.port, extra)
        time.sleep(pause)
        output, _ = workload.communicate(timeout=seconds + 120)
        if workload.returncode != 0:
            raise RuntimeError(f"the workload failed ({workload.returncode})")
        stats = json.loads(output)
        rebuilds = sum(replica.metric("layoutd_session_store_rebuilds_total") for replica in replicas)
        print(f"scaleout (session store): 3 replicas behind nginx sharing {redis.url}, {options.clients} clients "
              f"for {seconds:g} s; every replica restarted (SIGTERM) in turn, holding {held} sessions, then one "
              f"killed (SIGKILL) holding {killed}")
        print(f"  requests served through nginx: {stats['requests']} ({stats['operations']} operations), "
              f"by status: {json.dumps(dict(sorted(stats['byStatus'].items())))}")
        print(f"  sessions: {stats['sessions']}; re-created by the clients: {stats['recreations']}; rebuilt from "
              f"Redis by the replicas now running: {rebuilds}; keys in Redis: {redis.command('DBSIZE').strip()}")
        print(f"  errors seen by clients: {stats['errors']} {stats['errorSamples']}")
        print(f"  versions inconsistent: {stats['inconsistencies']} {stats['inconsistencySamples']}")
        if stats["recreations"]:
            failures.append(f"clients re-created {stats['recreations']} sessions")
        if stats["errors"]:
            failures.append("clients saw errors")
        if stats["inconsistencies"]:
            failures.append("a session's version did not follow")
        nginx.stop()
        nginx = None
        failures += retried_mutations(replicas, redis)
    finally:
        if nginx:
            nginx.stop()
        for replica in replicas:
            replica.stop()
        redis.stop()
    print("scaleout (session store): " + ("FAILED: " + "; ".join(failures) if failures else "ok"))
    return 1 if failures else 0


def retried_mutations(replicas, redis):
    """The case CI met once by chance, made certain: behind nginx, a replica that dies after each mutation's append
    to Redis and before its answer (``Dropper`` in front of replicas[0]) and a healthy one (replicas[1]). A session
    created through the dropper hashes to it, so its mutations are appended by replicas[0], their answers lost, and
    retried by nginx on replicas[1] with the same Idempotency-Key. Each answer must be 200 at the version after the
    previous one; returns what is wrong."""
    before = sum(replica.metric("layoutd_session_store_replays_total") for replica in replicas)
    dropper = Dropper(replicas[0].port)
    nginx = Nginx(free_port(), [dropper.port, replicas[1].port])
    base = f"http://127.0.0.1:{nginx.port}"
    failures, answers = [], []
    try:
        for _ in range(64):
            if dropper.created:
                break
            status, _ = http("POST", f"{base}/sessions", {"kind": "flow", "viewport": {"width": 375, "height": 667},
                                                           "sections": [{"count": 20}]})
            if status != 201:
                failures.append(f"create answered {status}")
        if not dropper.created:
            return failures + ["no session was created through the dying replica"]
        id = dropper.created[0]
        version = 1
        for step in range(4):
            body = {"items": [{"indexPath": [0, step], "size": {"width": 60 + step, "height": 40}}]}
            status, answer = http("POST", f"{base}/sessions/{id}/invalidate", body,
                                  headers={"If-Match": f'"{version}"'} if step % 2 else None)
            answered = (status, answer.get("version") if status == 200 and answer else answer)
            answers.append(answered)
            if answered != (200, version + 1):
                failures.append(f"invalidate {step + 1}: answered {answered}, expected (200, {version + 1})")
            version += 1
        replays = sum(replica.metric("layoutd_session_store_replays_total") for replica in replicas) - before
        print(f"  retries: a replica that dies between the append and its answer; {dropper.dropped} answers lost "
              f"and retried by nginx on the next replica, {replays} answered again from Redis; (status, version) "
              f"of each of 4 invalidates: {answers}")
        if dropper.dropped == 0:
            failures.append("no mutation reached the dying replica")
        if replays != dropper.dropped:
            failures.append(f"{dropper.dropped} answers lost but {replays} retries answered again")
    finally:
        nginx.stop()
        dropper.stop()
    return failures


def report_workload(stats, lost):
    """Prints the workload's counts; returns what is wrong with them."""
    print(f"  requests served through nginx: {stats['requests']} ({stats['operations']} operations), "
          f"by status: {json.dumps(dict(sorted(stats['byStatus'].items())))}")
    print(f"  sessions: {stats['sessions']}; held by the stopped replica: {lost}; recreated by the clients: "
          f"{stats['recreations']}")
    print(f"  errors seen by clients after recreation: {stats['errors']} {stats['errorSamples']}")
    print(f"  versions inconsistent after replay: {stats['inconsistencies']} {stats['inconsistencySamples']}")
    failures = []
    if stats["errors"]:
        failures.append("clients saw errors")
    if stats["inconsistencies"]:
        failures.append("a replayed session's version differs")
    if stats["recreations"] != lost:
        failures.append(f"{stats['recreations']} recreations for {lost} lost sessions")
    return failures


if __name__ == "__main__":
    sys.exit(main())

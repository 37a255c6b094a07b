"""What the reliability scripts share: the release binary, a layoutd process, raw HTTP over sockets, resident
memory, and a tally of checks that prints its figures and fails the script when one does not hold."""
import os
import resource
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))

from harness import Server  # noqa: E402  (the path above makes the end-to-end helper importable)


def release_binary():
    """The layoutd release binary: the first argument, or LAYOUTD_BINARY, or a fresh `swift build -c release`."""
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        return sys.argv[1]
    if os.environ.get("LAYOUTD_BINARY"):
        return os.environ["LAYOUTD_BINARY"]
    subprocess.run(["swift", "build", "-c", "release", "--product", "layoutd"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "layoutd")


def start(binary, *arguments, fd_limit=None, env=None):
    """A layoutd on a free loopback port, request logging off unless asked for; `fd_limit` lowers `ulimit -n`."""
    if "--log-requests" not in arguments:
        arguments = (*arguments, "--log-requests", "false")
    preexec = None
    if fd_limit is not None:
        def preexec():
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))
    return Server(binary, *arguments, env=env, preexec_fn=preexec)


def rss_mib(pid):
    """The resident memory of a process, in MiB."""
    figures = rss_kib(pid)
    if "VmRSS" not in figures:
        raise RuntimeError(f"no VmRSS for {pid}")
    return figures["VmRSS"] / 1024


def rss_kib(pid):
    """The resident memory of a process in KiB, split as `/proc/PID/status` does: `VmRSS`, `RssAnon`, `RssFile`."""
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile"):
                figures[name] = int(value.split()[0])
    return figures


def request(method, path, body=b"", headers=None, close=False):
    """The bytes of one HTTP/1.1 request."""
    if isinstance(body, str):
        body = body.encode()
    lines = [f"{method} {path} HTTP/1.1", "Host: reliability"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body or method in ("POST", "PUT"):
        lines.append(f"Content-Length: {len(body)}")
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


class Response:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        import json
        return json.loads(self.body)


class Client:
    """One raw connection that reads whole responses, framed by Content-Length or (large streamed answers, issue
    19.4) chunked; a chunked body is returned decoded, its bytes as they would be under Content-Length."""

    def __init__(self, port, timeout=10):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = bytearray()  # appended in place: a 265 MB answer must not be copied once per chunk

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise EOFError("closed by the server")
        self.buffer += chunk

    def read_response(self, head_only_for=None):
        """The next response; `head_only_for` = "HEAD" reads no body."""
        while self.buffer.find(b"\r\n\r\n") < 0:
            self._fill()
        end = self.buffer.find(b"\r\n\r\n")
        head = bytes(self.buffer[:end])
        del self.buffer[:end + 4]
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if head_only_for != "HEAD" and headers.get("transfer-encoding") == "chunked":
            return Response(status, headers, self._read_chunked())
        length = 0 if head_only_for == "HEAD" else int(headers.get("content-length", "0"))
        while len(self.buffer) < length:
            self._fill()
        body = bytes(self.buffer[:length])
        del self.buffer[:length]
        return Response(status, headers, body)

    def _read_chunked(self):
        body = bytearray()
        while True:
            while self.buffer.find(b"\r\n") < 0:
                self._fill()
            line_end = self.buffer.find(b"\r\n")
            size = int(bytes(self.buffer[:line_end]).split(b";")[0], 16)
            while len(self.buffer) < line_end + 2 + size + 2:
                self._fill()
            body += self.buffer[line_end + 2:line_end + 2 + size]
            del self.buffer[:line_end + 2 + size + 2]
            if size == 0:
                return bytes(body)

    def closed_by_server(self, timeout=5):
        """Whether the server closes the connection (EOF or reset) within `timeout`, with no further bytes sent."""
        self.sock.settimeout(timeout)
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return not self.buffer
                self.buffer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return not self.buffer
        except socket.timeout:
            return False

    def close(self):
        self.sock.close()


def call(port, method, path, body=b"", headers=None, timeout=30):
    """One request on its own connection; returns the Response."""
    client = Client(port, timeout=timeout)
    try:
        client.send(request(method, path, body, headers, close=True))
        return client.read_response(head_only_for=method)
    finally:
        client.close()


def wait_until(condition, timeout, step=0.05):
    """Polls `condition` until it holds or `timeout` seconds pass; returns whether it held."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


class Tally:
    """Checks that print one line each and a closing count; `finish` exits non-zero when any failed."""

    def __init__(self, name):
        self.name, self.passed, self.failed = name, 0, 0

    def check(self, condition, what, figures=""):
        mark = "held  " if condition else "FAILED"
        print(f"  {mark} {what}" + (f"  [{figures}]" if figures else ""), flush=True)
        if condition:
            self.passed += 1
        else:
            self.failed += 1
        return condition

    def finish(self):
        print(f"reliability {self.name}: {self.passed} held, {self.failed} failed", flush=True)
        sys.exit(1 if self.failed else 0)

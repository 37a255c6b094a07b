"""What the end-to-end and browser checks share: a real layoutd process on a free loopback port."""
import os
import re
import signal
import subprocess
import threading


class Server:
    def __init__(self, binary, *arguments, env=None, preexec_fn=None):
        environment = dict(os.environ)
        environment.update(env or {})
        self.process = subprocess.Popen(
            [binary, "--port", "0", *arguments], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=environment,
            preexec_fn=preexec_fn,
        )
        self.log = []
        line = self.process.stderr.readline().decode()
        match = re.search(r"listening on http://[^:]+:(\d+)", line)
        if not match:
            raise RuntimeError(f"layoutd did not start: {line!r}")
        self.port = int(match.group(1))
        self.reader = threading.Thread(target=self._read_log, daemon=True)
        self.reader.start()

    def _read_log(self):
        for line in self.process.stderr:
            self.log.append(line.decode())

    def stop(self, timeout=15):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)


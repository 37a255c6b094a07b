#!/usr/bin/env python3
"""Large bodies read while they arrive (issue 21): answers, errors and connection handling as before.

    python3 scripts/reliability/early-bodies.py LAYOUTD [BASE_LAYOUTD]

A `POST /layout/waterfall` of 1 MiB or more is decoded by a worker while the event loop still receives it. This
sends 3 MB bodies (valid, a wrong item early or late, a damaged byte, a byte after the end) whole and in 64 KiB
pieces with pauses, and checks each answer (status and body, the request id aside) against the same body sent
to BASE_LAYOUTD (a build without the early start), or when none is given, against the same body sent whole. Then:
a client that closes halfway, twenty times over, leaves the server answering and its worker queue empty; a body
that stalls past --body-timeout gets the same 408 and close as before; a keep-alive connection goes on after an
early-read POST; and a big POST is answered promptly while a slow client trickles another.
"""
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Client, Tally, call, request, start, wait_until  # noqa: E402

ITEMS = 120_000


def body(damage=None):
    items = [f'{{"width":{i % 90 + 10},"height":{i * 7 % 300 + 1}}}' for i in range(ITEMS)]
    if damage == "early-item":
        items[ITEMS // 10] = '{"width":-1,"height":1}'
    elif damage == "late-item":
        items[ITEMS - 50] = '{"width":1,"height":1,"depth":2}'
    text = ('{"viewport":{"width":1024,"height":768},"config":{"columnCount":3},"sections":[{"items":['
            + ",".join(items) + ']}],"rect":{"x":0,"y":0,"width":1024,"height":4000}}')
    data = bytearray(text.encode())
    if damage == "byte":
        data[len(data) // 2] = ord("x")
    elif damage == "after-end":
        data += b" x"
    return bytes(data)


def send(port, data, pieces):
    """POSTs `data` whole or in 64 KiB pieces with 2 ms pauses; returns (status, body)."""
    client = Client(port, timeout=60)
    try:
        head = request("POST", "/layout/waterfall", data, close=True)
        head, payload = head[:len(head) - len(data)], head[len(head) - len(data):]
        client.send(head)
        if pieces:
            for offset in range(0, len(payload), 65536):
                client.send(payload[offset:offset + 65536])
                time.sleep(0.002)
        else:
            client.send(payload)
        response = client.read_response()
        return response.status, response.body
    finally:
        client.close()


def main():
    binary = sys.argv[1]
    base = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith("-") else None
    tally = Tally("early-bodies")
    bodies = {name: body(name) for name in (None, "early-item", "late-item", "byte", "after-end")}
    expected = {}
    if base:
        server = start(base)
        try:
            for name, data in bodies.items():
                expected[name] = send(server.port, data, pieces=False)
        finally:
            server.stop()
    server = start(binary, "--body-timeout", "2")
    try:
        port = server.port
        for name, data in bodies.items():
            whole = send(port, data, pieces=False)
            sliced = send(port, data, pieces=True)
            reference = expected.get(name, whole)
            tally.check(whole == reference and sliced == reference,
                        f"{name or 'valid'} body: the same answer whole and in pieces"
                        + (" as the base" if base else ""),
                        f"status {sliced[0]}, {len(sliced[1])} bytes")

        valid = bodies[None]
        for _ in range(20):
            client = Client(port)
            client.send(request("POST", "/layout/waterfall", valid)[:1_500_000])
            client.close()
        health = call(port, "GET", "/healthz")
        answer = send(port, valid, pieces=False)
        queued = []

        def drained():
            # The abandoned bodies' early jobs may still be queued for a moment; each gives up as soon as it runs.
            metrics = call(port, "GET", "/metrics").body.decode()
            queued[:] = [line for line in metrics.splitlines() if line.startswith("layoutd_worker_queue_length ")]
            return queued == ["layoutd_worker_queue_length 0"]

        tally.check(health.status == 200 and answer == expected.get(None, answer) and answer[0] == 200
                    and wait_until(drained, 5),
                    "twenty clients closing halfway through a 3 MB body leave the server answering",
                    ", ".join(queued))

        client = Client(port)
        client.send(request("POST", "/layout/waterfall", valid)[:1_200_000])
        started = time.monotonic()
        response = client.read_response()
        closed = client.closed_by_server()
        client.close()
        tally.check(response.status == 408 and closed, "a body stalled past --body-timeout: 408, then closed",
                    f"after {time.monotonic() - started:.1f} s")

        client = Client(port, timeout=60)
        client.send(request("POST", "/layout/waterfall", valid))
        first = client.read_response()
        client.send(request("GET", "/healthz"))
        second = client.read_response()
        client.close()
        tally.check(first.status == 200 and second.status == 200, "keep-alive goes on after an early-read POST")

        slow = Client(port, timeout=60)
        data = request("POST", "/layout/waterfall", valid, close=True)
        stop = threading.Event()

        def trickle():
            for offset in range(0, len(data) - 1, 4096):
                if stop.is_set():
                    return
                slow.send(data[offset:offset + 4096])
                time.sleep(0.01)

        worker = threading.Thread(target=trickle)
        worker.start()
        time.sleep(0.3)
        started = time.monotonic()
        fast = send(port, valid, pieces=False)
        took = time.monotonic() - started
        stop.set()
        worker.join()
        slow.close()
        tally.check(fast[0] == 200 and took < 5, "a big POST is answered while a slow client trickles another",
                    f"{took * 1000:.0f} ms")
    finally:
        server.stop()
    tally.finish()


if __name__ == "__main__":
    main()

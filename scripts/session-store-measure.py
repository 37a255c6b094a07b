#!/usr/bin/env python3
"""Measures the session store (docs/session-store.md): the cost per mutation and per query with and without
--session-store (p50 and p99 over keep-alive loopback HTTP), the rebuild time of a 1,000,000-item session on a
replica that does not hold it, and Redis memory per session.

    scripts/session-store-measure.py [--binary PATH] [--mutations 2000] [--items 1000000]

Starts its own redis-server (no persistence) and layoutd replicas on free loopback ports. Needs redis-server.
"""
import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scaleout import ROOT, Redis, Replica, free_port  # noqa: E402


class Client:
    """One keep-alive connection to a replica."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method, path, body=None):
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        headers = {"Content-Type": "application/json"} if data is not None else {}
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - started
        return response.status, payload, elapsed


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def costs(port, count):
    """p50 and p99 (ms) of invalidations and of queries on one 10,000-item session."""
    client = Client(port)
    sizes = [{"width": 40 + i % 60, "height": 30 + i % 50} for i in range(10_000)]
    status, payload, _ = client.call("POST", "/sessions", {"kind": "flow", "viewport": {"width": 375, "height": 667},
                                                           "sections": [{"items": sizes}]})
    assert status == 201, payload
    sid = json.loads(payload)["id"]
    generator = random.Random(7)
    mutations, queries = [], []
    for step in range(count):
        item = generator.randrange(10_000)
        body = {"items": [{"indexPath": [0, item], "size": {"width": 30 + step % 70, "height": 20 + step % 40}}]}
        status, payload, elapsed = client.call("POST", f"/sessions/{sid}/invalidate", body)
        assert status == 200, payload
        mutations.append(elapsed * 1000)
        status, payload, elapsed = client.call(
            "POST", f"/sessions/{sid}/query", {"rect": {"x": 0, "y": step * 10, "width": 375, "height": 667}})
        assert status == 200, payload
        queries.append(elapsed * 1000)
    return [(percentile(v, 0.5), percentile(v, 0.99)) for v in (mutations, queries)]


def rebuild(redis, binary, items):
    """Seconds to create an `items`-item session on one replica, and to answer its first and second read on another
    (the first rebuilds it from Redis); the Redis memory of its keys."""
    store = ("--session-store", redis.url)
    first, second = Replica(binary, free_port(), store), Replica(binary, free_port(), store)
    try:
        sizes = ",".join(f'{{"width":{100 + i % 50},"height":{50 + i % 200}}}' for i in range(items))
        body = ('{"kind":"waterfall","viewport":{"width":375,"height":667},"sections":[{"items":[' + sizes
                + "]}]}").encode()
        status, payload, created = Client(first.port).call("POST", "/sessions", body)
        assert status == 201, payload[:200]
        sid = json.loads(payload)["id"]
        reader = Client(second.port)
        query = {"rect": {"x": 0, "y": 0, "width": 375, "height": 667}}
        status, payload, rebuilt = reader.call("POST", f"/sessions/{sid}/query", query)
        assert status == 200, payload[:200]
        status, payload, cached = reader.call("POST", f"/sessions/{sid}/query", query)
        assert status == 200, payload[:200]
        memory = int(redis.command("MEMORY", "USAGE", "layoutd:{" + sid + "}", "SAMPLES", "0"))
        return len(body), created, rebuilt, cached, memory
    finally:
        first.stop()
        second.stop()


def memory_per_session(redis, binary, count):
    """Redis bytes per session for `count` small sessions: 100 items as a count, and 100 items with sizes."""
    replica = Replica(binary, free_port(), ("--session-store", redis.url))
    try:
        client = Client(replica.port)
        results = []
        for section in ({"count": 100}, {"items": [{"width": 40 + i, "height": 30 + i % 7} for i in range(100)]}):
            redis.command("FLUSHALL")
            before = redis.used_memory()
            for _ in range(count):
                status, payload, _ = client.call("POST", "/sessions", {"kind": "flow", "sections": [section],
                                                                       "viewport": {"width": 375, "height": 667}})
                assert status == 201, payload
            results.append((redis.used_memory() - before) / count)
        return results
    finally:
        replica.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--mutations", type=int, default=2000)
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--sessions", type=int, default=1000)
    options = parser.parse_args()
    binary = options.binary or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                       capture_output=True, text=True).stdout.strip(), "layoutd")
    redis = Redis()
    try:
        alone = Replica(binary, free_port())
        shared = Replica(binary, free_port(), ("--session-store", redis.url))
        try:
            without, with_store = costs(alone.port, options.mutations), costs(shared.port, options.mutations)
        finally:
            alone.stop()
            shared.stop()
        for name, index in (("invalidate", 0), ("query", 1)):
            (a50, a99), (b50, b99) = without[index], with_store[index]
            print(f"{name} on a 10,000-item session, {options.mutations} requests over keep-alive loopback HTTP: "
                  f"without store p50 {a50:.3f} ms p99 {a99:.3f} ms; with store p50 {b50:.3f} ms p99 {b99:.3f} ms")
        size, created, rebuilt, cached, memory = rebuild(redis, binary, options.items)
        print(f"{options.items:,}-item waterfall session ({size / 1e6:.1f} MB of JSON): created in {created:.3f} s; "
              f"first read on another replica (rebuild from Redis) {rebuilt:.3f} s; next read {cached * 1000:.3f} ms; "
              f"Redis MEMORY USAGE of its input {memory / 1e6:.2f} MB")
        count_bytes, sized_bytes = memory_per_session(redis, binary, options.sessions)
        print(f"Redis used_memory per session over {options.sessions} sessions: 100 items as a count "
              f"{count_bytes:.0f} bytes; 100 items with sizes {sized_bytes:.0f} bytes")
    finally:
        redis.stop()


if __name__ == "__main__":
    sys.exit(main())

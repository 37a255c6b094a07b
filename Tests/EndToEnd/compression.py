#!/usr/bin/env python3
"""deploy/nginx.conf in front of a real layoutd: JSON, problem answers and the page's files are gzipped for the
clients that ask, and the page's files still revalidate with 304 through nginx.

Usage: compression.py PATH_TO_LAYOUTD   (needs nginx; scripts/test runs it beside the scale-out check)

Prints the sizes it saw, one line per check and 'compression: N passed, 0 failed'.
"""
import gzip
import json
import os
import subprocess
import sys

from harness import Server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from scaleout import Nginx, free_port  # noqa: E402 - the scale-out check's nginx, run from deploy/nginx.conf


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def fetch(url, *arguments, data=None):
    """(status, headers with lower-case names, raw body) from curl, which does not decompress unless asked; `data`
    is posted from standard input."""
    posted = ["--data-binary", "@-"] if data is not None else []
    result = subprocess.run(["curl", "-sS", "-D", "-", "--max-time", "30", *posted, *arguments, url],
                            input=data.encode() if data is not None else None, capture_output=True, check=True)
    head, _, body = result.stdout.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def main():
    server = Server(sys.argv[1], "--no-log-requests")
    nginx = Nginx(free_port(), [server.port])
    base = f"http://127.0.0.1:{nginx.port}"
    direct = f"http://127.0.0.1:{server.port}"
    passed = failed = 0

    def check(name, function):
        nonlocal passed, failed
        try:
            function()
            passed += 1
            print(f"  ok   {name}")
        except Exception as error:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"  FAIL {name}: {error}")

    def a_large_layout_is_gzipped_and_reads_back_the_same():
        items = ",".join('{"width":%d,"height":%d}' % (40 + i % 7, 30 + i % 5) for i in range(20000))
        body = '{"viewport":{"width":375,"height":812},"sections":[{"items":[%s]}]}' % items
        plain = fetch(direct + "/layout/flow", data=body)[2]
        status, headers, zipped = fetch(base + "/layout/flow", "-H", "Accept-Encoding: gzip", data=body)
        expect(status == 200 and headers.get("content-encoding") == "gzip", f"gzip: {status} {headers}")
        expect("accept-encoding" in headers.get("vary", "").lower(), f"Vary: {headers}")
        expect(gzip.decompress(zipped) == plain, "the same answer once decompressed")
        print(f"    20,000 items: {len(plain):,} bytes of JSON, {len(zipped):,} gzipped through nginx")
        status, headers, unzipped = fetch(base + "/layout/flow", data=body)
        expect("content-encoding" not in headers and unzipped == plain, "a client that does not ask gets it plain")

    def a_problem_answer_is_gzipped():
        status, headers, zipped = fetch(base + "/layout/nosuchkind", "-d", "{}", "-H", "Accept-Encoding: gzip")
        expect(status == 404 and headers.get("content-encoding") == "gzip", f"problem: {status} {headers}")
        expect(headers.get("content-type", "").startswith("application/problem+json"), f"type: {headers}")
        problem = json.loads(gzip.decompress(zipped))
        expect(problem["type"] == "/problems/unknown-kind", f"problem: {problem}")

    def the_pages_files_are_gzipped_and_revalidate():
        status, headers, zipped = fetch(base + "/layout-client.js", "-H", "Accept-Encoding: gzip")
        expect(status == 200 and headers.get("content-encoding") == "gzip", f"client: {status} {headers}")
        expect(headers.get("cache-control") == "no-cache", f"Cache-Control: {headers}")
        tag = headers.get("etag", "")
        expect(tag.startswith('W/"'), f"nginx makes the tag weak when it compresses: {tag!r}")
        status, headers, body = fetch(base + "/layout-client.js", "-H", "Accept-Encoding: gzip",
                                      "-H", f"If-None-Match: {tag}")
        expect(status == 304 and body == b"", f"revalidated: {status} {headers}")

    check("a_large_layout_is_gzipped_and_reads_back_the_same", a_large_layout_is_gzipped_and_reads_back_the_same)
    check("a_problem_answer_is_gzipped", a_problem_answer_is_gzipped)
    check("the_pages_files_are_gzipped_and_revalidate", the_pages_files_are_gzipped_and_revalidate)
    nginx.stop()
    server.stop()
    print(f"compression: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Blank frames while scrolling the demo page in headless chromium (selenium and chromium-driver, as the browser test).

Usage: scripts/bench-browser.py PATH_TO_LAYOUTD [--seconds 3] [--speeds 2400,6000] [--jumps 5]

Starts layoutd on a free port, opens the page it serves at 1280×900 and, in the million tab (1,000,000 photos in a
flow) and the photos tab (100,000 photos, justified), scrolls the stage programmatically at each speed for the given
seconds, one step a frame. A frame is checked after every requestAnimationFrame callback and layout, just before
paint (a ResizeObserver callback on a probe the driver resizes every frame): it is blank when an element that the
layout places inside the visible rect (the session's own answer for the whole scrolled range, fetched beforehand)
is not in the DOM at its frame. Then it jumps 500,000 px at rest and measures the time until the first complete
frame. Prints a Markdown table; also reports queries and bytes per second of scrolling, the frame times, and of the
blank frames those whose missing elements the view did not hold yet (fetched late, rather than drawn late).
"""
import argparse
import json
import os
import shutil
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))

# The page-side measurement: scrolls the stage from `start` at `speed` px/s for `seconds`, or jumps by `jump` px,
# and checks every frame against `truth` (the session's attributes over the scrolled range).
MEASURE_JS = r"""
const [start, speed, seconds, jump, done] = arguments;
const demo = window.layoutdDemo;
const view = demo.view;
const stage = view.container;
const key = (a) => a.kind ? `${a.category}/${a.kind}/${a.indexPath[0]}/${a.indexPath[1]}`
    : `${a.category}/${a.indexPath[0]}/${a.indexPath[1]}`;
const width = stage.clientWidth, height = stage.clientHeight;
const end = jump ? start + jump : start + speed * seconds + height;
const truthRect = jump ? { x: 0, y: start + jump, width, height } : { x: 0, y: start, width, height: end - start };
(async () => {
    // The ground truth, straight from the server (not through the page's client, so it is not counted).
    const answer = await (await fetch(`${view.client.baseURL}/sessions/${view.sessionId}/query`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rect: truthRect, contentOffset: { x: 0, y: 0 } }),
    })).json();
    const truth = answer.attributes;
    stage.scrollTop = start;
    // Let the view settle at the start.
    for (let i = 0; i < 200 && !view.idle; i += 1) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => requestAnimationFrame(r));
    const probe = document.createElement('div');
    probe.style.cssText = 'position:fixed;left:0;top:0;height:1px;width:1px;visibility:hidden;pointer-events:none';
    document.body.appendChild(probe);
    const before = { queries: view.client.requests, bytes: view.client.bytesReceived, aborted: view.stats.aborted };
    const frames = [];
    let t0 = 0, lastT = 0, finished = false, jumpedAt = 0, completeAt = 0;
    const check = () => {
        const y = stage.scrollTop, x = stage.scrollLeft;
        const visible = { x, y, width, height };
        let missing = 0, expected = 0, absent = 0, unheld = 0;
        // Where the browser laid the elements out, relative to the content element (after layout, before paint).
        const origin = view.content.getBoundingClientRect();
        for (const a of truth) {
            const f = a.frame;
            const inside = f.x < visible.x + visible.width && visible.x < f.x + f.width &&
                f.y < visible.y + visible.height && visible.y < f.y + f.height;
            if (!inside) continue;
            expected += 1;
            const e = view.elements.get(key(a));
            if (!e || e.parentNode !== view.content) {
                missing += 1;
                absent += 1;
                // Was it held (drawn late) or still on its way (fetched late)?
                const k = key(a);
                const held = view.windows.some((w) =>
                    w.version === view.version && w.attributes.some((b) => key(b) === k));
                if (!held) unheld += 1;
                continue;
            }
            const box = e.getBoundingClientRect();
            const off = Math.abs(box.top - origin.top - f.y) > 0.5 || Math.abs(box.left - origin.left - f.x) > 0.5;
            if (off) missing += 1;
        }
        return { y, expected, missing, absent, unheld };
    };
    const observer = new ResizeObserver(() => {
        if (finished || !t0) return;
        const result = check();
        result.t = performance.now() - t0;
        frames.push(result);
        if (jump && result.missing === 0 && result.expected > 0 && !completeAt) completeAt = performance.now();
    });
    observer.observe(probe);
    let toggle = false;
    const step = (now) => {
        if (!t0) t0 = now;
        const t = (now - t0) / 1000;
        toggle = !toggle;
        probe.style.width = toggle ? '2px' : '1px';
        if (jump) {
            if (!jumpedAt) { stage.scrollTop = start + jump; jumpedAt = performance.now(); }
            if (completeAt || now - t0 > 3000) { finish(); return; }
        } else {
            if (t >= seconds) { finish(); return; }
            stage.scrollTop = start + speed * t;
        }
        lastT = now;
        requestAnimationFrame(step);
    };
    const finish = () => {
        finished = true;
        observer.disconnect();
        probe.remove();
        const elapsed = (performance.now() - t0) / 1000;
        const intervals = frames.slice(1).map((f, i) => f.t - frames[i].t).sort((a, b) => a - b);
        done({
            frames: frames.length,
            blank: frames.filter((f) => f.missing > 0).length,
            missingMax: Math.max(0, ...frames.map((f) => f.missing)),
            misplaced: frames.reduce((s, f) => s + f.missing - f.absent, 0),
            fetchedLate: frames.filter((f) => f.unheld > 0).length,
            blankAt: frames.filter((f) => f.missing > 0).slice(0, 8).map((f) => Math.round(f.t)),
            expectedMean: frames.reduce((s, f) => s + f.expected, 0) / Math.max(1, frames.length),
            meanFrame: intervals.reduce((s, v) => s + v, 0) / Math.max(1, intervals.length),
            p99Frame: intervals[Math.floor(intervals.length * 0.99)] || 0,
            queries: view.client.requests - before.queries,
            bytes: view.client.bytesReceived - before.bytes,
            aborted: view.stats.aborted - before.aborted,
            seconds: elapsed,
            jumpMs: jump ? (completeAt ? completeAt - jumpedAt : -1) : null,
            distance: stage.scrollTop - start,
        });
    };
    requestAnimationFrame(step);
})().catch((error) => done({ error: String(error && error.stack || error) }));
"""


def show_tab(driver, tab, timeout=60):
    driver.execute_script(f"location.hash = '{tab}'")
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = driver.execute_script("return window.layoutdDemo && window.layoutdDemo.snapshot()")
        if s and s["error"]:
            raise AssertionError(f"the page reports an error: {s['error']}")
        if s and s["demo"] == tab and s["idle"] and s["sessionId"] and s["photosReady"]:
            return s
        time.sleep(0.1)
    raise AssertionError(f"{tab} did not settle")


def measure(driver, tab, speed=0, seconds=3, start=0, jump=0):
    """One run in the page; returns its result dictionary."""
    show_tab(driver, tab)
    driver.set_script_timeout(60)
    result = driver.execute_async_script(MEASURE_JS, start, speed, seconds, jump)
    if "error" in result:
        raise AssertionError(f"measurement failed: {result['error']}")
    return result


def run(driver, seconds, speeds, jumps):
    rows = []
    for tab, label in (("million", "million (flow, 1,000,000)"), ("justified", "photos (justified, 100,000)")):
        for speed in speeds:
            r = measure(driver, tab, speed=speed, seconds=seconds, start=1000)
            rows.append({"tab": label, "what": f"{speed:,} px/s for {seconds:g} s", **r})
        times = []
        for i in range(jumps):
            r = measure(driver, tab, jump=500_000, start=2000 + i * 10_000)
            times.append(r["jumpMs"])
        rows.append({"tab": label, "what": f"jump 500,000 px ×{jumps}", "jumpTimes": times})
    return rows


def table(rows):
    lines = [
        "| tab | scrolling | blank frames | of which fetched late | frames | max missing | queries/s | KB/s | aborted "
        "| mean / p99 frame |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if "jumpTimes" in r:
            times = sorted(t for t in r["jumpTimes"])
            text = ", ".join(f"{t:.0f}" for t in r["jumpTimes"])
            lines.append(f"| {r['tab']} | {r['what']} | complete after {text} ms (max {times[-1]:.0f}) | | | | | | | |")
            continue
        percent = 100 * r["blank"] / max(1, r["frames"])
        lines.append(
            f"| {r['tab']} | {r['what']} | {r['blank']} ({percent:.1f}%) | {r['fetchedLate']} | {r['frames']} | "
            f"{r['missingMax']} | "
            f"{r['queries'] / r['seconds']:.1f} | {r['bytes'] / 1024 / r['seconds']:.0f} | {r['aborted']} | "
            f"{r['meanFrame']:.1f} / {r['p99Frame']:.1f} ms |"
        )
    return "\n".join(lines)


def make_driver(size="1280,900"):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    arguments = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={size}")
    for argument in arguments:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and os.path.exists(candidate):
            options.binary_location = candidate
            break
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--speeds", default="2400,6000")
    parser.add_argument("--jumps", type=int, default=5)
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--url", help="measure this page (e.g. web/ served elsewhere) instead of the binary's")
    arguments = parser.parse_args()
    from harness import Server

    server = None if arguments.url else Server(arguments.binary, "--log-requests", "false")
    driver = None
    try:
        driver = make_driver()
        load = os.getloadavg()
        driver.get(arguments.url or f"http://127.0.0.1:{server.port}/#million")
        rows = run(driver, arguments.seconds, [int(s) for s in arguments.speeds.split(",")], arguments.jumps)
        print(table(rows))
        print(f"load average before: {load[0]:.1f}, after: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
        if arguments.json:
            with open(arguments.json, "w") as file:
                json.dump(rows, file, indent=1)
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

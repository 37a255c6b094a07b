#!/usr/bin/env python3
"""The demo page in a real browser: Debian's chromium, headless, driven by selenium and chromium-driver.

Usage: browser.py PATH_TO_LAYOUTD [CHECK ...]

Starts layoutd on a free port, opens GET / and checks each demo against the service itself: the page renders as many
element divs as a query of the same session and rect answers, at the same frames (read back from the DOM). Then the
tabs' behaviour (hash routing, a 390-px window, resizes, updates animated, transitions, snapping, scrollToItem) and
blank frames while scrolling fast (scripts/bench-browser.py's measurement, with bounds looser than its targets).
Saves a screenshot of each demo under .build/screenshots/. Prints one line per check and closes with
'browser: N passed, M failed'; exits non-zero on a failure.
"""
import importlib.util
import json
import os
import re
import shutil
import sys
import time
import traceback
import urllib.error
import urllib.request

from harness import Server
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "screenshots")
CHECKS = []

# The blank-frame measurement is scripts/bench-browser.py's own.
_spec = importlib.util.spec_from_file_location("bench_browser", os.path.join(ROOT, "scripts", "bench-browser.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def check(function):
    CHECKS.append(function)
    return function


class Context:
    def __init__(self, server, driver):
        self.server = server
        self.driver = driver
        self.base = f"http://127.0.0.1:{server.port}"

    def api(self, method, path, body=None):
        """Asks the service directly, as the page would, and returns the parsed answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read() or b"null")

    def snapshot(self):
        return self.driver.execute_script("return window.layoutdDemo && window.layoutdDemo.snapshot()")

    def wait_idle(self, condition=lambda s: True, timeout=20):
        """Waits until the page has nothing in flight (twice in a row) and `condition` holds."""
        deadline = time.time() + timeout
        calm = 0
        last = None
        while time.time() < deadline:
            last = self.snapshot()
            if last and last["error"]:
                raise AssertionError(f"the page reports an error: {last['error']}")
            if last and last["idle"] and condition(last):
                calm += 1
                if calm >= 3:
                    return last
            else:
                calm = 0
            time.sleep(0.1)
        raise AssertionError(f"the page did not settle: {last}")

    def show(self, demo):
        self.driver.find_element(By.CSS_SELECTOR, f'#tabs button[data-demo="{demo}"]').click()
        return self.wait_idle(lambda s: s["demo"] == demo and s["sessionId"] and s["rect"])

    def scroll_to(self, x, y):
        """Scrolls the stage and waits until the page shows that position."""
        self.driver.execute_script(f"document.getElementById('stage').scrollTo({x}, {y});")
        return self.wait_idle(lambda s: abs(s["scroll"]["x"] - x) < 1 and abs(s["scroll"]["y"] - y) < 1)

    def dom_elements(self):
        """Every element div in the stage: its key and its frame from the style the page set."""
        return self.driver.execute_script(
            """
            // Untransformed, shown elements: the box the browser laid out, relative to the content div (the style's
            // serialization keeps only 6 significant digits). Others: the style the page set.
            const origin = document.getElementById('content').getBoundingClientRect();
            return Array.from(document.querySelectorAll('#content > [data-key]')).map(e => {
                const laidOut = e.style.transform === 'none' && e.style.display !== 'none';
                const box = e.getBoundingClientRect();
                return {
                    key: e.dataset.key,
                    left: laidOut ? box.left - origin.left : parseFloat(e.style.left),
                    top: laidOut ? box.top - origin.top : parseFloat(e.style.top),
                    width: laidOut ? box.width : parseFloat(e.style.width),
                    height: laidOut ? box.height : parseFloat(e.style.height),
                    hidden: e.style.display === 'none', opacity: parseFloat(e.style.opacity),
                    transform: e.style.transform,
                };
            });
            """
        )

    def screenshot(self, name):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))


def key_of(attributes):
    section, item = attributes["indexPath"]
    if "kind" in attributes:
        return f"{attributes['category']}/{attributes['kind']}/{section}/{item}"
    return f"{attributes['category']}/{section}/{item}"


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def dom_matches_service(context, snapshot):
    """The DOM shows exactly what a query of the same session, rect and offset answers, at the same frames."""
    body = {"rect": snapshot["rect"], "contentOffset": snapshot["contentOffset"]}
    if snapshot.get("orthogonalOffsets"):
        body["orthogonalOffsets"] = snapshot["orthogonalOffsets"]
    answer = context.api("POST", f"/sessions/{snapshot['sessionId']}/query", body)
    expected = {key_of(a): a for a in answer["attributes"]}
    shown = {e["key"]: e for e in context.dom_elements()}
    expect(len(shown) == len(expected), f"the page shows {len(shown)} elements, the service says {len(expected)}")
    expect(set(shown) == set(expected), f"different elements: {sorted(set(shown) ^ set(expected))[:6]}")
    for key, a in expected.items():
        e = shown[key]
        frame = a["frame"]
        for name, value in (("left", frame["x"]), ("top", frame["y"]), ("width", frame["width"]), ("height", frame["height"])):
            # Layout boxes are single-precision floats: 0.05 near the origin, half a point at 2,000,000 px.
            tolerance = max(0.05, abs(value) / 2**22)
            expect(abs(e[name] - value) < tolerance, f"{key} {name}: page {e[name]}, service {value}")
        expect(e["hidden"] == a["hidden"], f"{key} hidden: page {e['hidden']}, service {a['hidden']}")
        expect(abs(e["opacity"] - a["alpha"]) < 1e-6, f"{key} alpha: page {e['opacity']}, service {a['alpha']}")
        if "transform" in a:
            expect(e["transform"].startswith("matrix("), f"{key} has no matrix(): {e['transform']!r}")
    visible = context.driver.execute_script(
        "const s = document.getElementById('stage'); return [s.scrollLeft, s.scrollTop, s.clientWidth, s.clientHeight]"
    )
    r = snapshot["rect"]
    expect(
        r["x"] <= visible[0] + 0.5 and r["y"] <= visible[1] + 0.5
        and r["x"] + r["width"] >= min(visible[0] + visible[2], snapshot["contentSize"]["width"]) - 0.5
        and r["y"] + r["height"] >= min(visible[1] + visible[3], snapshot["contentSize"]["height"]) - 0.5,
        f"the rendered rect {r} does not cover the visible one {visible}",
    )
    return len(expected)


@check
def the_page_and_the_client_are_served(context):
    with urllib.request.urlopen(context.base + "/", timeout=10) as response:
        expect(response.headers["Content-Type"] == "text/html; charset=utf-8", "GET / is HTML")
    for name, content_type in (
        ("layout-client.js", "text/javascript; charset=utf-8"),
        ("layout-client.d.ts", "application/typescript; charset=utf-8"),
        ("demo-content.js", "text/javascript; charset=utf-8"),
    ):
        with urllib.request.urlopen(f"{context.base}/{name}", timeout=10) as response:
            expect(response.headers["Content-Type"] == content_type, f"{name}: {response.headers['Content-Type']}")
            with open(os.path.join(ROOT, "web", name), "rb") as file:
                expect(response.read() == file.read(), f"{name} is served verbatim")
    context.driver.get(context.base + "/")
    snapshot = context.wait_idle(lambda s: s["demo"] == "justified" and s["rect"])
    expect(context.driver.title == "layoutd", f"title {context.driver.title!r}")
    expect(snapshot["kind"] == "justified", f"first demo is {snapshot['kind']}")
    expect(context.driver.execute_script("return location.hash") == "#justified", "the hash names the tab")


@check
def the_first_session_has_the_stage_size(context):
    # The stage's own size, not the window's guess: stack, circle and line are drawn where the stage's centre is.
    for demo in ("stack", "justified"):
        snapshot = context.show(demo)
        viewport, stage = snapshot["viewport"], snapshot["stage"]
        expect(viewport == stage, f"{demo}: viewport {viewport}, stage {stage}")


@check
def justified_renders_what_the_service_says(context):
    snapshot = context.show("justified")
    expect(snapshot["itemCount"] == 100_000, f"{snapshot['itemCount']} photos")
    count = dom_matches_service(context, snapshot)
    expect(count >= 8, f"only {count} photos on screen")
    context.screenshot("justified")
    # Justified rows: every full row ends at the same right edge.
    rows = {}
    for e in context.dom_elements():
        rows.setdefault(round(e["top"]), []).append(e["left"] + e["width"])
    edges = {round(max(ends)) for ends in rows.values()}
    expect(len(rows) >= 2 and len(edges) == 1, f"row right edges {sorted(edges)}")
    snapshot = context.scroll_to(0, 250_000)
    dom_matches_service(context, snapshot)


@check
def hash_routing_opens_and_switches_tabs(context):
    context.driver.get(context.base + "/#million")
    snapshot = context.wait_idle(lambda s: s["demo"] == "million" and s["rect"])
    expect(snapshot["itemCount"] == 1_000_000, f"#million opened {snapshot['demo']}")
    context.driver.execute_script("location.hash = 'compositional'")
    snapshot = context.wait_idle(lambda s: s["demo"] == "compositional" and s["rect"])
    expect(snapshot["kind"] == "compositional", f"hashchange opened {snapshot['kind']}")
    context.driver.find_element(By.CSS_SELECTOR, '#tabs button[data-demo="waterfall"]').click()
    context.wait_idle(lambda s: s["demo"] == "waterfall" and s["rect"])
    expect(context.driver.execute_script("return location.hash") == "#waterfall", "a tab button sets the hash")


@check
def compositional_scrolls_its_carousel_and_pins_its_header(context):
    snapshot = context.show("compositional")
    dom_matches_service(context, snapshot)
    context.screenshot("compositional")
    cells = [e for e in context.dom_elements() if e["key"].startswith("cell/0/")]
    expect(len(cells) >= 2, f"carousel cells {len(cells)}")
    first = context.driver.find_element(By.CSS_SELECTOR, '#content > [data-key="cell/0/1"]')
    ActionChains(context.driver).scroll_from_origin(ScrollOrigin.from_element(first), 500, 0).perform()
    snapshot = context.wait_idle(lambda s: s["orthogonalOffsets"] and s["orthogonalOffsets"][0] > 0)
    offset = snapshot["orthogonalOffsets"][0]
    snapped = context.api(
        "POST", f"/sessions/{snapshot['sessionId']}/snap",
        {"proposedContentOffset": {"x": offset, "y": 0}, "section": 0},
    )["contentOffset"]["x"]
    expect(abs(snapped - offset) < 1, f"the carousel rests at {offset}, the service snaps to {snapped}")
    dom_matches_service(context, snapshot)
    # The list's header stays at the top while its section shows.
    snapshot = context.scroll_to(0, 1600)
    dom_matches_service(context, snapshot)
    headers = [e for e in context.dom_elements() if e["key"] == "supplementaryView/header/2/0"]
    expect(headers and abs(headers[0]["top"] - 1600) < 0.5, f"the list header is not pinned: {headers}")


@check
def waterfall_renders_what_the_service_says(context):
    snapshot = context.show("waterfall")
    count = dom_matches_service(context, snapshot)
    expect(count >= 6, f"only {count} tiles on screen")
    context.screenshot("waterfall")
    columns = {round(e["left"]) for e in context.dom_elements()}
    # minColumnWidth 170, spacing and insets 14, at most 6 columns (masonic's rule, as the service applies it).
    expected = min(6, max(1, int((snapshot["stage"]["width"] - 28 + 14) // (170 + 14))))
    expect(len(columns) == expected, f"columns at {sorted(columns)}, expected {expected}")


@check
def waterfall_loads_more_at_the_bottom(context):
    before = context.api("GET", f"/sessions/{context.snapshot()['sessionId']}")["sections"][0]
    context.driver.execute_script("const s = document.getElementById('stage'); s.scrollTop = s.scrollHeight;")
    snapshot = context.wait_idle(lambda s: s["itemCount"] > before)
    after = context.api("GET", f"/sessions/{snapshot['sessionId']}")["sections"][0]
    expect(after == snapshot["itemCount"] and after > before, f"items {before} → {after}, page says {snapshot['itemCount']}")
    dom_matches_service(context, context.scroll_to(0, 0))


@check
def line_renders_scaled_and_snaps(context):
    snapshot = context.show("line")
    count = dom_matches_service(context, snapshot)
    expect(count >= 2, f"only {count} photos on screen")
    context.screenshot("line")
    # Scrolling to a point between two items comes to rest on one of them through the snap route.
    context.driver.execute_script("document.getElementById('stage').scrollLeft = 130;")
    snapshot = context.wait_idle(lambda s: abs(s["scroll"]["x"] - 130) > 1)
    resting = snapshot["scroll"]["x"]
    snapped = context.api(
        "POST", f"/sessions/{snapshot['sessionId']}/snap", {"proposedContentOffset": {"x": resting, "y": 0}}
    )["contentOffset"]["x"]
    expect(abs(snapped - resting) < 1, f"resting at {resting}, the service would snap to {snapped}")
    dom_matches_service(context, snapshot)


@check
def a_drag_release_in_line_snaps_and_deletes_nothing(context):
    snapshot = context.show("line")
    before = snapshot["itemCount"]
    stage = context.driver.find_element(By.ID, "stage")
    start = snapshot["scroll"]["x"]
    actions = ActionChains(context.driver).move_to_element(stage).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(-35, 0)
    actions.release().perform()
    snapshot = context.wait_idle(lambda s: abs(s["scroll"]["x"] - start) > 1)
    resting = snapshot["scroll"]["x"]
    snapped = context.api(
        "POST", f"/sessions/{snapshot['sessionId']}/snap", {"proposedContentOffset": {"x": resting, "y": 0}}
    )["contentOffset"]["x"]
    expect(abs(snapped - resting) < 1, f"resting at {resting} after a drag, the service would snap to {snapped}")
    expect(snapshot["itemCount"] == before, f"a drag deleted an item: {before} → {snapshot['itemCount']}")
    dom_matches_service(context, snapshot)


@check
def a_tap_in_line_deletes_an_item_with_an_animation(context):
    snapshot = context.show("line")
    before = context.api("GET", f"/sessions/{snapshot['sessionId']}")["sections"][0]
    cells = [e for e in context.dom_elements() if e["key"].startswith("cell/")]
    centre = snapshot["scroll"]["x"] + snapshot["stage"]["width"] / 2
    middle = min(cells, key=lambda e: abs(e["left"] + e["width"] / 2 - centre))
    element = context.driver.find_element(By.CSS_SELECTOR, f'#content > [data-key="{middle["key"]}"]')
    context.driver.execute_script(
        "window.__animations = 0; const poll = () => { window.__animations = Math.max(window.__animations,"
        " document.getAnimations().length); if (performance.now() < window.__until) requestAnimationFrame(poll); };"
        " window.__until = performance.now() + 3000; requestAnimationFrame(poll);"
    )
    ActionChains(context.driver).move_to_element(element).click().perform()
    snapshot = context.wait_idle(lambda s: s["itemCount"] == before - 1)
    after = context.api("GET", f"/sessions/{snapshot['sessionId']}")["sections"][0]
    expect(after == before - 1, f"the session holds {after} items, {before} before the tap")
    animations = context.driver.execute_script("return window.__animations")
    expect(animations >= 2, f"{animations} Web Animations ran for the delete")
    dom_matches_service(context, context.wait_idle())


@check
def a_background_tap_switches_stack_to_circle(context):
    snapshot = context.show("stack")
    expect(snapshot["kind"] == "stack", f"starts as {snapshot['kind']}")
    dom_matches_service(context, snapshot)
    context.screenshot("stack")
    stage = context.driver.find_element(By.ID, "stage")
    width, height = stage.size["width"], stage.size["height"]
    ActionChains(context.driver).move_to_element_with_offset(stage, -width // 2 + 12, -height // 2 + 12).click().perform()
    snapshot = context.wait_idle(lambda s: s["kind"] == "circle")
    summary = context.api("GET", f"/sessions/{snapshot['sessionId']}")
    expect(summary["kind"] == "circle", f"the session is a {summary['kind']}")
    dom_matches_service(context, snapshot)
    context.screenshot("circle")


@check
def flow_pins_its_headers(context):
    snapshot = context.show("flow")
    dom_matches_service(context, snapshot)
    context.screenshot("flow")
    snapshot = context.scroll_to(0, 300)
    dom_matches_service(context, snapshot)
    headers = [e for e in context.dom_elements() if "/header/" in e["key"]]
    expect(any(abs(e["top"] - 300) < 0.01 for e in headers), f"no header pinned at the top: {headers}")


@check
def the_card_kinds_render_what_the_service_says(context):
    snapshot = context.show("cards")
    for kind in ["cover", "rotary", "pagecover"]:
        if kind != "cover":
            Select(context.driver.find_element(By.ID, "card-kind")).select_by_visible_text(kind)
            snapshot = context.wait_idle(lambda s: s["kind"] == kind and s["rect"])
        expect(dom_matches_service(context, snapshot) >= 2, f"{kind}: too few cards on screen")
        # Scrolled to where the service's snap rests, cards are pinned (cover, pagecover) or turned (rotary).
        vertical = kind == "cover"
        proposed = {"x": 0, "y": 700} if vertical else {"x": 700, "y": 0}
        target = context.api("POST", f"/sessions/{snapshot['sessionId']}/snap", {"proposedContentOffset": proposed})
        x, y = target["contentOffset"]["x"], target["contentOffset"]["y"]
        expect(x + y > 0, f"{kind}: the snap for {proposed} is the origin")
        snapshot = context.scroll_to(x, y)
        dom_matches_service(context, snapshot)
        if kind == "rotary":
            shown = context.dom_elements()
            expect(any(e["transform"].startswith("matrix3d(") for e in shown), "no card is turned in 3-D")
        context.screenshot(f"cards-{kind}")


@check
def a_million_items_keep_the_dom_small(context):
    snapshot = context.show("million")
    summary = context.api("GET", f"/sessions/{snapshot['sessionId']}")
    expect(summary["sections"] == [1000000], f"sections {summary['sections']}")
    dom_matches_service(context, snapshot)
    for y in (50_000, 400_000, 1_234_567, 2_000_000):
        snapshot = context.scroll_to(0, y)
        dom_matches_service(context, snapshot)
        divs = context.driver.execute_script("return document.querySelectorAll('#content > [data-key]').length")
        expect(0 < divs < 400, f"{divs} divs in the DOM at y = {y}")
    context.screenshot("million")
    status = context.driver.find_element(By.ID, "status").text
    expect("elements on screen" in status and "query" in status and "fps" in status, f"counter: {status!r}")


@check
def scroll_to_item_takes_uikit_positions(context):
    snapshot = context.show("justified")
    frame = context.api("GET", f"/sessions/{snapshot['sessionId']}/items/0/5000")["frame"]
    height = snapshot["stage"]["height"]
    for position, expected in (
        ("top", frame["y"]),
        ("centeredVertically", frame["y"] + frame["height"] / 2 - height / 2),
        ("bottom", frame["y"] + frame["height"] - height),
    ):
        offset = context.driver.execute_async_script(
            "const done = arguments[1]; window.layoutdDemo.view.scrollToItem([0, 5000], {position: arguments[0]})"
            ".then(done, (e) => done({error: String(e)}));", position,
        )
        expect(abs(offset["y"] - expected) < 1, f"{position}: scrolled to {offset}, expected y = {expected}")
        snapshot = context.wait_idle(lambda s, y=expected: abs(s["scroll"]["y"] - y) < 1)
        dom_matches_service(context, snapshot)
    # nearest: an item already in view does not move; the content's end clamps.
    offset = context.driver.execute_async_script(
        "const done = arguments[0]; window.layoutdDemo.view.scrollToItem([0, 5000]).then(done);"
    )
    expect(abs(offset["y"] - (frame["y"] + frame["height"] - height)) < 1, f"nearest moved to {offset}")
    offset = context.driver.execute_async_script(
        "const done = arguments[0]; window.layoutdDemo.view.scrollToItem([0, 99999], {position: 'top'}).then(done);"
    )
    end = snapshot["contentSize"]["height"] - height
    expect(abs(offset["y"] - end) < 1, f"the last item's top is clamped: {offset}")
    dom_matches_service(context, context.wait_idle(lambda s: abs(s["scroll"]["y"] - offset["y"]) < 1))


SCROLL_TO_ITEM_JS = r"""
const [items, done] = arguments;
(async () => {
    const view = window.layoutdDemo.view;
    const client = view.client;
    const original = client.fetch;
    const paths = [];
    const roundTrips = [];
    client.fetch = async (input, init) => {
        const started = performance.now();
        const response = await original(input, init);
        const path = new URL(String(input), location.href).pathname;
        paths.push(path);
        if (path.endsWith('/scroll-to')) roundTrips.push(performance.now() - started);
        return response;
    };
    const totals = [];
    const incomplete = [];
    const positions = ['top', 'centeredVertically', 'bottom'];
    try {
        for (const [i, item] of items.entries()) {
            const started = performance.now();
            await view.scrollToItem([0, item], { position: positions[i % 3] });
            totals.push(performance.now() - started);
            // The frame right after the jump: every element the layout puts in the visible rect is in the DOM.
            const rect = view.visibleRect();
            const answer = await (await original(`${client.baseURL}/sessions/${view.sessionId}/query`, {
                method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ rect, contentOffset: { x: 0, y: 0 } }),
            })).json();
            const missing = answer.attributes.filter((a) => !a.hidden && !view.elements.has(
                a.kind ? `${a.category}/${a.kind}/${a.indexPath[0]}/${a.indexPath[1]}`
                    : `${a.category}/${a.indexPath[0]}/${a.indexPath[1]}`));
            if (missing.length) incomplete.push({ item, missing: missing.length, of: answer.attributes.length });
        }
    } finally {
        client.fetch = original;
    }
    return { paths, roundTrips, totals, incomplete };
})().then(done, (error) => done({ error: String(error && error.stack || error) }));
"""


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@check
def scroll_to_item_asks_the_server_once_and_jumps_complete(context):
    # Far jumps in both big tabs: one scroll-to request each (no item request), then the window at the target when it
    # is not held, and the first frame there is complete. Prints the round trip of scroll-to and of the whole call.
    for tab, count in (("justified", 100_000), ("million", 1_000_000)):
        context.show(tab)
        items = [(i * 7919 * 37) % count for i in range(1, 31)]
        result = context.driver.execute_async_script(SCROLL_TO_ITEM_JS, items)
        expect("error" not in result, f"the script failed: {result.get('error')}")
        scroll_tos = [p for p in result["paths"] if p.endswith("/scroll-to")]
        expect(len(scroll_tos) == len(items), f"{tab}: {len(scroll_tos)} scroll-to requests for {len(items)} calls")
        expect(not [p for p in result["paths"] if "/items/" in p], f"{tab}: an item request: {result['paths']}")
        others = [p for p in result["paths"] if not p.endswith("/scroll-to") and not p.endswith("/query")]
        expect(not others, f"{tab}: unexpected requests {others}")
        expect(not result["incomplete"], f"{tab}: frames after the jump missed elements: {result['incomplete']}")
        trips, totals = result["roundTrips"], result["totals"]
        print(f"     {tab}: scroll-to round trip median {percentile(trips, 0.5):.1f} ms, p90 "
              f"{percentile(trips, 0.9):.1f}, max {max(trips):.1f}; scrollToItem (with the window at the target) "
              f"median {percentile(totals, 0.5):.1f} ms, p90 {percentile(totals, 0.9):.1f}, max {max(totals):.1f} "
              f"({len(items)} jumps, load average {os.getloadavg()[0]:.1f})", flush=True)
        dom_matches_service(context, context.wait_idle())


@check
def a_window_resize_invalidates_the_session(context):
    snapshot = context.show("waterfall")
    version = snapshot["version"]
    context.driver.set_window_size(900, 800)
    snapshot = context.wait_idle(lambda s: s["version"] > version and s["viewport"]["width"] < 900)
    expect(snapshot["viewport"] == snapshot["stage"], f"viewport {snapshot['viewport']}, stage {snapshot['stage']}")
    dom_matches_service(context, snapshot)
    context.driver.set_window_size(1280, 900)
    context.wait_idle(lambda s: s["viewport"] == s["stage"])


@check
def a_390_px_window_stays_usable(context):
    context.driver.set_window_size(390, 844)
    try:
        context.driver.get(context.base + "/#justified")
        snapshot = context.wait_idle(lambda s: s["demo"] == "justified" and s["rect"])
        dom_matches_service(context, snapshot)
        layout = context.driver.execute_script(
            "const nav = document.getElementById('tabs'); const header = document.querySelector('header');"
            "return {page: document.documentElement.scrollWidth, inner: innerWidth, header: header.offsetHeight,"
            " navRows: new Set(Array.from(nav.children).map(b => b.offsetTop)).size}"
        )
        expect(layout["page"] <= layout["inner"], f"the page is wider than the window: {layout}")
        expect(layout["navRows"] == 1 and layout["header"] <= 60, f"the nav wraps: {layout}")
        expect(snapshot["stage"]["width"] >= 340, f"the stage is {snapshot['stage']['width']} px wide")
        photos = [e for e in context.dom_elements() if e["key"].startswith("cell/")]
        expect(all(e["left"] + e["width"] <= snapshot["stage"]["width"] + 0.5 for e in photos), "a photo overflows")
        context.screenshot("narrow-justified")
        context.driver.find_element(By.CSS_SELECTOR, '#tabs button[data-demo="compositional"]').click()
        snapshot = context.wait_idle(lambda s: s["demo"] == "compositional" and s["rect"])
        dom_matches_service(context, snapshot)
        context.screenshot("narrow-compositional")
    finally:
        context.driver.set_window_size(1280, 900)


@check
def scrolling_fast_shows_no_blank_frames(context):
    # The targets are 1% at 2,400 px/s, 5% at 6,000 px/s and 150 ms after a jump; this machine is shared by
    # builds, so the bounds here are looser, but still far below what a page that waits on the network shows (more
    # than half of its frames blank at 2,400 px/s). A run in which the browser itself drew fewer than 30 frames a
    # second (another process had the CPU) measures the machine, not the page: it is run again, three times at most.
    context.driver.get(context.base + "/#million")
    context.wait_idle(lambda s: s["demo"] == "million" and s["rect"])
    for tab in ("million", "justified"):
        for speed, bound in ((2400, 0.03), (6000, 0.10)):
            for attempt in range(3):
                result = bench.measure(context.driver, tab, speed=speed, seconds=3, start=1000)
                print(f"     {tab} at {speed} px/s: {result['blank']} blank of {result['frames']} frames "
                      f"(load average {os.getloadavg()[0]:.1f})", flush=True)
                if result["frames"] >= 90:
                    break
            expect(result["frames"] >= 90, f"{tab}: the browser drew {result['frames']} frames in 3 s, three times")
            share = result["blank"] / result["frames"]
            expect(share <= bound, f"{tab} at {speed} px/s: {share:.1%} blank frames (bound {bound:.0%})")
        times = sorted(
            bench.measure(context.driver, tab, jump=500_000, start=2000 + i * 10_000)["jumpMs"] for i in range(3)
        )
        print(f"     {tab} jump of 500,000 px: complete after {[round(t) for t in times]} ms", flush=True)
        expect(0 <= times[1] <= 300, f"{tab}: the viewport is complete {times[1]} ms after a jump (bound 300)")


MOUNT_JS = r"""
const [mode, done] = arguments;
(async () => {
    const { mountLayout, LayoutError } = await import('/layout-client.js');
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;left:0;top:0;width:420px;height:320px;overflow:auto;background:#fff;z-index:99';
    document.body.appendChild(box);
    const idle = async (view) => {
        for (let calm = 0, i = 0; calm < 5 && i < 400; i += 1) {
            await new Promise((r) => setTimeout(r, 10));
            calm = view.idle ? calm + 1 : 0;
        }
    };
    if (mode === 'offline') {
        const errors = [];
        const view = mountLayout(box, {
            kind: 'flow', baseURL: 'http://127.0.0.1:9', request: { sections: [{ count: 3 }] },
            onError: (error) => errors.push(error),
        });
        await view.ready;
        box.remove();
        const e = errors[0];
        return {
            count: errors.length, isLayoutError: e instanceof LayoutError, status: e && e.status, type: e && e.type,
        };
    }
    if (mode === 'prepend') {
        // A feed scrolled to item 100; ten older items arrive above it: it stays where the user sees it.
        const view = mountLayout(box, {
            kind: 'flow', request: { sections: [{ count: 200 }], config: { itemSize: { width: 400, height: 30 } } },
        });
        await view.ready;
        await view.scrollToItem([0, 100], { position: 'top' });
        await idle(view);
        const before = view.elements.get('cell/0/100').getBoundingClientRect().top;
        const scrollBefore = box.scrollTop;
        const inserted = Array.from({ length: 10 }, (_, i) => ({ indexPath: [0, i] }));
        const answer = await view.update({ insertItems: inserted });
        await idle(view);
        const moved = view.elements.get('cell/0/110');
        const after = moved ? moved.getBoundingClientRect().top : null;
        const result = { before, after, scrolled: box.scrollTop - scrollBefore, adjustment: answer.contentOffsetAdjustment };
        await view.destroy();
        box.remove();
        return result;
    }
    // Self-sizing: cells whose text wraps to different heights, measured and sent through invalidate.
    const view = mountLayout(box, {
        kind: 'flow', measure: true,
        request: { sections: [{ count: 60 }], config: { itemSize: { width: 400, height: 30 }, minimumLineSpacing: 4,
            sectionInset: { top: 0, left: 0, bottom: 0, right: 0 } } },
        render(element, a) {
            element.style.font = '14px/20px monospace';
            element.textContent = 'word '.repeat(4 + (a.indexPath[1] % 4) * 14);
        },
    });
    await view.ready;
    await idle(view);
    const answer = await view.session.query({ rect: view.visibleRect() });
    const cells = answer.attributes.map((a) => {
        const e = view.elements.get(`cell/${a.indexPath[0]}/${a.indexPath[1]}`);
        return { item: a.indexPath[1], y: a.frame.y, layout: a.frame.height, dom: e ? e.offsetHeight : -1 };
    });
    // Scrolled to item 30, then the cells above it change height: the item stays where it is on screen.
    await view.scrollToItem([0, 30], { position: 'top' });
    await idle(view);
    const before = view.elements.get('cell/0/30').getBoundingClientRect().top;
    const versionBefore = view.version;
    const taller = Array.from({ length: 10 }, (_, i) => ({ indexPath: [0, i], size: { width: 400, height: 200 } }));
    await view.invalidate({ items: taller });
    await idle(view);
    const after = view.elements.get('cell/0/30').getBoundingClientRect().top;
    const id = view.sessionId;
    const stats = { ...view.stats };
    await view.destroy();
    const left = box.querySelectorAll('[data-key]').length;
    box.remove();
    return { cells, before, after, versionBefore, version: view.version, id, left, stats };
})().then(done, (error) => done({ error: String(error && error.stack || error) }));
"""


@check
def mount_layout_measures_cells_and_keeps_the_content_still(context):
    context.show("justified")
    result = context.driver.execute_async_script(MOUNT_JS, "measure")
    expect("error" not in result, f"the script failed: {result.get('error')}")
    cells = result["cells"]
    expect(len(cells) >= 4, f"{len(cells)} cells")
    for cell in cells:
        dom, layout = cell["dom"], cell["layout"]
        expect(abs(dom - layout) < 1, f"item {cell['item']}: DOM {dom}, layout {layout}")
    heights = {cell["layout"] for cell in cells}
    expect(len(heights) >= 2, f"the measured heights are all {heights}")
    expect(result["version"] > result["versionBefore"], "the invalidate made a new version")
    before, after = result["before"], result["after"]
    expect(abs(after - before) < 1, f"item 30 moved on screen: {before} → {after}")
    expect(result["left"] == 0, f"{result['left']} nodes left after destroy")
    try:
        context.api("GET", f"/sessions/{result['id']}")
        raise AssertionError("destroy kept the session")
    except urllib.error.HTTPError as error:
        expect(error.code == 404, f"GET of the destroyed session: {error.code}")


@check
def mount_layout_keeps_the_view_still_when_items_are_prepended(context):
    result = context.driver.execute_async_script(MOUNT_JS, "prepend")
    expect("error" not in result, f"the script failed: {result.get('error')}")
    # Ten 30-point lines (one item each in a 420-point box) and their 10-point spacing: 400 points.
    expect(result["adjustment"] == {"x": 0, "y": 400}, f"the answer's adjustment: {result['adjustment']}")
    expect(abs(result["scrolled"] - 400) < 1, f"the view scrolled by {result['scrolled']}")
    expect(result["after"] is not None and abs(result["after"] - result["before"]) < 1,
           f"item 100 (now 110) moved on screen: {result['before']} → {result['after']}")


@check
def the_browser_logged_no_error(context):
    entries = [e for e in context.driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    expect(not entries, f"console errors: {entries}")


@check
def mount_layout_reports_a_network_failure_as_a_layout_error(context):
    # After the console check: the refused connection is logged there.
    result = context.driver.execute_async_script(MOUNT_JS, "offline")
    expect(result == {"count": 1, "isLayoutError": True, "status": 0, "type": "/problems/network"}, f"{result}")


@check
def a_gone_session_is_created_again(context):
    # After the console check: the page's request for the deleted session logs its 404 there.
    snapshot = context.show("flow")
    gone = snapshot["sessionId"]
    context.api("DELETE", f"/sessions/{gone}")
    context.driver.execute_script("document.getElementById('stage').scrollTop = 120;")
    snapshot = context.wait_idle(lambda s: s["sessionId"] != gone and abs(s["scroll"]["y"] - 120) < 1)
    dom_matches_service(context, snapshot)


def make_driver():
    options = Options()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-gpu")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and os.path.exists(candidate):
            options.binary_location = candidate
            break
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(options=options, service=Service(driver_path))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    # Optional check names after the binary run those checks only (while working on one).
    selected = [c for c in CHECKS if len(sys.argv) == 2 or c.__name__ in sys.argv[2:]]
    server = Server(sys.argv[1], "--log-requests", "false")
    driver = None
    passed = failed = 0
    try:
        driver = make_driver()
        context = Context(server, driver)
        for function in selected:
            try:
                function(context)
                passed += 1
                print(f"ok   {function.__name__}", flush=True)
            except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check runs
                failed += 1
                print(f"FAIL {function.__name__}: {error}", flush=True)
                if not isinstance(error, AssertionError):
                    traceback.print_exc()
                try:
                    context.screenshot(f"failed-{function.__name__}")
                except Exception:  # noqa: BLE001
                    pass
    finally:
        if driver is not None:
            driver.quit()
        status = server.stop()
        if status != 0:
            print(f"FAIL layoutd exited {status}")
            failed += 1
    print(f"browser: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

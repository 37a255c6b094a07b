#!/usr/bin/env python3
"""Regenerates the fuzz targets' seed corpora (Fuzz/Corpus/<target>/) from the test suites' string literals.

Run by `scripts/fuzz seeds`. It reads the Swift tests and e2e.py, takes every one-line string literal without
interpolation, and sorts it:
  http-parser  literals holding a request line ("... HTTP/1."), from the HTTPCore and HTTPServer tests and e2e.py
  json-reader  literals that start with '{' or '[' (after whitespace), from the LayoutService tests
  responder    `call(.METHOD, "path", body)` and `create(body)` calls of the LayoutService route tests, each turned
               into the responder target's input format (route byte, kind/header byte, body)
The seeds are small (one per literal, deduplicated); the fuzzers grow their working corpora from them elsewhere.

It also writes the libFuzzer dictionaries: Fuzz/Corpus/http.dict (framing tokens) and Fuzz/Corpus/layout.dict (every
member name the service's decoders match, every choice the kind catalogue lists, and JSON's literals), which let
mutations splice in whole tokens instead of guessing them byte by byte.
"""
import hashlib
import pathlib
import re
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"

# One-line Swift literals: raw #"..."# and plain "..." (escapes allowed).
RAW = re.compile(r'#"(.*?)"#')
PLAIN = re.compile(r'(?<![#\\])"((?:[^"\\\n]|\\.)*)"')
ESCAPE = re.compile(r'\\(u\{[0-9a-fA-F]+\}|.)')


def swift_plain(text):
    """Decodes a plain Swift literal's escapes; None if it interpolates."""
    if "\\(" in text:
        return None
    simple = {"r": "\r", "n": "\n", "t": "\t", "0": "\0", '"': '"', "\\": "\\", "'": "'"}

    def replace(match):
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        return simple.get(code, "\\" + code)

    return ESCAPE.sub(replace, text)


def literals(path):
    """Every one-line literal in a Swift file, decoded, raw and plain alike."""
    found = []
    for line in path.read_text().splitlines():
        for match in RAW.finditer(line):
            if "\\#(" not in match.group(1):
                found.append(match.group(1))
        stripped = RAW.sub("", line)
        for match in PLAIN.finditer(stripped):
            value = swift_plain(match.group(1))
            if value is not None:
                found.append(value)
    return found


def write(target, seeds):
    folder = CORPUS / target
    shutil.rmtree(folder, ignore_errors=True)
    CORPUS.mkdir(exist_ok=True)
    folder.mkdir(parents=True)
    unique = {hashlib.sha1(seed).hexdigest()[:16]: seed for seed in seeds}
    for name, seed in sorted(unique.items()):
        (folder / name).write_bytes(seed)
    print(f"{target}: {len(unique)} seeds, {sum(map(len, unique.values()))} bytes")


def http_seeds():
    seeds = []
    files = sorted((ROOT / "Tests" / "HTTPCoreTests").glob("*.swift"))
    files += sorted((ROOT / "Tests" / "HTTPServerTests").glob("*.swift"))
    texts = [value for path in files for value in literals(path)]
    e2e = (ROOT / "Tests" / "EndToEnd" / "e2e.py").read_text()
    texts += [m.group(2).encode().decode("unicode_escape") for m in re.finditer(r'b?(["\'])((?:[^"\'\\\n]|\\.)*HTTP/1\.(?:[^"\'\\\n]|\\.)*)\1', e2e)]
    for index, text in enumerate(t for t in texts if " HTTP/1." in t or "HTTP/1.1\r" in t):
        stream = text.encode("utf-8", "surrogatepass")
        # Alternate between the stream whole (header 0) and tight limits fed in pieces of 7 and 1 bytes.
        header = bytes([0]) if index % 2 == 0 else bytes([0x08 | 2, 7, 1])
        seeds.append(header + stream)
    return seeds


def json_seeds():
    files = sorted((ROOT / "Tests" / "LayoutServiceTests").glob("*.swift"))
    texts = [value for path in files for value in literals(path)]
    return [t.encode("utf-8", "surrogatepass") for t in texts if t.lstrip(" \t\r\n")[:1] in ("{", "[")]


# The responder target's routes, in FuzzRoute's order.
ROUTES = ["layout", "createSession", "readSession", "deleteSession", "query", "snap", "transition", "invalidate",
          "updates", "move", "moveEnd", "item", "supplementary", "anyTarget", "scrollTo"]
KINDS = ["flow", "waterfall", "line", "stack", "circle", "hexagon"]
METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "QUERY"]
CALL = re.compile(r'call\(\s*\.(\w+),\s*"([^"]*)"(?:,\s*(#"([^\n]*?)"#|"((?:[^"\\\n]|\\.)*)"))?')
CREATE = re.compile(r'create\(\s*#"(.*?)"#\s*\)')
SESSION_PATH = re.compile(r'^/sessions/\\\((?:id|\w+)\)(/.*)?$')


def responder_seed(method, path, body):
    kind = 0
    suffix_routes = {"/query": "query", "/snap": "snap", "/transition": "transition", "/invalidate": "invalidate",
                     "/updates": "updates", "/move": "move", "/move/end": "moveEnd",
                     "/scroll-to": "scrollTo"}
    route, payload = "anyTarget", None
    if path.startswith("/layout/"):
        name = path[len("/layout/"):]
        kind = KINDS.index(name) if name in KINDS else 0
        route = "layout"
    elif path == "/sessions" and method == "POST":
        route = "createSession"
        found = re.search(r'"kind":"(\w+)"', body)
        kind = KINDS.index(found.group(1)) if found and found.group(1) in KINDS else 0
    elif SESSION_PATH.match(path):
        rest = SESSION_PATH.match(path).group(1) or ""
        if rest == "":
            route = "deleteSession" if method == "DELETE" else "readSession"
        elif rest in suffix_routes and method == "POST":
            route = suffix_routes[rest]
        elif rest.startswith("/items/"):
            route, payload = "item", rest[len("/items/"):]
        elif rest.startswith("/supplementary/"):
            route, payload = "supplementary", rest[len("/supplementary/"):]
    if "\\(" in path and route == "anyTarget":
        return None
    if route == "anyTarget":
        method_index = METHODS.index(method) if method in METHODS else 0
        return bytes([ROUTES.index(route), method_index << 3]) + (path + " " + body).encode()
    if payload is None:
        payload = body
    return bytes([ROUTES.index(route), kind]) + payload.encode("utf-8", "surrogatepass")


def responder_seeds():
    seeds = []
    for path in sorted((ROOT / "Tests" / "LayoutServiceTests").glob("*RouteTests.swift")):
        text = path.read_text()
        for match in CALL.finditer(text):
            method, target = match.group(1), match.group(2)
            body = match.group(4) if match.group(4) is not None else swift_plain(match.group(5) or "")
            if body is None or "\\#(" in body:
                continue
            seed = responder_seed(method, target, body)
            if seed is not None:
                seeds.append(seed)
        for match in CREATE.finditer(text):
            if "\\#(" not in match.group(1):
                seeds.append(responder_seed("POST", "/sessions", match.group(1)))
    # The routes without a body, and a preflight, through the free-form route.
    for method, target in [("GET", "/healthz"), ("GET", "/readyz"), ("GET", "/metrics"), ("GET", "/openapi.yaml"),
                           ("GET", "/kinds"), ("GET", "/"), ("GET", "/app.js"), ("HEAD", "/layout-client.js"),
                           ("OPTIONS", "/layout/flow"), ("GET", "/sessions/x/items/0/0")]:
        seeds.append(responder_seed(method, target, ""))
    # The stateless layout bodies of the JSON seeds, spread over the five kinds.
    layouts = [seed for seed in json_seeds() if b'"viewport"' in seed and b'"kind"' not in seed]
    for index, body in enumerate(layouts):
        seeds.append(bytes([ROUTES.index("layout"), index % 5]) + body)
    return seeds


HTTP_TOKENS = ["GET", "POST", "HEAD", "OPTIONS", "DELETE", " HTTP/1.1\r\n", " HTTP/1.0\r\n", "\r\n", "\r\n\r\n",
               "Host: a\r\n", "Content-Length: ", "Transfer-Encoding: chunked\r\n", "Transfer-Encoding: ",
               "Expect: 100-continue\r\n", "Connection: close\r\n", "Connection: keep-alive\r\n", "0\r\n\r\n",
               ";ext=1", "chunked", "identity", "gzip"]
JSON_TOKENS = ["true", "false", "null", "-0", "1e308", "1e309", "5e-324", "0.1", "\\u0000", "\\ud800", "[]", "{}"]


def dictionary(path, tokens):
    escaped = ['"' + token.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\x0D").replace("\n", "\\x0A") + '"'
               for token in tokens]
    path.write_text("".join(f"{line}\n" for line in sorted(set(escaped))))
    print(f"{path.name}: {len(set(escaped))} tokens")


def layout_tokens():
    service = ROOT / "Sources" / "LayoutService"
    names = set()
    for path in list((service / "Decoding").glob("*.swift")) + list((service / "Routing").glob("*.swift")):
        names |= set(re.findall(r'case "([A-Za-z0-9]+)"', path.read_text()))
    catalog = (service / "Catalog" / "KindCatalog.swift").read_text()
    names |= set(re.findall(r'name: "([A-Za-z0-9]+)"', catalog))
    choices = set()
    for union in re.findall(r'type: "([a-zA-Z ]+\|[a-zA-Z |]+)"', catalog):
        choices |= {choice.strip() for choice in union.split("|")}
    return [f'"{name}":' for name in names] + [f'"{choice}"' for choice in choices | set(KINDS)] + JSON_TOKENS


if __name__ == "__main__":
    dictionary(CORPUS / "http.dict", HTTP_TOKENS)
    dictionary(CORPUS / "layout.dict", layout_tokens())
    write("http-parser", http_seeds())
    write("json-reader", json_seeds())
    write("responder", responder_seeds())

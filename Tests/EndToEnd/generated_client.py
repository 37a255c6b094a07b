#!/usr/bin/env python3
"""Generates a Python client from openapi.yaml with openapi-python-client and drives layoutd through it.

Usage: generated_client.py PATH_TO_LAYOUTD   (run with the .venv's python: it needs openapi-python-client and PyYAML)

Fails when the generator prints a warning, when the document's operations lack a tag, a stable operationId or the
bearer scheme where the server asks for the token, or when one layout and one session do not go through the
generated functions as the routes answer them. Prints one line per check and 'generated client: N passed, 0 failed'.
"""
import importlib
import os
import shutil
import subprocess
import sys

import yaml

from harness import Server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, ".build", "openapi-client")
PUBLIC = {"/healthz", "/readyz", "/", "/layout-client.js", "/layout-client.d.ts", "/app.js", "/demo-content.js",
          "/style.css"}
TOKEN = "generated-client-token"


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def the_document_tags_names_and_guards_every_operation():
    with open(os.path.join(ROOT, "openapi.yaml")) as file:
        document = yaml.safe_load(file)
    tags = [tag["name"] for tag in document["tags"]]
    expect(tags == ["layouts", "sessions", "operations", "web"], f"tags: {tags}")
    scheme = document["components"]["securitySchemes"]["bearerAuth"]
    expect((scheme["type"], scheme["scheme"]) == ("http", "bearer"), f"a bearer scheme: {scheme}")
    expect(document["security"] == [{"bearerAuth": []}], "the bearer scheme applies by default")
    names = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "delete", "put", "patch"):
                continue
            where = f"{method.upper()} {path}"
            expect(len(operation.get("tags", [])) == 1 and operation["tags"][0] in tags, f"{where}: one known tag")
            names.append(operation["operationId"])
            if path in PUBLIC:
                expect(operation.get("security") == [], f"{where} is public")
            else:
                expect("security" not in operation and "401" in operation["responses"], f"{where} needs the token")
    expect(len(names) == len(set(names)) == 35, f"{len(names)} operationIds, {len(set(names))} distinct")


def the_generator_prints_no_warning():
    shutil.rmtree(OUTPUT, ignore_errors=True)
    os.makedirs(OUTPUT)
    generator = os.path.join(os.path.dirname(sys.executable), "openapi-python-client")
    result = subprocess.run(
        [generator, "generate", "--path", os.path.join(ROOT, "openapi.yaml"), "--meta", "none",
         "--config", os.path.join(ROOT, "scripts", "openapi-python-client.yaml"),
         "--output-path", os.path.join(OUTPUT, "layoutd_client")],
        capture_output=True, text=True, timeout=300,
    )
    output = result.stdout + result.stderr
    expect(result.returncode == 0, f"generator failed:\n{output}")
    noise = [line for line in output.splitlines() if line.strip() and line.strip() != "Generating client"
             and not line.startswith("Generating ")]
    expect(not noise, "the generator said more than 'Generating client':\n" + "\n".join(noise))
    for tag in ("layouts", "sessions", "operations", "web"):
        expect(os.path.isdir(os.path.join(OUTPUT, "layoutd_client", "api", tag)), f"a module per tag: {tag}")


def one_layout_and_one_session_go_through_the_generated_client(binary):
    sys.path.insert(0, OUTPUT)
    client_module = importlib.import_module("layoutd_client")
    api = importlib.import_module("layoutd_client.api.layouts.layout_flow")
    create = importlib.import_module("layoutd_client.api.sessions.create_session")
    query = importlib.import_module("layoutd_client.api.sessions.query_session")
    get = importlib.import_module("layoutd_client.api.sessions.get_session")
    delete = importlib.import_module("layoutd_client.api.sessions.delete_session")
    document = importlib.import_module("layoutd_client.api.operations.open_api")
    health = importlib.import_module("layoutd_client.api.operations.health")
    models = importlib.import_module("layoutd_client.models")

    server = Server(binary, "--api-token", TOKEN, "--no-log-requests")
    try:
        base = f"http://127.0.0.1:{server.port}"
        anonymous = client_module.Client(base_url=base)
        client = client_module.AuthenticatedClient(base_url=base, token=TOKEN)
        expect(health.sync(client=anonymous).status.value == "ok", "health needs no token")
        body = {"viewport": {"width": 200, "height": 300}, "sections": [{"count": 3}],
                "config": {"itemSize": {"width": 90, "height": 60}}}
        refused = api.sync_detailed(client=anonymous, body=body)
        expect(refused.status_code == 401 and refused.parsed.type_ == "/problems/unauthorized", "401 without it")

        layout = api.sync(client=client, body=body)
        expect(isinstance(layout, models.LayoutAnswer), f"a layout answer: {layout!r}")
        frames = [(a.index_path, a.frame.x, a.frame.y) for a in layout.attributes]
        expect(frames == [([0, 0], 0, 0), ([0, 1], 110, 0), ([0, 2], 0, 70)], f"frames: {frames}")
        expect((layout.content_size.width, layout.content_size.height) == (200, 130), "content size")

        request = models.FlowSessionRequest.from_dict(dict(body, kind="flow", sections=[{"count": 1000}]))
        summary = create.sync(client=client, body=request)
        expect(isinstance(summary, models.SessionSummary) and summary.version == 1, f"created: {summary!r}")
        rect = models.QueryRequest.from_dict({"rect": {"x": 0, "y": 700, "width": 200, "height": 140}})
        answer = query.sync(summary.id, client=client, body=rect)
        paths = [a.index_path for a in answer.attributes]
        expect(paths == [[0, 20], [0, 21], [0, 22], [0, 23]], f"query: {paths}")
        expect(get.sync(summary.id, client=client).sections == [1000], "the session's summary")
        expect(delete.sync_detailed(summary.id, client=client).status_code == 204, "deleted")
        gone = get.sync(summary.id, client=client)
        expect(isinstance(gone, models.Problem) and gone.type_ == "/problems/session-gone", f"gone: {gone!r}")

        with open(os.path.join(ROOT, "openapi.yaml")) as file:
            expect(document.sync(client=client) == file.read(), "the document comes back as its text")
    finally:
        expect(server.stop() == 0, "layoutd exits 0")


def main():
    checks = [the_document_tags_names_and_guards_every_operation, the_generator_prints_no_warning,
              lambda: one_layout_and_one_session_go_through_the_generated_client(sys.argv[1])]
    names = ["the_document_tags_names_and_guards_every_operation", "the_generator_prints_no_warning",
             "one_layout_and_one_session_go_through_the_generated_client"]
    passed = failed = 0
    for name, check in zip(names, checks):
        try:
            check()
            passed += 1
            print(f"  ok   {name}")
        except Exception as error:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"  FAIL {name}: {error}")
    print(f"generated client: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

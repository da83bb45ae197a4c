"""The installable app's routes (docs/web.md, *The installable app*): ``/sw.js`` (the service
worker, at the root so that it controls ``/``), ``/manifest.webmanifest`` and the icons, each
with the security headers; the cache's name follows the files and the package's version."""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from golfcore.web.app import STATIC, create_app
from golfcore.web.offline import cache_version, static_files, worker_script
from golfcore.web.security import CSP
from golfcore.web.store import Store

HTTP = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    store = Store(tmp_path_factory.mktemp("offline") / "web.sqlite3")
    with TestClient(create_app(store, bot_delay=0), base_url=HTTP) as test_client:
        yield test_client
    store.close()


def test_the_worker_is_served_from_the_root_with_the_security_headers(client: TestClient) -> None:
    reply = client.get("/sw.js")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/javascript")
    assert reply.headers["content-security-policy"] == CSP       # as strict as every response
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["service-worker-allowed"] == "/"
    assert reply.headers["cache-control"] == "no-cache"
    head = reply.text.splitlines()[:2]
    version = re.fullmatch(r'const VERSION = "(golf-[^"]+)";', head[0])
    assert version and version[1] == cache_version(STATIC)
    files = json.loads(head[1].removeprefix("const FILES = ").removesuffix(";"))
    assert "/static/offline.html" in files and "/static/app.js" in files
    assert "/static/sw.js" not in files
    assert not any(f.startswith("/api/") or f == "/ws" for f in files)


def test_every_file_the_worker_keeps_is_served(client: TestClient) -> None:
    for url in static_files(STATIC):
        assert client.get(url).status_code == 200, url


def test_the_manifest_names_the_app_and_its_icons(client: TestClient) -> None:
    reply = client.get("/manifest.webmanifest")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/manifest+json")
    assert reply.headers["content-security-policy"] == CSP
    manifest = reply.json()
    assert (manifest["start_url"], manifest["display"], manifest["theme_color"]) == \
        ("/", "standalone", "#1f6f4a")
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert set(sizes) == {"192x192", "512x512", "any"}
    for size, icon in sizes.items():
        body = client.get(icon["src"]).content
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == size
        else:
            assert icon["type"] == "image/svg+xml" and b"<svg" in body


def test_the_cache_changes_with_the_files_and_the_version(tmp_path: Path) -> None:
    (tmp_path / "sw.js").write_text("self;\n")
    (tmp_path / "a.js").write_text("1")
    first = cache_version(tmp_path, "1.0")
    assert cache_version(tmp_path, "1.0") == first
    assert cache_version(tmp_path, "1.1") != first
    (tmp_path / "a.js").write_text("2")
    assert cache_version(tmp_path, "1.0") != first
    assert static_files(tmp_path) == ["/static/a.js"]
    script = worker_script(tmp_path, "1.0")
    assert script is not None and script.endswith(b"self;\n")
    assert worker_script(tmp_path / "none", "1.0") is None

"""Only its own page drives ``golf web`` (docs/web.md, *Who may use the server*).

The attacks, against a real ``golf web`` on a loopback port, with raw clients that forge what a
browser would send: a WebSocket from another site's page (``Origin: http://evil.example``, or a
page on another port of this very machine), a page whose name the attacker re-points at
127.0.0.1 (DNS rebinding: ``Host: attacker.test``), ``Origin: null``, two Host headers; and
the same requests with the server's own Origin and Host, which work. The allowlists' parsing and
the security headers are checked too. (A real browser is refused as well:
tests/browser/test_browser_security.py.)
"""

from __future__ import annotations

import asyncio
import base64
import http.client
import os
import re
import socket
import struct
from pathlib import Path
from collections.abc import Iterator

import pytest
import websockets
from test_web_server import GUARD, Server, Tab

from golfcore.cli import main
from golfcore.web.security import (CSP, HEADERS, Policy, allow_host, allow_origin, host_name,
                                   split_host, split_origin)

EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("security") / "web.sqlite3",
                     "--allow-origin", "https://golf.example.com",
                     "--allow-host", "proxy.internal:9000")
    yield running
    running.stop()


def handshake(port: int, *headers: tuple[str, str], path: str = "/ws", upgrade: bool = True,
              reset: bool = False) -> tuple[int, str]:
    """A WebSocket opening handshake with exactly ``headers`` (Host and Origin forged at
    will): the HTTP status of the answer (101: the WebSocket is open) and its head. Without
    ``upgrade``, a plain GET; with ``reset``, the client drops the connection (RST) at once and
    reads nothing (``(0, "")``)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers)]
    if upgrade:
        lines += ["Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                  "Sec-WebSocket-Version: 13"]
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as sock:
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.sendall("\r\n".join([*lines, "", ""]).encode("latin-1"))
        if reset:
            return 0, ""
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
    text = head.decode("latin-1")
    return int(text.split()[1]) if text else 0, text


def get(port: int, path: str, *headers: tuple[str, str]) -> http.client.HTTPResponse:
    """A plain HTTP GET with exactly ``headers`` (the Host among them, forged at will)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD)
    conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
    for name, value in headers:
        conn.putheader(name, value)
    conn.endheaders()
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def test_another_sites_websocket_is_refused_and_its_own_page_s_is_not(server: Server) -> None:
    port = server.port
    own = f"127.0.0.1:{port}"
    refused = {
        "another site": [("Host", own), ("Origin", EVIL)],
        "a page on another port of this machine": [("Host", own),
                                                    ("Origin", f"http://127.0.0.1:{port + 1}")],
        "the same name over https (no TLS here)": [("Host", own),
                                                   ("Origin", f"https://127.0.0.1:{port}")],
        "a sandboxed frame or a file": [("Host", own), ("Origin", "null")],
        "DNS rebinding: the attacker's name, now 127.0.0.1": [
            ("Host", f"attacker.test:{port}"), ("Origin", f"http://attacker.test:{port}")],
        "DNS rebinding, no Origin": [("Host", f"attacker.test:{port}")],
        "a Host on another port": [("Host", f"127.0.0.1:{port + 1}")],
        "no Host at all": [],
        "two Host headers": [("Host", own), ("Host", f"attacker.test:{port}")],
        "two Origin headers": [("Host", own), ("Origin", f"http://{own}"), ("Origin", EVIL)],
        "an allowed origin's scheme changed": [("Host", own),
                                               ("Origin", "http://golf.example.com")],
        "an allowed host on another port": [("Host", "proxy.internal:9001")],
    }
    malformed = ("no Host at all", "two Host headers", "two Origin headers")  # its own 400
    for what, headers in refused.items():
        status, head = handshake(port, *headers)
        assert status == 403 or what in malformed and status == 400, f"{what}: {head}"
        if status == 403:
            assert f"content-security-policy: {CSP}".lower() in head.lower(), head
    accepted = {
        "its own page": [("Host", own), ("Origin", f"http://{own}")],
        "its own page as localhost": [("Host", f"localhost:{port}"),
                                      ("Origin", f"http://localhost:{port}")],
        "its own page as [::1]": [("Host", f"[::1]:{port}"), ("Origin", f"http://[::1]:{port}")],
        "a client that is no browser (no Origin)": [("Host", own)],
        "the page behind the reverse proxy (--allow-origin)": [
            ("Host", "golf.example.com"), ("Origin", "https://golf.example.com")],
        "the proxy's own Host (--allow-host)": [("Host", "proxy.internal:9000"),
                                                ("Origin", f"http://{own}")],
    }
    for what, headers in accepted.items():
        status, head = handshake(port, *headers)
        assert status == 101, f"{what}: {head}"


def test_a_refused_origin_gets_nothing_an_allowed_one_plays(server: Server) -> None:
    async def attempt(origin: str) -> dict | None:
        try:
            async with websockets.connect(server.ws_url, origin=origin) as ws:  # type: ignore
                tab = Tab(ws)
                return await tab("stats")
        except websockets.InvalidStatus as exc:
            assert exc.response.status_code == 403
            return None

    assert asyncio.run(attempt(EVIL)) is None
    assert asyncio.run(attempt(f"http://localhost:{server.port + 1}")) is None
    own = asyncio.run(attempt(f"http://127.0.0.1:{server.port}"))
    assert own is not None and own["ok"] is True and own["stats"]["format"] == "golfcore-stats"


def test_http_requests_are_refused_to_other_hosts_and_origins(server: Server) -> None:
    port = server.port
    own = ("Host", f"127.0.0.1:{port}")
    for path in ("/", "/api/stats", "/static/app.js", "/no-such-page"):
        assert get(port, path, ("Host", f"attacker.test:{port}")).status == 403, path
        assert get(port, path, own, ("Origin", EVIL)).status == 403, path
    # no Host, or two: HTTP/1.1 itself refuses them (400) or the server does (403)
    assert get(port, "/api/stats").status in (400, 403)
    assert get(port, "/api/stats", own, ("Host", "attacker.test")).status in (400, 403)
    stats = get(port, "/api/stats", own, ("Origin", f"http://127.0.0.1:{port}"))
    assert stats.status == 200


def test_every_response_carries_the_security_headers(server: Server) -> None:
    port = server.port
    own = ("Host", f"127.0.0.1:{port}")
    responses = {path: get(port, path, own) for path in
                 ("/", "/api/stats", "/static/app.js", "/static/style.css", "/nothing")}
    responses["refused"] = get(port, "/", ("Host", "attacker.test"))
    assert [r.status for r in responses.values()] == [200, 200, 200, 200, 404, 403]
    for path, response in responses.items():
        for name, value in HEADERS:
            assert response.getheader(name) == value, (path, name)
    csp = responses["/"].getheader("content-security-policy")
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert responses["/"].getheader("referrer-policy") == "no-referrer"
    assert responses["/"].getheader("x-content-type-options") == "nosniff"
    status, head = handshake(port, own, ("Origin", f"http://127.0.0.1:{port}"))
    assert status == 101 and "referrer-policy: no-referrer" in head.lower()


def test_the_page_has_no_inline_script_or_style() -> None:
    """The policy refuses them: the page must not need them (the browser tests show it works
    whole, with no violation reported)."""
    static = Path(__file__).resolve().parent.parent / "golfcore" / "web" / "static"
    page = (static / "index.html").read_text(encoding="utf-8")
    assert "<style" not in page and " style=" not in page
    assert not re.search(r"\son[a-z]+\s*=", page)                  # no onclick="..."
    for tag in page.split("<script")[1:]:
        head, _, rest = tag.partition(">")
        assert "src=" in head and rest.startswith("</script>"), tag[:80]


@pytest.mark.parametrize("text, parts", [
    ("127.0.0.1:8000", ("127.0.0.1", 8000)), ("LocalHost", ("localhost", None)),
    ("[::1]:80", ("[::1]", 80)), ("[0:0::1]", ("[::1]", None)),
    ("golf.example.com", ("golf.example.com", None)),
    ("999.1.1.1", None), ("::1", None), ("a b", None), ("host:port", None), ("", None),
    ("x:70000", None), ("[127.0.0.1]", None), ("-bad-.com", None), ("evil.com@x", None),
])
def test_host_headers_are_read_strictly(text: str, parts: tuple | None) -> None:
    assert split_host(text) == parts


@pytest.mark.parametrize("text, parts", [
    ("http://127.0.0.1:8000", ("http", "127.0.0.1", 8000)),
    ("HTTPS://Golf.Example.com", ("https", "golf.example.com", 443)),
    ("http://[::1]", ("http", "[::1]", 80)),
    ("null", None), ("file://", None), ("ftp://x.com", None), ("https://x.com/", None),
    ("https://x.com/path", None), ("https://user@x.com", None), ("https://", None),
])
def test_origins_are_read_strictly(text: str, parts: tuple | None) -> None:
    assert split_origin(text) == parts


def test_the_allowlists_of_a_policy() -> None:
    local = Policy(port=8000)
    assert local.host_ok("127.0.0.1:8000", "http", "127.0.0.1")
    assert local.host_ok("localhost:8000", "ws", "127.0.0.1")
    assert not local.host_ok("192.168.1.5:8000", "http", "192.168.1.5")
    assert not local.host_ok(None, "http", "127.0.0.1")
    assert local.origin_ok("http://localhost:8000", "127.0.0.1")
    assert not local.origin_ok("https://localhost:8000", "127.0.0.1")
    everywhere = Policy(port=8443, host="0.0.0.0", tls=True)
    # listening on every address: the address the connection reached is the server's own...
    assert everywhere.host_ok("192.168.1.5:8443", "https", "192.168.1.5")
    assert everywhere.origin_ok("https://192.168.1.5:8443", "192.168.1.5")
    # ... but not another address, nor any name (a rebinding attack needs a name)
    assert not everywhere.host_ok("192.168.1.6:8443", "https", "192.168.1.5")
    assert not everywhere.origin_ok("http://192.168.1.5:8443", "192.168.1.5")
    dual_stack = Policy(port=8000, host="::")
    assert dual_stack.host_ok("192.168.1.5:8000", "http", "::ffff:192.168.1.5")
    assert dual_stack.origin_ok("http://[fe80::1]:8000", "fe80::1")
    default_port = Policy(port=443, tls=True)
    assert default_port.host_ok("127.0.0.1", "https", "127.0.0.1")
    assert default_port.origin_ok("https://127.0.0.1", "127.0.0.1")
    named = Policy(port=8000, host="golf.lan")
    assert named.host_ok("golf.lan:8000", "http", "10.0.0.2")
    assert not Policy(port=8000).host_ok("golf.lan:8000", "http", "10.0.0.2")
    assert host_name("::") == "[::]" and host_name("999.1.1.1") is None


@pytest.mark.parametrize("option, value", [
    ("--allow-host", "evil.com/path"), ("--allow-host", "0.0.0.0"), ("--allow-host", ""),
    ("--allow-origin", "*"), ("--allow-origin", "golf.example.com"),
    ("--allow-origin", "https://golf.example.com/"), ("--allow-origin", "null"),
])
def test_bad_allowlist_entries_are_usage_errors(option: str, value: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", option, value]) == 2
    assert f"argument {option}:" in capsys.readouterr().err
    with pytest.raises(ValueError):
        (allow_host if option == "--allow-host" else allow_origin)(value)


def test_golf_web_documents_the_allowlists() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text("utf-8")
    for text in ("--allow-host", "--allow-origin", "Content-Security-Policy", "DNS rebinding"):
        assert text in doc

"""Only its own page drives ``golf web``, in a real browser (docs/web.md, *Who may use the
server*); and the page works over real TLS.

* A page served by a second loopback server (another port: another origin, the attacker's
  page of issue 16) runs ``new WebSocket("ws://127.0.0.1:PORT/ws")`` against ``golf web`` and
  ``fetch``es ``/api/stats``: the browser sends its own Origin, the server refuses both, and
  nothing reaches the database. The same ``new WebSocket`` from the server's own page opens and
  is answered.
* ``golf web --certfile --keyfile`` with a certificate made by the test: chromium loads the page
  over HTTPS and plays over WSS, under the same Content-Security-Policy (every page of these
  tests fails on a CSP violation: conftest.py).
"""

from __future__ import annotations

import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: the shared helpers
from test_web_server import Server  # noqa: E402
from test_web_tls import make_certificates  # noqa: E402

ATTACK = """<!doctype html><html><body><script>
const out = document.body.dataset;
out.ws = "pending"; out.fetch = "pending";
const ws = new WebSocket("%(ws)s");
ws.onopen = () => { out.ws = "open";
  ws.send(JSON.stringify({id: 1, cmd: "new", game: "solitaire"})); };
ws.onmessage = (e) => { out.reply = e.data; };
ws.onerror = () => { if (out.ws === "pending") out.ws = "refused"; };
ws.onclose = (e) => { out.closed = String(e.code); };
fetch("%(stats)s").then(r => r.text()).then(t => { out.fetch = "read: " + t; },
                                           () => { out.fetch = "refused"; });
</script></body></html>"""


@pytest.fixture
def attacker(web_server: Any) -> Iterator[str]:
    """A second loopback server (another port, so another origin) serving the attack page."""
    ws_url = web_server.url.replace("http://", "ws://") + "ws"
    page = (ATTACK % {"ws": ws_url, "stats": web_server.url + "api/stats"}).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_another_origins_page_is_refused_its_own_page_is_not(browser, web_server, attacker,
                                                             app, until):
    from playwright.sync_api import expect

    app.booted()                                   # the own page's first deal is on screen
    tables_before = len(web_server.tables())
    context = browser.new_context()
    try:
        evil = context.new_page()
        sent: list[Any] = []
        evil.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
        evil.goto(attacker)
        body = evil.locator("body")
        expect(body).to_have_attribute("data-ws", "refused")
        expect(body).to_have_attribute("data-fetch", "refused")
        assert body.get_attribute("data-reply") is None and sent == []
    finally:
        context.close()
    assert len(web_server.tables()) == tables_before          # nothing reached the database
    # the server's own page: the same WebSocket opens and is answered
    reply = app.page.evaluate("""() => new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({id: 7, cmd: "hello"}));
        ws.onmessage = (e) => { resolve(JSON.parse(e.data)); ws.close(); };
        ws.onerror = () => reject(new Error("refused"));
    })""")
    assert reply["id"] == 7 and reply["ok"] is True and reply["web"]["version"] == 1


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[Server]:
    certificates = make_certificates(tmp_path)
    running = Server(tmp_path / "web.sqlite3", "--certfile", str(certificates.cert),
                     "--keyfile", str(certificates.key))
    yield running
    running.stop()
    assert "Traceback" not in "\n".join(running.stderr.queue)


def test_the_page_plays_over_https_and_wss(open_page, tls_server, make_app, until):
    # the certificate's authority is the test's own: the browser is told to accept it for the
    # page; it still refuses a service worker's script under a certificate it does not trust
    # (and logs it as an error), so the worker (docs/web.md, "The installable app") is off here
    app = make_app(open_page("tls", url=tls_server.url, ignore_https_errors=True,
                             service_workers="block"))
    app.booted()
    assert app.page.evaluate("location.protocol") == "https:"
    start = until(app.page, lambda: app.frames.last_state(), "the first deal's state")
    app.draw()
    until(app.page, lambda: app.frames.last_state()["moves"] == start["moves"] + 1,
          "the draw's reply over WSS")
    app.expect("moves").to_have_text(app.number(start["moves"] + 1))
    assert app.page.evaluate("document.querySelector('[data-testid=stock]') !== null")


def test_every_screen_works_under_the_content_security_policy(app, until):
    """Each screen the other browser tests do not reach, under the server's policy: any
    violation (an inline style, an inline script, an image or a connection it refuses) is
    reported as a console error and fails the test (conftest.py)."""
    page = app.page
    app.booted()
    app("copy-code").click()              # no clipboard permission here: the fallback's textarea
    app("help").click()
    app.expect("help-panel").to_be_visible()
    page.keyboard.press("Escape")
    app.expect("help-panel").to_be_hidden()
    app("lang").select_option("en")
    app.expect("new-game").to_have_text("New game")
    app.open_new_dialog()
    app("more-rules").select_option("traditional")
    page.keyboard.press("Escape")
    app.expect("new-dialog").to_be_hidden()
    app("stats-link").click()
    app.expect("stats-page").to_be_visible()
    app.expect("stats-solitaire").to_be_visible()
    # the card game: two people on this device (the "pass the device" screen) and a computer
    app("tab-cardgame").click()
    app("cg-players").select_option("3")
    for seat, kind in enumerate(["human", "human", "bot:random"]):
        app(f"cg-seat-{seat}").select_option(kind)
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    app.expect("cg-links").to_be_visible()
    reply = until(page, lambda: app.frames.last_with("tokens"), "the match's tokens")
    assert reply["ok"] is True and reply["held"] == [0, 1]
    # seat 0 draws and keeps the card; then the device passes to seat 1, which confirms first
    app("cg-draw").click()
    app.expect("cg-held").to_be_visible()
    app("place-0-1").click()
    app.expect("cg-pass").to_be_visible()
    app("cg-pass").click()
    app.expect("cg-turn").to_have_attribute("data-seat", "1")
    app.expect("cg-draw").to_be_visible()

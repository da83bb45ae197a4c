"""Fixtures of the real-browser tests of ``golf web`` (docs/web.md).

Every test under ``tests/browser`` is marked ``browser`` and ``slow``: the default test run
leaves it out, CI runs it with ``GOLF_REQUIRE_BROWSER=1 python -m pytest -q -m slow -n auto``.

* ``web_server`` (one per session, so one per xdist worker): ``python -m golfcore.cli web`` on a
  free loopback port with its own SQLite file and ``--bot-delay 0.2``, waited for, then
  terminated; its log is read after every test, and a traceback in it fails the test.
* ``browser`` (one per session): Debian's chromium driven by Playwright. When chromium or
  Playwright is missing, the tests are skipped with a message saying how to install them; with
  ``GOLF_REQUIRE_BROWSER=1`` they fail with that message instead.
* ``open_page`` (per test): a new browser context and page on the app, with a recorder of
  every WebSocket message the page sends and receives, and a collector of console errors and
  page errors: any of those fails the test (see :func:`pytest_runtest_call`).
* ``shot``: saves a screenshot to ``build/screenshots/<test name>-<screen>.png``.
* ``app``: helpers that drive the page through the ``data-testid`` names of docs/web.md.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCREENSHOTS = ROOT / "build" / "screenshots"

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
INSTALL = ("the browser tests of `golf web` need Playwright's Python package and Debian's "
           "chromium: install them with `apt-get install -y chromium` and `pip install "
           "playwright` (no browser download is needed: the tests drive /usr/bin/chromium)")
REQUIRE = "GOLF_REQUIRE_BROWSER"
SERVER_START_SECONDS = 30.0
BOT_DELAY = "0.2"
#: The server's bound on messages a second per connection. The walks replay keys as fast as
#: the page takes them, faster than a person types: on a quick machine 48 keys of a won line
#: pass the default bound of 20 a second (burst 20) and one is answered ``rate-limited``, so
#: the test failed on fast machines only. No walk sends this many; the bound itself is tested
#: on a real server in tests/test_web_limits.py.
MESSAGES_PER_SECOND = "1000"
#: How long an expectation waits before it fails (a hang guard, never a pause).
TIMEOUT_MS = 10_000


# -- markers --------------------------------------------------------------------------------------

def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: real-browser tests of `golf web` (Playwright "
                                       "and chromium); every one is also marked slow")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # tryfirst: the markers must be on the items before `-m` selects them
    for item in items:
        if HERE == Path(item.path).resolve().parent or HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


def _missing(reason: str) -> None:
    message = f"{reason}: {INSTALL}"
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{message} ({REQUIRE}=1: the browser tests are required here)",
                    pytrace=False)
    pytest.skip(message)


def chromium_path() -> str | None:
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


# -- the server -----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class WebServer:
    url: str
    db: Path
    log: Path
    process: subprocess.Popen[bytes]
    read_upto: int = 0

    def new_log(self) -> str:
        """What the server wrote since the last call."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        new, self.read_upto = text[self.read_upto:], len(text)
        return new

    def tables(self) -> list[dict[str, Any]]:
        """Every row of the database's ``tables`` table (read only)."""
        import sqlite3

        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            return [dict(row) for row in conn.execute("SELECT * FROM tables")]
        finally:
            conn.close()

    def query(self, sql: str, *params: Any) -> list[dict[str, Any]]:
        import sqlite3

        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            return [dict(row) for row in conn.execute(sql, params)]
        finally:
            conn.close()


def _start_server(folder: Path) -> WebServer:
    port = _free_port()
    db = folder / "web.sqlite3"
    log = folder / "server.log"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "golfcore.cli", "web", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(db), "--bot-delay", BOT_DELAY,
             "--messages-per-second", MESSAGES_PER_SECOND],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    server = WebServer(f"http://127.0.0.1:{port}/", db, log, process)
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"`golf web` exited with status {process.returncode} before "
                               f"serving; its output:\n{server.new_log()}")
        try:
            with urllib.request.urlopen(server.url, timeout=2) as reply:
                if reply.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            _stop(process)
            raise RuntimeError(f"`golf web` did not answer on {server.url} within "
                               f"{SERVER_START_SECONDS:.0f} s; its output:\n{server.new_log()}")
        time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[WebServer]:
    # depends on `browser` so that a machine without chromium skips before starting a server
    server = _start_server(tmp_path_factory.mktemp("golf-web"))
    try:
        yield server
    finally:
        _stop(server.process)


# -- the browser ----------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _missing("Playwright is not installed")
    expect.set_options(timeout=TIMEOUT_MS)
    path = chromium_path()
    if path is None:
        _missing("chromium is not installed")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Problems:
    """Console errors and page errors of every page of a test, and the server's tracebacks."""

    errors: list[str] = field(default_factory=list)

    def watch(self, page: Any, name: str) -> None:
        def console(msg: Any) -> None:
            if msg.type == "error":
                where = msg.location or {}
                self.errors.append(f"{name}: console error: {msg.text} "
                                   f"({where.get('url', '?')}:{where.get('lineNumber', '?')})")

        def page_error(exc: Any) -> None:
            stack = getattr(exc, "stack", None) or ""
            self.errors.append(f"{name}: page error: {exc}\n{stack}".rstrip())

        page.on("console", console)
        page.on("pageerror", page_error)


@dataclass
class Frames:
    """Every WebSocket message one page received and sent, parsed as JSON when it is JSON."""

    received: list[Any] = field(default_factory=list)
    sent: list[Any] = field(default_factory=list)
    raw_received: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self._add(self.received, payload, True))
            ws.on("framesent", lambda payload: self._add(self.sent, payload, False))

        page.on("websocket", on_socket)

    def _add(self, into: list[Any], payload: Any, raw: bool) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)
        if raw:
            self.raw_received.append(text)
        try:
            into.append(json.loads(text))
        except ValueError:
            into.append(text)

    def sent_commands(self) -> list[str]:
        return [m.get("cmd") for m in self.sent if isinstance(m, dict)]

    def states(self) -> list[dict[str, Any]]:
        """Every solitaire ``state`` received, oldest first."""
        return [m["state"] for m in self.received
                if isinstance(m, dict) and isinstance(m.get("state"), dict)]

    def last_state(self) -> dict[str, Any]:
        states = self.states()
        assert states, f"the page received no solitaire state; it received: {self.received!r}"
        return states[-1]

    def last_with(self, key: str) -> dict[str, Any] | None:
        for m in reversed(self.received):
            if isinstance(m, dict) and m.get(key) is not None:
                return m
        return None


@pytest.fixture
def problems(request: pytest.FixtureRequest, web_server: WebServer) -> Iterator[Problems]:
    found = Problems()
    web_server.new_log()          # what an earlier test left is not this test's
    yield found


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail the test (not its teardown) on a console error, a page error or a server traceback
    seen while it ran."""
    result = yield
    found = getattr(item, "funcargs", {}).get("problems")
    server = getattr(item, "funcargs", {}).get("web_server")
    if isinstance(found, Problems):
        errors = list(found.errors)
        if isinstance(server, WebServer):
            log = server.new_log()
            if "Traceback" in log:
                errors.append(f"the server logged a traceback:\n{log}")
        if errors:
            raise AssertionError("\n".join(["the page or the server reported errors:"]
                                            + errors))
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


CALL_FAILED = pytest.StashKey[bool]()


def _test_name(node: pytest.Item) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", node.name).strip("_")


@dataclass
class OpenedPage:
    page: Any
    context: Any
    frames: Frames


#: Reports every Content-Security-Policy violation of a page as a console error.
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} ` +
                `(${e.sourceFile || ""}:${e.lineNumber || ""}) ${e.sample || ""}`);
});
"""


#: Marks the first visit's tutorial as seen, so that it does not cover the page.
TUTORIAL_SEEN = """
try { localStorage.setItem("golf.tutorial", JSON.stringify("seen")); } catch (e) { /* none */ }
"""


@pytest.fixture
def open_page(request: pytest.FixtureRequest, browser: Any, web_server: WebServer,
              problems: Problems) -> Iterator[Callable[..., OpenedPage]]:
    """``open_page(name="A", url=None, first_visit=False, **context_options)``: a new context
    with one page on the app (or ``url``), watched for errors, its WebSocket messages recorded;
    unless ``first_visit``, the first visit's tutorial is marked as seen. When the test fails,
    each page's screen is saved as ``build/screenshots/<test name>-failed-<name>.png``."""
    contexts: list[Any] = []
    pages: list[tuple[str, Any]] = []

    def make(name: str = "page", url: str | None = None, first_visit: bool = False,
             **options: Any) -> OpenedPage:
        options.setdefault("viewport", {"width": 1280, "height": 800})
        options.setdefault("locale", "es-ES")
        # no animations: an element is clickable as soon as it is drawn (style.css honours it)
        options.setdefault("reduced_motion", "reduce")
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS * 2)
        contexts.append(context)
        # a Content-Security-Policy violation (an inline style the policy blocks...) is an
        # error like any other: the page must work whole under the server's policy
        context.add_init_script(CSP_WATCH)
        if not first_visit:
            # the first visit's tutorial is over (test_browser_feel.py tests a first visit)
            context.add_init_script(TUTORIAL_SEEN)
        page = context.new_page()
        pages.append((name, page))
        problems.watch(page, name)
        frames = Frames()
        frames.watch(page)
        page.goto(url or web_server.url)
        return OpenedPage(page, context, frames)

    yield make
    if request.node.stash.get(CALL_FAILED, False):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name, page in pages:
            safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
            try:
                page.screenshot(path=str(SCREENSHOTS / f"{_test_name(request.node)}-failed-"
                                                       f"{safe}.png"), full_page=True)
            except Exception:      # a page the test closed
                pass
    for context in contexts:
        try:
            context.close()
        except Exception:          # a context the test closed itself
            pass


@pytest.fixture
def page(open_page: Callable[..., OpenedPage]) -> OpenedPage:
    """One page on the app at 1280x800, in Spanish."""
    return open_page()


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """``shot(page, "board")`` saves ``build/screenshots/<test name>-board.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    test = _test_name(request.node)

    def save(page: Any, screen: str) -> Path:
        path = SCREENSHOTS / f"{test}-{re.sub(r'[^A-Za-z0-9_.-]+', '_', screen)}.png"
        page.evaluate("window.scrollTo(0, 0)")     # the header where it belongs
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


# -- driving the page -----------------------------------------------------------------------------

def number_re(value: int | str) -> re.Pattern[str]:
    """Text showing ``value`` as a whole number (not as a part of a longer one)."""
    return re.compile(rf"(?<![\d.,]){re.escape(str(value))}(?![\d.,]*\d)")


class App:
    """The page, driven through the ``data-testid`` names of docs/web.md."""

    def __init__(self, opened: OpenedPage) -> None:
        self.opened = opened
        self.page = opened.page
        self.frames = opened.frames

    def __call__(self, testid: str) -> Any:
        return self.page.get_by_test_id(testid)

    def expect(self, target: Any) -> Any:
        from playwright.sync_api import expect

        return expect(self(target) if isinstance(target, str) else target)

    # -- solitaire ----------------------------------------------------------------------------

    def booted(self) -> None:
        """Wait for the first visit's random Fácil deal (the page deals one on its own): a
        click before it lands would be undone by it."""
        self.expect("game-code").to_have_text(re.compile(r"\S"))

    def open_new_dialog(self) -> None:
        self.booted()
        if not self("new-dialog").is_visible():
            self("new-game").click()
        self.expect("new-dialog").to_be_visible()

    def start_code(self, code: str) -> None:
        """Deal the game of ``code`` from the new-game dialog, pasting the code."""
        self.open_new_dialog()
        self("code-input").fill(code)
        self("start").click()
        self.expect("new-dialog").to_be_hidden()
        self.expect("game-code").to_have_text(code)
        self.expect("moves").to_have_text(number_re(0))

    def free(self, column: int) -> Any:
        return self(f"column-{column}").locator('button[data-free="true"]')

    def play(self, column: int) -> None:
        self.free(column).click()

    def draw(self) -> None:
        self("stock").click()

    def column_labels(self, column: int) -> list[str]:
        return self(f"column-{column}").locator("button").evaluate_all(
            "cards => cards.map(c => c.getAttribute('aria-label'))")

    def board(self) -> dict[str, Any]:
        """What the board shows: waste, stock count, columns, moves and points."""
        return {"waste": self("waste").get_attribute("data-card"),
                "stock": self("stock").get_attribute("data-count"),
                "columns": [self.column_labels(n) for n in range(1, 8)],
                "moves": self("moves").inner_text().strip(),
                "points": self("points").inner_text().strip()}

    def expect_waste(self, card: str | None) -> None:
        self.expect("waste").to_have_attribute("data-card", card or "")

    number = staticmethod(number_re)

    # -- the header's settings ------------------------------------------------------------------

    def open_settings(self) -> None:
        """Show the header's settings (`lang`, `interactive`...): on a narrow window they are
        folded behind `settings-toggle`; on a wide one they are always in the header."""
        toggle = self("settings-toggle")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
            toggle.click()
        self.expect("settings").to_be_visible()

    def close_settings(self) -> None:
        toggle = self("settings-toggle")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true":
            toggle.click()


@pytest.fixture
def app(page: OpenedPage) -> App:
    """The app on one page at 1280x800, in Spanish."""
    return App(page)


@pytest.fixture
def make_app() -> type[App]:
    """The :class:`App` class, for tests that open more pages (``make_app(open_page(...))``)."""
    return App


def wait_until(page: Any, check: Callable[[], Any], what: str,
               seconds: float = TIMEOUT_MS / 1000) -> Any:
    """Poll ``check`` (for things outside the page's DOM, such as recorded WebSocket messages)
    until it returns something true; fail saying ``what`` was awaited. It waits through
    ``page.wait_for_timeout``, which lets Playwright deliver the page's events meanwhile (a
    plain sleep would not)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {seconds:.0f} s waiting for {what}")
        page.wait_for_timeout(50)


@pytest.fixture
def until() -> Callable[..., Any]:
    """:func:`wait_until`, for the test modules."""
    return wait_until


# -- the card game: what each seat may see --------------------------------------------------------

def observations_in(message: Any) -> list[dict[str, Any]]:
    """Every observation a received message carries (``observation``, ``observations``)."""
    if not isinstance(message, dict):
        return []
    found = []
    if isinstance(message.get("observation"), dict):
        found.append(message["observation"])
    many = message.get("observations")
    if isinstance(many, dict):
        found.extend(o for o in many.values() if isinstance(o, dict))
    elif isinstance(many, list):
        found.extend(o for o in many if isinstance(o, dict))
    return found


def latest_observation(frames: Frames, seat: int) -> tuple[int, dict[str, Any]] | None:
    """``(version, observation)`` of the newest observation of ``seat`` a page received."""
    best: tuple[int, dict[str, Any]] | None = None
    for message in frames.received:
        version = message.get("version") if isinstance(message, dict) else None
        if not isinstance(version, int):
            continue
        for obs in observations_in(message):
            if obs.get("seat") == seat and (best is None or version >= best[0]):
                best = (version, obs)
    return best


@dataclass
class ReplayedMatch:
    """A card-game table rebuilt with golfcore from the server's database: the match after
    each of its versions, from the seed of its snapshot and its action log."""

    table: str
    variant: str
    players: int
    views: list[dict[Any, dict[str, Any]]]        # version -> {seat or None: observation}
    hidden: list[list[list[bool]]]                 # version -> seat -> place -> face down?
    final: Any

    def observation(self, version: int, seat: int | None) -> dict[str, Any]:
        assert 0 <= version < len(self.views), (
            f"a message names version {version} of table {self.table}, which has "
            f"{len(self.views) - 1} actions")
        return self.views[version][seat]


def replay_match(server: WebServer, table_id: str) -> ReplayedMatch:
    from golfcore import Match
    from golfcore.cardgame.deal import SecretDeal, SeedDeal

    rows = server.query("SELECT * FROM tables WHERE id = ?", table_id)
    assert rows, f"table {table_id} is not in the server's database {server.db}"
    snapshots = {row["version"]: json.loads(row["snapshot"]) for row in server.query(
        "SELECT version, snapshot FROM snapshots WHERE table_id = ?", table_id)}
    snapshot = snapshots[0]                       # the table as it was dealt
    saved = snapshot["match"]
    # the server's record holds the deal: a table with other people is dealt from a secret
    deal = (SecretDeal(bytes.fromhex(saved["secret"])) if saved.get("secret")
            else SeedDeal(saved["seed"]))
    match = Match(snapshot["variant"], players=saved["players"], deal=deal)
    assert match.to_json() == snapshot, f"table {table_id}: not dealt as its record says"

    def record() -> None:
        views.append({None: match.observation(None).to_json(),
                      **{seat: match.observation(seat).to_json() for seat in range(match.players)}})
        hidden.append([[not place["up"] for place in board]
                       for board in match.referee()["current"]["boards"]])

    views: list[dict[Any, dict[str, Any]]] = []
    hidden: list[list[list[bool]]] = []
    record()
    actions = server.query("SELECT * FROM actions WHERE table_id = ? ORDER BY version", table_id)
    for n, row in enumerate(actions, 1):
        assert row["version"] == n, f"table {table_id}: action {n} is saved as {row['version']}"
        request = json.loads(row["request"])
        seat = row["seat"] if row["seat"] is not None else request.get("seat")
        result = match.act(seat, request["action"])
        assert result.accepted, f"table {table_id}: saved action {n} {request} is refused " \
                                f"when replayed: {result}"
        record()
        assert match.to_json() == snapshots.get(n, match.to_json()), (
            f"table {table_id}: replaying its seed and its first {n} saved actions does not "
            f"give its snapshot at version {n}")
    assert rows[0]["version"] == len(actions)
    return ReplayedMatch(table_id, snapshot["variant"], match.players, views, hidden, match)


def check_hidden_information(frames: Frames, held: set[int], replay: ReplayedMatch,
                             who: str) -> int:
    """Check every message one page received at a card-game table against what its seats may
    see (docs/web.md, "Hidden information"); the number of observations checked.

    * no message carries the referee's view, a stock's order or a match code before the end;
    * every observation is one of the seats the page holds (or the spectator's view), and
      equals, field for field, golfcore's own ``Match.observation`` of that seat at the message's
      version, rebuilt from the database;
    * so no face-down card of another seat appears in it: checked explicitly as well."""
    checked = 0

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                assert key != "referee", (
                    f"{who}: a message carries {path}.{key}, which only the referee may see")
                assert not (key == "stock" and isinstance(item, list)), (
                    f"{who}: a message carries a stock's order at {path}.{key}: {item}")
                walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")

    for n, message in enumerate(frames.received):
        walk(message, f"message {n}")
        observations = observations_in(message)
        if not observations or message.get("table") not in (None, replay.table):
            continue
        version = message.get("version")
        assert isinstance(version, int), (
            f"{who}: message {n} carries observations but no table version: {message}")
        for obs in observations:
            seat = obs.get("seat")
            assert seat is None or seat in held, (
                f"{who} holds seat(s) {sorted(held)} but received seat {seat}'s observation "
                f"(message {n}): {message}")
            for other, board in enumerate(obs.get("boards") or []):
                if other == seat:
                    continue
                for place, card in enumerate(board):
                    assert card is None or not replay.hidden[version][other][place], (
                        f"{who} (seat {seat}) saw seat {other}'s face-down card {card} at "
                        f"place {place + 1}, version {version} (message {n})")
            expected = replay.observation(version, seat)
            if obs != expected:
                diff = {k: (obs.get(k), expected.get(k)) for k in set(obs) | set(expected)
                        if obs.get(k) != expected.get(k)}
                raise AssertionError(
                    f"{who}: message {n} (version {version}) shows seat {seat} something else "
                    f"than golfcore's observation: field: (sent, golfcore's) {diff}")
            checked += 1
    return checked


@pytest.fixture
def card_game() -> Any:
    """The card-game helpers: ``latest_observation``, ``replay_match``,
    ``check_hidden_information``."""
    class Helpers:
        latest = staticmethod(latest_observation)
        replay = staticmethod(replay_match)
        check_hidden = staticmethod(check_hidden_information)
        observations_in = staticmethod(observations_in)

    return Helpers


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Any]:
    """A `golf web` of the test's own (tests/browser/own_server.py), for a test that stops and
    starts its server; stopped after the test, whose log must hold no traceback."""
    from own_server import OwnServer        # it imports this module
    server = OwnServer(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
        assert not server.tracebacks(), server.tracebacks()

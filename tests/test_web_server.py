"""``golf web`` as a user runs it: a real uvicorn server on a loopback port, a real WebSocket
client (``websockets``), the server killed and started again on the same database; and the
command line (``--help``, the warning for a host other than loopback)."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
import websockets

from golfcore.cli import main
from golfcore.cli.web import is_loopback, url

ROOT = Path(__file__).resolve().parent.parent
GUARD = 60.0                                          # hang guards, never pauses


class Server:
    """``python -m golfcore.cli web`` in its own process, on a free loopback port."""

    def __init__(self, db: Path, *args: str, env: dict[str, str] | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "golfcore.cli", "web", "--port", "0", "--db", str(db),
             "--bot-delay", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.readers: list[threading.Thread] = []
        self.stdout = self._lines(self.process.stdout)
        self.stderr = self._lines(self.process.stderr)
        line = self.stdout.get(timeout=GUARD)
        assert re.match(r"golf web: https?://127\.0\.0\.1:\d+/ ", line), line
        self.url = line.split()[2]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        self.ws_url = "ws" + self.url[len("http"):] + "ws"

    def _lines(self, stream: IO[str] | None) -> queue.Queue[str]:
        lines: queue.Queue[str] = queue.Queue()

        def read() -> None:
            assert stream is not None
            for line in stream:
                lines.put(line.rstrip("\n"))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        self.readers.append(reader)
        return lines

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=GUARD)

    def stop(self) -> None:
        """Stop the server (as Ctrl-C does) and read what it printed to the end."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=GUARD)
        for reader in self.readers:
            reader.join(timeout=GUARD)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def server(db: Path) -> Iterator[Server]:
    running = Server(db)
    yield running
    running.stop()


class Tab:
    """A browser tab: requests with ids over a ``websockets`` connection."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.next_id = ws, 0

    async def __call__(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.ws.send(json.dumps({"id": self.next_id, "cmd": cmd, **fields}))
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), GUARD))
            if message.get("id") == self.next_id:
                return message


async def play_some(url_: str) -> dict[str, Any]:
    """A solitaire game and a card game with a computer: a few actions each."""
    async with websockets.connect(url_) as ws:
        tab = Tab(ws)
        assert (await tab("hello"))["web"]["version"] == 1
        new = await tab("new", code="GO1-E-AAAAAAB")
        assert new["state"]["position"]["stock"] is None
        for _ in range(5):
            hint = (await tab("hint"))["hint"]
            last = await (tab("draw") if hint == "draw" else tab("play", column=int(hint)))
            assert last["ok"] is True
        match = await tab("new", game="card-game", seed=4, seat_kinds=["human", "bot:greedy"])
        drawn = await tab("act", seat=0, action="draw", version=0)
        kept = await tab("act", seat=0, action="replace 1", version=1)
        assert kept["ok"] is True and kept["version"] == 2
        while True:                                   # the computer plays its turn: pushes
            push = json.loads(await asyncio.wait_for(ws.recv(), GUARD))
            if push["observations"]["0"]["turn"] == 0:
                break
        assert push["last"]["by"] == "bot" and drawn["observation"]["seat"] == 0
        return {"solitaire": new, "last": last, "match": match, "push": push}


async def reopen(url_: str, played: dict[str, Any]) -> None:
    async with websockets.connect(url_) as ws:
        tab = Tab(ws)
        opened = await tab("open", tokens=[played["solitaire"]["tokens"]["0"]])
        assert opened["state"] == played["last"]["state"]
        assert opened["version"] == 5 and opened["state"]["undoable"] == 5
        undone = await tab("undo", version=5)
        assert undone["ok"] is True and undone["state"]["moves"] == 5
        seat = await tab("open", tokens=[played["match"]["tokens"]["0"]])
        assert seat["observations"] == played["push"]["observations"]
        assert seat["version"] == played["push"]["version"]
        assert (await tab("act", seat=0, action="draw"))["ok"] is True


def test_play_kill_restart_and_resume_exactly(server: Server, db: Path) -> None:
    played = asyncio.run(play_some(server.ws_url))
    with urllib.request.urlopen(server.url + "api/stats", timeout=GUARD) as response:
        stats = json.load(response)
    assert [line["variant"] for line in stats["solitaire"]] == ["app-facil"]
    assert stats["card_game"]["in_progress"] == 1
    with urllib.request.urlopen(server.url, timeout=GUARD) as response:
        assert response.headers["content-type"].startswith("text/html")
    server.kill()                                     # nothing is flushed, nothing is lost
    again = Server(db)
    try:
        asyncio.run(reopen(again.ws_url, played))
    finally:
        again.stop()
    assert again.process.returncode == 130                # Ctrl-C, as every command
    assert list(again.stderr.queue) == ["golf: interrupted"]


def test_ctrl_c_stops_golf_web_with_exit_status_130(db: Path) -> None:
    # the child gets Ctrl-C's default handling, as a command run from a terminal has
    process = subprocess.Popen(
        [sys.executable, "-m", "golfcore.cli", "web", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("golf web: http://127.0.0.1:") and "Ctrl-C stops" in line, line
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=GUARD)
    assert process.returncode == 130
    assert err == "golf: interrupted\n" and out == ""


def test_golf_web_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--help"]) == 0
    text = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--open", "--bot-delay"):
        assert option in text
    assert main(["web", "--port", "http"]) == 2
    assert "a port is a whole number" in capsys.readouterr().err


def test_a_host_other_than_loopback_warns(db: Path) -> None:
    running = Server(db, "--host", "0.0.0.0")
    try:
        warning = running.stderr.get(timeout=GUARD)
        assert "warning: listening on 0.0.0.0" in warning and "127.0.0.1" in warning
        clear = running.stderr.get(timeout=GUARD)
        assert "warning: no TLS" in clear and "--certfile and --keyfile" in clear
    finally:
        running.stop()
    assert running.process.returncode == 130            # Ctrl-C stops it, as every command
    # the warnings and Ctrl-C's line were the only lines
    assert list(running.stderr.queue) == ["golf: interrupted"]


def test_open_opens_the_page_in_the_browser(db: Path, tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.py"
    browser.write_text(f"import sys\nopen({str(opened)!r}, 'w').write(sys.argv[1])\n")
    running = Server(db, "--open", env={"BROWSER": f"{sys.executable} {browser} %s"})
    try:
        for _ in range(int(GUARD * 10)):          # the "browser" is another process: wait
            if opened.exists() and opened.read_text():  # for it (a hang guard, no pause)
                break
            time.sleep(0.1)
        assert opened.read_text() == running.url
    finally:
        running.stop()


def test_loopback_hosts_and_urls() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert url("::1", 80) == "http://[::1]:80/"

"""A `golf web` of one test's own, which the test stops and starts again on the same port and
database (the server being away: docs/web.md, "While the server is away")."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from conftest import BOT_DELAY, MESSAGES_PER_SECOND, ROOT, SERVER_START_SECONDS, _free_port, _stop


class OwnServer:
    """``golf web`` on a fixed loopback port and SQLite file: :meth:`stop` and :meth:`start`."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.db = folder / "web.sqlite3"
        self.log = folder / "server.log"
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> OwnServer:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "golfcore.cli", "web", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", str(self.db), "--bot-delay", BOT_DELAY,
                 "--messages-per-second", MESSAGES_PER_SECOND],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env=env)
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"`golf web` exited: {self.log.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(self.url, timeout=2) as reply:
                    if reply.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"`golf web` did not answer on {self.url}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)
            self.process = None

    def tracebacks(self) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return text if "Traceback" in text else ""

"""``golf play`` in a real pseudo-terminal, for the tests: start it, type keys, read the screen.

:class:`PtyGame` runs ``python -m golfcore.cli play ...`` with a pseudo-terminal of 24 × 80 as
its standard input, output and error (``TERM=xterm``, a UTF-8 locale), feeds what it writes to
:class:`vt.Screen` and keeps the raw output too (what is printed after the screen closes).
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

from vt import Screen

ROWS, COLUMNS = 24, 80


class PtyGame:
    def __init__(self, args: Sequence[str], env: dict[str, str] | None = None,
                 rows: int = ROWS, columns: int = COLUMNS) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environ = {k: v for k, v in os.environ.items()
                   if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE", "COLUMNS",
                                                             "LINES")}
        environ.update({"TERM": "xterm", "LANG": "C.UTF-8", "PYTHONUTF8": "1"})
        environ.update(env or {})
        self.proc = subprocess.Popen([sys.executable, "-m", "golfcore.cli", "play", *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=environ,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.screen = Screen(rows, columns)
        self.raw = bytearray()
        self.closed = False

    def read(self, timeout: float) -> bool:
        """Read what is there within ``timeout`` seconds; ``False`` once the game has closed."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:                        # EIO: the other end is closed
            data = b""
        if not data:
            self.closed = True
            return False
        self.raw += data
        self.screen.feed_bytes(data)
        return True

    def wait_for(self, text: str, timeout: float = 20) -> None:
        """Read until ``text`` is on the screen; an ``AssertionError`` showing the screen after
        ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while text not in self.screen.text():
            if time.monotonic() > end or not self.read(0.2) and text not in self.screen.text():
                raise AssertionError(f"{text!r} not on the screen:\n{self.screen.text()}")

    def send(self, keys: str, chunk: int = 32) -> None:
        """Type ``keys``, a few at a time, reading the screen meanwhile."""
        data = keys.encode("utf-8")
        for start in range(0, len(data), chunk):
            os.write(self.master, data[start:start + chunk])
            while self.read(0.01) and select.select([self.master], [], [], 0)[0]:
                pass

    def finish(self, timeout: float = 20) -> int:
        """Read to the end; the exit status."""
        end = time.monotonic() + timeout
        while self.read(0.2):
            if time.monotonic() > end:
                self.proc.kill()
                raise AssertionError(f"the game did not end:\n{self.screen.text()}")
        os.close(self.master)
        return self.proc.wait(timeout=timeout)

    def output(self) -> str:
        return self.raw.decode("utf-8", "replace")

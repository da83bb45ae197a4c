"""The engines the conformance runner speaks to, through the protocol's JSON lines.

:class:`Engine` is what the runner needs: send a request, get its reply. Our own engine runs in
process (:class:`InProcessEngine`) through exactly the same requests and replies, serialised to
JSON and back, that another engine receives over a pipe (:class:`ProgramEngine`, ``golf
conform --program CMD``), so both paths give the same results by construction.
:func:`engine_for` picks one; :class:`EngineError` is an engine that broke the protocol (no
reply, bad JSON, a crash).
"""

from __future__ import annotations

import json
import math
import selectors
import shlex
import subprocess
from typing import Any, Protocol

from golfcore.errors import GolfError


class EngineError(GolfError):
    """The engine under test broke the protocol: no reply, bad JSON, a crash."""


class Engine(Protocol):
    """An engine under test: anything that answers the protocol's requests
    (``docs/protocol.md``), such as :class:`InProcessEngine` or a program's process."""

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request, return its reply."""

    def close(self) -> None:
        """Stop the engine (end its process, if it has one)."""


class InProcessEngine:
    """golfcore itself, through the protocol's JSON, without a process."""

    def __init__(self) -> None:
        from golfcore.protocol.server import Session

        self.session = Session()

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        line = self.session.handle_line(json.dumps(message, ensure_ascii=False))
        return json.loads(line)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return "golfcore (in process)"


#: The longest wait for one reply of another engine, in seconds (a day).
MAX_TIMEOUT = 86_400.0


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable wait for one reply: finite, above 0, at most a day."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
            not math.isfinite(seconds) or not 0 < seconds <= MAX_TIMEOUT:
        raise EngineError(f"timeout {seconds!r}: expected a number of seconds above 0 and at "
                          f"most {MAX_TIMEOUT:g}")
    return float(seconds)


def split_command(command: str) -> list[str]:
    """The words of an engine's command line, as a POSIX shell splits them (no shell runs)."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:               # an unbalanced quote
        raise EngineError(f"cannot read the engine's command {command!r}: {exc}") from None
    if not argv:
        raise EngineError("the engine's command is empty: give the program to run, e.g. "
                          "'golf serve'")
    return argv


def exchange(proc: subprocess.Popen[str], selector: selectors.BaseSelector, line: str,
             timeout: float, who: str, asked: str, stderr_tail: int = 500) -> dict[str, Any]:
    """Write ``line`` to a process that answers each line with one JSON object, and return
    that object: an :class:`EngineError` naming ``who`` when the process stops reading, does
    not answer ``asked`` within ``timeout`` seconds, exits (with the end of its stderr), or
    answers with anything but a JSON object. ``selector`` watches its stdout."""
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
    except OSError as exc:
        raise EngineError(f"{who} stopped reading: {exc}") from None
    if not selector.select(timeout):
        raise EngineError(f"{who} did not answer {asked} within {timeout:g} s")
    text = proc.stdout.readline()
    if not text:
        err = proc.stderr.read() if proc.stderr else ""
        raise EngineError(f"{who} exited (code {proc.poll()})"
                          + (f": {err.strip()[-stderr_tail:]}" if err.strip() else ""))
    try:
        reply = json.loads(text)
    except json.JSONDecodeError:
        raise EngineError(f"{who} answered with a line that is not JSON: "
                          f"{text.strip()[:200]!r}") from None
    if not isinstance(reply, dict):
        raise EngineError(f"{who} answered with {reply!r}, not an object")
    return reply


class ProgramEngine:
    """Any engine that speaks the protocol on stdin/stdout: ``golf conform --program CMD``."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = check_timeout(timeout)
        argv = split_command(command)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise EngineError(f"cannot start engine {command!r}: {exc}") from None
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        return exchange(self.proc, self.selector, json.dumps(message, ensure_ascii=False),
                        self.timeout, f"engine {self.command!r}", repr(message.get("cmd")))

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.request({"cmd": "quit"})
            except EngineError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        self.selector.close()

    def __str__(self) -> str:
        return self.command


def engine_for(program: str | None) -> Engine:
    """``program`` through the protocol, or golfcore in process when it is None (an empty
    command is an error, not golfcore)."""
    return InProcessEngine() if program is None else ProgramEngine(program)

"""The Guile process that runs Aisleriot's Golf: ``guile-3.0`` with ``harness.scm``.

:class:`Harness` starts ``guile-3.0 --auto-compile harness.scm DIR`` (``DIR`` holds
Aisleriot's compiled modules, ``golf.go`` and ``aisleriot/api.go``), sends it one request a
line (an S-expression, :func:`sexp`) and reads one JSON reply a line. :func:`find_guile` and
:func:`find_modules` say what is missing, as an :class:`EngineError` that names the Debian
packages to install.
"""

from __future__ import annotations

import os
import selectors
import shutil
import subprocess
from importlib import resources
from typing import Any

from golfcore.conformance.engines import EngineError, check_timeout, exchange

#: The Debian packages the harness needs.
PACKAGES = "aisleriot and guile-3.0 (Debian: apt-get install aisleriot guile-3.0)"
#: Where Debian installs Aisleriot's compiled Guile modules (a multiarch folder), and the
#: environment variable that names another.
MODULE_DIRS = ("/usr/lib/x86_64-linux-gnu/aisleriot/guile/3.0",
               "/usr/lib/aarch64-linux-gnu/aisleriot/guile/3.0",
               "/usr/lib/aisleriot/guile/3.0")
MODULES_ENV = "GOLFCORE_AISLERIOT_MODULES"
GUILE_ENV = "GOLFCORE_GUILE"


def find_guile() -> str:
    """The ``guile-3.0`` program (or ``$GOLFCORE_GUILE``)."""
    found = os.environ.get(GUILE_ENV) or shutil.which("guile-3.0")
    if not found:
        raise EngineError(f"guile-3.0 is not installed: the Aisleriot engine runs Aisleriot's "
                          f"Golf in Guile 3.0; install {PACKAGES}")
    return found


def find_modules() -> str:
    """The folder of Aisleriot's compiled modules (or ``$GOLFCORE_AISLERIOT_MODULES``)."""
    given = os.environ.get(MODULES_ENV)
    for folder in ([given] if given else MODULE_DIRS):
        if os.path.isfile(os.path.join(folder, "golf.go")) and \
                os.path.isfile(os.path.join(folder, "aisleriot", "api.go")):
            return folder
    where = given or " or ".join(MODULE_DIRS)
    raise EngineError(f"Aisleriot's compiled Golf (golf.go and aisleriot/api.go) is not in "
                      f"{where}: install {PACKAGES}")


def aisleriot_version() -> str:
    """The installed Debian package's version of Aisleriot, or ``unknown``."""
    query = shutil.which("dpkg-query")
    if query:
        try:
            done = subprocess.run([query, "-W", "-f=${Version}", "aisleriot"],
                                  capture_output=True, text=True, timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            return "unknown"
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip()
    return "unknown"


def sexp(value: Any) -> str:
    """``value`` (ints, bools, strings of symbol characters, lists) as an S-expression."""
    if isinstance(value, bool):
        return "#t" if value else "#f"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if not value or not all(c.isalnum() or c in "-?!" for c in value):
            raise ValueError(f"not a symbol: {value!r}")
        return value
    if isinstance(value, (list, tuple)):
        return "(" + " ".join(sexp(v) for v in value) + ")"
    raise TypeError(f"cannot write {type(value).__name__} for the harness")


class Harness:
    """One ``guile-3.0`` process running ``harness.scm`` on Aisleriot's modules."""

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = check_timeout(timeout)
        guile = find_guile()
        modules = find_modules()
        script = resources.files("golfcore.engines.aisleriot").joinpath("harness.scm")
        self.script = str(script)
        try:
            self.proc = subprocess.Popen(
                [guile, "--auto-compile", self.script, modules],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise EngineError(f"cannot start {guile}: {exc}; install {PACKAGES}") from None
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.hello = self.ask(["hello"])

    def ask(self, request: list[Any], timeout: float | None = None) -> dict[str, Any]:
        """Send ``request`` (a list, written as an S-expression), return the JSON reply."""
        line = sexp(request)
        reply = exchange(self.proc, self.selector, line, timeout or self.timeout,
                         "the Aisleriot harness", repr(request[0]), stderr_tail=800)
        if "error" in reply:
            raise EngineError(f"the Aisleriot harness failed on {line[:200]}: "
                              f"{reply['error']}")
        return reply

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.ask(["quit"], timeout=5)
            except EngineError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        self.selector.close()

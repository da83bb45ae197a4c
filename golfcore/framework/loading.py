"""Loading plugins from entry points: a plugin that fails is left out, never everything.

Every plugin golfcore finds through an entry point (a game's rules and variants, the card game's
bots, the solitaire's hint strategies) is loaded by :func:`load_plugin`: the object is loaded
and accepted (checked and registered) by the caller's function, or else the plugin is *left
out*. Either way the result is one frozen :class:`PluginRecord` (distribution and version,
entry point, what it provides or why it was left out, and the deprecation warnings it triggered
while it loaded). A plugin left out is reported once per process (:func:`report`: by default a
:class:`PluginWarning`; ``golf`` prints one ``golf: warning: ...`` line); ``golf plugins``
lists every record.

Entry points are read in one order, whatever ``sys.path`` holds: golfcore's own first, then by
distribution, entry point name, group and value, so that a plugin that takes a name golfcore
already uses is the one left out, and two plugins that clash always resolve alike.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

#: The distribution golfcore's built-in plugins come from.
GOLFCORE = "golfcore"

#: The most characters of a plugin's error kept in a record (a plugin's text is not trusted).
MAX_TEXT = 500


class PluginWarning(UserWarning):
    """A plugin was left out: the message names it and says why."""


@dataclass(frozen=True)
class PluginRecord:
    """One plugin found through an entry point, loaded or left out."""

    #: The game it belongs to (``solitaire``, ``card-game``).
    game: str
    #: Its entry-point group (``golfcore.solitaire.rules`` ...).
    group: str
    #: What kind of plugin the group holds: ``rule``, ``variant``, ``bot``, ``hint strategy``.
    kind: str
    #: The entry point's name and value (``module:attribute``).
    entry_point: str
    value: str
    #: The distribution that declares it, and its version (``?`` and ``""`` when unknown).
    distribution: str
    version: str
    #: The name of what it provides (a variant's own name; else the entry point's).
    name: str
    #: What it provides, for people (``rule 'no-sevens' (slot king)``); ``""`` if left out.
    provides: str = ""
    #: Why it was left out; ``""`` for a plugin that loaded.
    error: str = ""
    #: The deprecation warnings it triggered while it loaded (what its author must change).
    warnings: tuple[str, ...] = ()

    @property
    def left_out(self) -> bool:
        return bool(self.error)

    @property
    def origin(self) -> str:
        """``golf-house 1.0, entry point 'no-sevens' in golfcore.solitaire.rules =
        golf_house:NoSevens``."""
        return (f"{self.distribution} {self.version}".strip()
                + f", entry point {self.entry_point!r} in {self.group} = {self.value}")

    def describe(self) -> str:
        """The plugin and why it was left out, in one line."""
        return f"{self.origin}: {self.error}"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "group": self.group, "kind": self.kind,
                "entry_point": self.entry_point, "value": self.value,
                "distribution": self.distribution, "version": self.version, "name": self.name,
                "loaded": not self.left_out, "provides": self.provides or None,
                "error": self.error or None, "warnings": list(self.warnings)}


def one_line(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` on one line of at most ``limit`` characters, control characters escaped (a
    plugin's error message reaches a terminal)."""
    flat = " ".join(text.split())
    safe = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in flat)
    return safe if len(safe) <= limit else safe[:limit - 3] + "..."


def name_version(ep: metadata.EntryPoint) -> tuple[str, str]:
    """The name and version of the distribution that declares ``ep`` (``?`` and ``""`` when
    metadata cannot say). Reading a distribution's metadata parses a file: once per process."""
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "?", ""
    key = str(getattr(dist, "_path", "")) or repr(dist)
    found = _DISTRIBUTIONS.get(key)
    if found is None:
        data = dist.metadata
        found = _DISTRIBUTIONS[key] = (one_line(str(data["Name"] or "?"), 100),
                                       one_line(str(data["Version"] or ""), 100))
    return found


_DISTRIBUTIONS: dict[str, tuple[str, str]] = {}


def origin_of(ep: metadata.EntryPoint) -> str:
    """A plugin for people: ``golf-house 1.0, entry point 'no-sevens' in
    golfcore.solitaire.rules = golf_house:NoSevens``."""
    name, version = name_version(ep)
    return (f"{name} {version}".strip()
            + f", entry point {one_line(ep.name, 200)!r} in {ep.group} = {one_line(ep.value, 200)}")


def _path_state() -> tuple[tuple[str, int | None], ...]:
    """``sys.path`` and the time each folder of it last changed: installing or removing a
    distribution adds or removes a folder (its ``.dist-info``) in one of them."""
    state: list[tuple[str, int | None]] = []
    for entry in sys.path:
        try:
            state.append((entry, os.stat(entry or ".").st_mtime_ns))
        except OSError:
            state.append((entry, None))
    return tuple(state)


#: The path state the entry points below were read in, and those of each tuple of groups.
_READ: dict[str, Any] = {"state": None, "groups": {}}


def entry_points(groups: Iterable[str]) -> list[metadata.EntryPoint]:
    """The entry points of ``groups`` in the order plugins are loaded: golfcore's first, then
    by distribution, name, group and value.

    They are read again only when ``sys.path`` or one of its folders changed: reading them
    takes some 10 ms (every distribution's metadata), which a server that looks up a bot for
    each new match must not spend on its event loop."""
    state, wanted = _path_state(), tuple(groups)
    if _READ["state"] != state:
        _READ["state"], _READ["groups"] = state, {}
    known: dict[tuple[str, ...], list[metadata.EntryPoint]] = _READ["groups"]
    if wanted not in known:
        eps = metadata.entry_points()
        found = [ep for group in wanted for ep in eps.select(group=group)]

        def key(ep: metadata.EntryPoint) -> tuple[bool, str, str, str, str]:
            dist = name_version(ep)[0]
            return (dist != GOLFCORE, dist, ep.name, ep.group, ep.value)

        known[wanted] = sorted(found, key=key)
    return list(known[wanted])


def load_plugin(ep: metadata.EntryPoint, game: str, kind: str,
                accept: Callable[[Any], tuple[str, str]]) -> PluginRecord:
    """Load ``ep`` and give what it loads to ``accept``, which checks and registers it and
    returns its name and what it provides (``("house", "variant 'house' (letter H)")``), or
    raises. Whatever ``ep.load()`` or ``accept`` raises leaves the plugin out: the record says
    why, and :func:`report` reports it. The deprecation warnings raised meanwhile are recorded
    and then warned again, as they came."""
    dist, version = name_version(ep)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            name, provides = accept(ep.load())
            error = ""
        except Exception as exc:  # a third party's code: whatever it raises leaves it out
            name, provides, error = ep.name, "", _reason(exc, origin_of(ep))
    found = tuple(one_line(str(w.message)) for w in caught
                  if issubclass(w.category, DeprecationWarning))
    where = _module_file(ep)
    for w in caught:
        if where is not None and _in_golfcore(w.filename):   # golfcore's words on the plugin:
            warnings.warn_explicit(w.message, w.category, where, 0)    # shown at its module
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
    record = PluginRecord(game=game, group=ep.group, kind=kind,
                          entry_point=one_line(ep.name, 200), value=one_line(ep.value, 200),
                          distribution=dist, version=version, name=one_line(name, 200),
                          provides=one_line(provides), error=error, warnings=found)
    if record.left_out:
        report(record)
    return record


def _module_file(ep: metadata.EntryPoint) -> str | None:
    """The file of the module ``ep`` loads from, once imported (``None`` if unknown)."""
    module = sys.modules.get(ep.module)
    found = getattr(module, "__file__", None)
    return found if isinstance(found, str) else None


def _in_golfcore(filename: str) -> bool:
    return Path(filename).resolve().is_relative_to(_GOLFCORE_DIR)


_GOLFCORE_DIR = Path(__file__).resolve().parent.parent


def left_out(record: PluginRecord, error: str) -> PluginRecord:
    """``record`` left out after all (a variant whose name another game took): reported."""
    from dataclasses import replace

    out = replace(record, provides="", error=one_line(error))
    report(out)
    return out


def _reason(exc: BaseException, origin: str) -> str:
    """Why a plugin was left out: golfcore's own errors as they are (without the plugin's
    name, which the record gives), anything else with its type."""
    from golfcore.errors import GolfError

    text = str(exc)
    if isinstance(exc, GolfError):
        if text.startswith(origin + ": "):
            text = text[len(origin) + 2:]
        return one_line(text.replace(f" ({origin})", ""))
    return one_line(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


def warning_text(record: PluginRecord) -> str:
    """The one line that reports a plugin left out."""
    return f"plugin left out: {record.describe()}; run 'golf plugins' for details"


def _warn(record: PluginRecord) -> None:
    warnings.warn(warning_text(record), PluginWarning, stacklevel=4)


#: How a plugin left out is reported: a :class:`PluginWarning` unless a program (``golf``)
#: chose otherwise with :func:`set_reporter`.
_REPORTER: list[Callable[[PluginRecord], None]] = [_warn]


def report(record: PluginRecord) -> None:
    """Report ``record`` (a plugin left out) as the program chose."""
    _REPORTER[0](record)


def set_reporter(reporter: Callable[[PluginRecord], None] | None) -> None:
    """Report each plugin left out with ``reporter`` (``None``: a :class:`PluginWarning`)."""
    _REPORTER[0] = reporter or _warn


def find_left_out(name: str, records: Iterable[PluginRecord], kind: str
                  ) -> PluginRecord | None:
    """The record of the ``kind`` plugin left out that is called ``name`` (its name or its
    entry point's, compared as the registry compares names), else ``None``."""
    from golfcore.framework.registry import normalise

    key = normalise(name)
    for record in records:
        if record.left_out and record.kind == kind and key in (normalise(record.name),
                                                               normalise(record.entry_point)):
            return record
    return None


def left_out_text(what: str, record: PluginRecord) -> str:
    """``variant 'house' was left out: <the plugin and why>; run 'golf plugins' ...``."""
    return f"{what} {record.name!r} was left out: {record.describe()}; run 'golf plugins' " \
           f"for details"


__all__ = ["PluginRecord", "PluginWarning", "entry_points", "load_plugin", "set_reporter"]

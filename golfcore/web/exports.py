"""What a ``golf web`` export file is: the checks of its form that :meth:`Store.import_data`
makes before writing (the checks of its contents, loading and replaying every table, are
:func:`golfcore.web.resume.import_problems`).

An export (:meth:`golfcore.web.store.Store.export`) is ``{"format": "golfcore-web-export",
"version": 2, "tables": [...]}``, each table with the fields of its record, its seats
(``{seat, kind, token}``), its snapshots (``{version, snapshot}``, in order: the first at
version 0 for a table made by this golfcore) and its actions (``{version, seat, request,
at}``). Version 1, written before the event log, had one ``snapshot`` (the table at its
version) in place of ``snapshots``; it is still read. The functions here are pure: each yields
``(JSON path, problem)`` for what is wrong, so that an import reports the first problem where
it is (``$.tables[2].seats[1].token``) and writes nothing. The kinds of seats a table may have
(:func:`seat_kinds_problem`) are the store's rule for new tables too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from golfcore.web.stats import (CARD_GAME, GAMES, SOLITAIRE, Problem, is_int, is_number,
                                json_type, summary_problems)

EXPORT_FORMAT = "golfcore-web-export"
EXPORT_VERSION = 2
HUMAN = "human"
#: A computer seat's kind: ``bot:NAME``, options as ``bot:strong:iterations=50,margin=4``.
BOT_KIND = re.compile(r"bot:[A-Za-z0-9_.+-]+(:[A-Za-z0-9_]+=[A-Za-z0-9_.+-]+"
                      r"(,[A-Za-z0-9_]+=[A-Za-z0-9_.+-]+)*)?\Z")
KEY = re.compile(r"[A-Za-z0-9_-]{1,128}\Z")          # table ids (url-safe)
#: A person's seat token as the store draws it: ``secrets.token_urlsafe(16)``, 128 random bits
#: as 22 characters of the URL-safe base64 alphabet (a shorter one is a guessable seat link).
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}\Z")
#: A table's fields in each export version.
_TABLE_FIELDS = {
    1: ("id", "game", "variant", "created", "updated", "version", "status", "snapshot",
        "summary", "seats", "actions"),
    2: ("id", "game", "variant", "created", "updated", "version", "status", "summary", "seats",
        "snapshots", "actions"),
}


def snapshots_of(table: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """``(version, snapshot)`` of a checked table of an export, in order."""
    if "snapshots" in table:
        return [(s["version"], s["snapshot"]) for s in table["snapshots"]]
    return [(table["version"], table["snapshot"])]


def seat_kinds_problem(game: str, kinds: Sequence[object]) -> str | None:
    """What is wrong with the seat kinds of a ``game`` table, or ``None``."""
    if game not in GAMES:
        return f"unknown game {game!r}: expected {' or '.join(map(repr, GAMES))}"
    for index, kind in enumerate(kinds):
        if not (kind == HUMAN or isinstance(kind, str) and BOT_KIND.match(kind)):
            return f"seat {index}: kind must be 'human' or 'bot:NAME', not {kind!r}"
    if game == SOLITAIRE and len(kinds) != 1:
        return f"a solitaire table has one seat, not {len(kinds)}"
    if game == CARD_GAME and not (2 <= len(kinds) <= 6 and HUMAN in kinds):
        return f"a card-game table has 2 to 6 seats, one of them human, not {list(kinds)!r}"
    return None


def _object(value: object, path: str, fields: Sequence[str]) -> Iterator[Problem]:
    """Problems of a JSON object that must have exactly ``fields``."""
    if not isinstance(value, dict):
        yield path, f"must be a JSON object, not {json_type(value)}"
        return
    missing = [f for f in fields if f not in value]
    unknown = sorted(set(value) - set(fields))
    if missing:
        yield path, f"missing field(s) {', '.join(map(repr, missing))}"
    elif unknown:
        yield path, f"unknown field(s) {', '.join(map(repr, unknown))}"


def _is(ok: bool, path: str, expected: str, value: object) -> Iterator[Problem]:
    if not ok:
        yield path, f"must be {expected}, not {json_type(value)} {value!r}"


def export_problems(data: object) -> Iterator[Problem]:
    """Each way ``data`` is not an export :meth:`Store.import_data` can add, as
    ``(JSON path, problem)``; the first one stops the import."""
    if any(_object(data, "$", ("format", "version", "tables"))):
        yield from _object(data, "$", ("format", "version", "tables"))
        return
    assert isinstance(data, dict)
    yield from _is(data["format"] == EXPORT_FORMAT, "$.format", repr(EXPORT_FORMAT),
                   data["format"])
    if is_int(data["version"]) and data["version"] > EXPORT_VERSION:
        yield "$.version", (f"written by a newer golfcore (export version {data['version']}; "
                            f"this golfcore reads versions 1 to {EXPORT_VERSION})")
        return
    if not (is_int(data["version"]) and data["version"] in _TABLE_FIELDS):
        yield from _is(False, "$.version", " or ".join(map(str, _TABLE_FIELDS)),
                       data["version"])
        return
    fields = _TABLE_FIELDS[data["version"]]
    tables = data["tables"]
    yield from _is(isinstance(tables, list), "$.tables", "an array", tables)
    ids: set[str] = set()
    tokens: set[str] = set()
    for index, table in enumerate(tables if isinstance(tables, list) else ()):
        yield from _table_problems(table, f"$.tables[{index}]", ids, tokens, fields)


def _table_problems(table: object, path: str, ids: set[str], tokens: set[str],
                    fields: Sequence[str]) -> Iterator[Problem]:
    """A table's problems; it stops at a problem that leaves the rest unreadable."""
    if any(_object(table, path, fields)):
        yield from _object(table, path, fields)
        return
    assert isinstance(table, dict)
    key, game, seats, actions = table["id"], table["game"], table["seats"], table["actions"]
    yield from _is(isinstance(key, str) and bool(KEY.match(key)), f"{path}.id",
                   "1 to 128 letters, digits, '-' or '_'", key)
    if isinstance(key, str):
        if key in ids:
            yield f"{path}.id", f"table {key!r} appears twice"
        ids.add(key)
    yield from _is(isinstance(table["variant"], str) and bool(table["variant"]),
                   f"{path}.variant", "a variant name", table["variant"])
    for field in ("created", "updated"):
        yield from _is(is_number(table[field]) and table[field] >= 0, f"{path}.{field}",
                       "a time (seconds since 1970)", table[field])
    if "snapshot" in table:
        yield from _is(isinstance(table["snapshot"], dict), f"{path}.snapshot",
                       "a JSON object", table["snapshot"])
    stage = [*_is(game in GAMES, f"{path}.game", " or ".join(map(repr, GAMES)), game),
             *_is(isinstance(seats, list), f"{path}.seats", "an array", seats)]
    for index, seat in enumerate(seats if not stage else ()):
        stage += _seat_problems(seat, f"{path}.seats[{index}]", index, tokens)
    yield from stage
    if stage:
        return
    kinds = [seat["kind"] for seat in seats]
    problem = seat_kinds_problem(game, kinds)
    if problem is not None:
        yield f"{path}.seats", problem
        return
    stage = [(f"{path}.summary" + (f".{where}" if where else ""), what)
             for where, what in summary_problems(game, table["summary"], kinds)]
    yield from stage
    if not stage:
        yield from _is(table["status"] == table["summary"]["status"], f"{path}.status",
                       f"the summary's status {table['summary']['status']!r}", table["status"])
    version = table["version"]
    if not is_int(version) or version < 0:
        yield from _is(False, f"{path}.version", "a whole number from 0", version)
    elif not isinstance(actions, list):
        yield from _is(False, f"{path}.actions", "an array", actions)
    elif len(actions) != version:
        yield f"{path}.actions", (f"{len(actions)} actions for a table at version {version} "
                                  f"(the version is the number of actions)")
    else:
        for index, action in enumerate(actions):
            yield from _action_problems(action, f"{path}.actions[{index}]", index, len(seats))
        if "snapshots" in table:
            yield from _snapshots_problems(table["snapshots"], f"{path}.snapshots", version)


def _snapshots_problems(snapshots: object, path: str, version: int) -> Iterator[Problem]:
    """``snapshots``: 1 or more ``{version, snapshot}``, versions from 0 to the table's, each
    above the one before."""
    if not isinstance(snapshots, list) or not snapshots:
        yield from _is(False, path, "an array of 1 or more snapshots", snapshots)
        return
    last = -1
    for index, entry in enumerate(snapshots):
        where = f"{path}[{index}]"
        if any(_object(entry, where, ("version", "snapshot"))):
            yield from _object(entry, where, ("version", "snapshot"))
            return
        assert isinstance(entry, dict)
        at = entry["version"]
        if not (is_int(at) and last < at <= version):
            yield from _is(False, f"{where}.version", f"a version above {last} and at most the "
                           f"table's version {version}", at)
            return
        last = at
        yield from _is(isinstance(entry["snapshot"], dict), f"{where}.snapshot",
                       "a JSON object", entry["snapshot"])


def _seat_problems(seat: object, path: str, index: int, tokens: set[str]) -> Iterator[Problem]:
    if any(_object(seat, path, ("seat", "kind", "token"))):
        yield from _object(seat, path, ("seat", "kind", "token"))
        return
    assert isinstance(seat, dict)
    kind, token = seat["kind"], seat["token"]
    yield from _is(seat["seat"] == index and is_int(seat["seat"]), f"{path}.seat", str(index),
                   seat["seat"])
    yield from _is(kind == HUMAN or isinstance(kind, str) and bool(BOT_KIND.match(kind)),
                   f"{path}.kind", "'human' or 'bot:NAME'", kind)
    if kind == HUMAN:
        yield from _is(isinstance(token, str) and bool(TOKEN.match(token)), f"{path}.token",
                       "a token of exactly 22 letters, digits, '-' or '_' (128 random bits, "
                       "as the store draws it) for a person's seat", token)
        if isinstance(token, str):
            if token in tokens:
                yield f"{path}.token", "the key to another seat of this file"
            tokens.add(token)
    else:
        yield from _is(token is None, f"{path}.token", "null for a computer's seat", token)


def _action_problems(action: object, path: str, index: int, seats: int) -> Iterator[Problem]:
    if any(_object(action, path, ("version", "seat", "request", "at"))):
        yield from _object(action, path, ("version", "seat", "request", "at"))
        return
    assert isinstance(action, dict)
    yield from _is(action["version"] == index + 1 and is_int(action["version"]),
                   f"{path}.version", f"{index + 1} (actions are numbered from 1, in order)",
                   action["version"])
    seat = action["seat"]
    yield from _is(seat is None or is_int(seat) and 0 <= seat < seats, f"{path}.seat",
                   f"null or a seat from 0 to {seats - 1}", seat)
    yield from _is(isinstance(action["request"], dict), f"{path}.request", "a JSON object",
                   action["request"])
    yield from _is(is_number(action["at"]) and action["at"] >= 0, f"{path}.at",
                   "a time (seconds since 1970)", action["at"])

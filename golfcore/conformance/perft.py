"""The perft count files of ``specs/perft/`` (``docs/perft.md``): reading them, checking an
engine against them, and writing them from golfcore.

A count file is JSON lines (``.jsonl``), one count a line::

    {"game": "solitaire", "variant": "app-facil", "deal": 1, "depth": 10, "count": 474}
    {"game": "card-game", "variant": "card-golf", "code": "GC1-G233-AAAAAAB", "depth": 3,
     "count": 54, "divide": {"draw": 36, "take": 18}}

(each on one line). ``game`` and ``variant`` name the rules; the start is a solitaire ``deal``
number or a card-game ``code``; ``count`` is the number of lines of ``depth`` legal actions;
``divide``, on the deepest line of each start, maps each first action (in the engine's order)
to the lines it begins. Blank lines and lines starting with ``#`` are comments.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from golfcore.errors import GolfError
from golfcore.framework import perft as core

#: The fields of a count line, and the starts it may name.
FIELDS = {"game", "variant", "deal", "code", "depth", "count", "divide"}
GAMES = ("solitaire", "card-game")
#: The suffix of a count file.
SUFFIX = ".jsonl"


@dataclass(frozen=True)
class PerftCase:
    """One line of a count file: where it was read, the rules, the start, the depth and the
    counts."""

    source: str
    line: int
    game: str
    variant: str
    start: int | str            # a solitaire deal number, a card-game code
    depth: int
    count: int
    divide: dict[str, int] | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        what = f"deal {self.start}" if self.game == "solitaire" else str(self.start)
        return f"{self.variant} {what} depth {self.depth}"

    def to_json(self) -> dict[str, Any]:
        key = "deal" if self.game == "solitaire" else "code"
        data: dict[str, Any] = {"game": self.game, "variant": self.variant, key: self.start,
                                "depth": self.depth, "count": self.count}
        if self.divide is not None:
            data["divide"] = self.divide
        return data


class PerftFileError(GolfError):
    """A count file that cannot be read, with its file and line."""


def _whole(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def parse_line(data: Any, source: str, line: int) -> PerftCase:
    """One count line, every field checked (:class:`PerftFileError` naming the line)."""
    def bad(message: str) -> PerftFileError:
        return PerftFileError(f"{source}:{line}: {message}")

    if not isinstance(data, dict):
        raise bad("a count line is a JSON object")
    unknown = sorted(set(map(str, data)) - FIELDS)
    if unknown:
        raise bad(f"unknown field(s) {', '.join(map(repr, unknown))}")
    game, variant = data.get("game"), data.get("variant")
    if game not in GAMES:
        raise bad(f"'game' must be one of {', '.join(GAMES)}, got {game!r}")
    if not isinstance(variant, str) or not variant.strip():
        raise bad("'variant' must name a variant")
    key = "deal" if game == "solitaire" else "code"
    other = "code" if key == "deal" else "deal"
    start = data.get(key)
    if other in data:
        raise bad(f"a {game} count names its start with {key!r}, not {other!r}")
    if game == "solitaire" and not _whole(start, 1):
        raise bad(f"'deal' must be a deal number from 1, got {start!r}")
    if game == "card-game" and not isinstance(start, str):
        raise bad(f"'code' must be a match code such as GC1-G233-AAAAAAB, got {start!r}")
    depth, count = data.get("depth"), data.get("count")
    if not isinstance(depth, int) or not _whole(depth) or depth > core.MAX_DEPTH:
        raise bad(f"'depth' must be a whole number from 0 to {core.MAX_DEPTH}, got {depth!r}")
    if not isinstance(count, int) or not _whole(count):
        raise bad(f"'count' must be a whole number, got {count!r}")
    divide = data.get("divide")
    if divide is not None:
        if not isinstance(divide, dict) or not all(
                isinstance(k, str) and _whole(v) for k, v in divide.items()):
            raise bad("'divide' must map each first action's text to a whole number")
        if sum(divide.values()) != count and depth > 0:
            raise bad(f"'divide' adds up to {sum(divide.values())}, not the count {count}")
    assert isinstance(start, (int, str))
    return PerftCase(source, line, game, variant, start, depth, count, divide)


def read_file(path: str) -> list[PerftCase]:
    """Every count of the file at ``path``."""
    cases = []
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, start=1):
            text = text.strip()
            if not text or text.startswith("#"):
                continue
            try:
                data = json.loads(text)
            except ValueError as exc:
                raise PerftFileError(f"{path}:{number}: not JSON: {exc}") from None
            cases.append(parse_line(data, path, number))
    return cases


def shipped_folder() -> str:
    """The folder of the count files shipped with golfcore (``golfcore_specs/perft``)."""
    import golfcore_specs

    return os.path.join(os.path.dirname(os.path.abspath(golfcore_specs.__file__)), "perft")


def find_files(paths: Iterable[str]) -> list[str]:
    """The count files under ``paths`` (files, or folders searched for ``*.jsonl``), sorted."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                found += [os.path.join(folder, n) for n in sorted(names) if n.endswith(SUFFIX)]
        else:
            found.append(path)
    return found


# -- counting with golfcore ----------------------------------------------------------------------


def golfcore_counts(case: PerftCase, divided: bool,
                    limit: int | None = None) -> tuple[int, dict[str, int] | None]:
    """golfcore's count (and, ``divided``, its division) for ``case``'s rules and start."""
    if case.game == "solitaire":
        from golfcore.solitaire import engine, perft as sol
        from golfcore.solitaire.rules import rule_set

        rules = rule_set(case.variant)
        assert isinstance(case.start, int)
        state = engine.start_deal(rules, case.start)
        if divided:
            split = sol.divide(rules, state, case.depth, limit)
            return sum(n for _, n in split) if case.depth else 1, dict(split)
        return sol.perft(rules, state, case.depth, limit), None
    from golfcore.cardgame import perft as card
    from golfcore.cardgame.match import Match

    assert isinstance(case.start, str)
    match = Match.from_code(case.start)
    if match.variant.name != case.variant:
        raise GolfError(f"{case.start} is a code of {match.variant.name}, not {case.variant}")
    if divided:
        split = card.divide(match.rules, match.state, case.depth, limit)
        return sum(n for _, n in split) if case.depth else 1, dict(split)
    return card.perft(match.rules, match.state, case.depth, limit), None


#: What counts a case for a checker: ``(count, divide or None)``.
Counting = Callable[[PerftCase, bool], tuple[int, "dict[str, int] | None"]]


@dataclass(frozen=True)
class PerftResult:
    """One case checked: passed, or what the engine counted instead."""

    case: PerftCase
    passed: bool
    message: str = ""
    #: why the engine was not asked (it plays no variant with the line's rules), if it was not
    skipped: str = ""
    #: the engine's variant that counted, when it is not the line's own name
    variant: str = ""

    @property
    def status(self) -> str:
        return "skip" if self.skipped else "pass" if self.passed else "fail"

    def to_json(self) -> dict[str, Any]:
        return {**self.case.to_json(), "status": self.status,
                "message": self.skipped or self.message, "engine_variant": self.variant or
                self.case.variant}


def check(cases: Iterable[PerftCase], counting: Counting = golfcore_counts) -> Iterator[
        PerftResult]:
    """Each case checked: the engine's count, and its division where the file gives one."""
    for case in cases:
        try:
            count, split = counting(case, case.divide is not None)
        except GolfError as exc:
            yield PerftResult(case, False, f"the engine could not count: {exc}")
            continue
        if count != case.count:
            yield PerftResult(case, False, f"expected {case.count}, counted {count}")
        elif case.divide is not None and split != case.divide:
            wrong = [f"{k}: expected {case.divide.get(k)}, counted {(split or {}).get(k)}"
                     for k in sorted(set(case.divide) | set(split or {}))
                     if case.divide.get(k) != (split or {}).get(k)]
            yield PerftResult(case, False, "divide differs: " + "; ".join(wrong))
        else:
            yield PerftResult(case, True)


# -- writing the shipped files -------------------------------------------------------------------


def solitaire_lines(variant: str, deals: Iterable[int], depths: Iterable[int],
                    deeper: float = 0.0, step: int = 4, most: int = 40) -> list[PerftCase]:
    """Count lines of ``variant`` for each deal at ``depths``, then ``step`` deeper each time
    while the last count took under ``deeper`` seconds, up to depth ``most``; the deepest line
    of a deal divided."""
    out: list[PerftCase] = []
    for deal in deals:
        lines = []
        wanted = list(depths)
        took = 0.0
        while wanted:
            depth = wanted.pop(0)
            began = time.perf_counter()
            case = PerftCase("golfcore", 0, "solitaire", variant, deal, depth, 0)
            count, _ = golfcore_counts(case, False)
            took = time.perf_counter() - began
            lines.append(PerftCase("golfcore", 0, "solitaire", variant, deal, depth, count))
            if not wanted and took < deeper and depth + step <= most:
                wanted.append(depth + step)
        out += lines[:-1] + [_divided(lines[-1])]
    return out


def card_lines(variant: str, codes: Iterable[str], depths: Iterable[int]) -> list[PerftCase]:
    """Count lines of ``variant`` for each code at ``depths``; the deepest divided."""
    out: list[PerftCase] = []
    for code in codes:
        lines = [PerftCase("golfcore", 0, "card-game", variant, code, depth,
                           golfcore_counts(PerftCase("golfcore", 0, "card-game", variant, code,
                                                     depth, 0), False)[0])
                 for depth in depths]
        out += lines[:-1] + [_divided(lines[-1])]
    return out


def _divided(case: PerftCase) -> PerftCase:
    count, split = golfcore_counts(case, True)
    assert count == case.count
    return PerftCase(case.source, case.line, case.game, case.variant, case.start, case.depth,
                     count, split)


def write_file(path: str, cases: Iterable[PerftCase], comment: str) -> None:
    """Write ``cases`` as a count file, after a ``#`` comment line."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"# {comment}\n")
        for case in cases:
            handle.write(json.dumps(case.to_json(), ensure_ascii=False) + "\n")


__all__ = ["FIELDS", "GAMES", "PerftCase", "PerftFileError", "PerftResult", "card_lines",
           "check", "find_files", "golfcore_counts", "parse_line", "read_file",
           "shipped_folder", "solitaire_lines", "write_file"]

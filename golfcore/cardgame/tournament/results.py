"""A tournament's results file: one JSON record a match, appended as matches finish, so that an
interrupted tournament resumes where it stopped.

:func:`read_results` reads an existing file and checks that it is this tournament's before
anything is repaired; reading, repairing and appending lines are :mod:`golfcore.runs.jsonl`'s
(shared with ``golf survey``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from golfcore.cardgame.rules import rule_set
from golfcore.cardgame.tournament.play import (MATCHES, Record, dominated_not_run,
                                               match_seed, seating)
from golfcore.codes import parse_match_code
from golfcore.errors import GolfError
from golfcore.runs import jsonl


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+=,-]", "_", text)


def default_output(bots: Sequence[str], variant: str, seed: int, unit: str) -> str:
    """``tournament-<bots>-<variant>-seed<S>.jsonl`` (``...-rounds.jsonl`` for ``--rounds``),
    in the current directory."""
    rounds = "" if unit == MATCHES else "-rounds"
    return f"tournament-{_safe(','.join(bots))}-{_safe(variant)}-seed{seed}{rounds}.jsonl"


@dataclass
class Resume:
    """What an existing results file holds for this tournament (see :func:`read_results`)."""

    done: dict[int, Record] = field(default_factory=dict)   # by match number
    outside: int = 0            # records of matches beyond the number asked for
    duplicates: int = 0         # lines for a match already read
    truncated: bool = False     # a last line cut off mid-write was removed
    needs_newline: bool = False  # the last record has no line end yet


def _describe(identity: Any) -> str:
    if not isinstance(identity, dict):
        return repr(identity)
    unit = "single rounds" if identity.get("unit") != MATCHES else "whole matches"
    bots = " ".join(map(str, identity.get("bots") or []))
    return f"{bots} under {identity.get('variant')}, seed {identity.get('seed')}, {unit}"


#: The first characters of every record as :func:`golfcore.runs.jsonl.append` writes it: a last line
#: cut off mid-write starts with them (or is a beginning of them).
RECORD_START = b'{"tournament": '


def _each(value: Any, players: int, valid: Callable[[Any], bool]) -> bool:
    """``value`` is a list of one entry per bot, each ``valid``."""
    return isinstance(value, list) and len(value) == players and all(map(valid, value))


def _points(value: Any) -> bool:
    return jsonl.whole(value, -jsonl.BIG, jsonl.BIG)


def _fields(players: int) -> dict[str, tuple[Callable[[Any], bool], str]]:
    """What each field of a record must hold (a test, and what it expects, for the error
    message), but ``tournament``, which is compared with the tournament's identity."""
    count = jsonl.whole

    def seats(v: Any) -> bool:
        return (isinstance(v, list) and len(v) == players
                and all(jsonl.whole(b, 0, players - 1) for b in v) and len(set(v)) == players)

    def winners(v: Any) -> bool:
        return (isinstance(v, list) and 0 < len(v) <= players
                and all(jsonl.whole(w, 0, players - 1) for w in v) and len(set(v)) == len(v))

    def points(v: Any) -> bool:
        return isinstance(v, list) and all(_each(r, players, _points) for r in v)

    def micros(v: Any) -> bool:
        return _each(v, players, lambda m: isinstance(m, list) and all(map(count, m)))

    per_bot = f"a list of {players} (one per bot)"
    return {
        "match": (count, "a whole number >= 0"),
        "match_seed": (count, "a whole number >= 0"),
        "code": (lambda v: v is None or isinstance(v, str),
                 "a match code, or null (a variant no code can name)"),
        "seats": (seats, f"the bots 0 to {players - 1} in seat order"),
        "rounds": (lambda v: jsonl.whole(v, 1), "a whole number >= 1"),
        "points": (points, f"a list of rounds, each {per_bot} whole numbers"),
        "totals": (lambda v: _each(v, players, _points), f"{per_bot} whole numbers"),
        "winners": (winners, f"a list of different bots from 0 to {players - 1}"),
        "decisions": (lambda v: _each(v, players, count), f"{per_bot} whole numbers >= 0"),
        "dominated": (lambda v: v is None or _each(v, players, count),
                      f"{per_bot} whole numbers >= 0, or null (not judged)"),
        "micros": (micros, f"{per_bot} lists of whole numbers >= 0"),
        "cpu_micros": (micros, f"{per_bot} lists of whole numbers >= 0"),
        "seconds": (lambda v: jsonl.number(v, 0.0, 1e9), "a number of seconds from 0 to 1e9"),
    }


def _check_record(data: Any, where: str, players: int) -> Record:
    """``data`` if it is a tournament record, each field of the type and range the tournament
    writes (nothing more, nothing less); else :class:`GolfError` naming ``where`` and the
    field."""
    fields = {"tournament": (lambda v: isinstance(v, dict), "the tournament's description"),
              **_fields(players)}
    if isinstance(data, dict) and "micros" in data and "cpu_micros" not in data:
        raise GolfError(f"{where} has no cpu_micros: the file was written by a golfcore "
                        f"older than CPU times per decision; give another --output (or "
                        f"remove the file) to play the tournament again")
    return jsonl.check_record(data, where, "tournament", fields, ("tournament", "match"))


def check_consistent(record: Record, where: str, identity: dict[str, Any]) -> None:
    """A record whose fields agree with each other and with the tournament, as
    :func:`golfcore.cardgame.tournament.play.play_match` writes them: the match's seed and
    seating, one list of points per round, totals that are the sums of the points, the bots
    with the lowest total as winners, a whole match ending exactly at its last round (the
    variant's point limit or holes), a time for each decision, no more dominated decisions than
    decisions (and none counted where the check does not run). Anything else (a record edited
    by hand, say) would change the summary silently: :class:`GolfError` naming ``where`` and
    what disagrees."""
    players = len(identity["bots"])
    match, points, totals = record["match"], record["points"], record["totals"]

    def wrong(what: str) -> GolfError:
        return GolfError(f"{where}: {what}: the record contradicts itself (was the file "
                         f"edited?); resuming would change the summary. Remove that line to "
                         f"play the match again")

    if record["match_seed"] != match_seed(identity["seed"], match):
        raise wrong(f"match {match} is dealt from seed {match_seed(identity['seed'], match)},"
                    f" not {record['match_seed']}")
    code = record["code"]
    if code is not None:
        try:
            parsed = parse_match_code(code)
        except GolfError:
            raise wrong(f"code {code!r} is not a match code") from None
        if parsed.seed != record["match_seed"] or parsed.players != players:
            raise wrong(f"code {code} is not the code of seed {record['match_seed']} with "
                        f"{players} players")
    if record["seats"] != seating(players, match):
        raise wrong(f"the seats of match {match} are {seating(players, match)}, not "
                    f"{record['seats']}")
    if record["rounds"] != len(points) or (identity["unit"] != MATCHES and len(points) != 1):
        raise wrong(f"'rounds' is {record['rounds']} but 'points' lists {len(points)} round(s)")
    sums = [sum(r[b] for r in points) for b in range(players)]
    if totals != sums:
        raise wrong(f"the totals {totals} are not the sums of the points per round {sums}")
    low = min(totals)
    if record["winners"] != [b for b in range(players) if totals[b] == low]:
        raise wrong(f"the winners {record['winners']} are not the bots with the lowest "
                    f"total {low}")
    if identity["unit"] == MATCHES:
        rules = rule_set(identity["variant"])
        running = [0] * players
        for number, scores in enumerate(points, 1):
            running = [t + s for t, s in zip(running, scores)]
            if rules.match_over(running, number) != (number == len(points)):
                raise wrong(f"the match {'ends' if number < len(points) else 'does not end'} "
                            f"after round {number} with totals {running}, yet "
                            f"{len(points)} round(s) are recorded")
    not_run = dominated_not_run(identity["variant"])
    if (record["dominated"] is None) != (not_run is not None):
        raise wrong("'dominated' is null but the variant's moves are judged" if not_run is None
                    else f"'dominated' counts moves the check cannot judge ({not_run})")
    for b in range(players):
        for times in ("micros", "cpu_micros"):
            if len(record[times][b]) != record["decisions"][b]:
                raise wrong(f"bot {b} has {record['decisions'][b]} decisions but "
                            f"{len(record[times][b])} times in {times}")
        if record["dominated"] is not None and record["dominated"][b] > record["decisions"][b]:
            raise wrong(f"bot {b} has more dominated decisions than decisions")


def read_results(path: str, identity: dict[str, Any], matches: int,
                 repair: bool = True) -> Resume:
    """Read a results file to resume the tournament ``identity`` (:func:`.play.identity`).

    A record of another tournament (other bots, options, order, variant, seed or unit), or
    anything that is not a tournament record (a field of the wrong type or range: the error
    names the file, the line and the field) or contradicts itself (:func:`check_consistent`),
    is :class:`GolfError`, and the file is left as it is. Otherwise a last line cut off mid-write
    is removed (when ``repair``), records of matches from ``matches`` on are counted in
    ``outside`` and left in the file, and each match is taken once (``duplicates`` counts the
    extra lines).
    """
    found = jsonl.read_lines(path, "tournament", RECORD_START)
    resume = Resume(truncated=found.truncated, needs_newline=found.needs_newline)
    players = len(identity["bots"])
    for number, data in found.lines:
        where = f"{path}, line {number}"
        record = _check_record(data, where, players)
        if record["tournament"] != identity:
            raise GolfError(f"{path} holds the results of another tournament "
                            f"({_describe(record['tournament'])}; this one: "
                            f"{_describe(identity)}): resuming would mix them. Give another "
                            f"--output, or run that tournament's command")
        check_consistent(record, where, identity)
        if record["match"] >= matches:
            resume.outside += 1
        elif record["match"] in resume.done:
            resume.duplicates += 1
        else:
            resume.done[record["match"]] = record
    if repair:
        jsonl.repair(path, found)
    return resume

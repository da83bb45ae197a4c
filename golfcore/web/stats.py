"""The statistics of the saved tables, and the format of the summaries they are computed from.

Everything here is a pure function of :class:`TableFacts` (what the store knows of a table: its
game, variant, times, seat kinds, the times of its actions and the ``summary`` the server wrote)
to the JSON ``golf stats --json`` prints and the ``stats`` request answers (``docs/web.md``,
*Statistics*):

* per solitaire variant, over every game of its tables (the holes of a 9-hole round included,
  in the order of the tables' creation, then hole by hole): games played (at least one move, or
  over) and won, win rate, current and best winning streak, best score (most points or fewest
  strokes), average moves, the game in progress, and time played (the gaps between successive
  actions, the first from the table's creation, each capped at :data:`GAP_CAP` seconds);
* the scorecard of every 9-hole round (``daily``: its date, for a daily course);
* the daily deals (:func:`daily_stats`): the days played, the days won, and the current and
  best streak of days won one after the other, by the player's dates;
* the card game's matches finished and in progress, and per seat kind the seats played in
  finished matches, the wins and the win rate.

:func:`summary_problems` says whether a summary is one these functions can read: the store
refuses any other, so that the statistics never meet a summary they cannot count.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SOLITAIRE = "solitaire"
CARD_GAME = "card-game"
GAMES = (SOLITAIRE, CARD_GAME)

#: The longest gap between two actions counted as time played, in seconds.
GAP_CAP = 300.0
#: The par of one hole of a 9-hole round (``to_par`` = total strokes - 5 x holes played).
HOLE_PAR = 5

TABLE_STATUSES = {SOLITAIRE: ("playing", "won", "lost", "over"), CARD_GAME: ("playing", "over")}
GAME_STATUSES = ("playing", "won", "lost")

#: (path below the summary, what is wrong), as :func:`summary_problems` yields them.
Problem = tuple[str, str]


@dataclass(frozen=True)
class TableFacts:
    """What the statistics read of one saved table."""

    id: str
    game: str
    variant: str
    created: float
    updated: float
    summary: Mapping[str, Any]
    seat_kinds: tuple[str, ...]
    action_times: tuple[float, ...] = ()


def statistics(tables: Iterable[TableFacts]) -> dict[str, Any]:
    """The statistics of ``tables``, as ``golf stats --json`` prints them."""
    ordered = sorted(tables, key=lambda t: (t.created, t.id))
    solitaire = [t for t in ordered if t.game == SOLITAIRE]
    return {"format": "golfcore-stats", "version": 1,
            "solitaire": solitaire_stats(solitaire),
            "rounds": [scorecard(t) for t in solitaire if t.summary.get("round") is not None],
            "daily": daily_stats(t for t in solitaire if t.summary.get("round") is None),
            "card_game": card_game_stats([t for t in ordered if t.game == CARD_GAME])}


def rate(part: int, whole: int) -> float | None:
    """``part / whole`` to three decimals; ``None`` when ``whole`` is 0."""
    return round(part / whole, 3) if whole else None


def is_played(game: Mapping[str, Any]) -> bool:
    """Whether a game entry counts as played: a move made, or the game over."""
    return bool(game["moves"] > 0 or game["status"] in ("won", "lost"))


def streaks(wins: Sequence[bool]) -> tuple[int, int]:
    """(current, best) winning streak of results in order: the trailing run of wins, and the
    longest run."""
    best = current = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def best_score(scores: Iterable[Mapping[str, Any] | None]) -> dict[str, Any] | None:
    """The best of ``scores``: the most points if any score is in points, else the fewest
    strokes; ``None`` when no score has a value of either kind (``result`` scores have none)."""
    values: dict[str, list[int]] = {"points": [], "strokes": []}
    for score in scores:
        if score is not None and score.get("kind") in values and score.get("value") is not None:
            values[score["kind"]].append(score["value"])
    if values["points"]:
        return {"kind": "points", "value": max(values["points"])}
    if values["strokes"]:
        return {"kind": "strokes", "value": min(values["strokes"])}
    return None


def seconds_played(created: float, action_times: Sequence[float], cap: float = GAP_CAP) -> float:
    """The time played at one table: the gaps between successive actions, the first from the
    table's creation, each at most ``cap`` seconds (a clock set back counts 0)."""
    starts = (created, *action_times[:-1])
    return sum(min(cap, max(0.0, end - start)) for start, end in zip(starts, action_times))


def variant_stats(variant: str, tables: Sequence[TableFacts]) -> dict[str, Any]:
    """One variant's line of the solitaire statistics, from its tables in order.

    The variant's latest game, while it is still being played, is not counted yet (it may
    still be won): ``in_progress`` is 1 when it has a move (its time is in ``seconds``, so that
    a page showing the time played can say it is not in ``played`` yet); a game in progress
    that a later game followed was given up, and counts as played and not won."""
    games = [g for t in tables for g in t.summary["games"]]
    latest = games.pop() if games and games[-1]["status"] == "playing" else None
    played = [g for g in games if is_played(g)]
    won = sum(g["status"] == "won" for g in played)
    current, best = streaks([g["status"] == "won" for g in played])
    moves = sum(g["moves"] for g in played)
    return {"variant": variant, "played": len(played), "won": won,
            "win_rate": rate(won, len(played)), "streak": current, "best_streak": best,
            "best_score": best_score(g["score"] for g in played),
            "average_moves": round(moves / len(played), 2) if played else None,
            "in_progress": int(latest is not None and latest["moves"] > 0),
            "seconds": round(sum(seconds_played(t.created, t.action_times) for t in tables), 3)}


def solitaire_stats(tables: Sequence[TableFacts]) -> list[dict[str, Any]]:
    """One line per variant that has a table, by variant name; ``tables`` in order."""
    variants = sorted({t.variant for t in tables})
    return [variant_stats(v, [t for t in tables if t.variant == v]) for v in variants]


def scorecard(table: TableFacts) -> dict[str, Any]:
    """A 9-hole round's scorecard: strokes per finished hole, total, par, to par."""
    rnd = table.summary["round"]
    strokes = list(rnd["strokes"])
    total = sum(strokes)
    return {"code": rnd["code"], "variant": rnd["variant"], "strokes": strokes, "total": total,
            "par": rnd["par"], "to_par": total - HOLE_PAR * len(strokes),
            "complete": rnd["complete"], "updated": table.updated,
            **({"daily": table.summary["daily"]} if "daily" in table.summary else {})}


def daily_stats(tables: Iterable[TableFacts]) -> dict[str, Any]:
    """The daily deals among ``tables`` (those whose summary has ``daily``): ``days`` played
    (a date counts once a game of it is played: a move made, or over), ``won`` (days with a
    game won), ``streak`` (the days won one after the other up to the latest day played; 0
    when that day was not won) and ``best_streak`` (the longest such run), and ``last``, the
    latest day played. The latest day, while none of its games is over, is not counted yet (it
    may still be won); an earlier day's game left unfinished counts as played and not won."""
    played: dict[dt.date, bool] = {}
    over: set[dt.date] = set()
    for table in tables:
        day = table.summary.get("daily")
        games = [g for g in table.summary["games"] if is_played(g)]
        if not isinstance(day, str) or not is_date(day) or not games:
            continue
        date = dt.date.fromisoformat(day)
        played[date] = played.get(date, False) or any(g["status"] == "won" for g in games)
        if any(g["status"] != "playing" for g in games):
            over.add(date)
    days = sorted(played)
    if days and days[-1] not in over:
        played.pop(days.pop())
    best = current = 0
    previous: dt.date | None = None
    for date in days:
        if not played[date]:
            current = 0
        elif previous is not None and current and date - previous == dt.timedelta(days=1):
            current += 1
        else:
            current = 1
        previous = date
        best = max(best, current)
    return {"days": len(days), "won": sum(played.values()), "streak": current,
            "best_streak": best, "last": days[-1].isoformat() if days else None}


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def is_date(value: object) -> bool:
    """Whether ``value`` is a date of the calendar written ``YYYY-MM-DD``."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def card_game_stats(tables: Sequence[TableFacts]) -> dict[str, Any]:
    """Matches finished and in progress, and per seat kind (people first, then computer
    players by name) the seats in finished matches, the wins and the win rate."""
    finished = [t for t in tables if t.summary["status"] == "over"]
    seats = Counter(kind for t in finished for kind in t.seat_kinds)
    wins = Counter(t.seat_kinds[w] for t in finished for w in set(t.summary["winners"]))
    kinds = sorted(seats, key=lambda kind: (kind != "human", kind))
    return {"matches": len(finished), "in_progress": len(tables) - len(finished),
            "by_kind": [{"kind": k, "seats": seats[k], "wins": wins[k],
                         "win_rate": rate(wins[k], seats[k])} for k in kinds]}


# -- the summary format --------------------------------------------------------------------------


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def summary_problems(game: str, summary: object, seat_kinds: Sequence[str]) -> Iterator[Problem]:
    """Each way ``summary`` is not a summary of a ``game`` table with these seats, as (path
    below the summary, problem); nothing when the statistics can read it. Fields the
    statistics do not read may be added freely."""
    if not isinstance(summary, dict):
        yield "", f"must be a JSON object, not {json_type(summary)}"
        return
    yield from _choice(summary, "status", TABLE_STATUSES[game])
    if game == SOLITAIRE:
        yield from _solitaire_problems(summary)
    else:
        yield from _card_game_problems(summary, seat_kinds)


def json_type(value: object) -> str:
    """The JSON name of a value's type: object, array, string, number, boolean, null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "string" if isinstance(value, str) else type(value).__name__


def _field(data: Mapping[str, Any], key: str, ok: bool, expected: str) -> Iterator[Problem]:
    if key not in data:
        yield key, "missing"
    elif not ok:
        yield key, f"must be {expected}, not {json_type(data[key])} {data[key]!r}"


def _choice(data: Mapping[str, Any], key: str, choices: Sequence[str]) -> Iterator[Problem]:
    yield from _field(data, key, data.get(key) in choices,
                      " or ".join(repr(c) for c in choices))


def _ints(value: object, low: int = 0) -> bool:
    return isinstance(value, list) and all(is_int(v) and v >= low for v in value)


def _solitaire_problems(summary: Mapping[str, Any]) -> Iterator[Problem]:
    games, rnd = summary.get("games"), summary.get("round")
    yield from _field(summary, "games", isinstance(games, list) and len(games) >= 1,
                      "an array of one game or more")
    yield from _field(summary, "round", rnd is None or isinstance(rnd, dict),
                      "null or an object")
    if "daily" in summary:
        yield from _field(summary, "daily", is_date(summary["daily"]), "a date YYYY-MM-DD")
    if not isinstance(games, list) or (rnd is not None and not isinstance(rnd, dict)):
        return
    for index, entry in enumerate(games):
        yield from ((f"games[{index}]" + (f".{p}" if p else ""), m) for p, m in _game(entry))
    if rnd is None:
        if len(games) != 1:
            yield "games", f"a single game has one entry, not {len(games)}"
        return
    problems = [
        *_field(rnd, "code", rnd.get("code") is None or isinstance(rnd.get("code"), str),
                "a string or null"),
        *_field(rnd, "variant", isinstance(rnd.get("variant"), str), "a string"),
        *_field(rnd, "holes", is_int(rnd.get("holes")) and rnd["holes"] >= 1,
                "a whole number from 1"),
        *_field(rnd, "par", is_int(rnd.get("par")), "a whole number"),
        *_field(rnd, "strokes", _ints(rnd.get("strokes"), low=-1000), "an array of numbers"),
        *_field(rnd, "complete", isinstance(rnd.get("complete"), bool), "true or false")]
    yield from ((f"round.{path}", message) for path, message in problems)
    if not problems and not len(rnd["strokes"]) <= len(games) <= rnd["holes"]:
        yield "games", (f"a round of {rnd['holes']} holes with {len(rnd['strokes'])} finished "
                        f"cannot have {len(games)} games")


def _game(entry: object) -> Iterator[Problem]:
    if not isinstance(entry, dict):
        yield "", f"must be a JSON object, not {json_type(entry)}"
        return
    score = entry.get("score")
    yield from _field(entry, "deal", entry.get("deal") is None or is_int(entry.get("deal")),
                      "a whole number or null")
    yield from _field(entry, "code", entry.get("code") is None or isinstance(entry["code"], str),
                      "a string or null")
    yield from _choice(entry, "status", GAME_STATUSES)
    yield from _field(entry, "moves", is_int(entry.get("moves")) and entry["moves"] >= 0,
                      "a whole number from 0")
    yield from _field(entry, "score", score is None or (
        isinstance(score, dict) and isinstance(score.get("kind"), str)
        and (score.get("value") is None or is_int(score.get("value")))),
        'null or {"kind": string, "value": whole number or null}')


def _card_game_problems(summary: Mapping[str, Any], kinds: Sequence[str]) -> Iterator[Problem]:
    players = len(kinds)
    yield from _field(summary, "players", summary.get("players") == players,
                      f"{players}, the number of seats")
    yield from _field(summary, "seat_kinds", summary.get("seat_kinds") == list(kinds),
                      f"the seats' kinds {list(kinds)!r}")
    totals: Any = summary.get("totals")
    winners: Any = summary.get("winners")
    yield from _field(summary, "totals", _ints(totals, low=-10**9) and len(totals) == players,
                      f"an array of {players} numbers")
    yield from _field(summary, "winners", _ints(winners) and len(set(winners)) == len(winners)
                      and all(w < players for w in winners),
                      f"an array of distinct seats from 0 to {players - 1}")
    yield from _field(summary, "rounds", is_int(summary.get("rounds")) and summary["rounds"] >= 0,
                      "a whole number from 0")
    code = summary.get("code")
    yield from _field(summary, "code", code is None or isinstance(code, str), "a string or null")

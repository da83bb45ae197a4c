"""The daily deal and the daily 9-hole course: one of each a day, the same everywhere.

Both are derived from the date alone, so that every server (and any other implementation of
these rules) deals the same game to everyone on the same calendar day. The date ``D`` is the
player's local calendar date written ``YYYY-MM-DD`` (ISO 8601, ten ASCII characters).

**The daily deal** (variant :data:`DAILY_VARIANT`, ``app-facil``, letter ``E``):

1. For ``k = 0, 1, 2, ...`` the candidate deal number is
   ``int.from_bytes(SHA-256(b"golfcore-daily-1:" + D + b":" + str(k)), "big") % (26**7 - 1) + 1``
   (``D`` and ``str(k)``, the decimal digits of ``k``, in ASCII; the digest read as one
   big-endian number), a deal number from 1 to 26**7 - 1 as :mod:`golfcore.codes` writes them.
2. The daily deal is the first candidate that the solver
   (:func:`golfcore.solitaire.search.solver.solver_for`) proves winnable under ``app-facil``
   within :data:`POSITION_LIMIT` positions (``solve(position, best=False, limit=...)``, no time
   limit: a candidate proved not winnable, or left undecided at the limit, is skipped). A
   position limit stops the search at the same position on every machine, with the compiled
   kernel or the pure-Python search (:mod:`golfcore.solitaire.search.solver_kernel`).
   At most :data:`MAX_CANDIDATES` candidates are tried (none has ever been needed beyond a few).

**Its difficulty** is the deal's opening fair chance (:mod:`golfcore.solitaire.search.fair`: the
chance of winning of a perfect player who cannot see the stock) under a fixed budget,
:data:`FAIR_BUDGET`: the exact value when the capped exact search finishes, else the share of
:data:`FAIR_BUDGET` ``samples`` orders of the stock (seeded, the same everywhere) that the
non-peeking policy wins. The level is that chance placed in the ranges of ``golf deal
--difficulty`` (:data:`LEVELS`: easy 50 % or more, medium 15 % to under 50 %, hard under 15 %).

**The daily course** (the traditional 9-hole round, letter ``T``): its first hole is deal
``int.from_bytes(SHA-256(b"golfcore-daily-course-1:" + D), "big") % (26**7 - 9) + 1``, so its
nine holes are that deal and the eight after it (``GR1-T-...``,
:mod:`golfcore.web.courses`). Its holes are not searched: under ``traditional`` few deals are
winnable and a round is scored in strokes, won or not.

Dates before :data:`FIRST_DAY` are refused, and so are dates more than one day after the
caller's ``today`` (a player's local date may be a day ahead of the server's UTC date).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from typing import Any

from golfcore.codes import encode_number, format_code
from golfcore.errors import GolfError
from golfcore.shuffle import MAX_DEAL

#: The variant of the daily deal.
DAILY_VARIANT = "app-facil"
#: The variant and letter of the daily course.
COURSE_VARIANT = "traditional"
COURSE_LETTER = "T"
#: The prefixes hashed with the date (format version 1 of these rules).
DEAL_SALT = b"golfcore-daily-1:"
COURSE_SALT = b"golfcore-daily-course-1:"
#: The solver's budget for each candidate, in positions.
POSITION_LIMIT = 200_000
#: The candidates tried before giving up (a :class:`GolfError`).
MAX_CANDIDATES = 64
#: The holes of a course, and the highest first deal whose ninth hole exists.
HOLES = 9
LAST_FIRST_DEAL = MAX_DEAL - HOLES + 1
#: The first date with a daily deal.
FIRST_DAY = dt.date(2026, 1, 1)
#: The fair chance's budget for the difficulty (keyword arguments of ``fair_chance``).
FAIR_BUDGET: dict[str, Any] = {"states": 2000, "samples": 40, "policy_states": 0,
                               "solver_positions": 2000, "seed": 1}
#: The difficulty levels: ``[low, high)`` of the chance (``high`` included for ``easy``), as
#: ``golf deal --difficulty`` has them (``golfcore.cli.deal.DIFFICULTIES``).
LEVELS: dict[str, tuple[float, float]] = {
    "easy": (0.50, 1.0), "medium": (0.15, 0.50), "hard": (0.0, 0.15)}
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_day(text: object, today: dt.date) -> dt.date:
    """The date ``text`` writes (``YYYY-MM-DD``), from :data:`FIRST_DAY` to the day after
    ``today``; a :class:`GolfError` for anything else."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        shown = repr(text)[:40]
        raise GolfError(f"a daily deal's date must be written YYYY-MM-DD, got {shown}")
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise GolfError(f"{text!r} is not a date of the calendar") from None
    if day < FIRST_DAY:
        raise GolfError(f"the daily deals start on {FIRST_DAY.isoformat()}, not {text}")
    if day > today + dt.timedelta(days=1):
        raise GolfError(f"the daily deal of {text} is not out yet: the latest is "
                        f"{(today + dt.timedelta(days=1)).isoformat()}'s")
    return day


def _number(salt: bytes, text: str, modulus: int) -> int:
    digest = hashlib.sha256(salt + text.encode("ascii")).digest()
    return int.from_bytes(digest, "big") % modulus + 1


def candidate(day: dt.date, k: int) -> int:
    """The deal number of candidate ``k`` of ``day``'s daily deal."""
    return _number(DEAL_SALT, f"{day.isoformat()}:{k}", MAX_DEAL)


def course_first(day: dt.date) -> int:
    """The first hole's deal number of ``day``'s daily course."""
    return _number(COURSE_SALT, day.isoformat(), LAST_FIRST_DEAL)


def course_code(day: dt.date) -> str:
    """``day``'s daily course code, ``GR1-T-...``."""
    return f"GR1-{COURSE_LETTER}-{encode_number(course_first(day))}"


@dataclass(frozen=True)
class Difficulty:
    """A daily deal's difficulty: ``chance`` (0 to 1), whether it is ``exact``, the policy's
    ``wins`` of ``samples`` orders (0 and 0 when exact), and the ``level``."""

    chance: float
    exact: bool
    wins: int
    samples: int
    level: str

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "chance": round(self.chance, 4), "exact": self.exact,
                "wins": self.wins, "samples": self.samples}


@dataclass(frozen=True)
class DailyDeal:
    """``day``'s daily deal: its ``deal`` number and ``code``, the candidate ``index`` it was
    (``k``), the solver's winning ``line`` length, its difficulty and the day's course."""

    day: dt.date
    deal: int
    code: str
    index: int
    line: int
    difficulty: Difficulty
    course: str

    def to_json(self) -> dict[str, Any]:
        return {"date": self.day.isoformat(), "variant": DAILY_VARIANT, "deal": self.deal,
                "code": self.code, "candidate": self.index, "winning_moves": self.line,
                "difficulty": self.difficulty.to_json(), "course": self.course}


def level_of(chance: float) -> str:
    """The level of :data:`LEVELS` whose range holds ``chance``."""
    for level, (low, high) in LEVELS.items():
        if low <= chance < high or (high >= 1 and chance >= low):
            return level
    return "hard"


def difficulty(deal: int, budget: dict[str, Any] | None = None) -> Difficulty:
    """The difficulty of ``app-facil``'s deal ``deal`` (under :data:`FAIR_BUDGET`, or
    ``budget``'s keys replacing its)."""
    from golfcore.solitaire.game import Game
    from golfcore.solitaire.search.fair import fair_chance

    game = Game(DAILY_VARIANT, deal=deal)
    result = fair_chance(game.rules, game.position, **{**FAIR_BUDGET, **(budget or {})})
    if result.exact or result.bracket is None:
        chance, wins, samples = result.low, 0, 0
    else:
        wins, samples = result.bracket.policy_wins, result.bracket.samples
        chance = wins / samples
    return Difficulty(chance, result.exact, wins, samples, level_of(chance))


def daily_deal(day: dt.date) -> DailyDeal:
    """``day``'s daily deal (slow: a second or so; run it in a thread, and keep it)."""
    from golfcore.solitaire.game import Game
    from golfcore.solitaire.search.solver import solver_for

    rules = Game(DAILY_VARIANT, deal=1).rules
    solver = solver_for(rules)
    for k in range(MAX_CANDIDATES):
        number = candidate(day, k)
        game = Game(rules, deal=number)
        result = solver.solve(game.position, best=False, limit=POSITION_LIMIT)
        if result.winnable:
            code = game.code or format_code("E", number)
            return DailyDeal(day, number, code, k, len(result.line), difficulty(number),
                             course_code(day))
    raise GolfError(f"no candidate of {day.isoformat()}'s daily deal among the first "
                    f"{MAX_CANDIDATES} is proved winnable")


__all__ = ["COURSE_VARIANT", "DAILY_VARIANT", "FIRST_DAY", "DailyDeal", "Difficulty",
           "candidate", "course_code", "course_first", "daily_deal", "difficulty",
           "parse_day"]

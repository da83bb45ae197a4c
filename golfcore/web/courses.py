"""Course codes of the traditional 9-hole round: ``GR1-<variant letter>-<7 letters>``.

A course is nine consecutive deals of one solitaire variant: ``GR1-T-AAAAAAB`` is deals 1 to 9
under ``traditional`` (letter ``T``). The deal part is the first hole's deal number written as
in a game code (:mod:`golfcore.codes`: base 26, ``A`` = 0, seven letters), so hole *h* (1-9) is
deal ``first + h - 1`` and the last hole's deal must exist (``first`` at most
:data:`LAST_FIRST_DEAL`). Parsing ignores case and surrounding whitespace; every malformed text
raises :class:`~golfcore.errors.CodeError` quoting it and saying what was expected.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golfcore.codes import encode_number, format_code, parse_lettered
from golfcore.errors import CodeError, GolfError
from golfcore.framework.compose import find_variant
from golfcore.framework.registry import registry
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.scoring import HOLES, PAR, STROKES, Round

PREFIX = "GR1"
#: The variant of a 9-hole round when ``new`` names none.
ROUND_VARIANT = "traditional"
#: The highest first deal of a course: its ninth hole is deal :data:`MAX_DEAL`.
LAST_FIRST_DEAL = MAX_DEAL - HOLES + 1
_FORM = "GR1-<variant letter>-<7 letters A-Z>, e.g. GR1-T-AAAAAAB"
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _quote(text: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return repr(shown)


def _letters(text: str) -> bool:
    # ASCII first: "ſ".upper() == "S" (as golfcore.codes checks it)
    return bool(text) and all(ch in _LETTERS for ch in text)


@dataclass(frozen=True)
class CourseCode:
    """A parsed course: the variant ``letter`` and the ``first`` hole's deal number."""

    letter: str
    first: int

    def __post_init__(self) -> None:
        if not isinstance(self.letter, str) or len(self.letter) != 1 \
                or not _letters(self.letter):
            raise CodeError(f"a course's variant letter must be one letter A-Z, "
                            f"got {self.letter!r}")
        object.__setattr__(self, "letter", self.letter.upper())
        first = self.first
        if isinstance(first, bool) or not isinstance(first, int) \
                or not 1 <= first <= LAST_FIRST_DEAL:
            raise CodeError(f"a course starts at a deal from 1 to {LAST_FIRST_DEAL} (its "
                            f"{HOLES} holes are deals first to first+{HOLES - 1}), "
                            f"got {first!r}")

    def deal(self, hole: int) -> int:
        """The deal number of ``hole`` (1 to 9)."""
        if isinstance(hole, bool) or not isinstance(hole, int) or not 1 <= hole <= HOLES:
            raise CodeError(f"a course has holes 1 to {HOLES}, not {hole!r}")
        return self.first + hole - 1

    def game_code(self, hole: int) -> str:
        """The game code (``GO1-...``) of ``hole``'s deal."""
        return format_code(self.letter, self.deal(hole))

    def __str__(self) -> str:
        return format_course(self.letter, self.first)


def format_course(letter: str, first: int) -> str:
    """``GR1-T-AAAAAAB``: the course of variant ``letter`` whose first hole is deal ``first``."""
    code = CourseCode(letter, first)
    return f"{PREFIX}-{code.letter}-{encode_number(code.first)}"


def parse_course(text: object) -> CourseCode:
    """Parse ``GR1-<L>-<NNNNNNN>``, ignoring case and surrounding whitespace."""
    letter, first = parse_lettered(text, kind="course code", prefix=PREFIX, form=_FORM,
                                   number="the first hole's deal number",
                                   prefixes={"GO1": "that is a game code: a course code "
                                                    "starts with GR1"})
    if first > LAST_FIRST_DEAL:
        raise CodeError(f"course code {_quote(str(text))} starts at deal {first}: its {HOLES} "
                        f"holes would go past the last deal, {MAX_DEAL}; a course starts at "
                        f"deal {LAST_FIRST_DEAL} at the latest")
    return CourseCode(letter, first)


# -- a round being played ----------------------------------------------------------------------


def game_entry(game: Game) -> dict[str, Any]:
    """One game of a solitaire table's summary (``games``)."""
    score = game.score
    return {"deal": game.deal, "code": game.code, "status": game.outcome.value,
            "moves": game.moves, "score": None if score is None else score.to_json()}


@dataclass(frozen=True)
class Course:
    """A 9-hole round: the course, the hole being played (1-9) and the finished holes."""

    code: CourseCode
    variant: str
    hole: int = 1
    finished: tuple[dict[str, Any], ...] = ()

    def strokes(self, game: Game) -> list[int]:
        """The strokes of every finished hole, the current one included once it is over."""
        entries = list(self.finished) + ([game_entry(game)] if game.is_over else [])
        return [int(e["score"]["value"]) for e in entries]

    def complete(self, game: Game) -> bool:
        return self.hole == HOLES and game.is_over

    def info(self, game: Game) -> dict[str, Any]:
        """The ``round`` of a reply."""
        played = Round(tuple(self.strokes(game)))
        return {"code": str(self.code), "variant": self.variant, "hole": self.hole,
                "holes": HOLES, "par": PAR, "strokes": list(played.strokes),
                "total": played.total, "to_par": played.to_par,
                "complete": self.complete(game)}

    def to_json(self) -> dict[str, Any]:
        return {"code": str(self.code), "hole": self.hole, "finished": list(self.finished)}


def course_variant(letter: str, given: str | None) -> str:
    """The variant of a course's letter; it must score strokes and agree with ``given``."""
    variant = registry("solitaire").by_letter(letter).name
    if given is not None and find_variant(given).name != variant:
        raise GolfError(f"the course's letter {letter} names variant {variant}, not {given}")
    kind = Game(variant, deal=1).score
    if kind is None or kind.kind != STROKES:
        raise GolfError(f"a 9-hole round is played under a variant that scores strokes, such "
                        f"as {ROUND_VARIANT} (letter T); {variant} does not")
    return variant


def start_course(value: Any, variant: str | None,
                 randbelow: Callable[[int], int] = secrets.randbelow) -> tuple[Game, Course]:
    """The first hole of the round a ``new`` asks for: ``round: true`` (a random course under
    ``variant``, default traditional) or ``round: "GR1-..."`` (a course code)."""
    if variant is not None and not isinstance(variant, str):
        raise GolfError(f"'variant' must be a variant name, got {variant!r}")
    if value is True:
        name = find_variant(variant or ROUND_VARIANT)
        if not name.letter:
            raise GolfError(f"a 9-hole round needs a variant with a code letter, not "
                            f"{name.name}")
        code = CourseCode(name.letter, randbelow(LAST_FIRST_DEAL) + 1)
    elif isinstance(value, str):
        code = parse_course(value)
    else:
        raise GolfError(f"'round' must be true (a random course) or a course code such as "
                        f"'GR1-T-AAAAAAB', got {value!r}")
    course = Course(code, course_variant(code.letter, variant))
    return Game(course.variant, deal=code.deal(1)), course


def course_from_json(data: Any, where: str) -> Course:
    """The round a snapshot saved (:meth:`Course.to_json`); :class:`GolfError` naming
    ``where`` when it cannot be one."""
    if not isinstance(data, dict):
        raise GolfError(f"{where}: a saved round must be an object")
    code = parse_course(data.get("code"))
    hole, finished = data.get("hole"), data.get("finished")
    if (isinstance(hole, bool) or not isinstance(hole, int) or not 1 <= hole <= HOLES
            or not isinstance(finished, list) or len(finished) != hole - 1
            or not all(isinstance(e, dict) for e in finished)):
        raise GolfError(f"{where}: a saved round needs 'hole' (1-{HOLES}) and the 'finished' "
                        f"holes before it")
    return Course(code, course_variant(code.letter, None), hole, tuple(finished))

"""A solitaire table of ``golf web``: one game, or the current hole of a 9-hole round.

Its replies are ``golf serve``'s (:class:`~golfcore.protocol.solitaire.SolitaireTable`) run on a
copy of the game, with ``table`` and ``version`` added; ``state`` is its player's observation as
``golf serve`` sends it (:func:`~golfcore.protocol.solitaire.state_of`: ``state.position.stock``
is ``null``, the stock's order is the game's secret). Its snapshot is :meth:`Game.to_json` plus
``round`` (``null``, or ``{code, hole, finished}``: the course code, the hole being played and
the summary entries of the finished holes), and ``daily`` (``YYYY-MM-DD``) for a daily deal or
course only (also in its summary and replies).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from golfcore.protocol import solitaire as sol_protocol
from golfcore.protocol.solitaire import SolitaireTable, bounded_hint, state_of
from golfcore.solitaire.game import Game
from golfcore.solitaire.scoring import HOLES, PAR
from golfcore.web.courses import Course, game_entry
from golfcore.web.records import SeatRecord
from golfcore.web.tables.steps import Step, check_version, strip

SOLITAIRE = sol_protocol.GAME
#: The solitaire's actions (saved, versioned).
SOLITAIRE_ACTIONS = ("play", "draw", "redeal", "undo", "next-hole")

_NEXT_HOLE_REFUSALS = {
    "not-a-round": {"es": "Esta partida no es un recorrido de 9 hoyos",
                    "en": "This game is not a 9-hole round"},
    "hole-not-over": {"es": "El hoyo no ha terminado", "en": "The hole is not over yet"},
    "round-complete": {"es": "El recorrido ha terminado: los 9 hoyos están jugados",
                       "en": "The round is complete: all 9 holes are played"},
}


@dataclass(frozen=True)
class LiveSolitaire:
    """A solitaire table: one game, or the current hole of a 9-hole round."""

    id: str
    version: int
    seats: tuple[SeatRecord, ...]
    game: Game
    course: Course | None = None
    #: The date of a daily deal or course (``YYYY-MM-DD``), else ``None``.
    daily: str | None = None
    game_name: str = field(default=SOLITAIRE, init=False)
    #: The commands saved as actions (and replayed when the table is resumed).
    actions: ClassVar[tuple[str, ...]] = SOLITAIRE_ACTIONS
    #: What is worked out once about this value (its game's summary): a table is never
    #: changed, an action makes a new one (whose game is a copy).
    _memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False,
                                  repr=False)

    @property
    def variant(self) -> str:
        return self.game.variant.name

    def state(self) -> dict[str, Any]:
        """``state_of(self.game)`` (what the player sees), made once."""
        state = self._memo.get("state")
        if state is None:
            state = self._memo["state"] = state_of(self.game)
        return state

    def snapshot(self) -> dict[str, Any]:
        daily = {} if self.daily is None else {"daily": self.daily}
        return {**self.game.to_json(),
                "round": None if self.course is None else self.course.to_json(), **daily}

    def summary(self) -> dict[str, Any]:
        state = self.state()                            # game_entry(self.game), made once
        entry = {"deal": state["deal"], "code": state["code"], "status": state["status"],
                 "moves": state["moves"], "score": state["score"]}
        course = self.course
        daily = {} if self.daily is None else {"daily": self.daily}
        if course is None:
            return {"status": entry["status"], "games": [entry], "round": None, **daily}
        complete = course.complete(self.game)
        return {**daily, "status": "over" if complete else "playing",
                "games": [*course.finished, entry],
                "round": {"code": str(course.code), "variant": course.variant, "holes": HOLES,
                          "par": PAR, "strokes": course.strokes(self.game),
                          "complete": complete}}

    def _tag(self, reply: dict[str, Any]) -> dict[str, Any]:
        out = {**reply, "table": self.id, "version": self.version}
        if self.daily is not None:
            out["daily"] = self.daily
        if self.course is not None:
            out["round"] = self.course.info(self.game)
        return out

    def view(self, held: Sequence[int]) -> dict[str, Any]:
        """What a connection at this table is shown: ``state`` (and ``round``)."""
        return self._tag({"state": self.state()})

    def on_error(self, held: Sequence[int]) -> dict[str, Any]:
        return self.view(held)

    def bot_turn(self) -> tuple[int, str] | None:
        return None

    def handle(self, cmd: str, request: dict[str, Any], held: Sequence[int]) -> Step:
        """One solitaire command: ``golf serve``'s, or ``next-hole``."""
        if cmd in SOLITAIRE_ACTIONS:
            check_version(request, self.version)
        if cmd == "next-hole":
            return self._next_hole()
        if cmd == "state":                             # golf serve's replies, made once
            return Step(self._tag({"state": self.state()}))
        if cmd == "legal":
            return Step(self._tag({"legal": list(self.state()["legal"]),
                                   "state": self.state()}))
        request = strip(request, "version")
        if cmd == "hint":
            request = bounded_hint(request)
        game = copy.copy(self.game) if cmd in SOLITAIRE_ACTIONS else self.game
        reply = SolitaireTable(game).handle(cmd, request)
        if cmd not in SOLITAIRE_ACTIONS or not reply.get("ok", True):
            return Step(self._tag(reply))
        after = replace(self, game=game, version=self.version + 1)
        after._memo["state"] = reply["state"]          # state_of the new game
        last = {"seat": 0, "action": reply["action"], "card": reply["card"], "by": "human"}
        return Step(after._tag(reply), after, last)

    def _next_hole(self) -> Step:
        course, game = self.course, self.game
        reason = ("not-a-round" if course is None else "round-complete"
                  if course.complete(game) else None if game.is_over else "hole-not-over")
        if reason is not None or course is None:
            return Step(self._tag({"ok": False, "action": "next-hole", "reason": reason,
                                   "messages": _NEXT_HOLE_REFUSALS[str(reason)],
                                   "state": state_of(game)}))
        hole = course.hole + 1
        after = replace(self, version=self.version + 1,
                        game=Game(course.variant, deal=course.code.deal(hole)),
                        course=replace(course, hole=hole,
                                       finished=course.finished + (game_entry(game),)))
        reply = {"action": "next-hole", "card": None, "state": state_of(after.game)}
        last = {"seat": 0, "action": "next-hole", "card": None, "by": "human"}
        return Step(after._tag(reply), after, last)

    def started(self, held: Sequence[int]) -> dict[str, Any]:
        """The reply to the ``new`` or ``open`` that seated a connection here."""
        return self.view(held)


__all__ = ["SOLITAIRE", "SOLITAIRE_ACTIONS", "LiveSolitaire"]

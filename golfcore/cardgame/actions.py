"""Actions a player takes in the card game, and the reason codes of refused ones.

A turn is two actions (CG-03, CG-04): first ``draw`` (the stock's top card) or ``take`` (the
discard's top card); then ``replace N`` (the held card goes face up to place N, the card there is
discarded) or, for a card drawn from the stock only, ``discard N`` (the held card is discarded
and the face-down card at place N is turned up, CG-04) or, under a variant whose discard turns
nothing up (six-card golf as its guides play it), ``discard`` (the held card is discarded and
the turn ends). Before the first turn of a round, variants that turn cards up at the start ask
each player to ``reveal N`` (six-card golf: two cards). After a round, ``next`` deals the next
one.

Text forms (English or Spanish words; places count from 1, row by row)::

    draw | robar        take | tomar        replace 5 | reemplazar 5
    discard 2 | descartar 2                 discard | descartar
    reveal 4 | descubrir 4                  next | siguiente

JSON form: ``{"type": "replace", "place": 5}``; :meth:`Action.to_json` and :meth:`Action.parse`
round-trip.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from golfcore.errors import GolfError

DRAW, TAKE, REPLACE, DISCARD, REVEAL, NEXT = "draw", "take", "replace", "discard", "reveal", "next"
KINDS = (DRAW, TAKE, REPLACE, DISCARD, REVEAL, NEXT)
#: Actions that name a place (``discard`` may also be given without one).
WITH_PLACE = (REPLACE, DISCARD, REVEAL)
#: Actions whose place may be left out.
PLACE_OPTIONAL = (DISCARD,)

_WORDS = {
    "draw": DRAW, "robar": DRAW, "take": TAKE, "tomar": TAKE, "replace": REPLACE,
    "reemplazar": REPLACE, "discard": DISCARD, "descartar": DISCARD, "reveal": REVEAL,
    "descubrir": REVEAL, "next": NEXT, "siguiente": NEXT,
}

# -- reason codes of refused actions (messages: the card-game-messages rule) ----------------------

#: The match is over: nothing more can be done.
MATCH_OVER = "match-over"
#: The round is over: only ``next`` is accepted until the next round is dealt.
ROUND_OVER = "round-over"
#: ``next`` while a round is being played.
ROUND_NOT_OVER = "round-not-over"
#: A seat that does not exist at this table.
NO_SUCH_SEAT = "no-such-seat"
#: Another seat's turn.
NOT_YOUR_TURN = "not-your-turn"
#: The start of the round: the player must turn up cards first.
MUST_REVEAL = "must-reveal"
#: ``reveal`` outside the start of the round.
NOT_REVEALING = "not-revealing"
#: ``replace`` or ``discard`` before drawing or taking a card.
MUST_DRAW_FIRST = "must-draw-first"
#: ``draw`` or ``take`` while holding a card.
ALREADY_HOLDING = "already-holding"
#: A place off the board.
NO_SUCH_PLACE = "no-such-place"
#: Turning up a card that is already face up.
ALREADY_FACE_UP = "already-face-up"
#: Discarding the card just taken from the discard (CG-04).
TAKEN_FROM_DISCARD = "taken-from-discard"
#: Discarding a card drawn from the stock, under a variant that forbids it.
DISCARD_NOT_ALLOWED = "discard-not-allowed"
#: ``discard`` without a place, where discarding turns up a face-down card (CG-04: say which).
NEEDS_PLACE = "needs-place"
#: ``discard N`` where discarding ends the turn and turns nothing up (six-card golf's guides).
TAKES_NO_PLACE = "takes-no-place"
#: ``take`` with an empty discard pile.
DISCARD_EMPTY = "discard-empty"
#: ``draw`` with an empty stock (a round set up by hand: play never starts a turn without one).
STOCK_EMPTY = "stock-empty"

REASONS = (MATCH_OVER, ROUND_OVER, ROUND_NOT_OVER, NO_SUCH_SEAT, NOT_YOUR_TURN, MUST_REVEAL,
           NOT_REVEALING, MUST_DRAW_FIRST, ALREADY_HOLDING, NO_SUCH_PLACE, ALREADY_FACE_UP,
           TAKEN_FROM_DISCARD, DISCARD_NOT_ALLOWED, NEEDS_PLACE, TAKES_NO_PLACE, DISCARD_EMPTY,
           STOCK_EMPTY)


class Action(NamedTuple):
    """One action: its kind and, for ``replace``, ``discard`` and ``reveal``, a 0-based place
    (``None`` for a ``discard`` that turns nothing up)."""

    kind: str
    place: int | None = None

    def __str__(self) -> str:
        if self.place is None:
            return self.kind
        return f"{self.kind} {self.place + 1}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.place is not None:
            out["place"] = self.place + 1
        return out

    @classmethod
    def parse(cls, value: Action | str | dict[str, Any]) -> Action:
        """An action from its text (``"replace 5"``, ``"robar"``) or JSON form; a place off the
        board is kept (the engine refuses it with ``no-such-place``). :class:`GolfError` for
        anything that is no action."""
        if isinstance(value, Action):
            return value
        if isinstance(value, dict):
            return _from_json(value)
        if not isinstance(value, str):
            raise GolfError(f"an action must be a text such as 'draw' or 'replace 5', "
                            f"or an object with 'type', not {type(value).__name__}")
        words = value.strip().lower().split()
        if not words or words[0] not in _WORDS:
            raise GolfError(f"unknown action {_quote(value)}: expected one of "
                            f"draw, take, replace N, discard N, discard, reveal N, next")
        kind = _WORDS[words[0]]
        if kind in PLACE_OPTIONAL and len(words) == 1:
            return cls(kind)
        if kind in WITH_PLACE:
            if len(words) != 2 or not re.fullmatch(r"[0-9]{1,6}", words[1]):
                raise GolfError(f"action {_quote(value)}: '{kind}' needs a place number, "
                                f"such as '{kind} 3'")
            return cls(kind, max(int(words[1]) - 1, -1))
        if len(words) != 1:
            raise GolfError(f"action {_quote(value)}: '{kind}' takes no place")
        return cls(kind)


def _from_json(data: dict[str, Any]) -> Action:
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise GolfError(f"an action's 'type' must be one of {', '.join(KINDS)}, got {kind!r}")
    unknown = sorted(set(data) - {"type", "place"})
    if unknown:
        raise GolfError(f"unknown action field(s) {', '.join(map(repr, unknown))}: expected "
                        f"'type' and, for {', '.join(WITH_PLACE)}, 'place'")
    if kind in PLACE_OPTIONAL and data.get("place") is None:
        return Action(kind)
    if kind in WITH_PLACE:
        place = data.get("place")
        if isinstance(place, bool) or not isinstance(place, int):
            raise GolfError(f"'{kind}' needs 'place', a whole number counted from 1, "
                            f"got {place!r}")
        return Action(kind, place - 1 if place >= 1 else -1)
    if "place" in data:
        raise GolfError(f"'{kind}' takes no 'place'")
    return Action(kind)


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")

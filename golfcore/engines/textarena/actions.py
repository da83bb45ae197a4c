"""golfcore's card-game actions as TextArena's Golf action texts, and TextArena's answers read.

TextArena's Golf reads one bracketed action per message: ``[draw]`` (the deck's top card),
``[take]`` (the discard's top card), ``[swap R C]`` (the held card goes face up to row R,
column C; the card there is discarded) and ``[discard]`` (the held card drawn from the deck is
discarded; nothing is turned up). golfcore's ``draw``, ``take``, ``replace N`` and ``discard``
say the same, place N being row ``(N - 1) // columns + 1``, column ``(N - 1) % columns + 1``.
golfcore's ``discard N`` (discard and turn place N up, CG-04), ``reveal N`` (turn a card up at
the start of the round) and ``next`` (deal the next round) have no TextArena action:
:func:`to_textarena` says so instead of sending something else.

TextArena answers an invalid action by telling the player ``... attempted an invalid move.
Reason: ... Please resubmit a valid move ...``, leaving the state as it was; a second invalid
action in a row loses the game (two players) or eliminates the player (three or four).
:func:`refusal` finds that answer among the observations a step added.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from golfcore.cardgame.actions import DISCARD, DRAW, NEXT, REPLACE, REVEAL, TAKE, Action

#: TextArena's action words golfcore has a word for (with no place).
GOLFCORE_OF = {"draw": DRAW, "take": TAKE, "discard": DISCARD}

_REASON = re.compile(r"attempted an invalid move\. Reason: (.*?)\s*Please resubmit", re.S)


class Untranslatable(Exception):
    """A golfcore action TextArena has no action for."""


def to_textarena(action: Action, columns: int) -> str:
    """TextArena's text for ``action``; :class:`Untranslatable` (with the reason) when it has
    none."""
    if action.kind in (DRAW, TAKE):
        return f"[{action.kind}]"
    if action.kind == REPLACE:
        assert action.place is not None
        return f"[swap {action.place // columns + 1} {action.place % columns + 1}]"
    if action.kind == DISCARD and action.place is None:
        return "[discard]"
    if action.kind == DISCARD:
        raise Untranslatable(f"TextArena's Golf has no action for {str(action)!r}: its "
                             f"[discard] turns no card up; send 'discard'")
    if action.kind == REVEAL:
        raise Untranslatable(f"TextArena's Golf has no action for {str(action)!r}: nobody "
                             f"turns cards up at the start (its deal turns up two of each "
                             f"board)")
    assert action.kind == NEXT
    raise Untranslatable("TextArena's Golf plays one round: it has no action for 'next'")


def refusal(added: Sequence[tuple[Any, str, Any]]) -> str | None:
    """TextArena's reason for refusing an action, from the observations its step added to the
    acting player (``None``: no invalid-move answer among them)."""
    for _, message, _kind in added:
        found = _REASON.search(message)
        if found:
            return found.group(1).strip()
    return None

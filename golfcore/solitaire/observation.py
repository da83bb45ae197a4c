"""What the solitaire's player sees: the only door through which a search or a front end that must
not know the stock's order reads a position.

A :class:`~golfcore.solitaire.position.Position` holds the stock *in draw order*, the game's
secret: the cards are face down. The player sees the columns and the waste, how many cards the
stock holds, and (from the deck, by elimination) *which* cards are in it, never in what order.
:func:`observe` keeps exactly that: the stock's cards sorted (an order that says nothing of the
real one). ``golf web`` sends a browser :meth:`Observation.to_json` instead of the position; the
fair chance (:mod:`golfcore.solitaire.search.fair`) searches from :meth:`Observation.position`, so
it cannot read the order even by mistake. The card game declares its secret the same way
(:mod:`golfcore.cardgame.observation`).

>>> from golfcore.solitaire.position import Position
>>> seen = observe(Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C"))
>>> seen.stock_count, [str(c) for c in seen.unseen]
(2, ['6S', '8D'])
>>> seen.to_json()["stock"] is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.position import Position
from golfcore.solitaire.state import GameState

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation:
    """A position as its player sees it: ``columns`` and ``waste`` (bottom to top) as they lie,
    and ``unseen``, the stock's cards in sorted order (which cards, not their order)."""

    columns: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    unseen: tuple[Card, ...]

    @property
    def stock_count(self) -> int:
        """How many cards the stock holds."""
        return len(self.unseen)

    def position(self) -> Position:
        """A position with what is seen and the stock in sorted order: for a computation that
        must not depend on the real order (any order of the same cards gives this one)."""
        return Position(self.columns, self.unseen, self.waste)

    def to_json(self) -> dict[str, Any]:
        """:meth:`Position.to_json`'s form with ``stock`` ``null`` (its order is hidden) and
        ``stock_count``: what a front end may send to the player."""
        return {"columns": [[str(c) for c in column] for column in self.columns],
                "stock": None, "stock_count": self.stock_count,
                "waste": [str(c) for c in self.waste]}


def observe(position: "Position | GameState") -> Observation:
    """What the player of ``position`` (or of a game state's position) sees."""
    if isinstance(position, GameState):
        position = position.position
    return Observation(position.columns, position.waste, tuple(sorted(position.stock)))

"""The card game's states: a round and a match, as immutable values that know every card.

A :class:`RoundState` is the referee's view of one round: every board (face-up and face-down
cards), the stock in draw order, the discard pile, whose turn it is and at which step, the card
held between the two actions of a turn, who ended the round and who still has a last turn
(CG-06), and the shuffle's state for a reshuffle. A :class:`MatchState` is the rounds played
(their :class:`RoundResult`), the running totals and the round being played.

These values hold hidden cards: nothing here is meant for a player. What a player may see is
built by :mod:`golfcore.cardgame.observation`; the protocol and every front end send only that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from golfcore.cardgame.board import Board
from golfcore.cards import Card

if TYPE_CHECKING:
    from golfcore.cardgame.deal import Deal

#: Steps of a round: players turning up their first cards, a turn's first and second action,
#: and the round's end.
REVEAL, DRAW, HOLD, OVER = "reveal", "draw", "hold", "over"
STEPS = (REVEAL, DRAW, HOLD, OVER)

#: Where a held card came from.
FROM_STOCK, FROM_DISCARD = "stock", "discard"


@dataclass(frozen=True)
class RoundResult:
    """How a round was scored (CG-05 to CG-08).

    ``board_scores``: each board's points, lines of equal cards counting 0; ``scores``: what
    each player scores for the round, the ender's penalty applied; ``cancelled``: per board, the
    0-based places that counted 0; ``ender``: the seat that ended the round (``None`` when the
    stock ran out under ``stock-out-ends-round`` before anyone turned up every card);
    ``penalised``: whether the ender's penalty applied.
    """

    board_scores: tuple[int, ...]
    scores: tuple[int, ...]
    cancelled: tuple[tuple[int, ...], ...]
    ender: int | None
    penalised: bool

    def to_json(self) -> dict[str, Any]:
        return {"board_scores": list(self.board_scores), "scores": list(self.scores),
                "cancelled": [[p + 1 for p in places] for places in self.cancelled],
                "ender": self.ender, "penalised": self.penalised}


@dataclass(frozen=True)
class RoundState:
    """One round, as the referee knows it."""

    boards: tuple[Board, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    turn: int
    step: str
    first: int
    rng: int
    held: Card | None = None
    held_from: str | None = None
    ender: int | None = None
    last_turns: tuple[int, ...] = ()
    result: RoundResult | None = None

    @property
    def players(self) -> int:
        return len(self.boards)

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def cards(self) -> list[Card]:
        """Every card of the round, wherever it lies (boards, stock, discard, hand)."""
        out = [c for board in self.boards for c in board.cards]
        out += self.stock
        out += self.discard
        if self.held is not None:
            out.append(self.held)
        return out


@dataclass(frozen=True)
class MatchState:
    """A match: the rounds played, the totals, and the round being played."""

    players: int
    #: Where every round's cards come from (:mod:`golfcore.cardgame.deal`): a chosen seed or a
    #: secret. A match whose first round was set up by hand deals its later rounds from it.
    deal: Deal
    round_number: int
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    current: RoundState
    over: bool = False
    #: The first round was set up by hand (a spec, ``new`` with ``round``): no code deals it.
    set_by_hand: bool = False

    @property
    def seed(self) -> int | None:
        """The chosen seed of a match dealt from one, else ``None`` (a secret deal)."""
        return getattr(self.deal, "seed", None)

    @property
    def chosen(self) -> bool:
        """Someone chose (or can know) the cards: a seed, a replay code or a hand-set round."""
        return self.deal.chosen or self.set_by_hand

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the match is over (ties share the win, CG-09);
        empty while it is played."""
        if not self.over:
            return ()
        low = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == low)

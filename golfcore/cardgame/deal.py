"""Dealing a round of the card game from a match's seed.

Round ``r`` of a match with seed ``s`` shuffles the variant's deck (two standard decks in suit
then rank order, clubs, diamonds, hearts, spades, ace to king, twice; then the jokers) with the
portable seeded shuffle of :mod:`golfcore.shuffle`, from the state
:func:`golfcore.shuffle.round_state(s, r) <golfcore.shuffle.round_state>`. Then, from the front
of the shuffled list: card ``k`` (``k < players × size``) goes to seat ``(first + k) mod
players``, place ``k div players`` (every board face down, places row by row); the next card
starts the discard, face up; the rest is the stock in draw order. The first seat of round ``r``
is ``(r − 1) mod players``: the deal and the first turn go round the table.

When the stock runs out under ``reshuffle-discard``, the discard pile but its top card is
shuffled with the same generator, continuing from where the deal left it, and becomes the stock.
``specs/card-game-shuffle.md`` has test vectors.
"""

from __future__ import annotations

from golfcore.cardgame.board import Board
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.state import DRAW, REVEAL, RoundState
from golfcore.shuffle import round_state, seeded_shuffle


def first_seat(round_number: int, players: int) -> int:
    """The seat that is dealt to first and plays first in ``round_number`` (1, 2, ...)."""
    return (round_number - 1) % players


def deal_round(rules: RuleSet, players: int, seed: int, round_number: int) -> RoundState:
    """The opening state of round ``round_number`` of the match played with ``seed``."""
    shuffled, rng = seeded_shuffle(rules.deck, round_state(seed, round_number))
    first = first_seat(round_number, players)
    dealt = players * rules.size
    # seat (first + k) mod players gets cards k = j*players + i: a stride through the list
    boards = tuple(Board.face_down(shuffled[(seat - first) % players:dealt:players])
                   for seat in range(players))
    return RoundState(boards=boards, stock=shuffled[dealt + 1:], discard=(shuffled[dealt],),
                      turn=first, step=REVEAL if rules.initial_face_up else DRAW, first=first,
                      rng=rng)

"""Where a match's cards come from, and dealing a round of the card game.

A match is dealt by one of two **deals**:

* :class:`SeedDeal`: a seed of 1 to 26**7 − 1 that a 7-letter match code holds
  (``GC1-G233-AAAAAAB``), through the published SplitMix64 shuffle of :mod:`golfcore.shuffle`.
  It deals the matches someone *chose* (a code, a seed, a spec, a tournament): anyone who
  knows the code, or scans the 33-bit seed space for one consistent with a few seen cards,
  knows every card. Such a match says so to every seat (``chosen_deal: true``).
* :class:`SecretDeal`: 128 bits of the operating system's randomness through the keyed stream
  of :mod:`golfcore.shuffle` (BLAKE2b in counter mode). It deals every match nobody chose;
  seeing cards tells a seat nothing about the secret nor about the unseen cards. Its replay
  code (``GK1-...``, :func:`golfcore.codes.format_replay_code`) carries the whole secret and
  reaches the seats only once the match is over. A match re-dealt from a replay code is
  chosen: whoever holds the code knows its cards.

Round ``r`` shuffles the variant's deck (two standard decks in suit then rank order, clubs,
diamonds, hearts, spades, ace to king, twice; then the jokers): a seed deal from the state
:func:`golfcore.shuffle.round_state(s, r) <golfcore.shuffle.round_state>`, a secret deal with
stream ``r`` of its key from word 0. Then, from the front of the shuffled list: card ``k`` (``k
< players × size``) goes to seat ``(first + k) mod players``, place ``k div players`` (every
board face down, places row by row); the next card starts the discard, face up; the rest is
the stock in draw order. The first seat of round ``r`` is ``(r − 1) mod players``: the deal
and the first turn go round the table.

When the stock runs out under ``reshuffle-discard``, the discard pile but its top card is
shuffled with the same generator, continuing from where the deal left it (the round's ``rng``:
the SplitMix64 state, or the position in the keyed stream), and becomes the stock.
``specs/card-game-shuffle.md`` has test vectors of seed deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from golfcore.cardgame.board import Board
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.state import DRAW, REVEAL, RoundState
from golfcore.cards import Card
from golfcore.errors import GolfError
from golfcore.shuffle import (MAX_DEAL, check_secret, keyed_shuffle, new_secret, round_state,
                              seeded_shuffle)


@dataclass(frozen=True)
class SeedDeal:
    """A match dealt from a chosen seed (what a 7-letter match code holds)."""

    seed: int

    def __post_init__(self) -> None:
        check_seed(self.seed)

    @property
    def chosen(self) -> bool:
        """Always: a seed is something someone can know (or compute from a few cards)."""
        return True

    def start(self, round_number: int) -> int:
        """The generator's state before round ``round_number`` is shuffled."""
        return round_state(self.seed, round_number)

    def shuffle(self, cards: Sequence[Card], round_number: int,
                rng: int) -> tuple[tuple[Card, ...], int]:
        """``cards`` shuffled from state ``rng``, and the state after."""
        return seeded_shuffle(tuple(cards), rng)


@dataclass(frozen=True)
class SecretDeal:
    """A match dealt from a 16-byte secret; ``chosen`` when it was re-dealt from its replay
    code (someone knew the secret) rather than drawn for this match."""

    secret: bytes
    chosen: bool = False

    def __post_init__(self) -> None:
        check_secret(self.secret)

    @classmethod
    def fresh(cls) -> SecretDeal:
        """A secret nobody chose: :func:`golfcore.shuffle.new_secret`."""
        return cls(new_secret())

    def start(self, round_number: int) -> int:
        """The position in round ``round_number``'s stream before it is shuffled: 0."""
        return 0

    def shuffle(self, cards: Sequence[Card], round_number: int,
                rng: int) -> tuple[tuple[Card, ...], int]:
        """``cards`` shuffled by stream ``round_number`` from word ``rng``, and the position
        after."""
        return keyed_shuffle(tuple(cards), self.secret, round_number, rng)

    def __repr__(self) -> str:    # never print the secret by accident (logs, tracebacks)
        return f"SecretDeal(secret=<{len(self.secret)} bytes>, chosen={self.chosen})"


Deal = SeedDeal | SecretDeal


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 1 to 26**7 − 1 (what a match code holds)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_DEAL:
        raise GolfError(f"a match seed is a whole number from 1 to {MAX_DEAL}, not {seed!r}")
    return seed


def first_seat(round_number: int, players: int) -> int:
    """The seat that is dealt to first and plays first in ``round_number`` (1, 2, ...)."""
    return (round_number - 1) % players


def deal_round(rules: RuleSet, players: int, deal: Deal | int,
               round_number: int) -> RoundState:
    """The opening state of round ``round_number`` of the match dealt by ``deal`` (a whole
    number is a :class:`SeedDeal`'s seed)."""
    if not isinstance(deal, (SeedDeal, SecretDeal)):
        deal = SeedDeal(deal)
    shuffled, rng = deal.shuffle(rules.deck, round_number, deal.start(round_number))
    first = first_seat(round_number, players)
    dealt = players * rules.size
    # seat (first + k) mod players gets cards k = j*players + i: a stride through the list
    boards = tuple(Board.face_down(shuffled[(seat - first) % players:dealt:players])
                   for seat in range(players))
    return RoundState(boards=boards, stock=shuffled[dealt + 1:], discard=(shuffled[dealt],),
                      turn=first, step=REVEAL if rules.initial_face_up else DRAW, first=first,
                      rng=rng)

"""Numbers for learning programs: action ids, card ids and flat observation vectors.

Shared by the OpenSpiel, PettingZoo and gymnasium adapters, and free of any optional
dependency (plain lists of floats; an adapter turns them into arrays). Every vector is built
from what one seat *sees* (the card game's observation JSON, the solitaire's observed cards),
never from the referee's state, so a hidden card cannot reach it.

**Cards** are numbered 0 to 52 (:data:`CARD_KINDS`): clubs, diamonds, hearts, spades, each ace
to king, then the joker. A one-hot *slot* is 54 wide: the 53 cards, then :data:`NO_CARD`
(a face-down card, an empty place, no card).

**Card-game actions** on a board of ``size`` places (:func:`card_action_id`): ``draw`` 0,
``take`` 1, ``replace N`` 2 + (N − 1), ``discard N`` 2 + size + (N − 1), ``reveal N``
2 + 2·size + (N − 1), ``discard`` (no place: the discard that ends the turn, six-card golf)
2 + 3·size: ``3 + 3·size`` ids. ``next`` (between rounds) has none: the adapters deal
the next round themselves.

**Solitaire actions** (:func:`solitaire_action_id`): play column N is N − 1 (0 to 6), draw is 7.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from golfcore.cardgame import actions as ca
from golfcore.cardgame.actions import Action
from golfcore.cards import JOKER, STANDARD_DECK, Card
from golfcore.errors import GolfError
from golfcore.solitaire.moves import DRAW_MOVE, Move

#: Every card a deck may hold, in id order: 52 standard cards, then the joker.
CARD_KINDS: tuple[Card, ...] = STANDARD_DECK + (JOKER,)
#: The id of each card (two copies of a card share it).
CARD_ID: dict[Card, int] = {card: i for i, card in enumerate(CARD_KINDS)}
_TEXT_ID: dict[str, int] = {str(card): i for i, card in enumerate(CARD_KINDS)}
#: The slot index of "no card here" (face down, empty, nothing).
NO_CARD = len(CARD_KINDS)
#: The width of a one-hot card slot.
SLOT = NO_CARD + 1

#: The card game's steps as the vectors number them (``dealing``: an adapter's chance nodes).
CARD_STEPS = ("dealing", "reveal", "draw", "hold", "over")


@dataclass(frozen=True)
class Piece:
    """A named run of a vector: ``size`` numbers, each between ``low`` and ``high``."""

    name: str
    size: int
    low: float = 0.0
    high: float = 1.0


@dataclass(frozen=True)
class Layout:
    """The pieces of a vector, in order."""

    pieces: tuple[Piece, ...]

    @property
    def size(self) -> int:
        return sum(p.size for p in self.pieces)

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of every entry."""
        low = [p.low for p in self.pieces for _ in range(p.size)]
        high = [p.high for p in self.pieces for _ in range(p.size)]
        return low, high

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each piece's ``(start, stop)`` in the vector."""
        out, at = {}, 0
        for p in self.pieces:
            out[p.name] = (at, at + p.size)
            at += p.size
        return out


def card_id(card: Card | str) -> int:
    """A card's id (0 to 52) from a :class:`Card` or its canonical text."""
    found = CARD_ID.get(card) if isinstance(card, Card) else _TEXT_ID.get(card)
    if found is None:
        raise GolfError(f"{card!r} is not a card")
    return found


# -- the card game's actions ----------------------------------------------------------------------


def card_action_count(size: int) -> int:
    """How many action ids a board of ``size`` places has: ``3 + 3·size``."""
    return 3 + 3 * size


def card_action_id(action: Action, size: int) -> int:
    """The id of a card-game action (:mod:`golfcore.adapters.encoding` says which)."""
    if action.kind == ca.DRAW:
        return 0
    if action.kind == ca.TAKE:
        return 1
    if action.kind == ca.DISCARD and action.place is None:
        return 2 + 3 * size
    base = {ca.REPLACE: 2, ca.DISCARD: 2 + size, ca.REVEAL: 2 + 2 * size}.get(action.kind)
    if base is None or action.place is None or not 0 <= action.place < size:
        raise GolfError(f"the action {action} has no id on a board of {size} places")
    return base + action.place


def action_index(action_id: Any, count: int) -> int:
    """``action_id`` as an int from 0 to ``count`` − 1: an int or a numpy integer (not a bool,
    a float or a string); :class:`GolfError` otherwise."""
    try:
        index = None if isinstance(action_id, bool) else operator.index(action_id)
    except TypeError:
        index = None
    if index is None or not 0 <= index < count:
        raise GolfError(f"action id {action_id!r}: expected a whole number from 0 to {count - 1}")
    return index


def card_action(action_id: int, size: int) -> Action:
    """The action of an id (:func:`card_action_id`'s inverse; a numpy integer too);
    :class:`GolfError` for anything else or an id out of range."""
    action_id = action_index(action_id, card_action_count(size))
    if action_id < 2:
        return Action(ca.DRAW if action_id == 0 else ca.TAKE)
    if action_id == 2 + 3 * size:
        return Action(ca.DISCARD)
    kind, place = divmod(action_id - 2, size)
    return Action((ca.REPLACE, ca.DISCARD, ca.REVEAL)[kind], place)


# -- the card game's observations -----------------------------------------------------------------


def card_layout(players: int, size: int) -> Layout:
    """The pieces of :func:`encode_card`'s vector for a table of ``players`` boards of ``size``
    places. Boards and per-seat pieces start with the observing seat and go round the table."""
    inf = math.inf
    return Layout((
        Piece("boards", players * size * SLOT),       # one slot per place, NO_CARD: face down
        Piece("discard", SLOT),                        # the discard's top card, NO_CARD: none
        Piece("held", SLOT),                           # NO_CARD: held, but not seen by this seat
        Piece("held_from", 2),                         # stock, discard
        Piece("step", len(CARD_STEPS)),
        Piece("turn", players),
        Piece("ender", players),
        Piece("last_turns", players),
        Piece("counts", 2),                            # stock and discard, over 100
        Piece("totals", players, -inf, inf),           # points so far this match
        Piece("round", 1, 0.0, inf),
    ))


def encode_card(observation: Mapping[str, Any], *, players: int, size: int,
                seat: int | None = None, dealing: bool = False) -> list[float]:
    """The vector of a card-game observation (its JSON form:
    ``Match.observation(seat).to_json()``), from the point of view of ``seat`` (the
    observation's own seat unless given; 0 for a spectator).
    ``dealing`` marks an adapter's chance nodes of a deal (step ``dealing``)."""
    me = observation.get("seat") if seat is None else seat
    me = 0 if me is None else me
    out = [0.0] * card_layout(players, size).size
    at = 0

    def one_hot(width: int, index: int | None) -> None:
        nonlocal at
        if index is not None:
            out[at + index] = 1.0
        at += width

    boards = observation["boards"]
    for r in range(players):
        board = boards[(me + r) % players]
        for place in range(size):
            card = board[place]
            one_hot(SLOT, NO_CARD if card is None else card_id(card))
    top = observation["discard"]
    one_hot(SLOT, NO_CARD if top is None else card_id(top))
    held = observation["held"]
    held_card = None if held is None else held["card"]
    one_hot(SLOT, None if held is None else NO_CARD if held_card is None else card_id(held_card))
    one_hot(2, None if held is None else (0 if held["from"] == "stock" else 1))
    one_hot(len(CARD_STEPS), 0 if dealing else CARD_STEPS.index(observation["step"]))
    turn, ender = observation["turn"], observation["ender"]
    one_hot(players, None if turn is None or dealing else (turn - me) % players)
    one_hot(players, None if ender is None else (ender - me) % players)
    for seat_ in observation["last_turns"]:
        out[at + (seat_ - me) % players] = 1.0
    at += players
    out[at] = observation["stock_count"] / 100
    out[at + 1] = observation["discard_count"] / 100
    at += 2
    totals = observation["totals"]
    for r in range(players):
        out[at + r] = float(totals[(me + r) % players])
    at += players
    out[at] = float(observation["round"])
    return out


# -- the solitaire --------------------------------------------------------------------------------

#: The solitaire's action ids: columns 1 to 7 are 0 to 6, the draw is 7.
SOLITAIRE_ACTIONS = 8
#: The columns of the solitaire's tableau, and how deep a column's cards are encoded.
COLUMNS, DEPTH = 7, 5


def solitaire_action_id(move: Move) -> int:
    """The id of a solitaire move: play column N is N − 1, the draw is 7."""
    if move.is_draw:
        return COLUMNS
    if move.row is not None or not 1 <= move.column <= COLUMNS:
        raise GolfError(f"the move {move} has no id: give a column 1 to 7 or the draw")
    return move.column - 1


def solitaire_move(action_id: int) -> Move:
    """The move of an id (:func:`solitaire_action_id`'s inverse; a numpy integer too);
    :class:`GolfError` for anything else or an id out of range."""
    action_id = action_index(action_id, SOLITAIRE_ACTIONS)
    return DRAW_MOVE if action_id == COLUMNS else Move.play(action_id + 1)


def solitaire_layout() -> Layout:
    """The pieces of :func:`encode_solitaire`'s vector."""
    return Layout((
        Piece("waste_top", SLOT),
        Piece("columns", COLUMNS * DEPTH * SLOT),    # from each column's free card down
        Piece("unseen", len(CARD_KINDS), 0.0, 2.0),   # how many of each card the stock holds
        Piece("waste", len(CARD_KINDS), 0.0, 2.0),    # how many of each card the waste holds
        Piece("stock_count", 1),                      # over 54
    ))


def encode_solitaire(columns: Sequence[Sequence[Card]], waste: Sequence[Card],
                     unseen: Sequence[Card]) -> list[float]:
    """The vector of what the solitaire's player sees: the columns (bottom to top), the waste
    (bottom to top) and the stock's cards in any order (``unseen``: which, never their order)."""
    layout = solitaire_layout()
    out = [0.0] * layout.size
    out[CARD_ID[waste[-1]] if waste else NO_CARD] = 1.0
    at = SLOT
    for column in columns:
        for depth in range(DEPTH):
            index = CARD_ID[column[-1 - depth]] if depth < len(column) else NO_CARD
            out[at + index] = 1.0
            at += SLOT
    for card in unseen:
        out[at + CARD_ID[card]] += 1.0
    at += len(CARD_KINDS)
    for card in waste:
        out[at + CARD_ID[card]] += 1.0
    at += len(CARD_KINDS)
    out[at] = len(unseen) / 54
    return out

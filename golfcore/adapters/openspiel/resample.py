"""Resampling a ``golf_card`` state from one seat's information state (what ISMCTS needs).

Which cards can a seat not know? Only two kinds, in the round being played: the **face-down
cards** (every card dealt to a place that is still face down: a place that was ever touched is
face up) and **another seat's card just drawn from the stock**. Everything else was seen by
every seat (turned up, taken, put down, discarded, or shown at a round's end).

Which cards might they be? Each shuffle is uniform and each seat acts on what it has seen, so
the states a seat cannot tell apart are equally likely in proportion to the chance of their
deals, and:

* until the discard is shuffled into the stock, the hidden cards and the stock are together the
  cards the seat has not seen (the deck less every card it sees or saw), in a uniformly random
  order: the hidden places get a uniformly random draw, without replacement, from those cards;
* once the discard has been shuffled into the stock, the stock's cards are known to every seat
  (they were all discarded in view), so the face-down cards are known as a set, in an unknown
  order: they are shuffled among the face-down places; a card just drawn from the stock by
  another seat is a uniformly random one of the stock's cards and itself.

The new state is the same history with the chance outcomes of the hidden cards replaced, played
again through the rules engine: every action of every seat stays legal, and the seat's
information state is unchanged (``tests/test_adapters_openspiel.py`` checks both, and that the
cards are spread as said). Randomness comes from OpenSpiel's probability sampler (a callable
answering a number in [0, 1)). The cards are drawn from what the seat has not seen taken in a
fixed (sorted) order, never in the order they lie: the new state is a function of the seat's
information state and the sampler's numbers alone, so that a seat calling this with numbers of
its choosing learns nothing it does not see.
"""

from __future__ import annotations

import base64
import pickle
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from golfcore.adapters import encoding as enc
from golfcore.adapters.openspiel.card import CardState, Table
from golfcore.cardgame.board import Board
from golfcore.cards import Card
from golfcore.cardgame.state import FROM_STOCK, HOLD, OVER


def hidden_slots(state: CardState, seat: int) -> tuple[list[int], int | None]:
    """Where, in the history, the cards hidden from ``seat`` were decided: the deal's chance
    nodes of the places still face down, and the chance node of another seat's card being held
    from the stock (``None`` when there is none)."""
    t = state.table
    setup = state.setup
    n, size = setup.players, setup.size
    if t.dealing is not None:
        return [t.deal_at + k for k in range(min(len(t.dealing), n * size))], None
    assert t.match is not None
    rnd = t.match.current
    if rnd.step == OVER:
        return [], None
    faces = [t.deal_at + k for k in range(n * size)
             if not rnd.boards[(rnd.first + k) % n].up[k // n]]
    held = (t.draw_at if rnd.step == HOLD and rnd.held_from == FROM_STOCK and rnd.turn != seat
            else None)
    return faces, held


def _pick(pool: list[Card], count: int, uniform: Callable[[], float]) -> list[Card]:
    """``count`` cards drawn uniformly without replacement from ``pool`` (a partial
    Fisher-Yates shuffle driven by ``uniform``). The callers sort ``pool``: in the order the
    hidden cards lie, a sampler of its choosing (always 0) would hand a seat the true cards."""
    pool = list(pool)
    for i in range(count):
        j = min(i + int(uniform() * (len(pool) - i)), len(pool) - 1)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


def resample(state: CardState, seat: int, sampler: Callable[[], float] | Any) -> CardState:
    """A state ``seat`` cannot tell from ``state``, drawn as the module says."""
    return rebuilt(state, redrawn(state, seat, sampler))


def redrawn(state: CardState, seat: int, sampler: Callable[[], float] | Any) -> dict[int, Card]:
    """New cards for the chance nodes that decided what ``seat`` cannot see: history index →
    card, drawn as the module says."""
    history = state.history()
    faces, held = hidden_slots(state, seat)
    card = {i: enc.CARD_KINDS[history[i]] for i in faces + ([held] if held is not None else [])}
    t = state.table
    new: dict[int, Card] = {}
    if not t.stock_seen or t.dealing is not None:
        rest = state.unseen() if t.dealing is not None else _stock(state)
        pool = sorted(list(card.values()) + list(rest.elements()))
        slots = faces + ([held] if held is not None else [])
        new = dict(zip(slots, _pick(pool, len(slots), sampler)))
    else:
        new = dict(zip(faces, _pick(sorted(card[i] for i in faces), len(faces), sampler)))
        if held is not None:
            new[held] = _pick(sorted(list(_stock(state).elements()) + [card[held]]), 1,
                              sampler)[0]
    return new


def replayed(state: CardState, new: dict[int, Card]) -> CardState:
    """``state``'s history played again from the start with the chance outcomes at the
    indices of ``new`` replaced by its cards: every action is checked again by the engine."""
    out = state.get_game().new_initial_state()
    for i, action in enumerate(state.history()):
        out.apply_action(enc.CARD_ID[new[i]] if i in new else action)
    assert isinstance(out, CardState)
    return out


def rebuilt(state: CardState, new: dict[int, Card]) -> CardState:
    """The state :func:`replayed` gives, made at once: the table with the hidden cards
    replaced, and the history with their chance outcomes replaced, read back through
    OpenSpiel's serialization of Python states (``history=``, ``move_number=`` and
    ``__dict__=`` lines, the state's attributes pickled). Falls back to :func:`replayed` when
    the serialization is not in that form."""
    head, _, rest = state.serialize().partition("\n")
    moves, _, attributes = rest.partition("\n")
    if not (head.startswith("history=") and moves.startswith("move_number=")
            and attributes.startswith("__dict__=")):
        return replayed(state, new)
    items = [item.split(":") for item in head[len("history="):].split(",") if item]
    history = ",".join(f"{player}:{enc.CARD_ID[new[i]] if i in new else action}"
                       for i, (player, action) in enumerate(items))
    values = dict(vars(state), table=resampled_table(state, new))
    data = base64.b64encode(pickle.dumps(values)).decode("ascii")
    out = state.get_game().deserialize_state(f"history={history}\n{moves}\n__dict__={data}")
    assert isinstance(out, CardState)
    return out


def resampled_table(state: CardState, new: dict[int, Card]) -> Table:
    """``state``'s table with the cards decided at the history indices of ``new`` replaced
    (face-down places of this round's deal, and the card held from the stock)."""
    t = state.table
    setup = state.setup
    n, size = setup.players, setup.size
    if t.dealing is not None:
        dealing = tuple(new.get(t.deal_at + k, card) for k, card in enumerate(t.dealing))
        return replace(t, dealing=dealing)
    assert t.match is not None
    rnd = t.match.current
    cards = [list(board.cards) for board in rnd.boards]
    for k in range(n * size):
        if t.deal_at + k in new:
            cards[(rnd.first + k) % n][k // n] = new[t.deal_at + k]
    boards = tuple(Board(tuple(c), board.up) for c, board in zip(cards, rnd.boards))
    held, story = rnd.held, t.story
    if t.draw_at in new:
        held = new[t.draw_at]
        last = story[-1]
        story = story[:-1] + (replace(last, private=f"P{last.seat} draws {held}"),)
    left = Counter(setup.rules.deck)
    left.subtract(c for board in cards for c in board)
    left.subtract(rnd.discard)
    if held is not None:
        left[held] -= 1
    stock = tuple(sorted(left.elements()))
    current = replace(rnd, boards=boards, held=held, stock=stock)
    return replace(t, match=replace(t.match, current=current), story=story)


def _stock(state: CardState) -> Counter[Card]:
    assert state.table.match is not None
    return Counter(state.table.match.current.stock)

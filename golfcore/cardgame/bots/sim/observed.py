"""What an observation shows, as small integers (:class:`Seen`), and a determinisation of it: the
hidden cards drawn at random from the unseen ones (:func:`determinise`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from golfcore.errors import GolfError
from golfcore.cardgame.bots.sim.tables import HIDDEN, Tables, tables
from golfcore.cardgame.bots.sim.boardview import pool_counts, pool_mean
from golfcore.cardgame.bots.sim.playout import Round


@dataclass
class Seen:
    """An observation as small integers: the tables, every board's view, the discard's top, the
    held card, the pool of unseen cards and its mean."""

    tab: Tables
    seat: int
    players: int
    step: str
    turn: int
    views: list[list[int]]
    top: int                     # -1: empty discard
    held: int                    # -1: none or not seen
    held_from: str | None
    ender: int
    last_turns: list[int]
    stock_count: int
    discard_count: int
    pool: list[int]
    mean: float
    round: int

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat]


def card_index(tab: Tables, text: Any) -> int:
    if text is None:
        return HIDDEN
    try:
        return tab.by_text[str(text)]
    except KeyError:
        raise GolfError(f"observation names {text!r}, which is no card of "
                        f"{tab.variant!r}") from None


def seen(observation: Mapping[str, Any]) -> Seen:
    """Read an observation (``Match.observation(seat).to_json()``) into a :class:`Seen`."""
    try:
        tab = tables(str(observation["variant"]))
        views = [[card_index(tab, c) for c in board] for board in observation["boards"]]
        top = card_index(tab, observation.get("discard"))
        held_info = observation.get("held")
        held, held_from = HIDDEN, None
        if held_info:
            held_from = held_info.get("from")
            held = card_index(tab, held_info.get("card"))
        ender = observation.get("ender")
        turn = observation.get("turn")
        seat = int(observation["seat"])
        visible = [c for view in views for c in view if c >= 0]
        if top >= 0:
            visible.append(top)
        if held >= 0:
            visible.append(held)
        pool = pool_counts(tab, visible)
        return Seen(tab=tab, seat=seat, players=len(views), step=str(observation["step"]),
                    turn=-1 if turn is None else int(turn), views=views, top=top, held=held,
                    held_from=held_from, ender=-1 if ender is None else int(ender),
                    last_turns=list(observation.get("last_turns") or []),
                    stock_count=int(observation.get("stock_count", 0)),
                    discard_count=int(observation.get("discard_count", 0)), pool=pool,
                    mean=pool_mean(tab, pool), round=int(observation.get("round", 1)))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, GolfError):
            raise
        raise GolfError(f"not a card-game observation: {exc!r}") from None


def determinise(s: Seen, rng: random.Random) -> Round:
    """One world consistent with the observation: the unseen cards shuffled onto the face-down
    places, the stock and the buried discard."""
    tab = s.tab
    unseen = [i for i, n in enumerate(s.pool) for _ in range(n)]
    rng.shuffle(unseen)
    real = []
    k = 0
    for view in s.views:
        board = []
        for c in view:
            if c >= 0:
                board.append(c)
            else:
                board.append(unseen[k] if k < len(unseen) else 0)
                k += 1
        real.append(board)
    rest = unseen[k:]
    stock = rest[:s.stock_count]
    buried = rest[s.stock_count:]
    discard = buried + ([s.top] if s.top >= 0 else [])
    left = list(s.last_turns) if s.ender >= 0 else []
    # the seat to play is at the front of the list of last turns while it has one
    return Round(tab, real, [v[:] for v in s.views], stock, discard, s.turn, s.ender, left,
                 random.Random(rng.random()))

"""A determinised round (:class:`Round`): every card known, lists all the way, played by the rules
of the card game as the engine plays them (tests/test_sim_round.py checks it against the engine)
for the strong bot's playouts."""

from __future__ import annotations

import random
from collections.abc import Callable

from golfcore.cardgame.bots.sim.tables import HIDDEN, REPLACE, Tables
from golfcore.cardgame.bots.sim.boardview import cover_of, expect
from golfcore.cardgame.bots.sim.valuation import Table, best_hold


class Round:
    """A determinised round: every card known, lists all the way (copy it with :meth:`copy`).

    ``real[s]`` is seat ``s``'s board, ``view[s]`` what everyone sees of it (``-1`` face down);
    the stock is drawn from its end, the discard's top is its last card."""

    __slots__ = ("tab", "real", "view", "stock", "discard", "turn", "ender", "left", "rng",
                 "turns")

    def __init__(self, tab: Tables, real: list[list[int]], view: list[list[int]],
                 stock: list[int], discard: list[int], turn: int, ender: int, left: list[int],
                 rng: random.Random):
        self.tab = tab
        self.real, self.view = real, view
        self.stock, self.discard = stock, discard
        self.turn, self.ender, self.left = turn, ender, left
        self.rng = rng
        self.turns = 0

    def copy(self) -> Round:
        return Round(self.tab, [b[:] for b in self.real], [b[:] for b in self.view],
                     self.stock[:], self.discard[:], self.turn, self.ender, self.left[:],
                     self.rng)

    # -- the rules ---------------------------------------------------------------------------

    def apply(self, seat: int, card: int, kind: int, place: int) -> None:
        """``seat``, holding ``card``, replaces ``place`` or discards and turns ``place`` up
        (:data:`NO_PLACE`: discards and turns nothing up)."""
        real, view = self.real[seat], self.view[seat]
        if kind == REPLACE:
            self.discard.append(real[place])
            real[place] = card
        else:
            self.discard.append(card)
        if place >= 0:
            view[place] = real[place]

    def end_turn(self, seat: int) -> bool:
        """After ``seat``'s turn: the round's end (CG-06) or the next seat; True when over."""
        players = len(self.real)
        self.turns += 1
        if self.ender < 0:
            if HIDDEN not in self.view[seat]:
                self.ender = seat
                self.left = [(seat + k) % players for k in range(1, players)]
        elif self.left and self.left[0] == seat:
            self.left.pop(0)
        if self.ender >= 0 and not self.left:
            return True
        if not self.stock:
            if self.tab.stock_ends_round or len(self.discard) < 2:
                return True
            self.stock = self.discard[:-1]
            self.rng.shuffle(self.stock)
            self.discard = self.discard[-1:]
        self.turn = self.left[0] if self.ender >= 0 else (seat + 1) % players
        return False

    def scores(self) -> list[int]:
        """Every board turned up and scored, the ender's penalty applied (CG-05 to CG-07)."""
        tab = self.tab
        raw = []
        for board in self.real:
            rk = [tab.rank[c] for c in board]
            cover = cover_of(tab, rk)
            raw.append(sum(tab.val[c] for c, k in zip(board, cover) if not k))
        if self.ender >= 0:
            others = raw[:self.ender] + raw[self.ender + 1:]
            raw[self.ender] = tab.ender_score(raw[self.ender], others)
        return raw

    def open_scores(self) -> list[int]:
        """Every board scored as it lies, without ending anything (a cut-off playout)."""
        tab = self.tab
        out = []
        for board in self.real:
            cover = cover_of(tab, [tab.rank[c] for c in board])
            out.append(sum(tab.val[c] for c, k in zip(board, cover) if not k))
        return out

    def seen_scores(self) -> list[float]:
        """Every board scored as everyone sees it (a cut-off playout's leaf): face-up cards at
        their value, face-down cards at the mean of the cards nobody sees (the shoe less every
        face-up card and the discard's top). Unlike :meth:`open_scores` this does not read the
        world's hidden cards, so the leaf's value carries none of their noise."""
        tab = self.tab
        total = tab.total_value
        count = tab.total_cards
        for view in self.view:
            for c in view:
                if c >= 0:
                    total -= tab.val[c]
                    count -= 1
        if self.discard:
            total -= tab.val[self.discard[-1]]
            count -= 1
        mean = total / count if count > 0 else tab.total_value / tab.total_cards
        out = []
        for view in self.view:
            rk = [tab.rank[c] if c >= 0 else HIDDEN for c in view]
            cover = cover_of(tab, rk)
            out.append(sum((tab.val[c] if c >= 0 else mean) for c, k in zip(view, cover)
                           if not k))
        return out

    # -- the greedy policy for everyone ----------------------------------------------------------

    def table(self, mean: float, patient: bool) -> Table:
        return Table.build(self.tab, self.view, mean, self.ender, None, patient)

    def greedy_turn(self, mean: float, threshold: float, patient: bool = True) -> bool:
        """The seat to play plays a greedy turn; True when the round is over."""
        seat = self.turn
        table = self.table(mean, patient)
        top = self.discard[-1] if self.discard else -1
        if top >= 0:
            e0 = expect(table.vl[seat], cover_of(self.tab, table.rk[seat]))
            value, kind, place = best_hold(table, seat, top, False)
            if e0 - value > threshold:
                self.discard.pop()
                self.apply(seat, top, kind, place)
                return self.end_turn(seat)
        if not self.stock:
            return True
        card = self.stock.pop()
        value, kind, place = best_hold(table, seat, card, True)
        self.apply(seat, card, kind, place)
        return self.end_turn(seat)

    def play_out(self, mean: float, threshold: float, horizon: int | None,
                 patient_turns: int, seen_leaf: bool = False,
                 turn: Callable[[Round, float, float, bool], bool] | None = None
                 ) -> list[float]:
        """Greedy turns for everyone to the round's end (or ``horizon`` more turns: the boards
        are then scored as they lie, or as everyone sees them with ``seen_leaf``); the round's
        scores. ``turn(round, mean, threshold, patient)``, when given, plays each turn instead
        of :meth:`greedy_turn` (another policy)."""
        play = turn or Round.greedy_turn
        start = self.turns
        while True:
            if horizon is not None and self.turns - start >= horizon and self.ender < 0:
                return list(self.seen_scores()) if seen_leaf else list(self.open_scores())
            if play(self, mean, threshold, self.turns < patient_turns):
                return list(self.scores())

"""The information state of :mod:`golfcore.solitaire.search.fair_search`, with its keys and bounds.

An :class:`InfoState` is what a player who cannot see the stock knows, as the search walks it:
the column heights (the deal fixes which cards they hold), the class of the waste's top, and the
unseen cards counted by class (:mod:`golfcore.solitaire.search.fair_tables`). It moves by plays and
draws and takes them back, keeping up to date everything the keys and the bounds read.

**Keys.** A waste card matters only through the tableau cards that may be played on it, and the
tableau only loses cards: so the top and each unseen card are keyed by their *signature*, the set
of classes still on the tableau that may go on them, and the unseen cards by the multiset of
their signatures (``uid``, an id of that multiset). Two unseen ranks whose tableau partners are
gone (a 5 and a 7 once every 4, 6 and 8 has left) are then one class, and so is every card on
which nothing is left to play. ``groups`` lists one class per signature with the number of
unseen cards that share it: the draws to try. This holds under the standard outcome and a draw
rule that reads only "can a card be played"; under any other rule the signature is the class
itself (the card) and the rule's hook is asked on a rebuilt position.

**Bounds**, each proving that *no* order of the unseen cards wins (so the value is 0), each a
function of the information state, never of the stock's order: dead cards, Hall's condition,
chain enders, parity and chain segments (``docs/fair.md`` says why each is sound).
"""

from __future__ import annotations

from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.search.cards import INDEX
from golfcore.solitaire.search.fair_tables import FairTables, runs_needed
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.search.solver_search import hall_fails
from golfcore.solitaire.state import GameState, Outcome

#: The weight of one card of column i in the heights' code (a column holds 0..5 cards).
POW6 = tuple(6 ** i for i in range(7))


class InfoState:
    """The information state of one deal's tableau, walked by plays and draws. Mutable."""

    def __init__(self, tables: FairTables, position: Position) -> None:
        t = tables
        self.t = t
        cls = t.cls
        self.columns = [[cls[INDEX[c]] for c in col] for col in position.columns]
        self.heights = [len(col) for col in self.columns]
        self.hcode = sum(h * p for h, p in zip(self.heights, POW6))
        self.left = sum(self.heights)
        top = position.waste_top
        self.waste = cls[INDEX[top]] if top is not None else t.none
        self.ucount = [0] * t.ncls
        for card in position.stock:
            self.ucount[cls[INDEX[card]]] += 1
        self.n = len(position.stock)
        # the unseen counts as one mixed-radix number (the raw code; the key uses canon())
        self.mult = [0] * t.ncls
        size = 1
        for c in range(t.ncls):
            self.mult[c] = size
            size *= self.ucount[c] + 1
        self.ucode = sum(k * m for k, m in zip(self.ucount, self.mult))
        # the unseen counts again, 4 bits a class under a guard bit, for subset tests: U' is
        # part of U when ((U | GUARD) - U') & GUARD == GUARD
        self.upack = sum(k << (4 * c) for c, k in enumerate(self.ucount))
        self.guard = sum(8 << (4 * c) for c in range(t.ncls))
        self.tcount = [0] * t.ncls
        for col in self.columns:
            for c in col:
                self.tcount[c] += 1
        self.present = sum(1 << c for c in range(t.ncls) if self.tcount[c])
        # supply: for each class, the cards of that class on the tableau, unseen or on top
        self.counts = [self.tcount[c] + self.ucount[c] for c in range(t.ncls)]
        self.counts[self.waste] += 1
        # needs[i][d]: (class, cards of that class the card at (i, d) cannot use: itself and
        # the cards it covers) for each class it may be played on
        self.needs: list[list[tuple[tuple[int, int], ...]]] = []
        affected: dict[int, list[tuple[int, int]]] = {}
        for i, col in enumerate(self.columns):
            per = []
            for d, c in enumerate(col):
                below = col[:d + 1]
                per.append(tuple((w, below.count(w)) for w in t.targets[c]))
                for w in t.targets[c]:
                    affected.setdefault(w, []).append((i, d))
            self.needs.append(per)
        self.affected = {w: tuple(places) for w, places in affected.items()}
        self.enders = sum(1 for col in self.columns for c in col if t.ender[c])
        self.imbalance = sum(t.sign[c] for col in self.columns for c in col)
        self.odd = sum(k for c, k in enumerate(self.ucount) if t.sign[c] > 0)
        self.even = sum(k for c, k in enumerate(self.ucount) if t.sign[c] < 0)
        self.ka = self.ucount[1] + self.ucount[13] if t.wrap_parity else 0
        self.canons: dict[tuple[int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}
        self.uids: dict[tuple[tuple[int, int], ...], int] = {}
        self.runs_cache: dict[tuple[int, ...], int] = {}
        self.uid, self.groups = self._canon()

    # -- walking ----------------------------------------------------------------------------------

    def play(self, column: int) -> None:
        """Move the current state on by the play of ``column`` (1..7), trusted to be legal."""
        i = column - 1
        h = self.heights[i] - 1
        card = self.columns[i][h]
        self._take(i, h, card)
        self.counts[self.waste] -= 1
        self.waste = card

    def draw(self, card: Card) -> None:
        """Move the current state on by a draw that turned up ``card`` (one of the unseen)."""
        c = self.t.cls[INDEX[card]]
        if not self.ucount[c]:
            raise ValueError(f"{card} is not among the unseen cards")
        self.counts[self.waste] -= 1
        self._unsee(c)
        self.waste = c

    @property
    def unseen(self) -> int:
        """How many cards the stock still holds."""
        return self.n

    def draw_allowed(self, w: int, can_play: bool) -> bool:
        """Whether the draw rule allows a draw at waste class ``w`` (the stock not empty)."""
        return self._may_draw(w, can_play)

    def won(self) -> bool:
        """Whether the current state is won (the variant's outcome)."""
        if self.t.standard:
            return not self.left
        return self._outcome(self.waste) is Outcome.WON

    def legal(self) -> list[Move]:
        """The legal actions of the current state, as the engine lists them."""
        w = self.waste
        if not self.left or not self.t.standard and self._outcome(w) is not Outcome.PLAYING:
            return []
        moves = [Move("play", i + 1) for i in self._plays(w)]
        if self.n and self._may_draw(w, bool(moves)):
            moves.append(DRAW_MOVE)
        return moves

    def snapshot(self) -> tuple[Any, ...]:
        """The current state, for :meth:`restore` (the memo is not part of it)."""
        return self._save()

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Go back to a state :meth:`snapshot` took (the snapshot can be used again)."""
        self._restore(tuple(list(x) if isinstance(x, list) else x for x in snapshot))

    def _save(self) -> tuple[Any, ...]:
        return (list(self.heights), self.hcode, self.left, self.waste, list(self.ucount), self.n,
                self.ucode, self.upack, list(self.tcount), self.present, list(self.counts),
                self.enders, self.imbalance, self.odd, self.even, self.ka, self.uid, self.groups)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (self.heights, self.hcode, self.left, self.waste, self.ucount, self.n, self.ucode,
         self.upack, self.tcount, self.present, self.counts, self.enders, self.imbalance,
         self.odd, self.even, self.ka, self.uid, self.groups) = saved

    def try_play(self, i: int, w: int) -> tuple[int, int, bool]:
        """Play column ``i``'s free card (index 0..6) onto waste class ``w``, for a lookahead:
        (row, card class, whether a bound now proves the game lost). Undo with
        :meth:`untry_play`."""
        h = self.heights[i] - 1
        card = self.columns[i][h]
        self._take(i, h, card)
        return h, card, self._bury(w)

    def untry_play(self, i: int, h: int, card: int, w: int) -> None:
        """Undo :meth:`try_play`."""
        self.counts[w] += 1
        self._put(i, h, card)

    def draw_lost(self, w: int) -> bool:
        """Whether a bound proves that drawing now, onto waste class ``w``, loses."""
        lost = self._bury(w)
        self.counts[w] += 1
        return lost or self._hopeless(w)

    def _take(self, i: int, h: int, card: int) -> None:
        """Take the free card (at row ``h``) of column ``i`` off the tableau."""
        t = self.t
        self.heights[i] = h
        self.hcode -= POW6[i]
        self.left -= 1
        self.enders -= t.ender[card]
        self.imbalance -= t.sign[card]
        self.tcount[card] -= 1
        if not self.tcount[card]:
            self.present &= ~(1 << card)
            self.uid, self.groups = self._canon()

    def _put(self, i: int, h: int, card: int) -> None:
        """Undo :meth:`_take`."""
        t = self.t
        self.heights[i] = h + 1
        self.hcode += POW6[i]
        self.left += 1
        self.enders += t.ender[card]
        self.imbalance += t.sign[card]
        if not self.tcount[card]:
            self.present |= 1 << card
            self.tcount[card] = 1
            self.uid, self.groups = self._canon()
        else:
            self.tcount[card] += 1

    def _unsee(self, c: int) -> None:
        """Take one card of class ``c`` out of the unseen ones."""
        self.ucount[c] -= 1
        self.ucode -= self.mult[c]
        self.upack -= 1 << (4 * c)
        self.n -= 1
        s = self.t.sign[c]
        if s > 0:
            self.odd -= 1
        elif s < 0:
            self.even -= 1
        if c == 1 or c == 13:
            self.ka -= self.t.wrap_parity
        self.uid, self.groups = self._canon()

    def _reseen(self, c: int, uid: int, groups: tuple[tuple[int, int], ...]) -> None:
        """Undo :meth:`_unsee`."""
        self.ucount[c] += 1
        self.ucode += self.mult[c]
        self.upack += 1 << (4 * c)
        self.n += 1
        s = self.t.sign[c]
        if s > 0:
            self.odd += 1
        elif s < 0:
            self.even += 1
        if c == 1 or c == 13:
            self.ka += self.t.wrap_parity
        self.uid, self.groups = uid, groups

    # -- keys and rules ---------------------------------------------------------------------------

    def _sig(self, c: int) -> int:
        """What identifies waste class ``c`` from now on: the tableau classes that may go on it
        (standard rules), else the class itself."""
        if self.t.standard:
            return self.t.feed[c] & self.present
        return -1 - c

    def _canon(self) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The unseen cards' key (an id of their multiset of signatures) and the draws to try:
        one class per signature with the number of unseen cards that share it."""
        key = (self.present, self.ucode)
        found = self.canons.get(key)
        if found is None:
            groups: dict[int, list[int]] = {}
            for c, k in enumerate(self.ucount):
                if k:
                    entry = groups.setdefault(self._sig(c), [c, 0])
                    entry[1] += k
            shape = tuple(sorted((sig, k) for sig, (_, k) in groups.items()))
            uid = self.uids.setdefault(shape, len(self.uids))
            draws = tuple(sorted(((c, k) for c, k in groups.values()), key=lambda g: -g[1]))
            found = self.canons[key] = (uid, draws)
        return found

    def _plays(self, w: int) -> list[int]:
        allowed = self.t.allowed
        heights, columns = self.heights, self.columns
        return [i for i in range(7) if heights[i] and allowed[columns[i][heights[i] - 1]][w]]

    def _may_draw(self, w: int, can_play: bool) -> bool:
        table = self.t.draw_table
        if table is not None:
            return table[can_play]
        return self.t.rules.may_draw(GameState(self._position(w)), can_play)

    def _position(self, w: int) -> Position:
        """A position of this information state for a third-party rule's hook: the unseen
        cards in a fixed order (such a rule must not read the stock's order: it is face down)
        and the waste's top alone."""
        rep = self.t.rep

        def card(c: int) -> Card:
            found = rep[c]
            assert found is not None, "the empty waste is no card"
            return found

        columns = tuple(tuple(card(c) for c in col[:h])
                        for col, h in zip(self.columns, self.heights))
        stock = tuple(card(c) for c, k in enumerate(self.ucount) for _ in range(k))
        return Position(columns, stock, (card(w),) if rep[w] is not None else ())

    def _outcome(self, w: int) -> Outcome:
        result: Outcome = self.t.rules.outcome(GameState(self._position(w)))
        return result

    # -- bounds -----------------------------------------------------------------------------------

    def is_dead(self) -> bool:
        """Whether a bound proves the current state lost (checked in full)."""
        if not self.t.bounds:
            return False
        counts = self.counts
        for i, per in enumerate(self.needs):
            for d in range(self.heights[i]):
                if not any(counts[w] > used for w, used in per[d]):
                    return True
        return hall_fails(self.t.hall_arcs, self.tcount, counts) or self._hopeless(self.waste)

    def _hopeless(self, w: int) -> bool:
        """Whether a bound proves that no order of the unseen cards wins, waste class ``w``."""
        t = self.t
        if not t.bounds:
            return False
        n = self.n
        enders = self.enders
        if (enders - 1 if enders else 0) + t.ender[w] > n and self.left:
            return True
        d = self.imbalance
        if t.bipartite:
            if (d > 0 and d > self.even + (t.sign[w] <= 0)) or (
                    d < 0 and -d > self.odd + (t.sign[w] >= 0)):
                return True
        elif t.wrap_parity and d:
            tcount = self.tcount
            links = 2 * min(tcount[1], tcount[13])
            starts = self.even + self.ka + (t.sign[w] <= 0 or w == 1 or w == 13)
            if (d > 0 and d > starts + links) or (d < 0 and -d > self.odd + (t.sign[w] >= 0)):
                return True
        if n < 12 and t.segments and not self.tcount[0] and self.left:
            key = tuple(self.tcount)
            runs = self.runs_cache.get(key)
            if runs is None:
                runs = self.runs_cache[key] = runs_needed(t, self.tcount)
            if runs > n + 1:
                return True
        return False

    def _bury(self, w: int) -> bool:
        """Take the waste's top out of play; whether some tableau card is now dead, or some
        set of them short of cards to be played on. The caller gives the card back."""
        counts = self.counts
        counts[w] -= 1
        if not self.t.bounds:
            return False
        heights, needs = self.heights, self.needs
        for i, d in self.affected.get(w, ()):
            if d < heights[i]:
                for x, used in needs[i][d]:
                    if counts[x] > used:
                        break
                else:
                    return True
        arcs = self.t.hall_by_class.get(w)
        return arcs is not None and hall_fails(arcs, self.tcount, counts)

    def _lost_before(self, zeros: list[int] | None) -> bool:
        """Whether the unseen cards are part of a set already proved lost here (only under
        the fast path's rules: another draw rule may read how many cards the stock holds)."""
        if zeros and self.t.standard:
            up, guard = self.upack, self.guard
            for z in zeros:
                if ((z | guard) - up) & guard == guard:
                    return True
        return False

"""A better one-move policy than greedy's: greedy's expected points plus two terms a player
of Golf weighs and greedy ignores (a :class:`Style` sets their weights).

* **Line potential**: a line that one more card of some rank would complete (every other place
  on it face up, of that rank: two queens of a row of three, one card of a two-card column)
  is worth the chance that the next card is such a card (the unseen cards of that rank, as a
  share of the unseen cards) times the points the line would stop counting, times
  ``potential``. So
  the policy keeps a half-made line of high cards, builds one, and does not break one for a
  small gain.
* **Denial**: a card the policy discards (the drawn card, or the face-up card it replaces)
  that the next player would take with a gain of more than ``deny_base`` points (it
  completes one of that player's lines) costs ``deny`` times that excess.

Everything else is greedy's (:mod:`.sim`): face-down cards at the mean of the unseen cards,
the round's end with the ender's penalty, dominated moves filtered out by the caller. The
strong bot plays this policy where its search does not find a clearly better move (and, with
``playouts="policy"``, every player of its playouts plays it: :func:`turn`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from golfcore.cardgame.bots.sim import boardview, playout, tables, valuation


@dataclass(frozen=True)
class Style:
    """The policy's weights (both 0: greedy's policy)."""

    potential: float = 0.0     # weight of a line's chance of being completed
    deny: float = 0.0          # weight of what a discarded card gives the next player ...
    deny_base: float = 2.0     # ... above this many points (greedy's take threshold)


GREEDY = Style()


def unseen_ranks(table: valuation.Table) -> tuple[dict[int, int], int]:
    """Cards of each rank nobody sees (the shoe less every face-up card), and their total."""
    tab = table.tab
    left = dict(_shoe_ranks(tab))
    total = tab.total_cards
    for rk in table.rk:
        for r in rk:
            if r >= 0:
                left[r] -= 1
                total -= 1
    return left, max(total, 1)


@functools.lru_cache(maxsize=64)
def _shoe_ranks(tab: tables.Tables) -> dict[int, int]:
    left: dict[int, int] = {}
    for i, n in enumerate(tab.count):
        left[tab.rank[i]] = left.get(tab.rank[i], 0) + n
    return left


def line_potential(tab: tables.Tables, rk: Sequence[int], vl: Sequence[float],
                   cover: Sequence[int], line: Sequence[int], left: dict[int, int],
                   total: int) -> float:
    """A line's potential: the chance that the next card is one that completes it in one
    placement (a rank ``r`` held face up by every place but one, that one face down or face
    up of another rank: with two-card lines of two face-up ranks, either), as the unseen cards
    of those ranks' share of the unseen cards, times the points the line would stop counting
    (positive only); 0 for a complete line or one that needs two cards or more."""
    m = len(line)
    down = 0
    first = second = -1
    n_first = n_second = 0
    for z in line:
        rz = rk[z]
        if rz < 0:
            down += 1
            if down > 1:
                return 0.0
        elif first < 0 or rz == first:
            first = rz
            n_first += 1
        elif second < 0 or rz == second:
            second = rz
            n_second += 1
        else:
            return 0.0
    chance = 0
    if n_first == m - 1:
        chance += left.get(first, 0)
    if n_second == m - 1 and second >= 0:
        chance += left.get(second, 0)
    if not chance:
        return 0.0
    points = 0.0
    for z in line:
        if not cover[z]:
            points += vl[z]
    return chance / total * points if points > 0 else 0.0


def potential_delta(tab: tables.Tables, rk: list[int], vl: list[float], cover: Sequence[int],
                    p: int, rank: int, value: float, left: dict[int, int], total: int,
                    before: dict[tuple[int, ...], float] | None = None) -> float:
    """How the potential of the lines through ``p`` changes when a card of ``rank`` and
    ``value`` goes face up there (the other lines' cover taken as before); ``before``
    remembers the lines' potentials as they are."""
    was = 0.0
    for line in tab.lines_at[p]:
        known = before.get(line) if before is not None else None
        if known is None:
            known = line_potential(tab, rk, vl, cover, line, left, total)
            if before is not None:
                before[line] = known
        was += known
    old_r, old_v = rk[p], vl[p]
    rk[p], vl[p] = rank, value
    now = 0.0
    for line in tab.lines_at[p]:
        now += line_potential(tab, rk, vl, cover, line, left, total)
    rk[p], vl[p] = old_r, old_v
    return now - was


class Taker:
    """What the next player (after ``seat``) would gain by taking a discarded card: its best
    placement of the card, 0 if none helps. Places where a card makes and breaks no line
    change that board by the card's value less the place's, so only the highest of them
    matters; the others are valued one by one (as :func:`valuation.draw_gain` does)."""

    def __init__(self, table: valuation.Table, seat: int) -> None:
        tab = self.tab = table.tab
        nxt = (seat + 1) % len(table.rk)
        self.rk, self.vl = table.rk[nxt], table.vl[nxt]
        self.cover = boardview.cover_of(tab, self.rk)
        self.memo: dict[tuple[int, float], float] = {}
        self.plain_top, self.special = valuation.plain_places(tab, self.rk, self.vl, self.cover)

    def gain(self, rank: int, value: float) -> float:
        key = (rank, value)
        out = self.memo.get(key)
        if out is None:
            best = 0.0
            if self.plain_top is not None:
                best = min(best, value - self.plain_top)
            for p in self.special:
                d = boardview.place_delta(self.tab, self.rk, self.vl, self.cover, p, rank, value)
                if d < best:
                    best = d
            out = self.memo[key] = -best
        return out


def give(table: valuation.Table, seat: int, rank: int, value: float) -> float:
    """What the next player gains (expected points) by taking a discarded card of this rank
    and value: its best placement, 0 if none helps."""
    return Taker(table, seat).gain(rank, value)


class Context:
    """What :func:`options` needs of one table and seat, computed once for a turn's two
    decisions (the discard's card, the stock's)."""

    def __init__(self, table: valuation.Table, seat: int, style: Style) -> None:
        self.left: dict[int, int] = {}
        self.total = 1
        if style.potential and table.ender < 0:
            self.left, self.total = unseen_ranks(table)
        self.taker = Taker(table, seat) if style.deny else None


def options(table: valuation.Table, seat: int, card: int, from_stock: bool, style: Style,
            context: Context | None = None) -> list[tuple[float, int, int]]:
    """:func:`valuation.hold_options` with the style's terms added (lower is better)."""
    base = valuation.hold_options(table, seat, card, from_stock)
    if style.potential == 0 and style.deny == 0:
        return base
    ctx = context or Context(table, seat, style)
    tab = table.tab
    rk, vl = table.rk[seat], table.vl[seat]
    ended = table.ender >= 0
    last = table.down[seat] == 1 and not ended
    r, v = tab.rank[card], float(tab.val[card])
    out = []
    cover = boardview.cover_of(tab, rk) if style.potential and not ended else []
    before: dict[tuple[int, ...], float] = {}
    for value, kind, p in base:
        ends = last and p >= 0 and rk[p] < 0
        if style.potential and not ended and not ends and kind == tables.REPLACE:
            value -= style.potential * potential_delta(tab, rk, vl, cover, p, r, v, ctx.left,
                                                       ctx.total, before)
        if ctx.taker is not None:
            if kind == tables.REPLACE:
                key = (rk[p], vl[p]) if rk[p] >= 0 else None
            else:
                key = (r, v)
            if key is not None:
                g = ctx.taker.gain(key[0], key[1])
                if g > style.deny_base:
                    value += style.deny * (g - style.deny_base)
        out.append((value, kind, p))
    return out


def best(table: valuation.Table, seat: int, card: int, from_stock: bool, style: Style,
         allowed: object = None, context: Context | None = None
         ) -> tuple[float, int, int] | None:
    """The style's second action (lowest value; ties to a face-down place, then the lower
    place), among ``allowed`` ``(kind, place)`` when given; ``None`` if none is allowed."""
    rk = table.rk[seat]
    found: tuple[float, int, int] | None = None
    found_key: tuple[float, int, int, int] | None = None
    for value, kind, p in options(table, seat, card, from_stock, style, context):
        if allowed is not None and (kind, p) not in allowed:   # type: ignore[operator]
            continue
        key = (round(value, 9), 0 if tables.face_down(rk, p) else 1, kind, p)
        if found_key is None or key < found_key:
            found_key, found = key, (value, kind, p)
    return found


def baseline(table: valuation.Table, seat: int) -> float:
    """The board's expected points before a move (the take decision compares with it)."""
    tab = table.tab
    return boardview.expect(table.vl[seat], boardview.cover_of(tab, table.rk[seat]))


def turn(r: playout.Round, mean: float, threshold: float, patient: bool, style: Style) -> bool:
    """The seat to play in a simulated round plays the style's turn (the discard's card when
    it saves more than ``threshold``, else a card from the stock); True when the round is
    over. ``mean``: the value of a face-down card, as in :meth:`playout.Round.greedy_turn`."""
    seat = r.turn
    table = r.table(mean, patient)
    top = r.discard[-1] if r.discard else -1
    ctx = Context(table, seat, style)
    if top >= 0:
        choice = best(table, seat, top, False, style, None, ctx)
        if choice is not None and baseline(table, seat) - choice[0] > threshold:
            r.discard.pop()
            r.apply(seat, top, choice[1], choice[2])
            return r.end_turn(seat)
    if not r.stock:
        return True
    card = r.stock.pop()
    choice = best(table, seat, card, True, style, None, ctx)
    assert choice is not None
    r.apply(seat, card, choice[1], choice[2])
    return r.end_turn(seat)

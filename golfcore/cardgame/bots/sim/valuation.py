"""The greedy policy, written once for a *view* of the table (:class:`Table`): what drawing is
worth, the others' expected points, and the value of every second action of a turn. The greedy
bot uses it on a real observation and every player of a simulated round uses it in playouts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from golfcore.errors import GolfError
from golfcore.cardgame.bots.sim.tables import DISCARD, HIDDEN, NO_PLACE, REPLACE, Tables, face_down
from golfcore.cardgame.bots.sim.boardview import cover_of, expect, place_delta, pool_variance


@dataclass
class Table:
    """What the greedy policy needs of the table at one decision: every board as its owner and
    everyone sees it, the mean value of a card nobody sees, the round's end so far."""

    tab: Tables
    rk: list[list[int]]          # per seat, per place: rank, -1 face down
    vl: list[list[float]]        # per seat, per place: value, the mean when face down
    down: list[int]              # per seat: face-down cards
    mean: float
    ender: int                   # -1: nobody has ended the round
    pool: list[int] = field(default_factory=list)   # unseen cards per index (may be empty)
    patient: bool = True         # count on the others' last turn when thinking of ending

    @classmethod
    def build(cls, tab: Tables, views: Sequence[Sequence[int]], mean: float, ender: int,
              pool: list[int] | None = None, patient: bool = True) -> Table:
        rk = [[tab.rank[c] if c >= 0 else HIDDEN for c in view] for view in views]
        vl = [[float(tab.val[c]) if c >= 0 else mean for c in view] for view in views]
        down = [sum(1 for c in view if c < 0) for view in views]
        return cls(tab, rk, vl, down, mean, ender, pool or [], patient)



def plain_places(tab: Tables, rk: Sequence[int], vl: Sequence[float],
                 cover: Sequence[int]) -> tuple[float | None, list[int]]:
    """Split a board's places into plain and special ones. On a plain place a card makes and
    breaks no line (no cover, and no line through it whose other places all show one rank),
    so a card of value v changes the board by v - vl[p] there: only the highest plain value
    matters (the first answer, None when there is no plain place). The special places (the
    second answer) must be valued one by one."""
    plain_top: float | None = None
    special: list[int] = []
    for p in range(tab.size):
        plain = not cover[p]
        if plain:
            for _, others in tab.line_pairs_at[p]:
                first = rk[others[0]]
                if first >= 0 and all(rk[z] == first for z in others):
                    plain = False
                    break
        if plain:
            if plain_top is None or vl[p] > plain_top:
                plain_top = vl[p]
        else:
            special.append(p)
    return plain_top, special

def draw_gain(table: Table, seat: int) -> float:
    """What ``seat`` may expect to gain from a card of the stock: for each card it might draw,
    the best of its replacements or (when allowed) nothing; weighted by the unseen cards."""
    tab = table.tab
    rk, vl = table.rk[seat], table.vl[seat]
    memo: tuple[tuple[int, ...], tuple[float, ...]] | None = None
    if not table.pool:
        # the playouts' case: the full shoe, so the answer depends on the board alone
        memo = (tuple(rk), tuple(vl))
        known = tab.gains.get(memo)
        if known is not None:
            return known
    cover = cover_of(tab, rk)
    plain_top, special = plain_places(tab, rk, vl, cover)
    pool = table.pool or tab.count
    total = 0.0
    weight = 0
    seen: dict[tuple[int, int], float] = {}
    for i, n in enumerate(pool):
        if not n:
            continue
        key = (tab.rank[i], tab.val[i])
        best = seen.get(key)
        if best is None:
            best = 0.0 if tab.may_discard else float("inf")
            if plain_top is not None and key[1] - plain_top < best:
                best = key[1] - plain_top
            for p in special:
                d = place_delta(tab, rk, vl, cover, p, key[0], key[1])
                if d < best:
                    best = d
            seen[key] = best
        total += n * best
        weight += n
    gain = -total / weight if weight else 0.0
    if memo is not None:
        if len(tab.gains) > 200_000:
            tab.gains.clear()
        tab.gains[memo] = gain
    return gain



def others_expected(table: Table, seat: int) -> list[tuple[float, float]]:
    """The others' final points as (mean, variance): face-down cards at the pool's mean and
    variance; with ``patient``, less what one last turn may gain (and its spread)."""
    tab = table.tab
    var = pool_variance(tab, table.pool or tab.count, table.mean)
    out = []
    for s in range(len(table.rk)):
        if s == seat:
            continue
        e = expect(table.vl[s], cover_of(tab, table.rk[s]))
        v = table.down[s] * var
        if table.patient:
            e -= draw_gain(table, s)
            v += LAST_TURN_VARIANCE
        out.append((e, v))
    return out


#: The spread (variance, points²) of what a player's last turn gains.
LAST_TURN_VARIANCE = 9.0


def hold_options(table: Table, seat: int, card: int, from_stock: bool
                 ) -> list[tuple[float, int, int]]:
    """Every second action of ``seat`` holding ``card``, as ``(value, kind, place)``: the
    board's expected points after it, the ender's penalty (CG-07) included for an action that
    ends the round. Replacing first, place by place, then discarding."""
    tab = table.tab
    rk, vl = table.rk[seat], table.vl[seat]
    cover = cover_of(tab, rk)
    e0 = expect(vl, cover)
    r, v = tab.rank[card], float(tab.val[card])
    last = table.down[seat] == 1 and table.ender < 0
    rivals: list[tuple[float, float]] | None = None
    out: list[tuple[float, int, int]] = []
    for p in range(tab.size):
        value = e0 + place_delta(tab, rk, vl, cover, p, r, v)
        if last and rk[p] < 0:
            if rivals is None:
                rivals = others_expected(table, seat)
            value = tab.penalised(value, rivals)
        out.append((value, REPLACE, p))
    if from_stock and tab.may_discard and not tab.discard_turns_up:
        out.append((e0, DISCARD, NO_PLACE))      # the turn ends: nothing turned up or ended
    elif from_stock and tab.may_discard:
        for p in range(tab.size):
            if rk[p] < 0:
                value = e0
                if last:
                    if rivals is None:
                        rivals = others_expected(table, seat)
                    value = tab.penalised(value, rivals)
                out.append((value, DISCARD, p))
    return out


def best_hold(table: Table, seat: int, card: int, from_stock: bool,
              allowed: Any = None) -> tuple[float, int, int]:
    """The greedy second action: the lowest value of :func:`hold_options` (``allowed``, when
    given, filters ``(kind, place)``), values equal to 9 decimals being ties; ties go to a
    face-down place, then the lower kind (replacing first), then the lower place.

    Rounding is monotone, so the lowest rounded value is the lowest value rounded: only the
    options within 2e-9 of the lowest are rounded (this runs in every turn of every playout)."""
    options = hold_options(table, seat, card, from_stock)
    if allowed is not None:
        options = [o for o in options if (o[1], o[2]) in allowed]
    if not options:
        raise GolfError("no second action is allowed")
    low = min(o[0] for o in options)
    low_rounded = round(low, 9)
    rk = table.rk[seat]
    best = options[0]
    best_key: tuple[int, int, int] | None = None
    for option in options:
        value, kind, p = option
        if value - low <= 2e-9 and round(value, 9) == low_rounded:
            key = (0 if face_down(rk, p) else 1, kind, p)
            if best_key is None or key < best_key:
                best_key, best = key, option
    return best

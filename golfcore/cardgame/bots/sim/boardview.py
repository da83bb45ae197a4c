"""Boards as a player sees them: ranks and values per place (``-1`` and the unseen cards' mean for
a face-down card), which places complete lines cover, a board's expected points, what a card
changes at a place, and the pool of unseen cards."""

from __future__ import annotations

from collections.abc import Sequence

from golfcore.cardgame.bots.sim.tables import Tables


def cover_of(tab: Tables, rk: Sequence[int]) -> list[int]:
    """For each place, how many complete lines (every card face up, one rank) pass it."""
    cover = [0] * tab.size
    for line in tab.lines:
        r = rk[line[0]]
        if r < 0:
            continue
        for z in line:
            if rk[z] != r:
                break
        else:
            for z in line:
                cover[z] += 1
    return cover


def expect(vl: Sequence[float], cover: Sequence[int]) -> float:
    """A board's expected points: the values of places on no complete line."""
    return sum(v for v, c in zip(vl, cover) if not c)


def place_delta(tab: Tables, rk: Sequence[int], vl: Sequence[float], cover: Sequence[int],
                p: int, r: int, v: float) -> float:
    """How a board's expected points change when a card of rank ``r`` and value ``v`` goes face
    up at place ``p`` (replacing what is there); ``rk``/``vl``: ranks (``-1`` face down) and
    values (the mean for face down) of the board's places."""
    old = rk[p]
    changed: dict[int, int] | None = None
    for line, others in tab.line_pairs_at[p]:
        before = old >= 0        # the line is complete now (its other places show p's rank)
        after = True             # and once the card is there
        for z in others:
            rz = rk[z]
            if rz != r:
                after = False
            if rz != old:
                before = False
            if not (before or after):
                break
        if before != after:
            if changed is None:
                changed = {}
            step = 1 if after else -1
            for z in line:
                changed[z] = changed.get(z, 0) + step
    if changed is None:
        return v - vl[p] if not cover[p] else 0.0
    delta = 0.0
    for z, step in changed.items():
        was = vl[z] if not cover[z] else 0.0
        now_v = v if z == p else vl[z]
        now = now_v if not cover[z] + step else 0.0
        delta += now - was
    if p not in changed and not cover[p]:
        delta += v - vl[p]
    return delta


def pool_counts(tab: Tables, seen: Sequence[int]) -> list[int]:
    """The shoe minus the cards seen (indices), never below zero."""
    counts = list(tab.count)
    for i in seen:
        if counts[i] > 0:
            counts[i] -= 1
    return counts


def pool_mean(tab: Tables, counts: Sequence[int]) -> float:
    total = sum(counts)
    if total == 0:
        total, counts = sum(tab.count), tab.count
    return sum(n * v for n, v in zip(counts, tab.val)) / total


def pool_variance(tab: Tables, counts: Sequence[int], mean: float) -> float:
    total = sum(counts)
    if total == 0:
        total, counts = sum(tab.count), tab.count
    return sum(n * (v - mean) ** 2 for n, v in zip(counts, tab.val)) / total

"""Move ordering and restarts for the win search (:mod:`.solver_win`).

Ordering never changes a verdict: every move of a state is tried (or its child is known lost)
before the state is called lost. It only decides how soon a win is found, and the time to a win
of a depth-first search is heavy-tailed: one wrong move near the root can cost a proof of loss
of its whole subtree (deal 587 under ``app-facil``: 240,000 positions to refute the third move)
before the right one is tried. So the search *restarts*: it searches with the first ordering for
a budget of positions, then starts again from the root with another ordering and the next budget
of the Luby sequence (``unit`` x 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...), and so on until it finishes.
A restart loses almost nothing: every state proved lost stays in the search's table (only the
states on the path being searched, a few dozen, are searched again), so a lost deal costs the
same, and a won deal gets many chances to pick the right early moves.

The first ordering tries columns with more cards first (ties: the lower column number); each
restart ``k`` then orders by a fixed pseudo-random priority per (column, height), seeded by
``k``, so every run is reproducible.
"""

from __future__ import annotations

import random

#: positions of the first run (with the ordering of the general search: most deals finish in
#: it, with the same winning line), then the unit of the Luby sequence of the next runs
FIRST_RUN = 10_000
RESTART_UNIT = 2_000


def luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (``i`` from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def ordering(run: int) -> list[int]:
    """How run ``run`` (0 first) orders the playable columns: ``prio[i * 6 + h]`` is the sort
    key of column ``i`` at height ``h``, with ``i`` in its low three bits (the search sorts the
    keys of the playable columns and reads the columns back from them)."""
    if run == 0:
        return [((5 - at % 6) << 3 | at // 6) for at in range(7 * 6)]
    rng = random.Random(run)
    priority = [rng.random() for _ in range(7 * 6)]
    rank = sorted(range(7 * 6), key=priority.__getitem__)
    prio = [0] * (7 * 6)
    for k, at in enumerate(rank):
        prio[at] = k << 3 | at // 6
    return prio

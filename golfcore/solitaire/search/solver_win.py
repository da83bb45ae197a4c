"""The search for a win: the hot loop of :mod:`golfcore.solitaire.search.solver`.

Depth first over *(column heights, stock position, waste class)*, plays before the draw, with
the pruning of the general search (:mod:`.solver_search`), but with everything a position needs
kept in small integers passed down the recursion (:mod:`.solver_tables` builds them):

* ``vec`` packs the dead-card and Hall checks (one 8-bit field per tableau card and per Hall
  set): a move adds one precomputed integer, and ``vec & hi != hi`` says whether it leaves a card
  that nothing can be played on any more, or a set of ranks with fewer cards left to hold them
  than cards to hold. The move is then not made;
* ``tp`` packs the tableau's rank counts (three bits a rank), ``tt`` the classes of the seven
  free cards (four bits a column): the playable columns are three table look-ups;
* ``hc`` is the column heights in base 6, shifted left by 4: with the waste class it is the key
  of the table of lost states (kept small: a key of one machine digit hashes fastest);
* ``lims`` is the chain bound (:meth:`.solver_tables.DealTables.chain_limits`): for each waste
  class, the last stock position from which the ranks left can still be cleared, given that a
  chain of plays never crosses a rank gone from the tableau, so each part of the ranks left
  needs chains of its own, each started on the waste or a drawn card that may precede one of
  its ranks. It changes only when a rank leaves the tableau or a chain ender is played, and is
  looked up then (a few hundred different ones in a search).

Transpositions and a dominance. When the rules let the player draw whenever the stock is not
empty (every built-in variant but ``traditional``), a state proved lost stays lost with fewer
cards left in the stock: any line from ``(heights, s2, w)`` can be played from
``(heights, s1, w)`` with ``s1 <= s2``, its first draw replaced by drawing ``s2 - s1 + 1``
cards. So the search remembers, for each ``(heights, waste class)``, the smallest stock position
at which it was proved lost, and skips that state at that position or later. Only finished
(proved) states are remembered, never the ones still on the search path.

Positions are counted when searched: a state reached for the first time (not known lost)
counts, whether a bound then rejects it or it is expanded. Restarts: :mod:`.solver_order`.

The loop has a compiled twin (``_winkernel.c``, through :mod:`.solver_kernel`), used when it
was built: the same search over the same tables, so the same answers, lines and counts. This
module keeps the setup and the bookkeeping both share, and the pure-Python loop, which is the
reference for the C (``GOLFCORE_SOLVER_PURE=1`` forces it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.search import solver_kernel
from golfcore.solitaire.search.solver_order import FIRST_RUN, RESTART_UNIT, luby, ordering

if TYPE_CHECKING:  # pragma: no cover
    from golfcore.solitaire.search.solver_search import Search
    from golfcore.solitaire.search.solver_tables import DealTables

_CHUNK = 255                       # positions counted at once (a cached small int)
_POW16 = tuple((6 ** i) << 4 for i in range(7))
_COLUMNS_OF_MASK = tuple(tuple(i for i in range(7) if mask >> i & 1) for mask in range(128))


class _Restart(Exception):
    """The budget of this run is spent: start again from the root with the next ordering."""


def search_win(search: Search, *, pure: bool | None = None) -> bool:
    """Search ``search``'s position for a win (mode ``win`` of the general search) and leave in
    ``search`` what that mode leaves: ``found_win``, ``best_line`` (the winning line),
    ``seen_best`` and ``seen_line`` (the most cards removed on the way, the seed of the
    best-result search), ``visited_total`` and ``stats``. Raises the search's limits as it
    does.

    The compiled kernel searches when it was built (:mod:`.solver_kernel`), unless ``pure``
    is true or the environment variable ``GOLFCORE_SOLVER_PURE=1`` is set; both give the same
    answers, lines and counts."""
    dt = search.deal_tables()
    stats = search.stats
    total = dt.total
    if total == 0:
        search.found_win = True
        search._record(total)
        return True
    if dt.dead_at_start:
        stats["dead-card prunes"] += 1
        return False
    if dt.hall_at_start:
        stats["matching prunes"] += 1
        return False
    if dt.bound_at_start:
        stats["parity prunes"] += 1
        return False
    # the most cards removed so far is total - best_left (-1: not asked for)
    best_left = total - search.seen_best if search.seen_best >= 0 else total + 1
    if not search.want_seen:
        best_left = -1
    # what the search leaves: won, positions counted, matching and segment prunes, best_left
    # and the line that reached it (the winning line when won); kept when a limit stops it
    out: list[Any] = [False, search.visited_total, 0, 0, best_left, []]
    kernel = solver_kernel.use_kernel() if pure is None else not pure
    try:
        if not (kernel and solver_kernel.run(search, dt, out)):
            _search_pure(search, dt, out)
    finally:
        won, search.visited_total, n_match, n_segment, best_left, best_path = out
        stats["matching prunes"] += n_match
        stats["segment prunes"] += n_segment
        if best_left >= 0 and total - best_left > search.seen_best:
            search.seen_best = total - best_left
            search.seen_line = _moves(best_path)
    if won:
        search.found_win = True
        search.path = _moves(best_path)
        search._record(total)
        search.path = []
    return bool(won)


def first_key(tp: int, rank_bits: int, ender_fields: int) -> int | None:
    """The chain bound's key of the tableau's packed rank counts ``tp`` (``None``: jokers are
    left, the bound says nothing): a 1 in the field of each rank present, and the chain
    enders' counts shifted left by 42 (:meth:`.solver_tables.DealTables.chain_limits`)."""
    if tp & 7:
        return None
    return (tp | tp >> 1 | tp >> 2) & rank_bits | (tp & ender_fields) << 42


def stay_fields(ender_fields: int) -> list[int]:
    """``stay[c]``: the count field of class ``c``, where a play of ``c`` leaves the chain
    bound's key as it is while that field is not zero (0 for jokers and chain enders: their
    plays always change it)."""
    return [0 if c == 0 or c >= 14 or ender_fields >> (3 * c) & 1 else 7 << (3 * c)
            for c in range(16)]


def _search_pure(search: Search, dt: DealTables, out: list[Any]) -> None:
    """The search in Python: fills ``out`` (see :func:`search_win`), also when a limit stops
    it."""
    rt = dt.rules
    total = dt.total
    heights = list(dt.heights)
    pow16 = _POW16
    tdel = dt.tdel                 # tdel[i * 6 + h]: change of tt when column i loses height h
    mask_lo, mask_mid, mask_hi = rt.mask_tables()   # playable columns by waste and free cards
    pv_of = dt.play_vecs           # pv_of[w][i * 6 + h]: change of vec for a play onto w
    dv_of = dt.draw_vecs           # dv_of[s][w]: change of vec for drawing stock card s
    hi = dt.hi
    stock = dt.stock_cls
    n_stock = len(stock)
    tshift = rt.tshift             # tshift[c]: change of tp when a card of class c leaves
    rank_bits = rt.rank_bits
    draw_ok = (bool(rt.draw_ok[False]), bool(rt.draw_ok[True]))
    # losts[s]: states proved lost, by heights and waste class, with the stock position they
    # were proved at; one shared table for every s when the dominance on the stock holds
    if draw_ok[0] and draw_ok[1]:
        shared: dict[int, int] = {}
        losts = [shared] * (n_stock + 1)
    else:
        losts = [{} for _ in range(n_stock + 1)]
    gets = [table.get for table in losts]
    cols_of = _COLUMNS_OF_MASK
    # the chain bound: lims[w], the last stock position from which the tableau can still be
    # cleared with waste class w (dt.chain_limits, by the ranks present and the enders)
    limits = dt.limits
    chain_limits = dt.chain_limits
    ender_fields = rt.ender_fields
    no_limits = [n_stock] * 16
    # stay[c]: the count field of class c, where a play of c leaves the key as it is while
    # that field is not zero (0 for jokers and chain enders: their plays always change it)
    stay = stay_fields(ender_fields)
    tp0 = dt.tpack
    key0 = first_key(tp0, rank_bits, ender_fields)
    lims0 = no_limits if key0 is None else chain_limits(key0)
    path: list[int] = [0] * (total + n_stock + 1)
    # the most cards removed so far, and the line that removed them (only when asked)
    best_left = out[4]
    best_path: list[int] = []
    n_match = n_segment = 0
    # counting: nvis positions before the current chunk, whose size is chunk and of which
    # budget are left; event is the next position number at which something is due
    big = 1 << 62
    limit1 = search.limit + 1 if search.limit is not None else big
    clock = search.clock_every
    ticking = search.deadline is not None or search.progress is not None
    next_tick = (search.visited_total // clock + 1) * clock if ticking else big
    restart_at = big
    nvis = search.visited_total
    chunk = budget = 0
    event = big
    tick = search._tick
    prio = ordering(0)

    def count() -> None:
        """The chunk is used up by one more position: count it, do what is due (the position
        limit, a restart, the clock and progress report) and size the next chunk."""
        nonlocal nvis, chunk, budget, event, next_tick
        n = nvis + chunk + 1                  # this position's number
        if n >= event:
            if n >= limit1:
                nvis, chunk, budget = n - 1, 0, 0
                raise search.limit_error("positions")
            if n >= restart_at:
                nvis, chunk, budget = n, 0, 0
                raise _Restart()
            if n >= next_tick:
                search.visited_total = n
                tick()
                next_tick += clock
            event = min(limit1, restart_at, next_tick)
        nvis = n
        chunk = budget = min(_CHUNK, event - n - 1)

    def dfs(s: int, w: int, hc: int, vec: int, tp: int, tt: int, left: int,
            lims: list[int]) -> bool:
        nonlocal budget, best_left, best_path, n_match, n_segment
        budget -= 1
        if budget < 0:
            count()
        if left < best_left:
            best_left = left
            best_path = path[:total - left + s]
        if s > lims[w]:
            n_segment += 1
        else:
            mask = mask_lo[w][tt & 4095] | mask_mid[w][tt >> 12 & 4095] | mask_hi[w][tt >> 24]
            depth = total - left + s
            if mask:
                plays: Sequence[int] = cols_of[mask]
                if left == 1:
                    path[depth] = plays[0]
                    best_path = path[:depth + 1]
                    return True
                n_plays = len(plays)
                if n_plays == 2:
                    a, b = plays
                    a = prio[a * 6 + heights[a]]
                    b = prio[b * 6 + heights[b]]
                    plays = (a, b) if a < b else (b, a)
                elif n_plays > 2:
                    plays = sorted([prio[i * 6 + heights[i]] for i in plays])
                get = gets[s]
                pvw = pv_of[w]
                for i in plays:
                    i &= 7
                    card = tt >> 4 * i & 15
                    nh = hc - pow16[i]
                    if get(nh | card, 99) <= s:
                        continue
                    h = heights[i]
                    at = i * 6 + h
                    v2 = vec + pvw[at]
                    if v2 & hi != hi:
                        n_match += 1              # searched too: a bound rejects it
                        budget -= 1
                        if budget < 0:
                            count()
                        continue
                    path[depth] = i
                    tp2 = tp - tshift[card]
                    if tp2 & stay[card]:          # the same ranks present, the same enders
                        lims2 = lims
                    elif tp2 & 7:
                        lims2 = no_limits
                    else:
                        key = (tp2 | tp2 >> 1 | tp2 >> 2) & rank_bits | (tp2 & ender_fields) << 42
                        lims2 = limits.get(key) or chain_limits(key)
                    heights[i] = h - 1
                    if dfs(s, card, nh, v2, tp2, tt + tdel[at], left - 1, lims2):
                        return True
                    heights[i] = h
            if s < n_stock and draw_ok[mask > 0]:
                card = stock[s]
                if gets[s + 1](hc | card, 99) > s + 1:
                    v2 = vec + dv_of[s][w]
                    if v2 & hi != hi:
                        n_match += 1
                        budget -= 1
                        if budget < 0:
                            count()
                    else:
                        path[depth] = 7
                        if dfs(s + 1, card, hc, v2, tp, tt, left, lims):
                            return True
        losts[s][hc | w] = s
        return False

    run = 0
    won = False
    try:
        while True:
            heights[:] = dt.heights
            prio = ordering(run)
            nvis, chunk, budget = nvis + chunk - budget, 0, 0
            restart_at = nvis + (FIRST_RUN if run == 0 else RESTART_UNIT * luby(run))
            event = min(limit1, restart_at, next_tick)
            try:
                won = dfs(0, dt.start_w, dt.hcode << 4, dt.vec, tp0, dt.tops, total, lims0)
                break
            except _Restart:
                run += 1
    finally:
        out[:] = [won, nvis + chunk - budget, n_match, n_segment, best_left, best_path]


def _moves(path: list[int]) -> list[Any]:
    return [DRAW_MOVE if i == 7 else Move("play", i + 1) for i in path]

"""The bridge to the win search's compiled twin, ``golfcore.solitaire.search._winkernel``.

The kernel is an optional accelerator, as the fair chance's is: ``pip install`` builds it when a
C compiler is there (``setup.py``, an ``Extension`` with ``optional=True``) and skips it
otherwise. It runs the search of :mod:`.solver_win` over the same tables
(:class:`~.solver_tables.DealTables`, flattened here into machine words), with the same bounds,
the same move order and the same restarts, so it gives the same verdicts, winning lines, best
partial lines and position counts as the pure-Python search; a position limit stops both at the
same position, and the clock and progress reports come at the same positions
(``Search._tick``, called from the kernel). It searches about two orders of magnitude faster.

**Forcing the pure-Python path**: set the environment variable ``GOLFCORE_SOLVER_PURE=1``
(read when a search starts), or pass ``pure=True`` to :func:`.solver_win.search_win`.
"""

from __future__ import annotations

import os
import struct
from typing import TYPE_CHECKING, Any

from golfcore.solitaire.search.solver_order import FIRST_RUN, RESTART_UNIT, ordering

if TYPE_CHECKING:  # pragma: no cover
    from golfcore.solitaire.search.solver_search import Search
    from golfcore.solitaire.search.solver_tables import DealTables

try:
    from golfcore.solitaire.search import _winkernel  # type: ignore[attr-defined]
except ImportError:      # no compiler when installed: the pure-Python search answers
    _winkernel = None

#: The environment variable that forces the pure-Python search.
PURE_ENV = "GOLFCORE_SOLVER_PURE"
#: The widest ``vec`` the kernel holds, in 64-bit words (wider: the pure search answers).
MAX_WORDS = 32
_BIG = 1 << 62


def kernel_available() -> bool:
    """Whether the compiled kernel was built (it is optional: without a C compiler at install
    time the pure-Python search answers, identically)."""
    return _winkernel is not None


def use_kernel() -> bool:
    """Whether a win search starting now uses the compiled kernel."""
    return _winkernel is not None and os.environ.get(PURE_ENV, "") in ("", "0")


def run(search: Search, dt: DealTables, out: list[Any]) -> bool:
    """Search ``dt``'s position with the kernel, filling ``out`` as
    :func:`.solver_win._search_pure` does (also when a limit stops it, which is then raised
    as the pure search raises it). False, with nothing done, when the kernel is not there or
    cannot hold this position."""
    if _winkernel is None:
        return False
    from golfcore.solitaire.search.solver_win import stay_fields

    rt = dt.rules
    words = max(1, (dt.hi.bit_length() + 63) // 64)
    n_stock = len(dt.stock_cls)
    if words > MAX_WORDS or n_stock > 60 or len(dt.heights) != 7:
        return False
    size = 8 * words
    mask = (1 << (64 * words)) - 1      # vec and its changes modulo 2^(64 words), as in C

    def pack(x: int) -> bytes:
        return (x & mask).to_bytes(size, "little")

    zero = bytes(size)
    pv = b"".join(pack(d) if d else zero for row in dt.play_vecs for d in row)
    dv = b"".join(pack(d) if d else zero for row in dt.draw_vecs for d in row)
    okc = rt.okc
    okbits = [sum(1 << c for c in range(16) if okc[w][c]) for w in range(16)]
    draw_ok = (bool(rt.draw_ok[False]), bool(rt.draw_ok[True]))
    limit1 = search.limit + 1 if search.limit is not None else _BIG
    clock = search.clock_every
    ticking = search.deadline is not None or search.progress is not None
    next_tick = (search.visited_total // clock + 1) * clock if ticking else _BIG
    ender_fields = rt.ender_fields
    status = _winkernel.search(
        words, pack(dt.hi), pack(dt.vec), pv, dv, struct.pack("<42q", *dt.tdel),
        struct.pack("<16I", *okbits), bytes(dt.stock_cls), struct.pack("<16Q", *rt.tshift),
        struct.pack("<16Q", *stay_fields(ender_fields)), bytes(dt.heights), dt.total,
        dt.start_w, dt.hcode, dt.tpack, dt.tops, rt.rank_bits, ender_fields,
        draw_ok[False], draw_ok[True], draw_ok[False] and draw_ok[True], out[4],
        search.visited_total, limit1, next_tick, clock, FIRST_RUN, RESTART_UNIT,
        search, search._tick if ticking else None, dt.chain_limits, ordering, out)
    if status == 1:
        raise search.limit_error("positions")
    return True

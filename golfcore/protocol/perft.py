"""The protocol's ``perft`` request, the same for both games (``docs/perft.md``).

``{"cmd": "perft", "depth": D, "divide": true}`` on the game being played: the number of lines
of ``D`` legal actions from its current position (a line that ends the game sooner is not
counted), and with ``divide`` the lines under each first action, keyed by the action's text as
``legal`` writes it. The work is bounded as every request is: at most :data:`MAX_STATES`
positions expanded (``limit`` may lower it); a count that needs more is refused with a message
that says to ask a smaller depth, never cut short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from golfcore.errors import GolfError
from golfcore.framework.perft import PerftLimit, check_depth

__all__ = ["FIELDS", "MAX_STATES", "perft_reply"]

#: The fields of ``perft``.
FIELDS = {"depth", "divide", "limit"}
#: The most positions one ``perft`` request may expand.
MAX_STATES = 2_000_000


def perft_reply(request: dict[str, Any],
                count: Callable[[int, int], int],
                divide: Callable[[int, int], list[tuple[str, int]]]) -> dict[str, Any]:
    """The reply's ``perft`` for ``request``, counted by ``count(depth, limit)`` and
    ``divide(depth, limit)`` on the game's current position."""
    if "depth" not in request:
        raise GolfError("'perft' needs 'depth': a whole number of actions")
    depth = check_depth(request["depth"])
    divided = request.get("divide", False)
    if not isinstance(divided, bool):
        raise GolfError(f"'divide' must be true or false, got {divided!r}")
    limit = request.get("limit", MAX_STATES)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_STATES:
        raise GolfError(f"'limit' must be a whole number of positions from 1 to {MAX_STATES}, "
                        f"got {limit!r}")
    try:
        if divided:
            split = divide(depth, limit)
            total = sum(n for _, n in split) if depth else 1
            return {"perft": {"depth": depth, "count": total, "divide": dict(split)}}
        return {"perft": {"depth": depth, "count": count(depth, limit), "divide": None}}
    except PerftLimit as exc:
        raise GolfError(str(exc)) from None

"""Perft: the number of sequences of legal actions of a given length, as chess engines count
them to check a move generator (``docs/perft.md``).

The counting here knows no game: a game gives a *children* function (a state's legal actions,
each as its text and the state it leads to, in a stable order) and a *key* function (a value
that is equal for two states exactly when the same lines of actions follow from both). The
count is a whole number, so memoising it on ``(key, remaining depth)`` (a transposition table)
is exact; :func:`brute_count` counts without the table, to check it.

A line that ends the game before its last action is not counted: a state with no child
counts 0 at any remaining depth above 0, and every state counts 1 at depth 0 (chess's
``perft(0) = 1``).

>>> tree = {"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": []}
>>> kids = lambda s: [(t, t) for t in tree[s]]
>>> count(kids, str, "a", 2), count(kids, str, "a", 3), divide(kids, str, "a", 2)
(2, 0, [('b', 1), ('c', 1)])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from golfcore.errors import GolfError

S = TypeVar("S")

#: A state's legal actions: ``(text, next state)`` pairs in a stable order.
Children = Callable[[S], Sequence[tuple[str, S]]]
#: A state's transposition key (see the module's documentation).
Key = Callable[[S], Hashable]

#: The deepest count asked of golfcore: far beyond what any count finishes, and well inside
#: Python's recursion limit.
MAX_DEPTH = 200


class PerftLimit(GolfError):
    """The count needed more states than its budget allows (the protocol bounds its work)."""


def check_depth(depth: object) -> int:
    """``depth`` if it is a whole number from 0 to :data:`MAX_DEPTH`, else :class:`GolfError`."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise GolfError(f"the depth must be a whole number from 0 to {MAX_DEPTH}, not "
                        f"{depth!r}")
    return depth


class Counter(Generic[S]):
    """One count's transposition table and budget: ``limit`` states expanded at most
    (``None``: no bound); :attr:`expanded` counts them."""

    def __init__(self, children: Children[S], key: Key[S], limit: int | None = None) -> None:
        self.children = children
        self.key = key
        self.limit = limit
        self.expanded = 0
        self.table: dict[tuple[Hashable, int], int] = {}

    def count(self, state: S, depth: int) -> int:
        if depth == 0:
            return 1
        entry = (self.key(state), depth)
        found = self.table.get(entry)
        if found is not None:
            return found
        kids = self._expand(state)
        if depth == 1:
            total = len(kids)
        else:
            total = sum(self.count(child, depth - 1) for _, child in kids)
        self.table[entry] = total
        return total

    def divide(self, state: S, depth: int) -> list[tuple[str, int]]:
        if depth == 0:
            return []
        return [(text, self.count(child, depth - 1)) for text, child in self._expand(state)]

    def _expand(self, state: S) -> Sequence[tuple[str, S]]:
        self.expanded += 1
        if self.limit is not None and self.expanded > self.limit:
            raise PerftLimit(f"the count needs more than {self.limit} states: ask a smaller "
                             f"depth")
        return self.children(state)


def count(children: Children[S], key: Key[S], state: S, depth: int,
          limit: int | None = None) -> int:
    """The number of lines of exactly ``depth`` legal actions from ``state``."""
    return Counter(children, key, limit).count(state, check_depth(depth))


def divide(children: Children[S], key: Key[S], state: S, depth: int,
           limit: int | None = None) -> list[tuple[str, int]]:
    """Each first action's text with the lines of ``depth`` actions it begins (``[]`` at
    depth 0); the counts add up to :func:`count`'s."""
    return Counter(children, key, limit).divide(state, check_depth(depth))


def brute_count(children: Children[S], state: S, depth: int) -> int:
    """:func:`count` without the transposition table: every line walked (for small depths)."""
    if depth == 0:
        return 1
    return sum(brute_count(children, child, depth - 1) for _, child in children(state))


__all__ = ["MAX_DEPTH", "Children", "Counter", "Key", "PerftLimit", "brute_count",
           "check_depth", "count", "divide"]

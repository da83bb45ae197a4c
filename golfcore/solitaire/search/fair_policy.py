"""The non-peeking policy: a player who decides from what they have seen, never from the stock's
order. :mod:`~.fair_bracket` plays sampled orders with it, and its win rate is the lower side
of a fair chance's bracket.

**Honest.** The policy is given the information state only (a
:class:`~golfcore.solitaire.search.fair_search.Search` walked by the moves made and the cards turned
up): the sampled order is read by the sampler alone, one card per draw, after the policy chose
to draw (:func:`play_out`). So the policy's chance of winning is that of a player who cannot see
the stock: at most the fair chance (the best such player's), whatever its choices.

**The policy.** Once at most ``policy_unseen`` cards are unseen, it asks the exact search for
the best action with a budget of ``policy_states`` information states (at most once between two
draws); the search shares one memo across every decision and every sampled order. From the
first decision it answers, the policy is optimal for the rest of the game, and :func:`play_out`
stops there with the exact chance of that state. Before that, a one-step lookahead
(:func:`lookahead_move`): among the states a chain of plays can reach, stopping wherever a draw
is allowed, the one that maximises half the cards taken off now plus the expected length of the
chain after the next draw, leaving out those a bound proves lost. Weighing a card taken now at
half a card of the next chain makes it draw earlier, keeping free cards that may take the next
draws, as the exact search's choices often do (``docs/fair.md`` gives the measured shortfall).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from golfcore.solitaire.search.fair_search import Budget, Search
from golfcore.solitaire.search.fair_state import POW6
from golfcore.solitaire.moves import DRAW_MOVE, Move

#: The weight of a card taken off now against a card of the next chain, in the policy's
#: lookahead: drawing early to keep cards that may take the next draws often pays.
REMOVED_WEIGHT = 0.5


def chain_length(search: Search, w: int, memo: dict[tuple[int, int], int]) -> int:
    """The most cards a chain of plays can take off the tableau from the current heights with
    waste class ``w`` (memoised in ``memo`` on heights and waste: a function of the deal)."""
    key = (search.hcode, w)
    found = memo.get(key)
    if found is not None:
        return found
    allowed, columns, heights = search.t.allowed, search.columns, search.heights
    best = 0
    for i in range(7):
        h = heights[i]
        if h and allowed[columns[i][h - 1]][w]:
            heights[i] = h - 1
            search.hcode -= POW6[i]
            best = max(best, 1 + chain_length(search, columns[i][h - 1], memo))
            heights[i] = h
            search.hcode += POW6[i]
    memo[key] = best
    return best


def lookahead_move(search: Search, memo: dict[tuple[int, int], int]) -> Move:
    """The heuristic choice of the policy: among the states a chain of plays can reach
    (stopping anywhere the draw rule allows a draw), the one that maximises half the cards
    taken off now plus the expected length of the chain after the next draw (averaged over the
    unseen cards), leaving out the states a bound proves lost; its first move (the draw when
    the best is to draw now). Ties go to the first found: plays by taller column first, then
    stopping. A reachable empty tableau wins outright. Reads the information state only."""
    t = search.t
    allowed, columns, heights = t.allowed, search.columns, search.heights
    draws = [(c, k) for c, k in search.groups]
    n = search.unseen
    best: list[Any] = [None, None]       # (score, first move)
    seen: set[tuple[int, int]] = set()

    def visit(w: int, removed: int, first: Move | None) -> None:
        key = (search.hcode, w)
        if key in seen:
            return
        seen.add(key)
        score = -math.inf
        if not search.left:
            score = math.inf
        else:
            plays = [i for i in range(7)
                     if heights[i] and allowed[columns[i][heights[i] - 1]][w]]
            if n and search.draw_allowed(w, bool(plays)) and not search.draw_lost(w):
                score = (REMOVED_WEIGHT * removed
                         + sum(k * chain_length(search, c, memo) for c, k in draws) / n)
            plays.sort(key=lambda i: -heights[i])
            for i in plays:
                h, card, dead = search.try_play(i, w)
                if not dead:
                    visit(card, removed + 1, first or Move("play", i + 1))
                search.untry_play(i, h, card, w)
        if best[0] is None or score > best[0]:
            best[0], best[1] = score, first
    visit(search.waste, 0, None)
    legal = search.legal()
    move = best[1]
    if move is None:          # drawing now is best (or nothing better was found)
        return DRAW_MOVE if DRAW_MOVE in legal else legal[0]
    return move


class NonPeekingPolicy:
    """Chooses moves from the information state alone (see the module docstring): an exact
    search with a small budget when few enough cards are unseen, else the longest chain. An
    exact search is tried at most once between two draws: when it fails, the next try waits
    for a smaller stock."""

    def __init__(self, policy_states: int = 2000, policy_unseen: int = 8) -> None:
        self.policy_states = policy_states
        self.policy_unseen = policy_unseen
        self.exact_choices = 0
        self.greedy_choices = 0
        self.failed_at: int | None = None     # the stock size of the last failed search
        self.chains: dict[tuple[int, int], int] = {}    # chain lengths, by heights and waste

    def start(self) -> None:
        """A new game begins."""
        self.failed_at = None

    def exact(self, search: Search) -> tuple[Move | None, Any] | None:
        """The best action and its exact value, or ``None`` when not tried or not finished."""
        n = search.unseen
        if (self.policy_states <= 0 or n > self.policy_unseen
                or (self.failed_at is not None and n >= self.failed_at)):
            return None
        try:
            found = search.best(limit=self.policy_states)
        except Budget:
            self.failed_at = n
            return None
        self.exact_choices += 1
        return found


class Outcome(NamedTuple):
    """How :func:`play_out` ended: ``value`` is 1 for a game won, 0 for a game lost, or the
    exact chance of the state where the policy's exact search took over (``played`` false:
    the game stopped there); ``first`` is the first move made (or chosen there), ``moves``
    the moves made."""

    value: float
    played: bool
    first: Move | None
    moves: int = 0


def play_out(search: Search, policy: NonPeekingPolicy, order: Sequence[Any],
             first: Move | None = None) -> Outcome:
    """Play one game on from ``search``'s current state: the policy sees ``search`` only; the
    sampler turns up the cards of ``order`` one per draw, after the policy chose to draw.
    ``first``, when given, is made before the policy chooses (it must be legal: an analysis
    asks what an action was worth)."""
    forced = first
    first = None
    drawn = made = 0
    while True:
        legal = search.legal()
        if not legal:
            return Outcome(float(search.won()), True, first, made)
        if forced is not None:
            move, forced = forced, None
        elif len(legal) == 1:
            move = legal[0]
        else:
            found = policy.exact(search)
            if found is not None and found[0] is not None:
                return Outcome(float(found[1]), False, first or found[0], made)
            policy.greedy_choices += 1
            move = lookahead_move(search, policy.chains)
        if first is None:
            first = move
        made += 1
        if move.is_draw:
            search.draw(order[drawn])
            drawn += 1
        else:
            search.play(move.column)

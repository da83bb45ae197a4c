"""The Monte-Carlo fallback of :mod:`golfcore.solitaire.search.fair`, and its non-peeking policy.

When the exact search of a fair chance runs out of budget, :func:`estimate` samples orders of
the unseen cards (uniformly: a seeded shuffle of the stock's cards) and plays each with
:class:`NonPeekingPolicy`. The mean outcome estimates the policy's chance of winning, with a 95 %
Wilson interval.

**Honest.** The policy is given the information state only (a
:class:`~golfcore.solitaire.search.fair_search.Search` walked by the moves made and the cards turned
up): the sampled order is read by the sampler alone, one card per draw, after the policy chose
to draw. So the policy's expected outcome is the chance of winning of a player who cannot see
the stock: at most the fair chance (the best such player's), never the clairvoyant share that a
solver reading the order would give. The estimate errs low, and only where the policy's choices
are not optimal.

**The policy.** Once at most ``policy_unseen`` cards are unseen, it asks the exact search for
the best action with a budget of ``policy_states`` information states (at most once between two
draws); the search shares one memo across every decision and every sampled order. From the
first decision it answers, the policy is optimal for the rest of the game, and the sampled game
stops there with the exact chance of that state as its outcome (the expected result of playing
on: the mean is unchanged, the variance smaller). Before that, a one-step lookahead
(:func:`lookahead_move`): among the states a chain of plays can reach, stopping wherever a draw
is allowed, the one that maximises half the cards taken off now plus the expected length of the
chain after the next draw, leaving out those a bound proves lost. Weighing a card taken now at
half a card of the next chain makes it draw earlier, keeping free cards that may take the next
draws, as the exact search's choices often do (``docs/fair.md`` gives the measured shortfall).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from golfcore.solitaire.search.fair_search import Budget, FairProgress, Search
from golfcore.solitaire.search.fair_state import POW6
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position

#: z for the 95 % two-sided Wilson score interval.
Z95 = 1.959963984540054
#: The weight of a card taken off now against a card of the next chain, in the policy's
#: lookahead: drawing early to keep cards that may take the next draws often pays.
REMOVED_WEIGHT = 0.5


def wilson(wins: float, samples: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion: ``wins`` successes (or a sum of
    outcomes in [0, 1]) in ``samples`` trials; (0, 1) for no trial."""
    if samples <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / samples))
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * samples)) / (1 + z2 / samples)
    half = Z95 * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples)) / (
        1 + z2 / samples)
    return max(0.0, centre - half), min(1.0, centre + half)


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


@dataclass(frozen=True)
class Estimate:
    """What :func:`estimate` found over ``samples`` sampled orders: ``total`` is the sum of
    the policy's outcomes (1 a win, 0 a loss, or the exact chance of the state where the policy
    switched to exact play); ``low``, ``high`` is a 95 % interval of its chance; ``first`` is
    its first move from the position (``None`` when the game is over)."""

    total: float
    samples: int
    low: float
    high: float
    first: Move | None
    states: int
    exact_choices: int
    greedy_choices: int

    @property
    def value(self) -> float:
        return self.total / self.samples if self.samples else 0.0


def estimate(search: Search, position: Position, *, samples: int, seed: int,
             policy_states: int = 2000, policy_unseen: int = 8,
             deadline: float | None = None,
             progress: "Callable[[FairProgress], None] | None" = None) -> Estimate:
    """Play ``samples`` uniformly sampled orders of ``position``'s stock with the non-peeking
    policy, starting each from ``search``'s current state (which must be ``position``'s).

    Each order's outcome is 1 for a win and 0 for a loss, except that once the policy's exact
    search answers (from then on it plays optimally), the game stops there and its outcome is
    the exact chance of that state: the expected result of playing on, so the mean is
    unchanged and its variance smaller. The interval is Wilson's on the mean (conservative for
    outcomes in [0, 1], whose variance is at most that of a coin with the same mean).
    ``deadline`` (a ``time.perf_counter`` value) stops the sampling early, after at least one
    order. The order given in ``position.stock`` is never used, only its cards."""
    rng = random.Random(seed)
    cards = sorted(position.stock)
    policy = NonPeekingPolicy(policy_states, policy_unseen)
    root = search.snapshot()
    started = time.perf_counter()
    total = 0.0
    played = 0
    first: Move | None = None
    for _ in range(samples):
        if played and deadline is not None and time.perf_counter() > deadline:
            break
        order = list(cards)
        rng.shuffle(order)
        search.restore(root)
        policy.start()
        outcome, move = _play_out(search, policy, order)
        if first is None:
            first = move
        total += outcome
        played += 1
        if progress is not None:
            progress(FairProgress("estimate", search.count, time.perf_counter() - started,
                                  played, total))
    search.restore(root)
    low, high = wilson(total, played)
    return Estimate(total, played, low, high, first, search.count, policy.exact_choices,
                    policy.greedy_choices)


def _play_out(search: Search, policy: NonPeekingPolicy,
              order: list[Any]) -> tuple[float, Move | None]:
    """Play one game on: the policy sees ``search`` only; the sampler turns up the cards of
    ``order`` one per draw. Returns the outcome (see :func:`estimate`) and the first move."""
    first: Move | None = None
    drawn = 0
    while True:
        legal = search.legal()
        if not legal:
            return float(search.won()), first
        if len(legal) == 1:
            move = legal[0]
        else:
            found = policy.exact(search)
            if found is not None and found[0] is not None:
                if first is None:
                    first = found[0]
                return float(found[1]), first
            policy.greedy_choices += 1
            move = lookahead_move(search, policy.chains)
        if first is None:
            first = move
        if move.is_draw:
            search.draw(order[drawn])
            drawn += 1
        else:
            search.play(move.column)

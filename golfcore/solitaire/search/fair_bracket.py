"""The bracket of a fair chance: what is known about it when the exact search cannot finish.

When a budget stops the exact search (:mod:`~.fair_search`), golfcore does not guess a value. It
reports a **bracket** ``[low, high]`` built from bounds of two kinds:

* **proved**: what the exact search had proved about the position when it stopped
  (``Budget.root_low`` and ``Budget.root_high``; 0 and 1 when it had proved nothing). Certain.
* **sampled**, on ``samples`` orders of the stock drawn uniformly (a seeded shuffle):

  - the lower side: each order is played by the non-peeking policy (:mod:`~.fair_policy`),
    which decides from what it has seen only, so its chance of winning is at most the fair
    chance. Its wins give Clopper and Pearson's one-sided lower bound at level
    :data:`SIDE_ALPHA`;
  - the upper side: the *same* orders, each decided by the solver (:mod:`~.solver`), which reads
    the order: the share of orders a clairvoyant player wins is at least the fair chance. Its
    wins give the one-sided upper bound at level :data:`SIDE_ALPHA`. An order the solver does
    not decide within ``solver_positions`` counts as a win (the bound stays an upper bound).

Each sampled side is wrong with probability at most :data:`SIDE_ALPHA` (2.5 %), so both hold
with probability at least :data:`CONFIDENCE` (95 %), whatever ties them (they read the same
orders). The bracket is the intersection (:func:`combine`): the proved bounds always hold, and
a sampled bound that contradicts a proved one is known to be wrong and is dropped. When the
policy's own exact search (a budget of its own) answers at the position itself, its value is
proved, the bracket closes on it, and sampling stops.

Why the rate holds. Clopper and Pearson's bounds are exact for independent trials of one
chance p (no normal approximation), and remain valid when each trial's chance, given the ones
before, is at most p (the lower side) or at least p (the upper side): a coupling then makes the
wins no more (no fewer) than those of trials of chance p. That is the case here: the policy
learns from one game to the next (its exact search shares a memo across orders), but every
non-peeking policy wins with chance at most the fair chance. Each trial is a win or a loss:
where the policy's exact search takes over at a state of exact chance v, the game stops there
and counts as a win with probability v (a seeded coin), which is how playing on optimally would
end, in law. The rate assumes the number of orders is fixed in advance; a time cap on the
sampling (``deadline``) makes it depend on how long the orders took, which the rate does not
account for.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golfcore.runs.stats import binomial_lower, binomial_upper
from golfcore.solitaire import engine
from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.search.fair_policy import NonPeekingPolicy, play_out
from golfcore.solitaire.search.fair_search import FairProgress, Search
from golfcore.solitaire.search.solver import Solver, solver_for
from golfcore.solitaire.state import GameState

__all__ = ["BRACKET", "CONFIDENCE", "DEFAULT_SOLVER_POSITIONS", "SIDE_ALPHA", "Bracket",
           "combine", "sample_bracket"]

#: The phase of :class:`~.fair_search.FairProgress` while orders are sampled.
BRACKET = "bracket"
#: The rate at which a bracket holds the fair chance (its sampled sides; the proved ones always
#: hold).
CONFIDENCE = 0.95
#: The most each sampled side may be wrong with: half of what :data:`CONFIDENCE` leaves out.
SIDE_ALPHA = (1.0 - CONFIDENCE) / 2.0
#: The positions the solver may search to decide one sampled order for the upper side.
DEFAULT_SOLVER_POSITIONS = 200_000


@dataclass(frozen=True)
class Bracket:
    """What is known about a fair chance the exact search did not finish: it lies in
    ``[low, high]`` with probability at least ``confidence`` (see the module docstring).

    ``proved_low`` and ``proved_high`` are what the exact search proved (certain);
    ``sampled_low`` is the one-sided lower bound of the non-peeking policy's wins
    (``policy_wins`` of ``samples`` orders), ``sampled_high`` the one-sided upper bound of the
    orders the solver wins on the same orders (``clairvoyant_wins``, of which ``undecided``
    were not decided within its budget and counted as wins; ``None`` when the variant's
    outcome rule is not the standard one, which the solver assumes: then 1)."""

    low: float
    high: float
    proved_low: float
    proved_high: float
    sampled_low: float
    sampled_high: float
    samples: int
    policy_wins: int
    clairvoyant_wins: int | None
    undecided: int
    confidence: float = CONFIDENCE

    @classmethod
    def of(cls, proved_low: float, proved_high: float, samples: int, policy_wins: int,
           clairvoyant_wins: int | None, undecided: int = 0,
           confidence: float = CONFIDENCE) -> Bracket:
        """The bracket of these counts: the sampled bounds, each wrong with probability at
        most half of what ``confidence`` leaves out (:data:`SIDE_ALPHA` by default),
        intersected with the proved ones (:func:`combine`)."""
        alpha = (1.0 - confidence) / 2.0
        sampled_low = binomial_lower(policy_wins, samples, alpha) if samples else 0.0
        sampled_high = (binomial_upper(clairvoyant_wins, samples, alpha)
                        if samples and clairvoyant_wins is not None else 1.0)
        low, high = combine(proved_low, proved_high, sampled_low, sampled_high)
        return cls(low, high, proved_low, proved_high, sampled_low, sampled_high, samples,
                   policy_wins, clairvoyant_wins, undecided, confidence)

    def to_json(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "confidence": self.confidence,
                "proved": [self.proved_low, self.proved_high],
                "sampled": [self.sampled_low, self.sampled_high], "samples": self.samples,
                "policy_wins": self.policy_wins, "clairvoyant_wins": self.clairvoyant_wins,
                "undecided": self.undecided}


def combine(proved_low: float, proved_high: float, sampled_low: float,
            sampled_high: float) -> tuple[float, float]:
    """The intersection of proved bounds (certain) and sampled ones (each right at its rate):
    a sampled bound is used where it says more than the proved ones; one that falls outside
    ``[proved_low, proved_high]`` is known to be wrong and is dropped, and so are both when
    they contradict each other (a sampled low above the sampled high). The result holds
    whenever the sampled bounds it uses do."""
    low = sampled_low if proved_low <= sampled_low <= proved_high else proved_low
    high = sampled_high if proved_low <= sampled_high <= proved_high else proved_high
    low, high = max(low, proved_low), min(high, proved_high)
    if low > high:
        return proved_low, proved_high
    return low, high


@dataclass(frozen=True)
class Sampled:
    """What :func:`sample_bracket` counted: ``samples`` orders, ``policy_wins`` of them won by
    the non-peeking policy, ``clairvoyant_wins`` decided won by the solver (``None``: no
    solver), ``undecided`` of those not decided (counted as won); ``first`` the policy's first
    move; the policy's decisions by its exact search and by its lookahead."""

    samples: int
    policy_wins: int
    clairvoyant_wins: int | None
    undecided: int
    first: Move | None
    exact_choices: int
    greedy_choices: int
    root: float | None = None

    def bracket(self, proved_low: float = 0.0, proved_high: float = 1.0,
                confidence: float = CONFIDENCE) -> Bracket:
        """The bracket of these counts and what the caller proved; when the policy's exact
        search answered at the root itself (``root``), its value is proved too."""
        if self.root is not None:
            proved_low = proved_high = self.root
        return Bracket.of(proved_low, proved_high, self.samples, self.policy_wins,
                          self.clairvoyant_wins, self.undecided, confidence)


def sample_bracket(search: Search, rules: RuleSet, position: Position, *, samples: int,
                   seed: int, policy_states: int = 2000, policy_unseen: int = 8,
                   solver_positions: int = DEFAULT_SOLVER_POSITIONS,
                   deadline: float | None = None, first: Move | None = None,
                   progress: Callable[[FairProgress], None] | None = None) -> Sampled:
    """Sample ``samples`` orders of ``position``'s stock (seeded by ``seed``; the order given
    in ``position.stock`` is never used, only its cards), play each from ``search``'s current
    state (which must be ``position``'s) with the non-peeking policy, and decide each with the
    solver (unless the policy won it: then a clairvoyant wins it too). ``first``, when given,
    is the action both make first (the bracket is then that action's chance); otherwise every
    order starts with the move the policy chose first, so that the lower side bounds that
    move's chance too. ``deadline`` (a
    ``time.perf_counter`` value) stops the sampling early, after at least one order; the
    solver's search of the order being decided then stops too, and counts as undecided."""
    rng = random.Random(seed)
    coin = random.Random(f"{seed}:coin")
    cards = sorted(position.stock)
    policy = NonPeekingPolicy(policy_states, policy_unseen)
    solver = solver_for(rules) if search.t.bounds else None   # the solver's outcome: standard
    start = search.snapshot()
    started = time.perf_counter()
    played = wins = clairvoyant = undecided = 0
    first_move: Move | None = None
    root: float | None = None
    for _ in range(samples):
        if played and deadline is not None and time.perf_counter() > deadline:
            break
        order = list(cards)
        rng.shuffle(order)
        search.restore(start)
        policy.start()
        # every order starts with the first order's first move, so that the policy's chance
        # is also a lower bound on that move's chance (an analysis reads it so)
        outcome = play_out(search, policy, order, first or first_move)
        if first_move is None:
            first_move = outcome.first
        if not played and first is None and not outcome.played and not outcome.moves:
            root = outcome.value       # the policy's exact search answered at the root itself
        won = outcome.value >= 1.0 if outcome.played else coin.random() < outcome.value
        wins += won
        if solver is not None:
            if outcome.played and won:
                clairvoyant += 1
            else:
                verdict = _clairvoyant(solver, rules, position, order, first,
                                       solver_positions, deadline)
                clairvoyant += verdict is not False
                undecided += verdict is None
        played += 1
        if progress is not None:
            progress(FairProgress(BRACKET, search.count, time.perf_counter() - started,
                                  played, float(wins)))
        if root is not None:
            break                      # proved: sampling more would add nothing
    search.restore(start)
    return Sampled(played, wins, None if solver is None else clairvoyant, undecided,
                   first_move, policy.exact_choices, policy.greedy_choices, root)


def _clairvoyant(solver: Solver, rules: RuleSet, position: Position, order: list[Any],
                 first: Move | None, positions: int, deadline: float | None) -> bool | None:
    """Whether a player who knows ``order`` wins ``position`` (after ``first``, when given):
    the solver's verdict, ``None`` when its budget ran out."""
    start = Position(position.columns, tuple(order), position.waste)
    if first is not None:
        start = engine.apply(rules, GameState(start), first).state.position
    seconds = None if deadline is None else max(0.001, deadline - time.perf_counter())
    return solver.solve(start, best=False, limit=positions, seconds=seconds).winnable

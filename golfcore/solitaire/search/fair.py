"""The fair chance of a position: the probability that a perfect player who cannot see the stock
wins it.

A solver (:mod:`golfcore.solitaire.search.solver`) answers for a player who knows the order of the
stock. A person does not: they see the columns and the waste, and know *which* cards are in the
stock but not their order. The fair chance takes every order of those unseen cards as equally
likely and asks for the best that a player can do who decides on what they have seen only
(``docs/fair.md`` gives the definition with its formulas):

* a won position (the variant's outcome: the columns are empty) is worth 1, a lost one 0;
* otherwise the best, over the legal actions, of: for a play, the fair chance after it; for a
  draw, the average over the unseen cards of the fair chance with that card turned up.

:func:`fair_chance` computes it exactly (an expectimax over information states,
:mod:`golfcore.solitaire.search.fair_search`) within a budget of information states and seconds.
When the budget runs out it never guesses: it reports a **bracket**, a lower and an upper bound that
hold the fair chance together at a stated rate (95 %), made of what the exact search proved and of
bounds sampled on orders of the stock (:mod:`golfcore.solitaire.search.fair_bracket`). The answer
says which it is: ``method`` is ``"exact"`` or ``"bracket"``.

>>> from golfcore import Position
>>> position = Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C")
>>> result = fair_chance("cards4", position)
>>> result.method, result.value, str(result.best)
('exact', 0.5, 'draw')

(Won when the 8 comes first: 9 on the 8, then the 7 on the 6. When the 6 comes first, the 7 is
still under the 9 and the 6 is buried by the 8.)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from golfcore.errors import GolfError
from golfcore.notation import quote
from golfcore.solitaire import engine
from golfcore.solitaire.search.fair_bracket import (BRACKET, CONFIDENCE,
                                                   DEFAULT_SOLVER_POSITIONS, Bracket,
                                                   sample_bracket)
from golfcore.solitaire.search.fair_search import Budget, FairProgress, Search
from golfcore.solitaire.search.fair_tables import tables_for
from golfcore.solitaire.moves import Move
from golfcore.solitaire.observation import seen_position
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.state import GameState, Outcome

__all__ = ["EXACT", "BRACKET", "Bracket", "Budget", "FairProgress", "FairResult",
           "action_bracket", "action_chances", "proved_chance", "best_fair_move", "check_budget",
           "fair_chance", "DEFAULT_SAMPLES",
           "DEFAULT_POLICY_STATES", "DEFAULT_POLICY_UNSEEN", "DEFAULT_SOLVER_POSITIONS"]

#: ``FairResult.method`` of an exact value (a bracket's is :data:`BRACKET`, ``"bracket"``,
#: also the phase of its :class:`FairProgress`).
EXACT = "exact"
#: Orders a bracket samples unless told otherwise.
DEFAULT_SAMPLES = 400
#: The information states each of the non-peeking policy's decisions may search for an exact
#: answer.
DEFAULT_POLICY_STATES = 2000
#: The policy searches for an exact answer only with at most this many cards unseen.
DEFAULT_POLICY_UNSEEN = 8


@dataclass(frozen=True)
class FairResult:
    """A fair chance: exact, or a bracket.

    Exact (``method`` ``"exact"``): ``value`` is the fair chance and ``low`` = ``high`` =
    ``value``; ``best`` is an action that achieves it. A bracket (``method`` ``"bracket"``,
    when a cap stopped the exact search): ``value`` is ``None`` (no value is claimed), the fair
    chance lies in ``[low, high]`` with probability at least ``bracket.confidence`` (95 %), and
    ``bracket`` (:class:`~golfcore.solitaire.search.fair_bracket.Bracket`) says what it is made of:
    the bounds the exact search proved, the non-peeking policy's wins and the clairvoyant's on
    the same sampled orders; ``best`` is the policy's first move, ``stopped`` the cap that
    stopped the exact search (``"states"`` or ``"seconds"``). ``best`` is ``None`` when the
    game is over. ``states`` counts the information states searched, ``seconds`` the time
    spent; for a bracket, ``exact_states`` is the part of ``states`` the exact search visited
    before its cap stopped it (its ``--limit`` is checked as each state is counted, so it
    stops there), the rest being what the non-peeking policy searched to decide its moves on
    the sampled orders (up to ``policy_states`` a decision), which the cap does not bound;
    ``fraction`` is the exact value as a fraction when asked for (``fraction=True``);
    ``unseen`` is the number of cards in the stock; ``extra`` counts the policy's decisions made
    by its exact search (``exact_choices``) and by its lookahead (``greedy_choices``).
    """

    value: float | None
    exact: bool
    low: float
    high: float
    states: int
    seconds: float = field(compare=False)
    best: Move | None = None
    method: str = EXACT
    fraction: Fraction | None = None
    stopped: str | None = None
    bracket: Bracket | None = None
    unseen: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    exact_states: int | None = None

    @property
    def samples(self) -> int:
        """The orders a bracket sampled (0 when exact)."""
        return self.bracket.samples if self.bracket is not None else 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": self.value,
            "exact": self.exact,
            "method": self.method,
            "low": self.low,
            "high": self.high,
            "best": str(self.best) if self.best is not None else None,
            "states": self.states,
            "seconds": round(self.seconds, 6),
            "unseen": self.unseen,
        }
        if self.fraction is not None:
            out["fraction"] = f"{self.fraction.numerator}/{self.fraction.denominator}"
        if self.bracket is not None:
            exact = self.states if self.exact_states is None else self.exact_states
            out.update(stopped=self.stopped, bracket=self.bracket.to_json(),
                       exact_states=exact, sampling_states=self.states - exact)
        return out


def fair_chance(rules: RuleSet | str, position: Position | GameState, *,
                states: int | None = None, seconds: float | None = None,
                samples: int = DEFAULT_SAMPLES, seed: int = 1,
                policy_states: int = DEFAULT_POLICY_STATES,
                policy_unseen: int = DEFAULT_POLICY_UNSEEN,
                solver_positions: int = DEFAULT_SOLVER_POSITIONS,
                bracket_seconds: float | None = None, confidence: float = CONFIDENCE,
                fraction: bool = False,
                progress: Callable[[FairProgress], None] | None = None) -> FairResult:
    """The fair chance of ``position`` (or of a game state's position) under ``rules``.

    The exact search runs first, capped by ``states`` (information states) and ``seconds``
    (both ``None``: no cap, and the answer is always exact). When a cap stops it, the answer is
    a bracket (:mod:`~golfcore.solitaire.search.fair_bracket`): ``samples`` orders of the stock
    (seeded by ``seed``: the same call gives the same answer, unless time caps cut a search at
    a different point, since the policy reuses what the exact search left in its memo), each
    played by the non-peeking policy, whose decisions may each search ``policy_states``
    information states for an exact answer once at most ``policy_unseen`` cards are unseen
    (``policy_states=0``: never), and decided by the solver within ``solver_positions``
    positions; ``bracket_seconds`` stops the sampling early (after at least one order); the
    bracket holds the fair chance with probability at least ``confidence``. With
    ``fraction`` the exact search counts in :class:`fractions.Fraction` (slower) and the result
    carries the exact ``fraction``. ``progress`` hears from both phases
    (:class:`FairProgress`: ``"exact"``, then ``"bracket"``).

    Only what the player sees is read (:func:`~golfcore.solitaire.observation.seen_position`): the
    *cards* of the stock, never their order. Raises
    :class:`~golfcore.errors.PositionError` for a position the variant cannot have and
    :class:`~golfcore.errors.GolfError` for a budget that means nothing.
    """
    rule_set_ = rules if isinstance(rules, RuleSet) else rule_set(rules)
    check_budget(states, seconds, samples, policy_states, bracket_seconds, policy_unseen,
                 solver_positions, confidence)
    position = _seen(rule_set_, position)
    started = time.perf_counter()
    result = engine.outcome(rule_set_, GameState(position))
    if result is not Outcome.PLAYING:
        value = 1 if result is Outcome.WON else 0
        return FairResult(float(value), True, float(value), float(value), 0, 0.0, None, EXACT,
                          Fraction(value) if fraction else None, unseen=len(position.stock))
    search = Search(tables_for(rule_set_), position, exact_fraction=fraction)
    deadline = None if seconds is None else started + seconds
    try:
        move, value = search.best(limit=states, deadline=deadline, progress=progress)
    except Budget as stop:
        stopped = stop.what
        exact_states = search.count
        # what the exact search proved before it stopped (0 and 1 when nothing)
        proved = (stop.root_low, stop.root_high)
    else:
        exact_value = Fraction(value) if fraction else None
        v = float(value)
        return FairResult(v, True, v, v, search.count, time.perf_counter() - started, move,
                          EXACT, exact_value, unseen=len(position.stock))
    sample_deadline = (None if bracket_seconds is None
                       else time.perf_counter() + bracket_seconds)
    found = sample_bracket(search, rule_set_, position, samples=samples, seed=seed,
                           policy_states=policy_states, policy_unseen=policy_unseen,
                           solver_positions=solver_positions, deadline=sample_deadline,
                           progress=progress)
    bracket = found.bracket(*proved, confidence)
    return FairResult(None, False, bracket.low, bracket.high, search.count,
                      time.perf_counter() - started, found.first, BRACKET, None, stopped,
                      bracket, len(position.stock),
                      {"exact_choices": found.exact_choices,
                       "greedy_choices": found.greedy_choices}, exact_states)


def best_fair_move(rules: RuleSet | str, position: Position | GameState,
                   **options: Any) -> Move | None:
    """The action that maximises the fair chance (:func:`fair_chance`'s ``best``, with the same
    options); ``None`` when the game is over. It never reads the order of the stock."""
    return fair_chance(rules, position, **options).best


def action_chances(rules: RuleSet | str, position: Position | GameState, *,
                   states: int | None = None, seconds: float | None = None,
                   fraction: bool = False,
                   progress: Callable[[FairProgress], None] | None = None,
                   ) -> list[tuple[Move, float]]:
    """Every legal action with its exact fair chance (plays by column, then the draw), for an
    analysis that shows what each choice was worth; empty when the game is over. Raises
    :class:`Budget` (its ``what`` names the cap) when a cap stops the search: there is no
    bracket per action."""
    rule_set_ = rules if isinstance(rules, RuleSet) else rule_set(rules)
    check_budget(states, seconds, 1, 0, None)
    position = _seen(rule_set_, position)
    if engine.outcome(rule_set_, GameState(position)) is not Outcome.PLAYING:
        return []
    search = Search(tables_for(rule_set_), position, exact_fraction=fraction)
    deadline = None if seconds is None else time.perf_counter() + seconds
    return [(move, float(v)) for move, v in
            search.action_values(limit=states, deadline=deadline, progress=progress)]


def proved_chance(rules: RuleSet | str, position: Position | GameState, *,
                  states: int | None = None, seconds: float | None = None,
                  progress: Callable[[FairProgress], None] | None = None
                  ) -> tuple[float, float]:
    """What the exact search proves about the fair chance of ``position`` within ``states``
    and ``seconds``, sampling nothing: ``(value, value)`` when it finishes, else the bounds it
    had proved when the cap stopped it (``(0.0, 1.0)`` at worst). Certain, not statistical."""
    rule_set_ = rules if isinstance(rules, RuleSet) else rule_set(rules)
    check_budget(states, seconds, 1, 0, None)
    position = _seen(rule_set_, position)
    result = engine.outcome(rule_set_, GameState(position))
    if result is not Outcome.PLAYING:
        return (1.0, 1.0) if result is Outcome.WON else (0.0, 0.0)
    search = Search(tables_for(rule_set_), position)
    deadline = None if seconds is None else time.perf_counter() + seconds
    try:
        value = float(search.best(limit=states, deadline=deadline, progress=progress)[1])
    except Budget as stop:
        return stop.root_low, stop.root_high
    return value, value


def action_bracket(rules: RuleSet | str, position: Position | GameState, action: Move, *,
                   proved_low: float = 0.0, proved_high: float = 1.0,
                   samples: int = DEFAULT_SAMPLES, seed: int = 1,
                   policy_states: int = DEFAULT_POLICY_STATES,
                   policy_unseen: int = DEFAULT_POLICY_UNSEEN,
                   solver_positions: int = DEFAULT_SOLVER_POSITIONS,
                   bracket_seconds: float | None = None, confidence: float = CONFIDENCE,
                   progress: Callable[[FairProgress], None] | None = None) -> Bracket:
    """The bracket of the chance of making ``action`` (a legal action) first at ``position``:
    sampled orders, each played by the non-peeking policy after ``action`` and decided by the
    solver after it, intersected with what the caller proved (``proved_low``,
    ``proved_high``). Options as for :func:`fair_chance`; no exact search is made."""
    rule_set_ = rules if isinstance(rules, RuleSet) else rule_set(rules)
    check_budget(None, None, samples, policy_states, bracket_seconds, policy_unseen,
                 solver_positions, confidence)
    position = _seen(rule_set_, position)
    if action not in engine.legal_moves(rule_set_, GameState(position)):
        raise GolfError(f"{action} is not a legal action here")
    search = Search(tables_for(rule_set_), position)
    deadline = None if bracket_seconds is None else time.perf_counter() + bracket_seconds
    found = sample_bracket(search, rule_set_, position, samples=samples, seed=seed,
                           policy_states=policy_states, policy_unseen=policy_unseen,
                           solver_positions=solver_positions, deadline=deadline,
                           first=action, progress=progress)
    return found.bracket(proved_low, proved_high, confidence)



def _seen(rules: RuleSet, position: Position | GameState) -> Position:
    """What the player of ``position`` sees, as a position with the stock's cards in sorted
    order (:func:`~golfcore.solitaire.observation.seen_position`): the searches read nothing else.
    Raises :class:`~golfcore.errors.PositionError` for a position ``rules`` cannot have."""
    if isinstance(position, GameState):
        position = position.position
    engine.check_position(rules, position)
    return seen_position(position).position()

def check_budget(states: int | None, seconds: float | None, samples: int, policy_states: int,
                 bracket_seconds: float | None, policy_unseen: int = 0,
                 solver_positions: int = 1, confidence: float = CONFIDENCE) -> None:
    """Raise :class:`~golfcore.errors.GolfError` naming the first budget that means nothing
    (the checks :func:`fair_chance` makes): ``states``, ``samples``, ``policy_states`` and
    ``policy_unseen`` whole numbers (``states`` may be ``None``), ``solver_positions`` one
    above 0, the seconds finite and above 0 or ``None``, ``confidence`` strictly between 0
    and 1."""
    for name, value, low in (("states", states, 1), ("samples", samples, 1),
                             ("policy_states", policy_states, 0),
                             ("policy_unseen", policy_unseen, 0),
                             ("solver_positions", solver_positions, 1)):
        if value is None and name == "states":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise GolfError(f"{name} must be a whole number >= {low}, got {quote(value)}")
    for name, secs in (("seconds", seconds), ("bracket_seconds", bracket_seconds)):
        if secs is not None and (isinstance(secs, bool) or not isinstance(secs, (int, float))
                                 or not math.isfinite(secs) or secs <= 0):
            raise GolfError(f"{name} must be a finite number of seconds > 0, got "
                            f"{quote(secs)}")
    if (isinstance(confidence, bool) or not isinstance(confidence, (int, float))
            or not 0 < confidence < 1):
        raise GolfError(f"confidence must be a number between 0 and 1 (not either), got "
                        f"{quote(confidence)}")

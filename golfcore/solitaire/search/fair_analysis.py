"""Post-game analysis by the fair chance: what each move of a played game was worth to a player
who cannot see the stock.

:func:`fair_analyse` replays moves from a starting state (as
:func:`~golfcore.solitaire.search.analysis.analyse` does, refusing what it refuses) and, before the
first move and after each one, computes the fair chance of the position
(:func:`~golfcore.solitaire.search.fair.fair_chance`). Each move is judged at the position where it
was chosen: the chance of the action chosen against the chance of the best action there. The
difference, the move's **loss**, is what a perfect player who cannot see the stock would not
have given away. A draw's chance is the average over the cards it may turn up, so bad luck on a
draw is no loss and good luck does not excuse a bad draw: only the choices are judged. The moves
with the largest losses are the *mistakes*.

The chance of the action chosen: the position's own chance when it is the best action (the one
:func:`~golfcore.solitaire.search.fair.fair_chance` names); for another play, the chance of the
position it led to (the next step's); for another draw, from every action's exact chance
(:func:`~golfcore.solitaire.search.fair.action_chances`) when that fits the budget, else by
*strata*: each card the stock may turn up, weighted by how many of it are unseen, with the budget
and the orders shared out among them (at least one order each).

Each search is capped by ``states`` information states and ``seconds``; a position whose exact
search is capped gets a **bracket** (:mod:`~golfcore.solitaire.search.fair_bracket`: bounds that
hold the fair chance at 95 %), and the step says so (``exact`` false):

* the best action is then the non-peeking policy's first move; its chance is bracketed by the
  policy's sampled lower bound and the position's upper bound, so even following it may have
  lost up to the width between them;
* a draw's chance is exact when every card it may turn up has an exact chance; else its bracket
  is that of sampled orders that all start with the draw, intersected with what the strata
  proved (their weighted exact values and bounds);
* a loss is the difference of two chances (never below 0) and, where either is a bracket, the
  widest the two brackets allow; it counts as a mistake only when its lower end is above 0.
  Each bracket holds at 95 %, so a loss from two brackets holds at 90 % at least.

Under ``cards4``, with 6♣ free over 9♠, 5♥ on the waste and 7♦ and 8♥ in the stock, playing
the 6 first always wins; drawing first wins only when the 7 comes first (then the 6 goes on
the 7, and the 9 on the 8). Here the 7 did come first, so the draw was lucky, and still a
mistake:

>>> from golfcore.solitaire import engine
>>> from golfcore.solitaire.position import Position
>>> from golfcore.solitaire.rules import rule_set
>>> rules = rule_set("cards4")
>>> start = engine.start_position(rules, Position.build([["9S", "6C"]], ["7D", "8H"], "5H"))
>>> report = fair_analyse(rules, start, ["draw", "1", "draw", "1"])
>>> [step.chance.value for step in report.steps]
[1.0, 1.0, 1.0, 1.0, 1.0]
>>> [(step.index, str(step.best), step.chosen.value, step.loss.value) for step in report.mistakes]
[(1, '1', 0.5, 0.5)]
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.search.analysis import replay
from golfcore.solitaire.search.fair import (BRACKET, DEFAULT_SAMPLES, EXACT, Budget,
                                            FairProgress, FairResult, action_bracket,
                                            action_chances, check_budget, fair_chance,
                                            proved_chance)
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.state import GameState

__all__ = ["Chance", "FairAnalysis", "FairStep", "fair_analyse", "MISTAKES_SHOWN"]

#: The most mistakes :attr:`FairAnalysis.mistakes` names.
MISTAKES_SHOWN = 3
#: Below this an exact loss is rounding, not a mistake.
EPSILON = 1e-9


@dataclass(frozen=True)
class Chance:
    """A fair chance: exact (``low`` = ``high``, its ``value``), or a bracket ``low``-``high``
    (``value`` ``None``: no value is claimed)."""

    low: float
    high: float
    exact: bool

    @classmethod
    def exactly(cls, value: float) -> Chance:
        return cls(value, value, True)

    @property
    def value(self) -> float | None:
        return self.low if self.exact else None

    @property
    def method(self) -> str:
        return EXACT if self.exact else BRACKET

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "exact": self.exact, "method": self.method,
                "low": self.low, "high": self.high}


@dataclass(frozen=True)
class FairStep:
    """One point of the game: before the first move (``index`` 0) or after move ``index``.

    ``move``: the move as given, ``played``: what it did (``"4"``, ``"draw"``), ``card``: the card
    it moved (``None`` at step 0). ``chance``: the fair chance of the position reached. For a
    move (``index`` >= 1), judged at the position where it was chosen: ``best``, the best action
    there (the move played when it was as good as any; the non-peeking policy's first move for
    a bracket), ``best_chance`` the chance of that position (the
    chance of that position), ``chosen`` the chance of the action played, and ``loss`` the
    difference (``None`` at step 0). ``seconds``: what searching this step's position (and
    judging its move) cost.
    """

    index: int
    move: str | None
    played: str | None
    card: Card | None
    chance: Chance
    best: Move | None = None
    best_chance: Chance | None = None
    chosen: Chance | None = None
    loss: Chance | None = None
    seconds: float = 0.0

    @property
    def is_mistake(self) -> bool:
        """Whether the move gave away some of the fair chance: an exact loss above rounding, or
        a bracketed loss whose lower end is above 0."""
        return self.loss is not None and self.loss.low > EPSILON

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "move": self.move, "played": self.played,
            "card": str(self.card) if self.card is not None else None,
            "chance": self.chance.to_json(),
            "best": str(self.best) if self.best is not None else None,
            "best_chance": self.best_chance.to_json() if self.best_chance else None,
            "chosen": self.chosen.to_json() if self.chosen else None,
            "loss": self.loss.to_json() if self.loss else None,
            "mistake": self.is_mistake,
            "seconds": round(self.seconds, 6),
        }


@dataclass(frozen=True)
class FairAnalysis:
    """The steps of a replayed game judged by the fair chance."""

    variant: str
    steps: tuple[FairStep, ...]

    @property
    def exact(self) -> bool:
        """Whether every chance and loss is exact (no bracket)."""
        return all(step.chance.exact and (step.loss is None or step.loss.exact)
                   for step in self.steps)

    @property
    def mistakes(self) -> list[FairStep]:
        """The moves that lost the most of the fair chance, largest loss first (a bracket by its
        lower end; ties: earlier first), at most :data:`MISTAKES_SHOWN`."""
        found = [step for step in self.steps if step.is_mistake]
        found.sort(key=lambda step: (-(step.loss.low if step.loss else 0.0), step.index))
        return found[:MISTAKES_SHOWN]

    @property
    def seconds(self) -> float:
        return sum(step.seconds for step in self.steps)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "exact": self.exact,
            "steps": [step.to_json() for step in self.steps],
            "mistakes": [{"index": step.index, "move": step.move,
                          "best": str(step.best) if step.best is not None else None,
                          "loss": step.loss.to_json() if step.loss else None}
                         for step in self.mistakes],
            "seconds": round(self.seconds, 6),
        }


def _action(move: Move | None) -> Move | None:
    """A played move as the fair search names actions: a draw, or a column (no row)."""
    if move is None or move.is_draw:
        return move
    return Move.play(move.column)


def fair_analyse(rules: RuleSet, start_state: GameState, moves: Sequence[str | Move | Card], *,
                 states: int | None = None, seconds: float | None = None,
                 samples: int = DEFAULT_SAMPLES, seed: int = 1,
                 progress: Callable[[int, int, FairProgress | None], None] | None = None,
                 ) -> FairAnalysis:
    """Replay ``moves`` from ``start_state`` and judge each by the fair chance (see the module
    docstring). Raises :class:`~golfcore.solitaire.search.analysis.AnalysisError` for a move that
    cannot be read or is refused, before any search, and
    :class:`~golfcore.errors.GolfError` for a budget that means nothing.

    ``states`` and ``seconds`` cap each exact search (both ``None``: no cap, every answer
    exact); a bracket samples ``samples`` orders (seeded by ``seed``), for at most ``seconds``
    when given. ``progress`` is called with ``(position, positions, report)`` when the search of
    a position starts (``report`` ``None``; positions are counted from 0, the start) and with
    each :class:`~golfcore.solitaire.search.fair.FairProgress` of its searches."""
    replayed = replay(rules, start_state, moves)
    check_budget(states, seconds, samples, 0, None)
    positions = [start_state.position] + [result.state.position for _, result in replayed]
    total = len(positions)
    options: dict[str, Any] = {"states": states, "seconds": seconds, "samples": samples,
                               "seed": seed, "bracket_seconds": seconds}

    def reporter(index: int) -> Callable[[FairProgress], None] | None:
        if progress is None:
            return None
        callback = progress
        callback(index, total, None)
        return lambda at: callback(index, total, at)

    before = fair_chance(rules, positions[0], progress=reporter(0), **options)
    steps = [FairStep(0, None, None, None, _chance(before), seconds=before.seconds)]
    for index, (text, result) in enumerate(replayed, start=1):
        report = reporter(index)
        after = fair_chance(rules, positions[index], progress=report, **options)
        action = _action(result.move)
        started = time.perf_counter()
        chosen, best = _chosen(rules, positions[index - 1], action, before, after, options,
                               report)
        loss = _loss(_chance(before), chosen)
        steps.append(FairStep(
            index, text, str(result.move) if result.move is not None else None, result.card,
            _chance(after), best, _chance(before), chosen, loss,
            after.seconds + time.perf_counter() - started))
        before = after
    return FairAnalysis(rules.name, tuple(steps))


def _chance(result: FairResult) -> Chance:
    return Chance(result.low, result.high, result.exact)


def _chosen(rules: RuleSet, position: Position, action: Move | None, before: FairResult,
            after: FairResult, options: dict[str, Any],
            progress: Callable[[FairProgress], None] | None) -> tuple[Chance, Move | None]:
    """The chance of ``action`` at ``position`` (whose fair chance is ``before``; ``after`` is
    that of the position it led to), and the best action to name there: ``action`` itself when
    it is known to be as good as any."""
    if action == before.best:
        if before.bracket is None:
            return _chance(before), action
        # the policy's first move: at least the policy's chance (its sampled lower bound,
        # unless a proof contradicts it), at most the position's chance
        low = before.bracket.sampled_low
        return Chance(low if low <= before.high else 0.0, before.high, False), action
    if action is not None and not action.is_draw:
        chosen = _chance(after)                      # a play leads to one position: the next
    else:
        chosen = _draw_chance(rules, position, before, options, progress)
    tie = chosen.exact and before.exact and chosen.low >= before.low - EPSILON
    return chosen, action if tie else before.best


def _draw_chance(rules: RuleSet, position: Position, before: FairResult,
                 options: dict[str, Any],
                 progress: Callable[[FairProgress], None] | None) -> Chance:
    """The chance of drawing at ``position``: exact from every action's chance when the
    position was searched exactly and the draw's search fits the budget too; else by strata,
    each card the stock may turn up weighted by how many of it are unseen, the budget shared
    out among them: exact when every stratum is, else the bracket of orders that all start
    with the draw, intersected with the strata's weighted bounds (proved or exact)."""
    if before.exact:
        try:
            chances = action_chances(rules, position, states=options["states"],
                                     seconds=options["seconds"], progress=progress)
        except Budget:
            pass
        else:
            return Chance.exactly(dict(chances)[DRAW_MOVE])
    counts = Counter(position.stock)
    unseen = len(position.stock)
    strata = len(counts)
    states = None if options["states"] is None else max(1, options["states"] // strata)
    seconds = None if options["seconds"] is None else options["seconds"] / strata
    low = high = 0.0
    exact = True
    for card, count in sorted(counts.items()):
        rest = list(position.stock)
        rest.remove(card)
        drawn = Position(position.columns, tuple(rest), position.waste + (card,))
        found = proved_chance(rules, drawn, states=states, seconds=seconds, progress=progress)
        low += count / unseen * found[0]
        high += count / unseen * found[1]
        exact = exact and found[0] == found[1]
    if exact:
        return Chance.exactly(low)
    bracket = action_bracket(rules, position, DRAW_MOVE, proved_low=low, proved_high=high,
                             samples=options["samples"], seed=options["seed"],
                             bracket_seconds=options["bracket_seconds"], progress=progress)
    return Chance(bracket.low, bracket.high, False)


def _loss(best: Chance, chosen: Chance) -> Chance:
    """What choosing ``chosen`` over the best action gave away: never below 0; exact when both
    are, else the widest the two brackets allow."""
    if best.exact and chosen.exact:
        return Chance.exactly(max(0.0, best.low - chosen.low))
    return Chance(max(0.0, best.low - chosen.high), max(0.0, best.high - chosen.low), False)

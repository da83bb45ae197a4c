"""Post-game analysis: replay a game and ask the solver, at every step, what was still possible.

:func:`analyse` replays moves from a starting state and, before the first move and after each
one, asks :mod:`golfcore.solitaire.search.solver` whether the deal can still be won and what the
best result still reachable is (cards removed over the whole game, and the variant's score). The
move after which the deal could no longer be won is the *first losing move*.

>>> from golfcore.solitaire import engine
>>> from golfcore.solitaire.rules import rule_set
>>> rules = rule_set("app-facil")
>>> report = analyse(rules, engine.start_deal(rules, 2), ["3", "draw"])
>>> report.verdict, report.first_losing_move
('never-lost', None)

Moves are what ``golf play`` reads: a column number (``"5"``), a touch (``"1.4"``, refused as
blocked unless it is the free card), ``"draw"``, a card in any notation (``"9C"``,
``"9 de tréboles"``), or :class:`~golfcore.solitaire.moves.Move` and
:class:`~golfcore.cards.Card` values. Undo is not accepted: give the moves the game kept. Every move
is checked before the solver runs, so a refused move fails fast with :class:`AnalysisError` naming
its index, the move and the reason.

The solver is asked once per step, except where the game follows the line the solver found at
the step before: the rest of that line is still a best line, so the step inherits its answer
without a search (``searched`` is false).

Long analyses can be bounded: ``limit`` caps the positions searched and ``seconds`` the time
spent, over the whole analysis. A step whose search was stopped (or never started, the budget
being spent) is not *complete* and its ``winnable`` is ``None`` unless it can be proved anyway:
a step after which the deal is still winnable was winnable before, and a step after a lost one
is lost. The verdict is then :data:`UNKNOWN` unless the known steps decide it; an analysis
never reports a verdict its searches did not prove.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from golfcore._wording import plural
from golfcore.solitaire import engine
from golfcore.cards import Card
from golfcore.errors import CardError, GolfError
from golfcore.solitaire.moves import Move, MoveError
from golfcore.notation import parse_card
from golfcore.solitaire.position import TABLEAU_CARDS
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import RESULT, Score
from golfcore.solitaire.search.solver import SearchProgress, SolveResult, check_limits, solver_for
from golfcore.solitaire.state import GameState, Outcome

#: The verdicts of an analysis: lost after a given move, never lost, never winnable, unknown
#: (a search ran out of budget).
LOST_AFTER = "lost-after-move"
NEVER_LOST = "never-lost"
NEVER_WINNABLE = "never-winnable"
UNKNOWN = "unknown"

#: The words that undo the move before, in English and Spanish, among an analysis's moves.
UNDO_WORDS = ("undo", "deshacer")


class AnalysisError(GolfError):
    """A move that cannot be replayed: ``index`` (1-based), ``move`` as given, ``reason`` (a
    reason code such as ``not-adjacent``, or ``not-a-move``), ``messages`` (``es`` and ``en``:
    the rule's messages for a refused move, else what is wrong, in both languages); ``card``: the
    card a refused move would have moved, when the rules refused it (else ``None``)."""

    def __init__(self, message: str, index: int, move: str, reason: str,
                 messages: dict[str, str] | None = None, card: str | None = None) -> None:
        super().__init__(message)
        self.card = card
        self.index = index
        self.move = move
        self.reason = reason
        self.messages = dict(messages) if messages else {"es": message, "en": message}


@dataclass(frozen=True)
class Step:
    """One point of the game: before the first move (``index`` 0) or after move ``index``.

    ``move``: the move as given (``None`` at step 0); ``played``: what it did (``"4"``,
    ``"draw"``), ``card``: the card it moved. ``winnable``: whether the columns can still be
    emptied from here, ``None`` when a limit stopped the search before an answer (see
    ``complete``). ``best_removed``: tableau cards removed over the *whole game* in the
    best result still reachable, counting the cards already played (a position's missing
    tableau cards count as played, as the scoring rules count them); ``best_score`` and
    ``best_outcome``: that result's score and outcome. ``line``: moves from here reaching it (a
    winning line when winnable). ``searched``: whether the solver searched this step (false when
    the game followed the line found at the step before); ``visited`` and ``seconds`` measure
    that search. ``complete``: whether this step's answer is the solver's full answer (false
    when the analysis's ``limit`` or ``seconds`` stopped or skipped its search: ``best_*`` and
    ``line`` are then only the best found).
    """

    index: int
    move: str | None
    played: str | None
    card: Card | None
    tableau: int
    winnable: bool | None
    best_removed: int
    best_score: Score | None
    best_outcome: Outcome
    line: tuple[Move, ...]
    searched: bool
    visited: int
    seconds: float
    complete: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "move": self.move,
            "played": self.played,
            "card": str(self.card) if self.card is not None else None,
            "tableau": self.tableau,
            "winnable": self.winnable,
            "best": {"removed": self.best_removed, "outcome": self.best_outcome.value,
                     "score": self.best_score.to_json() if self.best_score else None},
            "line": [str(m) for m in self.line],
            "searched": self.searched,
            "visited": self.visited,
            "seconds": round(self.seconds, 6),
            "complete": self.complete,
        }


@dataclass(frozen=True)
class Analysis:
    """The steps of a replayed game and the verdict.

    ``first_losing_move``: ``(index, move text)`` of the first move after which the deal could
    no longer be won; ``None`` when the win was never lost, the deal was never winnable, or a
    limit stopped the searches before that could be known: :attr:`verdict` tells them apart
    (:data:`LOST_AFTER`, :data:`NEVER_LOST`, :data:`NEVER_WINNABLE`, :data:`UNKNOWN`).
    """

    variant: str
    steps: tuple[Step, ...]
    first_losing_move: tuple[int, str] | None

    @property
    def winnable_at_start(self) -> bool | None:
        return self.steps[0].winnable

    @property
    def complete(self) -> bool:
        """Whether every step's search finished (no limit stopped any)."""
        return all(step.complete for step in self.steps)

    @property
    def verdict(self) -> str:
        if self.winnable_at_start is False:
            return NEVER_WINNABLE
        if self.first_losing_move is not None:
            return LOST_AFTER
        if any(step.winnable is None for step in self.steps):
            return UNKNOWN
        return NEVER_LOST

    def verdict_text(self) -> str:
        """One line for people."""
        if self.first_losing_move is not None:
            index, move = self.first_losing_move
            return f"the deal could no longer be won after move {index} ({move})"
        if self.verdict == NEVER_WINNABLE:
            return "the deal was never winnable"
        if self.verdict == UNKNOWN:
            return "unknown: the search limit was reached before an answer"
        return "the win was never lost"

    @property
    def seconds(self) -> float:
        return sum(step.seconds for step in self.steps)

    def to_json(self) -> dict[str, Any]:
        losing = None
        if self.first_losing_move is not None:
            losing = {"index": self.first_losing_move[0], "move": self.first_losing_move[1]}
        return {
            "variant": self.variant,
            "verdict": self.verdict,
            "verdict_text": self.verdict_text(),
            "complete": self.complete,
            "first_losing_move": losing,
            "steps": [step.to_json() for step in self.steps],
            "seconds": round(self.seconds, 6),
        }


def _text(move: str | Move | Card) -> str:
    return str(move) if not isinstance(move, str) else move


def _apply(rules: RuleSet, state: GameState, move: str | Move | Card,
           index: int) -> engine.ActionResult:
    """Apply one move as ``golf play`` reads it; raise :class:`AnalysisError` when it cannot be
    read or is refused."""
    text = _text(move)
    if isinstance(move, Move):
        result = engine.apply(rules, state, move)
    elif isinstance(move, Card):
        result = engine.play_card(rules, state, move)
    elif not isinstance(move, str):
        en = f"move {index} {move!r} is not a move"
        raise AnalysisError(en, index, repr(move), "not-a-move",
                            {"es": f"la jugada {index} {move!r} no es una jugada", "en": en})
    elif move.strip().lower() in UNDO_WORDS:
        en = (f"move {index} {move!r}: undo is not accepted in an analysis; give the moves the "
              f"game kept")
        raise AnalysisError(en, index, move, "undo", {
            "es": f"jugada {index} {move!r}: deshacer no se acepta en un análisis; da las "
                  f"jugadas que la partida conservó", "en": en})
    else:
        try:
            result = engine.apply(rules, state, Move.parse(move))
        except MoveError:
            try:
                card = parse_card(move)
            except CardError:
                en = (f"move {index} {move!r} is not a move: expected a column number such as "
                      f"'5', a column and row such as '1.4', 'draw', or a card such as '9C' or "
                      f"'9 de tréboles'")
                raise AnalysisError(en, index, move, "not-a-move", {
                    "es": f"la jugada {index} {move!r} no es una jugada: se espera un número "
                          f"de columna como '5', una columna y fila como '1.4', 'draw' o una "
                          f"carta como '9C' o '9 de tréboles'", "en": en}) from None
            result = engine.play_card(rules, state, card)
    if not result.accepted:
        shown = (f" ({result.card})" if result.card is not None and str(result.card) != text
                 else "")
        message = result.messages.get("en", result.reason)
        raise AnalysisError(f"move {index} {text!r}{shown} refused: {result.reason} "
                            f"({message})", index, text, result.reason or "refused",
                            dict(result.messages),
                            card=None if result.card is None else str(result.card))
    return result


def replay(rules: RuleSet, start_state: GameState,
           moves: Iterable[str | Move | Card]) -> list[tuple[str, engine.ActionResult]]:
    """Apply ``moves`` in order; the accepted results, or :class:`AnalysisError` at the first
    move that cannot be read or is refused."""
    state = start_state
    out = []
    for index, move in enumerate(moves, start=1):
        result = _apply(rules, state, move, index)
        out.append((_text(move), result))
        state = result.state
    return out


def _step(index: int, move: str | None, result: engine.ActionResult | None, state: GameState,
          solved: SolveResult) -> Step:
    # cards missing from a position were played earlier, as the scoring rules count them
    removed_so_far = TABLEAU_CARDS - state.position.tableau_count
    return Step(
        index=index, move=move,
        played=str(result.move) if result is not None and result.move is not None else None,
        card=result.card if result is not None else None,
        tableau=state.position.tableau_count,
        winnable=solved.winnable,
        best_removed=removed_so_far + solved.best_removed,
        best_score=solved.best_score, best_outcome=solved.best_outcome,
        line=solved.line, searched=True, visited=solved.visited, seconds=solved.seconds,
        complete=solved.complete)


def _follow(previous: Step, index: int, move: str, result: engine.ActionResult,
            state: GameState) -> Step:
    """The step after a move that follows ``previous``'s line: the rest of the line still
    reaches the same best result, so no search is needed."""
    return Step(
        index=index, move=move, played=str(result.move) if result.move else None,
        card=result.card, tableau=state.position.tableau_count, winnable=previous.winnable,
        best_removed=previous.best_removed, best_score=previous.best_score,
        best_outcome=previous.best_outcome, line=previous.line[1:], searched=False, visited=0,
        seconds=0.0, complete=previous.complete)


def analyse(rules: RuleSet, start_state: GameState, moves: Sequence[str | Move | Card], *,
            limit: int | None = None, seconds: float | None = None,
            progress: Callable[[SearchProgress], None] | None = None) -> Analysis:
    """Replay ``moves`` from ``start_state`` and ask the solver at every step (see the module
    docstring). Raises :class:`AnalysisError` for a move that cannot be read or is refused,
    before any search.

    ``limit`` (positions) and ``seconds`` bound the searches of the whole analysis together
    (``None``: no bound); ``progress`` is called with a
    :class:`~golfcore.solitaire.search.solver.SearchProgress` (positions and seconds so far over the
    whole analysis, the step being searched and the number of steps) when each search starts
    and every :data:`~golfcore.solitaire.search.solver.PROGRESS_EVERY` positions within it.
    """
    check_limits(limit, seconds)
    replayed = replay(rules, start_state, moves)
    solver = solver_for(rules)
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    used = 0
    steps_total = len(replayed) + 1

    def search(index: int, state: GameState) -> SolveResult | None:
        """The solver's answer for one step within what is left of the budget, or ``None``
        when nothing is left."""
        nonlocal used
        left = None if limit is None else limit - used
        remaining = None if deadline is None else deadline - time.perf_counter()
        if (left is not None and left < 1) or (remaining is not None and remaining <= 0):
            return None
        report = None
        if progress is not None:
            callback = progress

            def report(at: SearchProgress) -> None:
                callback(SearchProgress(used + at.visited, time.perf_counter() - started,
                                        index, steps_total))

            report(SearchProgress(0, 0.0))
        solved = solver.solve(state.position, best=True, limit=left, seconds=remaining,
                              progress=report)
        used += solved.visited
        return solved

    def step_for(index: int, move: str | None, result: engine.ActionResult | None,
                 state: GameState) -> Step:
        solved = search(index, state)
        if solved is None:          # the budget is spent: an unknown step, not searched
            solved = SolveResult(None, (), 0, None, Outcome.PLAYING, 0, 0.0, complete=False)
            return replace(_step(index, move, result, state, solved), searched=False,
                           best_removed=TABLEAU_CARDS - state.position.tableau_count,
                           best_score=None)
        return _step(index, move, result, state, solved)

    steps = [step_for(0, None, None, start_state)]
    for index, (text, result) in enumerate(replayed, start=1):
        state = result.state
        previous = steps[-1]
        if previous.line and result.move == previous.line[0]:
            steps.append(_follow(previous, index, text, result, state))
        else:
            steps.append(step_for(index, text, result, state))
    steps = _inferred(steps)
    first_losing: tuple[int, str] | None = None
    for previous, step in zip(steps, steps[1:]):
        if previous.winnable is True and step.winnable is False:
            first_losing = (step.index, step.move or "")
            break
    return Analysis(rules.name, tuple(steps), first_losing)


def _inferred(steps: list[Step]) -> list[Step]:
    """Fill in what unknown steps can be proved from the known ones: winnability only goes
    down along a game, so a step before a winnable one was winnable and a step after an
    unwinnable one is not."""
    out = list(steps)
    for i, step in enumerate(out):
        if step.winnable is None:
            if any(later.winnable is True for later in out[i + 1:]):
                out[i] = replace(step, winnable=True)
            elif any(earlier.winnable is False for earlier in out[:i]):
                out[i] = replace(step, winnable=False)
    return out


def best_text(removed: int, score: Score | None, outcome: Outcome) -> str:
    """``"35 cards removed, 350 points (won)"``: a best result for people."""
    text = f"{plural(removed, 'card')} removed"
    if score is not None and score.kind != RESULT and score.value is not None:
        text += f", {score}"
    return f"{text} ({outcome.value})"


__all__ = ["LOST_AFTER", "NEVER_LOST", "NEVER_WINNABLE", "UNDO_WORDS", "UNKNOWN", "Analysis",
           "AnalysisError", "Step", "analyse", "best_text", "replay"]

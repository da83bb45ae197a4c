"""Post-game analysis: replay a game and ask the solver, at every step, what was still possible.

:func:`analyse` replays moves from a starting state and, before the first move and after each
one, asks :mod:`golfcore.solitaire.solver` whether the deal can still be won and what the best result
still reachable is (cards removed over the whole game, and the variant's score). The move after
which the deal could no longer be won is the *first losing move*.

>>> from golfcore.solitaire import engine
>>> from golfcore.solitaire.rules import rule_set
>>> rules = rule_set("app-facil")
>>> report = analyse(rules, engine.start_deal(rules, 2), ["3", "draw"])
>>> report.verdict, report.first_losing_move
('never-lost', None)

Moves are what ``golf play`` reads: a column number (``"5"``), a touch (``"1.4"``, refused as
blocked unless it is the free card), ``"draw"``, a card in any notation (``"9C"``,
``"9 de tréboles"``), or :class:`~golfcore.solitaire.moves.Move` and
:class:`~golfcore.cards.Card` values. Undo is not accepted: give the moves the game kept. Every move is checked before the
solver runs, so a refused move fails fast with :class:`AnalysisError` naming its index, the move
and the reason.

The solver is asked once per step, except where the game follows the line the solver found at
the step before: the rest of that line is still a best line, so the step inherits its answer
without a search (``searched`` is false).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from golfcore.solitaire import engine
from golfcore.cards import Card
from golfcore.errors import CardError, GolfError
from golfcore.solitaire.moves import Move, MoveError
from golfcore.notation import parse_card
from golfcore.solitaire.position import TABLEAU_CARDS
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import RESULT, Score
from golfcore.solitaire.solver import SolveResult, solver_for
from golfcore.solitaire.state import GameState, Outcome

#: The three verdicts of an analysis.
LOST_AFTER = "lost-after-move"
NEVER_LOST = "never-lost"
NEVER_WINNABLE = "never-winnable"

UNDO_WORDS = ("undo", "deshacer")


class AnalysisError(GolfError):
    """A move that cannot be replayed: ``index`` (1-based), ``move`` as given, ``reason`` (a
    reason code such as ``not-adjacent``, or ``not-a-move``)."""

    def __init__(self, message: str, index: int, move: str, reason: str) -> None:
        super().__init__(message)
        self.index = index
        self.move = move
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """One point of the game: before the first move (``index`` 0) or after move ``index``.

    ``move``: the move as given (``None`` at step 0); ``played``: what it did (``"4"``,
    ``"draw"``), ``card``: the card it moved. ``winnable``: whether the columns can still be
    emptied from here. ``best_removed``: tableau cards removed over the *whole game* in the
    best result still reachable, counting the cards already played (a position's missing
    tableau cards count as played, as the scoring rules count them); ``best_score`` and
    ``best_outcome``: that result's score and outcome. ``line``: moves from here reaching it (a
    winning line when winnable). ``searched``: whether the solver searched this step (false when
    the game followed the line found at the step before); ``visited`` and ``seconds`` measure
    that search.
    """

    index: int
    move: str | None
    played: str | None
    card: Card | None
    tableau: int
    winnable: bool
    best_removed: int
    best_score: Score | None
    best_outcome: Outcome
    line: tuple[Move, ...]
    searched: bool
    visited: int
    seconds: float

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
        }


@dataclass(frozen=True)
class Analysis:
    """The steps of a replayed game and the verdict.

    ``first_losing_move``: ``(index, move text)`` of the first move after which the deal could
    no longer be won; ``None`` when the win was never lost *or* the deal was never winnable:
    :attr:`verdict` tells the two apart (:data:`LOST_AFTER`, :data:`NEVER_LOST`,
    :data:`NEVER_WINNABLE`).
    """

    variant: str
    steps: tuple[Step, ...]
    first_losing_move: tuple[int, str] | None

    @property
    def winnable_at_start(self) -> bool:
        return self.steps[0].winnable

    @property
    def verdict(self) -> str:
        if not self.winnable_at_start:
            return NEVER_WINNABLE
        return LOST_AFTER if self.first_losing_move is not None else NEVER_LOST

    def verdict_text(self) -> str:
        """One line for people."""
        if self.first_losing_move is not None:
            index, move = self.first_losing_move
            return f"the deal could no longer be won after move {index} ({move})"
        if self.verdict == NEVER_WINNABLE:
            return "the deal was never winnable"
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
            "first_losing_move": losing,
            "steps": [step.to_json() for step in self.steps],
            "seconds": round(self.seconds, 6),
        }


def _text(move: "str | Move | Card") -> str:
    return str(move) if not isinstance(move, str) else move


def _apply(rules: RuleSet, state: GameState, move: "str | Move | Card",
           index: int) -> engine.ActionResult:
    """Apply one move as ``golf play`` reads it; raise :class:`AnalysisError` when it cannot be
    read or is refused."""
    text = _text(move)
    if isinstance(move, Move):
        result = engine.apply(rules, state, move)
    elif isinstance(move, Card):
        result = engine.play_card(rules, state, move)
    elif not isinstance(move, str):
        raise AnalysisError(f"move {index} {move!r} is not a move", index, repr(move),
                            "not-a-move")
    elif move.strip().lower() in UNDO_WORDS:
        raise AnalysisError(f"move {index} {move!r}: undo is not accepted in an analysis; give "
                            f"the moves the game kept", index, move, "undo")
    else:
        try:
            result = engine.apply(rules, state, Move.parse(move))
        except MoveError:
            try:
                card = parse_card(move)
            except CardError:
                raise AnalysisError(
                    f"move {index} {move!r} is not a move: expected a column number such as "
                    f"'5', a column and row such as '1.4', 'draw', or a card such as '9C' or "
                    f"'9 de tréboles'", index, move, "not-a-move") from None
            result = engine.play_card(rules, state, card)
    if not result.accepted:
        shown = (f" ({result.card})" if result.card is not None and str(result.card) != text
                 else "")
        message = result.messages.get("en", result.reason)
        raise AnalysisError(f"move {index} {text!r}{shown} refused: {result.reason} "
                            f"({message})", index, text, result.reason or "refused")
    return result


def replay(rules: RuleSet, start_state: GameState,
           moves: Iterable["str | Move | Card"]) -> list[tuple[str, engine.ActionResult]]:
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
        winnable=bool(solved.winnable),
        best_removed=removed_so_far + solved.best_removed,
        best_score=solved.best_score, best_outcome=solved.best_outcome,
        line=solved.line, searched=True, visited=solved.visited, seconds=solved.seconds)


def _follow(previous: Step, index: int, move: str, result: engine.ActionResult,
            state: GameState) -> Step:
    """The step after a move that follows ``previous``'s line: the rest of the line still
    reaches the same best result, so no search is needed."""
    return Step(
        index=index, move=move, played=str(result.move) if result.move else None,
        card=result.card, tableau=state.position.tableau_count, winnable=previous.winnable,
        best_removed=previous.best_removed, best_score=previous.best_score,
        best_outcome=previous.best_outcome, line=previous.line[1:], searched=False, visited=0,
        seconds=0.0)


def analyse(rules: RuleSet, start_state: GameState,
            moves: Sequence["str | Move | Card"]) -> Analysis:
    """Replay ``moves`` from ``start_state`` and ask the solver at every step (see the module
    docstring). Raises :class:`AnalysisError` for a move that cannot be read or is refused,
    before any search."""
    replayed = replay(rules, start_state, moves)
    solver = solver_for(rules)
    steps = [_step(0, None, None, start_state, solver.solve(start_state.position, best=True))]
    first_losing: tuple[int, str] | None = None
    for index, (text, result) in enumerate(replayed, start=1):
        state = result.state
        previous = steps[-1]
        if previous.line and result.move == previous.line[0]:
            step = _follow(previous, index, text, result, state)
        else:
            step = _step(index, text, result, state, solver.solve(state.position, best=True))
        steps.append(step)
        if first_losing is None and previous.winnable and not step.winnable:
            first_losing = (index, text)
    return Analysis(rules.name, tuple(steps), first_losing)


def best_text(removed: int, score: Score | None, outcome: Outcome) -> str:
    """``"35 cards removed, 350 points (won)"``: a best result for people."""
    text = f"{removed} card{'s' if removed != 1 else ''} removed"
    if score is not None and score.kind != RESULT and score.value is not None:
        text += f", {score}"
    return f"{text} ({outcome.value})"

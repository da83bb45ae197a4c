"""The coach of ``golf web`` (opt-in, solitaire): whether the deal can still be won, while
playing, and after a game the moves that cost the most.

* :func:`verdict`: the solver's answer for one position (it sees the stock: that is the coach's
  point), bounded like the solver hint (:data:`COACH_LIMIT` positions, :data:`COACH_SECONDS`):
  ``winnable`` true, false, or ``None`` when the bound stopped the search (never a guess).
* :func:`played_moves`: the moves of the game a table is playing (the hole being played, for a
  9-hole round), from its saved log replayed (:func:`golfcore.web.resume.replay`): for each
  play, draw or redeal the positions before and after it, and whether an undo took it back.
* :func:`review`: each of those moves judged, within a budget (:class:`ReviewBudget`: positions
  per search, positions in all, seconds): the solver's verdict before and after it (a move from
  a position proved winnable to one proved lost *cost the win*), and, where it is exact, what
  it cost of the **fair chance** (the chance of a player who cannot see the stock:
  :func:`~golfcore.solitaire.search.fair.action_chances`; brackets are never used as costs).
  The fair chances are searched from the game's end backwards, where few cards are unseen,
  and the first position whose exact search does not fit its budget stops them. What a bound
  cut is ``None`` ("unknown"), never guessed; what can be proved from its neighbours is
  (a move from a lost position leads to a lost one; a move to a winnable one was made from a
  winnable one).

Nothing here says the stock's order: only verdicts and chances.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from golfcore.errors import GolfError
from golfcore.protocol.cardgame import RequestError
from golfcore.protocol.solitaire import SEARCH_LIMIT
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.search.fair import Budget, action_chances
from golfcore.solitaire.search.solver import solver_for
from golfcore.web.records import LoggedAction
from golfcore.web.resume import replay
from golfcore.web.tables import LiveSolitaire, StaleError

#: The positions one live verdict may search (the solver hint's bound) and its seconds.
COACH_LIMIT = SEARCH_LIMIT
COACH_SECONDS = 5.0
#: A review's bounds: positions per search, positions in all, seconds of solver search.
REVIEW_POSITION_LIMIT = 100_000
REVIEW_LIMIT = 1_000_000
REVIEW_SECONDS = 6.0
#: A review's fair chances: information states per position, seconds in all.
FAIR_STATES = 3_000
FAIR_SECONDS = 3.0
#: The most moves a review judges (the latest): a longer log is cut, and says so.
REVIEW_MOVES = 200
#: The most moves a review marks as costly.
COSTLY_SHOWN = 3
#: Below this a fair loss is rounding, not a cost.
EPSILON = 1e-9
#: The refusal of a review before the game is over.
NOT_OVER = "not-over"
NOT_OVER_MESSAGES = {"es": "La revisión llega cuando la partida termina",
                     "en": "The review comes once the game is over"}
NOT_YOUR_SEAT = "not-your-seat"


def check_request(request: dict[str, Any], version: int) -> bool:
    """Whether a ``coach`` request asks for the review (``review: true``), after checking its
    fields: ``version`` must be the table's (:class:`GolfError` when it is not a whole number,
    ``stale`` when it is another version)."""
    review = request.get("review", False)
    if not isinstance(review, bool):
        raise GolfError(f"'review' must be true or false, got {str(review)[:40]!r}")
    given = request.get("version")
    if given is None:
        raise GolfError("'coach' needs the table's 'version': the verdict is about that "
                        "position")
    if isinstance(given, bool) or not isinstance(given, int):
        raise GolfError(f"'version' must be the table's version, a whole number, got "
                        f"{str(given)[:40]!r}")
    if given != version:
        raise StaleError(f"version {given} is stale: the table is at version {version}")
    return review


def check_seat(held: Sequence[int]) -> None:
    """Refuse a connection that does not hold the solitaire's seat."""
    if 0 not in held:
        raise RequestError(NOT_YOUR_SEAT, "the coach answers the player of the table only",
                           {"es": "Ese puesto no es tuyo.", "en": "That seat is not yours."})


@dataclass(frozen=True)
class Verdict:
    """Whether a position can still be won (``None``: the bound stopped the search) and how
    many positions the solver searched."""

    winnable: bool | None
    searched: int

    def to_json(self) -> dict[str, Any]:
        return {"winnable": self.winnable, "searched": self.searched}


def verdict(rules: RuleSet, position: Position, *, limit: int = COACH_LIMIT,
            seconds: float = COACH_SECONDS) -> Verdict:
    """The solver's verdict on ``position`` within ``limit`` positions and ``seconds``."""
    solved = solver_for(rules).solve(position, best=False, limit=limit, seconds=seconds)
    return Verdict(solved.winnable, solved.visited)


def live_reply(table: LiveSolitaire) -> dict[str, Any]:
    """The reply to a live ``coach`` request (slow: run it in a thread)."""
    found = verdict(table.game.rules, table.game.position, limit=COACH_LIMIT,
                    seconds=COACH_SECONDS)
    return {"coach": {**found.to_json(), "limit": COACH_LIMIT}, "table": table.id,
            "version": table.version}


# -- the review ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One move of the game: its number (the move counter after it), what it did (``play``,
    ``draw``, ``redeal``), the column of a play, the card it put on the waste, the positions
    before and after it, and whether an undo took it back."""

    number: int
    action: str
    column: int | None
    card: str | None
    before: Position
    after: Position
    undone: bool = False

    @property
    def move(self) -> Move:
        if self.action == "play" and self.column is not None:
            return Move.play(self.column)
        return DRAW_MOVE if self.action == "draw" else Move.parse(self.action)


def _what(before: Position, after: Position) -> tuple[str, int | None]:
    """What a move did, from the positions around it."""
    for column, (old, new) in enumerate(zip(before.columns, after.columns), start=1):
        if len(new) < len(old):
            return "play", column
    if len(after.stock) < len(before.stock):
        return "draw", None
    return "redeal", None


def played_moves(start: LiveSolitaire, actions: Sequence[LoggedAction]) -> list[Played]:
    """The moves of the game ``start`` (a table at version 0) and ``actions`` (its log) lead
    to: those of the hole being played for a round. :class:`GolfError` when the log does not
    replay."""
    table = start
    moves: list[Played] = []
    kept: list[int] = []                         # indices of the moves an undo may take back
    for action in actions:
        cmd = action.request.get("cmd")
        before = table.game
        after = replay(table, action)
        assert isinstance(after, LiveSolitaire)
        table = after
        if cmd == "next-hole":
            moves, kept = [], []
        elif cmd == "undo":
            if kept:
                index = kept.pop()
                old = moves[index]
                moves[index] = Played(old.number, old.action, old.column, old.card,
                                      old.before, old.after, True)
        elif cmd in ("play", "draw", "redeal"):
            what, column = _what(before.position, table.game.position)
            waste = table.game.position.waste
            card = str(waste[-1]) if waste and what != "redeal" else None
            kept.append(len(moves))
            moves.append(Played(table.game.moves, what, column, card, before.position,
                                table.game.position))
    return moves


@dataclass(frozen=True)
class ReviewBudget:
    """What a review may search: positions per solver search and in all, seconds of solver
    search, fair-chance states per position and seconds in all, and moves judged."""

    per_position: int = REVIEW_POSITION_LIMIT
    total: int = REVIEW_LIMIT
    seconds: float = REVIEW_SECONDS
    fair_states: int = FAIR_STATES
    fair_seconds: float = FAIR_SECONDS
    moves: int = REVIEW_MOVES


@dataclass(frozen=True)
class FairCost:
    """A move's cost in fair chance (exact): the best action's chance there, the chosen
    action's, and the difference."""

    best: float
    chosen: float
    loss: float

    def to_json(self) -> dict[str, Any]:
        return {"best": round(self.best, 4), "chosen": round(self.chosen, 4),
                "loss": round(self.loss, 4)}


@dataclass(frozen=True)
class Reviewed:
    """A move judged: the solver's verdicts before and after it (``None``: unknown),
    whether it cost the win, and its exact fair cost where one was found."""

    played: Played
    before: bool | None
    after: bool | None
    fair: FairCost | None

    @property
    def lost_win(self) -> bool:
        return self.before is True and self.after is False

    def to_json(self) -> dict[str, Any]:
        played = self.played
        return {"number": played.number, "action": played.action, "column": played.column,
                "card": played.card, "undone": played.undone, "before": self.before,
                "after": self.after, "lost_win": self.lost_win,
                "fair": None if self.fair is None else self.fair.to_json()}


@dataclass(frozen=True)
class Review:
    """A game's moves judged; ``costly``: the indices (into ``moves``) of the moves that cost
    the most, most first; ``cut``: the earlier moves left out (beyond the budget's moves);
    ``complete``: whether every verdict is known."""

    moves: tuple[Reviewed, ...]
    costly: tuple[int, ...]
    searched: int
    cut: int

    @property
    def complete(self) -> bool:
        return all(m.before is not None and m.after is not None for m in self.moves)

    def to_json(self) -> dict[str, Any]:
        return {"moves": [m.to_json() for m in self.moves], "costly": list(self.costly),
                "searched": self.searched, "cut": self.cut, "complete": self.complete}


class _Solver:
    """The review's solver searches: cached by position, bounded by the budget."""

    def __init__(self, rules: RuleSet, budget: ReviewBudget) -> None:
        self.solver = solver_for(rules)
        self.budget = budget
        self.used = 0
        self.deadline = time.monotonic() + budget.seconds
        self.known: dict[Position, bool | None] = {}

    def winnable(self, position: Position) -> bool | None:
        if position in self.known:
            return self.known[position]
        left = min(self.budget.per_position, self.budget.total - self.used)
        remaining = self.deadline - time.monotonic()
        if left < 1 or remaining <= 0:
            return None                           # cut: unknown (not cached: nothing found)
        solved = self.solver.solve(position, best=False, limit=left, seconds=remaining)
        self.used += solved.visited
        self.known[position] = solved.winnable
        return solved.winnable


def _verdicts(solver: _Solver, move: Played) -> tuple[bool | None, bool | None]:
    before = solver.winnable(move.before)
    if before is False:                           # nothing wins from a lost position
        solver.known.setdefault(move.after, False)
        return False, False
    after = solver.winnable(move.after)
    if after is True and before is None:          # a move to a winnable position
        before = solver.known[move.before] = True
    return before, after


def _fair_costs(rules: RuleSet, moves: Sequence[Played], lost: Sequence[bool],
                budget: ReviewBudget) -> dict[int, FairCost]:
    """The exact fair cost of the latest moves, searched backwards until a position's exact
    search does not fit ``budget``. A move made where the solver proved the deal ``lost``
    (even seeing the stock) cost nothing: every action's chance there is 0."""
    costs: dict[int, FairCost] = {}
    deadline = time.monotonic() + budget.fair_seconds
    for index in range(len(moves) - 1, -1, -1):
        if lost[index]:
            costs[index] = FairCost(0.0, 0.0, 0.0)
            continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        move = moves[index]
        try:
            chances = dict(action_chances(rules, move.before, states=budget.fair_states,
                                          seconds=remaining))
        except Budget:
            break
        chosen = chances.get(move.move)
        if chosen is None or not chances:
            continue
        best = max(chances.values())
        costs[index] = FairCost(best, chosen, max(0.0, best - chosen))
    return costs


def review(rules: RuleSet, moves: Sequence[Played],
           budget: ReviewBudget = ReviewBudget()) -> Review:
    """``moves`` judged within ``budget`` (see the module docstring). Slow: run it in a
    thread."""
    cut = max(0, len(moves) - budget.moves)
    judged = list(moves[cut:])
    solver = _Solver(rules, budget)
    verdicts = [_verdicts(solver, move) for move in judged]
    fair = _fair_costs(rules, judged, [before is False for before, _ in verdicts], budget)
    reviewed = tuple(Reviewed(move, before, after, fair.get(i))
                     for i, (move, (before, after)) in enumerate(zip(judged, verdicts)))
    return Review(reviewed, _costly(reviewed), solver.used, cut)


def _costly(moves: Sequence[Reviewed]) -> tuple[int, ...]:
    """The moves that cost the most, most first: those that cost the win (earliest first),
    then the largest exact fair losses; a move an undo took back costs nothing."""
    lost = [i for i, m in enumerate(moves) if m.lost_win and not m.played.undone]
    fair = {i: m.fair.loss for i, m in enumerate(moves) if m.fair is not None
            and m.fair.loss > EPSILON and not m.played.undone and i not in lost}
    losses = sorted(fair, key=lambda i: (-fair[i], i))
    return tuple([*lost, *losses][:COSTLY_SHOWN])


def review_reply(table: LiveSolitaire, start: LiveSolitaire,
                 actions: Sequence[LoggedAction],
                 budget: ReviewBudget = ReviewBudget()) -> dict[str, Any]:
    """The reply to ``coach`` with ``review: true`` for ``table`` (over), whose game
    ``start`` and ``actions`` replay (slow: run it in a thread)."""
    moves = played_moves(start, [a for a in actions if a.version <= table.version])
    found = review(table.game.rules, moves, budget)
    return {"review": found.to_json(), "table": table.id, "version": table.version}


__all__ = ["COACH_LIMIT", "COSTLY_SHOWN", "NOT_OVER", "FairCost", "Played", "Review",
           "ReviewBudget", "Reviewed", "Verdict", "check_request", "check_seat",
           "live_reply", "played_moves", "review", "review_reply", "verdict"]

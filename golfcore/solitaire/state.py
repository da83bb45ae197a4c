"""Game states: a position plus what the player did to reach it, as an immutable value.

A :class:`GameState` holds the :class:`~golfcore.solitaire.position.Position`, the move counter
(draws count, undo never lowers it: APP-15), and the chain of earlier states that undo can
return to. It knows no rules: :class:`golfcore.solitaire.rules.RuleSet` decides what happens
next. States are created by :func:`golfcore.solitaire.engine.start_deal` and
:func:`~golfcore.solitaire.engine.start_position`, and by the engine's transitions.
"""

from __future__ import annotations

import enum
from typing import Any

from golfcore.solitaire.position import Position

#: The largest move counter a saved state may hold: 2**53, the largest whole number every JSON
#: reader holds exactly (undo never lowers the counter, so it has no smaller natural bound).
MAX_MOVES = 2 ** 53


class Outcome(str, enum.Enum):
    """Where a game stands: still being played, won (APP-11) or lost (APP-12)."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    def __str__(self) -> str:
        return self.value


class GameState:
    """One moment of a game. Immutable; equal when position, counter and history are equal."""

    __slots__ = ("position", "moves", "previous", "undoable")

    position: Position
    moves: int
    previous: GameState | None
    undoable: int

    def __init__(self, position: Position, moves: int = 0, previous: GameState | None = None,
                 undoable: int = 0) -> None:
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "previous", previous)
        object.__setattr__(self, "undoable", undoable)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("GameState is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (self.position == other.position and self.moves == other.moves
                and self.undoable == other.undoable and self.history == other.history)

    def __hash__(self) -> int:
        return hash((self.position, self.moves, self.undoable))

    def __repr__(self) -> str:
        return (f"GameState(moves={self.moves}, undoable={self.undoable}, "
                f"position={self.position!r})")

    @property
    def history(self) -> tuple[Position, ...]:
        """The positions undo can return to, most recent first (at most ``undoable``)."""
        out: list[Position] = []
        state = self.previous
        while state is not None and len(out) < self.undoable:
            out.append(state.position)
            state = state.previous
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        """The position, the counter, the undo history (most recent first) and whether earlier
        actions exist that the undo limit no longer reaches (``older``)."""
        return {
            "position": self.position.to_json(),
            "moves": self.moves,
            "history": [p.to_json() for p in self.history],
            "older": self._older(),
        }

    def _older(self) -> bool:
        state: GameState | None = self
        for _ in range(self.undoable):
            assert state is not None
            state = state.previous
        return state is not None and state.previous is not None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        """Read :meth:`to_json`'s form back; the undo history is restored as it was.

        ``position`` is required; ``moves`` (default 0) must count at least the actions the
        history shows (one per history entry, one more when ``older``), and at most
        :data:`MAX_MOVES`. This checks the form only: whether each step of the history was a
        legal action is a question for a variant's rules
        (:func:`golfcore.solitaire.engine.check_state`, which :class:`~golfcore.Game` asks).
        """
        from golfcore.errors import PositionError
        from golfcore.notation import quote

        if not isinstance(data, dict):
            raise PositionError(f"a game state must be a JSON object, not {type(data).__name__}")
        unknown = sorted(map(str, set(data) - {"position", "moves", "history", "older"}))
        if unknown:
            shown = ", ".join(quote(name) for name in unknown[:5])
            more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
            raise PositionError(f"unknown game state field(s) {shown}{more}: "
                                f"expected 'position', 'moves', 'history' and 'older'")
        if "position" not in data:
            raise PositionError("a game state must hold its 'position'")
        older = data.get("older", False)
        if not isinstance(older, bool):
            raise PositionError(f"'older' must be true or false, got {quote(older)}")
        moves = data.get("moves", 0)
        if (not isinstance(moves, int) or isinstance(moves, bool)
                or not 0 <= moves <= MAX_MOVES):
            raise PositionError(f"'moves' must be a whole number from 0 to {MAX_MOVES}, got "
                                f"{quote(moves)}")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise PositionError("'history' must be a list of positions, most recent first")
        if moves < len(history) + older:
            raise PositionError(
                f"'moves' is {moves}, but the history shows {len(history) + older} action"
                f"{'s' if len(history) + older != 1 else ''} (the move counter never goes "
                f"down)")
        positions = [Position.from_json(item) for item in reversed(history)]
        positions.append(Position.from_json(data["position"]))
        for depth, (before, after) in enumerate(zip(positions, positions[1:])):
            if not _one_action_apart(before, after):
                raise PositionError(
                    f"'history' entry {len(history) - depth} is not one play, draw or redeal "
                    f"before the position that follows it")
        # Earlier actions the limit no longer reaches: a state beyond the oldest one kept, which
        # undo never returns to but which makes it refuse with 'undo-limit', as the live game did.
        previous = cls(positions[0], moves, None, 0) if older else None
        for depth, position in enumerate(positions[:-1]):
            previous = cls(position, moves, previous, depth)
        return cls(positions[-1], moves, previous, len(history))

    def limited(self, limit: int | None) -> GameState:
        """This state with at most ``limit`` actions left to undo (a variant's undo limit)."""
        if limit is None or self.undoable <= limit:
            return self
        return GameState(self.position, self.moves, self.previous, limit)


def _one_action_apart(before: Position, after: Position) -> bool:
    """Whether ``after`` follows ``before`` by one play, one draw or one redeal."""
    if before.stock and after == before.after_draw():
        return True
    if not before.stock and len(before.waste) > 1 and after == before.after_redeal():
        return True
    return any(column and after == before.after_play(i)
               for i, column in enumerate(before.columns, start=1))

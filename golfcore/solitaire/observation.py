"""What the solitaire's player sees: the only door through which a search or a front end that must
not know the stock's order reads a position.

A :class:`~golfcore.solitaire.position.Position` holds the stock *in draw order*, the game's
secret: the cards are face down. The player sees the columns and the waste, how many cards the
stock holds, and (from the deck, by elimination) *which* cards are in it, never in what order.
:func:`seen_position` keeps exactly that (a :class:`SeenPosition`): the stock's cards sorted (an
order that says nothing of the real one). ``golf web`` sends a browser
:meth:`SeenPosition.to_json` instead of the position; the fair chance
(:mod:`golfcore.solitaire.search.fair`) searches from :meth:`SeenPosition.position`, so it cannot
read the order even by mistake. :func:`seen` gives what the player sees of a whole game, a
:class:`SolitaireObservation` (``Game.observation(0)``). The card game declares its secret the
same way (:mod:`golfcore.cardgame.observation`).

>>> from golfcore.solitaire.position import Position
>>> shown = seen_position(Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C"))
>>> shown.stock_count, [str(c) for c in shown.unseen]
(2, ['6S', '8D'])
>>> shown.to_json()["stock"] is None
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from golfcore.cards import Card
from golfcore.errors import GolfError
from golfcore.framework.deprecation import deprecated_names
from golfcore.solitaire.moves import NO_MOVES
from golfcore.solitaire.position import Position
from golfcore.solitaire.scoring import Score
from golfcore.solitaire.state import GameState, Outcome

if TYPE_CHECKING:
    from golfcore.solitaire.rules import RuleSet

__all__ = ["SeenPosition", "SolitaireObservation", "redeal_hidden", "seen", "seen_position"]


@dataclass(frozen=True)
class SeenPosition:
    """A position as its player sees it: ``columns`` and ``waste`` (bottom to top) as they lie,
    and ``unseen``, the stock's cards in sorted order (which cards, not their order); ``passes``,
    the redeals made (:attr:`Position.passes`). Called ``Observation`` before 0.2, the name of
    the one interface's :class:`golfcore.framework.interface.Observation`."""

    columns: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    unseen: tuple[Card, ...]
    passes: int = 0

    @property
    def stock_count(self) -> int:
        """How many cards the stock holds."""
        return len(self.unseen)

    def position(self) -> Position:
        """A position with what is seen and the stock in sorted order: for a computation that
        must not depend on the real order (any order of the same cards gives this one)."""
        return Position(self.columns, self.unseen, self.waste, self.passes)

    def to_json(self) -> dict[str, Any]:
        """:meth:`Position.to_json`'s form with ``stock`` ``null`` (its order is hidden) and
        ``stock_count``, and ``passes`` after a redeal: what a front end may send to the
        player."""
        out: dict[str, Any] = {"columns": [[str(c) for c in column] for column in self.columns],
                               "stock": None, "stock_count": self.stock_count,
                               "waste": [str(c) for c in self.waste]}
        if self.passes:
            out["passes"] = self.passes
        return out


def seen_position(position: Position | GameState) -> SeenPosition:
    """What the player of ``position`` (or of a game state's position) sees of it."""
    if isinstance(position, GameState):
        position = position.position
    return SeenPosition(position.columns, position.waste, tuple(sorted(position.stock)),
                       position.passes)


@dataclass(frozen=True)
class SolitaireObservation:
    """What the solitaire's player (seat 0) sees of a game now: the status, the move counter,
    the position as seen (:class:`SeenPosition`: no stock order), the legal moves as text, the
    score, how many actions undo can take back, and, when the game is lost, the messages that
    say so. ``docs/schemas/solitaire-observation.json`` is the schema of :meth:`to_json`.

    The game code is not part of it: a code names a deal, and a deal's stock order follows from
    its number (front ends that show the code add it beside the observation)."""

    game: ClassVar[str] = "solitaire"
    seat: ClassVar[int] = 0

    variant: str
    status: Outcome
    moves: int
    position: SeenPosition
    legal: tuple[str, ...]
    score: Score | None
    undoable: int
    messages: Mapping[str, str] | None = None

    @property
    def waste_top(self) -> Card | None:
        return self.position.waste[-1] if self.position.waste else None

    @property
    def free(self) -> tuple[Card | None, ...]:
        """The free card of each column, ``None`` for an empty one."""
        return tuple(column[-1] if column else None for column in self.position.columns)

    def to_json(self) -> dict[str, Any]:
        """:meth:`golfcore.solitaire.game.Game.summary`'s form but ``code`` and ``deal``, with
        the position as seen (``stock`` ``null``, ``stock_count``): what ``golf serve`` and
        ``golf web`` send as ``state``."""
        position = self.position
        out: dict[str, Any] = {
            "variant": self.variant,
            "status": self.status.value,
            "moves": self.moves,
            "waste": str(position.waste[-1]) if position.waste else None,
            "stock": position.stock_count,
            "tableau": sum(len(column) for column in position.columns),
            "free": [None if c is None else str(c) for c in self.free],
            "legal": list(self.legal),
            "score": None if self.score is None else self.score.to_json(),
            "undoable": self.undoable,
            "position": position.to_json(),
        }
        if self.messages is not None:
            out["messages"] = dict(self.messages)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], deck: Sequence[Card] | None = None
                  ) -> SolitaireObservation:
        """Read :meth:`to_json`'s form back (``code`` and ``deal`` beside it are ignored).
        Which cards the stock holds is not in it: they are the ``deck``'s cards (default: the
        variant's) that are not in the columns or on the waste; :class:`GolfError` when those
        are not ``stock_count`` cards (a partial position: give its ``deck``)."""
        return _read(data, deck)


def seen(rules: RuleSet, state: GameState) -> SolitaireObservation:
    """What the player of ``state`` sees under ``rules``."""
    from golfcore.solitaire.engine import legal_moves

    result = rules.outcome(state)
    score = rules.score(state, result)
    return SolitaireObservation(
        variant=rules.name, status=result, moves=state.moves, position=seen_position(state),
        legal=tuple(str(m) for m in legal_moves(rules, state)), score=score,
        undoable=state.undoable,
        messages=rules.messages(NO_MOVES) if result is Outcome.LOST else None)


def redeal_hidden(state: GameState, rng: random.Random) -> GameState:
    """``state`` with the stock dealt again in a random order, and every position undo can go
    back to changed to agree (each holds the current stock under the cards drawn since): what
    the player sees, now and after every undo, is unchanged. After a redeal nothing is hidden
    (the player saw every card of the new stock go onto the waste, in order): ``state`` is
    returned as it is."""
    if state.position.passes:
        return state
    # sorted first: the new order depends on the stock's cards as a set and on rng alone, never
    # on their true order (a caller who knows rng's seed could otherwise invert the shuffle)
    stock = sorted(state.position.stock)
    rng.shuffle(stock)
    chain: list[GameState] = []
    item: GameState | None = state
    while item is not None:
        chain.append(item)
        item = item.previous
    n = len(stock)
    out: GameState | None = None
    for item in reversed(chain):        # the oldest first
        position = item.position
        kept = position.stock[:len(position.stock) - n]
        out = GameState(Position(position.columns, kept + tuple(stock), position.waste),
                        item.moves, out, item.undoable)
    assert out is not None
    return out


# -- reading an observation back ------------------------------------------------------------------

_FIELDS = {"variant", "status", "moves", "waste", "stock", "tableau", "free", "legal", "score",
           "undoable", "position", "messages", "code", "deal"}


def _read(data: Mapping[str, Any], deck: Sequence[Card] | None) -> SolitaireObservation:
    from golfcore.solitaire.rules import rule_set

    if not isinstance(data, Mapping):
        raise GolfError(f"a solitaire observation must be a JSON object, not "
                        f"{type(data).__name__}")
    unknown = sorted(map(str, set(data) - _FIELDS))
    missing = sorted(_FIELDS - {"messages", "code", "deal"} - set(data))
    if unknown or missing:
        raise GolfError("not a solitaire observation: "
                        + (f"unknown field(s) {', '.join(map(repr, unknown))}" if unknown
                           else f"missing field(s) {', '.join(map(repr, missing))}"))
    variant = data["variant"]
    if not isinstance(variant, str):
        raise GolfError("observation 'variant' must be a variant name")
    try:
        status = Outcome(data["status"])
    except ValueError:
        raise GolfError(f"observation 'status' must be playing, won or lost, got "
                        f"{data['status']!r}") from None
    seen_position = data["position"]
    if not (isinstance(seen_position, Mapping)
            and set(seen_position) - {"passes"} == {"columns", "stock", "stock_count", "waste"}
            and seen_position["stock"] is None):
        raise GolfError("observation 'position' must be {columns, stock: null, stock_count, "
                        "waste} (and passes after a redeal)")
    count = _int(seen_position["stock_count"], "stock_count")
    try:
        shown = Position.from_json({"columns": seen_position["columns"],
                                    "waste": seen_position["waste"],
                                    "passes": seen_position.get("passes", 0)})
    except GolfError as exc:
        raise GolfError(f"observation 'position': {exc}") from None
    left = Counter(rule_set(variant).deck() if deck is None else deck)
    left.subtract(shown.cards())
    unseen = tuple(sorted(left.elements()))
    if len(unseen) != count or any(n < 0 for n in left.values()):
        raise GolfError(f"observation: the deck's cards not in the columns or on the waste "
                        f"are {len(unseen)}, not the stock's {count}: give the position's deck")
    score = data["score"]
    if score is not None and not (isinstance(score, Mapping) and set(score) == {"kind", "value"}
                                  and isinstance(score["kind"], str)):
        raise GolfError("observation 'score' must be null or {kind, value}")
    messages = data.get("messages")
    if messages is not None and not (isinstance(messages, Mapping)
                                     and set(messages) == {"es", "en"}):
        raise GolfError("observation 'messages' must be {es, en}")
    legal = data["legal"]
    if not isinstance(legal, list) or not all(isinstance(m, str) for m in legal):
        raise GolfError("observation 'legal' must be a list of move texts")
    out = SolitaireObservation(
        variant=variant, status=status, moves=_int(data["moves"], "moves"),
        position=SeenPosition(shown.columns, shown.waste, unseen, shown.passes),
        legal=tuple(legal),
        score=None if score is None else Score(score["kind"], score["value"]),
        undoable=_int(data["undoable"], "undoable"),
        messages=None if messages is None else dict(messages))
    again = out.to_json()
    for key in ("waste", "stock", "tableau", "free"):
        if data[key] != again[key]:
            raise GolfError(f"observation {key!r} is {data[key]!r}, but its position says "
                            f"{again[key]!r}")
    return out


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GolfError(f"observation {what!r} must be a whole number from 0, got {value!r}")
    return value


#: Old names, still working with a warning (docs/api.md, "Deprecated in 0.2").
__getattr__ = deprecated_names(__name__, {
    "Observation": (lambda: SeenPosition, f"write {__name__}.SeenPosition instead"),
    "observe": (lambda: seen_position, f"call {__name__}.seen_position(position) instead"),
})

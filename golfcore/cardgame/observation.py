"""What each seat may see: the only door through which the card game's state leaves the engine.

The referee's state (:mod:`golfcore.cardgame.state`) knows every card. A player's
:class:`CardObservation` holds only what that player may see (their own and the others' face-up
cards, the discard's top card, how many cards the stock and the discard hold, whose turn it is,
the card they hold, the scores so far and their legal actions, and ``chosen_deal``: whether
the cards were chosen, so that someone may know them), never a face-down card nor the stock's
order, nor the deal's seed or secret. A spectator's view (``seat`` ``None``) shows even less:
nobody's held card from the stock, no legal actions. The protocol, the bots and every front end
send :meth:`CardObservation.to_json` (``docs/schemas/card-observation.json`` is its schema).

:func:`seen` builds the typed observation, as :meth:`golfcore.cardgame.match.Match.observation`
gives it; its :meth:`~CardObservation.to_json` is its only JSON form (:data:`OBSERVATION_FIELDS`
lists its keys but ``code``, the match's code once the match is over, which the match gives).

What everyone sees of a board (its face-up cards as text and their points, ``showing``) is
worked out once per board value (:func:`board_view`), not once per observation: boards are
immutable and an action changes at most one, so the others' views are found again, not
recounted. The view is a function of the board's face-up cards alone, so a seat sees exactly
what it would see without it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from golfcore.cardgame.board import Board
from golfcore.cardgame.engine import legal_actions
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import board_score
from golfcore.cardgame.state import (FROM_DISCARD, FROM_STOCK, HOLD, OVER, STEPS, MatchState,
                                     RoundResult)
from golfcore.cards import Card
from golfcore.errors import CardError, GolfError
from golfcore.framework.deprecation import warn_deprecated
from golfcore.notation import parse_card

OBSERVATION_FIELDS = (
    "game", "variant", "seat", "players", "shape", "round", "step", "turn", "boards",
    "discard", "discard_count", "stock_count", "held", "ender", "last_turns", "showing",
    "totals", "rounds", "result", "over", "winners", "legal", "chosen_deal",
)
#: The ``game`` of a card-game observation's JSON.
GAME = "card-game"

#: How many board views :func:`board_view` keeps (a few hundred live tables' boards).
BOARD_VIEWS = 4096


@functools.lru_cache(maxsize=BOARD_VIEWS)
def board_view(rules: RuleSet, board: Board) -> tuple[tuple[str | None, ...], int]:
    """What everyone at the table sees of ``board``: its cards as text, ``None`` for a face-down
    one, and their points (``board_score`` with ``visible_only``: lines of equal face-up cards
    count 0, face-down cards 0). Remembered per (rule set, board): both are immutable values."""
    return (_texts(board.visible()), board_score(rules, board, visible_only=True))


@functools.lru_cache(maxsize=BOARD_VIEWS)
def _texts(cards: tuple[Card | None, ...]) -> tuple[str | None, ...]:
    return tuple(None if c is None else str(c) for c in cards)


@dataclass(frozen=True)
class Held:
    """The card held between a turn's two actions: where it came from (``"stock"`` or
    ``"discard"``) and the card, ``None`` for another seat's card drawn from the stock."""

    source: str
    card: Card | None

    def to_json(self) -> dict[str, Any]:
        return {"from": self.source, "card": None if self.card is None else str(self.card)}


@dataclass(frozen=True)
class CardObservation:
    """What one seat (``seat`` ``None``: a spectator) sees of a match now.

    Places of ``boards`` go row by row, ``None`` for a face-down card; ``showing`` is each
    board's points of its face-up cards; ``rounds`` the results of the rounds played and
    ``result`` the current round's once it is over; ``legal`` this seat's legal actions as
    text; ``code`` the match's code once the match is over (``None`` before: it deals every
    hidden card)."""

    game: ClassVar[str] = GAME

    variant: str
    seat: int | None
    players: int
    shape: tuple[int, int]
    round: int
    step: str
    turn: int | None
    boards: tuple[tuple[Card | None, ...], ...]
    discard: Card | None
    discard_count: int
    stock_count: int
    held: Held | None
    ender: int | None
    last_turns: tuple[int, ...]
    showing: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    result: RoundResult | None
    over: bool
    winners: tuple[int, ...]
    legal: tuple[str, ...]
    chosen_deal: bool
    code: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON (``docs/schemas/card-observation.json``): what the protocol
        and ``golf web`` send, and what a bot receives."""
        return {
            "game": GAME,
            "variant": self.variant,
            "seat": self.seat,
            "players": self.players,
            "shape": list(self.shape),
            "round": self.round,
            "step": self.step,
            "turn": self.turn,
            "boards": [list(_texts(board)) for board in self.boards],
            "discard": None if self.discard is None else str(self.discard),
            "discard_count": self.discard_count,
            "stock_count": self.stock_count,
            "held": None if self.held is None else self.held.to_json(),
            "ender": self.ender,
            "last_turns": list(self.last_turns),
            "showing": list(self.showing),
            "totals": list(self.totals),
            "rounds": [r.to_json() for r in self.rounds],
            "result": None if self.result is None else self.result.to_json(),
            "over": self.over,
            "winners": list(self.winners),
            "legal": list(self.legal),
            "chosen_deal": self.chosen_deal,
            "code": self.code,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardObservation:
        """Read :meth:`to_json`'s form back (``code`` may be left out); :class:`GolfError`
        saying what is wrong with anything else."""
        return _read(data)


def seen(rules: RuleSet, match: MatchState, seat: int | None,
         code: str | None = None) -> CardObservation:
    """What ``seat`` sees now (``None``: a spectator); ``code`` is the match code to show
    (the match gives it once the match is over)."""
    rnd = match.current
    held: Held | None = None
    if rnd.step == HOLD and rnd.held is not None:
        # a card taken from the discard was on view to everyone; one from the stock only to
        # the player who drew it
        shown = rnd.held_from != FROM_STOCK or seat == rnd.turn
        held = Held(str(rnd.held_from), rnd.held if shown else None)
    legal = () if seat is None else tuple(str(x) for x in legal_actions(rules, match, seat))
    views = [board_view(rules, board) for board in rnd.boards]
    return CardObservation(
        variant=rules.name, seat=seat, players=match.players, shape=rules.shape,
        round=match.round_number, step=rnd.step, turn=None if rnd.step == OVER else rnd.turn,
        boards=tuple(board.visible() for board in rnd.boards), discard=rnd.discard_top,
        discard_count=len(rnd.discard), stock_count=len(rnd.stock), held=held,
        ender=rnd.ender, last_turns=rnd.last_turns,
        showing=tuple(points for _, points in views),
        totals=match.totals, rounds=match.results, result=rnd.result, over=match.over,
        winners=match.winners, legal=legal, chosen_deal=match.chosen, code=code)


def observation(rules: RuleSet, match: MatchState, seat: int | None) -> dict[str, Any]:
    """Deprecated: ``seen(rules, match, seat).to_json()`` (which holds ``code``, ``None``)."""
    warn_deprecated("golfcore.cardgame.observation.observation(rules, match, seat)",
                    "call seen(rules, match, seat).to_json() instead")
    out = seen(rules, match, seat).to_json()
    del out["code"]
    return out


def spectator(rules: RuleSet, match: MatchState) -> dict[str, Any]:
    """Deprecated: ``seen(rules, match, None).to_json()`` (which holds ``code``, ``None``)."""
    warn_deprecated("golfcore.cardgame.observation.spectator(rules, match)",
                    "call seen(rules, match, None).to_json() instead")
    out = seen(rules, match, None).to_json()
    del out["code"]
    return out


def visible_cards(rules: RuleSet, match: MatchState, seat: int | None) -> list[Card]:
    """The cards ``seat`` may see now, with their multiplicity (two decks hold each card twice):
    the face-up cards of every board, the discard's top card, and the card ``seat`` holds.
    An observation never names a card beyond these (the hidden-information guarantee)."""
    rnd = match.current
    out = [c for board in rnd.boards for c in board.visible() if c is not None]
    if rnd.discard:
        out.append(rnd.discard[-1])
    if rnd.step == HOLD and rnd.held is not None and (
            rnd.held_from != FROM_STOCK or seat == rnd.turn):
        out.append(rnd.held)
    return out


# -- reading an observation back ------------------------------------------------------------------


def _read(data: Mapping[str, Any]) -> CardObservation:
    from golfcore.cardgame.saves import result_from_json

    if not isinstance(data, Mapping):
        raise GolfError(f"a card-game observation must be a JSON object, not "
                        f"{type(data).__name__}")
    fields = set(OBSERVATION_FIELDS) | {"code"}
    unknown = sorted(map(str, set(data) - fields))
    missing = sorted(set(OBSERVATION_FIELDS) - set(data))
    if unknown or missing:
        raise GolfError("not a card-game observation: "
                        + (f"unknown field(s) {', '.join(map(repr, unknown))}" if unknown
                           else f"missing field(s) {', '.join(map(repr, missing))}"))
    if data["game"] != GAME:
        raise GolfError(f"observation 'game' must be {GAME!r}, got {data['game']!r}")
    players = _int(data["players"], "players", 2, 6)
    shape = data["shape"]
    if not (isinstance(shape, list) and len(shape) == 2):
        raise GolfError("observation 'shape' must be [rows, columns]")
    rows, columns = (_int(n, "shape", 1, 12) for n in shape)
    size = rows * columns

    def seat_or_none(value: Any, what: str) -> int | None:
        return None if value is None else _int(value, what, 0, players - 1)

    def per_seat(value: Any, what: str, low: int = -10**6) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) != players:
            raise GolfError(f"observation {what!r} must list {players} whole numbers")
        return tuple(_int(x, what, low, 10**6) for x in value)

    def seats(value: Any, what: str) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise GolfError(f"observation {what!r} must be a list of seats")
        return tuple(_int(x, what, 0, players - 1) for x in value)

    boards = data["boards"]
    if not isinstance(boards, list) or len(boards) != players or not all(
            isinstance(b, list) and len(b) == size for b in boards):
        raise GolfError(f"observation 'boards' must list {players} boards of {size} places")
    step = data["step"]
    if step not in STEPS:
        raise GolfError(f"observation 'step' must be one of {', '.join(STEPS)}, got {step!r}")
    held_data = data["held"]
    held = None
    if held_data is not None:
        if not (isinstance(held_data, Mapping) and set(held_data) == {"from", "card"}
                and held_data["from"] in (FROM_STOCK, FROM_DISCARD)):
            raise GolfError("observation 'held' must be null or {from: stock|discard, card}")
        held = Held(held_data["from"], _card(held_data["card"]))
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise GolfError("observation 'rounds' must be a list of round results")
    legal = data["legal"]
    if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
        raise GolfError("observation 'legal' must be a list of action texts")
    for name in ("over", "chosen_deal"):
        if not isinstance(data[name], bool):
            raise GolfError(f"observation {name!r} must be true or false")
    code = data.get("code")
    if code is not None and not isinstance(code, str):
        raise GolfError("observation 'code' must be a match code or null")
    if not isinstance(data["variant"], str):
        raise GolfError("observation 'variant' must be a variant name")
    return CardObservation(
        variant=data["variant"], seat=seat_or_none(data["seat"], "seat"), players=players,
        shape=(rows, columns), round=_int(data["round"], "round", 1, 10**6), step=step,
        turn=seat_or_none(data["turn"], "turn"),
        boards=tuple(tuple(_card(c) for c in board) for board in boards),
        discard=_card(data["discard"]),
        discard_count=_int(data["discard_count"], "discard_count", 0, 10**4),
        stock_count=_int(data["stock_count"], "stock_count", 0, 10**4), held=held,
        ender=seat_or_none(data["ender"], "ender"),
        last_turns=seats(data["last_turns"], "last_turns"),
        showing=per_seat(data["showing"], "showing"), totals=per_seat(data["totals"], "totals"),
        rounds=tuple(result_from_json(r, players, f"observation round {i}")
                     for i, r in enumerate(rounds, 1)),
        result=None if data["result"] is None else result_from_json(
            data["result"], players, "observation result"),
        over=data["over"], winners=seats(data["winners"], "winners"), legal=tuple(legal),
        chosen_deal=data["chosen_deal"], code=code)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GolfError(f"observation {what!r} must be a whole number from {low} to {high}, "
                        f"got {value!r}")
    return value


def _card(value: Any) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise GolfError(f"an observation's card must be text such as '9C' or null, "
                        f"got {value!r}")
    try:
        return parse_card(value)
    except CardError as exc:
        raise GolfError(f"observation: {exc}") from None


# -- everything a seat's observation is consistent with --------------------------------------------


def redeal_hidden(match: MatchState, seat: int | None, rng: random.Random) -> MatchState:
    """``match`` with every card hidden from ``seat`` (``None``: a spectator) dealt again at
    random among the places hidden from it: the face-down cards of every board, the stock, the
    discard under its top card, and a card another seat drew from the stock. What ``seat`` sees
    is unchanged (:func:`seen` gives the same observation); the deal, the scores and the rounds
    played are kept."""
    rnd = match.current
    held_hidden = (rnd.step == HOLD and rnd.held is not None and rnd.held_from == FROM_STOCK
                   and seat != rnd.turn)
    pool = [c for board in rnd.boards for c, up in zip(board.cards, board.up) if not up]
    pool += rnd.stock
    pool += rnd.discard[:-1]
    if held_hidden:
        assert rnd.held is not None
        pool.append(rnd.held)
    # sorted first: the result depends on the hidden cards as a set and on rng alone, never on
    # where they truly lie (a caller who knows rng's seed could otherwise invert the shuffle)
    pool.sort()
    rng.shuffle(pool)
    cards = iter(pool)
    boards = tuple(Board(tuple(c if up else next(cards) for c, up in zip(b.cards, b.up)), b.up)
                   for b in rnd.boards)
    stock = tuple(next(cards) for _ in rnd.stock)
    discard = tuple(next(cards) for _ in rnd.discard[:-1]) + rnd.discard[-1:]
    held = next(cards) if held_hidden else rnd.held
    return replace(match, current=replace(rnd, boards=boards, stock=stock, discard=discard,
                                          held=held))


__all__ = ["BOARD_VIEWS", "GAME", "OBSERVATION_FIELDS", "CardObservation", "Held", "board_view",
           "redeal_hidden", "seen", "visible_cards"]

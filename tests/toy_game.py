"""A tiny third-party game that satisfies golfcore's one interface (docs/interface.md), for the
contract test: "High card". Two seats are dealt one face-down card each from a deck of six
(1 to 6); the rest is the stock. Seat 0, then seat 1, either keeps its card (``keep``) or
changes it for the stock's top card (``swap``); then both cards are shown and the higher wins.
A seat sees its own card only.

``Broken`` switches on one bug at a time, so that the tests can show the contract test fails
on each: a leaking observation, a refusal that changes the game, a seed that deals differently
each time, an illegal action accepted, a resample that changes the seat's own card.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from golfcore.errors import GolfError
from golfcore.framework.variant import Variant

VARIANT = Variant(name="high-card", title="High card", rules={}, game="toy")
ACTIONS = ("keep", "swap")
MESSAGES = {
    "not-your-turn": {"es": "No es tu turno", "en": "It is not your turn"},
    "game-over": {"es": "La partida ha terminado", "en": "The game is over"},
}


@dataclass(frozen=True)
class Answer:
    accepted: bool
    reason: str | None = None
    messages: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Seen:
    """What one seat sees: its own card, the stock's size, whose turn it is, both cards at
    the end."""

    seat: int
    mine: int
    stock_count: int
    turn: int | None
    shown: tuple[int, ...] | None
    legal: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mine": self.mine, "stock_count": self.stock_count,
                "turn": self.turn, "shown": None if self.shown is None else list(self.shown),
                "legal": list(self.legal)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seen:
        shown = data["shown"]
        return cls(data["seat"], data["mine"], data["stock_count"], data["turn"],
                   None if shown is None else tuple(shown), tuple(data["legal"]))


@dataclass(frozen=True)
class State:
    cards: tuple[int, int]
    stock: tuple[int, ...]
    turn: int            # 2: over


class HighCard:
    """The game, as a third party would write it: nothing inherited from golfcore."""

    players = 2
    bugs: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, state: State) -> None:
        self.state = state

    @classmethod
    def start(cls, variant: str | Variant = VARIANT, *, seed: int | None = None,
              players: int | None = None) -> HighCard:
        if players not in (None, 2):
            raise GolfError("high card has two players")
        if "seed" in cls.bugs:
            seed = None
        deck = list(range(1, 7))
        random.Random(seed).shuffle(deck)
        return cls(State((deck[0], deck[1]), tuple(deck[2:]), 0))

    @property
    def variant(self) -> Variant:
        return VARIANT

    @property
    def is_over(self) -> bool:
        return self.state.turn == 2

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.state.turn,)

    def legal(self, seat: int) -> list[str]:
        return list(ACTIONS) if seat == self.state.turn else []

    def action_space(self) -> tuple[str, ...]:
        return ACTIONS

    def parse_action(self, text: str) -> str:
        if text not in ACTIONS:
            raise GolfError(f"unknown action {text!r}")
        return text

    def act(self, seat: int, action: str) -> Answer:
        action = self.parse_action(action)
        state = self.state
        if state.turn == 2 or seat != state.turn:
            if "accept" in self.bugs and seat in (0, 1) and state.turn != 2:
                self.state = replace(state, turn=seat + 1)
                return Answer(True)
            reason = "game-over" if state.turn == 2 else "not-your-turn"
            if "refusal-changes" in self.bugs:
                self.state = replace(state, stock=state.stock[1:] + state.stock[:1])
            return Answer(False, reason, MESSAGES[reason])
        cards = list(state.cards)
        stock = state.stock
        if action == "swap":
            cards[seat], stock = stock[0], stock[1:] + (cards[seat],)
        self.state = State((cards[0], cards[1]), stock, state.turn + 1)
        return Answer(True)

    def observation(self, seat: int) -> Seen:
        state = self.state
        over = state.turn == 2
        shown = state.cards if over else (state.cards if "leak" in self.bugs else None)
        return Seen(seat, state.cards[seat], len(state.stock), None if over else state.turn,
                    shown, tuple(self.legal(seat)))

    def returns(self) -> tuple[float, ...]:
        if not self.is_over:
            return (0.0, 0.0)
        a, b = self.state.cards
        return (1.0, -1.0) if a > b else (-1.0, 1.0)

    def result(self) -> dict[str, Any] | None:
        return {"cards": list(self.state.cards)} if self.is_over else None

    def to_json(self) -> dict[str, Any]:
        state = self.state
        return {"cards": list(state.cards), "stock": list(state.stock), "turn": state.turn}

    @classmethod
    def from_json(cls, data: Any) -> HighCard:
        if not isinstance(data, dict) or sorted(data) != ["cards", "stock", "turn"]:
            raise GolfError("not a saved high-card game")
        cards = data["cards"]
        if sorted(cards + data["stock"]) != list(range(1, 7)):
            raise GolfError("a high-card game holds the cards 1 to 6 once each")
        return cls(State((cards[0], cards[1]), tuple(data["stock"]), data["turn"]))

    def clone(self) -> HighCard:
        return copy.copy(self)

    def resample(self, seat: int, rng: random.Random) -> HighCard:
        state = self.state
        if state.turn == 2:
            hidden = list(state.stock)
            rng.shuffle(hidden)
            twin = self.clone()
            twin.state = replace(state, stock=tuple(hidden))
            return twin
        other = 1 - seat
        hidden = [state.cards[other], *state.stock]
        rng.shuffle(hidden)
        cards = list(state.cards)
        cards[other] = hidden[0]
        if "resample-own" in self.bugs:
            cards[seat], hidden[0] = hidden[0], cards[seat]
            cards[other] = hidden[0]
        twin = self.clone()
        twin.state = State((cards[0], cards[1]), tuple(hidden[1:]), state.turn)
        return twin


def broken(bug: str) -> type[HighCard]:
    """:class:`HighCard` with one bug switched on."""
    return type(f"HighCard_{bug}", (HighCard,), {"bugs": frozenset({bug})})

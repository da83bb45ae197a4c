"""TextArena's Golf table in golfcore's terms: a round set up by hand written into its state, and
golfcore's observation read back from it.

TextArena keeps a game in ``env.state.game_state``: per player a list of places row by row
(``{"card": {"rank", "suit", "value"}, "revealed": bool}``), the ``deck`` (drawn from its end),
the ``discard_pile`` (its top at the end), ``turn_phase`` (``draw``, or ``action_with_card``
while a ``drawn_card`` is held, ``took_from_discard`` saying where it came from) and, once a
player has every card face up, ``current_phase: final_round`` with the ``triggering_player``
and the turns played since (``rounds_after_knock``). Cards are named with TextArena's own
``_card_to_string`` (``10♥``, ``Q♦``), which golfcore's card notation reads; a card written
into the state is a copy of one of TextArena's own deck (``env.deck``), so its value is the one
TextArena gives it. Nothing here decides a rule: the observation reports TextArena's fields,
its own announced options as the legal actions, and its own scores once it has scored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.cards import Card
from golfcore.errors import GolfError
from golfcore.notation import parse_card

#: TextArena's turn phases as golfcore's steps.
STEPS = {"draw": "draw", "action_with_card": "hold"}
#: The steps of golfcore's rounds a TextArena game can be set to.
SETTABLE_STEPS = ("draw", "hold")

_OPTION = re.compile(r"\[(\w+)((?: [XY])*)\]")


class RoundError(GolfError):
    """A round that TextArena's state cannot hold (the reply is ``bad-input``)."""


def card_of(golf: Any, ta_card: Mapping[str, Any]) -> Card:
    """golfcore's card for one of TextArena's card dicts, named by TextArena itself."""
    return parse_card(golf._card_to_string(ta_card))


class Deck:
    """TextArena's own deck (``env.deck``), from which the cards of a round set up by hand are
    taken: a card can be placed as often as that deck holds it."""

    def __init__(self, golf: Any) -> None:
        self.golf = golf
        self.left: list[dict[str, Any]] = [dict(c) for c in golf.deck]

    def take(self, text: Any) -> dict[str, Any]:
        try:
            card = parse_card(str(text))
        except GolfError as exc:
            raise RoundError(str(exc)) from None
        for i, ta_card in enumerate(self.left):
            if card_of(self.golf, ta_card) == card:
                return self.left.pop(i)
        held = sum(1 for c in self.golf.deck if card_of(self.golf, c) == card)
        raise RoundError(f"{card}: TextArena's deck ({len(self.golf.deck)} cards) holds "
                         f"{held if held else 'no'} {'copy' if held == 1 else 'copies'} of it")


def write_round(golf: Any, rnd: Mapping[str, Any]) -> None:
    """Set the state of ``golf`` (just reset for ``len(rnd["boards"])`` players) to the round
    ``rnd`` of golfcore's protocol: boards, stock (in draw order), discard (bottom to top),
    ``turn``, ``step`` (``draw`` or ``hold`` with ``held`` and ``held_from``) and optional
    ``ender`` and ``last_turns``. :class:`RoundError` for what TextArena's state cannot hold."""
    unknown = sorted(set(rnd) - {"boards", "stock", "discard", "turn", "step", "held",
                                 "held_from", "ender", "last_turns", "first"})
    if unknown:
        raise RoundError(f"unknown round field(s) {', '.join(unknown)}")
    boards = rnd.get("boards")
    players = len(boards) if isinstance(boards, list) else 0
    deck = Deck(golf)
    places: list[list[dict[str, Any]]] = []
    for seat, board in enumerate(boards or ()):
        if not isinstance(board, list) or len(board) != golf.num_cards:
            raise RoundError(f"the board of seat {seat}: TextArena's Golf-v0 boards are "
                             f"{golf.num_rows}x{golf.num_columns} ({golf.num_cards} places)")
        row = []
        for place in board:
            if not isinstance(place, dict) or set(place) != {"card", "up"} or \
                    not isinstance(place["up"], bool):
                raise RoundError(f"the board of seat {seat}: a place is {{card, up}}")
            row.append({"card": deck.take(place["card"]), "revealed": place["up"]})
        places.append(row)
    stock = [deck.take(c) for c in _cards(rnd.get("stock"), "stock")]
    discard = [deck.take(c) for c in _cards(rnd.get("discard"), "discard")]
    turn = _seat(rnd.get("turn", 0), players, "turn")
    step = rnd.get("step", "draw")
    if step not in SETTABLE_STEPS:
        raise RoundError(f"step {step!r}: TextArena's Golf has no {step!r} step (a turn is "
                         f"'draw' then, holding a card, 'hold'; its boards are dealt with "
                         f"cards already face up)")
    if ("held" in rnd) != (step == "hold") or ("held_from" in rnd) != (step == "hold"):
        raise RoundError("a card is 'held' (with 'held_from') exactly when 'step' is 'hold'")
    held = deck.take(rnd["held"]) if step == "hold" else None
    if step == "hold" and rnd["held_from"] not in ("stock", "discard"):
        raise RoundError("held_from is 'stock' or 'discard'")
    ender = rnd.get("ender")
    last_turns = rnd.get("last_turns", [])
    if ender is not None:
        _seat(ender, players, "ender")
    if not isinstance(last_turns, list) or (last_turns and ender is None):
        raise RoundError("last_turns is a list of seats, given with the ender")
    for seat in last_turns:
        _seat(seat, players, "last_turns")

    state = golf.state.game_state
    for seat, row in enumerate(places):
        state["players"][seat]["cards"] = row
    state["deck"] = list(reversed(stock))          # TextArena draws with deck.pop()
    state["discard_pile"] = discard
    state.pop("drawn_card", None)
    state["took_from_discard"] = False
    state["turn_phase"] = "draw"
    if held is not None:
        state["drawn_card"] = held
        state["took_from_discard"] = rnd["held_from"] == "discard"
        state["turn_phase"] = "action_with_card"
    if ender is not None:
        # TextArena ends the round once it has counted players - 1 turns after the trigger:
        # the turns still to play are the seats of last_turns, from the seat to act
        state["current_phase"] = "final_round"
        state["triggering_player"] = ender
        state["rounds_after_knock"] = players - 1 - len(last_turns)
    golf.state.manually_set_current_player_id(turn)
    golf._announce_turn_options(turn)      # TextArena's own announcement of the options


def _cards(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RoundError(f"{what} is a list of cards")
    return value


def _seat(value: Any, players: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RoundError(f"{what}: {value!r} is no seat at this table (0 to {players - 1})")
    return value


def announced(golf: Any, seat: int) -> list[str]:
    """The actions TextArena last announced to ``seat`` (its ``Your options: ...`` or ``You
    must: ...`` line), as golfcore's action texts: ``[swap X Y]`` is ``replace N`` for every
    place of the board, ``[discard]`` golfcore's ``discard`` (nothing turned up). TextArena's
    actions golfcore has no word for (``[knock]``, ``[peek X Y]``) are left out."""
    from golfcore.engines.textarena.actions import GOLFCORE_OF

    for _, message, kind in reversed(golf.state.observations[seat]):
        if getattr(kind, "name", "") != "GAME_BOARD":
            continue
        options = message.rstrip().splitlines()[-1]
        out: list[str] = []
        for word, xy in _OPTION.findall(options):
            if word == "swap" and xy:
                out += [f"replace {p}" for p in range(1, golf.num_cards + 1)]
            elif word in GOLFCORE_OF and not xy:
                out.append(GOLFCORE_OF[word])
        return out
    return []


def observation(golf: Any, seat: int | None, variant: str, chosen_deal: bool,
                ended: bool, scored: bool) -> dict[str, Any]:
    """golfcore's card-game observation of ``seat`` (``None``: a spectator), read from
    TextArena's state. ``ended``: TextArena's ``step`` said the game is done; ``scored``: it
    ended by TextArena's scoring (not by an invalid move that lost the game)."""
    state = golf.state
    game = state.game_state
    players = state.num_players
    seats = range(players)
    boards = [[str(card_of(golf, p["card"])) if p["revealed"] else None
               for p in game["players"][s]["cards"]] for s in seats]
    pile: Sequence[Mapping[str, Any]] = game["discard_pile"]
    turn = None if ended else state.current_player_id
    held = None
    if not ended and "drawn_card" in game:
        source = "discard" if game.get("took_from_discard") else "stock"
        visible = source == "discard" or seat == turn
        held = {"from": source,
                "card": str(card_of(golf, game["drawn_card"])) if visible else None}
    ender = game.get("triggering_player")
    last_turns: list[int] = []
    if not ended and game.get("current_phase") == "final_round" and turn is not None:
        left = players - 1 - int(game.get("rounds_after_knock", 0))
        last_turns = [(turn + i) % players for i in range(max(left, 0))]
    totals = [int(game["players"][s]["score"]) for s in seats]
    result = None
    if scored:
        result = {"board_scores": totals, "scores": totals, "cancelled": None,
                  "ender": ender, "penalised": False}
    winners: list[int] = []
    if ended and state.rewards:
        best = max(state.rewards.values())
        winners = sorted(int(s) for s, r in state.rewards.items() if r == best)
    legal = announced(golf, seat) if seat is not None and seat == turn else []
    return {
        "game": "card-game", "variant": variant, "seat": seat, "players": players,
        "shape": [golf.num_rows, golf.num_columns], "round": 1,
        "step": "over" if ended else STEPS.get(game["turn_phase"], game["turn_phase"]),
        "turn": turn, "boards": boards,
        "discard": str(card_of(golf, pile[-1])) if pile else None,
        "discard_count": len(pile), "stock_count": len(game["deck"]), "held": held,
        "ender": ender, "last_turns": last_turns,
        "showing": totals if scored else None, "totals": totals,
        "rounds": [result] if result is not None else [], "result": result,
        "over": ended, "winners": winners, "legal": legal, "chosen_deal": chosen_deal,
        "code": None,
    }

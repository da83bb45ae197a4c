"""What the solitaire's player sees (golfcore.solitaire.observation): the columns, the waste, how
many cards the stock holds and which, never their order. The web sends it instead of the
position, and the fair chance searches from it."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from golfcore import Game, Position
from golfcore.solitaire.observation import seen_position
from golfcore.protocol.solitaire import state_of


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10 ** 6), seed=st.integers(0, 10 ** 6), moves=st.integers(0, 12))
def test_an_observation_says_nothing_of_the_stocks_order(deal, seed, moves):
    """Two positions that differ only in the stock's order are seen alike, and what is seen is
    the columns and waste as they lie and the stock's cards."""
    game = Game("app-facil", deal=deal)
    for _ in range(moves):
        if game.is_over:
            break
        game.act(0, random.Random(seed + len(game.legal(0))).choice(game.legal(0)))
    position = game.position
    order = list(position.stock)
    random.Random(seed).shuffle(order)
    other = Position(position.columns, tuple(order), position.waste)
    seen = seen_position(position)
    assert seen == seen_position(other) == seen_position(game.state)
    assert (seen.columns, seen.waste) == (position.columns, position.waste)
    assert sorted(seen.unseen) == sorted(position.stock) and seen.stock_count == len(order)
    data = seen.to_json()
    assert data["stock"] is None and data["stock_count"] == len(order)
    assert data["columns"] == position.to_json()["columns"]
    assert data["waste"] == position.to_json()["waste"]
    assert seen.position() == seen_position(other).position()     # one fixed order for any order


def test_golf_serve_and_the_web_send_the_observation_not_the_position():
    """A solitaire ``state`` is the game's own observation, code and deal beside it: the same
    for two stock orders of one position (the order is never in it)."""
    game = Game.from_code("GO1-C-AAAAAAB")
    state = state_of(game)
    assert state == {**game.observation().to_json(), "code": "GO1-C-AAAAAAB", "deal": 1}
    assert state["position"] == seen_position(game.position).to_json()
    assert state["position"]["stock"] is None and state["position"]["stock_count"] == 16
    assert state["stock"] == 16 and state["waste"] == "TH"
    full = game.summary()                          # the game's own summary keeps the order
    assert full["position"]["stock"] == [str(c) for c in game.position.stock]
    assert {k: v for k, v in full.items() if k != "position"} == \
        {k: v for k, v in state.items() if k != "position"}
    swapped = Game(game.rules, position=Position(
        game.position.columns, tuple(reversed(game.position.stock)), game.position.waste))
    assert {k: v for k, v in state_of(swapped).items() if k not in ("code", "deal")} == \
        {k: v for k, v in state.items() if k not in ("code", "deal")}

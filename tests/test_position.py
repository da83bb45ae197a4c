"""Positions: text and JSON forms that round-trip, partial layouts, and impossible positions
rejected with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from golfcore import Game, GameState, Position, deal
from golfcore.cards import JOKER, Card
from golfcore.errors import PositionError

#: PySolFC Golf deal 1 in the position text form.
DEAL1 = (Path(__file__).parent / "data" / "deal-1.txt").read_text(encoding="utf-8")


def test_text_form_of_deal_one():
    game = Game("app-clasico", deal=1)
    assert game.position.to_text() == DEAL1
    assert Position.from_text(DEAL1) == game.position


def test_documents_notation_reads():
    text = """
    # the document's worked example (APP-09), in its own words
    Mazo: 2C 3C 4S 5C 6H 7C
    Descarte: rey de tréboles
    Columna 1: 6 de tréboles, 5 de picas
    Columna 3: 10 de tréboles, as de corazones
    """
    position = Position.from_text(text)
    assert position.waste_top == Card.parse("R♣")
    assert position.free_card(3) == Card.parse("A♥")
    assert position.columns[1] == ()
    assert position.tableau_count == 4


@given(st.integers(min_value=1, max_value=26**7 - 1), st.integers(0, 60), st.integers(0, 2))
def test_round_trips(number, cut, jokers):
    """Every dealt position, and every part of one, survives text and JSON unchanged."""
    dealt = deal(number, jokers=jokers)
    cards = [c for col in dealt.columns for c in col]
    columns = [cards[i * 5:(i + 1) * 5] for i in range(7)]
    columns = [col[:max(0, len(col) - cut % 6)] for col in columns]
    position = Position.build(columns, dealt.stock[cut % 17:], dealt.talon[:1])
    assert Position.from_text(position.to_text()) == position
    assert Position.from_json(json.loads(json.dumps(position.to_json()))) == position
    assert hash(Position.from_text(position.to_text())) == hash(position)


def test_oracle_record_form_reads():
    record = {"waste": "TH", "stock": ["8H"], "columns": [["JD", "5H"]]}
    position = Position.from_json(record)
    assert position.waste == (Card.parse("TH"),)


@pytest.mark.parametrize("text, words", [
    ("1: AS AS", "duplicate card AS: it appears 2 times (column 1, column 1)"),
    ("1: AS\nstock: AS", "duplicate card AS"),
    ("1: AS 2S 3S 4S 5S 6S", "column 1 holds 6 cards: a column holds at most 5"),
    ("stock: JK JK JK", "3 jokers: a deck holds at most 2"),
    ("8: AS", "line 1: unknown key '8'"),
    ("1: AS\n1: 2S", "line 2: column 1 given twice (first on line 1)"),
    ("waste AS", "line 1: expected 'stock:', 'waste:'"),
    ("stock: AS XX", "line 1: card 2 of 2: unknown card 'XX'"),
])
def test_impossible_positions_say_why(text, words):
    with pytest.raises(PositionError) as info:
        Position.from_text(text, source="layout.txt")
    assert words in str(info.value)
    assert "layout.txt" in str(info.value)


@pytest.mark.parametrize("data, words", [
    ({"columns": [["AS"]] * 8}, "8 columns given: Golf has 7"),
    ({"colums": []}, "unknown position field(s) 'colums'"),
    ({"stock": "AS"}, "'stock' must be a list"),
    ({"columns": ["AS"]}, "column 1 must be a list of cards"),
    ({"waste": 5}, "'waste' must be a card"),
    ([], "must be a JSON object"),
])
def test_bad_json_positions(data, words):
    with pytest.raises(PositionError) as info:
        Position.from_json(data)
    assert words in str(info.value)


def test_variant_deck_checks():
    """A joker is impossible in a variant without jokers; two are fine with jokers=2."""
    position = Position.build([["JK", "9C"]], ["2D"], ["8C"])
    with pytest.raises(PositionError, match="1 jokers: this variant's deck has 0"):
        Game("cards4", position=position)
    Game("jokers", position=position)
    many = Position.build([["JK"], ["JK"]], ["2D"], ["8C"])
    with pytest.raises(PositionError, match="2 jokers: this variant's deck has 1"):
        Game("jokers", position=many)
    Game("cards4+jokers=2", position=many)


def test_empty_waste_only_where_the_rules_allow():
    position = Position.build([["9C"]], ["2D"], [])
    with pytest.raises(PositionError, match="starts with a card on the waste"):
        Game("cards4", position=position)
    assert Game("empty-waste", position=position).play(1).accepted


def test_positions_are_immutable_values():
    position = Position.from_text(DEAL1)
    with pytest.raises(AttributeError):
        position.stock = ()  # type: ignore[misc]
    assert position.after_play(1) != position
    assert position.after_play(1).free_card(1) == Card.parse("AS")
    assert position.locate(Card.parse("KH")) == (1, 3)
    assert JOKER not in position.cards()


def test_game_json_round_trip_keeps_history():
    game = Game("app-facil", deal=7)
    for move in game.legal(0)[:1] + [game.legal(0)[-1]]:
        game.act(0, move)
    saved = game.dumps()
    again = Game.from_json(saved)
    assert again.state == game.state and again.code == game.code
    assert again.undo().accepted == game.undo().accepted
    assert again.state == game.state
    assert GameState.from_json(game.state.to_json()) == game.state


def test_a_resumed_game_refuses_undo_for_the_same_reason():
    """Past the undo limit a resumed game refuses with 'undo-limit', as the live game does;
    a game with nothing before its first action refuses with 'nothing-to-undo'."""
    live = Game("app-facil+undo-limit=3", deal=4)
    for move in "2 3 draw 1 3 3".split():
        assert live.act(0, move).accepted
    resumed = Game.from_json(live.dumps())
    for _ in range(3):
        assert live.undo().accepted and resumed.undo().accepted
    assert resumed.state == live.state
    assert live.undo().reason == resumed.undo().reason == "undo-limit"
    short = Game("app-facil", deal=4)
    short.act(0, "2")
    again = Game.from_json(short.dumps())
    assert again.undo().accepted
    assert again.undo().reason == "nothing-to-undo"

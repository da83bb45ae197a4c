"""Edges of the solitaire's rules an outside engine author or a careless user trips on: two
jokers named by "JK", undo limits of 0 and 1, an empty waste in one-card-waste variants,
which refusal wins, and notation (spaced forms, errors that quote little). Each test failed
before its fix (issue 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.cards import Card
from golfcore.errors import CardError, PositionError
from golfcore.notation import parse_card, parse_cards, quote
from golfcore.solitaire import engine
from golfcore.solitaire.game import Game
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set

ROOT = Path(__file__).resolve().parent.parent


# -- 1. two jokers named by "JK" ------------------------------------------------------------------

def test_a_named_joker_plays_the_free_one():
    game = Game("cards4+jokers=2", position=Position.build([["JK", "5D"], ["7C", "JK"]], [],
                                                           ["9H"]))
    result = game.play("JK")
    assert result.accepted and result.move is not None and result.move.column == 2
    assert game.position.columns[1] == (Card.parse("7C"),)


def test_a_named_joker_that_cannot_be_played_gives_the_free_copys_reason():
    # on a king under king-ends-chain neither joker may go: the free one says why
    game = Game("cards4+jokers=2", position=Position.build([["JK", "5D"], ["7C", "JK"]], ["2C"],
                                                           ["KH"]))
    assert game.play("JK").reason == "king-ends-chain"
    covered = Game("cards4+jokers=2", position=Position.build([["JK", "5D"], ["JK", "7C"]],
                                                              ["2C"], ["KH"]))
    assert covered.play("JK").reason == "blocked-card"


# -- 2. undo-limit=0 and undo-limit=1 follow one rule ----------------------------------------------

def test_undo_limit_zero_answers_undo_limit_once_an_action_exists():
    game = Game("app-facil+undo-limit=0", deal=1)
    assert game.undo().reason == "nothing-to-undo"
    assert game.draw().accepted
    assert game.undo().reason == "undo-limit"
    assert Game.from_json(game.dumps()).undo().reason == "undo-limit"
    one = Game("app-facil+undo-limit=1", deal=1)
    one.draw(), one.draw()
    assert one.undo().accepted and one.undo().reason == "undo-limit"
    back = Game("app-facil+undo-limit=1", deal=1)
    back.draw()
    assert back.undo().accepted and back.undo().reason == "nothing-to-undo"


# -- 3. an empty waste in one-card-waste variants ------------------------------------------------

@pytest.mark.parametrize("stock, columns", [([], [["8H"]]), (["2C"], [["8H"]]), ([], [])])
def test_one_card_waste_refuses_an_empty_waste_everywhere(stock, columns):
    data = {"columns": columns, "stock": stock, "waste": []}
    position = Position.from_json(data)
    with pytest.raises(PositionError, match="waste is empty"):
        Game("app-facil", position=position)
    with pytest.raises(PositionError, match="waste is empty"):
        engine.start_position(rule_set("cards4"), position)
    saved = {"format": 1, "variant": "app-facil", "deal": None,
             "state": {"position": data, "moves": 0, "history": [], "older": False}}
    with pytest.raises(PositionError, match="waste is empty"):
        Game.from_json(saved)
    from golfcore.protocol.solitaire import start
    with pytest.raises(PositionError, match="waste is empty"):
        start({"cmd": "new", "variant": "app-facil", "position": data})
    assert Game("empty-waste", position=position).position.waste == ()


# -- 10. which refusal wins ------------------------------------------------------------------------

def test_a_card_not_on_the_tableau_after_the_end_is_refused_as_the_end():
    won = Game("app-facil", position=Position.from_text("stock: 2D\nwaste: 8C\n1: 9C"))
    assert won.play(1).accepted
    assert won.play("8C").reason == "game-won"
    assert won.play(9).reason == "game-won"
    lost = Game("app-facil", position=Position.from_text("stock: -\nwaste: 8C\n1: 5C KS"))
    result = lost.play("2S")
    assert result.reason == "no-moves"
    assert result.messages == {"es": "No quedan movimientos posibles", "en": "No moves left"}


def test_the_precedence_spec_passes():
    spec = ROOT / "specs" / "app" / "precedence.yaml"
    run = subprocess.run([sys.executable, "-m", "golfcore.cli", "conform", str(spec)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failed" in run.stdout and "13 passed" in run.stdout


# -- 11. notation: spaced forms, and errors that quote little --------------------------------------

@pytest.mark.parametrize("text, card", [("10 ♠", "TS"), ("K ♣", "KC"), ("10 S", "TS"),
                                        ("q  h", "QH"), ("A ♥️", "AH"), ("R ♣", "KC")])
def test_spaced_short_forms(text, card):
    assert parse_card(text) == Card.parse(card)


def test_spaced_short_forms_in_lists_and_positions():
    assert parse_cards("10 ♠ K ♣ AS") == tuple(map(Card.parse, ("TS", "KC", "AS")))
    assert Position.from_text("stock: 10 ♠ 2 H\nwaste: K ♣\n1: 9 D").stock == (
        Card.parse("TS"), Card.parse("2H"))
    with pytest.raises(CardError, match="card 1 of 2: unknown card '10'"):
        parse_cards("10 X")


def test_errors_quote_at_most_a_short_part_of_the_input():
    with pytest.raises(CardError) as info:
        parse_card("AS" * 1_000_000)
    assert len(str(info.value)) < 400 and "2000000 characters" in str(info.value)
    text = "stock: " + "AS " * 300_000            # a 900 kB file repeating one card
    with pytest.raises(PositionError) as info:
        Position.from_text(text)
    assert len(str(info.value)) < 300 and "stock ×300000" in str(info.value)
    with pytest.raises(PositionError) as info:
        Position.from_text("waste " + "x" * 100_000)
    assert len(str(info.value)) < 400
    nested: list = []
    for _ in range(10_000):
        nested = [nested]
    for bad in ({"columns": [[nested]]}, {"stock": [10 ** 5000]}, {"stock": "AS" * 10 ** 5},
                {"x" * 10 ** 5: 1}):
        with pytest.raises(PositionError) as info:
            Position.from_json(bad)
        assert len(str(info.value)) < 400


def test_quote_never_raises_and_stays_short():
    assert quote("XS") == "'XS'"
    for value in (10 ** 5000, -10 ** 5000, "x" * 10 ** 6, {i: [i] * 100 for i in range(100)}):
        assert len(quote(value)) < 300

"""Garbage through the Python API gets a short GolfError, never another exception: what the
hardening of the CLI and the protocol guarded at their edges, fixed where it belongs."""

from __future__ import annotations

import pytest

from golfcore import Game
from golfcore.cardgame import RuleSet as CardRules
from golfcore.errors import CodeError, GolfError, VariantError
from golfcore.shuffle import check_deal_number
from golfcore.solitaire.search.boards import BoardError, parse_board
from golfcore.solitaire.moves import Move, MoveError


@pytest.mark.parametrize("text", ["²", "❶", "1.²", "9" * 5000, "1." + "9" * 5000])
def test_digits_int_cannot_read_are_no_move(text):
    """str.isdigit() says yes to '²' and '❶', int() says no; a 5,000-digit column is no move."""
    with pytest.raises(MoveError):
        Move.parse(text)
    with pytest.raises(GolfError) as caught:
        Game.from_code("GO1-C-AAAAAAB").play(text)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("make", [lambda: Game("", deal=1), lambda: CardRules(""),
                                  lambda: Game("  ", deal=1)])
def test_an_empty_variant_name_is_refused_not_the_default(make):
    with pytest.raises(VariantError, match="non-empty"):
        make()


@pytest.mark.parametrize("name", ["x" * 100_000, "cards4+jokers=" + "9" * 5000,
                                  "cards4+" + "+".join(["jokers"] * 20_000)])
def test_a_huge_variant_name_gives_a_short_error(name):
    with pytest.raises(VariantError) as caught:
        Game(name, deal=1)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("text", [
    '{"columns": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"columns": [[' + "9" * 5000 + "]]}",
    '{"deal": ' + "9" * 5000 + ', "state": {}}',
])
def test_json_boards_python_cannot_read_are_board_errors(text):
    with pytest.raises(BoardError) as caught:
        parse_board(text, "board.json")
    assert "board.json" in str(caught.value) and len(str(caught.value)) < 300


def test_a_deal_number_of_thousands_of_digits_is_a_short_code_error():
    with pytest.raises(CodeError) as caught:
        check_deal_number(10**5000)
    assert len(str(caught.value)) < 200

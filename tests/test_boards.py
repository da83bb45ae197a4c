"""Reading boards (golfcore.solitaire.search.boards): codes, the text form, JSON and
black-hole-solver's format."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore import Game, Position  # noqa: E402
from golfcore.solitaire import engine  # noqa: E402
from golfcore.solitaire.search.boards import (  # noqa: E402
    Board, BoardError, detect_format, format_bhs, parse_bhs, parse_board, read_board)
from golfcore.solitaire.deal import deal  # noqa: E402
from golfcore.errors import CodeError, GolfError, PositionError  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402

ORACLE = ROOT / "tests" / "data" / "golf-pysolfc-1-200.jsonl"

DEAL_1_BHS = """\
Talon: 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
Foundations: TH
JD 5H KH AS 4H
2D KD 3H AH AC
9H KC 2S 3C 4D
JC 9S KS 4C 7S
5D 5S 9D 5C 3S
7H AD QD TS TD
7C QC JS QH 4S
"""


def deal_position(n: int) -> Position:
    d = deal(n)
    return Position.build(d.columns, d.stock, [d.waste_card])


def pysol_bhs(n: int, tens: bool = True) -> str:
    """Golf deal ``n`` as pysol-cards prints it (``T`` for ten, or ``10``)."""
    return PysolGame("golf", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(tens))


# -- black-hole-solver's format -------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 617, 32001])
def test_pysol_cards_bhs_output_is_golfcores_deal(n):
    for tens in (True, False):
        board = parse_board(pysol_bhs(n, tens), f"deal{n}.board")
        assert board.format == "bhs" and board.variant is None and board.deal is None
        assert board.position == deal_position(n)
        d = deal(n)
        assert board.position.columns == d.columns
        assert board.position.stock == d.stock and board.position.waste_top == d.waste_card


def test_format_bhs_writes_what_pysol_cards_writes():
    assert format_bhs(deal_position(1)) == DEAL_1_BHS == pysol_bhs(1)
    assert format_bhs(deal_position(2)) == pysol_bhs(2)


@pytest.mark.parametrize("n", [1, 2, 3, 200])
def test_bhs_round_trip(n):
    position = deal_position(n)
    assert parse_bhs(format_bhs(position)) == position


def test_bhs_round_trip_of_a_partial_position():
    position = Position.build([["JD", "5H"], [], ["9H"], [], ["5D", "5S", "9D"], [], ["JK"]],
                              ["8H", "2C"], [])
    text = format_bhs(position)
    assert "Foundations: -" in text and "\n-\n" in text
    assert parse_bhs(text) == position
    # only the waste's top card is written: the cards under it never play again
    piled = Position.build([["JD"]], ["8H"], ["2C", "TH"])
    again = parse_bhs(format_bhs(piled))
    assert again.waste == (piled.waste_top,) and again.columns == piled.columns


def test_bhs_tolerates_blank_lines_trailing_spaces_and_empty_foundations():
    messy = "\n  Talon: 8H 2C   \n\nFoundations:    \n" + "\n".join(
        line + "   " for line in DEAL_1_BHS.splitlines()[2:]) + "\n\n"
    position = parse_bhs(messy)
    assert position.waste == () and position.stock == (deal(1).stock[0], deal(1).stock[1])
    assert parse_bhs(messy.replace("Foundations:", "Foundations: -")) == position
    assert detect_format(messy) == "bhs"


@pytest.mark.parametrize("text, line, expected", [
    (DEAL_1_BHS.replace("AS 4H", "AS XH"), 3, "column 1, card 5: unknown card 'XH'"),
    (DEAL_1_BHS.replace("Foundations: TH", "Foundations: TH 9H"), 2, "expected one waste card"),
    (DEAL_1_BHS.replace("4S\n", "4S\n4H\n"), 10, "an eighth column line"),
    (DEAL_1_BHS.replace("5D 5S", "4H 5S"), 7, "duplicate card 4H: it is already in column 1 "
                                               "(line 3)"),
    (DEAL_1_BHS.replace("JD 5H", "JD QS 5H"), 3, "column 1 has 6 cards"),
    (DEAL_1_BHS.replace("7C QC JS QH 4S\n", ""), 8, "expected 7 column lines"),
    (DEAL_1_BHS + "Talon: -\n", 10, "a second 'Talon:' line (the first is line 1)"),
    (DEAL_1_BHS.replace("JD 5H KH AS 4H", "Reserve: 4H"), 3, "expected 'Talon:', 'Foundations:'"),
])
def test_bhs_errors_name_the_file_and_the_line(tmp_path, text, line, expected):
    path = tmp_path / "bad.board"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError) as info:
        read_board(str(path))
    message = str(info.value)
    assert message.startswith(f"{path}, line {line}: "), message
    assert expected in message
    assert info.value.line == line and info.value.source == str(path)
    assert isinstance(info.value, GolfError)


def test_bhs_without_a_header_says_what_is_expected():
    with pytest.raises(BoardError, match=r"^x.board: expected a 'Foundations:' line"):
        parse_board("Talon: 8H\n" + "\n".join(DEAL_1_BHS.splitlines()[2:]), "x.board")


# -- the other formats ----------------------------------------------------------------------------


def test_codes_name_their_variant_and_deal():
    board = read_board("GO1-C-AAAAAAB")
    assert board == Board("GO1-C-AAAAAAB", deal_position(1), "app-clasico", 1, "code")
    # --variant deals the code's number under another variant (here with a joker)
    jokers = read_board("go1-c-aaaaaab", variant="jokers")
    assert jokers.variant == "jokers" and jokers.deal == 1
    assert jokers.position == engine.start_deal(rule_set("jokers"), 1).position
    with pytest.raises(CodeError, match="'GO1-C-AAAA'"):
        read_board("GO1-C-AAAA")


def test_text_form_and_golf_deal_headers(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(deal_position(1).to_text(), encoding="utf-8")
    board = read_board(str(path))
    assert board == Board(str(path), deal_position(1), None, None, "text")
    # what `golf deal` prints: the text form under comments naming the code, variant and deal
    shown = "# code: GO1-C-AAAAAAC\n# variant: app-clasico (App, Clásico)\n# deal: 2\n"
    path.write_text(shown + deal_position(2).to_text(), encoding="utf-8")
    board = read_board(str(path))
    assert (board.variant, board.deal, board.format) == ("app-clasico", 2, "text")
    assert board.position == deal_position(2)


def test_text_form_errors_name_the_file_and_the_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(deal_position(1).to_text().replace("4H\n", "4X\n", 1), encoding="utf-8")
    with pytest.raises(PositionError, match=rf"^{path}, line 3: .*'4X'"):
        read_board(str(path))


def test_json_position_saved_game_summary_and_oracle_record(tmp_path):
    position = deal_position(2)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position.to_json()), encoding="utf-8")
    assert read_board(str(path)) == Board(str(path), position, None, None, "json")

    game = Game("cards4", deal=2)
    game.act(0, "3")
    game.draw()
    path.write_text(game.dumps(), encoding="utf-8")
    board = read_board(str(path))
    assert (board.position, board.variant, board.deal) == (game.position, "cards4", 2)

    path.write_text(json.dumps(Game("app-clasico", deal=2).summary()), encoding="utf-8")
    board = read_board(str(path))
    assert (board.position, board.variant, board.deal) == (position, "app-clasico", 2)

    record = ORACLE.read_text(encoding="utf-8").splitlines()[1]
    path.write_text(record, encoding="utf-8")
    board = read_board(str(path))
    assert (board.position, board.variant, board.deal) == (position, None, 2)


def test_json_errors(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "columns": [],\n  "stock": [,]\n}\n', encoding="utf-8")
    with pytest.raises(BoardError, match=rf"^{path}, line 3: not valid JSON"):
        read_board(str(path))
    path.write_text('{"colums": []}', encoding="utf-8")
    with pytest.raises(BoardError, match=r"unknown: 'colums'.*expected a position"):
        read_board(str(path))
    path.write_text('{"columns": [["4H", "4H"]]}', encoding="utf-8")
    with pytest.raises(PositionError, match=rf"^{path}: duplicate card 4H"):
        read_board(str(path))


def test_detection_stdin_and_missing_inputs(tmp_path):
    assert detect_format(DEAL_1_BHS) == "bhs"
    assert detect_format(deal_position(1).to_text()) == "text"
    assert detect_format("talon: 8H\nfoundations: TH\n1: 4H\n") == "text"
    assert detect_format(' {"columns": []}') == "json"
    assert detect_format("GO1-E-AAAAAAB\n") == "code"
    board = read_board("-", stdin=io.StringIO(DEAL_1_BHS))
    assert board.source == "-" and board.position == deal_position(1)
    path = tmp_path / "code.txt"
    path.write_text("GO1-C-AAAAAAC\n", encoding="utf-8")
    assert read_board(str(path)).variant == "app-clasico"
    with pytest.raises(BoardError, match="^nothing-here: no such file, and not a game code"):
        read_board("nothing-here")
    with pytest.raises(BoardError, match="is a folder"):
        read_board(str(tmp_path))
    (tmp_path / "empty").write_text("\n\n", encoding="utf-8")
    with pytest.raises(BoardError, match="empty input"):
        read_board(str(tmp_path / "empty"))

"""Rules about a whole board in the card game: the house bonuses golfcore ships as optional rules
(``square-bonus``, ``joker-pair``, through ``golf_board_adjustment``), a third party's own
adjustment and cancelling lines (board places numbered from 1, as in every action), and bots
that still play legally under them."""

from __future__ import annotations

import pytest

from golfcore.cardgame.bots import find_bot
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import board_score
from golfcore.errors import PluginError
from golfcore.framework.variant import Rule

from registries import with_rules
from test_cardgame_engine import board, play, table

# 2x3 boards, seat 0 about to end the round by replacing its last face-down card (place 6).
FIVES = "5C 5D ~KS / 5H 5S ~9D"


def _showing(variant: str) -> int:
    """What the table sees of seat 0's board once it has put an eight at place 6."""
    match = table(variant, [FIVES.replace("/", ""), "~AC ~2C ~3C ~4C ~6C ~7C"],
                  stock="8H 8D 8C", discard="TC")
    play(match, 0, "draw", "replace 6")
    return int(match.observation(1).to_json()["showing"][0])


def test_a_square_of_one_rank_counts_minus_20_in_six_card_golf():
    """The two columns of fives count 0 (a pair in a column) and their square adds -20; the
    king at place 3 is still face down, the eight at place 6 counts 8."""
    assert _showing("six-card") == 8
    assert _showing("six-card+square-bonus") == -20 + 8
    assert _showing("six-card+square-bonus=-30") == -30 + 8


def test_the_bonus_counts_only_face_up_cards_while_a_round_is_played():
    match = table("six-card+square-bonus", ["5C 5D ~KS ~5H 5S ~9D", "~AC ~2C ~3C ~4C ~6C ~7C"],
                  stock="8H 8D 8C", discard="TC")
    assert match.observation(1).showing[0] == 5        # 5C, and the pair of column 2: no square
    rules = RuleSet("six-card+square-bonus")
    whole = board("5C 5D KS 5H 5S 9D")
    assert board_score(rules, whole) == -20 + 0 + 9


def test_a_pair_of_jokers_counts_minus_10():
    rules = RuleSet("six-card+joker-pair")
    assert board_score(rules, board("JK 3C 4C JK 3D 9D")) == -10 + 0 + 4 + 9
    # jokers in two columns make no pair
    assert board_score(rules, board("JK JK 4C 3C 3D 9D")) == (-2 + 3) + (-2 + 3) + (4 + 9)
    both = RuleSet("six-card+joker-pair=-5+square-bonus")
    assert board_score(both, board("JK JK 4C JK JK 9D")) == -20 - 5 - 5 + 4 + 9


def test_bots_play_legal_rounds_under_the_bonuses():
    variant = "six-card+square-bonus+joker-pair"
    match = Match(variant, players=2, seed=5)
    bots = [find_bot("greedy")(variant, 0, 1), find_bot("random")(variant, 1, 2)]
    while match.observation(0).to_json()["step"] != "over":
        seat = match.state.current.turn
        assert match.act(seat, bots[seat].act(match.observation(seat).to_json())).accepted


# -- a third party's board rules -------------------------------------------------------------------


class Corners(Rule):
    """The four corners of a 3x3 board count 0 when they are of one rank."""

    name = "corners"
    slot = "corners"
    summary = "the corners are a line"
    places_from = 1

    @hookimpl
    def golf_cancelling_lines(self, rows, columns, options):
        return [(1, columns, (rows - 1) * columns + 1, rows * columns)]


class ZeroBased(Rule):
    name = "zero-based"
    slot = "corners"
    summary = "a line numbered from 0"
    places_from = 1              # it says so, and yet answers place 0

    @hookimpl
    def golf_cancelling_lines(self, rows, columns, options):
        return [(0, 1)]


class Fractional(Rule):
    name = "fractional"
    slot = "bonus"
    summary = "half a point"

    @hookimpl
    def golf_board_adjustment(self, rows, options):
        return 0.5


def test_a_third_party_line_names_places_from_1_as_the_actions_do():
    """A rule that says places_from = 1 (the current API) is held to it; one that does not is
    a rule written for golfcore 0.1 (tests/test_plugin_compat.py)."""
    reg = with_rules(Corners, ZeroBased, Fractional, game="card-game")
    rules = RuleSet("card-golf+corners", reg=reg)
    corners = board("7C 2D 7H 3S 9D 4C 7S KD 7D")
    assert board_score(rules, corners) == 2 + 3 + 9 + 4 + 0
    with pytest.raises(PluginError, match="golf_cancelling_lines answered \\(0, 1\\): a line is "
                                          "two or more board places, numbered from 1 to 9"):
        RuleSet("card-golf+zero-based", reg=reg)
    half = RuleSet("card-golf+fractional", reg=reg)
    with pytest.raises(PluginError, match="golf_board_adjustment answered 0.5: expected a whole "
                                          "number of points"):
        board_score(half, corners)


class Recorder(Rule):
    """Keeps every ``rows`` its ``golf_board_adjustment`` is given (and adjusts nothing)."""

    name = "recorder"
    slot = "bonus"
    summary = "records the boards it is asked about"
    seen: list = []

    @hookimpl
    def golf_board_adjustment(self, rows, options):
        Recorder.seen.append(rows)
        return 0


def test_golf_board_adjustment_is_given_rows_as_its_docstring_says():
    """``rows`` (golfcore.cardgame.hookspecs, docs/plugins.md): the board row by row, the
    shape's rows of the shape's columns, ``rows[r][c]`` place r × columns + c + 1, each a Card
    (cards on a cancelled line too) or None for a face-down card in a running score."""
    from golfcore.cards import Card

    Recorder.seen.clear()
    rules = RuleSet("card-golf+shape=2x4+recorder",
                    reg=with_rules(Recorder, game="card-game"))
    assert rules.shape == (2, 4)
    cards = "7C 2D 3H 4S 7S 9D JH KD"           # places 1 and 5 (a column of sevens) cancel
    board_score(rules, board(cards))
    [rows] = Recorder.seen
    assert isinstance(rows, list) and [len(row) for row in rows] == [4, 4]
    assert all(isinstance(row, tuple) for row in rows)
    flat = [card for row in rows for card in row]
    assert flat == [Card.parse(t) for t in cards.split()]
    assert all(isinstance(card, Card) for card in flat)
    assert rows[1][0] == Card.parse("7S")       # place 5 = 1 × 4 + 0 + 1
    board_score(rules, board("7C ~2D 3H 4S ~7S 9D JH KD"), visible_only=True)
    shown = [card for row in Recorder.seen[-1] for card in row]
    assert shown[1] is None and shown[4] is None and shown[0] == Card.parse("7C")

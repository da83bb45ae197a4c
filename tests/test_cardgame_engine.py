"""Golf, the card game: the engine against the document's own words (CG-01 .. CG-09).

Every test cites the rule it checks in its docstring; ``RULES.md`` has the rules and the
project's decisions. Positions are set up by hand (boards written as text, ``~`` before a card
that is face down) and played through real actions, as a player would: the tests read what the
player sees (observations, round results, totals, refusals), not the engine's internals.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from golfcore.cardgame import actions as a
from golfcore.cardgame import engine, saves
from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import SHAPES, Board
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import board_score, cancelled_places
from golfcore.cardgame.state import DRAW, HOLD, REVEAL, RoundState
from golfcore.cards import JOKER, STANDARD_DECK, Card
from golfcore.errors import GolfError
from golfcore.notation import parse_card

# -- setting up positions by hand ----------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """``"AC 2D JK"`` → the cards."""
    return tuple(parse_card(t) for t in text.split())


def board(text: str) -> Board:
    """A board written row by row: ``"AC 2C ~3C ..."``, ``~`` marking a face-down card."""
    items = text.split()
    return Board(tuple(parse_card(t.lstrip("~")) for t in items),
                 tuple(not t.startswith("~") for t in items))


def table(variant: str, boards: list[str], stock: str, discard: str, *, turn: int = 0,
          step: str = DRAW, totals: tuple[int, ...] | None = None, **fields) -> Match:
    """A match of ``variant`` whose current round is the one given (seat 0 first)."""
    rnd = RoundState(boards=tuple(board(b) for b in boards), stock=cards(stock),
                     discard=cards(discard), turn=turn, step=step, first=turn, rng=12345,
                     **fields)
    match = Match(variant, round_state=rnd, seed=1)
    if totals is not None:
        match = Match(variant, state=replace(match.state, totals=totals))
    return match


def play(match: Match, seat: int, *actions: str) -> None:
    """``seat`` takes each action in turn; every one must be accepted."""
    for action in actions:
        result = match.act(seat, action)
        assert result.accepted, (seat, action, result.reason)


def snapshot(match: Match) -> dict:
    """Everything the referee knows, as plain JSON (to compare before and after)."""
    return saves.to_json(match.state)


# -- CG-08: values -------------------------------------------------------------------------------

DOCUMENT_VALUES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12,
                   13: 0, 0: -3}
SIX_CARD_VALUES = {1: 1, 2: -2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10,
                   12: 10, 13: 0, 0: -2}


@pytest.mark.parametrize("variant, expected", [("card-golf", DOCUMENT_VALUES),
                                               ("six-card", SIX_CARD_VALUES)])
def test_every_card_value(variant, expected):
    """CG-08: «El as vale 1, las cartas del 2 al 10 valen su valor nominal, la sota vale 11,
    la reina 12, el rey 0 y el comodín -3»; six-card golf: 2 = -2, jack and queen 10, king 0,
    joker -2. Every card of the 108-card shoe (CG-01) has its value, whatever its suit."""
    rules = RuleSet(variant)
    assert Counter(rules.deck) == Counter(STANDARD_DECK * 2 + (JOKER,) * 4)
    assert len(rules.deck) == 108
    for card in set(rules.deck):
        assert rules.values[card] == expected[card.rank], card


def test_values_add_up_on_a_board_without_lines():
    """CG-08: a board with no line of equal cards scores the sum of its cards' values
    (A 2 3 / 10 J Q / K JK 9 = 1+2+3+10+11+12+0-3+9 = 45)."""
    rules = RuleSet("card-golf")
    assert board_score(rules, board("AC 2D 3H TS JC QD KH JK 9S")) == 45
    # six-card values on a 2x3 board: A 2 J / Q K JK = 1 - 2 + 10 + 10 + 0 - 2 = 17
    assert board_score(RuleSet("six-card"), board("AC 2D JH QS KC JK")) == 17


# -- CG-05: lines of equal cards count 0 ---------------------------------------------------------


def test_whole_rows_and_columns_count_zero():
    """CG-05: a trio of equal rank filling a whole row or a whole column counts 0; suits do not
    matter («cartas del mismo valor»)."""
    rules = RuleSet("card-golf")
    assert board_score(rules, board("7C 7D 7H 2C 3C 4C 5C 6C 8C")) == 2 + 3 + 4 + 5 + 6 + 8
    assert board_score(rules, board("9C 2C 3C 9D 4C 5C 9S 6C 8C")) == 2 + 3 + 4 + 5 + 6 + 8
    # a pair filling a whole column of a 2x3 board, a quartet a whole row of a 3x4 board
    assert board_score(RuleSet("card-golf+shape=2x3"), board("QC 2C 3C QD 4C 5C")) == 14
    assert board_score(RuleSet("card-golf+shape=3x4"),
                       board("JC JD JH JS AC 2C 3C 4C 5C 6C 7C 8C")) == 36


def test_a_part_of_a_line_does_not_count_zero():
    """CG-05: only a *whole* row, column or diagonal counts 0: two queens in a row of three
    count 24."""
    rules = RuleSet("card-golf")
    assert board_score(rules, board("QC QD 2H 3C 4C 5C 6C 8C 9C")) == 24 + 2 + 3 + 4 + 5 + 6 + 8 + 9


@pytest.mark.parametrize("shape", SHAPES)
def test_diagonals_count_on_square_boards_only(shape):
    """CG-05 and its decision: diagonals exist only on square boards (2x2 and 3x3): equal cards
    on the places a diagonal would take on a 2x3, 2x4 or 3x4 board still count."""
    rows, cols = shape
    rules = RuleSet(f"card-golf+shape={rows}x{cols}")
    diagonal = {i * cols + i for i in range(rows)}
    filler = iter(cards("AC 2C 3C 4C 5C 6C 8C 9C TC JC QC AD 2D"))
    layout = [parse_card("7S") if p in diagonal else next(filler) for p in range(rows * cols)]
    zero = set(cancelled_places(rules, layout))
    if rows == cols:
        assert zero == diagonal
    else:
        assert zero == set()
    expected_lines = rows + cols + (2 if rows == cols else 0)
    assert len(rules.lines) == expected_lines


def test_both_diagonals_of_a_square_board():
    """CG-05: «diagonalmente»: on a 3x3 board both the main and the anti-diagonal count 0."""
    rules = RuleSet("card-golf")
    assert board_score(rules, board("5C 2C 3C 4C 5D 6C 8C 9C 5H")) == 2 + 3 + 4 + 6 + 8 + 9
    assert board_score(rules, board("2C 3C 5C 4C 5D 6C 5H 8C 9C")) == 2 + 3 + 4 + 6 + 8 + 9


def test_a_card_on_two_lines_counts_zero_once():
    """CG-05: a card on a full row and a full column counts 0, once: the other cards still
    count in full (nothing is subtracted twice)."""
    rules = RuleSet("card-golf")
    # row 1 and column 1 are all eights: 5 places cancelled, the four others count
    layout = board("8C 8D 8H 8S 2C 3C 8C 4C 6C")
    assert sorted(cancelled_places(rules, layout.cards)) == [0, 1, 2, 3, 6]
    assert board_score(rules, layout) == 2 + 3 + 4 + 6


def test_jokers_in_a_line():
    """CG-05 and CG-08: two jokers are cards of equal value, so a whole line of jokers counts 0
    (losing their -3 each); a joker is no wild card: it does not complete a line of fives."""
    rules = RuleSet("card-golf")
    assert board_score(rules, board("JK JK JK 2C 3C 4C 6C 8C 9C")) == 2 + 3 + 4 + 6 + 8 + 9
    assert board_score(rules, board("JK 5C 5D 2C 3C 4C 6C 8C 9C")) == -3 + 10 + 32
    six = RuleSet("six-card")
    assert board_score(six, board("JK 3C 4C JK 5C 6C")) == 3 + 4 + 5 + 6


def test_six_card_counts_pairs_in_columns_only():
    """CG-05 (six-card golf): a pair in a column counts 0; a row of equal cards does not."""
    rules = RuleSet("six-card")
    assert board_score(rules, board("9C 2C 3C 9D 4C 5C")) == -2 + 3 + 4 + 5
    assert board_score(rules, board("9C 9D 9H 2C 3C 4C")) == 27 + -2 + 3 + 4


def test_a_face_down_card_completes_no_line_during_play():
    """CG-05 and CG-06: during play a line with a face-down card does not count 0 (what the
    table sees, ``showing``, counts only face-up cards); at the end of the round every card is
    turned up and the line counts 0."""
    match = table("card-golf", ["7C 7D ~7H 2C 3C 4C 5C 6C ~8C",
                                "~AC ~AD ~AH ~AS ~2D ~2H ~2S ~3D ~3H"],
                  stock="TC TD TH", discard="QC")
    obs = match.observation(1).to_json()
    assert obs["showing"] == [7 + 7 + 2 + 3 + 4 + 5 + 6, 0]
    assert obs["boards"][0][2] is None
    # seat 0 turns up its last card but one, then the eight: the row of sevens then counts 0
    play(match, 0, "draw", "discard 3")
    assert match.observation(1).to_json()["showing"][0] == 2 + 3 + 4 + 5 + 6
    play(match, 1, "draw", "discard 1")
    play(match, 0, "draw", "discard 9")  # seat 0 has turned up every card: seat 1's last turn
    play(match, 1, "draw", "discard 2")
    result = match.state.current.result
    assert match.round_over and result is not None
    assert result.board_scores[0] == 2 + 3 + 4 + 5 + 6 + 8
    assert result.cancelled[0] == (0, 1, 2)


# -- CG-06, CG-07: the end of a round and the ender's penalty ------------------------------------

ALICIA, ROBERTO, CIRIACO = 0, 1, 2


def _three_players(variant: str, alicia: str, roberto: str, ciriaco: str) -> Match:
    return table(variant, [alicia, roberto, ciriaco], stock="7H 7S 7C 6H 6S", discard="TC")


def _last_turns(match: Match, alicia_place: int, roberto_place: int, ciriaco_place: int) -> None:
    """Alicia turns up her last card (she draws and discards the drawn card, CG-04); then
    Roberto and Ciriaco play their one last turn each (CG-06)."""
    play(match, ALICIA, "draw", f"discard {alicia_place}")
    obs = match.observation(ROBERTO).to_json()
    assert obs["ender"] == ALICIA and obs["last_turns"] == [ROBERTO, CIRIACO]
    assert not match.round_over
    play(match, ROBERTO, "draw", f"discard {roberto_place}")
    assert not match.round_over and match.turn == CIRIACO
    play(match, CIRIACO, "draw", f"discard {ciriaco_place}")
    assert match.round_over


def test_first_worked_example_eleven_against_nine_and_seventeen():
    """CG-07: «si Alicia termina con 11 puntos mientras Roberto tenía 9 y Ciriaco 17, Alicia gana
    un total de 11 * 2 = 22 puntos». CG-06: once she has turned up every card, Roberto and
    Ciriaco play one last turn each, then every card is turned up and scored."""
    match = _three_players(
        "card-golf",
        alicia="AC 2C 3C KC KD 4C KH KS ~AD",       # 1+2+3+4+1 = 11
        roberto="2D 3D 4D KD ~KH KS 8H 8S ~8D",     # 9: kings and eights fill rows
        ciriaco="5C 5H 5S ~9D 8C KC QC QD ~QS")     # 17: fives and queens fill rows
    _last_turns(match, 9, 5, 4)
    result = match.state.current.result
    assert result.board_scores == (11, 9, 17)
    assert result.scores == (22, 9, 17)
    assert result.ender == ALICIA and result.penalised
    assert match.totals == (22, 9, 17)
    obs = match.observation(ROBERTO).to_json()
    assert obs["result"]["scores"] == [22, 9, 17]
    assert all(card is not None for b in obs["boards"] for card in b)  # all turned up


def test_second_worked_example_four_against_five_and_three():
    """CG-07: «si Alicia termina con 4 points mientras Roberto tenía 5 y Ciriaco 3, Alicia gana
    un total de 4 + 10 = 14 puntos» (doubling gives only 8: the greater of the two applies)."""
    match = _three_players(
        "card-golf",
        alicia="KC KD KH AC 3C JK AD ~2C KS",       # 0 + (1+3-3) + (1+2+0) = 4
        roberto="QC QD QH JC ~JD JH 2H 3H ~KC",     # 5
        ciriaco="TC TD TH 9C ~9S 9H AH ~2S KH")     # 3
    _last_turns(match, 8, 5, 5)
    result = match.state.current.result
    assert result.board_scores == (4, 5, 3)
    assert result.scores == (14, 5, 3)
    assert result.penalised and match.totals == (14, 5, 3)


def test_the_lowest_ender_keeps_their_score():
    """CG-07: «debe asegurarse de que es el que menos puntos tiene»: an ender who is lowest
    scores their board, no penalty."""
    match = _three_players(
        "card-golf",
        alicia="QC QD QH JC JD JH 2H 3H ~KC",       # 5
        roberto="2D 3D 4D KD ~KH KS 8H 8S ~8D",     # 9
        ciriaco="5C 5H 5S ~9D 8C KC QC QD ~QS")     # 17
    _last_turns(match, 9, 5, 4)
    result = match.state.current.result
    assert result.scores == result.board_scores == (5, 9, 17)
    assert not result.penalised


@pytest.mark.parametrize("variant, expected", [("card-golf", 5),
                                               ("card-golf+ender-penalty=ties", 15)])
def test_a_tie_for_lowest(variant, expected):
    """CG-07 and its decision: a tie for lowest counts as lowest (no penalty) by default; with
    ``ender-penalty=ties`` the tied ender is penalised too: max(2 x 5, 5 + 10) = 15."""
    match = table(variant, ["QC QD QH JC JD JH 2H 3H ~KC", "QC QD QH JC ~JD JH 2H 3H ~KC"],
                  stock="7H 7S", discard="TC")
    play(match, 0, "draw", "discard 9")
    play(match, 1, "draw", "discard 5")
    result = match.state.current.result
    assert result.board_scores == (5, 5)
    assert result.scores == (expected, 5)
    assert result.penalised == (expected != 5)


def test_only_the_ender_is_penalised_and_others_may_finish_in_their_last_turn():
    """CG-06 and CG-07: a player who turns up every card in their last turn does not end the
    round again: the penalty is the first player's alone."""
    match = table("card-golf", ["QC QD QH JC JD JH 9H 9S ~KC", "2C 2D 2H 3C 3D 3H 4C 4D ~AS"],
                  stock="7H 7S", discard="TC")
    play(match, 0, "draw", "discard 9")   # 18
    play(match, 1, "draw", "discard 9")   # 9, and every card of seat 1 is up too
    result = match.state.current.result
    assert result.ender == 0 and result.board_scores == (18, 9)
    assert result.scores == (36, 9)


# -- refusals ------------------------------------------------------------------------------------


def _over_round(variant: str) -> Match:
    """A two-player round one turn each from its end."""
    match = table(variant, ["QC QD QH JC JD JH 9H 9S ~KC", "2C 2D 2H 3C 3D 3H 4C 4D ~AS"],
                  stock="7H 7S 6C", discard="TC")
    play(match, 0, "draw", "discard 9")
    play(match, 1, "draw", "discard 9")
    assert match.round_over
    return match


def _fresh(variant: str = "card-golf", players: int = 2) -> Match:
    return Match(variant, players=players, seed=11)


def _holding(how: str, variant: str = "card-golf") -> Match:
    match = _fresh(variant)
    play(match, 0, how)
    return match


def _one_up() -> Match:
    """Seat 0 on turn, holding a card drawn from the stock, with place 1 face up."""
    match = table("card-golf", ["AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="TC TD", discard="JC")
    play(match, 0, "draw")
    return match


#: (what is tried, the position, the seat, the action, the reason expected)
REFUSALS = [
    ("anything once the match is over", lambda: _over_round("card-golf+holes=1"), 0, "draw",
     a.MATCH_OVER),
    ("next once the match is over", lambda: _over_round("card-golf+holes=1"), 0, "next",
     a.MATCH_OVER),
    ("acting after the round ended", lambda: _over_round("card-golf"), 0, "draw", a.ROUND_OVER),
    ("replacing after the round ended", lambda: _over_round("card-golf"), 1, "replace 1",
     a.ROUND_OVER),
    ("next while the round is played", _fresh, 0, "next", a.ROUND_NOT_OVER),
    ("a seat beyond the table", _fresh, 2, "draw", a.NO_SUCH_SEAT),
    ("a negative seat", _fresh, -1, "draw", a.NO_SUCH_SEAT),
    ("out of turn", _fresh, 1, "draw", a.NOT_YOUR_TURN),
    ("drawing before turning up cards (six-card)", lambda: _fresh("six-card"), 0, "draw",
     a.MUST_REVEAL),
    ("reveal once the turns have begun", _fresh, 0, "reveal 1", a.NOT_REVEALING),
    ("replace before drawing", _fresh, 0, "replace 1", a.MUST_DRAW_FIRST),
    ("discard before drawing", _fresh, 0, "discard 1", a.MUST_DRAW_FIRST),
    ("drawing while holding", lambda: _holding("draw"), 0, "draw", a.ALREADY_HOLDING),
    ("taking while holding", lambda: _holding("take"), 0, "take", a.ALREADY_HOLDING),
    ("a place past the board", lambda: _holding("draw"), 0, "replace 10", a.NO_SUCH_PLACE),
    ("place 0", lambda: _holding("draw"), 0, "replace 0", a.NO_SUCH_PLACE),
    ("discarding onto a place past the board", lambda: _holding("draw"), 0, "discard 99",
     a.NO_SUCH_PLACE),
    ("turning up a face-up card", _one_up, 0, "discard 1", a.ALREADY_FACE_UP),
    ("revealing a card twice (six-card)", lambda: _after_one_reveal(), 0, "reveal 2",
     a.ALREADY_FACE_UP),
    ("discarding a card taken from the discard", lambda: _holding("take"), 0, "discard 1",
     a.TAKEN_FROM_DISCARD),
    ("discarding a drawn card under must-replace",
     lambda: _holding("draw", "card-golf+must-replace"), 0, "discard 1", a.DISCARD_NOT_ALLOWED),
    ("discarding without saying which card to turn up (CG-04)",
     lambda: _holding("draw"), 0, "discard", a.NEEDS_PLACE),
    ("naming a card to turn up where discarding ends the turn",
     lambda: _holding("draw", "card-golf+discard-ends-turn"), 0, "discard 1", a.TAKES_NO_PLACE),
    ("taking from an empty discard pile",
     lambda: table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                 "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="TC TD",
                   discard=""), 0, "take", a.DISCARD_EMPTY),
    ("drawing from an empty stock (a round set up by hand)",
     lambda: table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                 "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="",
                   discard="JC"), 0, "draw", a.STOCK_EMPTY),
]


def _after_one_reveal() -> Match:
    match = _fresh("six-card")
    play(match, 0, "reveal 2")
    return match


def test_the_refusal_table_covers_every_reason():
    """Every reason code the engine can give (actions.REASONS) is triggered below at least
    once."""
    assert {reason for *_, reason in REFUSALS} == set(a.REASONS)


@pytest.mark.parametrize("what, setup, seat, action, reason", REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_refusals_change_nothing_and_explain_themselves(what, setup, seat, action, reason):
    """CG-03, CG-04 (and the engine's refusal contract): an illegal action is refused with its
    reason code and a message in Spanish and in English, both real sentences (not the code),
    and the match is exactly as it was."""
    match = setup()
    before = snapshot(match)
    state = match.state
    legal = engine.legal_actions(match.rules, state, seat)
    result = match.act(seat, action)
    assert not result.accepted and not result
    assert result.reason == reason
    assert set(result.messages) == {"es", "en"}
    for text in result.messages.values():
        assert text and text.strip() and text != reason
    assert result.messages["es"] != result.messages["en"]
    assert result.state is state and match.state is state
    assert snapshot(match) == before
    assert Action.parse(action) not in legal
    # the pure function gives the same answer
    assert engine.refusal(match.rules, state, seat, Action.parse(action)) == reason


def test_the_document_words_for_a_card_taken_from_the_discard():
    """CG-04: «No está permitido descartarse inmediatamente de la carta tomada del descarte»."""
    match = _holding("take")
    result = match.act(0, "discard 1")
    assert "descartarse inmediatamente de la carta tomada del descarte" in result.messages["es"]


def test_must_replace_lists_no_discard():
    """CG-04 under ``must-replace``: after drawing, only replacing is offered."""
    match = _holding("draw", "card-golf+must-replace")
    assert {x.kind for x in match.legal(0)} == {a.REPLACE}
    plain = _holding("draw")
    assert {x.kind for x in plain.legal(0)} == {a.REPLACE, a.DISCARD}
    taken = _holding("take")
    assert {x.kind for x in taken.legal(0)} == {a.REPLACE}


PRECEDENCE = [
    ("match-over before no-such-seat", lambda: _over_round("card-golf+holes=1"), 7, "draw",
     a.MATCH_OVER),
    ("no-such-seat before round-over", lambda: _over_round("card-golf"), 5, "draw",
     a.NO_SUCH_SEAT),
    ("no-such-seat before round-not-over", _fresh, 3, "next", a.NO_SUCH_SEAT),
    ("round-over before not-your-turn", lambda: _over_round("card-golf"), 1, "take",
     a.ROUND_OVER),
    ("round-not-over before not-your-turn", _fresh, 1, "next", a.ROUND_NOT_OVER),
    ("not-your-turn before must-draw-first", _fresh, 1, "replace 1", a.NOT_YOUR_TURN),
    ("not-your-turn before not-revealing", _fresh, 1, "reveal 1", a.NOT_YOUR_TURN),
    ("must-reveal before no-such-place", lambda: _fresh("six-card"), 0, "replace 99",
     a.MUST_REVEAL),
    ("must-draw-first before no-such-place", _fresh, 0, "discard 99", a.MUST_DRAW_FIRST),
    ("already-holding before discard-empty",
     lambda: table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                 "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="TC TD",
                   discard="JC"), 0, None, a.ALREADY_HOLDING),
    ("taken-from-discard before no-such-place", lambda: _holding("take"), 0, "discard 99",
     a.TAKEN_FROM_DISCARD),
    ("discard-not-allowed before already-face-up", lambda: _must_replace_one_up(), 0,
     "discard 1", a.DISCARD_NOT_ALLOWED),
]


def _must_replace_one_up() -> Match:
    match = table("card-golf+must-replace", ["AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                             "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"],
                  stock="TC TD", discard="JC")
    play(match, 0, "draw")
    return match


@pytest.mark.parametrize("what, setup, seat, action, reason", PRECEDENCE,
                         ids=[p[0] for p in PRECEDENCE])
def test_refusal_precedence(what, setup, seat, action, reason):
    """When two refusals apply, the engine gives the first in the order of its documentation
    (match, seat, round, turn, step, card and place)."""
    match = setup()
    if action is None:  # take the only discard card, so that the pile is empty, then take again
        play(match, seat, "take")
        assert match.state.current.discard == ()
        action = "take"
    before = snapshot(match)
    result = match.act(seat, action)
    assert result.reason == reason
    assert snapshot(match) == before


def test_malformed_actions_raise():
    """Actions that mean nothing are errors, not refusals: a front end's mistake, said plainly."""
    match = _fresh()
    for bad in ("fly", "replace", "replace x", "draw 3", {"type": "jump"},
                {"type": "replace"}, {"type": "draw", "place": 1}, 42):
        with pytest.raises(GolfError) as info:
            match.act(0, bad)
        assert str(info.value)
    assert snapshot(match) == snapshot(_fresh())


# -- CG-03, CG-04: a turn -------------------------------------------------------------------------


def test_a_turn_replaces_a_card_and_discards_the_old_one():
    """CG-03: draw from the stock (or take the discard's top card), replace a board card, face
    up or face down, with it face up; the replaced card goes to the discard."""
    match = table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="TC TD", discard="JC")
    play(match, 0, "draw")
    obs0, obs1 = match.observation(0).to_json(), match.observation(1).to_json()
    assert obs0["held"] == {"from": "stock", "card": "TC"}
    assert obs1["held"] == {"from": "stock", "card": None}  # only the drawer sees it
    play(match, 0, "replace 5")
    obs = match.observation(1).to_json()
    assert obs["boards"][0][4] == "TC" and obs["discard"] == "5C" and obs["turn"] == 1
    play(match, 1, "take", "replace 1")  # takes the 5C seat 0 discarded
    obs = match.observation(0).to_json()
    assert obs["boards"][1][0] == "5C" and obs["discard"] == "AD"
    # a face-up card may be replaced too
    play(match, 0, "take", "replace 5")
    seen = match.observation(1).to_json()
    assert seen["boards"][0][4] == "AD" and seen["discard"] == "TC"


def test_discarding_a_drawn_card_turns_up_a_face_down_one():
    """CG-04: a card drawn from the stock may be discarded at once, but then one face-down card
    of the board must be turned up."""
    match = table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="TC TD", discard="JC")
    play(match, 0, "draw", "discard 3")
    obs = match.observation(1).to_json()
    assert obs["discard"] == "TC" and obs["boards"][0][2] == "3C"
    assert sum(card is not None for card in obs["boards"][0]) == 1


# -- the stock running out -----------------------------------------------------------------------


def _last_stock_card(variant: str) -> Match:
    return table(variant, ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                           "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"],
                 stock="TC", discard="JC JD JH QC QD")


def test_an_empty_stock_is_refilled_from_the_discard_under_its_top_card():
    """CG-03 (``reshuffle-discard``): when a turn leaves the stock empty, the discard pile but
    its top card is shuffled into a new stock; the top card stays; no card is lost or made."""
    match = _last_stock_card("card-golf")
    before = Counter(match.state.current.cards())
    play(match, 0, "draw", "replace 1")
    rnd = match.state.current
    assert rnd.discard == cards("AC")
    assert Counter(rnd.stock) == Counter(cards("JC JD JH QC QD"))
    assert Counter(rnd.cards()) == before
    assert rnd.step == DRAW and match.turn == 1 and not match.round_over
    obs = match.observation(1).to_json()
    assert obs["stock_count"] == 5 and obs["discard_count"] == 1
    # the same position reshuffles the same way (the shuffle is seeded, a match code re-deals it)
    again = _last_stock_card("card-golf")
    play(again, 0, "draw", "replace 1")
    assert again.state.current.stock == rnd.stock
    play(match, 1, "draw")
    assert match.observation(1).to_json()["held"]["card"] == str(rnd.stock[0])


def test_stock_out_ends_round():
    """CG-06 with ``stock-out-ends-round``: the round ends at once when the stock runs out;
    every card is turned up and scored, nobody ended it, so nobody is penalised."""
    match = _last_stock_card("card-golf+stock-out-ends-round")
    play(match, 0, "draw", "replace 1")
    assert match.round_over
    result = match.state.current.result
    assert result.ender is None and not result.penalised
    assert result.board_scores == (10 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9, 45)
    assert result.scores == result.board_scores
    assert match.totals == result.scores
    assert match.legal(1) == [Action(a.NEXT)]


def test_stock_out_after_the_round_was_ended_keeps_the_penalty():
    """CG-06 and CG-07 with ``stock-out-ends-round``: when a player had already turned up every
    card, the round still ends as soon as the stock runs out (seat 2 gets no last turn) and that
    player's penalty applies."""
    match = table("card-golf+stock-out-ends-round",
                  ["QC QD QH JC JD JH 9H 9S ~KC", "2C 2D 2H 3C 3D 3H 4C ~4D ~AS",
                   "5C 5D 5H 6C 6D 6H 2S 3S ~KS"],
                  stock="7H 7S", discard="TC")
    play(match, 0, "draw", "discard 9")  # seat 0 ends the round with 18
    assert not match.round_over and match.observation(1).to_json()["last_turns"] == [1, 2]
    play(match, 1, "draw", "discard 8")  # the stock's last card: the round ends here
    assert match.round_over
    result = match.state.current.result
    assert result.ender == 0 and result.board_scores == (18, 9, 5)
    assert result.scores == (36, 9, 5) and result.penalised


# -- six-card golf: two cards turned up at the start, nine holes ---------------------------------


def test_six_card_turns_up_two_cards_each_before_the_first_turn():
    """Six-card golf (CG-02 setup): before the first turn each player, in turn, turns up two
    cards of their choice; then the first player draws."""
    match = Match("six-card", players=3, seed=7)
    assert match.observation(0).to_json()["step"] == REVEAL
    assert match.legal(0) == [Action(a.REVEAL, p) for p in range(6)]
    assert match.legal(1) == [] and match.legal(2) == []
    for seat, places in ((0, (1, 5)), (1, (2, 3)), (2, (4, 6))):
        assert match.turn == seat
        play(match, seat, *(f"reveal {p}" for p in places))
    obs = match.observation(1).to_json()
    assert obs["step"] == DRAW and obs["turn"] == 0
    for seat, places in ((0, (1, 5)), (1, (2, 3)), (2, (4, 6))):
        shown = [i + 1 for i, card in enumerate(obs["boards"][seat]) if card is not None]
        assert shown == list(places)
    assert [str(x) for x in match.legal(0)] == ["draw", "take"]


def _play_simply(match: Match, rnd: random.Random) -> None:
    """Play the current round to its end with random legal actions."""
    while not match.round_over:
        seat = match.turn
        legal = match.legal(seat)
        play(match, seat, str(rnd.choice(legal)))


def test_six_card_is_nine_holes():
    """CG-09 (six-card golf, ``holes=9``): the match ends after the ninth round, whatever the
    totals; the deal and the first turn go round the table; the lowest total wins."""
    match = Match("six-card", players=3, seed=5)
    rnd = random.Random(5)
    for number in range(1, 10):
        assert match.state.round_number == number
        assert match.turn == (number - 1) % 3
        _play_simply(match, rnd)
        assert match.is_over == (number == 9)
        if number < 9:
            assert match.winners == ()
            play(match, 0, "next")
    assert len(match.state.results) == 9
    assert match.totals == tuple(sum(r.scores[s] for r in match.state.results) for s in range(3))
    low = min(match.totals)
    assert match.winners == tuple(s for s in range(3) if match.totals[s] == low)
    assert match.act(0, "next").reason == a.MATCH_OVER


# -- CG-09: the point limit ----------------------------------------------------------------------


def _final_round(variant: str, totals: tuple[int, ...]) -> Match:
    """Three players; seat 0 ends the round with 18 (penalised to 36 unless lowest), seats 1
    and 2 score 5 each."""
    match = table(variant, ["QC QD QH JC JD JH 9H 9S ~KC", "2C 2D 2H 3C 3D 3H 4C AD ~KD",
                            "5C 5D 5H 6C 6D 6H 2S 3S ~KS"],
                  stock="7H 7S 7C", discard="TC", totals=totals)
    play(match, 0, "draw", "discard 9")
    play(match, 1, "draw", "discard 9")
    play(match, 2, "draw", "discard 9")
    assert match.round_over
    assert match.state.current.result.scores == (36, 5, 5)
    return match


def test_the_match_ends_when_a_player_reaches_the_limit_and_ties_share_the_win():
    """CG-09: «El ganador de la partida es el que tiene la menor puntuación cuando se alcanza el
    límite de puntos establecido, por ejemplo 100»: 70 + 36 reaches 100; seats 1 and 2 are tied
    for lowest and share the win."""
    match = _final_round("card-golf", (70, 40, 40))
    assert match.totals == (106, 45, 45)
    assert match.is_over and match.winners == (1, 2)
    obs = match.observation(1).to_json()
    assert obs["over"] and obs["winners"] == [1, 2]
    assert match.legal(0) == [] and match.act(0, "next").reason == a.MATCH_OVER


def test_exactly_the_limit_ends_the_match():
    """CG-09: reaching the limit is enough: 64 + 36 = 100 ends the match; the lowest wins."""
    match = _final_round("card-golf", (64, 40, 41))
    assert match.totals == (100, 45, 46)
    assert match.is_over and match.winners == (1,)


def test_below_the_limit_the_next_round_is_dealt():
    """CG-09: below the limit the match goes on: ``next`` deals round 2, its first turn to the
    next seat, every board face down again."""
    match = _final_round("card-golf", (10, 40, 41))
    assert not match.is_over and match.winners == ()
    play(match, 2, "next")
    obs = match.observation(0).to_json()
    assert obs["round"] == 2 and obs["turn"] == 1 and obs["step"] == DRAW
    assert all(card is None for b in obs["boards"] for card in b)
    assert obs["totals"] == [46, 45, 46]
    assert len(obs["rounds"]) == 1


def test_a_lower_point_limit():
    """CG-09 «límite de puntos establecido»: ``point-limit=40`` ends at 40."""
    match = _final_round("card-golf+point-limit=40", (4, 0, 0))
    assert match.totals == (40, 5, 5) and match.is_over and match.winners == (1, 2)


def test_hold_step_keeps_one_card_in_hand():
    """CG-03: between the two actions of a turn exactly one card is held, by the player on
    turn; nobody else may act."""
    match = _fresh()
    play(match, 0, "take")
    assert match.state.current.step == HOLD
    assert match.legal(1) == []
    assert match.observation(1).to_json()["held"]["from"] == "discard"
    assert match.observation(1).held == match.observation(0).held


def test_every_listed_action_is_accepted_even_with_an_empty_stock():
    """CG-03 (``reshuffle-discard``: «a turn never starts with an empty stock»): a position a
    spec or a save may set up with an empty stock must not crash the engine: every action
    ``legal_actions`` lists is accepted (or the position is refused when it is set up)."""
    match = table("card-golf", ["~AC ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C",
                                "~AD ~2D ~3D ~4D ~5D ~6D ~7D ~8D ~9D"], stock="",
                  discard="JC JD JH")
    for action in match.legal(0):
        assert engine.act(match.rules, match.state, 0, action).accepted, action

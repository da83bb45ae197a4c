"""One test (or a few) per rule of RULES.md, in the documents' own examples where they give one."""

from __future__ import annotations

import pytest

from golfcore import Game, Position, find_variant
from golfcore.cards import Card
from golfcore.solitaire.moves import (BLOCKED_CARD, DRAW_NOT_ALLOWED, EMPTY_COLUMN, GAME_WON,
                            KING_ENDS_CHAIN, NO_MOVES, NOT_ADJACENT, NOTHING_TO_UNDO,
                            STOCK_EMPTY, UNDO_LIMIT, Move)
from golfcore.solitaire.scoring import Round
from golfcore.solitaire.state import Outcome

# The layout the app's document lists for GO1-E-AAAAAAB (APP-05). Its code cannot reproduce it
# (RULES.md APP-16 decision), so it is given card by card, as the document gives it. The
# document names the 35 tableau cards, the waste and the first card drawn (8♠); the other 15
# stock cards are the remaining ones in suit-then-rank order.
APP_COLUMNS = [
    "6 de tréboles, 5 de picas, reina de picas, 10 de picas, 6 de corazones",
    "2 de picas, rey de tréboles, 4 de picas, 2 de tréboles, 8 de tréboles",
    "10 de tréboles, as de corazones, 2 de diamantes, 5 de diamantes, jota de picas",
    "3 de diamantes, reina de corazones, as de picas, rey de diamantes, 4 de tréboles",
    "jota de corazones, 3 de tréboles, 7 de diamantes, 8 de corazones, 9 de tréboles",
    "10 de corazones, 4 de corazones, 7 de corazones, 7 de tréboles, 8 de diamantes",
    "3 de picas, 7 de picas, 3 de corazones, 9 de picas, 5 de tréboles",
]


def app_opening() -> Position:
    from golfcore.cards import STANDARD_DECK
    from golfcore.notation import parse_cards

    used = {c for col in APP_COLUMNS for c in parse_cards(col)} | {Card.parse("AC")}
    rest = [c for c in STANDARD_DECK if c not in used and c != Card.parse("8S")]
    text = "descarte: as de tréboles\n"
    text += "mazo: " + " ".join(["8S"] + [str(c) for c in rest]) + "\n"
    text += "".join(f"columna {i}: {c}\n" for i, c in enumerate(APP_COLUMNS, start=1))
    return Position.from_text(text)


def test_app_opening_is_a_full_deal():
    """APP-01: 35 tableau cards in 7 columns of 5, one waste card, 16 stock cards."""
    position = app_opening()
    assert position.tableau_count == 35
    assert len(position.stock) == 16 and len(position.waste) == 1


def test_app05_worked_example():
    """APP-05: A♣ on the waste, no free card fits; draw 8♠; 9♣ (col 5), then 8♣ (col 2)."""
    game = Game("app-facil", position=app_opening())
    assert [m for m in game.legal(0) if not m.is_draw] == []
    assert game.draw().card == Card.parse("8♠")
    first = game.play(5)
    assert first.accepted and first.card == Card.parse("9♣")
    second = game.play(2)
    assert second.accepted and second.card == Card.parse("8♣")
    position = game.position
    assert len(position.stock) == 15
    assert position.waste_top == Card.parse("8 de tréboles")
    assert position.free_card(2) == Card.parse("2 de tréboles")
    assert position.free_card(5) == Card.parse("8 de corazones")
    assert game.moves == 3


def test_app06_messages_and_nothing_changes():
    """APP-06: 6♥ on A♣ does not fit; 10♠ (row 4 of column 1) is blocked; nothing changes."""
    game = Game("app-facil", position=app_opening())
    before = game.state
    refused = game.play("6♥")
    assert not refused.accepted and refused.reason == NOT_ADJACENT
    assert refused.messages["es"] == "Debe ser de un valor superior o inferior"
    blocked = game.play("1.4")
    assert blocked.reason == BLOCKED_CARD and blocked.card == Card.parse("10♠")
    assert blocked.messages["es"] == "Esta carta está bloqueada"
    assert game.play("10 de picas").reason == BLOCKED_CARD
    assert game.state is before and game.moves == 0


APP09 = """
mazo: 2C 3C 4S 5C 6H 7C
descarte: rey de tréboles
columna 1: 6 de tréboles, 5 de picas
columna 2: 2 de picas
columna 3: 10 de tréboles, as de corazones
columna 4: 3 de diamantes
columna 5: jota de corazones
columna 6: 10 de corazones, 4 de corazones
columna 7: 3 de picas, 7 de picas
"""


def test_app09_ace_on_king_facil_only():
    """APP-08/09: A♥ of column 3 onto K♣: accepted in Fácil, refused in Clásico."""
    position = Position.from_text(APP09)
    assert position.tableau_count == 11 and len(position.stock) == 6
    facil = Game("app-facil", position=position)
    assert facil.play(3).accepted
    clasico = Game("app-clasico", position=position)
    refused = clasico.play(3)
    assert refused.reason == NOT_ADJACENT


def test_app08_facil_sequence_queen_king_ace_two():
    """APP-08: in Fácil Q→K→A→2 is a valid sequence."""
    position = Position.build([["QS"], ["KD"], ["AH"], ["2C"]], ["5D"], ["JC"])
    game = Game("app-facil", position=position)
    for column in (1, 2, 3, 4):
        assert game.play(column).accepted
    assert game.outcome is Outcome.WON


def test_app08_clasico_stops_at_both_ends():
    """APP-08: Clásico: on a king only a queen, on an ace only a 2."""
    on_king = Game("app-clasico", position=Position.build([["AH"], ["QS"]], ["5D"], ["KD"]))
    assert on_king.play(1).reason == NOT_ADJACENT
    assert on_king.play(2).accepted
    on_ace = Game("app-clasico", position=Position.build([["KH"], ["2S"]], ["5D"], ["AD"]))
    assert on_ace.play(1).reason == NOT_ADJACENT
    assert on_ace.play(2).accepted


def test_app11_won_with_stock_left():
    """APP-11, C4-10: won as soon as the columns are empty, even with stock cards left."""
    game = Game("app-facil", position=Position.build([["9C"]], ["2D", "3D"], ["8C"]))
    assert game.play(1).accepted
    assert game.outcome is Outcome.WON
    assert game.legal(0) == []
    assert game.draw().reason == GAME_WON
    assert game.score.value == 350


def blocked_after(removed: int, variant: str = "app-facil") -> Game:
    """A game where ``removed`` cards were played and the rest cannot move: the stock is empty
    and the waste is a king, which in Fácil takes only a queen or an ace."""
    pool = [Card(rank, suit) for rank in range(3, 12) for suit in "CDHS"]  # 3 to jack
    left = pool[:35 - removed]
    columns = [left[i * 5:(i + 1) * 5] for i in range(7)]
    return Game(variant, position=Position.build(columns, [], ["KC"]))


@pytest.mark.parametrize("removed, points", [(31, 270), (30, 250), (25, 150), (17, 0)])
def test_app14_blocked_scores(removed, points):
    """APP-14: blocked after r removals: 10r − 10(35−r), floored at 0."""
    game = blocked_after(removed)
    assert game.outcome is Outcome.LOST
    assert game.score.value == points


def test_app12_blocked_message():
    """APP-12: blocked: «No quedan movimientos posibles»; every action is refused with it."""
    game = blocked_after(30)
    result = game.play(1)
    assert result.reason == NO_MOVES
    assert result.messages["es"] == "No quedan movimientos posibles"
    assert game.summary()["messages"]["es"] == "No quedan movimientos posibles"


def test_app15_undo_after_block_removes_penalty_counter_stays():
    """APP-15: undo after a block reverts the move and the penalty; the counter never drops."""
    position = Position.build([["5C", "9D"], ["KS"]], ["2H"], ["8C"])
    game = Game("app-facil", position=position)
    assert game.play(1).accepted                      # 9♦ on 8♣: +10
    assert game.score.value == 330                    # 33 removed, 2 left
    assert game.draw().accepted                       # 2♥: nothing fits, stock empty
    assert game.outcome is Outcome.LOST
    assert game.score.value == 330 - 20               # blocked with 2 left: −20
    assert game.undo().accepted
    assert game.outcome is Outcome.PLAYING
    assert game.score.value == 330                    # the penalty is gone
    assert game.moves == 2
    assert game.undo().accepted and game.moves == 2
    assert game.score.value == 320                    # the 9♦'s points are gone
    assert game.undo().reason == NOTHING_TO_UNDO


def test_app15_undo_limit_is_the_variants():
    """APP-15: the app keeps 100 actions; with the option set to 2, a third undo is refused."""
    assert Game("app-facil", deal=5).rules.undo_limit == 100
    game = Game("app-facil+undo-limit=2", deal=5)
    for _ in range(3):
        assert game.draw().accepted
    assert game.undo().accepted and game.undo().accepted
    refused = game.undo()
    assert refused.reason == UNDO_LIMIT and refused.messages["en"]
    assert game.moves == 3
    assert game.draw().accepted and game.undo().accepted  # a new action can be undone again


def test_app07_draw_any_time_counts_as_move_scores_nothing():
    """APP-07: drawing is allowed with a move available; it counts as a move, scores nothing."""
    position = Position.build([["9C"], ["4D"]], ["2D", "3D"], ["8C"])
    game = Game("app-facil", position=position)
    before = game.score.value
    assert game.draw().accepted
    assert game.moves == 1 and game.score.value == before


def test_c404_no_second_pass():
    """C4-04: an empty stock cannot be drawn from; no redeal."""
    game = Game("cards4", position=Position.build([["9C", "5D"]], [], ["5C"]))
    assert game.draw().reason == STOCK_EMPTY or game.outcome is not Outcome.PLAYING


def test_c402_empty_column_stays_empty():
    """C4-02: an empty column cannot be played from or filled."""
    game = Game("cards4", position=Position.build([["9C"], []], ["2D"], ["8C"]))
    assert game.play(2).reason == EMPTY_COLUMN


def test_c405_same_rank_does_not_play():
    """C4-05: on a 7 an uncovered 6 or 8 plays, another 7 does not; suit changes nothing."""
    game = Game("cards4", position=Position.build([["7H"], ["6C"], ["8D"]], ["2D"], ["7S"]))
    assert game.play(1).reason == NOT_ADJACENT
    assert {m.column for m in game.legal(0) if not m.is_draw} == {2, 3}


def test_c406_chain_changes_direction():
    """C4-06: 7→6→5→6→7, removing a 6 uncovers a 5 that then plays."""
    position = Position.build([["7D", "6S"], ["5C", "6H"], ["9D"]], ["2D"], ["7C"])
    game = Game("cards4", position=position)
    assert game.play(2).accepted       # 6♥ on 7♣, uncovers 5♣
    assert game.play(2).accepted       # 5♣ on 6♥
    assert game.play(1).accepted       # 6♠ on 5♣
    assert game.play(1).accepted       # 7♦ on 6♠
    assert game.position.waste_top == Card.parse("7D")


def test_c407_ace_only_on_two_and_king_ends_chain():
    """C4-07: ace on 2 and 2 on ace; no king–ace link; a king plays on a queen, then nothing."""
    game = Game("cards4", position=Position.build([["QH", "KS"], ["AC"], ["JD"]], ["2S"], ["QC"]))
    assert game.play(1).accepted                       # K♠ on Q♣
    refused = game.play(1)                             # Q♥ on K♠: refused
    assert refused.reason == KING_ENDS_CHAIN
    assert refused.messages["es"] == "No se puede jugar ninguna carta sobre un rey"
    assert game.play(2).reason == KING_ENDS_CHAIN      # nor an ace
    assert [str(m) for m in game.legal(0)] == ["draw"]
    assert game.draw().accepted                        # 2♠
    assert game.play(2).accepted                       # A♣ on 2♠


def test_c408_king_from_stock_or_starting_waste():
    """C4-08: the king restriction holds for a king that starts the waste or comes from the stock;
    stock left → draw; stock empty → blocked."""
    start = Game("cards4", position=Position.build([["QH"]], ["3S"], ["KC"]))
    assert start.play(1).reason == KING_ENDS_CHAIN
    assert start.draw().accepted
    from_stock = Game("cards4", position=Position.build([["QH", "8S"]], ["KD"], ["9C"]))
    assert from_stock.draw().accepted
    assert from_stock.outcome is Outcome.LOST          # stock empty, 8♠ may not go on K♦
    assert from_stock.play(1).reason == NO_MOVES
    with_stock = Game("cards4", position=Position.build([["QH", "8S"]], ["KD", "7C"], ["9C"]))
    assert with_stock.draw().accepted
    assert with_stock.play(1).reason == KING_ENDS_CHAIN
    assert [str(m) for m in with_stock.legal(0)] == ["draw"]
    relaxed = Game("relaxed", position=Position.build([["8S", "QH"]], ["KD"], ["9C"]))
    assert relaxed.draw().accepted and relaxed.play(1).accepted  # a queen on a king is fine


def test_c408_last_card_king_wins():
    """C4-08: a king that is the last tableau card, played on a queen, wins at once."""
    game = Game("cards4", position=Position.build([["KH"]], ["3S"], ["QC"]))
    assert game.play(1).accepted
    assert game.outcome is Outcome.WON


def test_c410_play_after_stock_empty():
    """C4-10: an empty stock does not end the game: on a 4 a 3, then 2, then ace still play."""
    game = Game("cards4", position=Position.build([["AS", "2D", "3C"]], [], ["4H"]))
    assert game.outcome is Outcome.PLAYING
    for _ in range(3):
        assert game.play(1).accepted
    assert game.outcome is Outcome.WON


def test_app17_traditional_draws_only_when_stuck():
    """APP-17: the strict rule allows a draw only when no move is possible."""
    game = Game("traditional", position=Position.build([["9C"], ["2H"]], ["4D", "5D"], ["8C"]))
    refused = game.draw()
    assert refused.reason == DRAW_NOT_ALLOWED
    assert refused.messages["es"] == "Solo se puede robar cuando no hay ningún movimiento posible"
    assert game.play(1).accepted          # 9♣
    assert game.draw().accepted           # now stuck: 2♥ does not fit on 9♣


def test_c413_strokes_and_round():
    """C4-13: stuck: a stroke a card left; cleared: minus one per unused stock card. Nine holes
    make a round; par 45 (APP-17)."""
    stuck = Game("traditional", position=Position.build([["2H", "9S"], ["JD"]], [], ["5C"]))
    assert stuck.outcome is Outcome.LOST and stuck.score.value == 3
    cleared = Game("traditional", position=Position.build([["9C"]], ["2D", "3D"], ["8C"]))
    assert cleared.score.value is None
    cleared.play(1)
    assert cleared.score.value == -2
    rnd = Round()
    for strokes in (3, -2, 5, 7, 0, 4, 6, 8, 10):
        rnd = rnd.add(strokes)
    assert rnd.complete and rnd.total == 41 and rnd.to_par == -4
    with pytest.raises(ValueError):
        rnd.add(1)


def test_c413_cards4_records_won_or_lost_only():
    game = Game("cards4", position=Position.build([["9C"]], ["2D"], ["8C"]))
    game.play(1)
    assert game.outcome is Outcome.WON
    assert game.score.kind == "result" and game.score.value is None


def test_c412_putt_putt_and_relaxed():
    """C4-12: Putt Putt links ace and king both ways; relaxed allows a queen on a king."""
    putt = Game("putt-putt", position=Position.build([["AH"], ["QS"]], ["2D"], ["KC"]))
    assert {m.column for m in putt.legal(0) if not m.is_draw} == {1, 2}
    relaxed = Game("relaxed", position=Position.build([["AH"], ["QS"]], ["2D"], ["KC"]))
    assert {m.column for m in relaxed.legal(0) if not m.is_draw} == {2}
    cards4 = Game("cards4", position=Position.build([["AH"], ["QS"]], ["2D"], ["KC"]))
    assert {m.column for m in cards4.legal(0) if not m.is_draw} == set()


def test_app18_jokers():
    """APP-18: a joker stands for any card: it plays on anything, anything plays on it; the
    king that ends the chain still refuses it."""
    game = Game("jokers", position=Position.build([["4D", "JK"], ["KS"]], ["2D"], ["8C"]))
    assert game.play(1).accepted                 # joker on 8♣
    assert game.play(2).accepted                 # K♠ on the joker
    assert game.play(1).reason == KING_ENDS_CHAIN
    two = Game("cards4+jokers=2", deal=1)
    assert two.position.cards()[Card(0, "")] == 2
    assert len(two.position.stock) + two.position.tableau_count + len(two.position.waste) == 54


def test_app18_empty_waste():
    """APP-18: the waste starts empty and the first card is chosen; the 36th card is drawn first."""
    empty = Game("empty-waste", deal=1)
    plain = Game("cards4", deal=1)
    assert empty.position.waste == ()
    assert len(empty.position.stock) == 17
    assert empty.position.stock[1:] == plain.position.stock
    assert {m.column for m in empty.legal(0) if not m.is_draw} == set(range(1, 8))
    assert empty.draw().accepted
    assert empty.position == plain.position


def test_two_variants_side_by_side():
    """No global plugin manager: two rule sets in one process answer differently."""
    position = Position.from_text(APP09)
    a, b = Game("app-facil", position=position), Game("app-clasico", position=position)
    assert Move.play(3) in a.legal(0)
    assert Move.play(3) not in b.legal(0)
    assert a.rules.pm is not b.rules.pm


def test_variant_lookup_aliases_and_composition():
    assert find_variant("Fácil").name == "app-facil"
    assert find_variant("clasico").name == "app-clasico"
    composed = find_variant("cards4+jokers=2")
    assert composed.rules["jokers"] == "jokers" and composed.params["jokers"] == 2
    assert find_variant("traditional+draw-any-time").rules["draw"] == "draw-any-time"


@pytest.mark.parametrize("spec, words", [
    ("nope", "unknown variant 'nope'"),
    ("cards4+jokers=3", "bad value '3' for 'jokers'"),
    ("cards4+draw-any-time+draw-when-stuck", "conflicting options"),
    ("cards4+ranks-circular", "conflicting options"),
    ("cards4+nope", "unknown rule 'nope'"),
    ("cards4+won-lost=2", "takes no value"),
    ("app-facil+undo-limit=-1", "bad value '-1'"),
    ("cards4+", "bad modifier"),
])
def test_variant_errors(spec, words):
    from golfcore.errors import VariantError

    with pytest.raises(VariantError, match=words.replace("+", r"\+").replace("(", r"\(")):
        find_variant(spec)


def test_codes_pick_variants():
    """APP-16: E Fácil, C Clásico, N (legacy) read as Fácil; the same code deals the same cards."""
    assert Game.from_code("GO1-E-AAAAAAB").variant.name == "app-facil"
    assert Game.from_code("GO1-C-AAAAAAB").variant.name == "app-clasico"
    legacy = Game.from_code("GO1-N-AAAAAAB")
    assert legacy.variant.name == "app-facil"
    assert legacy.position == Game.from_code("GO1-E-AAAAAAB").position
    assert Game("app-clasico", deal=1).code == "GO1-C-AAAAAAB"
    assert Game("cards4+jokers=2", deal=1).code is None

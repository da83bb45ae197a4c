"""Golf, the card game: the :class:`~golfcore.cardgame.match.Match` façade a front end holds.

Match codes re-deal the same match; saved matches come back exactly and every corrupted save
is refused with a message saying what is wrong; what a player or a spectator is shown never
holds a face-down card, and a spectator never sees the card a player drew from the stock.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import SHAPES, Board, format_shape
from golfcore.cardgame.match import Match
from golfcore.cardgame.observation import OBSERVATION_FIELDS
from golfcore.cardgame.state import RoundState
from golfcore.errors import CodeError, GolfError, VariantError
from golfcore.notation import parse_card


def play_randomly(match: Match, steps: int, rnd: random.Random) -> list[tuple[int, str]]:
    """Up to ``steps`` random legal actions (``next`` between rounds); the actions taken."""
    taken = []
    for _ in range(steps):
        if match.is_over:
            break
        seat = match.turn if match.turn is not None else rnd.randrange(match.players)
        action = str(rnd.choice(match.legal(seat)))
        result = match.act(seat, action)
        assert result.accepted, (seat, action, result.reason)
        taken.append((seat, action))
    return taken


def all_views(match: Match) -> list[dict]:
    return [match.observation(seat).to_json() for seat in [*range(match.players), None]]


# -- match codes ---------------------------------------------------------------------------------


def test_the_code_of_the_documents_game():
    """A match code names the variant's letter, the players, the board and the seed: the
    document's game for two players on 3x3 boards with seed 1 is GC1-G233-AAAAAAB."""
    match = Match("card-golf", players=2, seed=1)
    assert match.code == "GC1-G233-AAAAAAB"
    assert match.referee()["code"] == "GC1-G233-AAAAAAB"
    assert Match("six-card", players=4, seed=100).code == "GC1-S423-AAAAADW"
    assert Match("card-golf+players=4", seed=3).code == "GC1-G433-AAAAAAD"


@pytest.mark.parametrize("variant, players, seed", [
    ("card-golf", 2, 1), ("card-golf", 6, 26**7 - 1), ("six-card", 3, 12345),
    ("card-golf+shape=2x4", 4, 100), ("card-golf+shape=3x4", 5, 7), ("six-card+shape=3x3", 2, 9),
    ("card-golf+shape=2x2", 3, 2),
])
def test_a_code_re_deals_the_same_match(variant, players, seed):
    """Entering a match's code deals exactly the same match: every seat's observation, the
    spectator's view and the referee's record (hidden cards included) are equal, and stay equal
    when both are played the same way, into later rounds."""
    original = Match(variant, players=players, seed=seed)
    again = Match.from_code(original.code)
    assert again.code == original.code
    assert again.variant.name == original.variant.name
    assert again.rules.shape == original.rules.shape
    assert all_views(again) == all_views(original)
    assert again.referee() == original.referee()
    for seat, action in play_randomly(original, 400, random.Random(seed)):
        assert again.act(seat, action).accepted
    assert again.referee() == original.referee()
    assert all_views(again) == all_views(original)
    # lower case and surrounding spaces read the same
    assert Match.from_code(f"  {original.code.lower()} ").referee() == \
        Match(variant, players=players, seed=seed).referee()


@pytest.mark.parametrize("shape", SHAPES)
def test_codes_carry_shapes_other_than_the_default(shape):
    """A code holds the board's rows and columns: a 2x4 board of the document's game, or a 3x3
    board of six-card golf, comes back as that variant with that shape; the variant's default
    shape comes back as the plain variant."""
    rows, cols = shape
    for base, letter, default in (("card-golf", "G", (3, 3)), ("six-card", "S", (2, 3))):
        match = Match(f"{base}+shape={format_shape(shape)}", players=3, seed=42)
        assert match.code == f"GC1-{letter}3{rows}{cols}-AAAAABQ"
        back = Match.from_code(match.code)
        assert back.rules.shape == shape
        assert len(back.observation(0).to_json()["boards"][0]) == rows * cols
        expected = base if shape == default else f"{base}+shape={format_shape(shape)}"
        assert back.variant.name == expected
        assert back.to_json()["match"] == match.to_json()["match"]


def test_a_variant_with_other_options_has_no_code():
    """Only the variant's letter, shape and players fit in a code: a match under other options
    (a point limit, must-replace ...) has no code rather than a code that re-deals another game."""
    assert Match("card-golf+point-limit=50", players=2, seed=1).code is None
    assert Match("card-golf+must-replace", players=2, seed=1).code is None
    assert Match("card-golf+must-replace", players=2, seed=1).referee()["code"] is None


def test_players_see_the_code_only_once_the_match_is_over():
    """A match code holds the seed, from which every hidden card can be dealt again: no
    observation and no spectator view carries it while the match is played; once it is over,
    everyone may see it (to replay the match)."""
    match = Match("card-golf+shape=2x2", players=2, seed=5)
    rnd = random.Random(5)
    while not match.is_over:
        assert all(view["code"] is None for view in all_views(match))
        play_randomly(match, 1, rnd)
    assert len(match.state.results) >= 1
    assert all(view["code"] == "GC1-G222-AAAAAAF" for view in all_views(match))


@pytest.mark.parametrize("code, error, says", [
    ("", CodeError, "GC1-"),
    ("GC1-G233", CodeError, "not of the form"),
    ("GO1-C-AAAAAAB", CodeError, "not of the form"),
    ("GC1-G23-AAAAAAB", CodeError, "table part 'G23'"),
    ("GC1-G833-AAAAAAB", CodeError, "8 players"),
    ("GC1-G133-AAAAAAB", CodeError, "1 players"),
    ("GC1-G233-AAAAAAA", CodeError, "seed 0"),
    ("GC1-G233-AAAAA1B", CodeError, "seed part"),
    ("GC1-G233-AAAAAB", CodeError, "seed part"),
    ("GC1-Z233-AAAAAAB", VariantError, "unknown variant letter 'Z'"),
    ("GC1-G255-AAAAAAB", VariantError, "5x5"),
    ("GC1-S215-AAAAAAB", VariantError, "1x5"),
])
def test_bad_codes_are_refused_with_a_clear_message(code, error, says):
    """A code that cannot be a match raises :class:`CodeError` (its form) or
    :class:`VariantError` (no such variant letter, no such board), saying what is wrong."""
    with pytest.raises(error) as info:
        Match.from_code(code)
    assert says in str(info.value)


def test_a_code_that_is_no_text_is_refused():
    with pytest.raises(CodeError, match="must be text"):
        Match.from_code(12345)  # type: ignore[arg-type]


# -- saving and resuming -------------------------------------------------------------------------


def _played(variant: str = "card-golf", players: int = 3, seed: int = 8, steps: int = 57) -> Match:
    match = Match(variant, players=players, seed=seed)
    play_randomly(match, steps, random.Random(seed))
    return match


@pytest.mark.parametrize("variant, players, steps", [
    ("card-golf", 3, 0), ("card-golf", 3, 57), ("card-golf", 2, 58), ("six-card", 4, 5),
    ("six-card", 2, 300), ("card-golf+shape=3x4+must-replace", 6, 123),
    ("card-golf+stock-out-ends-round", 2, 500),
])
def test_a_saved_match_resumes_exactly(variant, players, steps):
    """``to_json``/``from_json`` (and ``dumps``): the resumed match is the same match: same
    referee record, same views, and the same future when the same actions are played
    (a held card, a reshuffle, later rounds)."""
    match = _played(variant, players, 8, steps)
    for saved in (match.to_json(), match.dumps(), json.loads(match.dumps())):
        back = Match.from_json(saved)
        assert back.state == match.state
        assert back.referee() == match.referee()
        assert all_views(back) == all_views(match)
    back = Match.from_json(match.dumps())
    for seat, action in play_randomly(match, 300, random.Random(1)):
        assert back.act(seat, action).accepted
    assert back.state == match.state


def _corrupt(path: tuple, value=None, delete: bool = False, append=None):
    """A function that changes one thing of a saved match (a copy)."""
    def change(saved: dict) -> dict:
        saved = copy.deepcopy(saved)
        target = saved
        for key in path[:-1]:
            target = target[key]
        if delete:
            del target[path[-1]]
        elif append is not None:
            target[path[-1]].append(append)
        else:
            target[path[-1]] = value
        return saved
    return change


CUR = ("match", "current")

#: (what is wrong, the change, the error class, words the message must hold)
CORRUPTIONS = [
    ("a save that is no object", lambda s: [s], GolfError, "JSON object"),
    ("an unknown top field", _corrupt(("extra",), 1), GolfError, "unknown saved-match field"),
    ("another format", _corrupt(("format",), 2), GolfError, "format 2 is not supported"),
    ("another game", _corrupt(("game",), "solitaire"), GolfError, "'card-game'"),
    ("no variant", _corrupt(("variant",), None), VariantError, "name its variant"),
    ("an unknown variant", _corrupt(("variant",), "nine-card"), VariantError, "nine-card"),
    ("an unknown match field", _corrupt(("match", "extra"), 0), GolfError, "'extra'"),
    ("a missing match field", _corrupt(("match", "totals"), delete=True), GolfError,
     "missing field(s) 'totals'"),
    ("players as text", _corrupt(("match", "players"), "3"), GolfError, "match players"),
    ("seven players", _corrupt(("match", "players"), 7), GolfError, "from 2 to 6"),
    ("totals of the wrong length", _corrupt(("match", "totals"), [0, 0]), GolfError,
     "'totals' must list 3"),
    ("a total as text", _corrupt(("match", "totals"), [0, "1", 2]), GolfError, "match total"),
    ("over as text", _corrupt(("match", "over"), "no"), GolfError, "'over' must be true or false"),
    ("a seed of 0", _corrupt(("match", "seed"), 0), GolfError, "match seed"),
    ("an unknown round field", _corrupt(CUR + ("extra",), 0), GolfError, "round: unknown field"),
    ("a round that is a list", _corrupt(CUR, []), GolfError, "round must be a JSON object"),
    ("too few boards", _corrupt(CUR + ("boards",), []), GolfError, "3 boards, one per player"),
    ("a board of the wrong size", lambda s: _pop_place(s), GolfError,
     "board 1 must be a list of 9 places"),
    ("a card as a number", lambda s: _set_place(s, "card", 5), GolfError,
     "a card must be text"),
    ("a card that is no card", lambda s: _set_place(s, "card", "ZZ"), GolfError,
     "unknown card 'ZZ'"),
    ("face up as text", lambda s: _set_place(s, "up", "yes"), GolfError,
     "'up' must be true or false"),
    ("an unknown place field", lambda s: _set_place(s, "colour", "red"), GolfError,
     "unknown field(s) 'colour'"),
    ("a turn past the table", _corrupt(CUR + ("turn",), 3), GolfError, "turn must be a whole"),
    ("a turn that is a boolean", _corrupt(CUR + ("turn",), True), GolfError, "got True"),
    ("an unknown step", _corrupt(CUR + ("step",), "play"), GolfError, "'step' must be one of"),
    ("a stock that is text", _corrupt(CUR + ("stock",), "AS KS"), GolfError,
     "stock must be a list of cards"),
    ("too many copies of a card", lambda s: _extra_copy(s), GolfError, "more copies of"),
    ("more jokers than the shoe's four", lambda s: _jokers(s), GolfError,
     "more copies of JK"),
    ("a held card without the hold step", _corrupt(CUR + ("held",), "AS"), GolfError,
     "exactly when 'step' is 'hold'"),
    ("the hold step without a held card", _corrupt(CUR + ("step",), "hold"), GolfError,
     "exactly when 'step' is 'hold'"),
    ("a held card from nowhere", lambda s: _held_from(s, "pocket"), GolfError,
     "exactly when 'step' is 'hold'"),
    ("an ender past the table", _corrupt(CUR + ("ender",), 4), GolfError, "ender"),
    ("last turns that are no list", _corrupt(CUR + ("last_turns",), 1), GolfError,
     "'last_turns' must be a list"),
    ("an rng that is negative", _corrupt(CUR + ("rng",), -1), GolfError, "rng"),
    ("a result with too few scores", lambda s: _bad_result(s), GolfError,
     "'scores' must list 3"),
]


def _place(saved: dict) -> dict:
    return saved["match"]["current"]["boards"][0][0]


def _pop_place(saved: dict) -> dict:
    saved = copy.deepcopy(saved)
    saved["match"]["current"]["boards"][0].pop()
    return saved


def _set_place(saved: dict, key: str, value) -> dict:
    saved = copy.deepcopy(saved)
    _place(saved)[key] = value
    return saved


def _extra_copy(saved: dict) -> dict:
    """A third copy of a card the two decks hold twice."""
    saved = copy.deepcopy(saved)
    current = saved["match"]["current"]
    counts = Counter(current["stock"] + current["discard"]
                     + [p["card"] for b in current["boards"] for p in b])
    card = next(c for c, n in counts.items() if n == 2 and c != "JK")
    current["stock"].append(card)
    return saved


def _jokers(saved: dict) -> dict:
    saved = copy.deepcopy(saved)
    saved["match"]["current"]["stock"] += ["JK"] * 5
    return saved


def _held_from(saved: dict, where: str) -> dict:
    saved = copy.deepcopy(saved)
    current = saved["match"]["current"]
    current["held"], current["held_from"], current["step"] = current["stock"].pop(0), where, "hold"
    return saved


def _bad_result(saved: dict) -> dict:
    saved = copy.deepcopy(saved)
    saved["match"]["results"] = [{"board_scores": [1, 2, 3], "scores": [1, 2],
                                  "cancelled": [[], [], []], "ender": 0, "penalised": False}]
    return saved


@pytest.mark.parametrize("what, change, error, says", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_corrupted_save_is_refused_saying_what_is_wrong(what, change, error, says):
    """A saved match that cannot be a state of its variant (wrong types, unknown fields, too
    many copies of a card, a board of the wrong size, a held card without the hold step ...) is
    refused with a :class:`GolfError` whose message says what is wrong."""
    match = _played("card-golf", 3, 8, 0)
    saved = match.to_json()
    Match.from_json(copy.deepcopy(saved))  # the save itself is fine
    with pytest.raises(error) as info:
        Match.from_json(change(saved))
    assert says in str(info.value), str(info.value)
    # the same through the JSON text
    try:
        text = json.dumps(change(saved))
    except TypeError:  # pragma: no cover - every change above is JSON
        return
    with pytest.raises(error):
        Match.from_json(text)


def test_a_held_card_resumes_only_with_its_origin():
    """A save taken in the middle of a turn keeps the held card and where it came from; a card
    held from the stock is still hidden from the other players after resuming."""
    match = Match("card-golf", players=2, seed=4)
    match.act(0, "draw")
    back = Match.from_json(match.dumps())
    assert back.observation(0).to_json()["held"]["card"] is not None
    assert back.observation(1).to_json()["held"] == {"from": "stock", "card": None}
    assert Counter(back.state.current.cards()) == Counter(match.rules.deck)


@pytest.mark.parametrize("text, says", [("{", "not valid JSON"), ("[1, 2]", "JSON object"),
                                        ("null", "JSON object")])
def test_a_save_that_is_no_json_object(text, says):
    with pytest.raises(GolfError, match=says):
        Match.from_json(text)


# -- what players and spectators see -------------------------------------------------------------


def _face_down_cards_never_shown(match: Match) -> None:
    rnd = match.state.current
    for view in all_views(match):
        assert set(view) == set(OBSERVATION_FIELDS) | {"code"}
        for seat_board, board in zip(view["boards"], rnd.boards):
            assert len(seat_board) == board.size
            for shown, card, up in zip(seat_board, board.cards, board.up):
                assert shown == (str(card) if up else None)
        text = json.dumps(view)
        assert "stock\": [" not in text  # the stock's cards are never listed, only counted


@pytest.mark.parametrize("variant, players", [("card-golf", 2), ("six-card", 5),
                                              ("card-golf+shape=2x2", 6)])
def test_observations_never_contain_face_down_cards(variant, players):
    """The hidden-information guarantee: a seat's observation and the spectator's view show a
    board's face-up cards and ``null`` for every face-down one, and never the stock's cards, at
    every step of random matches."""
    match = Match(variant, players=players, seed=21)
    rnd = random.Random(21)
    for _ in range(250):
        _face_down_cards_never_shown(match)
        if not play_randomly(match, 1, rnd):
            break


def test_the_spectator_never_sees_a_card_drawn_from_the_stock():
    """A card drawn from the stock is seen by the drawer alone: the spectator and the other
    seats see that a card is held from the stock, not which; a card taken from the discard was
    on view before and stays on view. The spectator has no seat and no legal actions."""
    match = Match("card-golf", players=3, seed=2)
    match.act(0, "draw")
    drawn = str(match.state.current.held)
    spectator = match.observation(None).to_json()
    assert spectator["held"] == {"from": "stock", "card": None}
    assert spectator["seat"] is None and spectator["legal"] == []
    assert match.observation(0).to_json()["held"] == {"from": "stock", "card": drawn}
    assert match.observation(1).to_json()["held"]["card"] is None
    match.act(0, "replace 1")
    top = match.observation(None).to_json()["discard"]
    match.act(1, "take")
    assert match.observation(None).to_json()["held"] == {"from": "discard", "card": top}


def test_observing_a_seat_that_is_not_at_the_table():
    match = Match("card-golf", players=2, seed=2)
    for seat in (2, -1, True, "0"):
        with pytest.raises(GolfError, match="not at this table"):
            match.observation(seat).to_json()  # type: ignore[arg-type]
        with pytest.raises(GolfError, match="not at this table"):
            match.legal(seat)  # type: ignore[arg-type]


def test_turn_and_round_over_between_rounds():
    """The façade says whose turn it is, and ``None`` between rounds, where any seat deals the
    next round."""
    match = Match("card-golf+shape=2x2", players=2, seed=3)
    assert match.turn == 0 and not match.round_over
    rnd = random.Random(3)
    while not match.round_over:
        play_randomly(match, 1, rnd)
    assert match.turn is None
    assert all(match.legal(s) == [Action("next")] for s in range(2))
    assert match.act(1, "next").accepted
    assert match.turn == 1 and match.state.round_number == 2


def test_a_hand_set_round_with_too_many_copies_is_refused():
    """A round set up by hand is checked like a save: no card more often than the shoe holds."""
    ace = parse_card("AS")
    board = Board.face_down((ace,) * 9)
    rnd = RoundState(boards=(board, board), stock=(), discard=(ace,), turn=0, step="draw",
                     first=0, rng=1)
    with pytest.raises(GolfError, match="more copies of AS"):
        Match("card-golf", round_state=rnd)


def test_a_hand_set_round_with_boards_of_the_wrong_size_is_refused():
    """A round set up by hand is checked like a save: boards of 4 cards cannot be played under
    the 3x3 document's game (from_json refuses the same round with 'a list of 9 places')."""
    small = Board.face_down(tuple(parse_card(c) for c in "AC 2C 3C 4C".split()))
    rnd = RoundState(boards=(small, small), stock=(parse_card("5C"),),
                     discard=(parse_card("6C"),), turn=0, step="draw", first=0, rng=1)
    with pytest.raises(GolfError, match="board 1 has 4 places: the variant's 3x3 boards have 9"):
        Match("card-golf", round_state=rnd)


def test_a_hand_set_round_holding_no_card_at_the_hold_step_is_refused():
    match = Match("card-golf", players=2, seed=1)
    with pytest.raises(GolfError, match="exactly when 'step' is 'hold'"):
        Match("card-golf", round_state=replace(match.state.current, step="hold"))


def test_a_match_given_a_state_keeps_it():
    """``Match(variant, state=...)`` resumes a state as it is; giving a state and a seed is an
    error."""
    match = _played("six-card", 2, 3, 40)
    other = Match("six-card", state=replace(match.state))
    assert other.referee() == match.referee()
    with pytest.raises(GolfError, match="state alone"):
        Match("six-card", state=match.state, seed=3)

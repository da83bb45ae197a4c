"""Perft (docs/perft.md): the counts checked by other means than the transposition table, the
shipped count files, and ``golf perft`` as a user runs it."""

from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys

import pytest

from golfcore.cardgame import perft as card_perft
from golfcore.cardgame.match import Match
from golfcore.conformance import perft as files
from golfcore.framework import perft as core
from golfcore.framework.registry import registry
from golfcore.solitaire import engine
from golfcore.solitaire import perft as sol_perft
from golfcore.solitaire.game import Game
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set

SOLITAIRE = ["app-facil", "app-clasico", "cards4", "traditional", "putt-putt", "relaxed",
             "jokers", "empty-waste", "cards4+redeals=1"]


def golf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "golfcore.cli", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("variant", SOLITAIRE)
def test_the_table_counts_as_walking_every_line(variant: str) -> None:
    rules = rule_set(variant)
    for deal in (1, 2):
        start = engine.start_deal(rules, deal)
        tabled = [sol_perft.perft(rules, start, d) for d in range(8)]
        assert tabled == [sol_perft.brute(rules, start, d) for d in range(8)]
        assert tabled[0] == 1


def test_redeals_are_counted_and_the_key_keeps_the_waste_while_one_is_left() -> None:
    # under redeals the stock comes back: a line that draws every card and redeals is counted
    rules = rule_set("cards4+redeals=1")
    position = Position.build(columns=[["KS"], ["KH"], [], [], [], [], []], stock=["9C"],
                              waste=["5D", "2S"])
    start = engine.start_position(rules, position)
    # draw (9C), redeal (stock 5D 2S), draw (5D), draw (2S): nothing else can be played
    assert [sol_perft.perft(rules, start, d) for d in range(6)] == [1, 1, 1, 1, 1, 0]
    assert sol_perft.divide(rules, start, 2) == [("draw", 1)]


def test_a_small_case_counted_by_hand() -> None:
    # 2C and 4D free, 3H to draw, 3S on the waste, draw any time (app-clasico):
    # depth 1: 1, 2, draw; depth 2: 1-draw, 2-draw, draw-1, draw-2;
    # depth 3: 1-draw-2 and 2-draw-1 (draw-1 and draw-2 are lost: stock empty, nothing fits);
    # depth 4: none, every line of 3 ended the game (won)
    rules = rule_set("app-clasico")
    position = Position.build(columns=[["2C"], ["4D"], [], [], [], [], []], stock=["3H"],
                              waste=["3S"])
    start = engine.start_position(rules, position)
    assert [sol_perft.perft(rules, start, d) for d in range(5)] == [1, 3, 4, 2, 0]
    assert sol_perft.divide(rules, start, 3) == [("1", 1), ("2", 1), ("draw", 0)]


@pytest.mark.parametrize("variant", ["app-facil", "traditional", "jokers"])
def test_depth_one_counts_the_legal_actions(variant: str) -> None:
    game = Game(variant, deal=3)
    rules = game.rules
    for move in ["draw", "draw", "draw"]:
        assert sol_perft.perft(rules, game.state, 1) == len(game.legal(0))
        legal = game.legal(0)
        game.play(str(legal[0]) if legal[0].is_play else move)


def test_the_card_game_counts_every_seats_actions() -> None:
    match = Match.from_code("GC1-S223-AAAAAAB")
    rules, state = match.rules, match.state
    tabled = [card_perft.perft(rules, state, d) for d in range(5)]
    assert tabled == [card_perft.brute(rules, state, d) for d in range(5)]
    assert tabled[1] == len(match.legal(match.to_act()[0]))
    # every line of two actions is one seat's two reveals: depth 2 is the choices of two cards
    size = rules.size
    assert tabled[2] == size * (size - 1)


def test_between_rounds_next_counts_once_and_the_end_of_the_match_has_no_action() -> None:
    match = Match.from_code("GC1-G233-AAAAAAB")
    while not match.round_over:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        # draw, then discard it turning a face-down card up: the round ends
        match.act(seat, legal[-1] if match.state.current.step == "hold" else legal[0])
    from dataclasses import replace

    # the round is over (this one also ends a one-round match): as if the match went on
    between = replace(match.state, over=False)
    assert len(Match(match.rules, state=between).to_act()) == 2
    assert card_perft.divide(match.rules, between, 1) == [("next", 1)]
    over = replace(match.state, over=True)
    assert card_perft.perft(match.rules, over, 1) == 0
    assert card_perft.perft(match.rules, over, 0) == 1


def test_the_budget_stops_a_count() -> None:
    rules = rule_set("app-facil")
    with pytest.raises(core.PerftLimit):
        sol_perft.perft(rules, engine.start_deal(rules, 2), 20, limit=50)
    with pytest.raises(core.GolfError):
        core.check_depth(core.MAX_DEPTH + 1)


def test_the_modules_examples_hold() -> None:
    for module in (core, sol_perft, card_perft):
        assert doctest.testmod(module).failed == 0


# -- the shipped files --------------------------------------------------------------------------


def shipped() -> list[files.PerftCase]:
    return [case for path in files.find_files([files.shipped_folder()])
            for case in files.read_file(path)]


def test_every_built_in_variant_has_counts() -> None:
    cases = shipped()
    for game in ("solitaire", "card-game"):
        names = {v.name for v in registry(game) if v.origin == "golfcore"}
        counted = {c.variant for c in cases if c.game == game}
        assert names <= counted, names - counted
    for variant in {c.variant for c in cases if c.game == "solitaire"}:
        for deal in (1, 2, 3):
            depths = {c.depth for c in cases if c.variant == variant and c.start == deal}
            assert {10, 14} <= depths, (variant, deal)
    # the deepest line of each start is divided, and its division adds up
    starts = {(c.variant, c.start) for c in cases}
    for variant, start in starts:
        mine = [c for c in cases if (c.variant, c.start) == (variant, start)]
        deepest = max(mine, key=lambda c: c.depth)
        assert deepest.divide is not None and sum(deepest.divide.values()) == deepest.count


def test_the_cheap_shipped_counts_agree_with_golfcore() -> None:
    cheap = [c for c in shipped() if c.depth <= (10 if c.game == "solitaire" else 4)]
    assert len(cheap) >= 30
    failed = [r for r in files.check(cheap) if not r.passed]
    assert not failed, failed


@pytest.mark.slow
def test_every_shipped_count_agrees_with_golfcore() -> None:
    failed = [r for r in files.check(shipped()) if not r.passed]
    assert not failed, failed


def test_a_wrong_count_fails_with_what_was_counted(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "wrong.jsonl")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# a comment\n\n")
        handle.write(json.dumps({"game": "solitaire", "variant": "app-facil", "deal": 1,
                                 "depth": 4, "count": 11, "divide": {"draw": 11}}) + "\n")
    [result] = files.check(files.read_file(path))
    assert not result.passed and result.message == "expected 11, counted 10"


@pytest.mark.parametrize("line, message", [
    ('{"game": "chess", "variant": "x", "deal": 1, "depth": 1, "count": 1}', "'game'"),
    ('{"game": "solitaire", "variant": "app-facil", "deal": 0, "depth": 1, "count": 1}',
     "'deal'"),
    ('{"game": "solitaire", "variant": "app-facil", "deal": 1, "depth": -1, "count": 1}',
     "'depth'"),
    ('{"game": "solitaire", "variant": "app-facil", "deal": 1, "depth": 2, "count": 2, '
     '"divide": {"draw": 1}}', "adds up"),
    ('{"game": "solitaire", "variant": "app-facil", "deal": 1, "depth": 2, "count": 2, '
     '"moves": 3}', "unknown"),
    ('[1, 2]', "JSON object"),
    ('{"game": ', "not JSON"),
])
def test_a_bad_count_line_names_its_line(tmp_path: object, line: str, message: str) -> None:
    path = os.path.join(str(tmp_path), "bad.jsonl")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# first\n" + line + "\n")
    with pytest.raises(files.PerftFileError, match=f"bad.jsonl:2: .*{message}"):
        files.read_file(path)


# -- golf perft ----------------------------------------------------------------------------------


def test_golf_perft_prints_the_count_and_its_division() -> None:
    done = golf("perft", "app-facil", "GO1-E-AAAAAAC", "6", "--divide", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["variant"] == "app-facil" and data["deal"] == 2 and data["depth"] == 6
    rules = rule_set("app-facil")
    start = engine.start_deal(rules, 2)
    assert data["count"] == sol_perft.brute(rules, start, 6) == sum(data["divide"].values())
    assert list(data["divide"]) == [str(m) for m in engine.legal_moves(rules, start)]
    text = golf("perft", "card-golf", "GC1-G233-AAAAAAB", "2")
    assert text.returncode == 0, text.stderr
    assert "count:    27" in text.stdout.splitlines()


def test_golf_perft_refuses_bad_input() -> None:
    wrong = golf("perft", "six-card", "GC1-G233-AAAAAAB", "2")
    assert wrong.returncode == 1
    assert wrong.stderr.startswith("golf: error: 'GC1-G233-AAAAAAB' is a code of card-golf")
    depth = golf("perft", "app-facil", "1", "-3")
    assert depth.returncode == 2 and "DEPTH" in depth.stderr
    missing = golf("perft", "app-facil", "no-such-file", "2")
    assert missing.returncode == 1 and missing.stderr.startswith("golf: error: ")

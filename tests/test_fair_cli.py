"""The fair chance on the command line and in the protocol: golf solve --fair, golf deal
--difficulty, golf analyse --fair, golf play --hint-strategy fair, and the fair hint of
golf serve (and its bounds over golf web).

The exact answers come from small positions whose fair chance is known by hand (docs/fair.md):

* ``TWO``: cards4, 7♣ under 9♣, 4♣ on the waste, 8♦ and 6♠ in the stock: 1/2, by drawing (won
  when the 8 comes first);
* ``MISTAKE``: cards4, 6♣ free over 9♠, 5♥ on the waste, 7♦ and 8♥ in the stock: playing the 6
  first always wins; drawing first wins only when the 7 comes first, so the draw loses 1/2
  (even when, as here, the 7 does come first);
* deal 1 under traditional (``GO1-T-AAAAAAB``), whose opening fair chance a bound proves 0 at
  once: a whole deal with an exact answer.

Brackets are asked for with tiny budgets (a few states and orders), and only their shape and
their invariants are checked (the bracket lies within what was proved, the level's range holds
the whole bracket of the deal picked), never a sampled number.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from golfcore.cli import main
from golfcore.cli.common import FairSearching
from golfcore.cli.deal import BELOW, DIFFICULTIES, SPANS, level_of
from golfcore.protocol.server import Session
from golfcore.protocol.solitaire import SEARCH_LIMIT, bounded_hint
from golfcore.solitaire import hints
from golfcore.solitaire.search import hints as search_hints
from golfcore.solitaire.search.fair import FairProgress
from golfcore.web.requests import is_search

TWO = """\
# variant: cards4
stock: 8D 6S
waste: 4C
1: 7C 9C
"""
MISTAKE = """\
# variant: cards4
stock: 7D 8H
waste: 5H
1: 9S 6C
"""
LOST_DEAL = "GO1-T-AAAAAAB"          # traditional, deal 1: fair chance 0, proved at once
SOME_DEAL = "GO1-T-AAAAAAC"          # traditional, deal 2: a bracket
FAIR_KEYS = {"value", "exact", "method", "low", "high", "best", "states", "seconds", "unseen"}
BRACKET_KEYS = FAIR_KEYS | {"stopped", "bracket", "exact_states", "sampling_states"}
BRACKET_FIELDS = {"low", "high", "confidence", "proved", "sampled", "samples", "policy_wins",
                  "clairvoyant_wins", "undecided"}


def check_bracket(data: dict) -> None:
    """The invariants of a bracket's JSON: no value claimed, the bracket within what was
    proved, each count within the orders sampled."""
    assert set(data) == BRACKET_KEYS and set(data["bracket"]) == BRACKET_FIELDS
    bracket = data["bracket"]
    assert (data["method"], data["exact"], data["value"]) == ("bracket", False, None)
    assert (data["low"], data["high"]) == (bracket["low"], bracket["high"])
    assert bracket["proved"][0] <= data["low"] <= data["high"] <= bracket["proved"][1]
    assert 0 <= bracket["policy_wins"] <= bracket["samples"]
    assert bracket["undecided"] <= bracket["clairvoyant_wins"] <= bracket["samples"]
    assert bracket["confidence"] == 0.95


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def positions(tmp_path) -> tuple[str, str]:
    two, mistake = tmp_path / "two.txt", tmp_path / "mistake.txt"
    two.write_text(TWO, encoding="utf-8")
    mistake.write_text(MISTAKE, encoding="utf-8")
    return str(two), str(mistake)


def usage_error(capsys, *argv: str) -> str:
    """Run a command that must be refused as a usage error, in English and Spanish."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (argv, err)
    return err


# -- golf solve --fair ------------------------------------------------------------------------


def test_solve_fair_prints_the_exact_chance_best_move_and_states(capsys, positions):
    two, mistake = positions
    code, out, err = run(capsys, "solve", "--fair", two, mistake, LOST_DEAL)
    assert code == 0 and err == ""
    blocks = out.split("\n\n")
    assert blocks[0].splitlines()[0] == f"{two}: cards4 (text)"
    assert "  fair chance:  50.0 % (exact)" in blocks[0]
    assert "  best move:    draw" in blocks[0]
    assert "  stock:        2 cards unseen" in blocks[0]
    assert "  fair chance:  100 % (exact)" in blocks[1] and "  best move:    1" in blocks[1]
    assert blocks[2].startswith(f"{LOST_DEAL}: traditional, deal 1 (code)")
    assert "  fair chance:  0 % (exact)" in blocks[2]
    assert "information states in" in blocks[2]


def test_solve_fair_json_is_the_fair_result(capsys, positions):
    two, _ = positions
    code, out, _ = run(capsys, "solve", "--fair", "--json", two, LOST_DEAL)
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert set(first) == {"input", "variant", "deal", "format"} | FAIR_KEYS
    assert (first["input"], first["variant"], first["deal"], first["format"]) == (
        two, "cards4", None, "text")
    assert (first["value"], first["exact"], first["method"], first["low"], first["high"],
            first["best"], first["unseen"]) == (0.5, True, "exact", 0.5, 0.5, "draw", 2)
    assert (second["deal"], second["value"], second["exact"], second["unseen"]) == (
        1, 0.0, True, 16)


def test_solve_fair_gives_a_bracket_when_the_exact_search_is_capped(capsys):
    code, out, _ = run(capsys, "solve", "--fair", "--json", SOME_DEAL, "--limit", "200",
                       "--samples", "3")
    assert code == 0
    data = json.loads(out)
    extra = {"input", "variant", "deal", "format"}
    check_bracket({k: v for k, v in data.items() if k not in extra})
    assert (data["stopped"], data["bracket"]["samples"]) == ("states", 3)
    # --limit bounds the exact search; the sampled player's choices add the rest
    assert data["exact_states"] == 201                 # stopped as it passed 200
    assert data["states"] == data["exact_states"] + data["sampling_states"]
    code, out, _ = run(capsys, "solve", "--fair", SOME_DEAL, "--limit", "200", "--samples", "3")
    assert code == 0
    rows = dict(line.strip().split(":  ", 1) for line in out.splitlines()[1:])
    assert rows["fair chance"].endswith(" (bracket, holds at 95 %: 3 orders sampled; the exact "
                                        "search stopped at 200 information states)")
    assert "sampled orders won by a player who cannot see the stock; holds at 97.5 %" in \
        rows["lower bound"]
    assert "won by a player who sees it; holds at 97.5 %" in rows["upper bound"]
    assert rows["proved"].strip() == "0 % to 100 % (by the exact search; certain)"
    assert "(the first move of that player, who never sees the stock)" in rows["best move"]
    assert "estimate" not in out and "interval" not in out
    # why more states than --limit were searched
    assert re.search(r"^[\d,]+ information states in [\d.]+ s \(201 by the exact search, "
                     r"stopped by its cap; [\d,]+ by the choices of the player who cannot see "
                     r"the stock on the sampled orders, which the cap does not bound\)$",
                     rows["searched"].strip()), rows["searched"]


def test_solve_fair_reports_an_unreadable_input_after_the_others(capsys, positions, tmp_path):
    two, _ = positions
    code, out, err = run(capsys, "solve", "--fair", str(tmp_path / "nowhere.txt"), two)
    assert code == 1 and "50.0 % (exact)" in out
    assert err.startswith(f"golf: error: {tmp_path / 'nowhere.txt'}")


@pytest.mark.parametrize("argv, english, spanish", [
    (["--fair", "--best"], "--best is the solver's best result", "--best es el mejor"),
    (["--samples", "5"], "--samples is the fair chance's bracket: give it with --fair",
     "--samples es la horquilla"),
    (["--fair", "--samples", "0"], "--samples must be 1 or more", "--samples debe ser 1 o más"),
])
def test_solve_fair_usage_errors_in_english_and_spanish(capsys, positions, argv, english,
                                                        spanish):
    err = usage_error(capsys, "solve", positions[0], *argv)
    assert f"golf solve: error: {english}" in err and f"\n  es: {spanish}" in err


def test_solve_fair_bad_bounds_are_usage_errors(capsys, positions):
    for bound in (["--limit", "0"], ["--seconds", "nan"], ["--seconds", "-1"]):
        usage_error(capsys, "solve", "--fair", positions[0], *bound)


def test_the_help_documents_the_budgets_and_the_thresholds(capsys):
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "--fair" in out and "neither: 10 s" in " ".join(out.split())
    code, out, _ = run(capsys, "deal", "--help")
    text = " ".join(out.split())
    assert code == 0 and "--difficulty LEVEL" in text and "--tries N" in text
    for level, (low, _high) in DIFFICULTIES.items():
        assert f"{level} {100 * low:g} %" in text
    code, out, _ = run(capsys, "analyse", "--help")
    assert code == 0 and "--fair" in out
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0 and "fair" in out


def test_progress_names_the_phase():
    stream = io.StringIO()
    searching = FairSearching("solve", True, what="GO1-T-AAAAAAC", samples=400, stream=stream)
    searching.report(FairProgress("exact", 16384, 0.4))
    assert "fair chance of GO1-T-AAAAAAC, exact search, 16,384 information states," in \
        searching.text()
    searching.report(FairProgress("bracket", 20000, 3.0, samples=12, total=4.0))
    assert "bracketing, 12 of 400 orders sampled," in searching.text()


# -- golf deal --difficulty ---------------------------------------------------------------------


def test_a_level_holds_the_whole_chance_or_nothing():
    """A deal is placed by its exact value, or when its whole bracket lies in one level."""
    assert level_of(0.5, 0.5) == level_of(1.0, 1.0) == level_of(0.6, 1.0) == "easy"
    assert level_of(0.15, 0.15) == level_of(0.2, 0.49) == "medium"
    assert level_of(0.01, 0.01) == level_of(0.02, 0.1) == "hard"
    assert level_of(0.0, 0.0) == level_of(0.0, 0.009) == BELOW
    assert level_of(0.1, 0.2) == level_of(0.4, 0.6) == level_of(0.0, 0.05) == SPANS
    assert level_of(0.0, 1.0) == SPANS


def test_difficulty_skips_a_deal_whose_bracket_crosses_a_level(capsys):
    # traditional deal 2 with a tiny budget: a wide bracket, placed in no level, and said so
    code, out, err = run(capsys, "deal", "--difficulty", "hard", "--variant", "traditional",
                         "--number", "2", "--tries", "1", "--limit", "2000", "--samples", "10",
                         "--progress")
    assert code == 1 and out == ""
    skipped = next(line for line in err.splitlines() if "skipped" in line)
    assert skipped.startswith("golf deal: deal 2 skipped: fair chance ")
    assert skipped.endswith(" (bracket, holds at 95 %: 10 orders sampled; the exact search "
                            "stopped at 2,000 information states): not placed: the bracket "
                            "crosses the edge of a level")


def test_difficulty_gives_up_after_its_tries_in_english_and_spanish(capsys):
    # deal 1 under traditional: 0, proved at once; "difícil" is read as hard
    code, out, err = run(capsys, "deal", "--difficulty", "difícil", "--variant", "traditional",
                         "--number", "1", "--tries", "1", "--progress")
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert "golf deal: deal 1 skipped: fair chance 0 % (exact): below hard" in lines
    assert lines[-2].startswith("golf: error: no deal whose opening fair chance is hard "
                                "(1 % to under 15 %) among the 1 tried from 1 to 1 under "
                                "traditional")
    assert lines[-1].startswith("  es: ningún reparto con probabilidad justa inicial difícil")


def test_difficulty_with_winnable_needs_both(capsys):
    # deal 1 under traditional cannot be won even knowing the stock: skipped before any
    # fair-chance search
    code, out, err = run(capsys, "deal", "--difficulty", "hard", "--winnable", "--variant",
                         "traditional", "--number", "1", "--tries", "1", "--progress")
    assert code == 1 and out == ""
    assert "golf deal: deal 1 skipped: not winnable" in err
    assert "no deal the solver proves winnable and whose opening fair chance is hard" in err
    assert "\n  es: ningún reparto ganable según el solver y con probabilidad justa" in err


@pytest.mark.parametrize("argv, english, spanish", [
    (["--difficulty", "nope"], "unknown difficulty 'nope': expected easy, medium or hard",
     "dificultad desconocida 'nope'"),
    (["--difficulty", "hard", "--tries", "0"], "--tries must be 1 or more",
     "--tries debe ser 1 o más"),
    (["--difficulty", "hard", "--samples", "0"], "--samples must be 1 or more",
     "--samples debe ser 1 o más"),
    (["--samples", "5"], "--samples is the bracket of --difficulty",
     "--samples es la horquilla de --difficulty"),
    (["--tries", "5"], "--tries bounds the search of --winnable or --difficulty",
     "--tries limita la búsqueda"),
])
def test_difficulty_usage_errors_in_english_and_spanish(capsys, argv, english, spanish):
    err = usage_error(capsys, "deal", "--number", "1", *argv)
    assert english in err and f"\n  es: {spanish}" in err


def test_difficulty_refuses_a_bad_start_before_searching(capsys):
    code, out, err = run(capsys, "deal", "--difficulty", "hard", "--number", "0")
    assert code == 1 and out == "" and err.startswith("golf: error: ")
    assert usage_error(capsys, "deal", "GO1-T-AAAAAAB", "--number", "2", "--difficulty", "hard")


def test_winnable_takes_tries_too(capsys):
    # deal 1 under app-clasico is lost to the solver: one try finds nothing
    code, out, err = run(capsys, "deal", "--winnable", "--variant", "app-clasico", "--number",
                         "1", "--tries", "1")
    assert code == 1 and out == ""
    assert err.startswith("golf: error: no deal from 1 to 1 is winnable under app-clasico "
                          "(1 tried)") and "\n  es: ningún reparto del 1 al 1 es ganable" in err


# -- golf analyse --fair ------------------------------------------------------------------------


def test_analyse_fair_names_the_move_that_lost_the_chance(capsys, positions):
    _, mistake = positions
    code, out, err = run(capsys, "analyse", "--fair", mistake, "draw", "1", "draw", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{mistake}: cards4; the fair chance, for a player who cannot see the stock"
    assert lines[1].split() == ["step", "move", "action", "chance", "after", "best", "chosen",
                                "lost"]
    assert lines[2].split() == ["0", "-", "start", "100", "%"]
    # the draw was lucky (the 7 came first: still 100 % after it) but gave away half
    assert lines[3].split() == ["1", "draw", "drew", "7D", "100", "%", "1", "50.0", "%", "50.0",
                                "%"]
    assert lines[-2:] == ["the moves that lost the most of the fair chance:",
                          "  move 1 (draw): lost 50.0 %: 1 was worth 100 %, draw 50.0 %"]
    assert "≈" not in out


def test_analyse_fair_without_a_mistake(capsys, positions):
    _, mistake = positions
    code, out, _ = run(capsys, "analyse", "--fair", mistake, "1", "draw", "draw", "1")
    assert code == 0 and out.splitlines()[-1] == "no move lost any of the fair chance"


def test_analyse_fair_json(capsys, positions):
    _, mistake = positions
    code, out, _ = run(capsys, "analyse", "--fair", "--json", mistake, "draw", "1")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"input", "deal", "variant", "exact", "steps", "mistakes", "seconds"}
    assert (data["variant"], data["exact"], len(data["steps"])) == ("cards4", True, 3)
    start, drew, played = data["steps"]
    assert start["chance"] == {"value": 1.0, "exact": True, "method": "exact", "low": 1.0,
                               "high": 1.0}
    assert start["loss"] is None and start["best"] is None
    assert (drew["move"], drew["played"], drew["card"], drew["best"]) == (
        "draw", "draw", "7D", "1")
    assert (drew["best_chance"]["value"], drew["chosen"]["value"], drew["loss"]["value"],
            drew["mistake"]) == (1.0, 0.5, 0.5, True)
    assert (played["card"], played["loss"]["value"], played["mistake"]) == ("6C", 0.0, False)
    assert data["mistakes"] == [{"index": 1, "move": "draw", "best": "1",
                                 "loss": {"value": 0.5, "exact": True, "method": "exact",
                                          "low": 0.5, "high": 0.5}}]


def test_analyse_fair_says_which_positions_are_bracketed(capsys):
    code, out, _ = run(capsys, "analyse", "--fair", SOME_DEAL, "5", "draw", "--limit", "50",
                       "--samples", "3")
    assert code == 0
    lines = out.splitlines()
    assert "  LOW to HIGH: a bracket (the exact search was capped): it holds the chance at 95 %, " \
        "a loss at 90 %; --json says what each is made of" in lines
    start = lines[2].split()
    assert start[:3] == ["0", "-", "start"] and start[4:6] == ["to", "%"] or \
        start[:3] == ["0", "-", "start"] and start[4] == "to" and start[6] == "%"
    # the policy's own first move (5) is no proved mistake: its loss starts at 0
    assert lines[3].split()[-4:-2] == ["0", "to"]
    code, out, _ = run(capsys, "analyse", "--fair", SOME_DEAL, "5", "--limit", "50",
                       "--samples", "3", "--json")
    data = json.loads(out)
    assert data["exact"] is False
    for step in data["steps"]:
        chance = step["chance"]
        assert (chance["method"], chance["value"]) == ("bracket", None)
        assert 0 <= chance["low"] <= chance["high"] <= 1


def test_analyse_refused_moves_in_english_and_spanish(capsys, positions):
    _, mistake = positions
    code, out, err = run(capsys, "analyse", "--fair", mistake, "draw", "1", "1")
    assert code == 1 and out == ""
    assert err == ("golf: error: move 3 '1' (9S) refused: not-adjacent\n"
                   "  es: Debe ser de un valor superior o inferior\n"
                   "  en: It must be one rank higher or lower\n")
    # word for word what golf play says of the same move
    assert main(["analyse", "GO1-C-AAAAAAB", "1"]) == 1
    refused = capsys.readouterr().err
    assert refused.startswith("golf: error: move 1 '1' (4H) refused: not-adjacent\n  es: ")
    assert main(["play", "GO1-C-AAAAAAB", "1"]) == 1
    assert capsys.readouterr().err == refused
    code, _, err = run(capsys, "analyse", "--fair", mistake, "undo")
    assert code == 1 and "undo is not accepted" in err and "\n  es: jugada 1 'undo': " \
        "deshacer no se acepta en un análisis" in err
    code, _, err = run(capsys, "analyse", "--fair", mistake, "xyz")
    assert code == 1 and "is not a move" in err and "\n  es: la jugada 1 'xyz' no es una " \
        "jugada" in err


def test_analyse_fair_usage_errors(capsys, positions):
    _, mistake = positions
    err = usage_error(capsys, "analyse", mistake, "draw", "--samples", "3")
    assert "--samples is the bracket of --fair" in err and "\n  es: " in err
    usage_error(capsys, "analyse", "--fair", mistake, "--limit", "0")
    usage_error(capsys, "analyse", "--fair", mistake, "--samples", "-2")


# -- golf play --hint-strategy fair -------------------------------------------------------------


def test_play_fair_hint_shows_its_chance(capsys):
    code, out, _ = run(capsys, "play", LOST_DEAL, "--hint-strategy", "fair")
    assert code == 0
    rows = dict(line.split(":", 1) for line in out.splitlines())
    assert rows["hint"].strip() in rows["legal"].split()
    assert rows["fair chance"].strip() == "0 % (exact)"
    code, out, _ = run(capsys, "play", LOST_DEAL, "--hint-strategy", "fair", "--json")
    data = json.loads(out)
    assert data["hint_strategy"] == "fair" and data["hint"] in data["legal"]
    assert set(data["hint_chance"]) == FAIR_KEYS and data["hint_chance"]["exact"] is True


def test_play_fair_hint_is_bounded_by_limit_and_seconds(capsys):
    code, out, _ = run(capsys, "play", SOME_DEAL, "--hint-strategy", "fair", "--limit", "100",
                       "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["hint"] in data["legal"]
    check_bracket(data["hint_chance"])
    assert data["hint_chance"]["stopped"] in ("states", "seconds")
    usage_error(capsys, "play", SOME_DEAL, "--limit", "100")
    usage_error(capsys, "play", SOME_DEAL, "--hint-strategy", "fair", "--limit", "0")


# -- the protocol -------------------------------------------------------------------------------


def new_session(position: str = TWO) -> Session:
    session = Session()
    reply = session.handle({"cmd": "new", "variant": "cards4", "position": position})
    assert reply["ok"], reply
    return session


def test_protocol_fair_hint_returns_the_move_and_its_chance():
    session = new_session()
    reply = session.handle({"id": 1, "cmd": "hint", "strategy": "fair"})
    assert reply["ok"] and (reply["hint"], reply["strategy"]) == ("draw", "fair")
    chance = reply["chance"]
    assert set(chance) == FAIR_KEYS
    assert (chance["value"], chance["exact"], chance["method"], chance["low"], chance["high"],
            chance["best"]) == (0.5, True, "exact", 0.5, 0.5, "draw")
    assert reply["state"]["moves"] == 0                 # a hint changes nothing
    # the other strategies carry no chance
    assert "chance" not in session.handle({"cmd": "hint", "strategy": "solver"})


def test_protocol_fair_hint_gives_a_bracket_within_its_bounds():
    session = Session()
    assert session.handle({"cmd": "new", "code": SOME_DEAL})["ok"]
    reply = session.handle({"cmd": "hint", "strategy": "fair", "limit": 100, "seconds": 0.2})
    assert reply["ok"] and reply["hint"] in reply["state"]["legal"]
    chance = reply["chance"]
    check_bracket(chance)
    assert chance["best"] == reply["hint"]


def test_protocol_fair_hint_of_a_finished_game():
    session = new_session("stock: 8D\nwaste: 4C\n1: 5C")
    assert session.handle({"cmd": "play", "column": 1})["ok"]
    reply = session.handle({"cmd": "hint", "strategy": "fair"})
    assert reply["ok"] and reply["hint"] is None and reply["chance"] is None


@pytest.mark.parametrize("request_, message", [
    ({"strategy": "magic"}, "'strategy' must be 'legal', 'fair' or 'solver', got 'magic'"),
    ({"strategy": 3}, "'strategy' must be 'legal', 'fair' or 'solver', got 3"),
    ({"strategy": "fair", "limit": 0}, "'limit' must be a whole number"),
    ({"strategy": "fair", "limit": True}, "'limit' must be a whole number"),
    ({"strategy": "fair", "seconds": "5"}, "'seconds' must be a number of seconds above 0"),
    ({"strategy": "fair", "seconds": -1}, "'seconds' must be a number of seconds above 0"),
])
def test_protocol_fair_hint_bad_input(request_, message):
    session = new_session()
    reply = session.handle({"cmd": "hint", **request_})
    assert (reply["ok"], reply["error"]) == (False, "bad-input")
    assert reply["message"].startswith(message) and reply["state"]["moves"] == 0


def test_golf_serve_answers_the_fair_hint():
    requests = [{"cmd": "new", "variant": "cards4", "position": TWO},
                {"id": 2, "cmd": "hint", "strategy": "fair"}]
    done = subprocess.run([sys.executable, "-m", "golfcore.cli", "serve"],
                          input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=60, check=True)
    reply = json.loads(done.stdout.splitlines()[1])
    assert (reply["id"], reply["hint"], reply["chance"]["value"]) == (2, "draw", 0.5)


def test_golf_serve_bounds_the_fair_hint_as_the_web_does(monkeypatch):
    """A ``limit`` alone used to leave the sampling without a deadline (all 400 samples: slower
    than no budget at all), and huge budgets let the exact search's memory grow without end.
    Now every fair hint through the protocol reaches the search with at most SEARCH_LIMIT
    states and a deadline of at most the fair strategy's 5 s, whatever it asks (checked on what the
    search is given, not on how long it took: the machine's load decides that)."""
    from golfcore.solitaire.game import Game

    monkeypatch.setattr(search_hints, "FAIR", replace(search_hints.FAIR, seconds=0.1))
    hints.hint_strategy.cache_clear()
    given: list[dict[str, object]] = []
    real = Game.suggest

    def spy(self, strategy="legal", *, limit=None, seconds=None, progress=None):
        given.append({"strategy": strategy, "limit": limit, "seconds": seconds})
        # the search itself runs for a tenth of a second, whatever it was given
        return real(self, strategy, limit=limit, seconds=0.1, progress=progress)

    monkeypatch.setattr(Game, "suggest", spy)
    try:
        session = Session()
        assert session.handle({"cmd": "new", "code": "GO1-E-AAAAAAB"})["ok"] is True
        one = session.handle({"cmd": "hint", "strategy": "fair", "limit": 1})["chance"]
        assert (one["method"], one["stopped"]) == ("bracket", "states")
        huge = session.handle({"cmd": "hint", "strategy": "fair", "limit": 10 ** 12,
                               "seconds": 1e9})["chance"]
        assert huge["method"] == "bracket"
        # the deadline is the fair strategy's own time (5 s), never what was asked
        assert [g["limit"] for g in given] == [1, SEARCH_LIMIT]
        assert all(isinstance(g["seconds"], float) and 0 < g["seconds"] <= 5.0 for g in given)
    finally:
        monkeypatch.undo()                   # then forget the strategy read while patched
        hints.hint_strategy.cache_clear()


def test_the_protocol_doc_documents_the_fair_hint():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(
        encoding="utf-8")
    assert "`fair` (the move that maximises the fair chance" in doc
    assert '"cmd":"hint","strategy":"fair"' in doc


# -- golf web: the fair hint is a bounded search ------------------------------------------------


def test_web_bounds_the_fair_hint_as_a_search():
    assert is_search("hint", {"strategy": "fair"}) and is_search("hint", {"strategy": "solver"})
    assert not is_search("hint", {"strategy": "legal"})
    bounded = bounded_hint({"cmd": "hint", "strategy": "fair", "limit": 10 ** 9, "seconds": 1e6})
    assert bounded["limit"] == SEARCH_LIMIT and bounded["seconds"] == 5.0
    assert bounded_hint({"strategy": "fair"}) == {"strategy": "fair", "limit": SEARCH_LIMIT,
                                              "seconds": 5.0}
    assert bounded_hint({"strategy": "fair", "limit": 10, "seconds": 0.5}) == {
        "strategy": "fair", "limit": 10, "seconds": 0.5}
    assert bounded_hint({"strategy": "legal"}) == {"strategy": "legal"}

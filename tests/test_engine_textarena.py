"""TextArena's Golf (Golf-v0) judged through golfcore's protocol, with the real textarena package.

The engine (golfcore.engines.textarena) drives TextArena's own reset and step; these tests check
what a user of `golf conform --engine textarena` sees: its offer, its refusals, the shipped
card-game specs and TextArena's own (specs/textarena) with no failure but the known differences
of specs/engines/textarena.yaml; and the rules that describe TextArena under golfcore.
"""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

import pytest

from adapters_support import need
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import board_score
from golfcore.cardgame.board import Board
from golfcore.conformance.engines import EngineError
from golfcore.conformance.known import apply_known, known_file, read_known, stale
from golfcore.conformance.report import KNOWN
from golfcore.conformance.runner import FAIL, SKIP, run
from golfcore.notation import parse_cards

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def engine() -> Any:
    need("textarena", "textarena")
    from golfcore.engines.textarena import make

    made = make()
    yield made
    made.close()


def places(text: str, up: str) -> list[dict[str, Any]]:
    """A board's places from its cards and a string of 'u' (face up) and 'd' (face down)."""
    return [{"card": str(c), "up": u == "u"} for c, u in zip(parse_cards(text), up)]


ROUND = {
    "boards": [places("AH 2H 3H 4H QH 6H", "duddud"), places("9C 9D 8C 8D 7C 7D", "duuuud")],
    "stock": ["KS", "5D", "5S"], "discard": ["JD"], "turn": 0, "step": "draw",
}


def new(engine: Any, rnd: dict[str, Any] = ROUND) -> dict[str, Any]:
    reply = engine.request({"cmd": "new", "game": "card-game", "variant": "Golf-v0",
                            "round": rnd})
    assert reply["ok"], reply
    return reply


def test_hello_offers_golf_v0_as_textarena_golf_with_what_it_plays_alone(engine):
    hello = engine.request({"cmd": "hello"})
    assert hello["ok"] and hello["engine"].startswith("textarena 0.")
    [offer] = hello["offers"]
    assert (offer["variant"], offer["game"], offer["plays"]) == ("Golf-v0", "card-game",
                                                                 "textarena-golf")
    assert set(offer["own"]) == {"setup", "stock", "messages"}
    assert "at random" in offer["own"]["setup"]


def test_a_round_set_by_hand_is_what_textarena_shows(engine):
    new(engine)
    seen = engine.request({"cmd": "observe", "seat": 0})["observation"]
    assert seen["boards"] == [[None, "2H", None, None, "QH", None],
                              [None, "9D", "8C", "8D", "7C", None]]
    assert (seen["discard"], seen["stock_count"], seen["turn"], seen["step"]) == (
        "JD", 3, 0, "draw")
    assert seen["legal"] == ["draw", "take"]        # TextArena's own announced options
    drawn = engine.request({"cmd": "act", "seat": 0, "action": "draw"})
    assert drawn["ok"] and drawn["observation"]["held"] == {"from": "stock", "card": "KS"}
    spectator = engine.request({"cmd": "observe", "seat": None})["observation"]
    assert spectator["held"] == {"from": "stock", "card": None} and spectator["legal"] == []
    swapped = engine.request({"cmd": "act", "seat": 0, "action": "replace 5"})
    assert swapped["observation"]["boards"][0][4] == "KS"
    assert swapped["observation"]["discard"] == "QH" and swapped["observation"]["turn"] == 1


def test_a_refusal_is_textarenas_invalid_move_and_changes_nothing(engine):
    new(engine)
    engine.request({"cmd": "act", "seat": 0, "action": "replace 1"})  # before drawing
    before = engine.request({"cmd": "observe", "seat": 1})["observation"]
    assert before["turn"] == 0 and before["boards"][0][0] is None
    engine.request({"cmd": "act", "seat": 0, "action": "take"})
    refused = engine.request({"cmd": "act", "seat": 0, "action": "discard"})
    assert refused["ok"] is False and refused["action"] == "discard"
    assert "cannot discard a card taken from the discard pile" in refused["messages"]["en"]
    assert refused["observation"]["held"] == {"from": "discard", "card": "JD"}
    assert engine.request({"cmd": "act", "seat": 0, "action": "replace 1"})["ok"]


def test_a_second_invalid_move_in_a_row_ends_textarenas_game(engine):
    new(engine)
    first = engine.request({"cmd": "act", "seat": 0, "action": "replace 1"})
    assert first["ok"] is False and "must first" in first["messages"]["en"]
    second = engine.request({"cmd": "act", "seat": 0, "action": "replace 1"})
    assert second["ok"] is False and "this player loses" in second["messages"]["en"]
    seen = second["observation"]
    assert (seen["over"], seen["winners"], seen["result"]) == (True, [1], None)


def test_what_textarena_cannot_be_asked_is_said_so(engine):
    new(engine)
    other = engine.request({"cmd": "act", "seat": 1, "action": "draw"})
    assert other["ok"] is False and other["reason"] == "not-your-turn"
    engine.request({"cmd": "act", "seat": 0, "action": "draw"})
    named = engine.request({"cmd": "act", "seat": 0, "action": "discard 1"})
    assert named["error"] == "bad-input" and "[discard] turns no card up" in named["message"]
    assert engine.request({"cmd": "act", "seat": 0, "action": "reveal 1"})["error"] == \
        "bad-input"
    assert engine.request({"cmd": "state"})["error"] == "bad-request"
    five = engine.request({"cmd": "new", "game": "card-game",
                           "round": {**ROUND, "boards": ROUND["boards"] * 3}})
    assert five["error"] == "bad-input" and "2-4 players" in five["message"]
    shape = engine.request({"cmd": "new", "game": "card-game",
                            "round": {**ROUND, "boards": [b[:4] for b in ROUND["boards"]]}})
    assert shape["error"] == "bad-input" and "2x3" in shape["message"]
    twice = engine.request({"cmd": "new", "game": "card-game",
                            "round": {**ROUND, "stock": ["JD"]}})
    assert twice["error"] == "bad-input" and "holds 1 copy" in twice["message"]


def test_a_seed_deals_textarenas_own_game_with_two_cards_up_each(engine):
    reply = engine.request({"cmd": "new", "game": "card-game", "players": 3, "seed": 7})
    assert reply["ok"] and reply["players"] == 3 and reply["chosen_deal"] is True
    seen = engine.request({"cmd": "observe", "seat": None})["observation"]
    assert [sum(c is not None for c in b) for b in seen["boards"]] == [2, 2, 2]
    assert seen["stock_count"] == 52 - 3 * 6 - 1 and seen["discard_count"] == 1


def test_the_specs_judge_textarena_with_only_known_differences(engine):
    report = run([ROOT / "specs" / "card-game", ROOT / "specs" / "textarena"], engine)
    assert not report.errors
    differences = read_known(known_file("textarena"))
    report = apply_known(report, differences)
    counts = report.counts()
    assert counts["fail"] == 0, [str(f) for r in report.results for f in r.failures
                                 if r.status == FAIL]
    assert counts["pass"] >= 4 and counts["known"] == len(differences) == 6
    assert stale(report, differences) == []           # every recorded difference still shows
    # the shipped cases are written for card-golf's and six-card's deck, values and lines:
    # none concerns TextArena's rules; TextArena's own (specs/textarena) all run
    judged = {r.case.path for r in report.results if r.status != SKIP}
    assert judged == {str(ROOT / "specs" / "textarena" / "golf-v0.yaml")}
    [skipped] = [r for r in report.results if r.status == SKIP]
    assert skipped.reason.startswith("the engine plays its own messages: TextArena's refusals")
    tie = next(r for r in report.results if r.case.id == "ta-07-a-tie-for-lowest-shares-the-win")
    assert (tie.variant, tie.status) == ("Golf-v0", KNOWN) and "min()" in (tie.reason or "")


def test_textarena_is_missing_says_how_to_install_it(monkeypatch):
    real_import = builtins.__import__

    def without_textarena(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "textarena" or name.startswith("textarena."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_textarena)
    from golfcore.engines.textarena import make

    with pytest.raises(EngineError, match="pip install textarena"):
        make()


# -- the rules that describe TextArena, under golfcore ------------------------------------------

def score(variant: str, text: str) -> int:
    rules = RuleSet(variant)
    return board_score(rules, Board(tuple(parse_cards(text)), (True,) * 6))


def test_textarena_golf_values_and_columns_under_golfcore():
    rules = RuleSet("textarena-golf")
    assert (rules.shape, len(rules.deck), rules.players) == ((2, 3), 52, 2)
    assert [rules.values[c] for c in parse_cards("AH 2H TH JH QH KH")] == [1, 2, 10, 10, 10, 0]
    assert score("textarena-golf", "TH QD 5H JS QC 6C") == 11     # ten/jack and two queens
    assert score("textarena-golf", "TH JD QS 2C 3C 4C") == 39     # rows never cancel
    assert score("six-card", "TH QD 5H JS QC 6C") == 31           # six-card: by rank only


def test_textarena_columns_go_with_textarena_values_only():
    from golfcore.errors import GolfError

    with pytest.raises(GolfError, match="textarena-columns"):
        RuleSet("six-card+textarena-columns")

"""The protocol's perft: golfcore answers it as the count files say, bounded; and the runner
checks any engine against the files through it, under the engine's own variant names."""

from __future__ import annotations

import pytest

from golfcore.conformance.engines import InProcessEngine, ProgramEngine
from golfcore.conformance.perft import PerftCase, find_files, read_file, shipped_folder
from golfcore.conformance.perft_engines import check_engine

from test_engine_offers import Renamed


def shipped(variant: str, most_depth: int = 10) -> list[PerftCase]:
    cases = [c for f in find_files([shipped_folder()]) for c in read_file(f)]
    return [c for c in cases if c.variant == variant and c.depth <= most_depth]


def ask(engine, *requests):
    return [engine.request(r) for r in requests]


def test_perft_counts_as_the_shipped_files_say():
    engine = InProcessEngine()
    case = shipped("cards4")[0]
    _, reply, split = ask(engine, {"cmd": "new", "variant": "cards4", "deal": case.start},
                          {"cmd": "perft", "depth": case.depth},
                          {"cmd": "perft", "depth": case.depth, "divide": True})
    assert reply == {"ok": True, "perft": {"depth": case.depth, "count": case.count,
                                           "divide": None}}
    assert split["ok"] and sum(split["perft"]["divide"].values()) == case.count
    legal = engine.request({"cmd": "legal"})["legal"]
    assert sorted(split["perft"]["divide"]) == sorted(legal)


@pytest.mark.parametrize("request_, message", [
    ({"cmd": "perft"}, "needs 'depth'"),
    ({"cmd": "perft", "depth": -1}, "whole number from 0"),
    ({"cmd": "perft", "depth": 3, "divide": "yes"}, "'divide' must be true or false"),
    ({"cmd": "perft", "depth": 3, "limit": 0}, "'limit' must be"),
    ({"cmd": "perft", "depth": 3, "limit": 10 ** 9}, "'limit' must be"),
    ({"cmd": "perft", "depth": 30, "limit": 50}, "more than 50 states"),
])
def test_bad_or_too_large_perft_requests_are_refused(request_, message):
    engine = InProcessEngine()
    engine.request({"cmd": "new", "variant": "cards4", "deal": 1})
    reply = engine.request(request_)
    assert reply["ok"] is False and reply["error"] == "bad-input", reply
    assert message in reply["message"]


def test_a_card_game_seat_may_not_count_over_hidden_cards():
    engine = InProcessEngine()
    assert engine.request({"cmd": "new", "game": "card-game", "code": "GC1-G233-AAAAAAB",
                           "seats": [0]})["ok"]
    reply = engine.request({"cmd": "perft", "depth": 2})
    assert reply["ok"] is False and reply["error"] == "not-referee"
    engine.request({"cmd": "new", "game": "card-game", "code": "GC1-G233-AAAAAAB"})
    assert engine.request({"cmd": "perft", "depth": 2})["perft"]["count"] == 27


def test_another_program_is_checked_against_the_files():
    engine = ProgramEngine("golf serve", timeout=60)
    try:
        results = list(check_engine(shipped("traditional") + shipped("card-golf", 4), engine))
    finally:
        engine.close()
    assert results and all(r.status == "pass" for r in results), results


def test_an_engine_is_checked_under_its_variant_that_plays_the_lines_rules():
    engine = Renamed({"klondike-golf": "cards4"}, [
        {"variant": "klondike-golf", "plays": "cards4",
         "own": {"scoring": "its own points"}}])
    results = list(check_engine(shipped("cards4") + shipped("app-facil"), engine))
    ran = [r for r in results if r.status != "skip"]
    assert ran and all(r.status == "pass" and r.variant == "klondike-golf" for r in ran)
    skipped = [r for r in results if r.status == "skip"]
    assert {r.case.variant for r in skipped} == {"app-facil"}
    assert all("no variant with app-facil's rules" in r.skipped for r in skipped)


def test_a_wrong_count_is_reported_with_both_numbers():
    case = shipped("cards4")[0]
    wrong = PerftCase(case.source, case.line, case.game, case.variant, case.start, case.depth,
                      case.count + 1)
    (result,) = check_engine([wrong], InProcessEngine())
    assert result.status == "fail"
    assert result.message == f"expected {case.count + 1}, counted {case.count}"

"""The Aisleriot adapter, with the real Aisleriot (Debian's aisleriot and guile-3.0): its Golf's
compiled Guile modules run in guile-3.0 by golfcore/engines/aisleriot/harness.scm.

Where they are missing the tests skip, except under ``CI`` (which installs them: ``.ci/run``),
where they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from golfcore.conformance.engines import EngineError
from golfcore.conformance.known import apply_known, known_file, read_known, stale
from golfcore.conformance.perft import read_file
from golfcore.conformance.perft_engines import check_engine
from golfcore.conformance.runner import run

#: Debian's guile-3.0 and aisleriot come with .ci/run after the default test run: each test
#: here is a slow one, run (and required) after the installs.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PERFT = ROOT / "specs" / "perft"


@pytest.fixture(scope="module")
def engine():
    from golfcore.engines.aisleriot import make

    try:
        e = make(timeout=60)
    except EngineError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}, and CI requires it")
        pytest.skip(str(exc))
    yield e
    e.close()


def position(columns, stock="", waste=""):
    from golfcore.solitaire.position import Position

    return Position.build([c.split() for c in columns], stock.split(), waste.split()).to_json()


def test_hello_offers_aisleriots_golf_as_cards4(engine):
    hello = engine.request({"cmd": "hello"})
    assert hello["ok"] and hello["engine"].startswith("aisleriot ")
    assert "Guile 3.0" in hello["engine"]
    (offer,) = hello["offers"]
    assert offer["variant"] == "golf" and offer["plays"] == "cards4"
    assert set(offer["own"]) == {"scoring", "messages"}
    assert {"position", "deal", "undo", "perft"} <= set(offer["features"])


def test_aisleriot_refuses_a_card_on_a_king(engine):
    """golf.scm's droppable? and button-clicked take nothing on a king (C4-07)."""
    start = position(["QH KS", "QC"], stock="2S", waste="QD")
    assert engine.request({"cmd": "new", "variant": "golf", "position": start})["ok"]
    reply = engine.request({"cmd": "play", "column": 1})
    assert reply["ok"] and reply["card"] == "KS" and reply["state"]["score"]["value"] == 1
    reply = engine.request({"cmd": "play", "column": 1})
    assert not reply["ok"] and reply["refused_by"] == "button-clicked"
    assert reply["state"]["free"][:2] == ["QH", "QC"] and reply["state"]["waste"] == "KS"
    assert reply["state"]["legal"] == ["draw"]
    assert engine.request({"cmd": "draw"})["card"] == "2S"
    state = engine.request({"cmd": "state"})["state"]
    assert state["status"] == "lost" and state["legal"] == [] and state["undoable"] == 2
    assert engine.request({"cmd": "draw"})["refused_by"] == "game-over"
    # a lost game takes undo (its dialog offers it); the point of the king comes back off
    assert engine.request({"cmd": "undo"})["state"]["status"] == "playing"
    assert engine.request({"cmd": "undo"})["state"]["score"]["value"] == 0
    assert engine.request({"cmd": "undo"})["ok"] is False


def test_a_tap_on_a_covered_card_plays_the_free_card(engine):
    """Aisleriot's tap is button-clicked on the slot: the known difference with C4-03."""
    start = position(["7S 6C 5H"], stock="2D", waste="4C")
    engine.request({"cmd": "new", "variant": "golf", "position": start})
    reply = engine.request({"cmd": "play", "card": "6C"})
    assert reply["ok"] and reply["card"] == "5H"
    assert reply["state"]["position"]["columns"][0] == ["7S", "6C"]
    assert engine.request({"cmd": "play", "card": "2D"})["ok"] is False     # in the stock


def test_the_hint_is_aisleriots_and_legal(engine):
    engine.request({"cmd": "new", "variant": "golf", "deal": 1})
    reply = engine.request({"cmd": "hint"})
    assert reply["hint"] == "draw" == reply["state"]["legal"][-1]
    engine.request({"cmd": "draw"})
    reply = engine.request({"cmd": "hint"})
    assert reply["hint"] in reply["state"]["legal"] and reply["hint"] != "draw"
    assert engine.request({"cmd": "hint", "strategy": "solver"})["error"] == "bad-request"


def test_perft_agrees_with_the_shipped_counts_at_depth_14(engine):
    cases = [c for c in read_file(str(PERFT / "cards4.jsonl")) if c.depth <= 14]
    results = list(check_engine(cases, engine))
    assert len(results) == 6 and all(r.passed for r in results), results


def test_without_guile_the_error_says_what_to_install(monkeypatch):
    from golfcore.engines.aisleriot import make

    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("GOLFCORE_GUILE", raising=False)
    with pytest.raises(EngineError, match="install aisleriot and guile-3.0"):
        make()


def test_the_suite_judges_aisleriot_with_its_known_differences(engine):
    known = read_known(known_file("aisleriot"))
    report = run([ROOT / "specs"], engine)
    assert stale(report, known) == []
    report = apply_known(report, known)
    counts = report.counts()
    assert report.errors == [] and counts["fail"] == 0
    assert counts["known"] == len(known) == 3
    assert counts["pass"] >= 40


def test_perft_agrees_with_every_shipped_count_of_aisleriots_rules(engine):
    """Every count file whose variant plays Aisleriot's rules (cards4), at every depth; the
    others are skipped as another variant's."""
    cases = [c for path in sorted(PERFT.glob("*.jsonl")) for c in read_file(str(path))]
    results = list(check_engine(cases, engine))
    checked = [r for r in results if not r.skipped]
    assert len(checked) == 15 and all(r.passed for r in checked), checked
    assert {r.case.variant for r in checked} == {"cards4"}

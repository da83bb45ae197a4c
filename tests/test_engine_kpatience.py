"""The KPatience adapter, with the real kpat (Debian's package, run headless).

Where kpat is missing the tests skip, except under ``CI`` (which installs it: ``.ci/run``),
where they fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.conformance.known import apply_known, known_file, read_known
from golfcore.conformance.runner import run
from golfcore.engines.kpatience.kpat import find_kpat, solve_range
from golfcore.kpatience_shuffle import kpatience_position
from golfcore.solitaire.search.solver import solve

#: Debian's kpat is installed by .ci/run after the default test run: every test
#: here is a slow one, run (and required) after the installs.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SOLVER = ROOT / "specs" / "solver"


@pytest.fixture(scope="module")
def kpat():
    program = find_kpat()
    if program is None:
        if os.environ.get("CI"):
            pytest.fail("kpat is not installed (apt-get install kpat), and CI requires it")
        pytest.skip("kpat is not installed (apt-get install kpat)")
    return program


@pytest.fixture(scope="module")
def engine(kpat):
    from golfcore.engines.kpatience import make

    e = make(timeout=60)
    yield e
    e.close()


def test_hello_offers_kpatiences_golf_as_relaxed(engine):
    hello = engine.request({"cmd": "hello"})
    assert hello["ok"] and hello["engine"].startswith("kpatience 2")
    (offer,) = hello["offers"]
    assert offer["variant"] == "golf" and offer["plays"] == "relaxed"
    assert set(offer["features"]) == {"kpatience-deal", "solve"}


def test_kpats_verdicts_on_its_deals(engine):
    """Deal 2 is won and deal 1 lost, as kpat's solver says on its own numbered deals."""
    for deal, winnable in ((2, True), (1, False), (2147483647, False)):
        assert engine.request({"cmd": "new", "variant": "golf", "kpatience": deal})["ok"]
        reply = engine.request({"cmd": "solve"})
        assert reply["ok"] and reply["solve"]["winnable"] is winnable, deal


def test_what_kpat_cannot_do_is_refused(engine):
    position = kpatience_position(2).to_json()
    reply = engine.request({"cmd": "new", "variant": "golf", "position": position})
    assert reply == {"ok": False, "error": "bad-request", "message": reply["message"]}
    assert "cannot load a position" in reply["message"]
    assert engine.request({"cmd": "new", "variant": "relaxed", "kpatience": 2})["error"] == \
        "bad-input"
    assert engine.request({"cmd": "new", "variant": "golf", "kpatience": 0})["error"] == \
        "bad-input"
    for cmd in ("play", "draw", "state", "legal", "perft"):
        assert engine.request({"cmd": cmd})["error"] == "bad-request"


def test_kpats_solver_draws_only_when_stuck(kpat):
    """Deal 5: kpat says lost; golfcore wins it under relaxed only by drawing early, and finds
    no win that draws only when stuck."""
    assert solve_range(5, 5)[5] == "lost"
    assert solve("relaxed", kpatience_position(5), best=False).winnable is True
    assert solve("relaxed+draw-when-stuck", kpatience_position(5), best=False).winnable is False


def test_the_suite_judges_kpatience_with_its_known_differences(engine):
    report = run([SOLVER / "kpatience-verdicts.yaml"], engine)
    report = apply_known(report, read_known(known_file("kpatience")))
    counts = report.counts()
    assert report.errors == [] and counts["fail"] == 0
    assert counts["known"] == len(read_known(known_file("kpatience"))) > 0
    assert counts["pass"] >= 150


def test_the_verdict_files_are_what_the_script_writes_from_kpat(kpat, tmp_path):
    """scripts/kpatience_verdicts.py, run again on the real kpat, writes the shipped files."""
    names = ["specs/solver/kpatience-verdicts.yaml", "specs/solver/kpatience-solver-verdicts.yaml",
             "specs/engines/kpatience.yaml"]
    before = {n: (ROOT / n).read_text() for n in names}
    try:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "kpatience_verdicts.py")],
                       check=True, capture_output=True, cwd=ROOT)
        after = {n: (ROOT / n).read_text() for n in names}
    finally:
        for n, text in before.items():
            (ROOT / n).write_text(text)
    assert after == before

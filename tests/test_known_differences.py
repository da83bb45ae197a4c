"""Known differences (specs/engines/NAME.yaml): a listed failure is reported as known with its
reason, an unlisted one fails the run, a listed case that passes is reported as no longer seen;
a bad file is refused with its line; and `golf conform --engine` writes results across
engines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.conformance.known import apply_known, read_known, stale
from golfcore.conformance.model import SpecError
from golfcore.conformance.report import FAIL, KNOWN, PASS, format_report
from golfcore.conformance.runner import run
from golfcore.conformance.specfile import default_paths

from test_engine_offers import Renamed

GOLF = [sys.executable, "-m", "golfcore.cli"]
ROOT = Path(__file__).resolve().parents[1]


def liar_report():
    """An engine that plays Cards4 and claims Fácil: its failures are real differences."""
    engine = Renamed({"liar": "cards4"}, [{"variant": "liar", "plays": "app-facil"}])
    return run(default_paths(), engine)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "liar.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_listed_failure_is_known_and_an_unlisted_one_still_fails(tmp_path):
    report = liar_report()
    failed = sorted({r.case.id for r in report.results if r.status == FAIL})
    assert len(failed) >= 2
    listed, unlisted = failed[0], failed[1:]
    path = write(tmp_path, f"""engine: liar
differences:
  - case: {listed}
    rules: [APP-05]
    reason: It links no king and ace, as Cards4 does.
    upstream: https://example.invalid/issues/1
""")
    differences = read_known(path, "liar")
    apply_known(report, differences)
    known = [r for r in report.results if r.status == KNOWN]
    assert {r.case.id for r in known} == {listed}
    assert all(r.reason == "It links no king and ace, as Cards4 does." for r in known)
    assert {r.case.id for r in report.results if r.status == FAIL} == set(unlisted)
    assert not report.ok
    text = format_report(report)
    assert "known differences:" in text and "example.invalid/issues/1" in text
    assert f"  {listed} [liar] (APP-05): It links" in text      # the rules it departs from
    assert "known differences, " in text.splitlines()[-1]


def test_a_difference_whose_case_passes_is_reported_as_no_longer_seen(tmp_path):
    report = liar_report()
    passing = next(r.case.id for r in report.results if r.status == PASS)
    path = write(tmp_path, f"""engine: liar
differences:
  - case: {passing}
    rules: [C4-07]
    reason: It was once wrong about kings here.
""")
    differences = read_known(path)
    apply_known(report, differences)
    assert [d.case for d in stale(report, differences)] == [passing]


@pytest.mark.parametrize("text, line, message", [
    ("engine: liar\ndifferences:\n  - case: x\n    rules: [C4-07]\n", 3, "needs reason"),
    ("engine: liar\ndifferences:\n  - case: x\n    rules: [C4-77]\n    reason: a b c\n", 4,
     "unknown rule id 'C4-77'"),
    ("engine: liar\ndifferences:\n  - case: x\n    rules: [C4-07]\n    reason: no\n", 5,
     "why the engine differs"),
    ("engine: liar\ndifferences:\n  - case: x\n    rules: [C4-07]\n    reason: a b c\n"
     "    colour: red\n", 3, "unknown field 'colour'"),
    ("engine: other\ndifferences: []\n", 1, "'other''s, not 'liar''s"),
    ("engine: liar\ndifferences:\n  - case: x\n    rules: [C4-07]\n    reason: a b c\n"
     "  - case: x\n    rules: [C4-07]\n    reason: a b c\n", 6, "listed twice"),
])
def test_a_bad_file_is_refused_with_its_line(tmp_path, text, line, message):
    with pytest.raises(SpecError) as caught:
        read_known(write(tmp_path, text), "liar")
    assert caught.value.line == line and message in str(caught.value)


def test_golf_conform_with_two_engines_writes_results_and_a_page(tmp_path):
    done = subprocess.run(GOLF + ["conform", "--engine", "golfcore", "--engine", "golfcore",
                                  "--html", str(tmp_path / "page"), "-q",
                                  "specs/cards4/kings.yaml"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "page" / "results.json").read_text(encoding="utf-8"))
    assert [e["name"] for e in data["engines"]] == ["golfcore", "golfcore"]
    assert all(e["ok"] and e["counts"]["pass"] > 0 for e in data["engines"])
    assert "C4-07" in data["rules"] and data["rules"]["C4-07"].startswith("Ace on 2")
    page = (tmp_path / "page" / "index.html").read_text(encoding="utf-8")
    assert 'href="#rule-C4-07"' in page and 'id="rule-C4-07"' in page
    case = next(iter(data["cases"].values()))
    assert case["quote"] in page.replace("&quot;", '"').replace("&#x27;", "'")


def test_an_unknown_engine_is_a_clear_error():
    done = subprocess.run(GOLF + ["conform", "--engine", "no-such-engine"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "no engine 'no-such-engine': expected one of golfcore" in done.stderr

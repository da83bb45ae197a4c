"""``golf survey --fair``: the fair chance of every deal beside the clairvoyant share.

Real runs of the command on a few deals with tiny budgets (a few hundred information states,
four sampled orders: about a tenth of a second a deal), so the whole file takes a few seconds.
Deal 1 is lost under traditional and cards4 and a bound proves it at once: its fair chance is
exact (0); the others are brackets.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.cli import main
from golfcore.errors import GolfError
from golfcore.runs.stats import (T_INTERVAL, WILSON_BOUND, binomial_lower, binomial_upper,
                                 mean_interval, wilson_interval)
from golfcore.solitaire import survey

#: A tiny budget per deal, and the survey run with it.
TINY = ["--fair", "--fair-states", "300", "--fair-samples", "4", "--fair-policy-states", "50"]
OPTIONS = {"states": 300, "seconds": None, "samples": 4, "seed": 1, "policy_states": 50,
           "policy_unseen": 8, "solver_positions": 200_000}
VARIANTS = ["traditional", "cards4"]
SURVEY = ["survey", "--variant", ",".join(VARIANTS), "--deals", "1..4", *TINY]


def golf(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def untimed_records(records: list[dict]) -> list[dict]:
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in records),
                  key=lambda r: (r["deal"], r["variant"]))


def figures(data: dict) -> dict:
    """The summary without anything timed."""
    rows = []
    for row in data["variants"]:
        row = {k: v for k, v in row.items() if k != "time"}
        if row["fair"] is not None:
            row["fair"] = {k: v for k, v in row["fair"].items() if k != "seconds"}
        rows.append(row)
    return {"variants": rows, "pairs": data["pairs"]}


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> tuple[Path, dict]:
    """The survey run without interruption, in process: its folder and JSON summary."""
    folder = tmp_path_factory.mktemp("whole")
    output = folder / "s.jsonl"
    capture = subprocess.run(
        [sys.executable, "-c", "import sys; from golfcore.cli import main; sys.exit(main())",
         *SURVEY, "--workers", "1", "--quiet", "--json", "--output", str(output)],
        capture_output=True, text=True, timeout=300)
    assert capture.returncode == 0, capture.stderr
    return folder, json.loads(capture.stdout)


def test_json_shape_and_figures(whole):
    folder, data = whole
    head = data["survey"]
    assert head["fair"] == OPTIONS
    assert head["fair_output"] == str(folder / "s.fair.jsonl")
    assert head["fair_now"] == 8 and head["fair_resumed"] == 0 and head["solved_now"] == 8
    fair = read(folder / "s.fair.jsonl")
    assert len(fair) == 8 and all(list(r) == list(survey.FAIR_FIELDS) for r in fair)
    assert all(r["options"] == OPTIONS for r in fair)
    by_key = {(r["deal"], r["variant"]): r for r in fair}
    for variant in VARIANTS:      # deal 1 is proved lost at once: exact, 0
        assert by_key[(1, variant)]["exact"] is True and by_key[(1, variant)]["value"] == 0
    for r in fair:
        assert 0 <= r["proved_low"] <= r["low"] <= r["high"] <= r["proved_high"] <= 1
        assert (r["value"] is not None) == r["exact"]
        assert r["exact"] or (r["samples"] == 4 and r["stopped"] == "states"
                              and r["policy_wins"] <= 4 and r["clairvoyant_wins"] <= 4)
    rows = {row["variant"]: row for row in data["variants"]}
    for variant in VARIANTS:
        row = rows[variant]
        mine = [r for r in fair if r["variant"] == variant]
        exact = [r for r in mine if r["exact"]]
        sampled = [r for r in mine if not r["exact"]]
        f = row["fair"]
        assert set(f) == {"n", "mean", "bracket", "confidence", "exact", "share_exact",
                          "sampled_deals", "seconds"}
        assert f["n"] == 4 and f["exact"] == len(exact) >= 1 and f["share_exact"] == f["exact"] / 4
        assert f["sampled_deals"] == len(sampled) >= 1
        assert f["mean"] is None and f["confidence"] == 0.95      # not every deal is exact
        # the bracket of the mean: the exact values, plus the pooled sampled bounds of the rest
        # (4 orders each) where they say more than what was proved
        known = sum(r["value"] for r in exact)
        m, n = len(sampled), 4 * len(sampled)
        low = max(sum(r["proved_low"] for r in sampled),
                  m * binomial_lower(sum(r["policy_wins"] for r in sampled), n, 0.025))
        high = min(sum(r["proved_high"] for r in sampled),
                   m * binomial_upper(sum(r["clairvoyant_wins"] for r in sampled), n, 0.025))
        assert f["bracket"] == pytest.approx([(known + low) / 4, (known + high) / 4])
        assert row["n"] == 4 and row["share"] is not None     # the clairvoyant share beside it
        assert row["ci"] == pytest.approx(list(wilson_interval(row["winnable"], 4)))


def test_text_report_shows_the_fair_chance_beside_the_share(whole, tmp_path, capsys):
    folder, _ = whole
    for name in ("s.jsonl", "s.fair.jsonl"):       # everything is there: nothing is computed
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    code, out, err = golf(capsys, *SURVEY, "--output", str(tmp_path / "s.jsonl"))
    assert code == 0
    assert "8 of 8 already solved" in err and "8 of 8 already computed (fair chance)" in err
    lines = out.splitlines()
    assert lines[1].startswith("fair chance of each deal (--fair-states 300")
    header = next(line for line in lines if line.startswith("fair chance") and "CI" in line)
    assert header.split() == ["fair", "chance", "deals", "clairvoyant", "95%", "CI", "mean",
                              "fair", "exact"]
    row = next(line for line in lines[lines.index(header):] if line.startswith("cards4"))
    cells = row.split()
    assert cells[1] == "4" and cells[-1].endswith("%")
    low, to, high = cells[-4:-1]                                 # a bracket, LOW% to HIGH%
    assert to == "to" and low.endswith("%")
    low, high = low.removesuffix("%"), high.removesuffix("%")
    assert 0 <= float(low) <= float(high) <= 100
    note = " ".join(lines[lines.index(row) + 2:lines.index(row) + 6])
    assert "a bracket that holds it at 95 %" in note and "(statistical)" in note
    assert "about these deals only" in note


def test_interrupted_and_resumed_gives_the_same_results(whole, tmp_path, capsys, monkeypatch):
    folder, expected = whole
    real = survey.backends.fair_deal
    calls: list[tuple] = []

    def stop_after_three(*args):
        if len(calls) == 3:
            raise KeyboardInterrupt
        calls.append(args)
        return real(*args)

    # the in-process backend (--workers 1) looks fair_deal up in its own module
    monkeypatch.setattr(survey.backends, "fair_deal", stop_after_three)
    output = tmp_path / "r.jsonl"
    argv = [*SURVEY, "--workers", "1", "--quiet", "--json", "--output", str(output)]
    code, out, err = golf(capsys, *argv)
    assert code == 130 and out == "" and "interrupted with 7 of 16 done" in err
    assert len(read(tmp_path / "r.fair.jsonl")) == 3 and len(read(output)) == 4
    calls.clear()
    monkeypatch.setattr(survey.backends, "fair_deal", lambda *a: calls.append(a) or real(*a))
    code, out, err = golf(capsys, *argv)
    assert code == 0
    assert len(calls) == 5                   # nothing already recorded is computed again
    data = json.loads(out)
    assert data["survey"]["fair_resumed"] == 3 and data["survey"]["fair_now"] == 5
    assert data["survey"]["resumed"] == 4 and data["survey"]["solved_now"] == 4
    assert figures(data) == figures(expected)
    for mine, theirs in (("r.jsonl", "s.jsonl"), ("r.fair.jsonl", "s.fair.jsonl")):
        assert untimed_records(read(tmp_path / mine)) == untimed_records(read(folder / theirs))


def test_two_workers_give_the_same_fair_chances(whole, tmp_path, capsys):
    folder, expected = whole
    output = tmp_path / "two.jsonl"
    code, out, _ = golf(capsys, "survey", "--variant", "traditional", "--deals", "1..4", *TINY,
                        "--workers", "2", "--quiet", "--json", "--output", str(output))
    assert code == 0
    mine = untimed_records(read(tmp_path / "two.fair.jsonl"))
    theirs = [r for r in untimed_records(read(folder / "s.fair.jsonl"))
              if r["variant"] == "traditional"]
    assert mine == theirs


def test_other_fair_options_are_refused(whole, tmp_path, capsys):
    folder, _ = whole
    output = tmp_path / "s.jsonl"
    for name in ("s.jsonl", "s.fair.jsonl"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    before = (tmp_path / "s.fair.jsonl").read_bytes()
    for change, shown in ((["--fair-samples", "5"], "--fair-samples 4"),
                          (["--fair-seed", "2"], "--fair-seed 1"),
                          (["--fair-seconds", "9"], "no --fair-seconds")):
        code, _, err = golf(capsys, *SURVEY, *change, "--quiet", "--output", str(output))
        assert code == 1, err
        assert "fair chances computed with other options" in err and shown in err
        assert "--fair-output" in err
    assert (tmp_path / "s.fair.jsonl").read_bytes() == before


def test_a_survey_without_fair_is_reused_and_fair_options_need_fair(tmp_path, capsys):
    output = tmp_path / "plain.jsonl"
    code, _, _ = golf(capsys, "survey", "--variant", "traditional", "--deals", "1..3",
                      "--workers", "1", "--quiet", "--output", str(output))
    assert code == 0 and not (tmp_path / "plain.fair.jsonl").exists()
    code, out, _ = golf(capsys, "survey", "--variant", "traditional", "--deals", "1..3", *TINY,
                        "--workers", "1", "--quiet", "--json", "--output", str(output))
    data = json.loads(out)
    assert code == 0 and data["survey"]["solved_now"] == 0 and data["survey"]["fair_now"] == 3
    assert data["variants"][0]["fair"]["n"] == 3
    code, _, err = golf(capsys, "survey", "--deals", "2", "--fair-samples", "4",
                        "--output", str(output))
    assert code == 1 and "--fair-samples needs --fair" in err
    code, out, _ = golf(capsys, "survey", "--variant", "traditional", "--deals", "1..3",
                        "--workers", "1", "--quiet", "--json", "--output", str(output))
    data = json.loads(out)
    assert data["survey"]["fair"] is None and data["variants"][0]["fair"] is None


def test_fair_output_names(tmp_path, capsys):
    assert survey.fair_output("a/s.jsonl") == "a/s.fair.jsonl"
    assert survey.fair_output("results") == "results.fair.jsonl"
    assert survey.fair_output("/dev/null") == "/dev/null"
    output = tmp_path / "s.jsonl"
    code, _, err = golf(capsys, *SURVEY, "--output", str(output), "--fair-output", str(output))
    assert code == 1 and "is the results file" in err
    code, _, err = golf(capsys, *SURVEY, "--output", str(output), "--fair-output",
                        str(tmp_path / "nowhere" / "f.jsonl"))
    assert code == 1 and "no such folder" in err
    assert not output.exists()


@pytest.mark.parametrize("field, value", [
    ("value", "0.5"), ("value", 1.5), ("exact", 1), ("low", -0.1), ("stopped", "time"),
    ("options", {"states": 300}), ("samples", -1), ("deal", 0), ("value", 0.5),
    ("proved_low", 0.5), ("policy_wins", 5), ("clairvoyant_wins", "all"),
])
def test_a_damaged_fair_record_is_refused_with_its_line(whole, tmp_path, field, value):
    folder, _ = whole
    lines = (folder / "s.fair.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[1])
    record[field] = value
    path = tmp_path / "bad.fair.jsonl"
    text = lines[0] + json.dumps(record) + "\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GolfError, match=r"line 2"):
        survey.read_fair_results(str(path), VARIANTS, 1, 4, survey.FairOptions(**OPTIONS))
    assert path.read_text(encoding="utf-8") == text


def test_a_fair_line_cut_off_mid_write_is_repaired(whole, tmp_path):
    folder, _ = whole
    text = (folder / "s.fair.jsonl").read_text(encoding="utf-8")
    path = tmp_path / "cut.fair.jsonl"
    lines = text.splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:30], encoding="utf-8")
    resume = survey.read_fair_results(str(path), VARIANTS, 1, 4, survey.FairOptions(**OPTIONS))
    assert resume.truncated and len(resume.done) == 3
    assert path.read_text(encoding="utf-8") == "".join(lines[:3])


def test_mean_interval():
    # t interval: mean 0.15, s = sqrt(0.05/3), t(0.975, 3) = 3.182446; cut at 0
    mean, low, high, how = mean_interval([0.1, 0.3, 0.2, 0.0])
    half = 3.182446 * (0.05 / 3) ** 0.5 / 2
    assert how == T_INTERVAL and mean == pytest.approx(0.15)
    assert (low, high) == pytest.approx((0.0, 0.15 + half), abs=1e-6)
    # two deals: t(0.975, 1) = 12.7, the interval is all of [0, 1]
    assert mean_interval([0.4, 0.6])[1:] == pytest.approx((0.0, 1.0, T_INTERVAL))
    # all equal (every deal proved 0) or one deal: the conservative bound, Wilson's at the mean
    assert mean_interval([0.0] * 10) == (0.0, *wilson_interval(0, 10), WILSON_BOUND)
    z = 1.959963984540054
    half = z * (0.25 + z * z / 4) ** 0.5 / (1 + z * z)       # Wilson at p = 1/2, n = 1
    assert mean_interval([0.5]) == pytest.approx((0.5, 0.5 - half, 0.5 + half, WILSON_BOUND))
    assert mean_interval([]) == (None, 0.0, 1.0, None)

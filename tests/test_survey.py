"""``golf survey``: records, backends (in process, processes, Dask), resume, summary, plot, CLI.

The deals are chosen to solve fast: with --no-best, deals 1..5 take about two seconds in all
under app-facil, app-clasico and traditional; app-facil and traditional solve deals 2..7 in a
blink even with the best result searched.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import distributed
import pytest

from golfcore.solitaire import survey
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.errors import GolfError

DATA = Path(__file__).resolve().parent / "data" / "golf-pysolfc-1-200.jsonl"
SVG = "{http://www.w3.org/2000/svg}"

#: The main survey: app-facil and app-clasico (deal 1 separates them) plus traditional.
MAIN = ["--variant", "app-facil,app-clasico,traditional", "--deals", "1..5", "--no-best"]
#: A survey that is fast even with the best result searched, for the resume tests.
FAST = ["--variant", "app-facil,traditional"]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="golf survey")
    survey.add_arguments(p)
    return p


def golf_survey(capsys, *argv: str) -> tuple[int, str, str]:
    """Like ``golf survey ARGV``: GolfError is ``golf: error: ...`` with exit status 1."""
    try:
        code = survey.run_command(parser().parse_args(list(argv)))
    except GolfError as exc:
        print(f"golf: error: {exc}", file=sys.stderr)
        code = 1
    out, err = capsys.readouterr()
    return code, out, err


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def comparable(records: list[dict]) -> list[dict]:
    """Records without their timing, in (deal, variant) order."""
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in records),
                  key=lambda r: (r["deal"], r["variant"]))


def untimed(summary: dict) -> dict:
    return {"variants": [{k: v for k, v in row.items() if k != "time"}
                         for row in summary["variants"]],
            "pairs": summary["pairs"]}


def keys(records: list[dict]) -> list[tuple[int, str]]:
    return [(r["deal"], r["variant"]) for r in records]


@pytest.fixture(scope="module")
def main_run(tmp_path_factory) -> tuple[Path, list[dict], dict]:
    """The main survey, in process: its results file, records and JSON summary."""
    folder = tmp_path_factory.mktemp("main")
    output = folder / "main.jsonl"
    args = parser().parse_args(MAIN + ["--workers", "1", "--output", str(output),
                                       "--plot", str(folder / "main.svg"), "--json", "--quiet"])
    stdout = io.StringIO()
    saved = sys.stdout
    sys.stdout = stdout
    try:
        assert survey.run_command(args) == 0
    finally:
        sys.stdout = saved
    return output, read(output), json.loads(stdout.getvalue())


# -- the core ------------------------------------------------------------------------------------


def test_solve_deal_record():
    record = survey.solve_deal("app-facil", 2, True, None)
    assert list(record) == list(survey.RECORD_FIELDS)
    assert record["deal"] == 2 and record["variant"] == "app-facil"
    assert record["winnable"] is True and record["outcome"] == "won"
    assert record["best_removed"] == 35
    assert record["best_score"] == {"kind": "points", "value": 350}
    assert record["complete"] is True and record["visited"] > 0 and record["seconds"] >= 0
    assert json.loads(json.dumps(record)) == record
    lost = survey.solve_deal("app-clasico", 1, False, None)
    assert lost["winnable"] is False and lost["outcome"] == "lost" and lost["best"] is False


def test_solve_deal_with_a_limit_may_stay_undecided():
    record = survey.solve_deal("app-clasico", 3, False, 5)
    assert record["complete"] is False and record["winnable"] is None and record["limit"] == 5


def test_survey_tasks_go_deal_by_deal_and_skip_what_is_done():
    assert survey.survey_tasks(["a", "b"], 3, 4) == [("a", 3), ("b", 3), ("a", 4), ("b", 4)]
    assert survey.survey_tasks(["a", "b"], 3, 4, done={(3, "b"), (9, "a")}) == [
        ("a", 3), ("a", 4), ("b", 4)]


@pytest.mark.parametrize("k, n, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # statsmodels' proportion_confint(k, n, method="wilson")
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_known_values(k, n, low, high):
    got = survey.wilson_interval(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges():
    assert survey.wilson_interval(0, 0) == (0.0, 1.0)
    assert survey.wilson_interval(0, 7)[0] == 0.0
    assert survey.wilson_interval(7, 7)[1] == 1.0
    with pytest.raises(ValueError):
        survey.wilson_interval(3, 2)


def _record(deal: int, variant: str, winnable: bool | None, removed: int = 35,
            score: int | None = 350, seconds: float = 1.0, kind: str = "points") -> dict:
    return {"deal": deal, "variant": variant, "winnable": winnable, "best_removed": removed,
            "best_score": {"kind": kind, "value": score}, "outcome": "won" if winnable else "lost",
            "visited": 10, "seconds": seconds, "complete": winnable is not None, "best": True,
            "limit": None}


def test_summarize_figures():
    records = [
        _record(1, "A", True, seconds=1.0), _record(1, "B", False, 30, 250, seconds=3.0),
        _record(2, "A", True, seconds=2.0), _record(2, "B", True, seconds=5.0),
        _record(3, "A", False, 20, 50, seconds=4.0), _record(3, "B", True, seconds=1.0),
        _record(4, "A", None, 10, 0, seconds=10.0),
        _record(4, "B", False, 31, 270, seconds=2.0),
        _record(1, "A", False, seconds=99.0),  # a repeated (deal, variant): counted once
    ]
    summary = survey.summarize(records, ["A", "B"])
    a, b = summary["variants"]
    assert (a["n"], a["winnable"], a["lost"], a["undecided"]) == (4, 2, 1, 1)
    assert a["share"] == pytest.approx(2 / 3)
    assert a["ci"] == pytest.approx(list(survey.wilson_interval(2, 3)))
    assert a["mean_best_removed"] == pytest.approx((35 + 35 + 20 + 10) / 4)
    assert a["mean_score"] == pytest.approx((350 + 350 + 50 + 0) / 4)
    assert a["score_kind"] == "points"
    assert a["time"] == pytest.approx({"mean": 4.25, "median": 3.0, "p90": 8.2, "max": 10.0,
                                       "total": 17.0})
    assert a["visited"] == 40
    assert (b["n"], b["winnable"], b["lost"], b["share"]) == (4, 2, 2, 0.5)
    pairs = {(p["winnable_in"], p["lost_in"]): p for p in summary["pairs"]}
    assert pairs[("A", "B")]["deals"] == [1] and pairs[("A", "B")]["count"] == 1
    assert pairs[("B", "A")]["deals"] == [3]      # deal 4 is undecided under A: not counted


def test_summarize_without_best_or_points():
    no_best = [dict(_record(d, "A", True), best=False) for d in (1, 2)]
    row = survey.summarize(no_best)["variants"][0]
    assert row["best_searched"] is False
    assert row["mean_best_removed"] is None and row["mean_score"] is None
    result_only = [_record(1, "K", True, score=None, kind="result")]
    row = survey.summarize(result_only)["variants"][0]
    assert row["mean_best_removed"] == 35 and row["mean_score"] is None
    empty = survey.summarize([], ["A"])["variants"][0]
    assert empty["n"] == 0 and empty["share"] is None and empty["ci"] == [0.0, 1.0]


def test_text_report_lists_twenty_deals_and_the_count():
    records = [_record(d, "A", True) for d in range(1, 31)]
    records += [_record(d, "B", False, 30, 250) for d in range(1, 31)]
    lines = survey.format_summary(survey.summarize(records, ["A", "B"]))
    at = lines.index("winnable in A, lost in B: 30 deals")
    assert lines[at + 1] == "  " + " ".join(map(str, range(1, 21))) + " ... and 10 more"
    assert "winnable in B, lost in A: 0 deals" in lines


# -- deals and variants on the command line ------------------------------------------------------


def test_parse_deals():
    assert survey.parse_deals("1..200") == (1, 200)
    assert survey.parse_deals(" 7 ") == (7, 7)
    assert survey.parse_deals("3 .. 4") == (3, 4)
    assert survey.parse_deals(f"1..{MAX_DEAL}") == (1, MAX_DEAL)


@pytest.mark.parametrize("text, message", [
    ("1-200", "write 1..200"),
    ("abc", "not a deal number or a range A..B"),
    ("1..", "not a deal number or a range A..B"),
    ("", "needs a deal number or a range"),
    ("0..5", "deal numbers start at 1"),
    ("9..3", "the first deal (9) comes after the last (3); write 3..9"),
    (f"1..{MAX_DEAL + 1}", f"deal numbers go from 1 to {MAX_DEAL}"),
])
def test_bad_deals_give_clear_errors(capsys, tmp_path, text, message):
    with pytest.raises(GolfError, match=message.replace("(", r"\(").replace(")", r"\)")):
        survey.parse_deals(text)
    code, out, err = golf_survey(capsys, "--deals", text, "--output", str(tmp_path / "x.jsonl"))
    assert code == 1 and out == ""
    assert err.startswith("golf: error: --deals") and message in err
    assert not (tmp_path / "x.jsonl").exists()


def test_bad_variant_and_usage_errors(capsys, tmp_path):
    code, _, err = golf_survey(capsys, "--variant", "app-facil,nonsense", "--deals", "1",
                               "--output", str(tmp_path / "x.jsonl"))
    assert code == 1 and "nonsense" in err
    code, _, err = golf_survey(capsys, "--variant", " , ", "--deals", "1")
    assert code == 1 and "at least one variant" in err
    for argv in (["--deals", "1", "--workers", "0"],
                 ["--deals", "1", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
                 ["--deals", "1", "--limit", "x"],
                 ["--variant", "app-facil"]):
        with pytest.raises(SystemExit) as exc:
            parser().parse_args(argv)
        assert exc.value.code == 2
    capsys.readouterr()


def test_variants_are_canonical_and_each_once():
    assert survey.parse_variants(["facil,clasico", "app-facil"]) == ["app-facil", "app-clasico"]
    assert survey.parse_variants("cards4+jokers=2") == ["cards4+jokers=2"]


# -- backends ------------------------------------------------------------------------------------


def test_main_survey_in_process(main_run):
    output, records, data = main_run
    assert sorted(keys(records)) == sorted(
        (d, v) for d in range(1, 6) for v in ("app-facil", "app-clasico", "traditional"))
    assert data["survey"]["variants"] == ["app-facil", "app-clasico", "traditional"]
    assert data["survey"]["deals"] == [1, 5] and data["survey"]["best"] is False
    rows = {row["variant"]: row for row in data["variants"]}
    assert rows["app-facil"]["n"] == 5 and rows["app-facil"]["winnable"] == 5
    assert rows["traditional"]["winnable"] == 0
    assert rows["app-facil"]["mean_best_removed"] is None      # --no-best
    assert untimed(data) == untimed(survey.summarize(records,
                                                     ["app-facil", "app-clasico", "traditional"]))


def test_the_oracle_agrees(main_run):
    """Deal by deal, the survey's verdicts are the PySolFC-based oracle's."""
    oracle = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        oracle[item["deal"]] = item["winnable"]
    columns = {"app-facil": "king-ace wrap, queen on a king",
               "app-clasico": "no-wrap, queen on a king",
               "traditional": None}
    for record in main_run[1]:
        column = columns[record["variant"]]
        if column is not None:
            assert record["winnable"] is oracle[record["deal"]][column], record


def test_pair_separation_finds_deal_1(main_run):
    pairs = {(p["winnable_in"], p["lost_in"]): p["deals"] for p in main_run[2]["pairs"]}
    assert 1 in pairs[("app-facil", "app-clasico")]
    assert pairs[("app-clasico", "app-facil")] == []
    assert pairs[("traditional", "app-facil")] == []


def test_two_worker_processes_give_the_same_records(main_run, tmp_path, capsys):
    output = tmp_path / "two.jsonl"
    code, out, _ = golf_survey(capsys, *MAIN, "--workers", "2", "--output", str(output),
                               "--quiet")
    assert code == 0
    assert comparable(read(output)) == comparable(main_run[1])
    assert "winnable in app-facil, lost in app-clasico:" in out
    listed = out.split("winnable in app-facil, lost in app-clasico:")[1].splitlines()[1].split()
    assert "1" in listed


@pytest.mark.slow   # a Dask cluster takes seconds to start: CI runs it
def test_dask_local_cluster_gives_the_same_records(main_run, tmp_path, capsys):
    output = tmp_path / "dask.jsonl"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        code, out, err = golf_survey(capsys, *MAIN, "--scheduler", cluster.scheduler_address,
                                     "--output", str(output), "--json", "--quiet")
    assert code == 0, err
    assert comparable(read(output)) == comparable(main_run[1])
    data = json.loads(out)
    assert data["survey"]["backend"].startswith("dask ")
    assert untimed(data) == untimed(main_run[2])


def test_dask_missing_names_the_extra(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed fails
    output = tmp_path / "x.jsonl"
    code, _, err = golf_survey(capsys, "--deals", "2", "--scheduler", "tcp://127.0.0.1:1",
                               "--output", str(output))
    assert code == 1
    assert "golfcore[dask]" in err and "dask extra" in err
    assert not output.exists()


def test_a_bad_scheduler_address_is_a_usage_error(capsys, tmp_path):
    from golfcore.cli import main
    output = tmp_path / "x.jsonl"
    code = main(["survey", "--deals", "2", "--scheduler", "nonsense.invalid",
                 "--output", str(output)])
    err = capsys.readouterr().err
    assert code == 2 and "cannot resolve the host 'nonsense.invalid'" in err
    assert "Traceback" not in err and not output.exists()


# -- the results file and resuming ---------------------------------------------------------------


def _fast(capsys, output: Path, deals: str, *more: str) -> tuple[int, str, str]:
    return golf_survey(capsys, *FAST, "--deals", deals, "--workers", "1", "--output",
                       str(output), "--json", *more)


def test_resume_after_a_shorter_range(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    code, out, _ = _fast(capsys, whole, "2..7", "--quiet", "--best")
    assert code == 0
    expected = json.loads(out)
    resumed = tmp_path / "resumed.jsonl"
    assert _fast(capsys, resumed, "2..4", "--quiet", "--best")[0] == 0
    assert len(read(resumed)) == 6
    code, out, err = _fast(capsys, resumed, "2..7", "--best")
    assert code == 0
    assert "resuming from" in err and "6 of 12 already solved" in err
    records = read(resumed)
    assert sorted(keys(records)) == sorted(set(keys(records))) and len(records) == 12
    assert comparable(records) == comparable(read(whole))
    data = json.loads(out)
    assert untimed(data) == untimed(expected)
    assert data["survey"]["solved_now"] == 6
    rows = {row["variant"]: row for row in data["variants"]}
    assert rows["traditional"]["score_kind"] == "strokes"
    assert rows["traditional"]["mean_score"] is not None
    assert rows["app-facil"]["mean_best_removed"] == 35


def test_resume_after_a_line_cut_off_mid_write(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    code, out, _ = _fast(capsys, whole, "2..7", "--quiet")
    expected = json.loads(out)
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:5]) + lines[5][:40], encoding="utf-8")
    code, out, err = _fast(capsys, cut, "2..7")
    assert code == 0
    assert "cut off mid-write" in err and "5 of 12 already solved" in err
    assert json.loads(out)["survey"]["repaired"] is True
    records = read(cut)      # every line is whole JSON again
    assert len(records) == 12 and len(set(keys(records))) == 12
    assert untimed(json.loads(out)) == untimed(expected)


def test_a_whole_last_record_without_its_line_end_is_kept(tmp_path, capsys):
    output = tmp_path / "noeol.jsonl"
    expected = json.loads(_fast(capsys, output, "2..4", "--quiet")[1])
    lines = output.read_text(encoding="utf-8").splitlines(keepends=True)
    output.write_text("".join(lines[:3]).rstrip("\n"), encoding="utf-8")
    code, out, err = _fast(capsys, output, "2..4")
    assert code == 0 and "cut off" not in err and "3 of 6 already solved" in err
    data = json.loads(out)
    assert data["survey"]["resumed"] == 3 and data["survey"]["repaired"] is False
    assert untimed(data) == untimed(expected)
    assert len(read(output)) == 6 and output.read_text(encoding="utf-8").endswith("}\n")


def test_interrupted_survey_goes_on(tmp_path, capsys, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    expected = json.loads(_fast(capsys, whole, "2..7", "--quiet")[1])
    real = survey.solve_deal
    calls = []

    def stop_after_four(*args):
        if len(calls) == 4:
            raise KeyboardInterrupt
        calls.append(args)
        return real(*args)

    # the in-process backend (--workers 1) looks solve_deal up in its own module
    monkeypatch.setattr(survey.backends, "solve_deal", stop_after_four)
    output = tmp_path / "stopped.jsonl"
    code, out, err = _fast(capsys, output, "2..7", "--quiet")
    assert code == 130 and out == ""
    assert "interrupted with 4 of 12 solved" in err
    assert len(read(output)) == 4
    monkeypatch.setattr(survey.backends, "solve_deal", real)
    code, out, err = _fast(capsys, output, "2..7", "--quiet")
    assert code == 0
    assert len(read(output)) == 12 and len(set(keys(read(output)))) == 12
    assert untimed(json.loads(out)) == untimed(expected)


def test_a_repeated_line_is_counted_once(tmp_path, capsys):
    output = tmp_path / "twice.jsonl"
    expected = json.loads(_fast(capsys, output, "2..4", "--quiet")[1])
    lines = output.read_text(encoding="utf-8").splitlines(keepends=True)
    output.write_text("".join(lines + lines[:2]), encoding="utf-8")
    code, out, err = _fast(capsys, output, "2..4")
    assert code == 0 and "repeats 2 record(s)" in err
    assert untimed(json.loads(out)) == untimed(expected)
    assert len(read(output)) == 8       # nothing solved or written again


def test_records_outside_the_survey_are_ignored_and_said(tmp_path, capsys):
    output = tmp_path / "wide.jsonl"
    assert _fast(capsys, output, "2..5", "--quiet")[0] == 0
    code, out, err = golf_survey(capsys, "--variant", "app-facil", "--deals", "2..3",
                                 "--workers", "1", "--output", str(output), "--json")
    assert code == 0
    assert "holds 6 record(s) for deals or variants outside this survey" in err
    data = json.loads(out)
    assert data["survey"]["ignored_outside"] == 6
    assert data["survey"]["solved_now"] == 0
    assert [row["n"] for row in data["variants"]] == [2]
    assert len(read(output)) == 8


def test_results_of_other_options_are_refused(tmp_path, capsys):
    output = tmp_path / "nobest.jsonl"
    assert _fast(capsys, output, "2..3", "--quiet")[0] == 0          # the verdict only
    before = output.read_bytes()
    code, _, err = _fast(capsys, output, "2..3", "--best")
    assert code == 1 and "other options" in err and "won or lost only" in err
    code, _, err = _fast(capsys, output, "2..3", "--limit", "1000")
    assert code == 1 and "--limit 1000" in err
    assert output.read_bytes() == before


def test_a_file_that_is_not_a_survey_is_refused(tmp_path, capsys):
    for text in ("hello\nworld\n", '{"deal": 2}\n', "not json at all"):
        output = tmp_path / "other.txt"
        output.write_text(text, encoding="utf-8")
        code, _, err = _fast(capsys, output, "2")
        assert code == 1 and "survey" in err
        assert output.read_text(encoding="utf-8") == text


def test_default_output_name(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = golf_survey(capsys, "--variant", "facil,traditional", "--deals", "2..3",
                               "--workers", "1", "--quiet")
    assert code == 0
    assert (tmp_path / "survey-app-facil,traditional-2-3.jsonl").exists()
    assert "results in survey-app-facil,traditional-2-3.jsonl" in out
    assert "variant" in out and "95% CI" in out and "time per deal" in out


# -- progress and plot ---------------------------------------------------------------------------


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_on_a_terminal_redraws_in_place():
    clock = iter(range(100)).__next__
    stream = _Stream(tty=True)
    progress = survey.Progress(10, done=2, stream=stream, clock=clock)
    for _ in range(8):
        progress.update()
    progress.close()
    text = stream.getvalue()
    assert text.count("\r") == 8 and text.endswith("\n") and text.count("\n") == 1
    assert "10/10 100.0%" in text and "solves/s" in text and "ETA" in text


def test_progress_in_a_log_prints_a_line_every_few_percent():
    stream = _Stream(tty=False)
    progress = survey.Progress(200, stream=stream, clock=iter(range(1000)).__next__)
    for _ in range(200):
        progress.update()
    progress.close()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 20 and "\r" not in stream.getvalue()
    assert lines[0].startswith("survey [") and "10/200" in lines[0]
    assert "200/200 100.0%" in lines[-1] and "ETA 0s" in lines[-1]


def test_quiet_prints_no_progress():
    stream = _Stream(tty=True)
    progress = survey.Progress(5, stream=stream, enabled=False)
    progress.update()
    progress.close()
    assert stream.getvalue() == ""


def test_plot_is_valid_svg(main_run):
    output = main_run[0]
    root = ET.parse(output.parent / "main.svg").getroot()
    assert root.tag == f"{SVG}svg"
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    for name in ("app-facil", "app-clasico", "traditional"):
        assert name in texts
    assert "100.0%" in texts and "0%" in texts and "100%" in texts
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 3           # traditional has a zero-height bar, with its whiskers
    assert any("Wilson" in t for t in texts)


def test_plot_escapes_names_and_handles_no_data():
    summary = survey.summarize([], ["a<b&c"])
    root = ET.fromstring(survey.plot_svg(summary, title="x < y & z").split("\n", 1)[1])
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "a<b&c" in texts and "x < y & z" in texts and "no data" in texts


def test_text_report(main_run, tmp_path, capsys):
    output = tmp_path / "copy.jsonl"
    shutil.copy(main_run[0], output)
    code, out, err = golf_survey(capsys, *MAIN, "--output", str(output))
    assert code == 0 and "15 of 15 already solved" in err
    lines = out.splitlines()
    assert lines[0].startswith("survey of deals 1..5 under 3 variants: won or lost only")
    header = next(line for line in lines if line.startswith("variant"))
    assert header.split() == ["variant", "n", "winnable", "lost", "share", "95%", "CI", "mean",
                              "removed", "mean", "score"]
    facil = next(line for line in lines if line.startswith("app-facil "))
    assert facil.split()[:5] == ["app-facil", "5", "5", "0", "100.0%"]
    assert "only when the best result is searched" in out
    assert any(line.startswith("time per deal") for line in lines)

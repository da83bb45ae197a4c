"""The results files of ``golf survey`` and ``golf tournament``: a ``--plot`` never overwrites
the results file, a foreign file keeps its last line, records with fields of the wrong type are
refused (``winnable: "yes"`` is not counted as undecided), a full disk is a clear error that
keeps the records written, and both commands' readers answer random and mutated files. Each
test failed before its fix (issue 10)."""

from __future__ import annotations

import copy
import errno
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from unicode_text import any_text

from golfcore.runs import jsonl
from golfcore.cardgame.tournament import plot as tournament_plot
from golfcore.cardgame.tournament import results as tournament_results
from golfcore.cardgame.tournament import stats as tournament_stats
from golfcore.cardgame.tournament.command import format_summary as tournament_report
from golfcore.cli import main
from golfcore.errors import GolfError
from golfcore.solitaire import survey

#: The start of ``golf`` in a subprocess, as the installed script runs it.
GOLF = [sys.executable, "-c", "import sys; from golfcore.cli import main; sys.exit(main())"]

#: Records of a survey of deals 2 and 3 under app-facil with --no-best (as solve_deal gives).
RECORD_2 = {"deal": 2, "variant": "app-facil", "winnable": True, "best_removed": 35,
            "best_score": {"kind": "points", "value": 350}, "outcome": "won", "visited": 49,
            "seconds": 0.007, "complete": True, "best": False, "limit": None}
RECORD_3 = {**RECORD_2, "deal": 3, "winnable": False, "best_removed": 20,
            "best_score": {"kind": "points", "value": 0}, "outcome": "lost", "visited": 900}

#: A tournament of two random bots under card-golf, and the record of its match 0.
IDENTITY = {"bots": ["random", "random"], "variant": "card-golf", "seed": 1, "unit": "match"}
MATCH_0 = {"tournament": IDENTITY, "match": 0, "match_seed": 1000004, "code": "GC1-G233-AACEXHS",
           "seats": [0, 1], "rounds": 2, "points": [[53, 124], [20, 4]], "totals": [73, 128],
           "winners": [0], "decisions": [3, 2], "dominated": [1, 0],
           "micros": [[235, 86, 65], [142, 80]], "cpu_micros": [[230, 80, 64], [140, 79]],
           "seconds": 0.01}


def line(record: Any) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


def golf(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read_survey(path: Path) -> survey.Resume:
    return survey.read_results(str(path), ["app-facil"], 1, 10, False, None)


# -- data loss: --plot on the results file -------------------------------------------------------


@pytest.mark.parametrize("how", ["same", "dot", "symlink", "hardlink"])
def test_survey_plot_on_the_results_file_is_refused(tmp_path, capsys, monkeypatch, how):
    monkeypatch.chdir(tmp_path)
    results = tmp_path / "r.jsonl"
    results.write_text(line(RECORD_2), encoding="utf-8")
    before = results.read_bytes()
    plot = {"same": "r.jsonl", "dot": "./r.jsonl", "symlink": "link.svg",
            "hardlink": "hard.svg"}[how]
    if how == "symlink":
        os.symlink("r.jsonl", "link.svg")
    if how == "hardlink":
        os.link("r.jsonl", "hard.svg")
    code, out, err = golf(capsys, "survey", "--variant", "app-facil", "--deals", "2..3",
                          "--no-best", "--workers", "1", "--quiet", "--output", "r.jsonl",
                          "--plot", plot)
    assert code == 1 and out == ""
    assert f"--plot {plot} is the results file (--output r.jsonl)" in err
    assert results.read_bytes() == before


def test_a_plot_whose_results_file_does_not_exist_yet_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = golf(capsys, "survey", "--deals", "2", "--workers", "1", "--quiet",
                        "--output", "new.jsonl", "--plot", f"{tmp_path}/./new.jsonl")
    assert code == 1 and "is the results file" in err
    assert not (tmp_path / "new.jsonl").exists()


def test_tournament_plot_on_the_results_file_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    results = tmp_path / "t.jsonl"
    results.write_text(line(MATCH_0), encoding="utf-8")
    before = results.read_bytes()
    code, out, err = golf(capsys, "tournament", "random", "random", "--variant", "card-golf",
                          "--matches", "2", "--seed", "1", "--workers", "1",
                          "--output", "t.jsonl", "--plot", "./t.jsonl")
    assert code == 1 and out == ""
    assert "--plot ./t.jsonl is the results file (--output t.jsonl)" in err
    assert results.read_bytes() == before


# -- data loss: a foreign file keeps its last line -----------------------------------------------


@pytest.mark.parametrize("text", [
    '{"hello": 1}\n{"hel',                 # a foreign record, then a line cut off
    '{"hello": 1, "wor',                   # only a cut-off line, not a survey record's start
    line(MATCH_0) + '{"tournament": {"b',  # a tournament's file, cut off
])
def test_a_foreign_file_is_refused_with_its_last_line(tmp_path, text):
    path = tmp_path / "other.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GolfError, match="survey"):
        read_survey(path)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("text", [
    line(RECORD_2) + '{"deal": 3, "var',   # a survey's file, cut off
    '{"deal": 2, "vari',                   # only the cut-off first record of a survey
])
def test_the_tournament_refuses_a_survey_file_with_its_last_line(tmp_path, text):
    path = tmp_path / "other.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GolfError, match="tournament"):
        tournament_results.read_results(str(path), IDENTITY, 5)
    assert path.read_text(encoding="utf-8") == text


def test_a_survey_cut_off_in_its_first_record_is_still_repaired(tmp_path):
    path = tmp_path / "cut.jsonl"
    path.write_text('{"deal": 2, "vari', encoding="utf-8")
    resume = read_survey(path)
    assert resume.truncated and not resume.done and path.read_bytes() == b""


# -- crashes and silent success: fields of the wrong type ----------------------------------------


BAD_FIELDS = [
    ("deal", "2"), ("deal", 2.0), ("deal", True), ("deal", 10 ** 30), ("deal", 0), ("deal", -5),
    ("variant", 7), ("variant", ""), ("variant", None), ("variant", "a\x00b"),
    ("variant", "\ud800"),
    ("winnable", "yes"), ("winnable", 1), ("winnable", [True]),
    ("best_removed", "35"), ("best_removed", -1), ("best_removed", 1.5),
    ("best_removed", None), ("best_removed", 10 ** 300),
    ("best_score", "350"), ("best_score", {"kind": "points"}),
    ("best_score", {"kind": 1, "value": 2}), ("best_score", {"kind": "points", "value": "5"}),
    ("best_score", {"kind": "points", "value": 1e400}), ("best_score", []),
    ("outcome", "victory"), ("outcome", 1), ("outcome", None),
    ("visited", "9"), ("visited", -1), ("visited", 10 ** 40), ("visited", 2.5),
    ("seconds", "0.1"), ("seconds", -1), ("seconds", float("inf")), ("seconds", float("nan")),
    ("seconds", 1e308), ("seconds", None), ("seconds", False),
    ("complete", "true"), ("complete", None), ("complete", 1),
    ("best", "no"), ("best", 0), ("best", None),
    ("limit", 0), ("limit", "5"), ("limit", True), ("limit", 2.5),
]


@pytest.mark.parametrize("field,value", BAD_FIELDS,
                         ids=[f"{f}={jsonl.show(v, 12)}" for f, v in BAD_FIELDS])
def test_a_record_with_a_wrong_field_is_refused_and_the_file_left_alone(tmp_path, field, value):
    path = tmp_path / "bad.jsonl"
    bad = {**RECORD_3, field: value}
    text = (line(RECORD_2) + json.dumps(bad, ensure_ascii=True) + "\n"
            + '{"deal": 4, "var')     # a cut-off line that a repair would remove
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GolfError) as error:
        read_survey(path)
    message = str(error.value)
    assert f"{path}, line 2" in message
    if json.dumps(value) in ("Infinity", "NaN") or "Infinity" in json.dumps(value):
        # json.dumps writes these, but they are not JSON: the strict reader refuses the line
        assert "is not valid JSON (" in message and "is not JSON" in message
    else:
        assert field in message
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("change", ["missing", "extra"])
def test_a_record_with_missing_or_extra_fields_is_refused(tmp_path, change):
    bad = dict(RECORD_3)
    if change == "missing":
        del bad["seconds"]
    else:
        bad["comment"] = "added by hand"
    path = tmp_path / "bad.jsonl"
    text = line(RECORD_2) + line(bad)
    path.write_text(text, encoding="utf-8")
    named = "seconds" if change == "missing" else "comment"
    with pytest.raises(GolfError, match=f"line 2.*{named}"):
        read_survey(path)
    assert path.read_text(encoding="utf-8") == text


def test_winnable_yes_is_refused_not_counted_as_undecided(tmp_path, capsys):
    path = tmp_path / "yes.jsonl"
    text = line(RECORD_2) + line({**RECORD_3, "winnable": "yes"})
    path.write_text(text, encoding="utf-8")
    code, out, err = golf(capsys, "survey", "--variant", "app-facil", "--deals", "2..3",
                          "--no-best", "--workers", "1", "--quiet", "--json",
                          "--output", str(path))
    assert code == 1 and out == ""
    assert f"{path}, line 2: field winnable is \"yes\", expected true, false or null" in err
    assert path.read_text(encoding="utf-8") == text


# -- crashes: a full disk ------------------------------------------------------------------------


class _FillingFile:
    """A results file on a disk that fills up after ``room`` records."""

    def __init__(self, real: Any, room: int) -> None:
        self.real, self.room, self.name = real, room, real.name

    def write(self, text: str) -> int:
        if self.room == 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= 1
        return int(self.real.write(text))

    def flush(self) -> None:
        self.real.flush()

    def close(self) -> None:
        self.real.close()


def test_a_full_disk_is_a_clear_error_and_keeps_the_records_written(tmp_path, capsys,
                                                                      monkeypatch):
    real_open = jsonl.open_append
    monkeypatch.setattr(jsonl, "open_append",
                        lambda path, newline: _FillingFile(real_open(path, newline), 2))
    output = tmp_path / "full.jsonl"
    code, out, err = golf(capsys, "survey", "--variant", "app-facil", "--deals", "2..6",
                          "--no-best", "--workers", "1", "--quiet", "--output", str(output))
    assert code == 1 and out == ""
    assert err.startswith(f"golf: error: cannot write {output}: No space left on device; "
                          f"the records written before are kept")
    assert "Traceback" not in err
    kept = [json.loads(text) for text in output.read_text(encoding="utf-8").splitlines()]
    assert [r["deal"] for r in kept] == [2, 3]
    monkeypatch.setattr(jsonl, "open_append", real_open)     # room again: the survey goes on
    code, out, err = golf(capsys, "survey", "--variant", "app-facil", "--deals", "2..6",
                          "--no-best", "--workers", "1", "--output", str(output))
    assert code == 0 and "2 of 5 already solved" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_dev_full_is_a_clear_error(tmp_path):
    def bounded() -> None:      # before the fix /dev/full was read without end
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))

    done = subprocess.run(GOLF + ["survey", "--variant", "app-facil", "--deals", "2",
                                  "--workers", "1", "--quiet", "--output", "/dev/full"],
                          capture_output=True, text=True, timeout=60, preexec_fn=bounded,
                          check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("golf: error: cannot write /dev/full: No space left on device")
    assert "Traceback" not in done.stderr


# -- fuzz: random and mutated results files ------------------------------------------------------

#: Any JSON value, with the awkward ones: huge and negative numbers, floats that are whole,
#: NaN and infinities, NUL and lone surrogates in strings, nesting.
JSON_VALUES = st.recursive(
    st.none() | st.booleans()
    | st.integers(-10 ** 30, 10 ** 30) | st.sampled_from([0, 1, -1, 2 ** 53, 2 ** 63, 10 ** 4000])
    | st.floats(allow_nan=True, allow_infinity=True)
    | any_text(max_size=8) | st.sampled_from(["", "\x00", "\ud800", "yes", "won", "points"]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(any_text(max_size=6), children, max_size=3),
    max_leaves=8)


def _mutated(record: dict[str, Any], draw: Any) -> dict[str, Any]:
    """``record`` with one field changed, dropped or added, or nested values replaced."""
    out = copy.deepcopy(record)
    action = draw(st.sampled_from(["replace", "drop", "add", "nest", "keep"]))
    key = draw(st.sampled_from(sorted(out)))
    if action == "replace":
        out[key] = draw(JSON_VALUES)
    elif action == "drop":
        del out[key]
    elif action == "add":
        out[draw(any_text(max_size=6))] = draw(JSON_VALUES)
    elif action == "nest" and isinstance(out[key], (list, dict)) and out[key]:
        inner = out[key]
        index = draw(st.sampled_from(list(inner) if isinstance(inner, dict)
                                     else list(range(len(inner)))))
        inner[index] = draw(JSON_VALUES)
    return out


def _encode(value: Any, ascii: bool) -> bytes:
    """``value`` as a JSON line; without ``ascii`` a lone surrogate becomes invalid UTF-8."""
    return json.dumps(value, ensure_ascii=ascii).encode("utf-8", "surrogatepass")


@st.composite
def results_files(draw: Any, records: list[dict[str, Any]]) -> bytes:
    """A results file: whole records, mutated ones, broken lines, junk bytes, cut lines."""
    lines: list[bytes] = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["record", "record", "mutated", "mutated", "junk",
                                     "deep", "bytes", "blank"]))
        ascii = draw(st.booleans())
        if kind == "record":
            lines.append(_encode(draw(st.sampled_from(records)), ascii))
        elif kind == "mutated":
            lines.append(_encode(_mutated(draw(st.sampled_from(records)), draw), ascii))
        elif kind == "junk":
            lines.append(_encode(draw(JSON_VALUES), ascii))
        elif kind == "deep":
            depth = draw(st.sampled_from([10, 1000, 100000]))
            lines.append(b"[" * depth + b"]" * depth)
        elif kind == "bytes":
            lines.append(draw(st.binary(max_size=20)).replace(b"\n", b"")
                         + draw(st.sampled_from([b"", b"\x00", b"\xff\xfe", b"\xc3"])))
        else:
            lines.append(b"")
    data = b"\n".join(lines) + draw(st.sampled_from([b"\n", b""]))
    if data and draw(st.booleans()):
        data = data[:draw(st.integers(0, len(data)))]     # cut anywhere
    return data


def _fuzz(data: bytes, read: Any, check: Any) -> None:
    """Read ``data`` as a results file: a refusal names the file and leaves it as it is;
    records read are handled by the command's figures, and the file changes at most by losing
    a last line cut off mid-write."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "results.jsonl")
        with open(path, "wb") as f:
            f.write(data)
        try:
            resume = read(path)
        except GolfError as exc:
            assert path in str(exc)
            with open(path, "rb") as f:
                assert f.read() == data
            return
        with open(path, "rb") as f:
            after = f.read()
        assert data.startswith(after)
        if after != data:
            assert resume.truncated and b"\n" not in data[len(after):]
        check(resume)


SURVEY_RECORDS = [RECORD_2, RECORD_3, {**RECORD_2, "deal": 4, "winnable": None,
                                       "complete": False, "visited": 10}]


def _survey_figures(resume: survey.Resume) -> None:
    summary = survey.summarize(resume.done.values(), ["app-facil"])
    survey.format_summary(summary)
    survey.plot_svg(summary)


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results_files(SURVEY_RECORDS))
def test_fuzz_the_survey_results_reader(data):
    _fuzz(data, lambda path: survey.read_results(path, ["app-facil"], 1, 10, False, None),
          _survey_figures)


MATCHES = [MATCH_0, {**MATCH_0, "match": 1, "seats": [1, 0], "winners": [0, 1],
                     "totals": [50, 50], "rounds": 1, "points": [[50, 50]]}]


def _tournament_figures(resume: tournament_results.Resume) -> None:
    summary = tournament_stats.summarize(resume.done.values(), ["random", "random"])
    tournament_report(summary)
    tournament_plot.plot_svg(summary, "fuzz")


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results_files(MATCHES))
def test_fuzz_the_tournament_results_reader(data):
    _fuzz(data, lambda path: tournament_results.read_results(path, IDENTITY, 5),
          _tournament_figures)


#: Records of ``golf survey --fair`` for deals 2 and 3 under app-facil (as fair_deal gives).
FAIR_OPTIONS = {"states": 300, "seconds": None, "samples": 4, "seed": 1, "policy_states": 50,
                "policy_unseen": 8, "solver_positions": 200_000}
FAIR_RECORDS = [
    {"deal": 2, "variant": "app-facil", "exact": False, "value": None, "low": 0.2,
     "high": 0.7, "proved_low": 0.0, "proved_high": 1.0, "samples": 4, "policy_wins": 2,
     "clairvoyant_wins": 4, "undecided": 0, "states": 764, "stopped": "states",
     "seconds": 0.1, "options": FAIR_OPTIONS},
    {"deal": 3, "variant": "app-facil", "exact": True, "value": 0.0, "low": 0.0, "high": 0.0,
     "proved_low": 0.0, "proved_high": 0.0, "samples": 0, "policy_wins": 0,
     "clairvoyant_wins": None, "undecided": 0, "states": 9, "stopped": None, "seconds": 0.01,
     "options": FAIR_OPTIONS},
]


def _fair_figures(resume: survey.Resume) -> None:
    summary = survey.summarize([], ["app-facil"], resume.done.values())
    survey.format_summary(summary)


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results_files(FAIR_RECORDS))
def test_fuzz_the_fair_results_reader(data):
    _fuzz(data, lambda path: survey.read_fair_results(path, ["app-facil"], 1, 10,
                                                      survey.FairOptions(**FAIR_OPTIONS)),
          _fair_figures)

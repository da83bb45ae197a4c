"""The command line's conventions, as a newcomer at the shell meets them: one name and default per
concept across commands (``--workers``, ``-q``/``--progress``, ``--seed``), JSON one object a
line, counts and ranges written for people, errors that point somewhere, and ``golf --version``
naming the search path in use."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore._wording import plural, value_range
from golfcore.cli import main
from golfcore.framework.deprecation import GolfDeprecationWarning
from golfcore.solitaire.search import fair_engine, solver_kernel

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def golf_process(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items()
                   if k not in (fair_engine.PURE_ENV, solver_kernel.PURE_ENV)}
    environment.update(env or {}, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "golfcore.cli", *argv], capture_output=True,
                          text=True, env=environment, timeout=60, cwd=ROOT)


# -- golf --version -------------------------------------------------------------------------------


def test_version_names_the_compiled_kernels_when_they_run():
    if not (fair_engine.kernel_available() and solver_kernel.kernel_available()):
        pytest.skip("this install has no compiled kernels")
    done = golf_process("--version")
    assert done.returncode == 0
    assert re.fullmatch(r"golf \(golfcore\) \S+ — kernels: compiled \(fair, solver\)\n",
                        done.stdout), done.stdout


def test_version_says_pure_python_when_the_kernels_are_switched_off():
    done = golf_process("--version", env={fair_engine.PURE_ENV: "1",
                                          solver_kernel.PURE_ENV: "1"})
    assert done.returncode == 0
    line = done.stdout.removesuffix("\n")
    assert "\n" not in line                          # one line, however wide the terminal
    assert "kernels: pure Python (" in line and "4-10x slower)" in line
    one = golf_process("--version", env={fair_engine.PURE_ENV: "1"}).stdout
    if solver_kernel.kernel_available():
        assert "compiled (solver); pure Python (fair: 4-10x slower)" in one


# -- usage errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["deal", "--bogus"], ["solve", "GO1-C-AAAAAAB", "--nope"],
                                  ["stats", "--dbb", "x"]])
def test_an_unknown_option_shows_its_commands_usage(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"usage: golf {argv[0]} ")
    assert err.splitlines()[-1].startswith(f"golf {argv[0]}: error: unrecognized arguments: ")


# -- counts and ranges ----------------------------------------------------------------------------


def test_one_stroke_is_singular(capsys):
    code, out, _ = run(capsys, "analyse", "GO1-T-AAAAAAD")
    assert code == 0
    assert "34 cards removed, 1 stroke (lost)" in out and "1 strokes" not in out


def test_plural_and_range_helpers():
    assert [plural(n, "stroke") for n in (0, 1, 2)] == ["0 strokes", "1 stroke", "2 strokes"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == \
        "3 matches"
    assert value_range(-0.98, 6.48) == "-0.98 to 6.48"
    assert value_range(2.25, 61.25, 1, "%") == "2.2% to 61.2%"


def test_a_negative_interval_reads_as_a_range(capsys, tmp_path):
    # two rounds of random bots: the t interval of points per round reaches below 0
    code, out, _ = run(capsys, "tournament", "random", "random", "--variant", "card-golf",
                       "--rounds", "2", "--seed", "1", "-q", "--output",
                       str(tmp_path / "t.jsonl"))
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("random #")]
    assert rows and any(re.search(r" -\d+\.\d\d to -?\d+\.\d\d ", row) for row in rows), rows
    assert not any(re.search(r"\d-\d", row) for row in rows), rows


# -- errors that point somewhere ------------------------------------------------------------------


@pytest.mark.parametrize("argv, says", [
    (["solve", "GC1-G233-AAAAAAB"], "GC1-G233-AAAAAAB: no such file, and is a match code of the "
                                    "card game, not a game code of the solitaire: golf deal and "
                                    "golf analyse show its match"),
    (["solve", "GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB"], "is a replay code of a card-game "
                                                            "match, not a game code"),
    (["deal", "GR1-T-AAAAAAB"], "(that is a course code of a 9-hole round, not a game code of "
                                "the solitaire: golf web plays it"),
    (["deal", "XX1-C-AAAAAAB"], "(a game code starts with GO1; GC1: a match code of the card "
                                "game; GK1: a replay code of a card-game match; GR1: a course "
                                "code of a 9-hole round)"),
])
def test_a_code_of_another_kind_says_what_it_is(capsys, argv, says):
    status, out, err = run(capsys, *argv)
    assert status == 1 and out == ""
    assert says in err


# -- tournament: --workers, --seed ----------------------------------------------------------------


def test_tournament_processes_still_works_and_says_to_write_workers(capsys, tmp_path):
    argv = ["tournament", "random", "random", "--variant", "card-golf", "--rounds", "1",
            "--seed", "4", "--output", str(tmp_path / "t.jsonl"), "--json"]
    with pytest.warns(GolfDeprecationWarning, match="write --workers instead"):
        code, out, _ = run(capsys, *argv, "--processes", "1")
    assert code == 0 and json.loads(out)["tournament"]["processes"] == 1
    code, again, _ = run(capsys, *argv, "--workers", "1")       # resumed: the same results
    assert code == 0 and json.loads(again)["seats"] == json.loads(out)["seats"]


def test_tournament_without_seed_draws_one_and_prints_it(capsys, tmp_path):
    argv = ["tournament", "random", "random", "--variant", "card-golf", "--rounds", "1", "-q"]
    code, out, _ = run(capsys, *argv, "--output", str(tmp_path / "a.jsonl"))
    assert code == 0
    seed = re.search(r", seed (\d+) \(drawn: --seed \1 repeats it\)", out)
    assert seed, out
    code, data, _ = run(capsys, *argv, "--json", "--seed", seed.group(1), "--output",
                        str(tmp_path / "b.jsonl"))
    repeated = json.loads(data)
    assert repeated["tournament"]["seed"] == int(seed.group(1))
    assert repeated["tournament"]["seed_drawn"] is False
    first = [json.loads(line)["points"] for line in (tmp_path / "a.jsonl").read_text()
             .splitlines()]
    second = [json.loads(line)["points"] for line in (tmp_path / "b.jsonl").read_text()
              .splitlines()]
    assert first == second                               # the same seed, the same rounds


# -- progress: shown on a terminal, --progress forces it, -q silences it --------------------------


@pytest.mark.parametrize("flags, shown", [((), False), (("--progress",), True), (("-q",), False)])
def test_survey_progress_follows_progress_and_quiet(capsys, tmp_path, flags, shown):
    code, _, err = run(capsys, "survey", "--deals", "1..2", "--output",
                       str(tmp_path / "s.jsonl"), "--workers", "1", *flags)
    assert code == 0
    assert ("survey [" in err) is shown


@pytest.mark.parametrize("flags, shown", [((), False), (("--progress",), True), (("-q",), False)])
def test_conform_progress_counts_spec_files(capsys, flags, shown):
    from golfcore.conformance.specfile import SPECS_DIR

    folder = SPECS_DIR / "cards4"
    files = len(list(folder.glob("*.yaml")))
    code, out, err = run(capsys, "conform", str(folder), *flags)
    assert code == 0 and "0 failed" in out
    assert ("conform [" in err) is shown
    if shown:                     # a line every few percent in a log, the last at every file
        assert f"{files}/{files}" in err and "files/s" in err


def test_progress_and_quiet_together_are_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "survey", "--deals", "1", "--progress", "-q")
    assert code == 2 and "not allowed with argument" in err


# -- --json: one object a line; --pretty indents it -----------------------------------------------


@pytest.mark.parametrize("argv", [
    ["deal", "-n", "1", "--json"],
    ["play", "GO1-C-AAAAAAB", "draw", "--json"],
    ["analyse", "GO1-T-AAAAAAD", "--json"],
    ["solve", "GO1-T-AAAAAAD", "GO1-T-AAAAAAC", "--json"],
    ["variants", "--json"],
    ["variants", "--show", "traditional", "--json"],
    ["variants", "--diff", "traditional", "app-facil", "--json"],
])
def test_json_is_one_object_a_line_and_pretty_indents_it(capsys, argv):
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert all(isinstance(json.loads(line), dict) for line in lines)
    code, pretty, _ = run(capsys, *argv, "--pretty")
    assert code == 0 and pretty.startswith("{\n  \"")
    objects = []
    decoder, text = json.JSONDecoder(), pretty
    while text.strip():
        value, end = decoder.raw_decode(text.strip())
        objects.append(value)
        text = text.strip()[end:]
    assert [timeless(o) for o in objects] == [timeless(json.loads(line)) for line in lines]


def timeless(data):
    """``data`` without its timings (they differ from run to run)."""
    if isinstance(data, dict):
        return {k: timeless(v) for k, v in data.items() if k not in ("seconds", "time")}
    if isinstance(data, list):
        return [timeless(v) for v in data]
    return data


def test_stats_json_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run(capsys, "stats", "--json")
    assert code == 0 and len(out.splitlines()) == 1 and "solitaire" in json.loads(out)


# -- -n is --number in every command that takes a deal --------------------------------------------


def test_solve_and_analyse_take_n_as_golf_deal_does(capsys):
    code, by_code, _ = run(capsys, "solve", "GO1-T-AAAAAAD", "--json")
    code_n, by_number, _ = run(capsys, "solve", "-n", "3", "--variant", "traditional", "--json")
    assert code == code_n == 0
    first, second = json.loads(by_code), json.loads(by_number)
    assert second["input"] == "deal 3" and second["deal"] == 3
    assert {k: v for k, v in first.items() if k not in ("input", "seconds")} == \
        {k: v for k, v in second.items() if k not in ("input", "seconds")}
    code, analysed, _ = run(capsys, "analyse", "GO1-T-AAAAAAD", "7", "--json")
    code_n, by_number, _ = run(capsys, "analyse", "-n", "3", "--variant", "traditional", "7",
                               "--json")
    assert code == code_n == 0
    assert timeless(json.loads(analysed)["steps"]) == timeless(json.loads(by_number)["steps"])
    code, _, err = run(capsys, "solve", "-n", "0")
    assert code == 1 and "--number 0: a deal number is 1 to" in err


# -- --samples: one default ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "analyse", "deal"])
def test_samples_has_one_default(capsys, command):
    from golfcore.cli.options import SAMPLES

    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert f"(default {SAMPLES};" in " ".join(out.split())


# -- suggestions: only variants the command takes -------------------------------------------------


@pytest.mark.parametrize("argv", [["survey", "--deals", "1", "--variant", "cardgolf"],
                                  ["deal", "-n", "1", "--variant", "cardgolf"]])
def test_survey_and_deal_suggest_only_solitaire_variants(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert "for the solitaire: expected one of app-clasico" in err
    assert "card-golf" not in err and "six-card" not in err
    code, _, err = run(capsys, *argv[:-1], "card-golf")
    assert code == 1 and "card-golf is a card-game variant, not a solitaire variant" in err

"""``golf tournament`` against the audit of issue 16: no traceback for huge or infinite option
values, usage errors (exit 2) for empty file names and digits other than 0-9, and a results
file whose records contradict themselves is refused instead of silently changing the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golfcore.cli import main

VARIANT = "card-golf+shape=2x2"


def golf(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["tournament", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("bot, says", [
    ("strong:iterations=1e400", "'1e400' is not a finite number"),
    ("strong:iterations=" + "9" * 5000, "has 5000 digits: too large"),
    ("greedy:threshold=nan", "'nan' is not a finite number"),
    ("greedy:threshold=-1e400", "is not a finite number"),
])
def test_huge_or_infinite_bot_options_are_errors_not_tracebacks(tmp_path, capsys, bot, says):
    output = tmp_path / "t.jsonl"
    code, out, err = golf(capsys, bot, "random", "--variant", VARIANT, "--matches", "1",
                          "--seed", "1", "--output", str(output))
    assert code == 1 and out == "" and err.startswith("golf: error: ") and says in err
    assert "Traceback" not in err and not output.exists()


def test_a_bot_refuses_infinite_options_itself():
    from golfcore.cardgame.bots import BotError, find_bot

    for value in (float("inf"), float("nan"), 10 ** 5000, "1e400"):
        with pytest.raises(BotError, match="expected a finite number"):
            find_bot("strong")(VARIANT, seat=0, seed=1, iterations=value)


@pytest.mark.parametrize("argv, says", [
    (["--matches", "１２"], "--matches: expected a whole number written with the digits 0-9"),
    (["--matches", "1_000"], "--matches: expected a whole number"),
    (["--matches", "2", "--seed", "٣"], "--seed: expected a whole number"),
    (["--matches", "2", "--output", ""], "--output/-o: expected a file name, got an empty one"),
    (["--matches", "2", "--plot", ""], "--plot: expected a file name, got an empty one"),
    (["--matches", "2", "--plot", "  "], "--plot: expected a file name"),
])
def test_usage_errors_exit_2_and_write_nothing(tmp_path, capsys, monkeypatch, argv, says):
    monkeypatch.chdir(tmp_path)
    if "--seed" not in argv:
        argv = [*argv, "--seed", "1"]
    code, out, err = golf(capsys, "random", "random", "--variant", VARIANT, *argv)
    assert code == 2 and out == "" and says in err
    assert list(tmp_path.iterdir()) == []          # not even the default results file


def _played(tmp_path: Path, capsys, variant: str = VARIANT) -> tuple[Path, list[str], list]:
    output = tmp_path / "t.jsonl"
    argv = ["random", "greedy", "--variant", variant, "--matches", "3", "--seed", "4",
            "--workers", "1", "--output", str(output), "--json"]
    code, out, _ = golf(capsys, *argv)
    assert code == 0
    return output, argv, output.read_text(encoding="utf-8").splitlines()


def _edit(record: dict, field: str) -> dict:
    record = json.loads(json.dumps(record))
    if field == "totals":
        record["totals"][0] += 1
    elif field == "points":
        record["points"][0][1] -= 1
    elif field == "winners":
        record["winners"] = [b for b in (0, 1) if b not in record["winners"]] or [0]
        if record["totals"][0] == record["totals"][1]:
            record["winners"] = [0]
    elif field == "rounds":
        record["rounds"] += 1
    elif field == "match_seed":
        record["match_seed"] += 1
    elif field == "seats":
        record["seats"].reverse()
    elif field == "code":
        record["code"] = record["code"][:-1] + ("B" if record["code"][-1] != "B" else "C")
    elif field in ("micros", "cpu_micros"):
        record[field][0].append(5)
    elif field == "dropped-round":
        record["points"].pop()
        record["rounds"] -= 1
        record["totals"] = [sum(r[b] for r in record["points"]) for b in (0, 1)]
        low = min(record["totals"])
        record["winners"] = [b for b in (0, 1) if record["totals"][b] == low]
    return record


@pytest.mark.parametrize("field, says", [
    ("totals", "are not the sums of the points per round"),
    ("points", "are not the sums of the points per round"),
    ("winners", "are not the bots with the lowest total"),
    ("rounds", "'rounds' is"),
    ("match_seed", "is dealt from seed"),
    ("seats", "the seats of match"),
    ("code", "is not the code of seed"),
    ("micros", "decisions but"),
    ("cpu_micros", "times in cpu_micros"),
    ("dropped-round", "does not end after round"),
])
def test_a_record_that_contradicts_itself_is_refused_and_the_file_left_alone(
        tmp_path, capsys, field, says):
    output, argv, lines = _played(tmp_path, capsys)
    # a match of more than one round, so that a round can be dropped
    index = next(i for i, line in enumerate(lines) if json.loads(line)["rounds"] > 1)
    lines[index] = json.dumps(_edit(json.loads(lines[index]), field))
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = output.read_bytes()
    code, out, err = golf(capsys, *argv)
    assert code == 1 and out == ""
    assert f"line {index + 1}: " in err and says in err and "contradicts itself" in err
    assert output.read_bytes() == before


def test_an_uncoded_variants_results_file_resumes(tmp_path, capsys):
    """A variant no match code names writes "code": null; resuming its own file works."""
    output, argv, lines = _played(tmp_path, capsys, "card-golf+shape=2x2+point-limit=40")
    assert json.loads(lines[0])["code"] is None
    argv[argv.index("3")] = "4"
    code, out, err = golf(capsys, *argv)
    assert code == 0 and "3 of 4 matches already played" in err
    assert json.loads(out)["matches"] == 4

"""What ``golf tournament`` reports of dominated moves and decision times: "not run" when the
dominated-move check cannot judge the variant, CPU time beside wall time for every decision."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golfcore.cli import main

from plugin_dist import install


def tournament(capsys: pytest.CaptureFixture[str], output: Path, *argv: str,
               bots: tuple[str, ...] = ("random", "random")) -> tuple[int, str, str]:
    code = main(["tournament", *bots, "--seed", "3", "--output", str(output), *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- dominated moves: counted, or "not run" ---------------------------------------------------


def test_a_board_score_rule_reports_the_dominated_check_as_not_run(tmp_path, capsys):
    """``random`` makes dominated moves on six-card; with square-bonus (a rule that adjusts
    the whole board's points) the check cannot judge them: "not run" and why, never 0."""
    code, out, _ = tournament(capsys, tmp_path / "plain.jsonl", "--variant", "six-card",
                              "--matches", "1", "--json")
    plain = json.loads(out)
    assert code == 0 and plain["dominated_not_run"] is None
    assert sum(row["dominated"] for row in plain["seats"]) > 0

    code, out, _ = tournament(capsys, tmp_path / "bonus.jsonl", "--variant",
                              "six-card+square-bonus", "--matches", "1", "--json")
    bonus = json.loads(out)
    assert code == 0
    assert "square-bonus" in bonus["dominated_not_run"]
    assert "golf_board_adjustment" in bonus["dominated_not_run"]
    for row in bonus["seats"]:
        assert row["decisions"] > 0
        assert row["dominated"] is None and row["dominated_per_1000"] is None
    assert [r["dominated"] for r in records(tmp_path / "bonus.jsonl")] == [None]

    # the text report says it, in the column and under the table (the file is resumed)
    code, out, _ = tournament(capsys, tmp_path / "bonus.jsonl", "--variant",
                              "six-card+square-bonus", "--matches", "1")
    rows = [line for line in out.splitlines() if line.startswith("random #")]
    assert code == 0 and len(rows) == 2 and all(" not run " in row for row in rows)
    assert "dominated: not run: the rule square-bonus adjusts a whole board's points" in out


def test_a_record_counting_moves_the_check_cannot_judge_is_refused(tmp_path, capsys):
    output = tmp_path / "bonus.jsonl"
    assert tournament(capsys, output, "--variant", "six-card+square-bonus",
                      "--matches", "1")[0] == 0
    [record] = records(output)
    output.write_text(json.dumps({**record, "dominated": [0, 0]}) + "\n", encoding="utf-8")
    code, _, err = tournament(capsys, output, "--variant", "six-card+square-bonus",
                              "--matches", "1")
    assert code == 1 and "'dominated' counts moves the check cannot judge" in err


# -- decision times: CPU and wall -------------------------------------------------------------

SLEEPY = '''
import time

from golfcore.cardgame.bots import Bot


class Sleepy(Bot):
    """Waits 15 ms (no CPU time), then plays the first legal action."""

    name = "sleepy"

    def act(self, observation):
        legal = self.legal(observation)
        time.sleep(0.015)
        return legal[0]
'''


@pytest.fixture
def sleepy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "dist").mkdir()
    yield from install(tmp_path / "dist", monkeypatch, "golf-sleepy", {"golf_sleepy": SLEEPY},
                       "[golfcore.cardgame.bots]\nsleepy = golf_sleepy:Sleepy\n")


def test_cpu_time_per_decision_is_reported_beside_wall_time(sleepy, tmp_path, capsys):
    """A bot that waits is charged the wait in wall time, not in CPU time: the report's CPU
    figures are the bot's own work, as docs/bots.md gives them."""
    output = tmp_path / "t.jsonl"
    code, out, _ = tournament(capsys, output, "--variant", "card-golf+shape=2x2", "--rounds",
                              "1", "--json", bots=("sleepy", "random"))
    assert code == 0
    data = json.loads(out)
    [record] = records(output)
    sleepy_row, random_row = data["seats"]
    assert len(record["cpu_micros"][0]) == record["decisions"][0] == sleepy_row["decisions"]
    assert sleepy_row["time"]["median"] >= 0.015
    assert sleepy_row["cpu"]["median"] < 0.005 and sleepy_row["cpu"]["p95"] < 0.015
    assert all(cpu < wall for cpu, wall in zip(record["cpu_micros"][0], record["micros"][0]))
    assert random_row["cpu"]["median"] is not None

    code, out, _ = tournament(capsys, output, "--variant", "card-golf+shape=2x2", "--rounds",
                              "1", bots=("sleepy", "random"))
    header = next(line for line in out.splitlines() if line.startswith("bot "))
    assert code == 0 and header.split()[-6:] == ["cpu", "median", "p95", "wall", "median", "p95"]


def test_a_results_file_without_cpu_times_is_refused_with_what_to_do(tmp_path, capsys):
    output = tmp_path / "t.jsonl"
    argv = ("--variant", "card-golf+shape=2x2", "--matches", "1")
    assert tournament(capsys, output, *argv)[0] == 0
    [record] = records(output)
    del record["cpu_micros"]
    output.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, _, err = tournament(capsys, output, *argv)
    assert code == 1 and "has no cpu_micros" in err and "give another --output" in err

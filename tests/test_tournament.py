"""``golf tournament``: bots of the card game against each other, end to end through the command,
and the pieces under it (seats, what a bot is given, the results file, the figures)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from golfcore.runs import stats
from golfcore.cardgame import tournament
from golfcore.cardgame.bots import bot_names
from golfcore.cardgame.match import Match
from golfcore.cardgame.tournament import command as tournament_command
from golfcore.cli import main

SVG = "{http://www.w3.org/2000/svg}"
VARIANT = "card-golf+shape=2x2"      # the quickest matches: four cards a board
UNTIMED = ("micros", "cpu_micros", "seconds")


@pytest.fixture(scope="module", autouse=True)
def _random_bot_is_installed():
    assert "random" in bot_names(), "the tournament tests play golfcore's random bot"


def golf(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["tournament", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run(capsys, output: Path, *bots: str, matches: str = "6", seed: str = "7",
        extra: tuple[str, ...] = ()) -> tuple[int, str, str]:
    return golf(capsys, *(bots or ("random", "random")), "--variant", VARIANT, "--matches",
                matches, "--seed", seed, "--workers", "1", "--output", str(output), "--json",
                *extra)


def summary_of(out: str) -> dict[str, Any]:
    return json.loads(out.strip().splitlines()[-1])


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def untimed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(({k: v for k, v in r.items() if k not in UNTIMED} for r in records),
                  key=lambda r: r["match"])


def untimed_summary(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in ("time", "cpu")} for row in data["seats"]]


# -- the command, end to end ---------------------------------------------------------------------

def test_the_summary_line(tmp_path, capsys):
    output = tmp_path / "t.jsonl"
    code, out, err = run(capsys, output, "random", "random", "random")
    assert code == 0 and err == ""       # no progress bar: stderr is not a terminal
    data = summary_of(out)
    assert data["tournament"]["bots"] == ["random", "random", "random"]
    assert data["tournament"]["variant"] == VARIANT and data["matches"] == 6
    records = read(output)
    assert len(records) == 6 and sorted(r["match"] for r in records) == list(range(6))
    assert [row["bot"] for row in data["seats"]] == ["random"] * 3
    for i, row in enumerate(data["seats"]):
        rounds = sum(r["rounds"] for r in records)
        points = sum(r["totals"][i] for r in records)
        assert row["rounds"] == rounds and row["total_points"] == points
        assert row["mean_per_round"] == pytest.approx(points / rounds)
        low, high = row["mean_ci"]
        assert low < row["mean_per_round"] < high
        won = sum(1 for r in records if i in r["winners"])
        assert row["matches_won"] == won and row["win_share"] == pytest.approx(won / 6)
        assert row["win_ci"] == pytest.approx(list(stats.wilson_interval(won, 6)))
        decisions = sum(r["decisions"][i] for r in records)
        dominated = sum(r["dominated"][i] for r in records)
        assert row["decisions"] == decisions > 0 and row["dominated"] == dominated
        assert row["dominated_per_1000"] == pytest.approx(1000 * dominated / decisions)
        times = sorted(t for r in records for t in r["micros"][i])
        assert len(times) == decisions
        assert row["time"]["median"] == pytest.approx(stats.percentile(times, 0.5) / 1e6)
        assert row["time"]["p95"] == pytest.approx(stats.percentile(times, 0.95) / 1e6)
        cpu = sorted(t for r in records for t in r["cpu_micros"][i])
        assert len(cpu) == decisions
        assert row["cpu"]["median"] == pytest.approx(stats.percentile(cpu, 0.5) / 1e6)
        assert row["cpu"]["p95"] == pytest.approx(stats.percentile(cpu, 0.95) / 1e6)
    # every match has a winner; a shared win counts for each tied bot
    assert sum(row["matches_won"] for row in data["seats"]) == 6 + sum(
        len(r["winners"]) - 1 for r in records)
    assert data["shared_wins"] == sum(1 for r in records if len(r["winners"]) > 1)


def test_the_text_report(tmp_path, capsys):
    code, out, _ = golf(capsys, "random", "random", "--variant", VARIANT, "--matches", "3",
                        "--seed", "7", "--workers", "1", "--output", str(tmp_path / "t.jsonl"))
    assert code == 0
    assert "random #1" in out and "random #2" in out and "points/round" in out
    assert "a shared win counts as a win for each tied bot" in out


@pytest.mark.parametrize("unit, counts", [("--matches", ["matches", "rounds"]),
                                          ("--rounds", ["rounds"])])
def test_the_text_reports_header_names_each_count_once(tmp_path, capsys, unit, counts):
    code, out, _ = golf(capsys, "random", "random", "--variant", VARIANT, unit, "2",
                        "--seed", "7", "--workers", "1", "--output", str(tmp_path / "t.jsonl"))
    assert code == 0
    header = next(line for line in out.splitlines() if line.startswith("bot "))
    assert header.split()[:len(counts) + 2] == ["bot", *counts, "points/round"]


def test_the_same_seed_gives_the_same_records_whatever_the_processes(tmp_path, capsys):
    one, two, other = tmp_path / "one.jsonl", tmp_path / "two.jsonl", tmp_path / "other.jsonl"
    first = summary_of(run(capsys, one)[1])
    second = summary_of(run(capsys, two, extra=("--workers", "2"))[1])
    assert untimed(read(one)) == untimed(read(two))
    assert untimed_summary(first) == untimed_summary(second)
    run(capsys, other, seed="8")
    assert untimed(read(one)) != untimed(read(other))
    assert [r["match_seed"] for r in untimed(read(one))] == [
        tournament.match_seed(7, k) for k in range(6)]


def test_a_cut_off_results_file_resumes_without_loss_or_double_count(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    expected = summary_of(run(capsys, whole)[1])
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    # three matches written, the third twice, and the fourth cut off mid-write
    cut.write_text("".join(lines[:3]) + lines[2] + lines[3][: len(lines[3]) // 2],
                   encoding="utf-8")
    code, out, err = run(capsys, cut)
    assert code == 0
    assert "cut off mid-write" in err and "repeats 1 record(s)" in err
    assert "3 of 6 matches already played" in err
    records = read(cut)
    assert len(records) == 7 and sorted({r["match"] for r in records}) == list(range(6))
    assert untimed(list({r["match"]: r for r in records}.values())) == untimed(read(whole))
    assert untimed_summary(summary_of(out)) == untimed_summary(expected)


def test_an_interrupted_tournament_exits_130_and_goes_on(tmp_path, capsys, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    expected = summary_of(run(capsys, whole)[1])
    real = tournament_command.play_match
    played = []

    def stop_after_two(*args):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(args)
        return real(*args)

    monkeypatch.setattr(tournament_command, "play_match", stop_after_two)
    output = tmp_path / "stopped.jsonl"
    code, out, err = run(capsys, output)
    assert code == 130 and out == "" and "interrupted with 2 of 6 matches played" in err
    assert len(read(output)) == 2 and output.read_text(encoding="utf-8").endswith("}\n")
    monkeypatch.setattr(tournament_command, "play_match", real)
    code, out, err = run(capsys, output)
    assert code == 0 and "2 of 6 matches already played" in err
    assert untimed(read(output)) == untimed(read(whole))
    assert untimed_summary(summary_of(out)) == untimed_summary(expected)


def test_a_longer_tournament_grows_the_file_and_a_shorter_one_leaves_records_out(tmp_path,
                                                                                 capsys):
    output = tmp_path / "t.jsonl"
    run(capsys, output, matches="3")
    code, out, err = run(capsys, output, matches="5")
    assert code == 0 and "3 of 5 matches already played" in err and len(read(output)) == 5
    code, out, err = run(capsys, output, matches="2")
    assert code == 0 and "3 record(s) of matches beyond the 2 asked for" in err
    assert summary_of(out)["matches"] == 2 and len(read(output)) == 5


@pytest.mark.parametrize("change", [("random", "greedy"), ("seed", "8"), ("rounds",)])
def test_another_tournaments_file_is_refused_and_left_as_it_is(tmp_path, capsys, change):
    output = tmp_path / "t.jsonl"
    run(capsys, output, matches="2")
    with output.open("a", encoding="utf-8") as f:
        f.write('{"tournament": {"bots": ["ran')           # a cut-off last line, too
    before = output.read_bytes()
    if change[0] == "seed":
        code, _, err = run(capsys, output, matches="2", seed=change[1])
    elif change[0] == "rounds":
        code, _, err = golf(capsys, "random", "random", "--variant", VARIANT, "--rounds", "2",
                            "--seed", "7", "--workers", "1", "--output", str(output))
    else:
        code, _, err = run(capsys, output, *change, matches="2")
    assert code == 1 and err.startswith("golf: error: ")
    assert "another tournament" in err and "resuming would mix them" in err
    assert output.read_bytes() == before


def test_a_file_that_is_no_tournaments_is_refused_and_left_as_it_is(tmp_path, capsys):
    output = tmp_path / "survey.jsonl"
    output.write_text('{"deal": 1, "variant": "app-facil", "winnable": true}\n',
                      encoding="utf-8")
    before = output.read_bytes()
    code, _, err = run(capsys, output, matches="2")
    assert code == 1 and "is not a tournament record" in err
    assert output.read_bytes() == before


def test_single_rounds(tmp_path, capsys):
    output = tmp_path / "rounds.jsonl"
    code, out, _ = golf(capsys, "random", "random", "--variant", "six-card", "--rounds", "4",
                        "--seed", "3", "--workers", "1", "--output", str(output), "--json")
    assert code == 0
    data = summary_of(out)
    assert data["unit"] == "round" and data["rounds"] == 4
    for record in read(output):
        assert record["rounds"] == 1 and record["totals"] == record["points"][0]
        low = min(record["totals"])
        assert record["winners"] == [i for i, t in enumerate(record["totals"]) if t == low]


def test_the_default_results_file_name(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = golf(capsys, "random", "random", "--variant", VARIANT, "--matches", "1",
                        "--seed", "5", "--workers", "1", "--json")
    name = f"tournament-random,random-{VARIANT}-seed5.jsonl"
    assert code == 0 and summary_of(out)["tournament"]["output"] == name
    assert (tmp_path / name).is_file()


def test_the_plot_is_an_svg_file(tmp_path, capsys):
    plot = tmp_path / "t.svg"
    code, _, _ = run(capsys, tmp_path / "t.jsonl", "random", "greedy", matches="2",
                     extra=("--plot", str(plot)))
    assert code == 0
    root = ET.parse(plot).getroot()
    assert root.tag == f"{SVG}svg"
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "random" in texts and "greedy" in texts
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 4       # points per round and matches won, for each bot


def test_progress_only_on_a_terminal_or_when_asked(tmp_path, capsys):
    code, _, err = run(capsys, tmp_path / "t.jsonl", matches="2", extra=("--progress",))
    assert code == 0 and "tournament [" in err and "2/2 100.0%" in err and "matches/s" in err


@pytest.mark.parametrize("argv, message", [
    (["randm", "random"], "unknown bot 'randm' (did you mean 'random'?)"),
    (["random"], "2 to 6 bots"),
    (["random"] * 7, "2 to 6 bots"),
    (["random", "random", "--variant", "app-facil"], "solitaire variant"),
    (["random", "random", "--variant", "nosuch"], "unknown variant 'nosuch'"),
    (["random", "random", "--variant", "card-golf+players=3"], "is for 3 players"),
    (["random", "random", "--matches", "0"], "--matches must be a whole number >= 1"),
    (["random", "random", "--rounds", "-2"], "--rounds must be a whole number >= 1"),
    (["random:nosuch=1", "random"], "unknown option(s) nosuch"),
    (["random:depth", "random"], "NAME:KEY=VALUE"),
])
def test_bad_input(tmp_path, capsys, argv, message):
    check_refused(tmp_path, capsys, argv, message, 1)


@pytest.mark.parametrize("argv, message", [
    (["random", "random", "--workers", "0"], "--workers must be a whole number >= 1"),
    (["random", "random", "--seed=-1"], "expected a whole number >= 0"),
])
def test_bad_option_values_are_usage_errors_as_in_every_command(tmp_path, capsys, argv,
                                                                message):
    check_refused(tmp_path, capsys, argv, message, 2)


def check_refused(tmp_path, capsys, argv, message, status):
    output = tmp_path / "t.jsonl"
    defaults = {"--variant": VARIANT, "--seed": "1"}
    if "--rounds" not in argv:
        defaults["--matches"] = "2"
    given = [a.split("=")[0] for a in argv]
    extra = [x for key, value in defaults.items() if key not in given for x in (key, value)]
    code, out, err = golf(capsys, *argv, *extra, "--output", str(output))
    assert code == status and out == ""
    assert "error: " in err and message in err
    assert not output.exists()


def test_usage_errors_exit_2(capsys):
    assert golf(capsys, "random", "random", "--variant", VARIANT, "--seed", "1")[0] == 2
    assert golf(capsys, "random", "random", "--variant", VARIANT, "--seed", "1", "--matches",
                "2", "--rounds", "2")[0] == 2


# -- what a bot is given -------------------------------------------------------------------------

#: (bot label, seat, observation, action) in the order the bots acted.
LOG: list[tuple[str, int, dict[str, Any], str]] = []
#: (bot label, seat, seed) for each bot made.
MADE: list[tuple[str, int, int]] = []


class Recorder:
    """A random bot that logs what it is made with and every observation it is given."""

    label = "recorder"

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        MADE.append((self.label, seat, seed))

    def act(self, observation: Mapping[str, Any]) -> str:
        action = self.rng.choice(observation["legal"])
        LOG.append((self.label, self.seat, dict(observation), action))
        return action


class OtherRecorder(Recorder):
    label = "other"


def takes_are_dominated(observation: Mapping[str, Any], action: str) -> str | None:
    return "a take" if action == "take" else None


def test_a_bot_is_given_only_its_own_observation(capsys):
    entrants = [tournament.Entrant("recorder", Recorder),
                tournament.Entrant("other", OtherRecorder),
                tournament.Entrant("recorder", Recorder)]
    for k in (0, 1, 2, 4):
        LOG.clear()
        MADE.clear()
        record = tournament.play_match(VARIANT, entrants, 11, k,
                                       dominated=takes_are_dominated)
        seats = tournament.seating(3, k)
        assert [label for label, _, _ in MADE] == [entrants[b].label for b in seats]
        assert [seat for _, seat, _ in MADE] == [0, 1, 2]
        # replay: each observation a bot got is exactly its own seat's, at its own turn
        match = Match(VARIANT, players=3, seed=record["match_seed"])
        for label, seat, observation, action in LOG:
            while match.turn is None:
                assert match.act(0, "next").accepted
            assert match.turn == seat and entrants[seats[seat]].label == label
            assert observation == match.observation(seat).to_json()
            assert match.act(seat, action).accepted
        assert match.is_over and list(match.totals) == [record["totals"][b] for b in seats]
        # decisions and dominated moves are counted per bot, not per seat
        for b in range(3):
            mine = [a for _, s, _, a in LOG if seats[s] == b]
            assert record["decisions"][b] == len(mine) == len(record["micros"][b])
            assert record["dominated"][b] == mine.count("take")


def test_seats_rotate(tmp_path, capsys):
    assert tournament.seating(3, 0) == [0, 1, 2]
    assert tournament.seating(3, 1) == [2, 0, 1]      # bot i sits in seat (i + k) mod n
    assert tournament.seating(3, 2) == [1, 2, 0]
    assert tournament.seating(3, 3) == [0, 1, 2]
    output = tmp_path / "t.jsonl"
    code, _, _ = run(capsys, output, "random", "greedy", "random", matches="4")
    assert code == 0
    records = untimed(read(output))
    assert [r["seats"] for r in records] == [tournament.seating(3, k) for k in range(4)]
    for record in records:
        assert Match(VARIANT, players=3, seed=record["match_seed"]).code == record["code"]
        for bot in range(3):   # lists are by bot: its rounds add up to its total
            assert sum(points[bot] for points in record["points"]) == record["totals"][bot]


def test_bots_with_options_are_labelled_with_them():
    class Fake:
        name = "fake"

    entrant = tournament.parse_entrant("Fake:depth=3,fast=true,mode=x", find=lambda name: Fake)
    assert entrant.label == "fake:depth=3,fast=true,mode=x"
    assert entrant.options == (("depth", 3), ("fast", True), ("mode", "x"))


# -- the figures ---------------------------------------------------------------------------------

def test_student_t_quantiles():
    for df, value in ((1, 12.7062), (2, 4.3027), (10, 2.2281), (30, 2.0423), (1000, 1.9623)):
        assert stats.t_quantile(0.975, df) == pytest.approx(value, abs=1e-4)
    assert stats.t_quantile(0.025, 5) == pytest.approx(-2.5706, abs=1e-4)


def test_the_interval_of_points_per_round_is_clustered_by_match():
    # one round a match: the textbook t interval of a mean
    mean, low, high = stats.ratio_interval([1, 2, 3, 4], [1, 1, 1, 1])
    half = stats.t_quantile(0.975, 3) * (5 / 3) ** 0.5 / 2
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    # two matches whose rounds score alike: no spread between matches, no width
    assert stats.ratio_interval([20, 40], [2, 4]) == pytest.approx((10.0, 10.0, 10.0))
    assert stats.ratio_interval([7], [2]) == (3.5, None, None)
    assert stats.ratio_interval([], []) == (None, None, None)


def test_a_shared_win_counts_for_each_tied_bot():
    records = [{"match": 0, "rounds": 1, "totals": [5, 5], "winners": [0, 1],
                "decisions": [1, 1], "dominated": [0, 0], "micros": [[3], [4]],
                "cpu_micros": [[3], [4]]},
               {"match": 1, "rounds": 2, "totals": [9, 3], "winners": [1],
                "decisions": [2, 2], "dominated": [1, 0], "micros": [[1, 2], [5, 6]],
                "cpu_micros": [[1, 1], [5, 6]]}]
    summary = tournament.summarize(records, ["a", "b"])
    a, b = summary["seats"]
    assert (a["matches_won"], b["matches_won"], summary["shared_wins"]) == (1, 2, 1)
    assert a["mean_per_round"] == pytest.approx(14 / 3) and b["mean_per_round"] == 8 / 3
    assert a["dominated_per_1000"] == pytest.approx(1000 / 3)
    assert a["time"]["median"] == pytest.approx(2e-6)
    assert a["cpu"]["median"] == pytest.approx(1e-6)

"""``golf stats``: the statistics of a real database on the terminal and as JSON, export to a
file or stdout, import checked before writing, and the errors of files that cannot be used."""

from __future__ import annotations

import argparse
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from golfcore.cli import COMMANDS, main
from golfcore.cli import stats as stats_command
from golfcore.web.store import Store
from web_tables import card_game, solitaire


def golf_stats(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``golf stats ARGV`` through the command table once ``stats`` is in it, else through
    the command module's own parser and ``run``."""
    if any(command.name == "stats" for command in COMMANDS):
        code = main(["stats", *argv])
    else:
        parser = argparse.ArgumentParser(prog="golf stats")
        stats_command.add_arguments(parser)
        try:
            code = stats_command.run(parser.parse_args(list(argv)))
        except SystemExit as exc:                   # a usage error: main returns its status
            code = exc.code if isinstance(exc.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def entry(status: str, moves: int, score: dict[str, Any] | None) -> dict[str, Any]:
    return {"deal": 3, "code": "GO1-E-AAAAAAD", "status": status, "moves": moves,
            "score": score}


def fill(path: Path) -> None:
    """Two Fácil games (one won with 120 points), a 9-hole round and a finished match."""
    times = iter(float(t) for t in range(1_000, 1_000_000, 60))
    with Store(path, clock=lambda: next(times)) as store:
        for status, moves, points in (("won", 40, 120), ("lost", 12, 30)):
            table = store.create_table(
                game="solitaire", variant="app-facil", seat_kinds=["human"], snapshot={},
                summary={"status": "playing", "games": [entry("playing", 0, None)],
                         "round": None})
            score = {"kind": "points", "value": points}
            store.record_action(table.id, version=1, seat=0, request={"cmd": "play"},
                                snapshot={}, summary={"status": status, "round": None,
                                                      "games": [entry(status, moves, score)]})
        holes = [entry("lost", 30, {"kind": "strokes", "value": 4}),
                 entry("playing", 2, {"kind": "strokes", "value": None})]
        store.create_table(
            game="solitaire", variant="traditional", seat_kinds=["human"], snapshot={},
            summary={"status": "playing", "games": holes,
                     "round": {"code": "GR1-T-AAAAAAB", "variant": "traditional", "holes": 9,
                               "par": 45, "strokes": [4], "complete": False}})
        kinds = ["human", "bot:greedy"]
        match = {"status": "over", "players": 2, "seat_kinds": kinds, "totals": [10, 40],
                 "winners": [0], "rounds": 3, "code": "GC1-G333-AAAAAAB"}
        store.create_table(game="card-game", variant="card-golf", seat_kinds=kinds,
                           snapshot={}, summary=match)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "golf.sqlite3"
    fill(path)
    return path


def test_the_statistics_for_people(capsys, db):
    code, out, err = golf_stats(capsys, "--db", str(db))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Solitaire"
    facil = next(line.split() for line in lines if line.strip().startswith("app-facil"))
    # played, won, win %, streak, best streak, best score, average moves, time played
    assert facil[1:9] == ["2", "1", "50.0%", "0", "1", "120", "points", "26.0"]
    assert facil[9:] == ["2", "min", "0", "s"]          # a gap of 60 s at each of two tables
    round_line = next(line for line in lines if "GR1-T-AAAAAAB" in line)
    assert round_line.split()[1:6] == ["traditional", "4", "4", "45", "-1"]
    assert "no (1 hole)" in round_line
    assert "Card game: 1 match finished, 0 in progress" in lines
    assert [line.split() for line in lines if line.strip().startswith(("human", "bot:"))] == [
        ["human", "1", "1", "100.0%"], ["bot:greedy", "1", "0", "0.0%"]]


def test_json_is_what_the_store_computes(capsys, db):
    code, out, _ = golf_stats(capsys, "--db", str(db), "--json")
    assert code == 0
    with Store(db) as store:
        assert json.loads(out) == store.statistics()
    assert json.loads(out)["solitaire"][0]["variant"] == "app-facil"


def test_the_default_database_not_made_yet_has_no_games_and_is_not_made(capsys, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    missing = stats_command.default_path()
    assert str(missing).startswith(str(tmp_path))
    code, out, _ = golf_stats(capsys)
    assert code == 0
    assert "Solitaire: no games yet" in out and "Card game: 0 matches finished" in out
    code, out, _ = golf_stats(capsys, "--export", "-")
    assert (code, json.loads(out)["tables"]) == (0, [])
    assert not missing.parent.exists()


@pytest.mark.parametrize("extra", [(), ("--json",), ("--export", "-")])
def test_a_db_that_does_not_exist_is_no_such_database_and_is_not_made(capsys, tmp_path,
                                                                       monkeypatch, extra):
    monkeypatch.chdir(tmp_path)
    code, out, err = golf_stats(capsys, "--db", "typo.sqlite3", *extra)
    assert (code, out) == (1, "")
    assert err.startswith("golf: error: no such database: typo.sqlite3")
    assert not (tmp_path / "typo.sqlite3").exists()


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A database of real tables: two solitaire games and a card-game match, played."""
    path = tmp_path / "played.sqlite3"
    with Store(path) as store:
        solitaire(store, "GO1-E-AAAAAAB", actions=40)
        solitaire(store, "GO1-C-AAAAAAC", actions=3)
        card_game(store, ["human", "bot:greedy"], actions=30)
    return path


def test_export_to_a_file_then_import_into_a_new_database(capsys, played, tmp_path):
    backup = tmp_path / "backup.json"
    code, out, _ = golf_stats(capsys, "--db", str(played), "--export", str(backup))
    assert code == 0 and out.startswith(f"{backup}: 3 tables exported")
    copy = tmp_path / "copy.sqlite3"
    code, out, _ = golf_stats(capsys, "--db", str(copy), "--import", str(backup))
    assert code == 0 and out.startswith(f"{backup}: 3 tables imported")
    code, out, _ = golf_stats(capsys, "--db", str(copy), "--import", str(backup))
    assert "0 tables imported" in out and "3 already there" in out
    with Store(played) as original, Store(copy) as copied:
        assert copied.export() == original.export()


def test_export_to_stdout_and_import_from_stdin(capsys, monkeypatch, played, tmp_path):
    code, out, _ = golf_stats(capsys, "--db", str(played), "--export", "-")
    assert code == 0 and json.loads(out)["format"] == "golfcore-web-export"
    monkeypatch.setattr("sys.stdin", io.StringIO(out))
    code, out, _ = golf_stats(capsys, "--db", str(tmp_path / "new.sqlite3"), "--import", "-")
    assert code == 0 and out.startswith("-: 3 tables imported")


def test_a_bad_import_is_an_error_and_writes_nothing(capsys, played, tmp_path):
    with Store(played) as store:
        data = store.export()
    data["tables"][2]["seats"][1]["kind"] = "computer"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "target.sqlite3"
    code, out, err = golf_stats(capsys, "--db", str(target), "--import", str(bad))
    assert (code, out) == (1, "")
    assert err.startswith(f"golf: error: {bad}: $.tables[2].seats[1].kind: must be 'human' "
                          f"or 'bot:NAME'")
    with Store(target) as store:
        assert store.export()["tables"] == []


def export_text(played: Path, change) -> str:
    with Store(played) as store:
        data = store.export()
    change(data)
    return json.dumps(data)


def snapshot_of(data: dict[str, Any], table: int) -> dict[str, Any]:
    return data["tables"][table]["snapshots"][0]["snapshot"]


# What an auditor fed to --import (each was accepted with exit status 0 before the imports were
# loaded and replayed; the tables then failed every 'open'): the file, and the error's start.
AUDIT_IMPORTS = [
    ("garbage", lambda played: "\x00\x01 garbage }{", "is not valid JSON: Expecting value at "
                                                        "line 1 column 1"),
    ("{}", lambda played: "{}", "$: missing field(s) 'format', 'version', 'tables'"),
    ("empty snapshot", lambda played: export_text(played, lambda d: d["tables"][0][
        "snapshots"][0].update(snapshot={})), "$.tables[0].snapshots[0].snapshot: cannot be "
                                              "loaded"),
    ("the other game's snapshot", lambda played: export_text(played, lambda d: d["tables"][0][
        "snapshots"][0].update(snapshot=snapshot_of(d, 2))),
     "$.tables[0].snapshots[0].snapshot: cannot be loaded"),
    ("variant zzz", lambda played: export_text(played, lambda d: d["tables"][1].update(
        variant="zzz")), "$.tables[1].variant: the snapshot is a game of 'app-clasico'"),
    ("snapshot variant zzz", lambda played: export_text(played, lambda d: snapshot_of(
        d, 1).update(variant="zzz")), "$.tables[1].snapshots[0].snapshot: cannot be loaded: "
                                      "unknown variant 'zzz'"),
    ("tampered moves", lambda played: export_text(played, lambda d: d["tables"][1]["summary"][
        "games"][0].update(moves=1)), "$.tables[1].summary: not the summary of the table"),
    ("tampered totals", lambda played: export_text(played, lambda d: d["tables"][2][
        "summary"].update(totals=[0, 50])), "$.tables[2].summary: not the summary of the table"),
    ("tampered move", lambda played: export_text(played, lambda d: d["tables"][1]["actions"][
        2].update(request={"cmd": "play", "column": 7})), "$.tables[1].actions[2]: action 3 is "
                                                          "refused when replayed"),
    ("an integer of 5,000 digits", lambda played: export_text(played, lambda d: None).replace(
        '"version": 2', '"version": ' + "9" * 5000, 1), "is not valid JSON: a whole number of "
                                                        "5000 digits is too long"),
    ("duplicate keys", lambda played: '{"format": "golfcore-web-export", "version": 2, '
                                      '"tables": [], "tables": []}',
     "is not valid JSON: key 'tables' appears twice in one object"),
    ("NaN", lambda played: export_text(played, lambda d: None).replace(
        '"created": ', '"created": NaN, "x": ', 1), "is not valid JSON: NaN is not JSON"),
]


@pytest.mark.parametrize("make, problem", [case[1:] for case in AUDIT_IMPORTS],
                         ids=[case[0] for case in AUDIT_IMPORTS])
def test_an_import_is_checked_by_loading_every_table_and_writes_nothing(capsys, played,
                                                                        tmp_path, make, problem):
    source = tmp_path / "in.json"
    source.write_text(make(played), encoding="utf-8")
    target = tmp_path / "target.sqlite3"
    with Store(target) as store:
        solitaire(store, actions=2)
        before = store.export()
    code, out, err = golf_stats(capsys, "--db", str(target), "--import", str(source))
    assert (code, out) == (1, ""), err
    sep = " " if problem.startswith("is not valid JSON") else ": "
    assert err.startswith(f"golf: error: {source}{sep}{problem}"), err
    assert "Traceback" not in err
    with Store(target) as store:
        assert store.export() == before


@pytest.mark.parametrize("content, problem", [
    ("{\"format\": ", " is not valid JSON: Expecting value at line 1 column 12"),
    ("[]", ": $: must be a JSON object, not array")])
def test_an_import_file_that_is_no_export(capsys, tmp_path, content, problem):
    source = tmp_path / "in.json"
    source.write_text(content, encoding="utf-8")
    code, _, err = golf_stats(capsys, "--db", str(tmp_path / "x.sqlite3"), "--import",
                              str(source))
    assert code == 1 and err.startswith(f"golf: error: {source}{problem}"), err


def test_files_that_cannot_be_used_are_named(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database at all " * 10)
    code, _, err = golf_stats(capsys, "--db", str(notes))
    assert code == 1 and err.startswith(f"golf: error: {notes}: not a SQLite database")
    newer = tmp_path / "newer.sqlite3"
    conn = sqlite3.connect(newer)
    conn.execute("PRAGMA user_version = 9")
    conn.commit()
    conn.close()
    code, _, err = golf_stats(capsys, "--db", str(newer), "--json")
    assert code == 1 and "written by a newer golfcore" in err and str(newer) in err
    code, _, err = golf_stats(capsys, "--db", str(tmp_path / "x.sqlite3"), "--import",
                              str(tmp_path / "missing.json"))
    assert code == 1 and err.startswith(f"golf: error: {tmp_path / 'missing.json'}: ")


def test_json_export_and_import_are_one_at_a_time(capsys, tmp_path):
    code, out, err = golf_stats(capsys, "--db", str(tmp_path / "x.sqlite3"), "--json",
                                "--export", "-")
    assert (code, out) == (2, "") and "not allowed with argument" in err
    assert not (tmp_path / "x.sqlite3").exists()

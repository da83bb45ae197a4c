"""The SQLite store of ``golf web`` and its statistics, on real database files in tmp_path: saved
tables, tokens, stale versions, what a killed process keeps, schema versions and migrations,
files that are not golfcore databases, export and import checked before writing, and the
statistics of hand-built tables."""

from __future__ import annotations

import copy
import json
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from golfcore.errors import GolfError
from golfcore.web.exports import export_problems
from golfcore.web.records import LoggedAction, SeatRecord, TableRecord
from golfcore.web.resume import import_problems, resume
from golfcore.web.store import (MIGRATIONS, SCHEMA_VERSION, StaleVersion, Store, StoreError,
                                migrate)
from web_tables import card_game, solitaire

REPO = Path(__file__).resolve().parent.parent


class Clock:
    """A clock the test sets by hand: ``clock.now = 100.0``."""

    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def game(status: str = "playing", moves: int = 0, score: dict[str, Any] | None = None,
         deal: int | None = 17) -> dict[str, Any]:
    return {"deal": deal, "code": None, "status": status, "moves": moves, "score": score}


def points(value: int | None) -> dict[str, Any]:
    return {"kind": "points", "value": value}


def strokes(value: int | None) -> dict[str, Any]:
    return {"kind": "strokes", "value": value}


def single(entry: dict[str, Any]) -> dict[str, Any]:
    """The summary of a single solitaire game."""
    return {"status": entry["status"], "games": [entry], "round": None}


def round_summary(holes: list[dict[str, Any]], hole_strokes: list[int],
                  complete: bool = False) -> dict[str, Any]:
    return {"status": "over" if complete else "playing", "games": holes,
            "round": {"code": "GR1-T-AAAAAAB", "variant": "traditional", "holes": 9, "par": 45,
                      "strokes": hole_strokes, "complete": complete}}


def match(kinds: list[str], status: str = "playing", winners: tuple[int, ...] = ()
          ) -> dict[str, Any]:
    return {"status": status, "players": len(kinds), "seat_kinds": kinds,
            "totals": [0] * len(kinds), "winners": list(winners), "rounds": 1, "code": None}


def new_game(store: Store, variant: str = "app-facil", entry: dict[str, Any] | None = None):
    return store.create_table(game="solitaire", variant=variant, seat_kinds=["human"],
                              snapshot={"moves": []}, summary=single(entry or game()))


def play(store: Store, table_id: str, summary: dict[str, Any], seat: int | None = 0):
    """Record one more action at a table, whatever its version."""
    current = store.load(table_id)
    assert current is not None
    return store.record_action(table_id, version=current.version + 1, seat=seat,
                               request={"cmd": "play", "n": current.version + 1},
                               snapshot={"moves": list(range(current.version + 1))},
                               summary=summary)


def finish(store: Store, variant: str, entry: dict[str, Any]) -> str:
    """A single game with one action that leaves it as ``entry`` says."""
    table = new_game(store, variant)
    play(store, table.id, single(entry))
    return table.id


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "golf.sqlite3"


@pytest.fixture
def store(db: Path):
    with Store(db) as s:
        yield s


# -- tables, seats and actions -----------------------------------------------------------------


def test_a_table_is_saved_with_a_token_per_person_and_none_per_computer(store):
    table = store.create_table(game="card-game", variant="card-golf",
                               seat_kinds=["human", "bot:greedy", "human"],
                               snapshot={"seed": 4}, summary=match(["human", "bot:greedy",
                                                                    "human"]))
    assert table.version == 0 and table.status == "playing"
    assert [s.kind for s in table.seats] == ["human", "bot:greedy", "human"]
    tokens = [s.token for s in table.seats]
    assert tokens[1] is None and len({tokens[0], tokens[2]}) == 2
    assert all(len(t) >= 22 for t in (tokens[0], tokens[2]))     # 128 random bits
    assert store.load(table.id) == table
    assert store.find_token(tokens[2]) == (table, 2)
    assert store.find_token("no-such-token") is None
    assert store.load("no-such-table") is None


def test_every_action_is_a_row_of_the_log_and_a_snapshot_only_when_given(store):
    clock = Clock(50.0)
    with Store(store.path, clock=clock) as timed:
        table = new_game(timed)
        clock.now = 60.0
        timed.record_action(table.id, version=1, seat=0, request={"cmd": "draw"},
                            summary=single(game("playing", 1)))
        clock.now = 70.0
        timed.record_action(table.id, version=2, seat=0, request={"cmd": "undo"},
                            summary=single(game("playing", 2)))
    after = store.load(table.id)
    assert (after.version, after.updated, after.summary) == (2, 70.0, single(game("playing", 2)))
    assert (after.snapshot_version, after.snapshot) == (0, {"moves": []})   # the first one
    assert [(a.version, a.request, a.at) for a in after.tail] == [
        (1, {"cmd": "draw"}, 60.0), (2, {"cmd": "undo"}, 70.0)]
    store.record_action(table.id, version=3, seat=0, request={"cmd": "draw"},
                        summary=single(game("playing", 3)), snapshot={"moves": [1, 2, 3]})
    latest = store.load(table.id)
    assert (latest.snapshot_version, latest.snapshot, latest.tail) == (3, {"moves": [1, 2, 3]},
                                                                       ())
    assert [a["version"] for a in store.actions(table.id)] == [1, 2, 3]
    assert store.actions(table.id)[0] == {"version": 1, "seat": 0, "request": {"cmd": "draw"},
                                          "at": 60.0}
    assert [s["version"] for s in store.snapshots(table.id)] == [0, 3]


def test_a_stale_action_is_refused_and_changes_nothing(store):
    table = new_game(store)
    play(store, table.id, single(game("playing", 1)))
    for version in (1, 3):                         # a second tab's action, and one ahead
        with pytest.raises(StaleVersion, match="version 1") as caught:
            store.record_action(table.id, version=version, seat=0, request={"cmd": "draw"},
                                snapshot={"x": 1}, summary=single(game("won", 9)))
        assert caught.value.current == 1
    saved = store.load(table.id)
    assert saved.version == 1 and saved.summary["games"][0]["moves"] == 1
    assert len(store.actions(table.id)) == 1


def test_of_two_threads_playing_the_same_version_exactly_one_wins(store):
    table = new_game(store)
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def act(n: int) -> None:
        barrier.wait()
        try:
            store.record_action(table.id, version=1, seat=0, request={"n": n}, snapshot={},
                                summary=single(game("playing", 1)))
            outcomes.append("saved")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=act, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["saved"] + ["stale"] * 5
    assert store.load(table.id).version == 1 and len(store.actions(table.id)) == 1


def test_bad_tables_and_summaries_are_refused(store):
    with pytest.raises(StoreError, match="kind must be 'human' or 'bot:NAME'"):
        store.create_table(game="card-game", variant="card-golf", seat_kinds=["human", "robot"],
                           snapshot={}, summary=match(["human", "robot"]))
    with pytest.raises(StoreError, match="one of them human"):
        store.create_table(game="card-game", variant="card-golf",
                           seat_kinds=["bot:greedy", "bot:strong"], snapshot={},
                           summary=match(["bot:greedy", "bot:strong"]))
    with pytest.raises(StoreError, match="games\\[0\\].moves: must be a whole number"):
        new_game(store, entry=game("playing", moves=-1))
    table = new_game(store)
    with pytest.raises(StoreError, match="no seat 3"):
        play(store, table.id, single(game("playing", 1)), seat=3)
    with pytest.raises(StoreError, match="no table"):
        store.record_action("nope", version=1, seat=0, request={}, snapshot={},
                            summary=single(game()))
    assert store.load(table.id).version == 0
    assert isinstance(StoreError("x"), GolfError)


# -- what survives ------------------------------------------------------------------------------


def test_what_was_committed_is_read_back_by_another_store(store, db):
    table = new_game(store)
    for moves in (1, 2, 3):
        play(store, table.id, single(game("playing", moves)))
    with Store(db) as other:                      # the first store is still open
        assert other.load(table.id) == store.load(table.id)
        assert [a["version"] for a in other.actions(table.id)] == [1, 2, 3]
    mode = sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_after_committing_loses_nothing(db):
    script = f"""
import os, signal, sys
sys.path.insert(0, {str(REPO)!r})
from golfcore.web.store import Store
store = Store({str(db)!r})
entry = {{"deal": 1, "code": None, "status": "playing", "moves": 0, "score": None}}
table = store.create_table(game="solitaire", variant="cards4", seat_kinds=["human"],
                           snapshot={{}}, summary={{"status": "playing", "games": [entry],
                                                    "round": None}})
for n in (1, 2, 3):
    entry = dict(entry, moves=n)
    store.record_action(table.id, version=n, seat=0, request={{"n": n}}, snapshot={{"n": n}},
                        summary={{"status": "playing", "games": [entry], "round": None}})
print(table.id, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr
    table_id = done.stdout.strip()
    with Store(db) as store:
        saved = store.load(table_id)
        assert (saved.version, saved.snapshot_version, saved.snapshot) == (3, 3, {"n": 3})
        assert [a["request"] for a in store.actions(table_id)] == [{"n": 1}, {"n": 2}, {"n": 3}]


# -- schema versions -----------------------------------------------------------------------------


def test_a_version_0_database_without_tables_is_migrated(db):
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 0")
    conn.execute("VACUUM")                        # a real, empty SQLite file
    conn.close()
    assert db.stat().st_size > 0
    with Store(db) as store:
        table = new_game(store)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    assert conn.execute("SELECT id FROM tables").fetchall() == [(table.id,)]


def add_a_note_column(conn: sqlite3.Connection) -> None:
    """A version 4, as a later golfcore would append it to MIGRATIONS."""
    conn.execute("ALTER TABLE tables ADD COLUMN note TEXT NOT NULL DEFAULT ''")


def test_a_later_version_is_one_appended_migration_and_this_golfcore_refuses_it(db):
    with Store(db) as store:
        table = new_game(store)
    conn = sqlite3.connect(db, isolation_level=None)
    assert migrate(conn, str(db), (*MIGRATIONS, add_a_note_column)) == 4
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
    assert conn.execute("SELECT id, note FROM tables").fetchall() == [(table.id, "")]
    assert migrate(conn, str(db), (*MIGRATIONS, add_a_note_column)) == 4   # nothing to do
    conn.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="newer golfcore.*version 4.*up to version 3") as caught:
        Store(db)
    assert str(db) in str(caught.value)
    assert db.read_bytes() == before


def test_a_newer_database_is_left_untouched(db):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("PRAGMA user_version = 7")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="schema version 7"):
        Store(db)
    assert db.read_bytes() == before
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_another_programs_database_is_refused_and_left_untouched(db):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="not a golfcore database.*recipes"):
        Store(db)
    assert db.read_bytes() == before


def test_a_file_that_is_not_a_database_is_named(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 20)
    with pytest.raises(StoreError, match="not a SQLite database.*left unchanged") as caught:
        Store(path)
    assert str(path) in str(caught.value)
    assert path.read_text() == "these are my notes, not a database\n" * 20


def test_a_closed_store_says_so(db):
    store = Store(db)
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.load("x")


# -- export and import ---------------------------------------------------------------------------


def filled(store: Store) -> None:
    """Real tables: a solitaire game with two actions, one with none, and a card-game match
    with two actions."""
    solitaire(store, "GO1-C-AAAAAAB", actions=2)
    solitaire(store, "GO1-K-AAAAAAC")
    card_game(store, ["human", "bot:greedy", "human"], actions=2)


def test_an_export_imports_into_another_database_exactly(store, tmp_path):
    filled(store)
    data = store.export()
    assert (data["format"], data["version"], len(data["tables"])) == ("golfcore-web-export", 2, 3)
    with Store(tmp_path / "copy.sqlite3") as copy_store:
        assert copy_store.import_data(json.loads(json.dumps(data)), source="backup.json") == 3
        assert copy_store.export() == data
        assert copy_store.statistics() == store.statistics()
        assert copy_store.import_data(data) == 0              # existing ids are skipped
        token = data["tables"][2]["seats"][2]["token"]
        found = copy_store.find_token(token)
        assert found is not None and found[1] == 2


def broken(data: dict[str, Any], change) -> dict[str, Any]:
    data = copy.deepcopy(data)
    change(data)
    return data


def set_path(*keys_and_value):
    *keys, last, value = keys_and_value

    def change(data):
        for key in keys:
            data = data[key]
        data[last] = value
    return change


BAD_IMPORTS = [
    ("empty", lambda d: d.clear(), "$", "missing field(s) 'format', 'version', 'tables'"),
    ("format", set_path("format", "other"), "$.format", "must be 'golfcore-web-export'"),
    ("newer", set_path("version", 3), "$.version", "written by a newer golfcore"),
    ("extra field", set_path("tables", 0, "colour", "red"), "$.tables[0]",
     "unknown field(s) 'colour'"),
    ("game", set_path("tables", 0, "game", "poker"), "$.tables[0].game",
     "must be 'solitaire' or 'card-game'"),
    ("id", set_path("tables", 1, "id", "has spaces"), "$.tables[1].id", "letters, digits"),
    ("same id", lambda d: d["tables"][1].update(id=d["tables"][0]["id"]), "$.tables[1].id",
     "appears twice"),
    ("kind", set_path("tables", 2, "seats", 1, "kind", "robot"), "$.tables[2].seats[1].kind",
     "'human' or 'bot:NAME'"),
    ("human token", set_path("tables", 2, "seats", 0, "token", 12345),
     "$.tables[2].seats[0].token", "a token"),
    ("bot token", set_path("tables", 2, "seats", 1, "token", "abcdefghijkl"),
     "$.tables[2].seats[1].token", "null for a computer's seat"),
    ("same token", lambda d: d["tables"][2]["seats"][2].update(
        token=d["tables"][0]["seats"][0]["token"]), "$.tables[2].seats[2].token",
     "another seat of this file"),
    ("seat number", set_path("tables", 2, "seats", 2, "seat", 5), "$.tables[2].seats[2].seat",
     "must be 2"),
    ("two solitaire seats", lambda d: d["tables"][0]["seats"].append(
        {"seat": 1, "kind": "bot:greedy", "token": None}), "$.tables[0].seats",
     "one seat, not 2"),
    ("version", set_path("tables", 0, "version", 5), "$.tables[0].actions",
     "2 actions for a table at version 5"),
    ("action order", lambda d: d["tables"][0]["actions"].reverse(),
     "$.tables[0].actions[0].version", "must be 1"),
    ("action seat", set_path("tables", 2, "actions", 0, "seat", 3),
     "$.tables[2].actions[0].seat", "null or a seat from 0 to 2"),
    ("request", set_path("tables", 0, "actions", 1, "request", "play 1"),
     "$.tables[0].actions[1].request", "a JSON object"),
    ("time", set_path("tables", 0, "created", "yesterday"), "$.tables[0].created",
     "a time"),
    ("summary moves", set_path("tables", 0, "summary", "games", 0, "moves", "two"),
     "$.tables[0].summary.games[0].moves", "a whole number"),
    ("summary status", set_path("tables", 0, "status", "lost"), "$.tables[0].status",
     "the summary's status 'playing'"),
    ("winners", set_path("tables", 2, "summary", "winners", [7]),
     "$.tables[2].summary.winners", "distinct seats from 0 to 2"),
]


@pytest.mark.parametrize("change, path, problem", [case[1:] for case in BAD_IMPORTS],
                         ids=[case[0] for case in BAD_IMPORTS])
def test_a_bad_import_names_the_first_problem_and_writes_nothing(store, tmp_path, change, path,
                                                                 problem):
    filled(store)
    bad = broken(store.export(), change)
    with Store(tmp_path / "target.sqlite3") as target:
        new_game(target, "relaxed")
        before = target.export()
        with pytest.raises(StoreError) as caught:
            target.import_data(bad, source="backup.json")
        assert str(caught.value).startswith(f"backup.json: {path}: ")
        assert problem in str(caught.value)
        assert target.export() == before


def other_snapshot(source: int, target: int):
    def change(data):
        data["tables"][target]["snapshots"][0]["snapshot"] = \
            copy.deepcopy(data["tables"][source]["snapshots"][0]["snapshot"])
    return change


def later_snapshot(data):
    """A snapshot at version 2 of table 0 that is another game (table 1's)."""
    data["tables"][0]["snapshots"].append(
        {"version": 2, "snapshot": copy.deepcopy(data["tables"][1]["snapshots"][0]["snapshot"])})


# Each of these imports loads (the form of the file is right): its contents are not.
BAD_CONTENTS = [
    ("empty snapshot", set_path("tables", 0, "snapshots", 0, "snapshot", {}),
     "$.tables[0].snapshots[0].snapshot", "cannot be loaded"),
    ("the other game's snapshot", other_snapshot(2, 0), "$.tables[0].snapshots[0].snapshot",
     "cannot be loaded"),
    ("a solitaire snapshot at a card table", other_snapshot(0, 2),
     "$.tables[2].snapshots[0].snapshot", "cannot be loaded"),
    ("variant zzz", set_path("tables", 0, "variant", "zzz"), "$.tables[0].variant",
     "a game of 'app-clasico', not 'zzz'"),
    ("snapshot variant zzz", set_path("tables", 0, "snapshots", 0, "snapshot", "variant", "zzz"),
     "$.tables[0].snapshots[0].snapshot", "cannot be loaded"),
    ("another variant's game", set_path("tables", 1, "variant", "app-clasico"),
     "$.tables[1].variant", "a game of 'cards4'"),
    ("summary moves", set_path("tables", 0, "summary", "games", 0, "moves", 40),
     "$.tables[0].summary", "summary.games[0].moves is 40, the table says 2"),
    ("snapshot moves", set_path("tables", 0, "snapshots", 0, "snapshot", "state", "moves", 7),
     "$.tables[0].snapshots[0].snapshot",
     "not the table as dealt: snapshot.state.moves is 7, the table says 0"),
    ("summary totals", set_path("tables", 2, "summary", "totals", [0, 0, 5]),
     "$.tables[2].summary", "summary.totals[2] is 5, the table says 0"),
    ("snapshot totals", set_path("tables", 2, "snapshots", 0, "snapshot", "match", "totals",
                                 [0, 9, 0]), "$.tables[2]", ""),
    ("summary score", set_path("tables", 0, "summary", "games", 0, "score", "value", 999),
     "$.tables[0].summary", "summary.games[0].score.value is 999, the table says 10"),
    ("an illegal move", set_path("tables", 0, "actions", 1, "request",
                                 {"cmd": "play", "column": 7}),
     "$.tables[0].actions[1]", "action 2 is refused when replayed"),
    ("a seat out of turn", lambda d: d["tables"][2]["actions"][0].update(
        seat=2, request={"cmd": "act", "seat": 2, "action": "draw"}),
     "$.tables[2].actions[0]", "action 1 is refused when replayed"),
    ("a logged seat that is not the request's", set_path("tables", 2, "actions", 0, "seat", 1),
     "$.tables[2].actions[0]", "not the seat logged"),
    ("a request that is no action", set_path("tables", 0, "actions", 0, "request",
                                             {"cmd": "hint"}),
     "$.tables[0].actions[0]", "'hint' is not an action of a solitaire table"),
    ("a stale request", set_path("tables", 0, "actions", 1, "request",
                                 {"cmd": "play", "column": 4, "version": 0}),
     "$.tables[0].actions[1]", "version 0 is stale"),
    ("a snapshot the log does not lead to", later_snapshot, "$.tables[0].snapshots[1].snapshot",
     "not the table that snapshot 0 and the actions after it give"),
]


@pytest.mark.parametrize("change, path, problem", [case[1:] for case in BAD_CONTENTS],
                         ids=[case[0] for case in BAD_CONTENTS])
def test_an_import_is_loaded_and_replayed_before_anything_is_written(store, tmp_path, change,
                                                                    path, problem):
    filled(store)
    bad = broken(store.export(), change)
    assert list(export_problems(bad)) == []
    with Store(tmp_path / "target.sqlite3") as target:
        solitaire(target, actions=3)
        before = target.export()
        with pytest.raises(StoreError) as caught:
            target.import_data(bad, source="backup.json")
        assert str(caught.value).startswith(f"backup.json: {path}"), caught.value
        assert problem in str(caught.value)
        assert target.export() == before


def as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """An export as golfcore wrote it before the event log: one snapshot per table, at its
    version."""
    tables = []
    for table in data["tables"]:
        record = TableRecord(table["id"], table["game"], table["variant"], table["created"],
                             table["updated"], table["version"], table["status"],
                             table["summary"], tuple(SeatRecord(**s) for s in table["seats"]),
                             table["snapshots"][0]["snapshot"], 0,
                             tuple(LoggedAction(**a) for a in table["actions"]))
        old = {k: v for k, v in table.items() if k != "snapshots"}
        tables.append({**old, "snapshot": resume(record).snapshot()})
    return {**data, "version": 1, "tables": tables}


def test_an_export_of_version_1_is_read_and_checked(store, tmp_path):
    filled(store)
    old = as_version_1(store.export())
    with Store(tmp_path / "copy.sqlite3") as target:
        assert target.import_data(copy.deepcopy(old)) == 3
        for table in old["tables"]:
            saved = target.load(table["id"])
            assert (saved.snapshot_version, saved.tail) == (table["version"], ())
            assert resume(saved).snapshot() == table["snapshot"]
    tampered = broken(old, set_path("tables", 2, "summary", "totals", [1, 2, 3]))
    with Store(tmp_path / "other.sqlite3") as target:
        with pytest.raises(StoreError, match=r"^x: \$\.tables\[2\]\.summary: not the summary"):
            target.import_data(tampered, source="x")
        assert target.export()["tables"] == []


def test_an_import_that_is_no_export_is_refused(store):
    for data, problem in (([1, 2], "$: must be a JSON object, not array"),
                          ({"format": "golfcore-web-export", "version": 1, "tables": {}},
                           "$.tables: must be an array, not object")):
        with pytest.raises(StoreError, match=f"^x.json: {problem.replace('$', '[$]')}"):
            store.import_data(data, source="x.json")
    assert store.export()["tables"] == []


def test_a_token_taken_in_the_database_stops_the_import_after_valid_tables(store, tmp_path):
    filled(store)
    data = store.export()
    with Store(tmp_path / "target.sqlite3") as target:
        mine = new_game(target)
        before = target.export()
        data["tables"][2]["seats"][2]["token"] = mine.seats[0].token
        with pytest.raises(StoreError, match=r"in\.json: \$\.tables\[2\]\.seats\[2\]\.token: "
                                             r"the key to a seat of another saved table"):
            target.import_data(data, source="in.json")
        assert target.export() == before                    # tables 0 and 1 were not kept


# -- statistics ----------------------------------------------------------------------------------


def variant_line(store: Store, variant: str) -> dict[str, Any]:
    lines = {v["variant"]: v for v in store.statistics()["solitaire"]}
    return lines[variant]


def test_streaks_follow_the_order_of_creation_and_unplayed_games_do_not_count(db):
    clock = Clock()
    with Store(db, clock=clock) as store:
        results = ["won", "won", "won", "lost", "won", "won"]
        for n, status in enumerate(results):
            clock.now = 1_000.0 + 10 * n
            finish(store, "app-facil", game(status, 20 + n))
        new_game(store, "app-facil")                           # opened, never played
        clock.now = 900.0                                      # created before all the others
        finish(store, "app-facil", game("lost", 3))
        line = variant_line(store, "app-facil")
    assert (line["played"], line["won"]) == (7, 5)
    assert (line["streak"], line["best_streak"]) == (2, 3)
    assert line["win_rate"] == round(5 / 7, 3)
    assert line["average_moves"] == round((3 + sum(20 + n for n in range(6))) / 7, 2)


def test_the_game_in_progress_is_not_counted_until_a_later_game_gives_it_up(store):
    finish(store, "relaxed", game("won", 30))
    table = new_game(store, "relaxed")
    play(store, table.id, single(game("playing", 4)))
    line = variant_line(store, "relaxed")
    # the latest game may still be won: the streak stands
    assert (line["played"], line["won"], line["streak"], line["best_streak"]) == (1, 1, 1, 1)
    later = new_game(store, "relaxed")
    play(store, later.id, single(game("playing", 2)))
    line = variant_line(store, "relaxed")
    # the game given up counts as played and not won: it ends the streak
    assert (line["played"], line["won"], line["streak"], line["best_streak"]) == (2, 1, 0, 1)


def test_a_won_game_counts_once_whatever_undo_did_before(store):
    table = new_game(store, "app-clasico")
    for entry in (game("playing", 1, points(5)), game("won", 2, points(60)),
                  game("playing", 1, points(5)), game("won", 2, points(60))):
        play(store, table.id, single(entry))
    line = variant_line(store, "app-clasico")
    assert (line["played"], line["won"], line["win_rate"]) == (1, 1, 1.0)


def test_the_best_score_is_the_most_points_or_the_fewest_strokes(store):
    for value in (30, 120, 80):
        finish(store, "app-facil", game("lost", 10, points(value)))
    for value in (7, 3, 12):
        finish(store, "traditional", game("lost", 10, strokes(value)))
    finish(store, "cards4", game("won", 35, {"kind": "result", "value": None}))
    assert variant_line(store, "app-facil")["best_score"] == {"kind": "points", "value": 120}
    assert variant_line(store, "traditional")["best_score"] == {"kind": "strokes", "value": 3}
    assert variant_line(store, "cards4")["best_score"] is None


def test_time_played_adds_the_gaps_between_actions_each_capped_at_5_minutes(db):
    clock = Clock(0.0)
    with Store(db, clock=clock) as store:
        table = new_game(store, "putt-putt")
        for now, moves in ((10.0, 1), (510.0, 2), (530.0, 3)):   # gaps 10, 500 -> 300, 20
            clock.now = now
            play(store, table.id, single(game("playing", moves)))
        clock.now = 5_000.0
        other = new_game(store, "putt-putt")
        clock.now = 5_045.0
        play(store, other.id, single(game("won", 1)))
        clock.now = 9_000.0
        new_game(store, "empty-waste")
        line = variant_line(store, "putt-putt")
        assert line["seconds"] == 10 + 300 + 20 + 45
        assert variant_line(store, "empty-waste")["seconds"] == 0


def test_rounds_have_scorecards_and_their_holes_count_under_their_variant(db):
    clock = Clock(100.0)
    with Store(db, clock=clock) as store:
        holes = [game("lost", 30, strokes(5), deal=1)]
        table = store.create_table(game="solitaire", variant="traditional",
                                   seat_kinds=["human"], snapshot={},
                                   summary=round_summary(holes, []))
        clock.now = 130.0
        holes = [game("won", 35, strokes(3), deal=1), game("lost", 28, strokes(6), deal=2),
                 game("playing", 4, strokes(None), deal=3)]
        play(store, table.id, round_summary(holes, [3, 6]))
        stats = store.statistics()
    assert stats["rounds"] == [{"code": "GR1-T-AAAAAAB", "variant": "traditional",
                                "strokes": [3, 6], "total": 9, "par": 45, "to_par": -1,
                                "complete": False, "updated": 130.0}]
    line = {v["variant"]: v for v in stats["solitaire"]}["traditional"]
    # the hole being played is not counted yet
    assert (line["played"], line["won"], line["streak"], line["best_streak"]) == (2, 1, 0, 1)
    assert line["best_score"] == {"kind": "strokes", "value": 3}


def test_card_game_records_per_seat_kind(store):
    tables = [(["human", "bot:greedy"], "over", (0,)),
              (["human", "human", "bot:strong"], "over", (1, 2)),
              (["human", "bot:greedy"], "over", (1,)),
              (["human", "bot:random"], "playing", ())]
    for kinds, status, winners in tables:
        table = store.create_table(game="card-game", variant="card-golf", seat_kinds=kinds,
                                   snapshot={}, summary=match(kinds))
        play(store, table.id, match(kinds, status, winners), seat=None)
    cards = store.statistics()["card_game"]
    assert (cards["matches"], cards["in_progress"]) == (3, 1)
    assert cards["by_kind"] == [
        {"kind": "human", "seats": 4, "wins": 2, "win_rate": 0.5},
        {"kind": "bot:greedy", "seats": 2, "wins": 1, "win_rate": 0.5},
        {"kind": "bot:strong", "seats": 1, "wins": 1, "win_rate": 1.0}]


def test_an_empty_database_has_empty_statistics(store):
    assert store.statistics() == {"format": "golfcore-stats", "version": 1, "solitaire": [],
                                  "rounds": [], "daily": {"days": 0, "won": 0, "streak": 0,
                                                          "best_streak": 0, "last": None},
                                  "card_game": {"matches": 0, "in_progress": 0,
                                                "by_kind": []}}
    new_game(store, "jokers")
    line = variant_line(store, "jokers")
    assert (line["played"], line["win_rate"], line["average_moves"], line["best_score"]) == \
        (0, None, None, None)


def leaves(data: Any, path: tuple = ()):
    """The path of every value inside ``data``."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))


def test_any_value_anywhere_gives_problems_not_crashes(store, tmp_path):
    filled(store)
    data = store.export()
    odd_values = (None, True, -1, 2.5, "x", [], {}, [None], {"status": "won"})
    # everywhere but deep inside snapshots (the snapshots' own readers check those)
    places = [p for p in leaves(data) if len(p) <= 6 or p[2] != "snapshots"]
    for path in places:
        for value in odd_values:
            if path:
                bad = broken(data, set_path(*path, value))
            else:
                bad = value
            problems = list(export_problems(bad))
            assert all(isinstance(where, str) and where.startswith("$") and
                       isinstance(what, str) for where, what in problems)
    with Store(tmp_path / "target.sqlite3") as target:
        with pytest.raises(StoreError, match=r"\$\.tables\[0\]\.actions\[0\]: .*'anything'"):
            target.import_data(broken(data, set_path(
                "tables", 0, "actions", 0, "request", {"cmd": "draw", "anything": [1, {}]})))
        # the contents too: a sample of the same changes, loaded and replayed
        rng = random.Random(7)
        cases = [(path, value) for path in places if path for value in odd_values]
        for path, value in rng.sample(cases, 60):
            bad = broken(data, set_path(*path, value))
            if any(export_problems(bad)):
                continue
            for index, table in enumerate(bad["tables"]):
                for where, what in import_problems(table, f"$.tables[{index}]"):
                    assert where.startswith(f"$.tables[{index}]") and isinstance(what, str)

"""A database made by golfcore before the event log (schema version 1, ``tests/data/
web-schema-1.sql``: five tables played through the web app of commit 67a9a6a) opens with
today's store: converted in one transaction, every table resumed exactly as version 1 saved it,
and played on; a conversion that cannot finish leaves the file as it was."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from golfcore.web.app import create_app
from golfcore.web.resume import resume
from golfcore.web.schema import SCHEMA_VERSION
from golfcore.web.store import Store
from test_web_api import HTTP, QUICK, WS, Browser, TestClient

DATA = Path(__file__).resolve().parent / "data" / "web-schema-1.sql"
ROOT = Path(__file__).resolve().parent.parent


def version_1_file(path: Path) -> dict[str, dict[str, Any]]:
    """Write the version-1 database at ``path``; its tables as version 1 has them."""
    conn = sqlite3.connect(path)
    conn.executescript(DATA.read_text(encoding="utf-8"))
    conn.commit()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    rows = {r[0]: {"version": r[1], "snapshot": json.loads(r[2]), "summary": json.loads(r[3])}
            for r in conn.execute("SELECT id, version, snapshot, summary FROM tables")}
    for table_id, row in rows.items():
        row["tokens"] = [t for (t,) in conn.execute(
            "SELECT token FROM seats WHERE table_id = ? AND token IS NOT NULL ORDER BY seat",
            (table_id,))]
        row["actions"] = conn.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?",
                                      (table_id,)).fetchone()[0]
    conn.close()
    return rows


def test_a_version_1_database_is_converted_and_every_table_resumes_exactly(tmp_path):
    path = tmp_path / "golf.sqlite3"
    old = version_1_file(path)
    assert len(old) == 5
    with Store(path) as store:
        for table_id, row in old.items():
            record = store.load(table_id)
            assert record is not None
            assert (record.version, record.snapshot_version, record.tail) == (
                row["version"], row["version"], ())
            assert record.summary == row["summary"]
            assert resume(record).snapshot() == row["snapshot"]
            assert len(store.actions(table_id)) == row["actions"]
            assert [s.token for s in record.seats if s.token] == row["tokens"]
        stats = store.statistics()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    columns = [r[1] for r in conn.execute("PRAGMA table_info(tables)")]
    assert "snapshot" not in columns
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert stats["card_game"] == {"matches": 1, "in_progress": 1, "by_kind": stats[
        "card_game"]["by_kind"]}
    assert {line["variant"] for line in stats["solitaire"]} == {"app-facil", "app-clasico",
                                                               "traditional"}


def test_converted_tables_play_on_in_the_web_app(tmp_path):
    path = tmp_path / "golf.sqlite3"
    old = version_1_file(path)
    by_variant = {row["snapshot"]["variant"]: row for row in old.values()}
    store = Store(path)
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client, \
            client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        game = by_variant["app-facil"]                 # a game with undos in its history
        opened = tab("open", tokens=game["tokens"])
        assert opened["version"] == game["version"]
        undoable = opened["state"]["undoable"]
        assert undoable > 0
        undone = tab("undo", version=game["version"])
        assert undone["ok"] is True and undone["state"]["undoable"] == undoable - 1
        assert undone["state"]["moves"] == opened["state"]["moves"]      # undo is no move
        round_ = by_variant["traditional"]             # a 9-hole round on its third hole
        opened = tab("open", tokens=round_["tokens"])
        assert opened["round"]["hole"] == 3 and len(opened["round"]["strokes"]) == 2
        match = by_variant["six-card"]                 # a match in progress, two people
        opened = tab("open", tokens=match["tokens"])
        seat = next(s for s, o in opened["observations"].items() if o["legal"])
        acted = tab("act", seat=int(seat), action=opened["observations"][seat]["legal"][0],
                    version=match["version"])
        assert acted["ok"] is True and acted["version"] == match["version"] + 1
    store.close()
    with Store(path) as again:                         # what was played on is saved too
        for row in (game, match):
            table_id = next(k for k, v in old.items() if v is row)
            assert again.load(table_id).version == row["version"] + 1
        copy = Store(tmp_path / "copy.sqlite3")
        assert copy.import_data(again.export()) == 5   # and it exports and imports whole
        copy.close()


def contents(path: Path) -> list[str]:
    """Every table's schema and rows, and the file's schema version, as SQL text."""
    conn = sqlite3.connect(path)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        return [*conn.iterdump(), f"user_version={version}"]
    finally:
        conn.close()


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_conversion_the_disk_cannot_hold_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "golf.sqlite3"
    version_1_file(path)
    before = contents(path)
    limit = 36 * 1024              # room for SQLite's shared-memory file, not for the new log

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run([sys.executable, "-m", "golfcore.cli", "stats", "--db", str(path)],
                          capture_output=True, text=True, preexec_fn=small_files, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 1, done
    assert "the disk could not be written" in done.stderr and "keep it" in done.stderr
    assert "Traceback" not in done.stderr
    assert contents(path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    with Store(path) as store:                          # with room, it converts
        assert len(store.export()["tables"]) == 5

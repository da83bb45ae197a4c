"""The rows of ``golf web``'s database as records (:mod:`golfcore.web.records`), read and written
with the portable SQL that both kinds of database take (:mod:`golfcore.web.database`): a
table's row, its seats, its snapshots and its log of actions, and the JSON of an export."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from golfcore.web.database import Conn
from golfcore.web.exports import EXPORT_FORMAT, EXPORT_VERSION, snapshots_of
from golfcore.web.records import LoggedAction, SeatRecord, StoreError, TableRecord
from golfcore.web.stats import TableFacts


#: The most parameters a statement takes for a list of ids (SQLite's bound is 999 in old
#: versions): longer lists are read in chunks of this many.
CHUNK = 500


def chunks(ids: Sequence[str]) -> Iterator[tuple[Sequence[str], str]]:
    """``ids`` in chunks of at most :data:`CHUNK`, each with its placeholders (``?, ?, ?``)."""
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        yield chunk, ", ".join("?" * len(chunk))


def versions(conn: Conn, ids: Sequence[str]) -> dict[str, int]:
    """The versions of the tables ``ids`` that are in the database."""
    found: dict[str, int] = {}
    for chunk, marks in chunks(ids):
        for row in conn.execute(f"SELECT id, version FROM tables WHERE id IN ({marks})", chunk):
            found[row["id"]] = int(row["version"])
    return found


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def insert(conn: Conn, record: TableRecord,
            snapshots: Sequence[tuple[int, dict[str, Any]]],
            actions: Sequence[dict[str, Any]], client: str | None = None) -> None:
    conn.execute("INSERT INTO tables (id, game, variant, created, updated, version, status, "
                 "summary, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (record.id, record.game, record.variant, record.created, record.updated,
                  record.version, record.status, dumps(record.summary), client))
    conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                     [(record.id, s.seat, s.kind, s.token) for s in record.seats])
    conn.executemany("INSERT INTO snapshots VALUES (?, ?, ?)",
                     [(record.id, version, dumps(snapshot)) for version, snapshot in snapshots])
    conn.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                     [(record.id, a["version"], a["seat"], dumps(a["request"]), a["at"])
                      for a in actions])


def seats(conn: Conn, table_id: str) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(r["seat"], r["kind"], r["token"]) for r in conn.execute(
        "SELECT seat, kind, token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))


def actions(conn: Conn, table_id: str, after: int = 0) -> list[LoggedAction]:
    return [LoggedAction(r["version"], r["seat"], json.loads(r["request"]), r["at"])
            for r in conn.execute("SELECT version, seat, request, at FROM actions WHERE "
                                  "table_id = ? AND version > ? ORDER BY version",
                                  (table_id, after))]


def snapshots(conn: Conn, table_id: str) -> list[dict[str, Any]]:
    return [{"version": r["version"], "snapshot": json.loads(r["snapshot"])}
            for r in conn.execute("SELECT version, snapshot FROM snapshots WHERE table_id = ? "
                                  "ORDER BY version", (table_id,))]


def from_row(conn: Conn, row: Any,
              seats: tuple[SeatRecord, ...]) -> TableRecord:
    """The record of a table row: with its latest snapshot and the actions after it."""
    latest = conn.execute("SELECT version, snapshot FROM snapshots WHERE table_id = ? "
                          "ORDER BY version DESC LIMIT 1", (row["id"],)).fetchone()
    if latest is None:
        raise StoreError(f"table {row['id']} has no snapshot: the database is damaged")
    return TableRecord(row["id"], row["game"], row["variant"], row["created"], row["updated"],
                       row["version"], row["status"], json.loads(row["summary"]), seats,
                       json.loads(latest["snapshot"]), latest["version"],
                       tuple(actions(conn, row["id"], latest["version"])))


def load(conn: Conn, table_id: str) -> TableRecord | None:
    row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
    return from_row(conn, row, seats(conn, table_id)) if row is not None else None


def all_tables(conn: Conn) -> list[TableRecord]:
    """Every table, in the order of creation."""
    by_table: dict[str, list[SeatRecord]] = {}
    for r in conn.execute("SELECT table_id, seat, kind, token FROM seats ORDER BY table_id, seat"):
        by_table.setdefault(r["table_id"], []).append(SeatRecord(r["seat"], r["kind"],
                                                                 r["token"]))
    return [from_row(conn, row, tuple(by_table.get(row["id"], ())))
            for row in conn.execute("SELECT * FROM tables ORDER BY created, id").fetchall()]


def export_json(tables: Sequence[tuple[TableRecord, list[dict[str, Any]], list[dict[str, Any]]]]
                ) -> dict[str, Any]:
    """The export of ``(table, snapshots, actions)`` triples (none: an empty database's)."""
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "tables": [
        {"id": r.id, "game": r.game, "variant": r.variant, "created": r.created,
         "updated": r.updated, "version": r.version, "status": r.status, "summary": r.summary,
         "seats": [{"seat": s.seat, "kind": s.kind, "token": s.token} for s in r.seats],
         "snapshots": snapshots, "actions": actions} for r, snapshots, actions in tables]}


def import_record(table: dict[str, Any]) -> TableRecord:
    """A checked table of an export as a record (its snapshots are written apart)."""
    first = snapshots_of(table)[0]
    return TableRecord(table["id"], table["game"], table["variant"], table["created"],
                       table["updated"], table["version"], table["status"], table["summary"],
                       tuple(SeatRecord(s["seat"], s["kind"], s["token"])
                             for s in table["seats"]), first[1], first[0])


def facts(conn: Conn) -> list[TableFacts]:
    """What the statistics read of every table: every column but the snapshots."""
    times: dict[str, list[float]] = {}
    kinds: dict[str, list[str]] = {}
    for row in conn.execute("SELECT table_id, at FROM actions ORDER BY table_id, version"):
        times.setdefault(row["table_id"], []).append(row["at"])
    for row in conn.execute("SELECT table_id, kind FROM seats ORDER BY table_id, seat"):
        kinds.setdefault(row["table_id"], []).append(row["kind"])
    return [TableFacts(r["id"], r["game"], r["variant"], r["created"], r["updated"],
                       json.loads(r["summary"]), tuple(kinds.get(r["id"], ())),
                       tuple(times.get(r["id"], ())))
            for r in conn.execute("SELECT id, game, variant, created, updated, summary "
                                  "FROM tables").fetchall()]


def log_of(conn: Conn, table_id: str) -> tuple[str, tuple[SeatRecord, ...], dict[str, Any],
                                               list[LoggedAction]] | None:
    """A table's game, seats, first snapshot (``{version, snapshot}``) and every action."""
    row = conn.execute("SELECT game FROM tables WHERE id = ?", (table_id,)).fetchone()
    if row is None:
        return None
    first = conn.execute("SELECT version, snapshot FROM snapshots WHERE table_id = ? "
                         "ORDER BY version LIMIT 1", (table_id,)).fetchone()
    if first is None:
        raise StoreError(f"table {table_id} has no snapshot: the database is damaged")
    return (row["game"], seats(conn, table_id),
            {"version": first["version"], "snapshot": json.loads(first["snapshot"])},
            actions(conn, table_id, first["version"]))


def finished_with_code(conn: Conn, code: str) -> str | None:
    """The id of the first finished card-game table (by creation) whose summary's ``code``
    is ``code``: summaries are written compact (:func:`dumps`), ``"code":"GK1-..."``."""
    if not all(ch.isalnum() or ch == "-" for ch in code):
        return None                       # nothing a LIKE pattern could read as a wildcard
    row = conn.execute("SELECT id FROM tables WHERE status = 'over' AND game = 'card-game' "
                       "AND summary LIKE ? ORDER BY created, id LIMIT 1",
                       (f'%"code":"{code}"%',)).fetchone()
    return None if row is None else str(row["id"])

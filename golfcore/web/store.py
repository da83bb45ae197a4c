"""The SQLite database of ``golf web``: saved tables, their seats, action logs and statistics.

One file holds every table (a solitaire game, a 9-hole round or a card-game match): its
snapshot (the JSON the server resumes from), its ``summary`` (what the statistics read, see
:mod:`golfcore.web.stats`), its seats (kind and, for a person's seat, the token that is its key)
and the log of its accepted actions. The rules:

* one connection per thread, in WAL mode (readers never wait for the writer), foreign keys on,
  a busy timeout of :data:`BUSY_SECONDS`;
* every write is one ``BEGIN IMMEDIATE`` transaction: an action and the table's new snapshot
  are committed together or not at all, so a process killed at any moment loses nothing it
  committed;
* the schema version is ``PRAGMA user_version``; :data:`MIGRATIONS` holds one function per
  version (version *n* is made by ``MIGRATIONS[n - 1]`` from version *n - 1*, 0 being the empty
  file), so that version 2 is one more function appended. A file of a newer version, a file
  that is not a SQLite database, or a version-0 database holding tables of another program is
  refused with a :class:`StoreError` naming it, and left unchanged;
* :meth:`Store.export` writes everything as JSON; :meth:`Store.import_data` checks all of an
  export (:mod:`golfcore.web.exports`: every field, seat kinds and tokens, action versions
  against the table's version, the summaries) before writing any of it, and reports the first
  problem by its JSON path.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from golfcore.errors import GolfError
from golfcore.web.exports import (EXPORT_FORMAT, EXPORT_VERSION, HUMAN, export_problems,
                                  seat_kinds_problem)
from golfcore.web.stats import TableFacts, statistics, summary_problems

#: How long a connection waits for another one's write lock before giving up, in seconds.
BUSY_SECONDS = 10.0


class StoreError(GolfError):
    """A database that cannot be used, a bad import file, a table that does not exist."""


class StaleVersion(StoreError):
    """An action recorded against a version that is not the table's current one."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str                 # "human" or "bot:NAME"
    token: str | None         # the key to a person's seat; None for a computer's


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str                 # "solitaire" or "card-game"
    variant: str
    created: float            # unix time
    updated: float
    version: int              # number of accepted actions
    status: str               # summary["status"]
    snapshot: dict[str, Any]
    summary: dict[str, Any]
    seats: tuple[SeatRecord, ...]


# -- schema ---------------------------------------------------------------------------------------

Migration = Callable[[sqlite3.Connection], None]


def _version_1(conn: sqlite3.Connection) -> None:
    """Tables, their seats and their actions."""
    conn.execute("""CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,
        created REAL NOT NULL, updated REAL NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 0), status TEXT NOT NULL,
        snapshot TEXT NOT NULL, summary TEXT NOT NULL)""")
    conn.execute("""CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL, kind TEXT NOT NULL, token TEXT UNIQUE,
        PRIMARY KEY (table_id, seat),
        CHECK ((kind = 'human') = (token IS NOT NULL)))""")
    conn.execute("""CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version INTEGER NOT NULL, seat INTEGER, request TEXT NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (table_id, version))""")
    conn.execute("CREATE INDEX tables_by_creation ON tables (created, id)")


#: ``MIGRATIONS[n - 1]`` turns a database of schema version ``n - 1`` into version ``n``.
MIGRATIONS: tuple[Migration, ...] = (_version_1,)
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def check_schema(conn: sqlite3.Connection, where: str, latest: int = SCHEMA_VERSION) -> int:
    """The database's schema version, once it is known to be one this golfcore can use: read
    only, so that a refused file is left as it was."""
    version = schema_version(conn)
    if version > latest:
        raise StoreError(f"{where}: written by a newer golfcore (schema version {version}; this "
                         f"golfcore reads up to version {latest}): left unchanged; upgrade "
                         f"golfcore to open it")
    if version == 0:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                            "'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        if names:
            raise StoreError(f"{where}: not a golfcore database (it holds tables golfcore did "
                             f"not make: {', '.join(names)}): left unchanged")
    return version


def migrate(conn: sqlite3.Connection, where: str,
            migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)`` in one transaction; the version reached."""
    with _write(conn):
        version = check_schema(conn, where, len(migrations))
        for migration in migrations[version:]:
            migration(conn)
        if version < len(migrations):
            conn.execute(f"PRAGMA user_version = {len(migrations)}")
    return len(migrations)


@contextmanager
def _write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, holding the write lock from its start."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def _read(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Several reads that see one state of the database."""
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.execute("COMMIT")


def default_path() -> Path:
    """``golf.sqlite3`` in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("golfcore")) / "golf.sqlite3"


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _checked_summary(game: str, summary: object, kinds: Sequence[str]) -> None:
    for path, problem in summary_problems(game, summary, kinds):
        raise StoreError(f"bad summary: {path or 'summary'}: {problem}")


# -- the store ------------------------------------------------------------------------------------


class Store:
    """The saved tables of one database file; safe to share between threads."""

    def __init__(self, path: str | os.PathLike[str], *,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self._clock = clock
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._closed = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._conn()
            check_schema(conn, str(self.path))
            conn.execute("PRAGMA journal_mode = WAL")
            migrate(conn, str(self.path))
        except sqlite3.Error as exc:
            self.close()
            raise StoreError(f"{self.path}: not a usable SQLite database: {exc}") from None
        except BaseException:
            self.close()
            raise

    def _conn(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use."""
        if self._closed:
            raise StoreError(f"{self.path}: the store is closed")
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None,
                                   check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            conn.execute("PRAGMA foreign_keys = ON")
            # In WAL mode, NORMAL makes a commit durable once it is in the log: a killed server
            # loses nothing committed; only a power cut may lose the last commits (FULL would
            # also sync the log on every commit, some 15 ms an action here).
            conn.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = conn
            with self._lock:
                self._connections.append(conn)
        return conn

    def close(self) -> None:
        """Close every thread's connection; the store cannot be used afterwards."""
        with self._lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing --

    def create_table(self, *, game: str, variant: str, seat_kinds: Sequence[str],
                     snapshot: dict[str, Any], summary: dict[str, Any]) -> TableRecord:
        """Save a new table at version 0, with a fresh token for each person's seat."""
        problem = seat_kinds_problem(game, seat_kinds)
        if not (isinstance(variant, str) and variant):
            problem = f"the variant must be a name, not {variant!r}"
        if problem is not None:
            raise StoreError(f"bad table: {problem}")
        _checked_summary(game, summary, seat_kinds)
        now = self._clock()
        record = TableRecord(
            id=secrets.token_urlsafe(9), game=game, variant=variant, created=now, updated=now,
            version=0, status=summary["status"], snapshot=snapshot, summary=summary,
            seats=tuple(SeatRecord(i, kind, secrets.token_urlsafe(16) if kind == HUMAN else None)
                        for i, kind in enumerate(seat_kinds)))
        with _write(self._conn()) as conn:
            _insert(conn, record, [])
            saved = _load(conn, record.id)
        assert saved is not None
        return saved

    def record_action(self, table_id: str, *, version: int, seat: int | None,
                      request: dict[str, Any], snapshot: dict[str, Any],
                      summary: dict[str, Any]) -> TableRecord:
        """Save action number ``version`` of a table and its new state, in one transaction;
        :class:`StaleVersion` unless the table is at ``version - 1``."""
        with _write(self._conn()) as conn:
            row = conn.execute("SELECT game, version FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
            if row is None:
                raise StoreError(f"no table {table_id!r}")
            if row["version"] != version - 1:
                raise StaleVersion(f"table {table_id}: action {version} is stale: the table is "
                                   f"at version {row['version']}", row["version"])
            kinds = [s.kind for s in _seats(conn, table_id)]
            if seat is not None and not 0 <= seat < len(kinds):
                raise StoreError(f"table {table_id} has no seat {seat}")
            _checked_summary(row["game"], summary, kinds)
            now = self._clock()
            conn.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                         (table_id, version, seat, _dumps(request), now))
            conn.execute("UPDATE tables SET version = ?, updated = ?, status = ?, snapshot = ?, "
                         "summary = ? WHERE id = ?", (version, now, summary["status"],
                                                      _dumps(snapshot), _dumps(summary),
                                                      table_id))
            record = _load(conn, table_id)
        assert record is not None
        return record

    # -- reading --

    def load(self, table_id: str) -> TableRecord | None:
        with _read(self._conn()) as conn:
            return _load(conn, table_id)

    def find_token(self, token: str) -> tuple[TableRecord, int] | None:
        """The table and seat a token is the key to, or ``None``."""
        with _read(self._conn()) as conn:
            row = conn.execute("SELECT table_id, seat FROM seats WHERE token = ?",
                               (token,)).fetchone()
            record = _load(conn, row["table_id"]) if row is not None else None
        return (record, row["seat"]) if record is not None else None

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """The table's accepted actions in order: ``{version, seat, request, at}``."""
        return _actions(self._conn(), table_id)

    def statistics(self) -> dict[str, Any]:
        """Every saved table's statistics (:func:`golfcore.web.stats.statistics`)."""
        times: dict[str, list[float]] = {}
        kinds: dict[str, list[str]] = {}
        with _read(self._conn()) as conn:            # every column but the snapshots
            for row in conn.execute("SELECT table_id, at FROM actions ORDER BY table_id, "
                                    "version"):
                times.setdefault(row["table_id"], []).append(row["at"])
            for row in conn.execute("SELECT table_id, kind FROM seats ORDER BY table_id, seat"):
                kinds.setdefault(row["table_id"], []).append(row["kind"])
            facts = [TableFacts(r["id"], r["game"], r["variant"], r["created"], r["updated"],
                                json.loads(r["summary"]), tuple(kinds.get(r["id"], ())),
                                tuple(times.get(r["id"], ())))
                     for r in conn.execute("SELECT id, game, variant, created, updated, summary "
                                           "FROM tables")]
        return statistics(facts)

    def export(self) -> dict[str, Any]:
        """Every table, with its seats and actions, as JSON that :meth:`import_data` reads."""
        with _read(self._conn()) as conn:
            return export_json([(r, _actions(conn, r.id)) for r in _all(conn)])

    def import_data(self, data: object, *, source: str = "<data>") -> int:
        """Add the tables of an export whose ids are not in the database yet; the number
        added. Everything is checked first: on any problem, a :class:`StoreError` naming
        ``source`` and the JSON path, and nothing is written."""
        for path, problem in export_problems(data):
            raise StoreError(f"{source}: {path}: {problem}")
        assert isinstance(data, dict)
        added = 0
        with _write(self._conn()) as conn:
            for index, table in enumerate(data["tables"]):
                if conn.execute("SELECT 1 FROM tables WHERE id = ?", (table["id"],)).fetchone():
                    continue
                for seat in table["seats"]:
                    if seat["token"] is not None and conn.execute(
                            "SELECT 1 FROM seats WHERE token = ?", (seat["token"],)).fetchone():
                        raise StoreError(f"{source}: $.tables[{index}].seats[{seat['seat']}]"
                                         f".token: the key to a seat of another saved table")
                _insert(conn, _record(table), table["actions"])
                added += 1
        return added


def _insert(conn: sqlite3.Connection, record: TableRecord,
            actions: Sequence[dict[str, Any]]) -> None:
    conn.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (record.id, record.game, record.variant, record.created, record.updated,
                  record.version, record.status, _dumps(record.snapshot),
                  _dumps(record.summary)))
    conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                     [(record.id, s.seat, s.kind, s.token) for s in record.seats])
    conn.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                     [(record.id, a["version"], a["seat"], _dumps(a["request"]), a["at"])
                      for a in actions])


def _seats(conn: sqlite3.Connection, table_id: str) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(r["seat"], r["kind"], r["token"]) for r in conn.execute(
        "SELECT seat, kind, token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))


def _from_row(row: sqlite3.Row, seats: tuple[SeatRecord, ...]) -> TableRecord:
    return TableRecord(row["id"], row["game"], row["variant"], row["created"], row["updated"],
                       row["version"], row["status"], json.loads(row["snapshot"]),
                       json.loads(row["summary"]), seats)


def _load(conn: sqlite3.Connection, table_id: str) -> TableRecord | None:
    row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
    return _from_row(row, _seats(conn, table_id)) if row is not None else None


def _all(conn: sqlite3.Connection) -> list[TableRecord]:
    """Every table, in the order of creation."""
    seats: dict[str, list[SeatRecord]] = {}
    for r in conn.execute("SELECT table_id, seat, kind, token FROM seats ORDER BY table_id, seat"):
        seats.setdefault(r["table_id"], []).append(SeatRecord(r["seat"], r["kind"], r["token"]))
    return [_from_row(row, tuple(seats.get(row["id"], ())))
            for row in conn.execute("SELECT * FROM tables ORDER BY created, id")]


def _actions(conn: sqlite3.Connection, table_id: str) -> list[dict[str, Any]]:
    return [{"version": r["version"], "seat": r["seat"], "request": json.loads(r["request"]),
             "at": r["at"]}
            for r in conn.execute("SELECT version, seat, request, at FROM actions WHERE "
                                  "table_id = ? ORDER BY version", (table_id,))]


# -- export and import ----------------------------------------------------------------------------


def export_json(tables: Sequence[tuple[TableRecord, list[dict[str, Any]]]]) -> dict[str, Any]:
    """The export of ``(table, actions)`` pairs (no pairs: an empty database's export)."""
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "tables": [
        {"id": r.id, "game": r.game, "variant": r.variant, "created": r.created,
         "updated": r.updated, "version": r.version, "status": r.status,
         "snapshot": r.snapshot, "summary": r.summary,
         "seats": [{"seat": s.seat, "kind": s.kind, "token": s.token} for s in r.seats],
         "actions": actions} for r, actions in tables]}


def _record(table: dict[str, Any]) -> TableRecord:
    """A checked table of an export as a record."""
    return TableRecord(table["id"], table["game"], table["variant"], table["created"],
                       table["updated"], table["version"], table["status"], table["snapshot"],
                       table["summary"], tuple(SeatRecord(s["seat"], s["kind"], s["token"])
                                               for s in table["seats"]))

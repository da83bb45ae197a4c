"""The database of ``golf web``: saved tables, their seats, action logs and statistics.

One database (an SQLite file by default, or a PostgreSQL server that several ``golf web``
processes share: :mod:`golfcore.web.database`) holds every table (a solitaire game, a 9-hole
round or a card-game match): its ``summary`` (what the statistics read, see
:mod:`golfcore.web.stats`), its seats (kind and, for a person's seat, the token that is its
key), the **log** of its accepted actions, one row each, and its **snapshots** (the JSON a table
resumes from), written at its creation and then every so often. A table is its latest snapshot
plus the actions after it (:mod:`golfcore.web.resume` replays them). The rules:

* one connection per thread; for a file (:mod:`golfcore.web.dbfile`), WAL mode (readers never
  wait for the writer), foreign keys on, a busy timeout; a PostgreSQL connection that was lost
  is replaced by a new one at the next use (:mod:`golfcore.web.postgres`);
* every write is made inside one transaction: :meth:`Store.write` takes
  several writes (a group commit) and makes each one all or nothing (a savepoint each), so an
  action, its summary and its snapshot (or a table dealt as a draft and its first action) are
  committed together or not at all, and a process
  killed at any moment loses nothing it committed;
* a table's row orders its actions: action *n* is saved only by updating the row from version
  *n - 1*, so of two processes saving the same action one gets :class:`StaleVersion`;
* a write has a deadline: when the write lock cannot be had before it, the write is not made
  (:class:`NotSaved`);
* the schema and its migrations are :mod:`golfcore.web.schema` (a file) and
  :mod:`golfcore.web.pgschema` (PostgreSQL); a file that is not a SQLite database, a damaged
  one, a newer one, or another program's is refused with a :class:`StoreError` naming it and
  left unchanged, and a disk that is full or read-only is named as such
  (:func:`golfcore.web.dbfile.explain`); so is every error of the driver, never raised as
  itself;
* :meth:`Store.export` writes everything as JSON; :meth:`Store.import_data` checks all of an
  export before writing any of it (:mod:`golfcore.web.exports` for its form,
  :mod:`golfcore.web.resume` for its contents: every snapshot loaded, every action replayed).
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Container, Sequence
from pathlib import Path
from typing import Any, TypeVar

from golfcore.web import quotas, rows, writes
from golfcore.web.connections import Connections
from golfcore.web.database import Conn, Database, Feed, Changed, is_url, open_database
from golfcore.web.dbfile import BUSY_SECONDS
from golfcore.web.exports import HUMAN, export_problems
from golfcore.web.records import (LoggedAction, NewAction, NewTable, NotSaved, SeatRecord,
                                  StaleVersion, StoreError, TableRecord)
from golfcore.web.rows import export_json
from golfcore.web.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from golfcore.web.stats import statistics

Write = NewTable | NewAction
T = TypeVar("T")

__all__ = ["BUSY_SECONDS", "MIGRATIONS", "SCHEMA_VERSION", "LoggedAction", "NewAction",
           "NewTable", "NotSaved", "SeatRecord", "StaleVersion", "Store", "StoreError",
           "TableRecord", "default_path", "export_json", "migrate"]


def default_path() -> Path:
    """``golf.sqlite3`` in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("golfcore")) / "golf.sqlite3"


def _table_of(job: Write) -> str:
    return job.table_id if isinstance(job, NewAction) else job.record.id


class Store:
    """The saved tables of one database (an SQLite file, or a ``postgresql://`` URL); safe to
    share between threads."""

    def __init__(self, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                 busy_seconds: float = BUSY_SECONDS) -> None:
        self.database: Database = open_database(path, busy_seconds)
        #: What messages name: the file's path, or the server's URL without its password.
        self.where = self.database.where
        self._path = None if is_url(path) else Path(path)
        self.busy_seconds = busy_seconds
        self._clock = clock
        self._connections = Connections(self.database)
        self._kinds: dict[str, tuple[str, tuple[str, ...]]] = {}   # game and seat kinds:
        # they never change, so they are read once
        errors = self.database.errors
        try:
            conn = self._conn()
            self.database.prepare(conn)
            self._secret = bytes.fromhex(conn.execute(
                "SELECT value FROM settings WHERE name = ?",
                (quotas.ADDRESS_SECRET,)).fetchone()[0])
        except errors as exc:
            self.close()
            raise StoreError(self.database.explain(exc)) from None
        except BaseException:
            self.close()
            raise

    @property
    def path(self) -> Path:
        """The database file (a store on a PostgreSQL server has none: :attr:`where`)."""
        if self._path is None:
            raise StoreError(f"{self.where}: a PostgreSQL database is not a file")
        return self._path

    def _conn(self) -> Conn:
        """This thread's connection, opened on first use (again when it was lost)."""
        return self._connections.get()

    def _forget(self, conn: Conn) -> None:
        self._connections.forget(conn)

    def _on_connection(self, use: Callable[[Conn], T]) -> T:
        """``use(conn)`` on this thread's connection. A connection found lost (a PostgreSQL
        server restarted) is replaced and ``use`` made once more: only for work that changes
        nothing when it fails (a read, a ``BEGIN``). The driver's error is raised as itself."""
        for attempt in (1, 2):
            conn = self._conn()
            try:
                return use(conn)
            except self.database.errors:
                self._after_error(conn)
                if attempt == 1 and not self.database.usable(conn):
                    self._forget(conn)
                    continue
                raise
        raise AssertionError("unreachable")

    def _read(self, reading: Callable[[Conn], T], one_statement: bool = False) -> T:
        """``reading(conn)`` in one read transaction (a single statement needs none: it is
        one by itself, and the hottest reads are single statements), made again on a new
        connection when its connection was lost; a driver error is a :class:`StoreError`
        that says what is wrong."""
        def read(conn: Conn) -> T:
            if one_statement:
                return reading(conn)
            with self.database.read(conn) as reader:
                return reading(reader)
        try:
            return self._on_connection(read)
        except self.database.errors as exc:
            raise StoreError(self.database.explain(exc)) from None

    def close(self) -> None:
        """Close every thread's connection; the store cannot be used afterwards."""
        self._connections.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def change_feed(self, loop: Any, callback: Changed, *, interval: float) -> Feed:
        """The feed of the tables other processes move on (not started): polling the file,
        or listening to PostgreSQL's notifications."""
        return self.database.feed(loop, callback, interval=interval)

    # -- writing --

    def new_table(self, *, game: str, variant: str, seat_kinds: Sequence[str],
                  snapshot: dict[str, Any], summary: dict[str, Any],
                  client: str | None = None) -> NewTable:
        """The write that saves a new table at version 0, with a fresh id and a fresh token
        for each person's seat (checked when it is written). Nothing is written until it is
        given to :meth:`write`: ``golf web`` keeps a draft table's write until its first action
        (:attr:`NewTable.first`)."""
        now = self._clock()
        return NewTable(TableRecord(
            id=secrets.token_urlsafe(9), game=game, variant=variant, created=now, updated=now,
            version=0, status=str(summary.get("status")) if isinstance(summary, dict) else "",
            summary=summary, seats=tuple(
                SeatRecord(i, kind, secrets.token_urlsafe(16) if kind == HUMAN else None)
                for i, kind in enumerate(seat_kinds)), snapshot=snapshot), client=client)

    def create_table(self, *, game: str, variant: str, seat_kinds: Sequence[str],
                     snapshot: dict[str, Any], summary: dict[str, Any]) -> TableRecord:
        """Save a new table at version 0 (:meth:`new_table`, written at once)."""
        job = self.new_table(game=game, variant=variant, seat_kinds=seat_kinds,
                             snapshot=snapshot, summary=summary)
        outcome = self.write([job])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return job.record

    def record_action(self, table_id: str, *, version: int, seat: int | None,
                      request: dict[str, Any], summary: dict[str, Any],
                      snapshot: dict[str, Any] | None = None) -> None:
        """Save action number ``version`` of a table, its new summary and (when given) a
        snapshot of the table after it, in one transaction; :class:`StaleVersion` unless the
        table is at ``version - 1``."""
        outcome = self.write([NewAction(table_id, version, seat, request, summary, snapshot)])[0]
        if isinstance(outcome, Exception):
            raise outcome

    def write(self, jobs: Sequence[Write], deadline: float | None = None
              ) -> list[StoreError | None]:
        """Make ``jobs`` in one transaction, each all or nothing: for each, ``None`` when it is
        written, else the :class:`StoreError` that says why not (:class:`StaleVersion`,
        :class:`NotSaved`...). ``deadline`` (:func:`time.monotonic`; default: the busy timeout
        from now) bounds the wait for the write lock: a job not written by then is
        :class:`NotSaved`, and nothing of it is in the database."""
        if deadline is None:
            deadline = time.monotonic() + self.busy_seconds
        outcomes: list[StoreError | None] = [None] * len(jobs)
        db = self.database
        wait = deadline - time.monotonic()
        if wait <= 0:
            return [NotSaved(self._late()) for _ in jobs]
        try:
            conn = self._begin(wait)
        except NotSaved as exc:
            return [NotSaved(str(exc)) for _ in jobs]
        except StoreError as exc:                       # no connection could be opened
            return [NotSaved(f"not saved: {exc}") for _ in jobs]
        refused: tuple[type[Exception], ...] = (StoreError, ValueError, TypeError,
                                                *db.integrity_errors)
        try:
            late = time.monotonic() > deadline
            now = self._clock() if any(isinstance(j, NewAction) or j.first is not None
                                       for j in jobs) else 0.0
            # in the order of their tables (a table's own jobs in their order), so that two
            # processes' group commits take the rows' locks in one order, never in a cycle
            # one job alone needs no savepoint: the transaction is all of it
            savepoints = len(jobs) > 1
            for n in sorted(range(len(jobs)), key=lambda n: _table_of(jobs[n])):
                job = jobs[n]
                if late:
                    outcomes[n] = NotSaved(self._late())
                    continue
                if savepoints:
                    conn.execute("SAVEPOINT job")
                try:
                    if isinstance(job, NewTable):
                        self._insert_new(conn, job.record, job.client)
                        if job.first is not None:           # in the same savepoint
                            self._append(conn, job.first, now)
                    else:
                        self._append(conn, job, now)
                except refused as exc:
                    conn.execute("ROLLBACK TO job" if savepoints else "ROLLBACK")
                    outcomes[n] = exc if isinstance(exc, StoreError) else StoreError(
                        f"not saved: {exc}")
                    if not savepoints:
                        return outcomes
                if savepoints:
                    conn.execute("RELEASE job")
            conn.execute("COMMIT")
        except db.errors as exc:
            self._after_error(conn)
            return [NotSaved(self._failed(exc)) for _ in jobs]
        except BaseException:
            self._after_error(conn)
            raise
        return outcomes

    def _begin(self, wait: float) -> Conn:
        """This thread's connection in a new write transaction (begun again on a new
        connection when its connection was lost: nothing was written on it yet)."""
        def begin(conn: Conn) -> Conn:
            self.database.begin_write(conn, wait)
            return conn
        try:
            return self._on_connection(begin)
        except self.database.errors as exc:
            raise NotSaved(self._failed(exc)) from None

    def _after_error(self, conn: Conn) -> None:
        """Roll back what a failed write began; a connection that cannot even do that is
        dropped (the next write opens a new one)."""
        try:
            if self.database.usable(conn) and self.database.in_transaction(conn):
                conn.execute("ROLLBACK")
        except self.database.errors:
            self._forget(conn)

    def _late(self) -> str:
        return (f"{self.where}: the database stayed locked by another program past the "
                f"deadline: not saved")

    def _failed(self, exc: Exception) -> str:
        if self.database.locked(exc):
            return self._late()
        return f"not saved: {self.database.explain(exc)}"

    def _insert_new(self, conn: Conn, record: TableRecord, client: str | None = None) -> None:
        writes.insert_new(conn, record, client, self._kinds)

    def _append(self, conn: Conn, job: NewAction, now: float) -> None:
        writes.append(conn, job, now, self._kinds)

    # -- bounds --

    def address_key(self, address: str | None) -> str | None:
        """The keyed hash that counts the tables created from ``address``."""
        return quotas.address_key(self._secret, address)

    def usage(self, made: Sequence[str], client: str | None) -> quotas.Usage:
        """What a connection that created ``made`` from ``client`` holds, and the database."""
        return self._read(lambda conn: quotas.usage(conn, self.database.size_bytes(conn), made,
                                                    client))

    def expire(self, before: float, keep: Container[str] = ()) -> int:
        """Delete the unfinished tables not played since ``before`` but those in ``keep``;
        how many."""
        try:
            with self.database.write(self._conn()) as conn:
                return quotas.expire(conn, before, keep)
        except self.database.errors as exc:
            raise StoreError(self.database.explain(exc)) from None

    def now(self) -> float:
        """The store's clock (seconds since the epoch)."""
        return self._clock()

    # -- reading --

    def load(self, table_id: str) -> TableRecord | None:
        """The table: its facts, seats, latest snapshot and the actions after it."""
        return self._read(lambda conn: rows.load(conn, table_id))

    def find_token(self, token: str) -> tuple[TableRecord, int] | None:
        """The table and seat a token is the key to, or ``None``."""
        def find(conn: Conn) -> tuple[TableRecord, int] | None:
            row = conn.execute("SELECT table_id, seat FROM seats WHERE token = ?",
                               (token,)).fetchone()
            record = rows.load(conn, row["table_id"]) if row is not None else None
            return (record, row["seat"]) if record is not None else None
        return self._read(find)

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The table id and seat a token is the key to, or ``None``."""
        row = self._read(lambda conn: conn.execute(
            "SELECT table_id, seat FROM seats WHERE token = ?", (token,)).fetchone(), True)
        return None if row is None else (row["table_id"], row["seat"])

    def version_of(self, table_id: str) -> int | None:
        """The table's saved version, or ``None`` when there is no such table."""
        row = self._read(lambda conn: conn.execute(
            "SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone(), True)
        return None if row is None else int(row["version"])

    def versions_of(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The saved versions of the tables ``table_ids`` that are in the database."""
        ids = list(dict.fromkeys(table_ids))
        return self._read(lambda conn: rows.versions(conn, ids), len(ids) <= rows.CHUNK)

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """The table's accepted actions in order: ``{version, seat, request, at}``."""
        return self._read(lambda conn: [a.to_json() for a in rows.actions(conn, table_id)])

    def snapshots(self, table_id: str) -> list[dict[str, Any]]:
        """The table's snapshots in order: ``{version, snapshot}``."""
        return self._read(lambda conn: rows.snapshots(conn, table_id))

    def log_of(self, table_id: str) -> tuple[str, tuple[SeatRecord, ...], dict[str, Any],
                                             list[LoggedAction]] | None:
        """The table's game, seats, first snapshot and whole log, read together (a replay:
        :mod:`golfcore.web.replays`); ``None`` when there is no such table."""
        return self._read(lambda conn: rows.log_of(conn, table_id))

    def finished_with_code(self, code: str) -> str | None:
        """The first finished card-game table whose summary gives ``code`` (letters, digits
        and ``-`` only: the caller checks its form), or ``None``."""
        return self._read(lambda conn: rows.finished_with_code(conn, code), True)

    def statistics(self) -> dict[str, Any]:
        """Every saved table's statistics (:func:`golfcore.web.stats.statistics`)."""
        return statistics(self._read(rows.facts))

    def export(self) -> dict[str, Any]:
        """Every table, with its seats, snapshots and actions, as JSON that
        :meth:`import_data` reads."""
        return self._read(lambda conn: export_json([
            (r, rows.snapshots(conn, r.id), [a.to_json() for a in rows.actions(conn, r.id)])
            for r in rows.all_tables(conn)]))

    def import_data(self, data: object, *, source: str = "<data>") -> int:
        """Add the tables of an export whose ids are not in the database yet; the number
        added. Everything is checked first, the form of the file and then each table by
        loading its snapshots and replaying its actions: on any problem, a
        :class:`StoreError` naming ``source`` and the JSON path, and nothing is written."""
        from golfcore.web.resume import import_problems

        for path, problem in export_problems(data):
            raise StoreError(f"{source}: {path}: {problem}")
        assert isinstance(data, dict)
        for index, table in enumerate(data["tables"]):
            for path, problem in import_problems(table, f"$.tables[{index}]"):
                raise StoreError(f"{source}: {path}: {problem}")
        try:
            with self.database.write(self._conn()) as conn:
                return writes.add_imported(conn, data["tables"], source)
        except self.database.errors as exc:
            raise StoreError(f"nothing was imported: {self.database.explain(exc)}") from None


"""The SQLite file under ``golf web``'s store: connections, transactions, and what an SQLite
error means for the person who runs golfcore.

:class:`SQLiteFile` is this file as a :class:`golfcore.web.database.Database` (the other kind is
a PostgreSQL server, :mod:`golfcore.web.postgres`):

* :func:`connect` opens one connection (one per thread): WAL mode is set by the store, foreign
  keys on, ``synchronous = NORMAL`` (a commit is durable once it is in the write-ahead log,
  which a killed process cannot lose), a busy timeout;
* :func:`write` is one ``BEGIN IMMEDIATE`` transaction (the write lock from its start),
  :func:`read` several reads that see one state of the database;
* :func:`explain` turns an :class:`sqlite3.Error` into a sentence that says what is wrong and
  what to do. A disk that is full or failing, a file or folder that cannot be written, or a
  file held by another program is *not* a problem of the database file, and the message says
  to keep it; only a file that is not a database, or a damaged one, is named as such.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from golfcore.web.records import StoreError

if TYPE_CHECKING:
    from golfcore.web.database import Changed, Feed

#: How long a connection waits for another one's write lock before giving up, in seconds.
BUSY_SECONDS = 10.0

DISK = "disk"                 # full, failing, or a file size limit
READ_ONLY = "read-only"
CANNOT_OPEN = "cannot-open"
NOT_A_DATABASE = "not-a-database"
DAMAGED = "damaged"
LOCKED = "locked"
OTHER = "other"

#: SQLite's primary result codes (the low byte of an extended code) and what they mean here.
_CODES = {13: DISK, 10: DISK, 8: READ_ONLY, 3: READ_ONLY, 23: READ_ONLY, 14: CANNOT_OPEN,
          26: NOT_A_DATABASE, 11: DAMAGED, 5: LOCKED, 6: LOCKED}
#: The same, from the message, for Pythons whose errors carry no code (before 3.11).
_TEXTS = (("disk is full", DISK), ("disk i/o error", DISK), ("readonly", READ_ONLY),
          ("read-only", READ_ONLY), ("unable to open", CANNOT_OPEN),
          ("not a database", NOT_A_DATABASE), ("malformed", DAMAGED), ("locked", LOCKED),
          ("busy", LOCKED))


def connect(path: Path, busy_seconds: float = BUSY_SECONDS) -> sqlite3.Connection:
    """A new connection to ``path``, in autocommit mode (transactions are explicit)."""
    conn = sqlite3.connect(path, timeout=busy_seconds, isolation_level=None,
                           check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(busy_seconds * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    # In WAL mode, NORMAL makes a commit durable once it is in the log: a killed server loses
    # nothing committed; only a power cut may lose the last commits (FULL would also sync the
    # log on every commit).
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, holding the write lock from its start."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def read(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Several reads that see one state of the database."""
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.execute("COMMIT")


#: How many of ``PRAGMA quick_check``'s findings a message names.
FINDINGS = 3


def damage(conn: sqlite3.Connection) -> list[str]:
    """What ``PRAGMA quick_check`` finds wrong in the file (empty when it is intact).

    It reads every page once (about a second per 100 MB) without writing: a page zeroed or
    overwritten, an index that disagrees with its table, a broken free list."""
    rows = conn.execute(f"PRAGMA quick_check({FINDINGS})").fetchall()
    found = [str(row[0]) for row in rows]
    return [] if found == ["ok"] else found


def damaged_message(path: Path, found: list[str]) -> str:
    """The message for a file that :func:`damage` found damaged."""
    return (f"{path}: the database is damaged ({'; '.join(found[:FINDINGS])}): left "
            f"unchanged; restore it from a copy (golf stats --export makes one), or move it "
            f"aside to start afresh")


def kind(exc: sqlite3.Error) -> str:
    """What an SQLite error is about: :data:`DISK`, :data:`READ_ONLY`, :data:`CANNOT_OPEN`,
    :data:`NOT_A_DATABASE`, :data:`DAMAGED`, :data:`LOCKED` or :data:`OTHER`."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _CODES:
        return _CODES[code & 0xFF]
    text = str(exc).lower()
    return next((what for clue, what in _TEXTS if clue in text), OTHER)


def explain(exc: sqlite3.Error, path: Path) -> str:
    """A message for an SQLite error met while using the database at ``path``: what is wrong
    and what to do, never an invitation to delete a healthy file."""
    what, detail = kind(exc), str(exc)
    if what == DISK:
        return (f"{path}: the disk could not be written or read ({detail}): the disk may be "
                f"full or failing, or a file size limit was reached. This is not a problem of "
                f"the database file: keep it. Free some space (or fix the disk), then start "
                f"again")
    if what == READ_ONLY:
        return (f"{path}: cannot write there ({detail}): the file, its folder or the disk is "
                f"read-only for this user. Keep the file; check its permissions and its "
                f"folder's, or choose another file with --db")
    if what == CANNOT_OPEN:
        return (f"{path}: cannot be opened ({detail}): check that its folder exists and that "
                f"this user may write there, or choose another file with --db")
    if what == LOCKED:
        return (f"{path}: another program kept the database locked ({detail}): the file is "
                f"fine; close the other program (another golf web?), then start again")
    if what == NOT_A_DATABASE:
        return (f"{path}: not a SQLite database ({detail}): left unchanged; choose another "
                f"file with --db")
    if what == DAMAGED:
        return (f"{path}: the database is damaged ({detail}): left unchanged; restore it from a "
                f"copy (golf stats --export makes one), or move it aside to start afresh")
    return f"{path}: SQLite error: {detail}"


def file_size(path: Path) -> int:
    """The bytes the database holds on disk: the file and its write-ahead log."""
    total = 0
    for name in (path.name, path.name + "-wal"):
        try:
            total += (path.parent / name).stat().st_size
        except OSError:
            pass
    return total


class SQLiteFile:
    """One SQLite file, in WAL mode, as a :class:`golfcore.web.database.Database`."""

    errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, path: str | os.PathLike[str], busy_seconds: float = BUSY_SECONDS
                 ) -> None:
        self.path = Path(path)
        self.where = str(self.path)
        self.busy_seconds = busy_seconds

    def connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot make its folder: "
                             f"{exc.strerror or exc}") from None
        return connect(self.path, self.busy_seconds)

    def usable(self, conn: Any) -> bool:
        return True

    def prepare(self, conn: Any) -> None:
        from golfcore.web.schema import check_schema, migrate

        check_schema(conn, self.where)
        found = damage(conn)
        if found:
            raise StoreError(damaged_message(self.path, found))
        conn.execute("PRAGMA journal_mode = WAL")
        migrate(conn, self.where)

    def begin_write(self, conn: Any, wait_seconds: float) -> None:
        conn.execute(f"PRAGMA busy_timeout = {max(1, int(wait_seconds * 1000))}")
        conn.execute("BEGIN IMMEDIATE")

    def in_transaction(self, conn: Any) -> bool:
        return bool(conn.in_transaction)

    def read(self, conn: Any) -> AbstractContextManager[Any]:
        return read(conn)

    def write(self, conn: Any) -> AbstractContextManager[Any]:
        return write(conn)

    def size_bytes(self, conn: Any) -> int:
        return file_size(self.path)

    def locked(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.Error) and kind(exc) == LOCKED

    def explain(self, exc: Exception) -> str:
        if isinstance(exc, sqlite3.Error):
            return explain(exc, self.path)
        return f"{self.path}: {exc}"

    def feed(self, loop: asyncio.AbstractEventLoop, callback: Changed, *,
             interval: float) -> Feed:
        from golfcore.web.changes import ChangeFeed

        return ChangeFeed(self.path, loop, callback, interval=interval)

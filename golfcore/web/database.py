"""The database under ``golf web``'s store: an SQLite file on one machine, or a PostgreSQL
server that several ``golf web`` processes (on one machine or several) share.

:class:`golfcore.web.store.Store` holds the saved tables and speaks one SQL to both: ``?``
placeholders, rows read by column name, ``SAVEPOINT`` per write. What differs lives behind
:class:`Database`, one class per kind:

* :class:`golfcore.web.dbfile.SQLiteFile`: one file, ``BEGIN IMMEDIATE`` transactions in WAL
  mode, a damaged file refused, the change feed polling ``PRAGMA data_version``
  (:mod:`golfcore.web.changes`);
* :class:`golfcore.web.postgres.PostgresServer`: a ``postgresql://`` URL (psycopg 3),
  ``READ COMMITTED`` transactions in which the row of a table orders its actions (an action
  saved against a version the table has left updates no row: ``stale``), a ``NOTIFY`` on
  ``golf_tables`` for every action (a trigger), and the feed that ``LISTEN`` s to it
  (:mod:`golfcore.web.pgchanges`).

:func:`open_database` picks one from what ``--db`` says.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any, Protocol

#: The URL schemes of a PostgreSQL database (everything else is a file name).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: What a change feed hands the event loop: ``(table_id, version)`` pairs.
Changed = Callable[[list[tuple[str, int]]], None]


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Any: ...


class Conn(Protocol):
    """A connection of either kind, as the store uses it: ``?`` placeholders, rows that are
    read by column name or position."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any: ...

    def close(self) -> None: ...


class Feed(Protocol):
    """The tables another process moved on, handed to the event loop (off it)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class Database(Protocol):
    """What the store needs of a database beyond portable SQL."""

    #: What messages name: the file's path, or the URL without its password.
    where: str
    #: The driver's errors (``sqlite3.Error`` or ``psycopg.Error``).
    errors: tuple[type[Exception], ...]
    #: The driver's integrity errors (a duplicate key, a broken constraint).
    integrity_errors: tuple[type[Exception], ...]

    def connect(self) -> Conn:
        """A new connection, in autocommit mode (every transaction is explicit)."""

    def usable(self, conn: Conn) -> bool:
        """Whether ``conn`` can still be used (a lost server connection cannot)."""

    def prepare(self, conn: Conn) -> None:
        """Refuse a database this golfcore cannot use (another program's, a newer one, a
        damaged one), leaving it unchanged; then bring its schema up to date."""

    def begin_write(self, conn: Conn, wait_seconds: float) -> None:
        """Start a write transaction that waits at most ``wait_seconds`` for a lock."""

    def in_transaction(self, conn: Conn) -> bool: ...

    def read(self, conn: Conn) -> AbstractContextManager[Conn]:
        """Several reads that see one state of the database."""

    def write(self, conn: Conn) -> AbstractContextManager[Conn]:
        """One write transaction, committed when the block ends, rolled back on an error."""

    def size_bytes(self, conn: Conn) -> int:
        """The bytes the database takes (its ``--max-db-megabytes``)."""

    def locked(self, exc: Exception) -> bool:
        """Whether a driver error means that a lock was not had in time."""

    def explain(self, exc: Exception) -> str:
        """A sentence for the person who runs golfcore: what is wrong, what to do."""

    def feed(self, loop: asyncio.AbstractEventLoop, callback: Changed, *,
             interval: float) -> Feed:
        """The change feed of this database (started by the caller)."""


def is_url(target: str | os.PathLike[str]) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


def open_database(target: str | os.PathLike[str], busy_seconds: float) -> Database:
    """The database ``target`` names: a ``postgresql://`` URL, else an SQLite file."""
    if is_url(target):
        from golfcore.web.postgres import PostgresServer

        return PostgresServer(str(target), busy_seconds)
    from golfcore.web.dbfile import SQLiteFile

    return SQLiteFile(target, busy_seconds)

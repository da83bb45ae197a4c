"""A PostgreSQL server under ``golf web``'s store (``--db postgresql://...``), through psycopg 3.

Several ``golf web`` processes, on one machine or several, share one database and serve one
site (docs/web.md, *Several machines*):

* every connection is in autocommit mode and each transaction explicit, as with a file; a write
  is ``BEGIN`` at ``READ COMMITTED`` with a ``lock_timeout`` and a ``statement_timeout`` from
  its deadline, so a write that cannot have its locks in time is not made (``not-saved``);
* **a table's row orders its actions**: action *n* updates the row ``WHERE version = n - 1``.
  When two processes save action *n* of one table, the second one's update waits for the
  first one's commit, then finds the row at version *n* and updates nothing: ``stale``. A group
  commit updates its tables in the order of their ids, so two processes' commits never wait
  for each other in a cycle;
* every action saved sends ``NOTIFY golf_tables, '<table id> <version>'`` (a trigger of the
  ``actions`` table, :mod:`golfcore.web.pgschema`; delivered only if its transaction commits),
  which the other processes' feeds hear (:mod:`golfcore.web.pgchanges`);
* the schema and its migrations are :mod:`golfcore.web.pgschema`;
* a lost connection (the server restarted, the network failed) is dropped, and the next use
  opens a new one; what was being written is not saved, and says so.

The store's SQL is written with ``?`` placeholders for both kinds of database:
:class:`Connection` turns them into psycopg's ``%s`` and reads rows by name or position.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from golfcore.web.records import StoreError

if TYPE_CHECKING:
    import psycopg

    from golfcore.web.database import Changed, Feed

#: The channel of the notifications: one per saved action, ``'<table id> <version>'``.
CHANNEL = "golf_tables"
#: How long a new connection may take, in seconds.
CONNECT_SECONDS = 10
#: What ``pip`` installs for a PostgreSQL store.
EXTRA = "pip install 'golfcore[postgresql]'"


def shown(url: str) -> str:
    """``url`` without its password (what messages and the log may name)."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "the PostgreSQL URL given with --db"


class Row(Sequence[Any]):
    """A row read by column name (``row["id"]``) or by position (``row[0]``)."""

    __slots__ = ("_values", "_names")

    def __init__(self, values: Sequence[Any], names: dict[str, int]) -> None:
        self._values = values
        self._names = names

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return self._values[self._names[key]]
        return self._values[key]

    def __len__(self) -> int:
        return len(self._values)


def _rows(cursor: Any) -> Any:
    names = {column.name: i for i, column in enumerate(cursor.description or ())}
    return functools.partial(Row, names=names)


@functools.lru_cache(maxsize=256)
def _sql(text: str) -> str:
    """The store's SQL with psycopg's placeholders (the store's SQL holds no ``?`` but its
    placeholders, and no ``%``)."""
    return text.replace("%", "%%").replace("?", "%s")


class Connection:
    """A psycopg connection that takes the store's SQL (:func:`_sql`)."""

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.raw.execute(_sql(sql), tuple(parameters) or None)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any:
        rows = [tuple(p) for p in parameters]
        if rows:
            with self.raw.cursor() as cursor:
                cursor.executemany(_sql(sql), rows)

    def close(self) -> None:
        self.raw.close()


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError(f"--db postgresql://...: golfcore's PostgreSQL store needs psycopg 3, "
                         f"which is not installed: {EXTRA}") from None
    return psycopg


class PostgresServer:
    """One database of a PostgreSQL server, as a :class:`golfcore.web.database.Database`."""

    def __init__(self, url: str, busy_seconds: float) -> None:
        self.psycopg = _psycopg()
        self.url = url
        self.where = shown(url)
        self.busy_seconds = busy_seconds
        self.errors: tuple[type[Exception], ...] = (self.psycopg.Error,)
        self.integrity_errors: tuple[type[Exception], ...] = (self.psycopg.IntegrityError,)

    def connect_raw(self) -> psycopg.Connection[Any]:
        """A psycopg connection of its own (the feed's)."""
        return self.psycopg.connect(self.url, autocommit=True, row_factory=_rows,
                                    connect_timeout=CONNECT_SECONDS,
                                    application_name="golf web")

    def connect(self) -> Connection:
        return Connection(self.connect_raw())

    def usable(self, conn: Any) -> bool:
        raw = conn.raw
        return not (raw.closed or raw.broken)

    def prepare(self, conn: Any) -> None:
        from golfcore.web.pgschema import migrate

        migrate(conn, self.where)

    def begin_write(self, conn: Any, wait_seconds: float) -> None:
        wait = max(1, int(wait_seconds * 1000))
        # one round trip (a query without parameters may hold several statements)
        conn.raw.execute(f"BEGIN; SET LOCAL lock_timeout = {wait}; "
                         f"SET LOCAL statement_timeout = {wait}")

    def in_transaction(self, conn: Any) -> bool:
        return bool(conn.raw.info.transaction_status != self.psycopg.pq.TransactionStatus.IDLE)

    def read(self, conn: Any) -> AbstractContextManager[Any]:
        return self._transaction(conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def write(self, conn: Any) -> AbstractContextManager[Any]:
        return self._transaction(conn, "BEGIN")

    @contextmanager
    def _transaction(self, conn: Any, begin: str) -> Iterator[Any]:
        conn.execute(begin)
        try:
            yield conn
        except BaseException:
            if self.usable(conn):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def size_bytes(self, conn: Any) -> int:
        return int(conn.execute("SELECT pg_database_size(current_database())").fetchone()[0])

    def locked(self, exc: Exception) -> bool:
        return getattr(exc, "sqlstate", None) in ("55P03", "57014", "40P01")

    def explain(self, exc: Exception) -> str:
        return explain(exc, self.where)

    def feed(self, loop: asyncio.AbstractEventLoop, callback: Changed, *,
             interval: float) -> Feed:
        from golfcore.web.pgchanges import ListenFeed

        return ListenFeed(self, loop, callback, interval=interval)


def explain(exc: Exception, where: str) -> str:
    """A message for a PostgreSQL error met while using the database at ``where``."""
    state = getattr(exc, "sqlstate", None) or ""
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    text = str(exc)
    if not state:                        # a refused connection carries no SQLSTATE: its text
        if "does not exist" in text and "database" in text:
            state = "3D000"
        elif "authentication failed" in text or "pg_hba.conf" in text:
            state = "28000"
    if state == "3D000":
        return (f"{where}: no such database on the server ({detail}): create it (createdb), "
                f"or name another one in --db")
    if state.startswith("28"):
        return (f"{where}: the server refused this user ({detail}): check the user and "
                f"password in --db, and the server's pg_hba.conf")
    if state == "42501":
        return (f"{where}: this user may not do that ({detail}): grant it the rights on the "
                f"database, or use the user that owns it")
    if state.startswith("53"):
        return (f"{where}: the server is out of disk, memory or connections ({detail}): "
                f"nothing is wrong with the database; free what it lacks, then try again")
    if state == "25006":
        return (f"{where}: the server is read-only ({detail}): a standby? give the primary "
                f"in --db")
    if state in ("55P03", "57014", "40P01"):
        return (f"{where}: another program kept the database locked ({detail}): not saved; "
                f"try again")
    lost = not state and isinstance(exc, _psycopg().OperationalError)
    if state.startswith("57P") or state.startswith("08") or lost:
        return (f"{where}: cannot reach the PostgreSQL server, or lost it ({detail}): check "
                f"that it runs and that --db names it "
                f"(postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
    return f"{where}: PostgreSQL error {state}: {detail}"

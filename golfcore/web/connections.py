"""One connection per thread to ``golf web``'s database (:mod:`golfcore.web.database`).

A connection is opened the first time a thread uses the store and kept for that thread; one
found lost (a PostgreSQL server that restarted, a network that failed) is closed and forgotten,
and the thread's next use opens a new one. Closing the store closes them all, and the store
cannot be used afterwards.
"""

from __future__ import annotations

import threading

from golfcore.web.database import Conn, Database
from golfcore.web.records import StoreError


class Connections:
    """The connections of one store's threads to ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._local = threading.local()
        self._lock = threading.Lock()
        self._open: list[Conn] = []
        self._closed = False

    def get(self) -> Conn:
        """This thread's connection, opened on first use (again when it was lost)."""
        if self._closed:
            raise StoreError(f"{self.database.where}: the store is closed")
        conn: Conn | None = getattr(self._local, "conn", None)
        if conn is not None and not self.database.usable(conn):
            self.forget(conn)
            conn = None
        if conn is None:
            try:
                conn = self.database.connect()
            except self.database.errors as exc:
                raise StoreError(self.database.explain(exc)) from None
            self._local.conn = conn
            with self._lock:
                self._open.append(conn)
        return conn

    def forget(self, conn: Conn) -> None:
        """Close ``conn`` (a lost one) and forget it: this thread's next use opens another."""
        with self._lock:
            if conn in self._open:
                self._open.remove(conn)
        if getattr(self._local, "conn", None) is conn:
            self._local.conn = None
        self._close(conn)

    def close(self) -> None:
        """Close every thread's connection; no new one is opened afterwards."""
        with self._lock:
            self._closed = True
            connections, self._open = self._open, []
        for conn in connections:
            self._close(conn)

    def _close(self, conn: Conn) -> None:
        try:
            conn.close()
        except self.database.errors:
            pass

"""The change feed of ``golf web``: which tables another process moved on in the database file.

Two ``golf web`` servers may share one file (``--db``). Their writes stay consistent (an action
saved against a version the file has left is refused, :class:`~golfcore.web.records.StaleVersion`),
but each one keeps its live tables in memory (:mod:`golfcore.web.live`): without a feed, a
table played on one server would stay where it was on the other until its next action there.

:class:`ChangeFeed` watches the file from one thread of its own, with its own connection, off the
event loop. Every ``interval`` seconds it reads ``PRAGMA data_version``, which changes when
any *other* connection (another process, or this process's writer thread) committed; only
then does it read which tables have new actions since the last look: the rows of ``actions``
past the last rowid it saw (rows are only ever appended, so their rowids only grow), grouped
by table, with each table's latest version. It hands those ``(table_id, version)`` pairs to the
event loop (``loop.call_soon_threadsafe``), where the hub reloads the live ones that are behind
(:meth:`golfcore.web.live.LiveTables.changed`). A failed look (the file locked, a disk error) is
logged and tried again at the next tick; the feed never writes.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from golfcore.web import dbfile

#: How often the feed looks at the database file, in seconds.
INTERVAL = 0.05
log = logging.getLogger("golfcore.web")
Changed = Callable[[list[tuple[str, int]]], None]


class FeedThread:
    """What both change feeds share (this file's and PostgreSQL's,
    :mod:`golfcore.web.pgchanges`): a thread of their own with a connection of its own, stopped
    by :meth:`stop`, that hands ``(table_id, version)`` pairs to ``callback`` on ``loop``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, callback: Changed,
                 interval: float) -> None:
        self.loop = loop
        self.callback = callback
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn: Any = None

    def _start_thread(self, name: str) -> None:
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Stop the thread (waits for the current look) and close its connection."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _hand(self, pairs: list[tuple[str, int]]) -> bool:
        """Give ``pairs`` (if any) to the event loop; ``False`` once the loop is closed (the
        server stops)."""
        if pairs:
            try:
                self.loop.call_soon_threadsafe(self.callback, pairs)
            except RuntimeError:
                return False
        return True


class ChangeFeed(FeedThread):
    """Calls ``callback`` on ``loop`` with the ``(table_id, version)`` pairs of the tables that
    got new actions in the file at ``path`` (by any connection), every ``interval`` seconds at
    most."""

    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop, callback: Changed, *,
                 interval: float = INTERVAL) -> None:
        super().__init__(loop, callback, interval)
        self.path = path
        self._data_version = -1
        self._rowid = 0

    def start(self) -> None:
        """Open the feed's connection, note where the file is now, and start the thread."""
        self._conn = dbfile.connect(self.path)
        self._data_version = self._read_data_version()
        self._rowid = int(self._conn.execute(
            "SELECT COALESCE(MAX(rowid), 0) FROM actions").fetchone()[0])
        self._start_thread("golf-web-changes")

    def _read_data_version(self) -> int:
        assert self._conn is not None
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def poll(self) -> list[tuple[str, int]]:
        """The tables with new actions since the last poll (none when the file did not
        change), and their latest versions."""
        assert self._conn is not None
        data_version = self._read_data_version()
        if data_version == self._data_version:
            return []
        rows = self._conn.execute(
            "SELECT table_id, MAX(version), MAX(rowid) FROM actions WHERE rowid > ? "
            "GROUP BY table_id", (self._rowid,)).fetchall()
        self._data_version = data_version        # only once the rows are read
        if rows:
            self._rowid = max(self._rowid, *(int(r[2]) for r in rows))
        return [(str(r[0]), int(r[1])) for r in rows]

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                changed = self.poll()
            except sqlite3.Error as exc:
                log.warning("the change feed could not read the database: %s", exc)
                continue
            if not self._hand(changed):
                return

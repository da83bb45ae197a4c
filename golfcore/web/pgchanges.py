"""The change feed of a PostgreSQL store: the tables other ``golf web`` processes moved on.

Every saved action sends ``NOTIFY golf_tables, '<table id> <version>'`` from its transaction
(a trigger on ``actions``: :mod:`golfcore.web.pgschema`), which PostgreSQL delivers to every
listener once that transaction commits, and never when it rolls back. :class:`ListenFeed`
``LISTEN`` s on a connection of its own, from a thread of its own (off the event loop), and
hands what it heard every ``interval`` seconds at most to the event loop as ``(table_id,
version)`` pairs, each table once at its latest version, as the file's feed does
(:mod:`golfcore.web.changes`): the hub reloads and pushes the live tables that are behind.

Notifications sent while the feed's connection is lost are lost with it: when the feed
connects again, it reads which tables were played since a little before the loss and hands
those over too, so no seat stays behind. A notification whose text is not ``<id> <number>`` is
ignored (only a user of the database can send one).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from golfcore.web.changes import FeedThread
from golfcore.web.database import Changed

from golfcore.web.postgres import CHANNEL, PostgresServer

log = logging.getLogger("golfcore.web")
#: How far before a lost connection the feed looks back once it is connected again (seconds):
#: more than any clock difference between the processes' machines it can matter for.
LOOK_BACK = 30.0
#: The longest wait between two tries to connect again (seconds).
RETRY_MOST = 5.0


def parse(payload: str) -> tuple[str, int] | None:
    """The ``(table_id, version)`` of a notification, or ``None`` when it is not one."""
    table_id, _, version = payload.partition(" ")
    if not table_id or not version.isascii() or not version.isdigit() or len(version) > 12:
        return None
    return table_id, int(version)


class ListenFeed(FeedThread):
    """Calls ``callback`` on ``loop`` with the ``(table_id, version)`` pairs of the tables that
    got new actions in the database (by any process), every ``interval`` seconds at most."""

    def __init__(self, database: PostgresServer, loop: asyncio.AbstractEventLoop,
                 callback: Changed, *, interval: float) -> None:
        super().__init__(loop, callback, interval)
        self.database = database

    def start(self) -> None:
        """Connect and ``LISTEN`` (a failure here is the caller's), then start the thread."""
        self._conn = self._listening()
        self._start_thread("golf-web-notifications")

    def _listening(self) -> Any:
        conn = self.database.connect_raw()
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def heard(self, wait: float) -> list[tuple[str, int]]:
        """What was notified within ``wait`` seconds: each table once, at its latest version."""
        latest: dict[str, int] = {}
        for notification in self._conn.notifies(timeout=wait):
            pair = parse(notification.payload)
            if pair is None:
                log.warning("ignored a notification on %s that is not '<table> <version>': "
                            "%.60r", notification.channel, notification.payload)
                continue
            if pair[1] > latest.get(pair[0], -1):
                latest[pair[0]] = pair[1]
        return list(latest.items())

    def _run(self) -> None:
        errors = self.database.errors
        while not self._stop.is_set():
            try:
                pairs = self.heard(self.interval)
            except errors as exc:
                lost = time.time()
                log.warning("the change feed lost the database: %s",
                            self.database.explain(exc))
                again = self._again(lost)
                if again is None:
                    return
                pairs = again
            if not self._hand(pairs):
                return

    def _again(self, lost: float) -> list[tuple[str, int]] | None:
        """Connect and ``LISTEN`` again, then the tables played since a while before ``lost``
        (``None``: the feed was stopped meanwhile)."""
        try:
            self._conn.close()
        except self.database.errors:
            pass
        pause = self.interval
        while not self._stop.wait(pause):
            conn = None
            try:
                conn = self._listening()
                rows = conn.execute("SELECT id, version FROM tables WHERE updated >= %s",
                                    (lost - LOOK_BACK,)).fetchall()
            except self.database.errors:
                if conn is not None:                  # connected, but could not read
                    conn.close()
                pause = min(RETRY_MOST, pause * 2)
                continue
            self._conn = conn
            log.warning("the change feed is connected again")
            return [(str(r[0]), int(r[1])) for r in rows]
        return None

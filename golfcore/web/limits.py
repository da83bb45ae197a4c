"""The bounds of ``golf web``: what one connection, and the whole server, may take.

:class:`Limits` holds every bound (each one a ``golf web`` option, docs/web.md, *Bounds*):

* per connection: messages a second (:class:`Rate`, a token bucket: a burst of one second's
  worth, then the rate; a message beyond it gets ``rate-limited`` and does nothing), live tables
  it created (``too-many-tables``), searches at once (``busy``);
* per server: WebSocket connections at once (one more is closed at once with code 1013, "try
  again later"), searches at once (:class:`SearchSlots`: up to ``searches`` run, up to
  ``search_queue`` more wait for a slot in order, any more get ``busy``), and how long a table
  nobody uses stays in memory (the database keeps it; the next request reloads it);
* storage (:mod:`golfcore.web.quotas`): unfinished saved tables per connection, per client
  address and in total (``too-many-saved``), the database's size (``storage-full``), and how
  long an unfinished table nobody plays is kept.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Container
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from golfcore.protocol.cardgame import RequestError
from golfcore.protocol.server import error_reply, read_request
from golfcore.web.messages import BUSY
from golfcore.web.quotas import Usage, check as check_usage

T = TypeVar("T")

RATE_LIMITED = "rate-limited"
TOO_MANY_TABLES = "too-many-tables"
#: The WebSocket close code of a connection the server has no room for ("try again later").
TRY_AGAIN_LATER = 1013


@dataclass(frozen=True)
class Limits:
    """Every bound of one ``golf web`` server (the defaults are ``golf web``'s)."""

    #: Messages one connection may send a second (a burst of as many is allowed).
    messages_per_second: float = 20.0
    #: Tables one connection created that may be live at once (someone sits there or its
    #: computers play).
    tables_per_connection: int = 4
    #: Searches (winnable deals, solver and fair hints) one connection may run at once.
    searches_per_connection: int = 1
    #: WebSocket connections the server takes at once.
    connections: int = 500
    #: Searches the whole server runs at once (each takes a processor while it runs).
    searches: int = 2
    #: Searches that may wait for one of those slots; any more are refused with ``busy``.
    search_queue: int = 8
    #: Seconds after which a table nobody used is dropped from memory (not from the database).
    idle_seconds: float = 900.0
    #: Unfinished saved tables one connection may have created (:mod:`golfcore.web.quotas`).
    saved_per_connection: int = 20
    #: Unfinished saved tables that all connections from one client address may have created.
    saved_per_address: int = 100
    #: Unfinished saved tables in the whole database.
    saved_tables: int = 50_000
    #: Days after which an unfinished table nobody played is deleted from the database.
    expire_days: float = 30.0
    #: Megabytes the database (file and write-ahead log) may hold before no new table is saved.
    db_megabytes: float = 1024.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float):
                ok = 0 < value < float("inf")
            else:
                ok = isinstance(value, int) and not isinstance(value, bool) \
                    and value >= (0 if f.name == "search_queue" else 1)
            if not ok:
                raise ValueError(f"limit {f.name}: {value!r} is out of range")


class Rate:
    """A token bucket: ``per_second`` messages a second, with a burst of as many."""

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.capacity = max(1.0, per_second)
        self.tokens = self.capacity
        self.clock = clock
        self.last = clock()

    def allow(self) -> bool:
        """Take a token if there is one: whether the message may be handled."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class SearchSlots:
    """The server's searches: ``running`` at once, ``queued`` more waiting in order."""

    def __init__(self, running: int, queued: int) -> None:
        self.running = running
        self.queued = queued
        self.admitted = 0
        self._slots = asyncio.Semaphore(running)

    def admit(self) -> bool:
        """Whether one more search may run or wait; if so, it must then go through
        :meth:`run` (which gives its place back)."""
        if self.admitted >= self.running + self.queued:
            return False
        self.admitted += 1
        return True

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """Wait for a slot, then ``await work()``; the place is given back however it ends
        (a connection that closes while its search waits leaves the queue)."""
        try:
            async with self._slots:
                return await work()
        finally:
            self.admitted -= 1


class Idle:
    """When each live table was last used: the tables idle for ``seconds`` or more."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self.used: dict[str, float] = {}

    def touch(self, table_id: str) -> None:
        self.used[table_id] = self.clock()

    def forget(self, table_id: str) -> None:
        self.used.pop(table_id, None)

    def idle(self) -> list[str]:
        """The tables not used for ``seconds`` or more, oldest first."""
        limit = self.clock() - self.seconds
        return [t for t, used in sorted(self.used.items(), key=lambda i: i[1]) if used <= limit]

    def sweep_every(self) -> float:
        """How often to look for idle tables: often enough that one is dropped at most half its
        idle time late, at least once a minute."""
        return min(60.0, max(0.05, self.seconds / 2))


class Bounds:
    """The bounds of one server as its hub applies them (the refusals' texts are here)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.slots = SearchSlots(limits.searches, limits.search_queue)
        self.idle = Idle(limits.idle_seconds)

    def rate(self) -> Rate:
        """A new connection's message rate."""
        return Rate(self.limits.messages_per_second)

    def room_for(self, connections: int) -> bool:
        """Whether one more connection may join the ``connections`` open ones."""
        return connections < self.limits.connections

    def rate_refusal(self, rate: Rate, text: str) -> dict[str, Any] | None:
        """The reply to ``text`` when it is beyond the connection's ``rate`` (with its ``id``
        if it has one), else ``None``."""
        if rate.allow():
            return None
        request, _ = read_request(text)
        rid = request.get("id") if isinstance(request, dict) else None
        reply = error_reply(RATE_LIMITED, f"more than {rate.per_second:g} messages a second: "
                            f"this one was not read (nothing changed); slow down", None)
        return reply if rid is None else {"id": rid, **reply}

    def check_saved(self, used: Usage) -> None:
        """Refuse (``too-many-saved``, ``storage-full``) one more saved table beyond the
        storage bounds (:func:`golfcore.web.quotas.check`)."""
        limits = self.limits
        check_usage(used, per_connection=limits.saved_per_connection,
                    per_address=limits.saved_per_address, tables=limits.saved_tables,
                    megabytes=limits.db_megabytes)

    def expire_before(self, now: float) -> float:
        """The time before which an unfinished table that nobody played is deleted."""
        return now - self.limits.expire_days * 86400.0

    def check_new_table(self, created: list[str], live: Container[str]) -> None:
        """Refuse (``too-many-tables``) a new table to a connection whose ``created`` tables
        still ``live`` are as many as it may have; ``created`` keeps only the live ones."""
        created[:] = [table_id for table_id in created if table_id in live]
        most = self.limits.tables_per_connection
        if len(created) >= most:
            raise RequestError(TOO_MANY_TABLES, f"this connection already has {most} live "
                               f"table(s) it created (someone still sits there, or its "
                               f"computers play): it may create another once one is left")

    def admit_search(self, running: set[asyncio.Task[None]]) -> None:
        """Refuse (``busy``) a search to a connection ``running`` as many as it may, or when
        the server has as many running and waiting as it may; else take a place in
        :attr:`slots` (the search must then go through ``slots.run``). ``running`` keeps only
        the searches not done."""
        running -= {task for task in running if task.done()}
        most = self.limits.searches_per_connection
        if len(running) >= most:
            raise RequestError(BUSY, f"this connection already runs {most} search(es): wait "
                                     f"for a reply")
        if not self.slots.admit():
            raise RequestError(BUSY, f"the server runs as many searches as it can "
                                     f"({self.slots.running} running, {self.slots.queued} "
                                     f"waiting): try again in a moment")

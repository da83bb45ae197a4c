"""The tables ``golf web`` is playing, in memory: who sits at each, their locks, and how an
action is saved before its table advances.

:class:`LiveTables` holds each live table (:mod:`golfcore.web.tables`, an immutable value per
version), the connections sitting there, one lock per table (its actions are answered one at a
time), the version of its latest snapshot and its computer players
(:mod:`golfcore.web.computers`). :meth:`LiveTables.commit` saves an action (a row of the table's
log, with a snapshot when one is due: :mod:`golfcore.web.resume`) through the writer thread of
:mod:`golfcore.web.saver` and only then makes the new table the live one; an action that could
not be saved changes nothing. :meth:`LiveTables.push` tells every other connection at the table.

**Another server on the same database.** :meth:`LiveTables.current` (``open``, and every
request that only reads) reloads a table whose saved version is ahead of memory (the versions
are read in batches, one query and one thread hop for the reads waiting:
:mod:`golfcore.web.versions`);
:meth:`LiveTables.changed` takes the change feed's news (:mod:`golfcore.web.changes`) and
reloads and pushes the live tables the other server moved on (:meth:`LiveTables.catch_up`,
under the table's lock, never replacing a newer table by an older one).

A table is in memory while someone sits there or its computers play; one nobody used for
``--idle-seconds`` is dropped (the database keeps it, the next request reloads it).

**Drafts.** A solitaire ``new`` with ``draft: true`` deals a table that is kept in memory only
(:meth:`LiveTables.create` with ``save=False``): its id and tokens are drawn, but nothing is
written until its first accepted action, which saves the table and that action in one write
(one transaction). A draft left unplayed (its connection opens another table or goes away) is
forgotten, so a page that only looked saves nothing and the statistics count nothing.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from golfcore.web.seats import placed
from golfcore.web.tables import LiveTable, StaleError, Step
from golfcore.web.computers import Computers
from golfcore.web.connection import Connection
from golfcore.web.limits import Bounds, Limits
from golfcore.web.records import NewAction, NewTable, StaleVersion, StoreError
from golfcore.web.resume import snapshot_due
from golfcore.web.saver import Saver
from golfcore.web.versions import SavedVersions


class LiveTables:
    """The live tables, the connections at each, their locks, drafts and computer players."""

    def __init__(self, saver: Saver, bot_delay: float, limits: Limits | None = None) -> None:
        self.saver = saver
        self.store = saver.store
        self.bot_delay = bot_delay
        self.bounds = Bounds(limits or Limits())
        self.idle = self.bounds.idle
        self.tables: dict[str, LiveTable] = {}
        self.snapshots: dict[str, int] = {}         # the version of each one's latest snapshot
        self.drafts: dict[str, NewTable] = {}       # tables not saved yet: the write of each
        self.members: dict[str, set[Connection]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.computers = Computers(self, bot_delay)
        self._catching_up: set[asyncio.Future[None]] = set()   # tasks of :meth:`changed`
        self.versions = SavedVersions(lambda ids: saver.read(self.store.versions_of, ids))

    # -- tables and seats --------------------------------------------------------------------------

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def install(self, table: LiveTable) -> LiveTable:
        """The live table of ``table.id``: the one in memory, else ``table``."""
        self.idle.touch(table.id)
        return self.tables.setdefault(table.id, table)

    async def live(self, table_id: str) -> LiveTable | None:
        """The table ``table_id`` in memory, reloaded from the database when it was dropped
        (idle); ``None`` when the database no longer has it."""
        table = self.tables.get(table_id)
        if table is not None:
            self.idle.touch(table_id)
            return table
        loaded = await self.saver.load(table_id)         # its snapshot and log, replayed
        if loaded is None:
            return None
        table = self.install(loaded[0])
        if table is loaded[0]:
            self.snapshots[table_id] = loaded[1]
        return table

    def seat(self, conn: Connection, table: LiveTable, held: tuple[int, ...]) -> None:
        """``conn`` now plays ``held`` at ``table`` (and leaves any other table). It joins the
        new table before it leaves the old one: re-opening the table it alone sits at must not
        make the hub forget that table."""
        self.install(table)
        self.members.setdefault(table.id, set()).add(conn)
        if conn.table_id != table.id:
            self.leave(conn)
        conn.table_id, conn.held = table.id, held
        self.computers.wake(table.id)

    def leave(self, conn: Connection) -> None:
        table_id, conn.table_id, conn.held = conn.table_id, None, ()
        if table_id is None:
            return
        members = self.members.get(table_id, set())
        members.discard(conn)
        self.forget(table_id)

    def forget(self, table_id: str) -> None:
        """Drop a table from memory once nobody sits there and no computer plays (the
        database keeps it)."""
        if not self.members.get(table_id) and not self.computers.playing(table_id):
            for registry in (self.tables, self.members, self.locks, self.snapshots,
                             self.drafts):
                registry.pop(table_id, None)
            self.computers.forget(table_id)
            self.idle.forget(table_id)

    def drop_idle(self) -> list[str]:
        """Drop from memory the tables nobody used for ``idle_seconds`` (no request, no
        computer playing); whoever sits there keeps the seats, and the table is reloaded from
        the database by its next request. The tables dropped. A draft stays while its
        connection sits there (the database has no copy of it)."""
        dropped = []
        for table_id in self.idle.idle():
            lock = self.locks.get(table_id)
            if self.computers.playing(table_id) or lock is not None and lock.locked() \
                    or table_id in self.drafts:
                self.idle.touch(table_id)                 # in use after all
                continue
            for registry in (self.tables, self.locks, self.snapshots):
                registry.pop(table_id, None)
            self.computers.forget(table_id)
            if not self.members.get(table_id):
                self.members.pop(table_id, None)
            self.idle.forget(table_id)
            dropped.append(table_id)
        return dropped

    async def sweep(self) -> None:
        """Drop idle tables from memory, every :meth:`Idle.sweep_every` seconds, forever."""
        while True:
            await asyncio.sleep(self.idle.sweep_every())
            self.drop_idle()
            await self.expire()

    async def expire(self) -> int:
        """Delete from the database the unfinished tables nobody played for ``expire_days``
        (never one in memory: it is being played); how many. A database that cannot be
        written now is left for the next sweep."""
        before = self.bounds.expire_before(self.store.now())
        try:
            return await self.saver.read(self.store.expire, before, set(self.tables))
        except StoreError:
            return 0

    async def create(self, draft: LiveTable, save: bool = True,
                     client: str | None = None) -> LiveTable:
        """Place ``draft`` (its id and tokens) and save it; with ``save=False`` it is kept in
        memory only, a draft whose first action saves it (:meth:`commit`)."""
        job = self.store.new_table(game=draft.game_name, variant=draft.variant,
                                   seat_kinds=[s.kind for s in draft.seats],
                                   snapshot=draft.snapshot(), summary=draft.summary(),
                                   client=client)
        if save:
            await self.saver.write(job)
        table = self.install(placed(draft, job.record))
        self.snapshots.setdefault(table.id, 0)
        if not save:
            self.drafts[table.id] = job
        return table

    async def commit(self, before: LiveTable, step: Step, seat: int | None,
                     request: dict[str, Any]) -> LiveTable:
        """Save the action of ``step`` and only then make its table the live one (an action
        not saved raises :class:`NotSaved` and changes nothing); a database that moved on
        meanwhile (another server on the same file) gives ``stale``, with the table reloaded.
        A draft's first action saves the table with it, in one write."""
        after = step.table
        assert after is not None
        saved = {k: v for k, v in request.items() if k != "id"}
        due = snapshot_due(before, after, self.snapshots.get(before.id, before.version))
        action = NewAction(before.id, after.version, seat, saved, after.summary(),
                           after.snapshot() if due else None)
        draft = self.drafts.get(before.id)
        try:
            await self.saver.write(action if draft is None else replace(draft, first=action))
        except StaleVersion:
            await self.reload(before.id)
            raise StaleError("the table changed meanwhile: here is the current state") \
                from None
        if due:
            self.snapshots[before.id] = after.version
        self.drafts.pop(before.id, None)
        self.tables[before.id] = after
        return after

    async def reload(self, table_id: str) -> None:
        """Read a live table again from the database (another server moved it on)."""
        loaded = await self.saver.load(table_id)
        if loaded is not None and table_id in self.tables:
            self.tables[table_id], self.snapshots[table_id] = loaded

    # -- another server on the same file ----------------------------------------------------------

    async def current(self, table_id: str) -> LiveTable | None:
        """:meth:`live`, but never older than the database: a table in memory whose saved
        version is newer (another server on the same file moved it on) is reloaded first,
        and the others at the table are told."""
        table = await self.live(table_id)
        if table is None or table_id in self.drafts:
            return table
        saved = await self.versions.of(table_id)          # read in batches
        if saved is not None and saved > table.version:
            await self.catch_up(table_id, saved)
        return self.tables.get(table_id, table)

    def changed(self, pairs: list[tuple[str, int]]) -> None:
        """The change feed's news (:mod:`golfcore.web.changes`): these tables are at these
        versions in the database. The live ones that are behind are reloaded, in tasks."""
        for table_id, version in pairs:
            table = self.tables.get(table_id)
            if table is not None and version > table.version and table_id not in self.drafts:
                task = asyncio.ensure_future(self.catch_up(table_id, version))
                self._catching_up.add(task)
                task.add_done_callback(self._catching_up.discard)

    def stop_catching_up(self) -> None:
        """Cancel the reloads :meth:`changed` started (the server stops)."""
        for task in list(self._catching_up):
            task.cancel()

    async def catch_up(self, table_id: str, version: int) -> None:
        """Reload ``table_id`` (under its lock) when it is still behind ``version``, and push
        it to everyone seated here (``last: null``: the action was made elsewhere)."""
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None or table.version >= version:
                return                                # caught up meanwhile, or dropped
            loaded = await self.saver.load(table_id)
            table = self.tables.get(table_id)
            if loaded is None or table is None or loaded[0].version <= table.version:
                return
            self.tables[table_id], self.snapshots[table_id] = loaded
        self.push(table_id, None, exclude=None)
        self.computers.wake(table_id)

    def push(self, table_id: str, last: dict[str, Any] | None,
             exclude: Connection | None) -> None:
        table = self.tables[table_id]
        for conn in list(self.members.get(table_id, ())):
            if conn is not exclude:
                conn.send({"push": "update", **table.view(conn.held), "last": last})

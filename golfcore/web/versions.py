"""The saved versions of tables, read for every request that only reads, in batches.

A request that only reads a table (``open``, ``state``, ``legal``...) must never answer from a
table older than the database (another process may have moved it on:
:meth:`golfcore.web.live.LiveTables.current`), so each one reads the table's saved version.
Reading it costs little; the hop to a worker thread and back costs more than the query.
:class:`SavedVersions` makes one hop for all the reads waiting: the first read starts a batch;
the reads that arrive while its query runs wait for the next batch, whose query starts after
they arrived (so no read is answered with a version read before it came), and each batch is
one query for all its tables.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: Reads the saved versions of tables, off the event loop (a table not in the database is left
#: out).
Reader = Callable[[list[str]], Awaitable[dict[str, int]]]


class SavedVersions:
    """The saved version of a table, read in batches (:mod:`golfcore.web.versions`)."""

    def __init__(self, read: Reader) -> None:
        self._read = read
        self._pending: dict[str, list[asyncio.Future[int | None]]] = {}
        self._draining = False

    async def of(self, table_id: str) -> int | None:
        """The saved version of ``table_id`` (``None``: not in the database), read after this
        call began."""
        future: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._pending.setdefault(table_id, []).append(future)
        if not self._draining:
            self._draining = True
            asyncio.ensure_future(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, {}
                try:
                    versions = await self._read(list(batch))
                except Exception as exc:               # each read gets the error
                    for futures in batch.values():
                        for future in futures:
                            if not future.done():
                                future.set_exception(exc)
                    continue
                for table_id, futures in batch.items():
                    for future in futures:
                        if not future.done():          # its awaiter may have gone
                            future.set_result(versions.get(table_id))
        finally:
            self._draining = False

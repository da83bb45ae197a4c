"""The saved versions every read checks, in batches (golfcore.web.versions): a read is never
answered by a query that began before it, the reads waiting share one query, an error reaches
each read of its batch, and the next batch is read afresh."""

from __future__ import annotations

import asyncio

import pytest

from golfcore.web.records import StoreError
from golfcore.web.versions import SavedVersions


async def settle() -> None:
    """Let every ready task run up to its next wait."""
    for _ in range(10):
        await asyncio.sleep(0)


class Database:
    """Versions that change while a query is under way; each query logged with its tables."""

    def __init__(self) -> None:
        self.versions = {"a": 1, "b": 5}
        self.queries: list[list[str]] = []
        self.release = asyncio.Event()
        self.fail = False

    async def read(self, ids: list[str]) -> dict[str, int]:
        self.queries.append(ids)
        seen = {i: self.versions[i] for i in ids if i in self.versions}   # read at its start
        await self.release.wait()
        self.release.clear()
        if self.fail:
            raise StoreError("the database went away")
        return seen


def test_a_read_is_never_answered_by_a_query_begun_before_it():
    async def run() -> None:
        db = Database()
        versions = SavedVersions(db.read)
        first = asyncio.ensure_future(versions.of("a"))
        await settle()                       # its query is under way, at version 1
        db.versions["a"] = 2                         # another process moves the table on
        second = asyncio.ensure_future(versions.of("a"))
        await settle()
        db.release.set()
        assert await first == 1
        await settle()
        db.release.set()
        assert await second == 2                     # its own, later query
        assert db.queries == [["a"], ["a"]]

    asyncio.run(run())


def test_the_reads_waiting_share_one_query_and_a_missing_table_is_none():
    async def run() -> None:
        db = Database()
        versions = SavedVersions(db.read)
        first = asyncio.ensure_future(versions.of("a"))
        await settle()
        waiting = [asyncio.ensure_future(versions.of(t)) for t in ["a", "b", "zz"] * 30]
        await settle()
        db.release.set()
        await first
        await settle()
        db.release.set()
        assert await asyncio.gather(*waiting) == [1, 5, None] * 30
        assert db.queries == [["a"], ["a", "b", "zz"]]

    asyncio.run(run())


def test_an_error_reaches_every_read_of_its_batch_and_the_next_batch_reads_again():
    async def run() -> None:
        db = Database()
        versions = SavedVersions(db.read)
        db.fail = True
        reads = [asyncio.ensure_future(versions.of(t)) for t in ("a", "b")]
        await settle()
        db.release.set()
        for read in reads:
            with pytest.raises(StoreError, match="went away"):
                await read
        db.fail = False
        later = asyncio.ensure_future(versions.of("b"))
        await settle()
        db.release.set()
        assert await later == 5

    asyncio.run(run())

"""The store, awaited from the event loop: no database work ever runs on it.

* **Writes** go to one writer thread with its own connection. It takes everything queued
  while it was busy and commits it together (a group commit: :meth:`Store.write`, each write
  all or nothing), then settles each write's future: a reply that says an action is saved is
  sent only after the commit that holds it, so what is acknowledged is in the write-ahead log.
* A write has a **deadline**, ``save_seconds`` after it was queued: when another program holds
  the database's write lock past it, the write is not made and its awaiter gets
  :class:`~golfcore.web.records.NotSaved` (the web's ``not-saved`` error, :data:`NOT_SAVED`);
  meanwhile only the requests that write wait, every other one is answered.
* **Reads** (a table and its replay, a token, the statistics) run in worker threads, each with
  its own connection (WAL: they never wait for the writer).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from golfcore.web.records import NotSaved, StoreError
from golfcore.web.resume import resume
from golfcore.web.serving import trace
from golfcore.web.store import Store, Write
from golfcore.web.tables import LiveTable

#: How long a write may wait for the database (seconds) before it is refused, by default.
SAVE_SECONDS = 5.0
#: The most writes committed together.
BATCH = 256
#: The error of a request whose action could not be saved (nothing changed).
NOT_SAVED = "not-saved"
NOT_SAVED_MESSAGES = {
    "es": "No se ha podido guardar: la base de datos está ocupada por otro programa o no se "
          "puede escribir. No ha cambiado nada: vuelve a intentarlo.",
    "en": "This could not be saved: the database is busy with another program or cannot be "
          "written. Nothing changed: try again.",
}
log = logging.getLogger("golfcore.web")
T = TypeVar("T")
_Item = tuple[Write, float, "asyncio.Future[None]", asyncio.AbstractEventLoop]


def _settle(future: asyncio.Future[None], outcome: StoreError | None) -> None:
    if future.done():                       # its awaiter was cancelled (the server stops)
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)


class Saver:
    """``store``'s writes through one writer thread, its reads through worker threads."""

    def __init__(self, store: Store, *, save_seconds: float = SAVE_SECONDS) -> None:
        self.store = store
        self.save_seconds = save_seconds
        self._queue: queue.SimpleQueue[list[_Item] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._pending: list[_Item] = []          # this loop turn's writes, handed over at its end

    # -- writes --

    async def write(self, job: Write) -> None:
        """Make ``job``: returns once it is committed; raises the :class:`StoreError` that says
        why it was not (:class:`NotSaved` when the deadline passed), nothing of it written."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self._pending:                    # one hand-over per turn of the loop
            self._start()
            loop.call_soon(self._hand_over)
        self._pending.append((job, time.monotonic() + self.save_seconds, future, loop))
        await future

    def _hand_over(self) -> None:
        pending, self._pending = self._pending, []
        self._queue.put(pending)

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="golf-web-writer",
                                                daemon=True)
                self._thread.start()

    def _run(self) -> None:
        """The writer thread: commit what is queued, together, until ``None``."""
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                return
            batch = list(first)
            while len(batch) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.extend(more)
            began = time.perf_counter()
            try:
                outcomes = self.store.write([job for job, _, _, _ in batch],
                                            deadline=min(d for _, d, _, _ in batch))
            except Exception as exc:             # a bug: no write of the batch is acknowledged
                log.exception("the writer could not save %d writes", len(batch))
                outcomes = [NotSaved(f"not saved: {type(exc).__name__}: {exc}")] * len(batch)
            trace("commit", len(batch), (time.perf_counter() - began) * 1e3)
            for (_, _, future, loop), outcome in zip(batch, outcomes):
                try:
                    loop.call_soon_threadsafe(_settle, future, outcome)
                except RuntimeError:             # the loop is closed: nobody waits any more
                    pass

    async def close(self) -> None:
        """Stop the writer thread once what is queued is written."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            if self._pending:
                self._hand_over()
            self._queue.put(None)
            await asyncio.to_thread(thread.join)

    # -- reads --

    async def read(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker thread."""
        return await run_in_threadpool(function, *args)

    async def load(self, table_id: str) -> tuple[LiveTable, int] | None:
        """The saved table (its latest snapshot and the actions after it, replayed) and the
        version of that snapshot; ``None`` when there is no such table."""
        return await self.read(self._load, table_id)

    def _load(self, table_id: str) -> tuple[LiveTable, int] | None:
        record = self.store.load(table_id)
        return None if record is None else (resume(record), record.snapshot_version)

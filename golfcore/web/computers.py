"""The computer players of ``golf web``: one asyncio task per table whose computers are to act.

When a table's turn comes to a computer seat (``bot:NAME``), :meth:`Computers.wake` starts the
table's task (unless it runs already). The task waits ``bot_delay`` seconds (so that people see
each move), then asks the seat's bot for its action in a worker thread (from that seat's
observation only, :meth:`golfcore.web.tables.LiveCardGame.bot_action`), and under the table's
lock answers it as a request of that seat: saved before the table advances, then pushed to
everyone at the table. It goes on while computers are to act and stops at a person's turn (the
next person's action wakes it again).

Anyone acting meanwhile wins: the task looks again at the table as it is now and decides anew.
A computer's action that could not be saved (``NotSaved``: the database is locked elsewhere)
or that another server's action made stale changes nothing: the task waits and decides again,
so a computer's turn is never lost. The task reaches the tables, their locks, the saving and
the pushes through its :class:`Table` (the hub).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from golfcore.web.tables import LiveCardGame, LiveTable, StaleError, Step
from golfcore.web.records import NotSaved

log = logging.getLogger("golfcore.web")
#: The least wait (seconds) before a computer decides again after its action was not saved.
RETRY_SECONDS = 0.5


class Table(Protocol):
    """What the computer players need of the hub."""

    tables: dict[str, LiveTable]

    def lock(self, table_id: str) -> asyncio.Lock: ...

    async def commit(self, before: LiveTable, step: Step, seat: int | None,
                     request: dict[str, Any]) -> LiveTable: ...

    def push(self, table_id: str, last: dict[str, Any] | None, exclude: Any) -> None: ...

    def forget(self, table_id: str) -> None: ...


class Computers:
    """The tasks that play the computer seats of the live tables (one per table at most)."""

    def __init__(self, hub: Table, bot_delay: float) -> None:
        self.hub = hub
        self.bot_delay = bot_delay
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def playing(self, table_id: str) -> bool:
        """Whether the computers of ``table_id`` have a task running."""
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    def wake(self, table_id: str) -> None:
        """Start the table's computer players if one of them is to act."""
        table = self.hub.tables.get(table_id)
        if not self.playing(table_id) and table is not None and table.bot_turn():
            self.tasks[table_id] = asyncio.create_task(self._play(table_id))

    def forget(self, table_id: str) -> None:
        """Drop the table's (finished) task from the registry."""
        self.tasks.pop(table_id, None)

    async def stop(self) -> None:
        """Cancel every task (the server stops)."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _play(self, table_id: str) -> None:
        hub = self.hub
        try:
            while True:
                table = hub.tables.get(table_id)
                turn = table.bot_turn() if table is not None else None
                if table is None or turn is None:
                    return
                await asyncio.sleep(self.bot_delay)
                if hub.tables.get(table_id) is not table:
                    continue                          # someone acted meanwhile: look again
                assert isinstance(table, LiveCardGame)
                action = await run_in_threadpool(table.bot_action, *turn)
                async with hub.lock(table_id):
                    if hub.tables.get(table_id) is not table:
                        continue
                    request = {"cmd": "act", "seat": turn[0], "action": action}
                    step = table.handle("act", request, (turn[0],), by="bot")
                    if step.table is None:
                        log.error("bot %s at table %s chose a refused action %r: %r",
                                  turn[1], table_id, action, step.reply)
                        return
                    try:
                        await hub.commit(table, step, turn[0], request)
                    except (NotSaved, StaleError) as exc:  # nothing changed: decide again
                        log.warning("table %s: a computer's action: %s", table_id, exc)
                        if isinstance(exc, NotSaved):
                            await asyncio.sleep(max(self.bot_delay, RETRY_SECONDS))
                        continue
                    hub.push(table_id, step.last, exclude=None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer players of table %s stopped", table_id)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]
                hub.forget(table_id)

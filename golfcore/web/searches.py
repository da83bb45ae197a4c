"""The searches of ``golf web``: winnable deals (``new`` with ``winnable: true``) and the
solver's and fair hints (``hint`` with ``strategy: solver`` or ``fair``).

Each runs in its own task and a worker thread, so the event loop never waits for it and the
connection's other requests are answered meanwhile; its reply comes when it is done. Each is
bounded (:data:`~golfcore.web.requests.SEARCH_LIMIT` positions; the fair hint also in time), and
so is how many run: per connection and for the whole server, with a queue
(:class:`golfcore.web.limits.Bounds`; beyond them, ``busy``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Container
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool

from golfcore.errors import GolfError, error_texts
from golfcore.protocol.server import BAD_INPUT, INTERNAL, error_reply
from golfcore.protocol import solitaire as sol_protocol
from golfcore.web.requests import WINNABLE_TRIES, find_winnable
from golfcore.web.seats import HUMAN, draft_seats
from golfcore.web.tables import LiveSolitaire, LiveTable, NOT_FOUND
from golfcore.web.connection import Connection
from golfcore.web.limits import Bounds
from golfcore.web.messages import finish

log = logging.getLogger("golfcore.web")
#: Creates the table of a deal a winnable search found and seats the connection there: the
#: reply to its ``new``.
SeatFound = Callable[[Connection, LiveTable], Awaitable[dict[str, Any]]]


class Searches:
    """The searches of one server's connections, bounded by ``bounds``."""

    def __init__(self, bounds: Bounds, seat_found: SeatFound) -> None:
        self.bounds = bounds
        self.seat_found = seat_found

    def start(self, conn: Connection, rid: Any, request: dict[str, Any],
              table: LiveTable | None, live: Container[str]) -> None:
        """Start the search of ``request`` for ``conn`` (a hint searches ``table`` as it is
        now, whatever comes next), once a slot of the server's is free. Raises
        :class:`~golfcore.protocol.cardgame.RequestError` (``busy``, ``too-many-tables``) when a
        bound refuses it; ``live`` are the tables in memory."""
        new = request.get("cmd") == "new"
        if new:
            self.bounds.check_new_table(conn.created, live)
        if not new and table is None:
            raise GolfError("no table to search: send 'new' or 'open' first")
        self.bounds.admit_search(conn.searches)
        work: Callable[[], Awaitable[dict[str, Any]]]
        if new:
            work = partial(self._winnable, conn, rid, request)
        else:
            assert table is not None
            work = partial(self._hint, table, conn.held, request)
        conn.searches.add(asyncio.create_task(self._searching(conn, rid, work)))

    async def _searching(self, conn: Connection, rid: Any,
                         work: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        try:
            reply = await self.bounds.slots.run(work)
        except GolfError as exc:
            reply = error_reply(getattr(exc, "kind", BAD_INPUT), str(exc), rid, **error_texts(exc))
        except Exception as exc:
            log.exception("internal error in a search")
            reply = error_reply(INTERNAL, f"internal error: {type(exc).__name__}: {exc}", rid)
        conn.send(finish(reply, rid))

    async def _winnable(self, conn: Connection, rid: Any,
                        request: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        variant = request.get("variant", sol_protocol.DEFAULT_VARIANT)

        def progress(tried: int) -> None:
            try:
                loop.call_soon_threadsafe(conn.send, {"push": "progress", "id": rid,
                                                      "tried": tried})
            except RuntimeError:  # the loop is closed: the server is stopping
                pass

        game = await run_in_threadpool(find_winnable, variant, progress=progress,
                                       stopped=lambda: conn.closed)
        if game is None:
            return error_reply(NOT_FOUND, f"no winnable deal of {variant} was found among "
                               f"{WINNABLE_TRIES} random deals (nothing changed): try "
                               f"again, or deal without 'winnable'", None)
        draft = LiveSolitaire("", 0, draft_seats([HUMAN]), game)
        return await self.seat_found(conn, draft)

    @staticmethod
    async def _hint(table: LiveTable, held: tuple[int, ...],
                    request: dict[str, Any]) -> dict[str, Any]:
        try:
            step = await run_in_threadpool(table.handle, "hint", request, held)
        except GolfError as exc:
            return error_reply(getattr(exc, "kind", BAD_INPUT), str(exc), None,
                               **table.on_error(held), **error_texts(exc))
        return step.reply

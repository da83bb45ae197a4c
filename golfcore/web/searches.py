"""The searches of ``golf web``: winnable deals (``new`` with ``winnable: true``), the
solver's and fair hints (``hint`` with ``strategy: solver`` or ``fair``) and the coach
(``coach``: :mod:`golfcore.web.coach`, its review reading the table's log off the loop).

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
from golfcore.web import coach
from golfcore.web.records import LoggedAction
from golfcore.web.requests import WINNABLE_TRIES, find_winnable
from golfcore.web.resume import from_snapshot
from golfcore.web.seats import HUMAN, draft_seats
from golfcore.protocol.cardgame import RequestError
from golfcore.web.tables import SOLITAIRE, LiveSolitaire, LiveTable, NOT_FOUND
from golfcore.web.connection import Connection
from golfcore.web.limits import Bounds
from golfcore.web.messages import finish

log = logging.getLogger("golfcore.web")
#: Creates the table of a deal a winnable search found and seats the connection there: the
#: reply to its ``new``.
SeatFound = Callable[[Connection, LiveTable], Awaitable[dict[str, Any]]]
#: Reads a table's log off the loop: its first snapshot (version 0) and its actions.
ReadLog = Callable[[str], Awaitable[tuple[dict[str, Any], list[LoggedAction]]]]


class Searches:
    """The searches of one server's connections, bounded by ``bounds``."""

    def __init__(self, bounds: Bounds, seat_found: SeatFound,
                 read_log: ReadLog | None = None) -> None:
        self.bounds = bounds
        self.seat_found = seat_found
        self.read_log = read_log

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
        review = False
        if request.get("cmd") == "coach":
            review = self._check_coach(table, conn.held, request)
        self.bounds.admit_search(conn.searches)
        work: Callable[[], Awaitable[dict[str, Any]]]
        if new:
            work = partial(self._winnable, conn, rid, request)
        elif request.get("cmd") == "coach":
            assert isinstance(table, LiveSolitaire)
            work = partial(self._review if review else self._coach, table)
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

    def _check_coach(self, table: LiveTable | None, held: tuple[int, ...],
                     request: dict[str, Any]) -> bool:
        """Whether a ``coach`` request asks for the review, once checked: the player's seat,
        the table's version, and a review only of a game that is over."""
        if not isinstance(table, LiveSolitaire):
            raise GolfError("the coach is the solitaire's: this table plays the card game")
        coach.check_seat(held)
        review = coach.check_request(request, table.version)
        if review and (not table.game.is_over or self.read_log is None):
            raise RequestError(coach.NOT_OVER, "the review comes once the game is over",
                               dict(coach.NOT_OVER_MESSAGES))
        return review

    @staticmethod
    async def _coach(table: LiveSolitaire) -> dict[str, Any]:
        return await run_in_threadpool(coach.live_reply, table)

    async def _review(self, table: LiveSolitaire) -> dict[str, Any]:
        assert self.read_log is not None
        first, actions = await self.read_log(table.id)
        return await run_in_threadpool(self._reviewed, table, first, actions)

    @staticmethod
    def _reviewed(table: LiveSolitaire, first: dict[str, Any],
                  actions: list[LoggedAction]) -> dict[str, Any]:
        start = from_snapshot(SOLITAIRE, table.id, 0, table.seats, first)
        assert isinstance(start, LiveSolitaire)
        return coach.review_reply(table, start, actions)

    @staticmethod
    async def _hint(table: LiveTable, held: tuple[int, ...],
                    request: dict[str, Any]) -> dict[str, Any]:
        try:
            step = await run_in_threadpool(table.handle, "hint", request, held)
        except GolfError as exc:
            return error_reply(getattr(exc, "kind", BAD_INPUT), str(exc), None,
                               **table.on_error(held), **error_texts(exc))
        return step.reply

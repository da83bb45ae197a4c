"""The ``golf web`` application: the page, the WebSocket protocol and pushes.

:func:`create_app` builds a Starlette app over a :class:`~golfcore.web.store.Store`:

* ``/`` is ``static/index.html``, ``/static/...`` the page's files, ``/api/stats`` the
  statistics as JSON, ``/ws`` the protocol of ``docs/web.md``; ``/sw.js`` and
  ``/manifest.webmanifest`` the installable app's (:mod:`golfcore.web.offline`);
* the :class:`Hub` answers each connection's requests over the live tables
  (:mod:`golfcore.web.live`: the tables being played, :mod:`golfcore.web.tables`, and which
  connections sit at each). Every accepted action is saved (a row of the table's log, with a
  snapshot when one is due: :mod:`golfcore.web.resume`) by the writer thread of
  :mod:`golfcore.web.saver` before its reply is sent, and the live table advances only then; an
  action that could not be saved in time is answered ``not-saved`` and changes nothing. Then
  each other connection at the table gets a push. ``open`` and the requests that only read
  serve the table as the database has it (another server on the same file may have moved it
  on), and the change feed (:mod:`golfcore.web.changes`) pushes such tables as they move.
  A solitaire ``new`` with ``draft: true`` is saved with its first action only;
* the computer players (:mod:`golfcore.web.computers`) play the computer seats, ``bot_delay``
  seconds after it becomes their turn, each action saved and pushed to everyone at the table;
* solver searches (``new`` with ``winnable: true``, ``hint`` with ``strategy: solver`` or
  ``fair``: :mod:`golfcore.web.searches`) and the bots' decisions run in threads, so the event
  loop never waits for them;
* :mod:`golfcore.web.security` checks every request's Host and Origin and adds the security
  headers; :mod:`golfcore.web.limits` bounds what connections and the server may take.

Each connection (:mod:`golfcore.web.connection`) writes through a queue drained by one task, so
replies and pushes leave in the order they were made, and one slow browser holds up no one
else.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketClose

from golfcore.cardgame.bots import bot_info
from golfcore.errors import GolfError
from golfcore.protocol.cardgame import RequestError
from golfcore.protocol.server import (BAD_INPUT, BAD_REQUEST, FEATURES, INTERNAL, PROTOCOL,
                                      error_reply, hello, other_game_hint)
from golfcore.web import i18n, replays
from golfcore.web.requests import (check_draft, check_winnable, is_search, start_card_game,
                                   start_solitaire)
from golfcore.web.seats import HUMAN, draft_seats, seat_list
from golfcore.web.seats import tokens as seat_tokens
from golfcore.web.tables import LiveCardGame, LiveSolitaire, LiveTable, SOLITAIRE, STALE
from golfcore.web.changes import INTERVAL as CHANGES_EVERY
from golfcore.web.connection import Connection
from golfcore.web.limits import TRY_AGAIN_LATER, Limits
from golfcore.web.offline import routes_for as offline_routes
from golfcore.web.live import LiveTables
from golfcore.web.messages import (BAD_TOKEN, MAX_MESSAGE, NO_TABLE, Message, finish,
                                   read_message)
from golfcore.web.records import LoggedAction, NotSaved, StoreError
from golfcore.web.saver import NOT_SAVED, NOT_SAVED_MESSAGES, SAVE_SECONDS, Saver
from golfcore.web.searches import Searches
from golfcore.web.daily import Dailies
from golfcore.web.security import Guard, Policy
from golfcore.web.store import Store

STATIC = Path(__file__).resolve().parent / "static"
#: Commands about no table: their errors carry no table.
SHARED_COMMANDS = ("hello", "new", "open", "stats", "replay", "daily", "quit")
WEB_VERSION = 1
log = logging.getLogger("golfcore.web")


class Hub(LiveTables):
    """The live tables (:class:`LiveTables`) and the requests of the connections: searches,
    ``new``, ``open``, game commands, and the socket of each."""

    def __init__(self, saver: Saver, bot_delay: float, limits: Limits | None = None) -> None:
        super().__init__(saver, bot_delay, limits)
        self.connections: set[Connection] = set()
        self.searches = Searches(self.bounds, self._seat_found, self._read_log)
        self.dailies = Dailies()

    # -- requests ----------------------------------------------------------------------------------

    async def handle(self, conn: Connection, text: str) -> None:
        """Answer one message of ``conn`` (a search answers later, from its own task)."""
        table = await self.live(conn.table_id) if conn.table_id else None
        message = read_message(text, table.game_name if table else None)
        if not isinstance(message, Message):
            conn.send(message)
            return
        cmd, rid, request = message.cmd, message.id, message.request
        held = conn.held

        def extra() -> dict[str, Any]:
            """What a game command's error shows: the table as it was (a solitaire's state
            too); made only for an error (the table is an immutable value)."""
            return table.on_error(held) if table and cmd not in SHARED_COMMANDS else {}

        try:
            if is_search(cmd, request) and (cmd != "new" or check_winnable(request)):
                self.search(conn, rid, request)
                return
            reply = await self.answer(conn, cmd, request, rid)
        except RequestError as exc:                  # stale, bad-token, not-your-seat...
            more = {"messages": exc.messages} if exc.messages else {}
            reply = error_reply(exc.kind, str(exc), rid, **more, **extra())
        except NotSaved as exc:                      # the table is as it was
            reply = error_reply(NOT_SAVED, str(exc), rid, messages=NOT_SAVED_MESSAGES, **extra())
        except StoreError as exc:
            reply = error_reply(INTERNAL, f"the game could not be saved: {exc}", rid)
        except GolfError as exc:
            reply = error_reply(BAD_INPUT, _new_hint(str(exc), request) if cmd == "new"
                                else str(exc), rid, **extra(),
                                **i18n.golf_error_texts(exc, cmd, request))
        except Exception as exc:  # a bug must not end the connection
            log.exception("internal error answering %r", cmd)
            reply = error_reply(INTERNAL, f"internal error: {type(exc).__name__}: {exc}", rid)
        if reply.get("error") == STALE and table is not None:   # with the fresh state
            reply.update(self.tables.get(table.id, table).view(conn.held))
        conn.send(finish(reply, rid))

    async def answer(self, conn: Connection, cmd: str, request: dict[str, Any],
                     rid: Any) -> dict[str, Any]:
        if cmd == "hello":
            greeting = hello()
            bots = bot_info()
            return {**greeting, "variants": i18n.variant_titles(greeting["variants"]),
                    "features": [f for f in FEATURES if f != "solve"],
                    "web": {"version": WEB_VERSION, "bots": [b["name"] for b in bots],
                            "bot_info": bots, "max_message": MAX_MESSAGE}}
        if cmd == "quit":
            conn.done = True
            return {"bye": True}
        if cmd == "stats":
            return {"stats": await self.saver.read(self.store.statistics)}
        if cmd == "daily":
            return await self.dailies.info(request)
        if cmd == "new":
            self.bounds.check_new_table(conn.created, self.tables)
            self.bounds.check_saved(await self.saver.read(self.store.usage, conn.made,
                                                          conn.client))
            return await self.new(conn, request)
        if cmd == "open":
            return await self.open(conn, request)
        if cmd == "replay":
            table_id = conn.table_id
            draft = self.tables.get(table_id) if table_id in self.drafts else None
            return await replays.answer(request, read=self.saver.read, store=self.store,
                                        table_id=table_id, draft=draft)
        assert conn.table_id is not None
        return await self.command(conn, cmd, request)

    async def new(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        draft: LiveTable
        save = True
        if request.get("game", SOLITAIRE) == SOLITAIRE:
            check_winnable(request)
            save = not check_draft(request)
            day = None
            if request.get("daily") is not None:
                game, course, day = await self.dailies.start(request)
            else:
                game, course = start_solitaire(request)
            draft = LiveSolitaire("", 0, draft_seats([HUMAN]), game, course, day)
            here: tuple[int, ...] = (0,)
        else:
            match, kinds, here = start_card_game(request)
            draft = LiveCardGame("", 0, draft_seats(kinds), match)
        return self.started(conn, await self.create(draft, save, client=conn.client), here)

    def started(self, conn: Connection, table: LiveTable,
                here: tuple[int, ...]) -> dict[str, Any]:
        """The reply to a ``new``: a draft's has ``draft: true`` and no tokens yet (its first
        saved action's reply brings them)."""
        conn.created.append(table.id)
        conn.made.append(table.id)
        self.seat(conn, table, here)
        keys = {"draft": True} if table.id in self.drafts else {"tokens": seat_tokens(table)}
        return {**table.started(here), **keys, "seats": seat_list(table), "held": list(here)}

    async def open(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        tokens = request.get("tokens")
        if not isinstance(tokens, list) or not 1 <= len(tokens) <= 6 \
                or not all(isinstance(x, str) for x in tokens):
            raise GolfError(f"'tokens' must be a list of 1 to 6 seat tokens (text), got "
                            f"{tokens!r}"[:300])
        seats = await self.saver.read(lambda: [self.store.seat_of(x) for x in tokens])
        found: list[tuple[str, int]] = []
        for token, seat in zip(tokens, seats):
            if seat is None:
                raise RequestError(BAD_TOKEN, f"token {token[:40]!r} is no seat's: the game "
                                              f"may have been deleted, or the link mistyped")
            found.append(seat)
        if len({table_id for table_id, _ in found}) > 1:
            raise RequestError(BAD_TOKEN, "the tokens are seats of different tables: 'open' "
                                          "takes the tokens of one table")
        table = await self.current(found[0][0])       # as the database has it now
        if table is None:
            raise RequestError(BAD_TOKEN, "the tokens' table is no longer saved")
        held = tuple(sorted({seat for _, seat in found}))
        self.seat(conn, table, held)
        return {**table.started(held), "game": table.game_name,
                "seats": seat_list(table), "held": list(held)}

    async def command(self, conn: Connection, cmd: str,
                      request: dict[str, Any]) -> dict[str, Any]:
        table_id = conn.table_id
        assert table_id is not None
        known = self.tables.get(table_id)
        if known is None or cmd not in known.actions:   # a read: never older than the file
            await self.current(table_id)
        async with self.lock(table_id):
            table = self.tables.get(table_id) or await self.live(table_id)
            if table is None:
                raise RequestError(NO_TABLE, "this table is no longer in the database")
            step = table.handle(cmd, request, conn.held)
            if step.table is None:
                return step.reply
            seat = step.last.get("seat") if step.last else None
            draft = table_id in self.drafts
            after = await self.commit(table, step, seat, request)
            self.push(table_id, step.last, exclude=conn)
        self.computers.wake(table_id)
        return {**step.reply, "tokens": seat_tokens(after)} if draft else step.reply

    # -- searches ----------------------------------------------------------------------------------

    def search(self, conn: Connection, rid: Any, request: dict[str, Any]) -> None:
        """Start a search for ``conn`` (:class:`~golfcore.web.searches.Searches`): it answers
        later, from its own task."""
        self.searches.start(conn, rid, request, self.tables.get(str(conn.table_id)), self.tables)

    async def _seat_found(self, conn: Connection, draft: LiveTable) -> dict[str, Any]:
        """Create the table of a winnable deal a search found, and seat ``conn`` there."""
        return self.started(conn, await self.create(draft, client=conn.client), (0,))

    async def _read_log(self, table_id: str) -> tuple[dict[str, Any], list[LoggedAction]]:
        """A table's first snapshot and its actions, read off the loop in one read of the
        store (the coach's review; the replay reads it the same way)."""
        def read() -> tuple[dict[str, Any], list[LoggedAction]]:
            log = self.store.log_of(table_id)
            if log is None or log[2]["version"] != 0:
                raise GolfError("this table's log does not start at its deal: no review")
            return log[2]["snapshot"], log[3]
        return await self.saver.read(read)

    # -- the socket --------------------------------------------------------------------------------

    async def serve(self, websocket: WebSocket) -> None:
        await websocket.accept()
        if not self.bounds.room_for(len(self.connections)):
            await websocket.close(TRY_AGAIN_LATER, "too many connections: try again later")
            return
        address = websocket.client.host if websocket.client else None
        conn = Connection(websocket, self.bounds.rate(), self.store.address_key(address))
        self.connections.add(conn)
        writer = asyncio.create_task(conn.write())
        try:
            while not conn.done:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    conn.send(error_reply(BAD_REQUEST, "binary messages are not read: send "
                                          "each request as a JSON text message", None))
                elif (refused := self.bounds.rate_refusal(conn.rate, text)) is not None:
                    conn.send(refused)
                else:
                    await self.handle(conn, text)
        finally:
            self.connections.discard(conn)
            self.leave(conn)
            for task in conn.searches:
                task.cancel()                     # a winnable search stops at the next deal
            conn.outbox.put_nowait(None)          # what was queued (a bye) still leaves
            await writer
            conn.closed = True
            if conn.done:
                await websocket.close()


def _new_hint(message: str, request: dict[str, Any]) -> str:
    variant, game = request.get("variant"), request.get("game", SOLITAIRE)
    hint = other_game_hint(variant, game) if isinstance(variant, str) else None
    return f"{message} ({hint})" if hint else message


class _Files(StaticFiles):
    """The page's files; a WebSocket handshake to ``/static/...`` is refused (403, before it
    opens), as one to any other path but ``/ws`` is; older Starlette (0.37) asserts that a
    StaticFiles request is HTTP, and so answered it 500 and logged a traceback."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await WebSocketClose()(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def create_app(store: Store, *, bot_delay: float = 0.8, policy: Policy | None = None,
               limits: Limits | None = None, save_seconds: float = SAVE_SECONDS,
               changes_every: float = CHANGES_EVERY) -> Starlette:
    """The ``golf web`` application over ``store``; computers act ``bot_delay`` seconds after
    their turn comes. ``policy`` says which Host and Origin headers are this server's own
    (default: ``golf web``'s, on 127.0.0.1:8000); ``limits`` bounds what connections may take
    (default: ``golf web``'s); an action that cannot be saved within ``save_seconds`` is
    refused (``not-saved``); every ``changes_every`` seconds the change feed looks for the
    tables another server on the same file moved on (:mod:`golfcore.web.changes`)."""
    saver = Saver(store, save_seconds=save_seconds)
    hub = Hub(saver, bot_delay, limits)

    async def index(request: Request) -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            return PlainTextResponse("the page is not installed (golfcore/web/static)", 404)
        return FileResponse(page, media_type="text/html")

    async def stats(request: Request) -> Response:
        return JSONResponse(await saver.read(store.statistics))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(hub.sweep())
        feed = store.change_feed(asyncio.get_running_loop(), hub.changed,
                                 interval=changes_every)
        await asyncio.to_thread(feed.start)
        try:
            yield
        finally:
            await asyncio.to_thread(feed.stop)
            hub.stop_catching_up()
            sweeper.cancel()
            await hub.computers.stop()
            await saver.close()

    service_worker, manifest = offline_routes(STATIC)
    app = Starlette(routes=[
        Route("/", index),
        Route("/sw.js", service_worker),              # at the root: it controls "/"
        Route("/manifest.webmanifest", manifest),
        Route("/api/stats", stats),
        WebSocketRoute("/ws", hub.serve),
        Mount("/static", _Files(directory=STATIC, check_dir=False), name="static"),
    ], lifespan=lifespan, middleware=[Middleware(Guard, policy=policy or Policy())])
    app.state.hub = hub
    app.state.protocol = PROTOCOL
    return app

"""One WebSocket connection of ``golf web``: what the hub knows of a browser tab.

A :class:`Connection` writes through a queue drained by one task (:meth:`Connection.write`), so
replies and pushes leave in the order they were made and one slow browser holds up no one else.
It also holds the connection's table and seats, its running searches, the tables it created and
its message rate (the last three for :mod:`golfcore.web.limits`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.websockets import WebSocket

from golfcore.protocol.server import dump_reply
from golfcore.web import i18n
from golfcore.web.limits import Rate


class Connection:
    """One browser tab: its outgoing queue, its table and the seats it holds, its searches,
    the tables it created and its message rate."""

    def __init__(self, websocket: WebSocket, rate: Rate, client: str | None = None) -> None:
        self.websocket = websocket
        #: The keyed hash of the client's address (:func:`golfcore.web.quotas.address_key`).
        self.client = client
        #: Every table this connection created (live or not), for the storage bounds.
        self.made: list[str] = []
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.table_id: str | None = None
        self.held: tuple[int, ...] = ()
        self.searches: set[asyncio.Task[None]] = set()
        self.created: list[str] = []
        self.rate = rate
        self.closed = False
        self.done = False

    def send(self, message: dict[str, Any]) -> None:
        if not self.closed:
            self.outbox.put_nowait(dump_reply(i18n.localize(message)))

    async def write(self) -> None:
        """Send the queued messages in order until ``None`` (or the socket fails)."""
        while (text := await self.outbox.get()) is not None:
            try:
                await self.websocket.send_text(text)
            except Exception:  # the browser is gone: nothing more can be sent
                self.closed = True
                return

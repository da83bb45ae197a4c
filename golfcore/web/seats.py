"""The seats of ``golf web``'s tables: who sits where, the tokens that are their keys, and the
computer players of the card game's ``bot:...`` seats.

A seat is a :class:`~golfcore.web.records.SeatRecord`: its number, its kind (``human`` or
``bot:NAME[:KEY=VALUE,...]``) and, for a person's seat, its token (drawn by the store when the
table is saved: :meth:`golfcore.web.store.Store.new_table`). A table not saved yet has seats
without tokens (:func:`draft_seats`); :func:`placed` gives it the saved ones.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from golfcore.cardgame.bots.spec import BotSpec
from golfcore.protocol import computers
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.web.exports import HUMAN
from golfcore.web.records import SeatRecord, TableRecord

if TYPE_CHECKING:
    from golfcore.web.tables import LiveTable

BOT = "bot:"
Table = TypeVar("Table", bound="LiveTable")


@functools.lru_cache(maxsize=256)
def bot_spec(kind: str) -> BotSpec:
    """The bot (and options) of a computer seat's kind ``bot:...``, checked as a new table's
    are (:func:`golfcore.protocol.computers.bot_kind`: a table imported from a file is held to
    the same client limits); looked up once per kind: reading entry points is slow."""
    return computers.bot_kind(0, kind)


def bot_seed(table_id: str, seat: int) -> int:
    """The seed of the computer player at ``seat`` of a table: the same after a restart."""
    digest = hashlib.sha256(f"{table_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big") % MAX_DEAL + 1


def draft_seats(kinds: Sequence[str]) -> tuple[SeatRecord, ...]:
    """Seats of a table not saved yet (no id, no tokens)."""
    return tuple(SeatRecord(i, kind, None) for i, kind in enumerate(kinds))


def placed(table: Table, record: TableRecord) -> Table:
    """``table`` as saved: the id, version and seats (with their tokens) of ``record``."""
    return replace(table, id=record.id, version=record.version, seats=record.seats)


def seat_list(table: LiveTable) -> list[dict[str, Any]]:
    """``seats`` of a reply: ``[{seat, kind}]``."""
    return [{"seat": s.seat, "kind": s.kind} for s in table.seats]


def tokens(table: LiveTable) -> dict[str, str]:
    """``{seat: token}`` of every person's seat (for the creator to hand out)."""
    return {str(s.seat): s.token for s in table.seats if s.token is not None}


__all__ = ["BOT", "HUMAN", "bot_seed", "bot_spec", "draft_seats", "placed", "seat_list",
           "tokens"]

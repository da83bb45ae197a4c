"""What the ``golf web`` database holds, as values: tables, seats, logged actions, and the
errors of the store.

A table's state is never one row: it is its latest **snapshot** (the JSON a table resumes from,
at ``snapshot_version``) followed by its **tail**, the actions accepted after that snapshot, which
:mod:`golfcore.web.resume` replays. These records are what :class:`golfcore.web.store.Store`
reads and writes; they hold no connection and do no work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcore.errors import GolfError


class StoreError(GolfError):
    """A database that cannot be used, a bad import file, a table that does not exist."""


class StaleVersion(StoreError):
    """An action recorded against a version that is not the table's current one."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


class NotSaved(StoreError):
    """A write that was not made: the database stayed locked past the deadline, or the disk
    refused it. Nothing of it is in the database."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str                 # "human" or "bot:NAME"
    token: str | None         # the key to a person's seat; None for a computer's


@dataclass(frozen=True)
class LoggedAction:
    """One accepted action of a table's log: its number (the table's version after it), the
    seat that acted (``None`` when no seat did), the request as sent (without its ``id``) and
    when it was saved (unix time)."""

    version: int
    seat: int | None
    request: dict[str, Any]
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "seat": self.seat, "request": self.request,
                "at": self.at}


@dataclass(frozen=True)
class TableRecord:
    """A saved table: its facts, its seats, its latest snapshot and the actions after it."""

    id: str
    game: str                 # "solitaire" or "card-game"
    variant: str
    created: float            # unix time
    updated: float
    version: int              # number of accepted actions
    status: str               # summary["status"]
    summary: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    snapshot: dict[str, Any]  # the table at snapshot_version
    snapshot_version: int = 0
    tail: tuple[LoggedAction, ...] = ()   # the actions after snapshot_version, in order


@dataclass(frozen=True)
class NewTable:
    """A write: a new table at version 0 and its first snapshot; with ``first``, also its
    first action (version 1), in the same all-or-nothing write (a table dealt as a draft is
    saved with its first action, never without it)."""

    record: TableRecord
    first: NewAction | None = None
    #: The keyed hash of the address that created it (:func:`golfcore.web.quotas.address_key`).
    client: str | None = None


@dataclass(frozen=True)
class NewAction:
    """A write: action number ``version`` of a table, the table's new summary, and a snapshot
    of the table after it when one is due (``None`` otherwise)."""

    table_id: str
    version: int
    seat: int | None
    request: dict[str, Any]
    summary: dict[str, Any]
    snapshot: dict[str, Any] | None = None

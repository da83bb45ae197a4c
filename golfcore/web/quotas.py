"""How much ``golf web`` lets its players store: the bounds on saved tables and on the file.

Every ``new`` is checked against them before anything is dealt (:func:`check`); each is a
``golf web`` option (:class:`golfcore.web.limits.Limits`, docs/web.md, *Bounds*):

* unfinished saved tables one connection created (``saved_per_connection``), those created from
  one client address by all its connections (``saved_per_address``), and those in the whole
  database (``saved_tables``): one more is answered ``too-many-saved``. A finished table no
  longer counts: it is the player's history, not a flood;
* the database's size (``db_megabytes``: an SQLite file and its write-ahead log, or a
  PostgreSQL database's ``pg_database_size``): past it, no new
  table is saved (``storage-full``), while the tables already saved go on being played;
* unfinished tables nobody played for ``expire_days`` are deleted (:func:`expire`), with their
  seats, actions and snapshots, so a flood that slipped through ages out.

A client address is stored only as a keyed hash (:func:`address_key`: HMAC-SHA-256 under a
secret made for each database and kept in it), so that the file never holds who played, and
the hashes cannot be recomputed from a list of addresses without that secret.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from golfcore.protocol.cardgame import RequestError
from golfcore.web.rows import chunks

TOO_MANY_SAVED = "too-many-saved"
STORAGE_FULL = "storage-full"
#: The status of a saved table that is still being played (a finished one is "over", "won"
#: or "lost").
UNFINISHED = "playing"
#: The name of the database's secret for :func:`address_key` in its ``settings`` table.
ADDRESS_SECRET = "address-secret"


@dataclass(frozen=True)
class Usage:
    """What one connection, its address and the whole database hold now."""

    by_connection: int
    by_address: int
    total: int
    size_bytes: int


def address_key(secret: bytes, address: str | None) -> str | None:
    """The keyed hash under which tables created from ``address`` are counted (``None`` for
    a connection whose address is unknown: it is bounded per connection and in total only)."""
    if not address:
        return None
    return hmac.new(secret, address.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:32]


def usage(conn: Any, size_bytes: int, made: Sequence[str], client: str | None) -> Usage:
    """The :class:`Usage` of a connection that created the tables ``made`` from the address
    whose key is ``client``, read in one transaction of ``conn``, in a database of
    ``size_bytes``."""
    mine = 0
    for chunk, marks in chunks(list(dict.fromkeys(made))):
        mine += conn.execute(f"SELECT count(*) FROM tables WHERE status = ? AND id IN "
                             f"({marks})", (UNFINISHED, *chunk)).fetchone()[0]
    by_address = 0 if client is None else conn.execute(
        "SELECT count(*) FROM tables WHERE client = ? AND status = ?",
        (client, UNFINISHED)).fetchone()[0]
    total = conn.execute("SELECT count(*) FROM tables WHERE status = ?",
                         (UNFINISHED,)).fetchone()[0]
    return Usage(int(mine), int(by_address), int(total), size_bytes)


def check(used: Usage, *, per_connection: int, per_address: int, tables: int,
          megabytes: float) -> None:
    """Refuse one more saved table beyond a bound: ``too-many-saved`` or ``storage-full``,
    saying which bound and what to do. Nothing is dealt or saved then."""
    if used.size_bytes >= megabytes * 1024 * 1024:
        raise RequestError(STORAGE_FULL, f"the database holds {used.size_bytes / 2**20:.1f} MB, "
                           f"its limit is {megabytes:g} MB: no new table can be saved; the "
                           f"tables already saved can still be played")
    for count, most, whose in ((used.by_connection, per_connection, "this connection"),
                               (used.by_address, per_address, "your address"),
                               (used.total, tables, "the server")):
        if count >= most:
            raise RequestError(TOO_MANY_SAVED, f"{whose} already has {count} unfinished saved "
                               f"table(s), as many as it may ({most}): finish or leave one "
                               f"(unfinished tables are deleted after a while) before "
                               f"creating another")


def expire(conn: Any, before: float, keep: Container[str] = ()) -> int:
    """Delete the unfinished tables not played since ``before`` (seconds since the epoch),
    but those in ``keep``, with their seats, actions and snapshots; how many were deleted."""
    old = [row[0] for row in conn.execute("SELECT id FROM tables WHERE status = ? AND "
                                          "updated < ?", (UNFINISHED, before))]
    gone = [(table_id,) for table_id in old if table_id not in keep]
    conn.executemany("DELETE FROM tables WHERE id = ?", gone)
    return len(gone)

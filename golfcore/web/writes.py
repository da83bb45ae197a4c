"""The writes of ``golf web``'s store as SQL that both kinds of database take
(:mod:`golfcore.web.database`): a new table, checked and inserted; an action appended under its
table's version; the tables of an import added. :class:`golfcore.web.store.Store` runs them in
its transactions (a savepoint each in a group commit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from golfcore.web import rows
from golfcore.web.database import Conn
from golfcore.web.exports import seat_kinds_problem, snapshots_of
from golfcore.web.records import NewAction, StaleVersion, StoreError, TableRecord
from golfcore.web.rows import dumps
from golfcore.web.stats import summary_problems

#: Each table's game and seat kinds, which never change: read once per store.
Kinds = dict[str, tuple[str, tuple[str, ...]]]


def checked_summary(game: str, summary: object, kinds: Sequence[str]) -> None:
    for path, problem in summary_problems(game, summary, kinds):
        raise StoreError(f"bad summary: {path or 'summary'}: {problem}")


def insert_new(conn: Conn, record: TableRecord, client: str | None, known: Kinds) -> None:
    """Insert a new table at version 0, once its seats, variant and summary are checked."""
    kinds = [s.kind for s in record.seats]
    problem = seat_kinds_problem(record.game, kinds)
    if not (isinstance(record.variant, str) and record.variant):
        problem = f"the variant must be a name, not {record.variant!r}"
    if problem is not None:
        raise StoreError(f"bad table: {problem}")
    checked_summary(record.game, record.summary, kinds)
    rows.insert(conn, record, [(0, record.snapshot)], [], client)
    known[record.id] = (record.game, tuple(kinds))


def append(conn: Conn, job: NewAction, now: float, known_kinds: Kinds) -> None:
    """Append action ``job.version`` to its table: :class:`StaleVersion` unless the table is
    at ``job.version - 1``."""
    known = known_kinds.get(job.table_id)
    if known is None:
        row = conn.execute("SELECT game FROM tables WHERE id = ?",
                           (job.table_id,)).fetchone()
        if row is None:
            raise StoreError(f"no table {job.table_id!r}")
        known = (row["game"], tuple(s.kind for s in rows.seats(conn, job.table_id)))
        known_kinds[job.table_id] = known
    game, kinds = known
    if job.seat is not None and not 0 <= job.seat < len(kinds):
        raise StoreError(f"table {job.table_id} has no seat {job.seat}")
    checked_summary(game, job.summary, kinds)
    # the table's row orders its actions: of two processes saving action n, the second
    # one's update finds the row at version n (PostgreSQL: once the first one committed)
    done = conn.execute("UPDATE tables SET version = ?, updated = ?, status = ?, summary = ? "
                        "WHERE id = ? AND version = ?",
                        (job.version, now, job.summary["status"], dumps(job.summary),
                         job.table_id, job.version - 1)).rowcount
    if not done:
        row = conn.execute("SELECT version FROM tables WHERE id = ?",
                           (job.table_id,)).fetchone()
        if row is None:
            raise StoreError(f"no table {job.table_id!r}")
        raise StaleVersion(f"table {job.table_id}: action {job.version} is stale: the table "
                           f"is at version {row['version']}", row["version"])
    conn.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                 (job.table_id, job.version, job.seat, dumps(job.request), now))
    if job.snapshot is not None:
        conn.execute("INSERT INTO snapshots VALUES (?, ?, ?)",
                     (job.table_id, job.version, dumps(job.snapshot)))


def add_imported(conn: Conn, tables: Sequence[dict[str, Any]], source: str) -> int:
    """Insert the checked tables of an export whose ids are not in the database yet; how many.
    A token that is the key to another saved table's seat is refused (:class:`StoreError`),
    and the caller's transaction with it."""
    added = 0
    for index, table in enumerate(tables):
        if conn.execute("SELECT 1 FROM tables WHERE id = ?", (table["id"],)).fetchone():
            continue
        for seat in table["seats"]:
            if seat["token"] is not None and conn.execute(
                    "SELECT 1 FROM seats WHERE token = ?", (seat["token"],)).fetchone():
                raise StoreError(f"{source}: $.tables[{index}].seats[{seat['seat']}].token: "
                                 f"the key to a seat of another saved table")
        rows.insert(conn, rows.import_record(table), snapshots_of(table), table["actions"])
        added += 1
    return added

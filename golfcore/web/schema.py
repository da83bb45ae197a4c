"""The schema of ``golf web``'s database and its migrations.

The schema version is ``PRAGMA user_version``. :data:`MIGRATIONS` holds one function per
version: ``MIGRATIONS[n - 1]`` makes version *n* from version *n - 1* (0 is the empty file), and
:func:`migrate` runs those a file needs in one transaction with its new ``user_version``, so a
file is converted entirely or not at all. A file of a newer version, or a version-0 file that
holds tables of another program, is refused by :func:`check_schema`, read only, so that it is
left byte for byte as it was.

* Version 1: ``tables`` (id, game, variant, created, updated, version, status, snapshot and
  summary as JSON text), ``seats`` (table, seat, kind, token: unique, present exactly for
  ``human`` seats) and ``actions`` (table, version, seat, request as JSON text, time). Every
  action rewrote the table's whole snapshot.
* Version 2, the event log: a table's snapshots move to ``snapshots`` (table, version,
  snapshot), written at the table's creation and then every so often; a table's state is its
  latest snapshot plus the actions after it (:mod:`golfcore.web.resume`). Each table's
  version-1 snapshot becomes its snapshot at its current version.
* Version 3, bounded storage (:mod:`golfcore.web.quotas`): ``tables.client``, the keyed hash
  of the address that created a table (``NULL`` for tables saved before, or imported), indexes
  by client and by status, and ``settings`` (name, value), which holds the secret of that hash.
"""

from __future__ import annotations

import sqlite3
import secrets
from collections.abc import Callable, Sequence

from golfcore.web import dbfile
from golfcore.web.records import StoreError

Migration = Callable[[sqlite3.Connection], None]


def _version_1(conn: sqlite3.Connection) -> None:
    """Tables, their seats and their actions."""
    conn.execute("""CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,
        created REAL NOT NULL, updated REAL NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 0), status TEXT NOT NULL,
        snapshot TEXT NOT NULL, summary TEXT NOT NULL)""")
    conn.execute("""CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL, kind TEXT NOT NULL, token TEXT UNIQUE,
        PRIMARY KEY (table_id, seat),
        CHECK ((kind = 'human') = (token IS NOT NULL)))""")
    conn.execute("""CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version INTEGER NOT NULL, seat INTEGER, request TEXT NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (table_id, version))""")
    conn.execute("CREATE INDEX tables_by_creation ON tables (created, id)")


def _version_2(conn: sqlite3.Connection) -> None:
    """Snapshots in their own table; ``tables`` without its snapshot column (rebuilt, as
    SQLite's documentation describes, while foreign keys are off: see :func:`migrate`)."""
    conn.execute("""CREATE TABLE snapshots (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 0), snapshot TEXT NOT NULL,
        PRIMARY KEY (table_id, version))""")
    conn.execute("INSERT INTO snapshots SELECT id, version, snapshot FROM tables")
    conn.execute("""CREATE TABLE tables_2 (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,
        created REAL NOT NULL, updated REAL NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 0), status TEXT NOT NULL,
        summary TEXT NOT NULL)""")
    conn.execute("INSERT INTO tables_2 SELECT id, game, variant, created, updated, version, "
                 "status, summary FROM tables")
    conn.execute("DROP TABLE tables")
    conn.execute("ALTER TABLE tables_2 RENAME TO tables")
    conn.execute("CREATE INDEX tables_by_creation ON tables (created, id)")


def _version_3(conn: sqlite3.Connection) -> None:
    """Who created a table (a keyed hash of the address), and the secret of that hash."""
    conn.execute("ALTER TABLE tables ADD COLUMN client TEXT")
    conn.execute("CREATE INDEX tables_by_client ON tables (client, status)")
    conn.execute("CREATE INDEX tables_by_status ON tables (status, updated)")
    conn.execute("CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO settings VALUES ('address-secret', ?)", (secrets.token_hex(32),))


#: ``MIGRATIONS[n - 1]`` turns a database of schema version ``n - 1`` into version ``n``.
MIGRATIONS: tuple[Migration, ...] = (_version_1, _version_2, _version_3)
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def check_schema(conn: sqlite3.Connection, where: str, latest: int = SCHEMA_VERSION) -> int:
    """The database's schema version, once it is known to be one this golfcore can use: read
    only, so that a refused file is left as it was."""
    version = schema_version(conn)
    if version > latest:
        raise StoreError(f"{where}: written by a newer golfcore (schema version {version}; this "
                         f"golfcore reads up to version {latest}): left unchanged; upgrade "
                         f"golfcore to open it")
    if version == 0:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                            "'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        if names:
            raise StoreError(f"{where}: not a golfcore database (it holds tables golfcore did "
                             f"not make: {', '.join(names)}): left unchanged")
    return version


def migrate(conn: sqlite3.Connection, where: str,
            migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)`` in one transaction; the version reached.

    Foreign keys are off while it runs (a migration may rebuild a table others refer to) and
    checked before the commit."""
    if check_schema(conn, where, len(migrations)) == len(migrations):
        return len(migrations)
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        with dbfile.write(conn):
            version = check_schema(conn, where, len(migrations))
            for migration in migrations[version:]:
                migration(conn)
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise StoreError(f"{where}: the migration to schema version "
                                 f"{len(migrations)} left {len(broken)} rows without the row "
                                 f"they refer to: nothing was changed")
            if version < len(migrations):
                conn.execute(f"PRAGMA user_version = {len(migrations)}")
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return len(migrations)

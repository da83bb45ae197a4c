"""The schema of ``golf web``'s PostgreSQL database and its migrations.

The same tables as a file's schema version 3 (:mod:`golfcore.web.schema`): ``tables``,
``seats``, ``actions``, ``snapshots`` and ``settings``, in the connection's current schema
(``search_path``: give the user a schema of its own to keep golfcore's tables apart). The
schema's version is the one row of ``golf_schema``. :data:`MIGRATIONS` holds one function per
version, as for a file; :func:`migrate` runs those a database needs in one transaction (DDL is
transactional in PostgreSQL) under an advisory lock, so that processes started together
migrate it once, and entirely or not at all. A database of a newer version, or one whose
schema holds tables of another program but no ``golf_schema``, is refused and left as it was.

* Version 1: the tables of a file's version 3, with ``double precision`` times, and a trigger
  that sends ``NOTIFY golf_tables, '<table id> <version>'`` for every action saved.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from golfcore.web.records import StoreError

Migration = Callable[[Any], None]
#: The key of the advisory lock held while the schema is migrated (any fixed number).
MIGRATION_LOCK = 7_464_101_937


def _version_1(conn: Any) -> None:
    """Tables, seats, actions, snapshots and settings."""
    conn.execute("""CREATE TABLE tables (
        id text PRIMARY KEY, game text NOT NULL, variant text NOT NULL,
        created double precision NOT NULL, updated double precision NOT NULL,
        version integer NOT NULL CHECK (version >= 0), status text NOT NULL,
        summary text NOT NULL, client text)""")
    conn.execute("CREATE INDEX tables_by_creation ON tables (created, id)")
    conn.execute("CREATE INDEX tables_by_client ON tables (client, status)")
    conn.execute("CREATE INDEX tables_by_status ON tables (status, updated)")
    conn.execute("""CREATE TABLE seats (
        table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat integer NOT NULL, kind text NOT NULL, token text UNIQUE,
        PRIMARY KEY (table_id, seat),
        CHECK ((kind = 'human') = (token IS NOT NULL)))""")
    conn.execute("""CREATE TABLE actions (
        table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version integer NOT NULL, seat integer, request text NOT NULL,
        at double precision NOT NULL, PRIMARY KEY (table_id, version))""")
    conn.execute("""CREATE TABLE snapshots (
        table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 0), snapshot text NOT NULL,
        PRIMARY KEY (table_id, version))""")
    # every action tells the other processes, once its transaction commits
    # (golfcore.web.pgchanges): '<table id> <version>' on the channel golf_tables
    conn.execute("""CREATE FUNCTION golf_notify_action() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('golf_tables', NEW.table_id || ' ' || NEW.version);
            RETURN NULL;
        END $$""")
    conn.execute("CREATE TRIGGER golf_action_saved AFTER INSERT ON actions FOR EACH ROW "
                 "EXECUTE FUNCTION golf_notify_action()")
    conn.execute("CREATE TABLE settings (name text PRIMARY KEY, value text NOT NULL)")
    conn.execute("INSERT INTO settings VALUES ('address-secret', ?)", (secrets.token_hex(32),))


#: ``MIGRATIONS[n - 1]`` turns a database of schema version ``n - 1`` into version ``n``.
MIGRATIONS: tuple[Migration, ...] = (_version_1,)
SCHEMA_VERSION = len(MIGRATIONS)


def _tables(conn: Any) -> list[str]:
    """The tables (and views, sequences...) of the current schema, read in one statement (one
    snapshot): from ``pg_class``, which lists them all, where ``information_schema`` would
    leave out those the user has no right on."""
    return [r[0] for r in conn.execute(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') "
        "ORDER BY c.relname").fetchall()]


def schema_version(conn: Any, tables: Sequence[str] | None = None) -> int:
    """The version in ``golf_schema`` (0 when there is no such table)."""
    if "golf_schema" not in (_tables(conn) if tables is None else tables):
        return 0
    row = conn.execute("SELECT version FROM golf_schema").fetchone()
    return 0 if row is None else int(row[0])


def check_schema(conn: Any, where: str, latest: int = SCHEMA_VERSION) -> int:
    """The database's schema version, once it is known to be one this golfcore can use.

    Its tables are read in one statement: another process that migrates the database at the
    same moment has either committed all of them, ``golf_schema`` with them, or none."""
    names = _tables(conn)
    version = schema_version(conn, names)
    if version > latest:
        raise StoreError(f"{where}: written by a newer golfcore (schema version {version}; this "
                         f"golfcore reads up to version {latest}): left unchanged; upgrade "
                         f"golfcore to open it")
    if version == 0 and names:
        raise StoreError(f"{where}: not a golfcore database (its schema holds tables golfcore "
                         f"did not make: {', '.join(names)}): left unchanged; give golfcore "
                         f"a database or a schema of its own")
    return version


def migrate(conn: Any, where: str, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)`` in one transaction; the version reached."""
    if check_schema(conn, where, len(migrations)) == len(migrations):
        return len(migrations)
    conn.execute("BEGIN")
    try:
        conn.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        version = check_schema(conn, where, len(migrations))    # another process may have
        for migration in migrations[version:]:                  # migrated it meanwhile
            migration(conn)
        if version == 0:
            conn.execute("CREATE TABLE golf_schema (version integer NOT NULL)")
            conn.execute("INSERT INTO golf_schema VALUES (?)", (len(migrations),))
        else:
            conn.execute("UPDATE golf_schema SET version = ?", (len(migrations),))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return len(migrations)

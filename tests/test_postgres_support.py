"""tests/postgres_support.py: a real PostgreSQL server, started, used and stopped."""

from __future__ import annotations

import os

import pytest
from postgres_support import PostgresServer, find_bindir, require_postgres
from postgres_support import pg_url, postgres  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow


def test_find_bindir_finds_initdb_and_postgres():
    bindir = require_postgres()
    assert bindir == find_bindir()
    assert (bindir / "initdb").is_file() and (bindir / "postgres").is_file()


def test_a_table_written_reads_back(postgres):  # noqa: F811 (the fixture)
    import psycopg

    assert postgres.url == f"postgresql://golf@127.0.0.1:{postgres.port}/golf"
    with psycopg.connect(postgres.url) as conn:
        conn.execute("CREATE TABLE scores (player text PRIMARY KEY, strokes int NOT NULL)")
        conn.execute("INSERT INTO scores VALUES (%s, %s), (%s, %s)", ("ann", 31, "bob", 27))
    with psycopg.connect(postgres.url) as conn:
        rows = conn.execute("SELECT player, strokes FROM scores ORDER BY player").fetchall()
        assert rows == [("ann", 31), ("bob", 27)]
        assert conn.execute("SHOW fsync").fetchone() == ("on",)
        assert conn.execute("SHOW server_encoding").fetchone() == ("UTF8",)


def test_fresh_databases_are_independent(pg_url, postgres):  # noqa: F811 (the fixtures)
    import psycopg

    other = postgres.new_database("second_of_two")
    assert other != pg_url and other.endswith("/second_of_two")
    with psycopg.connect(pg_url) as conn:
        conn.execute("CREATE TABLE t (x int)")
        conn.execute("INSERT INTO t VALUES (1)")
    with psycopg.connect(other) as conn:
        assert conn.execute("SELECT to_regclass('t')").fetchone() == (None,)
        conn.execute("CREATE TABLE t (x int)")
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (0,)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]


def test_each_test_gets_its_own_database(pg_url):  # noqa: F811 (the fixture)
    import psycopg

    with psycopg.connect(pg_url) as conn:
        # the previous test's table is not in this database
        assert conn.execute("SELECT to_regclass('t')").fetchone() == (None,)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_stop_leaves_no_process_and_no_directory():
    import psycopg

    bindir = require_postgres()
    server = PostgresServer(bindir, fsync=False)
    with server:
        pid = server.postmaster_pid()
        assert pid is not None and pid == server.process.pid and _alive(pid)
        directory = server.directory
        assert directory.is_dir()
        conn = psycopg.connect(server.url, autocommit=True)
        assert conn.execute("SHOW fsync").fetchone() == ("off",)
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        # a connection still open at stop(): the fast shutdown ends its backend too
        server.stop()
        assert not _alive(pid) and not _alive(backend)
        assert not directory.exists()
        with pytest.raises(psycopg.OperationalError):
            conn.execute("SELECT 1")
        conn.close()
    server.stop()  # a second stop (leaving the with block) is harmless
    assert server.process is None and server.directory is None


def test_a_failed_start_cleans_up():
    bindir = require_postgres()
    server = PostgresServer(bindir, settings={"no_such_setting": "1"})
    with pytest.raises(RuntimeError, match="no_such_setting"):
        server.start()
    assert server.process is None and server.directory is None

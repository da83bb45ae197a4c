"""The store on a real PostgreSQL server (tests/postgres_support.py starts one): the store's
own tests of tables, actions, statistics, exports and imports, run again on PostgreSQL, and what
only a server has: migrations when processes start together, the row that orders a table's
actions, NOTIFY only for what commits, the feed, a lost connection, a server that is down, a
lock held past the deadline, ``golf stats`` on a URL.

Slow (the default run has no PostgreSQL server; CI's slow run installs Debian's and requires
these tests)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time

import psycopg
import pytest

from golfcore.web.records import NewAction, NotSaved, StoreError
from golfcore.web.store import Store
from postgres_support import pg_url, postgres  # noqa: F401 (fixtures)
from test_web_server import ROOT
from test_web_store import (  # noqa: F401 (the store's own tests, collected here again)
    game, new_game, play, single, test_a_bad_import_names_the_first_problem_and_writes_nothing,
    test_a_stale_action_is_refused_and_changes_nothing,
    test_a_table_is_saved_with_a_token_per_person_and_none_per_computer,
    test_a_token_taken_in_the_database_stops_the_import_after_valid_tables,
    test_a_won_game_counts_once_whatever_undo_did_before,
    test_an_empty_database_has_empty_statistics,
    test_an_export_imports_into_another_database_exactly,
    test_an_import_is_loaded_and_replayed_before_anything_is_written,
    test_bad_tables_and_summaries_are_refused, test_card_game_records_per_seat_kind,
    test_of_two_threads_playing_the_same_version_exactly_one_wins,
    test_the_best_score_is_the_most_points_or_the_fewest_strokes,
    test_the_game_in_progress_is_not_counted_until_a_later_game_gives_it_up)
from web_tables import solitaire

pytestmark = pytest.mark.slow


@pytest.fixture
def store(pg_url):  # noqa: F811 (the fixture)
    with Store(pg_url) as s:
        yield s


def raw(url: str) -> psycopg.Connection:
    return psycopg.connect(url, autocommit=True)


# -- the schema -----------------------------------------------------------------------------------


def test_processes_starting_together_migrate_the_database_once(pg_url):  # noqa: F811
    stores: list[Store] = []
    failures: list[BaseException] = []
    barrier = threading.Barrier(6)

    def open_one() -> None:
        barrier.wait()
        try:
            stores.append(Store(pg_url))
        except BaseException as exc:                  # noqa: BLE001 (reported below)
            failures.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures and len(stores) == 6
    with raw(pg_url) as conn:
        assert conn.execute("SELECT version FROM golf_schema").fetchall() == [(1,)]
        assert conn.execute("SELECT count(*) FROM settings").fetchone() == (1,)
    table = new_game(stores[0])
    assert stores[5].load(table.id) == stores[0].load(table.id)
    for s in stores:
        s.close()


def test_a_newer_or_foreign_database_is_refused_and_left_untouched(pg_url):  # noqa: F811
    with Store(pg_url):
        pass
    with raw(pg_url) as conn:
        conn.execute("UPDATE golf_schema SET version = 99")
    with pytest.raises(StoreError, match="newer golfcore .schema version 99"):
        Store(pg_url)
    with raw(pg_url) as conn:
        assert conn.execute("SELECT version FROM golf_schema").fetchone() == (99,)
        conn.execute("DROP TABLE golf_schema")
        conn.execute("CREATE TABLE invoices (n integer)")
        before = conn.execute("SELECT table_name FROM information_schema.tables WHERE "
                              "table_schema = 'public' ORDER BY 1").fetchall()
    with pytest.raises(StoreError, match="not a golfcore database .*invoices"):
        Store(pg_url)
    with raw(pg_url) as conn:
        assert conn.execute("SELECT table_name FROM information_schema.tables WHERE "
                            "table_schema = 'public' ORDER BY 1").fetchall() == before


def test_another_programs_tables_count_even_when_the_user_cannot_read_them(pg_url):  # noqa: F811,E501
    with raw(pg_url) as conn:
        database = conn.execute("SELECT current_database()").fetchone()[0]
        conn.execute("CREATE ROLE shop")
        conn.execute("CREATE TABLE invoices (n integer)")
        conn.execute("ALTER TABLE invoices OWNER TO shop")
        conn.execute("CREATE ROLE player LOGIN")
        conn.execute("GRANT CREATE, USAGE ON SCHEMA public TO player")
    player = pg_url.replace("golf@", "player@")
    with pytest.raises(StoreError, match="not a golfcore database .*invoices"):
        Store(player)
    with raw(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON "
                            "n.oid = c.relnamespace WHERE n.nspname = 'public' AND "
                            "c.relname = 'tables'").fetchone() == (0,)
        conn.execute("DROP TABLE invoices")
        conn.execute(f"REVOKE ALL ON DATABASE {database} FROM player")
        conn.execute("REVOKE ALL ON SCHEMA public FROM player")
        conn.execute("DROP ROLE player")
        conn.execute("DROP ROLE shop")


# -- the row orders a table's actions, and NOTIFY tells of what commits ---------------------------


def notifications(conn: psycopg.Connection, wait: float = 0.3) -> list[str]:
    return [n.payload for n in conn.notifies(timeout=wait)]


def test_only_committed_actions_are_notified(store, pg_url):  # noqa: F811
    listener = raw(pg_url)
    listener.execute("LISTEN golf_tables")
    table = new_game(store)
    assert notifications(listener) == []                      # a new table: no action
    play(store, table.id, single(game("playing", 1)))
    assert notifications(listener) == [f"{table.id} 1"]
    outcomes = store.write([
        NewAction(table.id, 2, 0, {"cmd": "draw"}, single(game("playing", 2))),
        NewAction(table.id, 2, 0, {"cmd": "draw"}, single(game("playing", 2))),   # stale
        NewAction(table.id, 3, 0, {"cmd": "draw"}, {"bad": "summary"})])          # refused
    assert outcomes[0] is None and outcomes[1] is not None and outcomes[2] is not None
    assert notifications(listener) == [f"{table.id} 2"]
    listener.close()


def test_a_write_that_cannot_lock_the_row_in_time_is_not_saved(store, pg_url):  # noqa: F811
    table = new_game(store)
    holder = raw(pg_url)
    holder.execute("BEGIN")
    holder.execute("SELECT * FROM tables WHERE id = %s FOR UPDATE", (table.id,))
    started = time.monotonic()
    outcome = store.write([NewAction(table.id, 1, 0, {"cmd": "draw"},
                                     single(game("playing", 1)))],
                          deadline=time.monotonic() + 0.5)[0]
    waited = time.monotonic() - started
    assert isinstance(outcome, NotSaved) and "locked" in str(outcome), outcome
    assert waited < 5
    holder.execute("ROLLBACK")
    assert store.version_of(table.id) == 0 and store.actions(table.id) == []
    play(store, table.id, single(game("playing", 1)))          # free again: saved
    assert store.version_of(table.id) == 1
    holder.close()


# -- lost connections, a server that is down ----------------------------------------------------


def terminate(url: str, where: str = "application_name = 'golf web'") -> int:
    with raw(url) as conn:
        return len(conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                f"WHERE pid <> pg_backend_pid() AND datname = "
                                f"current_database() AND {where}").fetchall())


def test_a_lost_connection_is_replaced_for_reads_and_writes(store, pg_url):  # noqa: F811
    table = new_game(store)
    play(store, table.id, single(game("playing", 1)))
    assert terminate(pg_url) >= 1
    assert store.load(table.id).version == 1                   # read again on a new one
    assert terminate(pg_url) >= 1
    play(store, table.id, single(game("playing", 2)))          # begun again on a new one
    assert [a["version"] for a in store.actions(table.id)] == [1, 2]


def test_a_server_that_is_down_or_a_missing_database_is_named(pg_url, postgres):  # noqa: F811
    down = f"postgresql://golf:s3cret@127.0.0.1:{free_port()}/golf"
    with pytest.raises(StoreError) as refused:
        Store(down)
    assert "cannot reach the PostgreSQL server" in str(refused.value)
    assert "s3cret" not in str(refused.value) and "golf:***@" in str(refused.value)
    missing = postgres.url_of("no_such_database")
    with pytest.raises(StoreError, match="no such database on the server"):
        Store(missing)


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- the change feed ----------------------------------------------------------------------------


def test_the_feed_hears_every_table_and_catches_up_after_losing_the_server(store, pg_url):  # noqa: F811,E501
    async def watch() -> None:
        news: asyncio.Queue[list[tuple[str, int]]] = asyncio.Queue()
        feed = store.change_feed(asyncio.get_running_loop(), news.put_nowait, interval=0.02)
        await asyncio.to_thread(feed.start)
        try:
            first = await asyncio.to_thread(solitaire, store, actions=3)
            seen: dict[str, int] = {}
            while seen.get(first.id, 0) < 3:
                seen.update(await asyncio.wait_for(news.get(), 5))
            assert set(seen) == {first.id}
            # the feed's connection is cut: what is played meanwhile still reaches it
            await asyncio.to_thread(terminate, pg_url, "query LIKE 'LISTEN%'")
            await asyncio.to_thread(first.act, "draw")
            seen = {}
            while seen.get(first.id, 0) < 4:
                seen.update(await asyncio.wait_for(news.get(), 10))
        finally:
            await asyncio.to_thread(feed.stop)

    asyncio.run(watch())


# -- golf stats on a URL --------------------------------------------------------------------------


def golf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "golfcore.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_golf_stats_exports_and_imports_between_servers(store, pg_url, postgres, tmp_path):  # noqa: F811,E501
    table = solitaire(store, actions=2)
    secret = pg_url.replace("golf@", "golf:hidden@")             # trust: any password works
    export = tmp_path / "export.json"
    done = golf("stats", "--db", secret, "--export", str(export))
    assert done.returncode == 0, done.stderr
    assert "hidden" not in done.stdout + done.stderr
    assert [t["id"] for t in json.loads(export.read_text())["tables"]] == [table.id]
    other = postgres.new_database("stats_copy")
    done = golf("stats", "--db", other, "--import", str(export))
    assert done.returncode == 0 and "1 table imported" in done.stdout, done
    with Store(other) as copy:
        assert copy.load(table.id) == store.load(table.id)
    shown = golf("stats", "--db", other, "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["format"]
    down = golf("stats", "--db", f"postgresql://golf@127.0.0.1:{free_port()}/golf")
    assert down.returncode == 1 and "cannot reach" in down.stderr
    assert "Traceback" not in down.stderr

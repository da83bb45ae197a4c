"""Saves that are fast and durable (docs/web.md, *Saved games*), with real parts: the event
log resumes every table exactly, a write lock held by another program delays only the actions
and one not saved in time changes nothing, a full disk refuses an action and loses nothing.

The real-server tests (a ``golf web`` process killed with SIGKILL at random moments, two
servers on one file, a file size limit) are in ``test_web_durability_server.py``."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from golfcore.web.app import create_app
from golfcore.web.records import LoggedAction
from golfcore.web.resume import SNAPSHOT_EVERY, replay, resume
from golfcore.web.store import Store
from test_web_api import HTTP, QUICK, WS, Browser, TestClient
from web_tables import Saved, card_game, solitaire

GUARD = 30.0                                          # a hang guard, never a pause


# -- the event log resumes exactly ----------------------------------------------------------------


def check_resumes(saved: Saved) -> None:
    """The table read back from the database (latest snapshot plus the actions after it) is
    the live one: position or match, undo history, move counter, score, round."""
    record = saved.store.load(saved.id)
    assert record is not None
    assert record.version - record.snapshot_version <= SNAPSHOT_EVERY
    again = resume(record)
    assert again.version == saved.table.version
    assert again.snapshot() == saved.table.snapshot()
    assert again.summary() == saved.table.summary() == record.summary


def test_a_solitaire_game_with_undos_resumes_exactly_after_every_action(tmp_path):
    rng = random.Random(3)
    with Store(tmp_path / "web.sqlite3") as store:
        saved = solitaire(store, "GO1-E-AAAAAAB")
        for _ in range(90):
            legal = saved.table.game.legal(0)
            if saved.table.game.state.history and (not legal or rng.random() < 0.2):
                saved.act("undo")
            elif legal:
                move = str(rng.choice(legal))
                saved.act("draw") if move == "draw" else saved.act(
                    "play", column=int(move.split(".")[0]))
            check_resumes(saved)
        assert saved.table.game.state.history                  # an undo history to resume
        snapshots = [s["version"] for s in store.snapshots(saved.id)]
        assert snapshots[0] == 0 and len(snapshots) < 90 // 8   # not one per action


def test_a_round_resumes_at_its_hole_and_a_new_hole_is_a_snapshot(tmp_path):
    from golfcore.web.seats import HUMAN, draft_seats
    from golfcore.web.tables import LiveSolitaire
    from golfcore.web.courses import start_course

    with Store(tmp_path / "web.sqlite3") as store:
        game, course = start_course("GR1-T-AAAAAAB", None)
        saved = Saved(store, LiveSolitaire("", 0, draft_seats([HUMAN]), game, course))
        for _hole in (1, 2):
            while not saved.table.game.is_over:
                saved.play(1)
                check_resumes(saved)
            saved.act("next-hole")
            check_resumes(saved)
            assert store.load(saved.id).snapshot_version == saved.table.version


def test_a_card_game_match_resumes_exactly_after_every_action(tmp_path):
    with Store(tmp_path / "web.sqlite3") as store:
        saved = card_game(store, ["human", "bot:greedy", "human"], seed=5)
        rounds = saved.table.match.state.round_number
        while not saved.table.match.is_over:
            saved.deal(1, seed=saved.table.version)
            check_resumes(saved)
            if saved.table.match.state.round_number != rounds:
                rounds = saved.table.match.state.round_number
                assert store.load(saved.id).snapshot_version == saved.table.version
        assert store.load(saved.id).summary["status"] == "over"


def test_a_secret_deal_resumes_exactly_through_a_reshuffle(tmp_path):
    with Store(tmp_path / "web.sqlite3") as store:
        saved = card_game(store, ["human"] + ["bot:greedy"] * 5, seed=None)
        assert saved.table.match.to_json()["match"]["secret"]
        reshuffled = 0
        while not saved.table.match.is_over:
            stock = len(saved.table.match.state.current.stock)
            saved.deal(1, seed=saved.table.version, slow=True)
            check_resumes(saved)
            if len(saved.table.match.state.current.stock) > stock:      # a reshuffle
                reshuffled += 1
                assert store.load(saved.id).snapshot_version == saved.table.version
        assert reshuffled
        # and the whole log replays from the deal alone, through the reshuffle
        record = store.load(saved.id)
        first = store.snapshots(saved.id)[0]
        assert first["version"] == 0
        whole = replace(record, snapshot=first["snapshot"], snapshot_version=0,
                        tail=tuple(LoggedAction(**a) for a in store.actions(saved.id)))
        assert resume(whole).snapshot() == saved.table.snapshot()


def test_a_log_that_does_not_replay_is_an_error_not_a_different_table(tmp_path):
    with Store(tmp_path / "web.sqlite3") as store:
        saved = solitaire(store, actions=3)
        record = store.load(saved.id)
        bad = LoggedAction(4, 0, {"cmd": "play", "column": 9}, 0.0)
        with pytest.raises(Exception, match="refused when replayed"):
            replay(resume(record), bad)
        skipped = LoggedAction(6, 0, {"cmd": "draw"}, 0.0)
        with pytest.raises(Exception, match="does not follow version 3"):
            replay(resume(record), skipped)


# -- a lock held elsewhere, a late save ----------------------------------------------------------


class HeldLock:
    """Another program's write transaction on the database, released by :meth:`release` (or by
    the hang guard)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.released = threading.Event()
        self.guard = threading.Timer(GUARD, self.release)
        self.guard.start()

    def release(self) -> None:
        if not self.released.is_set():
            self.released.set()
            self.conn.execute("ROLLBACK")
            self.guard.cancel()


@pytest.fixture
def locked_web(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    path = tmp_path / "web.sqlite3"
    store = Store(path)
    with TestClient(create_app(store, bot_delay=0, save_seconds=0.5, limits=QUICK),
                    base_url=HTTP) as client:
        yield client, path
    store.close()


def test_a_lock_elsewhere_delays_only_writes_and_an_action_not_saved_changes_nothing(
        locked_web):
    client, path = locked_web
    with client.websocket_connect(WS) as ws1, client.websocket_connect(WS) as ws2:
        tab, other = Browser(ws1), Browser(ws2)
        new = tab("new", code="GO1-E-AAAAAAB")
        other("new", code="GO1-C-AAAAAAB")
        lock = HeldLock(path)
        try:
            # while the lock is held: requests that do not write are answered
            assert other("hello")["ok"] is True
            assert other("stats")["stats"]["solitaire"][0]["played"] == 0
            assert tab("legal")["ok"] is True
            refused = tab("draw", version=0)
            assert not lock.released.is_set()         # all of this came with the lock held
            assert refused["ok"] is False and refused["error"] == "not-saved"
            assert set(refused["messages"]) == {"es", "en"}
            assert "Nothing changed" in refused["messages"]["en"]
            assert "No ha cambiado nada" in refused["messages"]["es"]
            assert refused["version"] == 0 and refused["state"] == new["state"]
            assert tab("state")["state"] == new["state"]   # the live table did not advance
        finally:
            lock.release()
        drawn = tab("draw", version=0)
        assert drawn["ok"] is True and drawn["version"] == 1
        assert drawn["state"]["moves"] == 1
    with Store(path) as store:
        assert [a["version"] for a in store.actions(new["table"])] == [1]


def test_a_lock_released_before_the_deadline_only_delays_the_action(locked_web):
    client, path = locked_web
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        tab("new", code="GO1-E-AAAAAAB")
        lock = HeldLock(path)
        threading.Timer(0.1, lock.release).start()
        drawn = tab("draw", version=0)
        assert drawn["ok"] is True and drawn["version"] == 1 and lock.released.is_set()


def test_computers_wait_for_a_locked_database_and_play_on(locked_web):
    client, path = locked_web
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        new = tab("new", game="card-game", variant="card-golf", seed=12,
                  seat_kinds=["human", "bot:greedy"])
        obs = new["observations"]["0"]
        assert obs["turn"] == 0
        lock = HeldLock(path)
        try:
            took = tab("act", seat=0, action=obs["legal"][0])
            assert took["error"] == "not-saved" and took["version"] == 0
        finally:
            lock.release()
        version = 0
        while version < 4:                            # the person's turns, and the computer's
            obs = tab("observe", seat=0)["observation"]
            if obs["turn"] == 0 and obs["legal"]:
                reply = tab("act", seat=0, action=obs["legal"][0])
                assert reply["ok"] is True, reply
                version = reply["version"]
            else:
                version = tab.receive()["version"]    # the computer's push
    with Store(path) as store:
        kinds = [a["request"].get("seat") for a in store.actions(new["table"])]
        assert 1 in kinds and len(kinds) >= 4


def test_an_action_the_disk_refuses_is_not_saved_and_changes_nothing(locked_web,
                                                                      monkeypatch):
    client, path = locked_web
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        new = tab("new", code="GO1-E-AAAAAAB")
        conn = sqlite3.connect(path, isolation_level=None)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        # a database that may not grow: the next page it needs is refused as a full disk
        limit = [pages]
        store = client.app.state.hub.store
        monkeypatch.setattr(store, "_conn", _wrapped(store._conn, limit))
        played = 0
        reply: dict[str, Any] = {}
        while played < 400:
            reply = tab("draw", version=played) if played % 2 == 0 else tab(
                "undo", version=played)
            if not reply["ok"]:
                break
            played += 1
        assert reply["error"] == "not-saved", reply
        assert "full" in reply["message"] and reply["version"] == played
        assert tab("state")["version"] == played
        limit[0] = 1_073_741_823                      # space again
        after = tab("draw" if played % 2 == 0 else "undo", version=played)
        assert after["ok"] is True and after["version"] == played + 1
    with Store(path) as store:
        assert len(store.actions(new["table"])) == played + 1


def _wrapped(conn_of: Any, limit: list[int]) -> Any:
    """A store's ``_conn`` whose connections may hold no more than ``limit[0]`` pages."""
    def conn() -> sqlite3.Connection:
        c = conn_of()
        c.execute(f"PRAGMA max_page_count = {limit[0]}")
        return c
    return conn


def test_the_saved_requests_are_the_requests_as_sent(locked_web):
    client, path = locked_web
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        new = tab("new", code="GO1-E-AAAAAAB")
        tab("draw", version=0)
        tab("play", column=4)
    with Store(path) as store:
        assert [a["request"] for a in store.actions(new["table"])] == [
            {"cmd": "draw", "version": 0}, {"cmd": "play", "column": 4}]
        assert json.loads(json.dumps(store.snapshots(new["table"])))[0]["version"] == 0

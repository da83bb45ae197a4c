"""Durable saves with a real ``golf web`` process and a real WebSocket client: the server killed
with SIGKILL at random moments and started again on the same file loses no acknowledged action;
two servers on one file stay consistent; a disk that cannot be written at start-up is named as
such, never as a bad database.

An action is *acknowledged* when its reply (``ok``) or its push reached the client. After each
kill the database's log must hold every acknowledged action, in order, and may hold more only
what was under way (the client's request in flight, a computer's move not yet pushed); the
reopened table must be exactly the table that log gives, replayed here with golfcore."""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import websockets

from golfcore.cardgame.match import Match
from golfcore.solitaire.game import Game
from golfcore.web.store import Store
from golfcore.protocol.solitaire import state_of
from test_web_server import GUARD, ROOT, Server
from web_tables import card_game, solitaire


#: These clients play as fast as the replies come: no message rate bound here
#: (tests/test_web_limits.py crosses it).
UNHURRIED = ("--messages-per-second", "1000000")


class Tab:
    """A connection: requests by id; pushes kept, in order, for the caller."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.next_id = ws, 0
        self.pushes: list[dict[str, Any]] = []

    async def __call__(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.ws.send(json.dumps({"id": self.next_id, "cmd": cmd, **fields}))
        while True:
            message = await self.receive()
            if message.get("id") == self.next_id:
                return message
            self.pushes.append(message)

    async def receive(self) -> dict[str, Any]:
        return json.loads(await asyncio.wait_for(self.ws.recv(), GUARD))


def solitaire_request(game: Game, rng: random.Random) -> dict[str, Any]:
    legal = game.legal(0)
    if game.state.history and (not legal or rng.random() < 0.15):
        return {"cmd": "undo"}
    if not legal:
        return {"cmd": "draw"}                        # refused: nothing to undo, nothing legal
    move = str(rng.choice(legal))
    return {"cmd": "draw"} if move == "draw" else {"cmd": "play",
                                                   "column": int(move.split(".")[0])}


def apply_solitaire(game: Game, request: dict[str, Any]) -> None:
    cmd = request["cmd"]
    result = game.draw() if cmd == "draw" else game.undo() if cmd == "undo" else game.play(
        request["column"])
    assert result.accepted, (request, result)


class Tracked:
    """What the client knows of its two tables: the tokens, the acknowledged actions and the
    one in flight."""

    def __init__(self) -> None:
        self.solitaire_token = ""
        self.acked: list[dict[str, Any]] = []            # solitaire requests, as sent
        self.in_flight: dict[str, Any] | None = None
        self.card_token = ""
        self.card_table = ""
        self.seen: dict[int, tuple[int, str]] = {}       # card game: version -> (seat, action)
        self.started = threading.Event()                 # set at the first action of a run


async def play_solitaire(url: str, tracked: Tracked, rng: random.Random) -> None:
    async with websockets.connect(url) as ws:
        tab = Tab(ws)
        if not tracked.solitaire_token:
            new = await tab("new", code="GO1-E-AAAAAAB")
            tracked.solitaire_token = new["tokens"]["0"]
        else:
            await tab("open", tokens=[tracked.solitaire_token])
        game = Game.from_code("GO1-E-AAAAAAB")
        for request in tracked.acked:
            apply_solitaire(game, request)
        while True:
            request = solitaire_request(game, rng)
            if request["cmd"] == "draw" and not game.legal(0):
                return                                # the game is lost and nothing to undo
            if rng.random() < 0.5:
                request["version"] = len(tracked.acked)
            tracked.in_flight = request
            reply = await tab(**request)
            assert reply["ok"] is True, reply
            tracked.acked.append(request)
            tracked.in_flight = None
            tracked.started.set()
            apply_solitaire(game, request)
            assert reply["state"] == state_of(game)


def record_card(tracked: Tracked, message: dict[str, Any]) -> dict[str, Any]:
    """Note an acknowledged card-game action (a reply or a push); the seat's observation."""
    if "last" in message and message.get("table") == tracked.card_table:
        tracked.seen[message["version"]] = (message["last"]["seat"], message["last"]["action"])
    return message["observations"]["0"] if "observations" in message else message["observation"]


async def play_cards(url: str, tracked: Tracked, rng: random.Random) -> None:
    async with websockets.connect(url) as ws:
        tab = Tab(ws)
        if not tracked.card_token:
            new = await tab("new", game="card-game", variant="card-golf", seed=31,
                            seat_kinds=["human", "bot:greedy"])
            tracked.card_token, tracked.card_table = new["tokens"]["0"], new["table"]
            obs, version = new["observations"]["0"], 0
        else:
            opened = await tab("open", tokens=[tracked.card_token])
            obs, version = opened["observations"]["0"], opened["version"]
        while not obs["over"]:
            for push in tab.pushes:
                obs, version = record_card(tracked, push), push["version"]
            tab.pushes.clear()
            if obs["turn"] == 0 and obs["legal"] or obs["step"] == "over" and obs["legal"]:
                action = rng.choice(obs["legal"])
                reply = await tab("act", seat=0, action=action, version=version)
                if reply.get("error") == "stale":          # the push is on its way
                    continue
                assert reply["ok"] is True, reply
                tracked.seen[reply["version"]] = (0, reply["action"])
                obs, version = reply["observation"], reply["version"]
            else:
                push = await tab.receive()
                assert "version" in push, push
                obs, version = record_card(tracked, push), push["version"]


async def play_until_killed(url: str, tracked: Tracked, rng: random.Random) -> None:
    outcomes = await asyncio.gather(play_solitaire(url, tracked, rng),
                                    play_cards(url, tracked, rng), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, AssertionError):
            raise outcome


def check_after_restart(db: Path | str, url: str, tracked: Tracked) -> None:
    """Every acknowledged action is in the log, and the reopened tables are what it gives."""
    if not tracked.solitaire_token:                   # killed before 'new' was answered
        return
    with Store(db) as store:
        sol_table, _ = store.seat_of(tracked.solitaire_token) or ("", 0)
        log = [a["request"] for a in store.actions(sol_table)]
        cards_log = [(a["seat"], a["request"]["action"]) for a in store.actions(
            tracked.card_table)] if tracked.card_table else []
    assert log[:len(tracked.acked)] == tracked.acked, "an acknowledged action was lost"
    assert len(log) - len(tracked.acked) <= (1 if tracked.in_flight is not None else 0)
    if len(log) > len(tracked.acked):
        assert log[-1] == tracked.in_flight
        tracked.acked.append(log[-1])
    tracked.in_flight = None
    for version, done in tracked.seen.items():
        assert cards_log[version - 1] == done, f"acknowledged card action {version} was lost"

    async def reopen() -> None:
        async with websockets.connect(url) as ws:
            tab = Tab(ws)
            opened = await tab("open", tokens=[tracked.solitaire_token])
            game = Game.from_code("GO1-E-AAAAAAB")
            for request in log:
                apply_solitaire(game, request)
            assert opened["version"] == len(log)
            assert opened["state"] == state_of(game)
            if tracked.card_token:
                seat = await tab("open", tokens=[tracked.card_token])
                match = Match("card-golf", players=2, seed=31)
                for who, action in cards_log[:seat["version"]]:
                    assert match.act(who, action).accepted
                assert seat["version"] == len(cards_log)
                assert seat["observations"]["0"] == match.observation(0).to_json()
    asyncio.run(reopen())


def kill_and_restart(db: Path | str, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    tracked = Tracked()
    server = Server(db, *UNHURRIED)
    try:
        for _ in range(kills):
            # the kill comes at a random moment once the first action of the run is answered
            tracked.started.clear()
            delay = rng.uniform(0.0, 1.0)
            killer = threading.Thread(target=lambda delay=delay, server=server: (
                tracked.started.wait(GUARD) and (threading.Event().wait(delay) or server.kill())))
            killer.start()
            asyncio.run(play_until_killed(server.ws_url, tracked, rng))
            killer.join()
            server = Server(db, *UNHURRIED)
            check_after_restart(db, server.ws_url, tracked)
        assert tracked.acked and tracked.seen, "nothing was played between the kills"
    finally:
        server.stop()


def test_killed_at_a_random_moment_the_server_loses_no_acknowledged_action(tmp_path):
    kill_and_restart(tmp_path / "games.sqlite3", kills=1, seed=random.randrange(10**6))


@pytest.mark.slow
def test_killed_twenty_times_the_server_loses_no_acknowledged_action(tmp_path):
    kill_and_restart(tmp_path / "games.sqlite3", kills=20, seed=random.randrange(10**6))


# -- two servers on one file ----------------------------------------------------------------------


def test_two_servers_on_one_file_stay_consistent(tmp_path):
    two_servers_stay_consistent(tmp_path / "games.sqlite3")


def two_servers_stay_consistent(db: Path | str) -> None:
    """Two servers on one database (a file, or a PostgreSQL URL): the second one's actions at
    a version the first one took are ``stale``, and it catches up."""
    one, two = Server(db, *UNHURRIED), Server(db, *UNHURRIED)

    async def play() -> None:
        async with websockets.connect(one.ws_url) as ws1, \
                websockets.connect(two.ws_url) as ws2:
            a, b = Tab(ws1), Tab(ws2)
            new = await a("new", code="GO1-E-AAAAAAB")
            opened = await b("open", tokens=[new["tokens"]["0"]])
            assert opened["state"] == new["state"]
            drawn = await a("draw")                         # saved by the first server
            # sent at the version the second server showed: stale whether its change feed
            # has caught up already or its save is refused
            late = await b("draw", version=0)
            assert late["error"] == "stale" and late["version"] == 1
            assert late["state"] == drawn["state"]          # and it has caught up
            assert (await b("play", column=4))["ok"] is True
            again = await a("draw", version=1)
            assert again["error"] == "stale" and again["version"] == 2
            # both at once, many times: exactly one of each pair is saved, and the other
            # server, told "stale", has caught up with it
            for n in range(2, 12):
                replies = await asyncio.gather(a("draw", version=n), b("draw", version=n))
                won = [r for r in replies if r["ok"]]
                lost = [r for r in replies if not r["ok"]]
                assert len(won) == len(lost) == 1, replies
                assert lost[0]["error"] == "stale" and lost[0]["version"] == n + 1
                assert lost[0]["state"] == won[0]["state"]
            final_a, final_b = await a("state"), await b("state")
            assert final_a["version"] == final_b["version"] == 12
            assert final_a["state"] == final_b["state"]
            with Store(db) as store:
                record = store.load(new["table"])
                assert record is not None
                assert [a_["version"] for a_ in store.actions(new["table"])] == \
                    list(range(1, record.version + 1))
            # whichever server answers, the table is the one the log gives
            reopened = [await t("open", tokens=[new["tokens"]["0"]]) for t in (a, b)]
            assert reopened[0]["state"] == reopened[1]["state"]
            assert reopened[0]["version"] == reopened[1]["version"] == record.version

    try:
        asyncio.run(play())
    finally:
        one.stop()
        two.stop()
    assert one.process.returncode == two.process.returncode == 130     # stopped by Ctrl-C


# -- a disk that cannot be written at start-up ----------------------------------------------------


def start(db: Path, fsize: int | None = None) -> subprocess.CompletedProcess[str]:
    """``golf web`` on ``db`` with a file size limit: it fails at start-up, so it exits."""
    def limit() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "golfcore.cli", "web", "--port", "0",
                           "--db", str(db)], capture_output=True, text=True, env=env, cwd=ROOT,
                          preexec_fn=limit, timeout=GUARD)


def healthy(path: Path) -> bytes:
    with Store(path) as store:
        solitaire(store, actions=5)
        card_game(store, ["human", "bot:greedy"], actions=5)
    (path.parent / (path.name + "-wal")).unlink(missing_ok=True)
    (path.parent / (path.name + "-shm")).unlink(missing_ok=True)
    return path.read_bytes()


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_disk_that_cannot_be_written_at_start_up_is_not_called_a_bad_database(tmp_path):
    db = tmp_path / "games.sqlite3"
    before = healthy(db)
    done = start(db, fsize=4096)                      # files may not grow past 4 KiB
    assert done.returncode == 1, done
    assert "the disk could not be written" in done.stderr and "keep it" in done.stderr
    assert "not a SQLite database" not in done.stderr and "damaged" not in done.stderr
    assert "Traceback" not in done.stderr
    assert db.read_bytes() == before
    with Store(db) as store:                          # the file was fine all along
        assert len(store.export()["tables"]) == 2


def test_a_file_that_is_not_a_database_is_still_called_so(tmp_path):
    notes = tmp_path / "notes.sqlite3"
    notes.write_text("my notes\n" * 100)
    done = start(notes)
    assert done.returncode == 1 and "not a SQLite database" in done.stderr
    assert "the disk" not in done.stderr and notes.read_text() == "my notes\n" * 100


def mounted_tmpfs(where: Path, size: str) -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    where.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True).returncode == 0


def test_a_really_full_disk_at_start_up_is_named(tmp_path):
    """On a real full file system (a small tmpfs: needs root, else skipped)."""
    small = tmp_path / "small"
    if not mounted_tmpfs(small, "2m"):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        db = small / "games.sqlite3"
        before = healthy(db)
        filler = small / "filler"
        with open(filler, "wb", buffering=0) as out:
            try:
                while True:
                    out.write(b"\0" * 4096)
            except OSError:
                pass
        done = start(db)
        assert done.returncode == 1, done
        assert "the disk could not be written" in done.stderr and "keep it" in done.stderr
        assert "not a SQLite database" not in done.stderr
        assert db.read_bytes() == before
        filler.unlink()
        (small / "games.sqlite3-shm").unlink(missing_ok=True)
        with Store(db) as store:
            assert len(store.export()["tables"]) == 2
    finally:
        subprocess.run(["umount", str(small)], capture_output=True)


def zero_a_page(path: Path, name: str) -> bytes:
    """A healthy database with the first page of table or index ``name`` zeroed."""
    healthy(path)
    conn = sqlite3.connect(path)
    (root,), = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,))
    (size,), = conn.execute("PRAGMA page_size")
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * size:root * size] = bytes(size)
    path.write_bytes(bytes(data))
    return bytes(data)


#: A table's page (reading it fails) and an index's page (only a check of the file finds it).
ZEROED = ["tables", "sqlite_autoindex_seats_1"]


@pytest.mark.parametrize("name", ZEROED)
def test_a_database_with_a_zeroed_page_does_not_start(tmp_path, name):
    db = tmp_path / "games.sqlite3"
    before = zero_a_page(db, name)
    done = start(db)
    assert done.returncode == 1, done
    assert "damaged" in done.stderr and "restore it from a copy" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "the disk" not in done.stderr
    assert db.read_bytes() == before


@pytest.mark.parametrize("name", ZEROED)
def test_golf_stats_refuses_a_database_with_a_zeroed_page(tmp_path, name):
    db = tmp_path / "games.sqlite3"
    before = zero_a_page(db, name)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for extra in ([], ["--export", str(tmp_path / "out.json")]):
        done = subprocess.run([sys.executable, "-m", "golfcore.cli", "stats", "--db", str(db),
                               *extra], capture_output=True, text=True, env=env, cwd=ROOT,
                              timeout=GUARD)
        assert done.returncode == 1, done
        assert "damaged" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert db.read_bytes() == before

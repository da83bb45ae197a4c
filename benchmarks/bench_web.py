#!/usr/bin/env python
"""`golf web` under load: an open loop at a fixed offered rate and a closed loop as fast as
answered, with card-game tables and their computer players running beside them.

Run on demand (this is not a test)::

    python benchmarks/bench_web.py                        # this tree: SQLite and PostgreSQL,
                                                          # 1 and 2 processes, both loops
    python benchmarks/bench_web.py --databases sqlite --processes 1   # one server, one file
    python benchmarks/bench_web.py --compare main         # and main's server, interleaved
    python benchmarks/bench_web.py --clients 50 --tables 10 --json

Run it from outside the repository, with ``PYTHONPATH`` naming this tree (``cd /tmp &&
PYTHONPATH=TREE python TREE/benchmarks/bench_web.py``): the bench imports ``golfcore`` from the
tree it is in, and runs that tree's servers (``python -m golfcore.cli web``, from the tree,
with ``PYTHONPATH`` set to it), and ``--compare``'s revision from its own folder.

How it measures:

1. **Real servers, one database**: for each configuration, a database (``--databases``:
   ``sqlite``, ``postgresql``) and a number of processes (``--processes``: 1, 2), that many
   ``golf web --port P --db DB --bot-delay D`` processes on free loopback ports share one fresh
   database, started afresh for each loop: an SQLite file in a temporary folder (the processes
   see each other's changes through its 50-ms poll), or a new database (``bench_1``,
   ``bench_2``, ...) on one temporary PostgreSQL server (``tests/postgres_support.py``'s
   ``PostgresServer``, ``fsync`` on, started once for the whole run; its processes see each
   other's changes through ``LISTEN``/``NOTIFY``). The first process starts alone (it makes the
   schema), then the others. Where PostgreSQL or psycopg is missing the bench says so and
   skips the ``postgresql`` rows. The clients and the card tables below are spread round-robin
   over the processes (client *k* on process *k mod N*). ``--compare REF`` also runs the server
   of a git revision (``git archive REF`` into a temporary folder, run with that folder first
   on ``PYTHONPATH``, and on asyncio's own event loop when that revision does not install
   uvloop), in **every configuration it supports** (the ``postgresql`` rows need its
   ``golfcore/web/postgres.py``, two processes its change feed ``golfcore/web/changes.py``;
   the others are skipped, saying so). The configurations and the servers take turns, loop by
   loop (the open loop on every configuration, then the closed loop on every one), so that all
   see the same load on a shared machine; the final table is sorted database x processes x
   loop.
2. **Card-game tables**: ``--tables`` connections each start a match of one person and two
   computer players (``bot:greedy``) and play the person's seat (the first legal action,
   ``--think`` seconds after its turn comes, a new match when one ends), for the whole run.
3. **Open loop**: ``--clients`` connections each start a solitaire game, then send one request
   every ``--interval`` seconds whether or not the last was answered, ``--requests`` in all
   (200 x 0.1 s: 20 s at 2,000 requests/s offered by default),
   alternately ``legal`` and an action (the first legal move, ``undo`` once the game is over,
   chosen on the client's own copy of its game, so that each is legal whatever replies are
   still on their way). The clients start at spread phases. A request's latency runs from the
   moment it was due (not when it was sent: a late client does not hide a slow server) to its
   reply. *Sustained* is the requests answered per second from the first due time to the
   last reply: it equals the offered rate when the server keeps up. The open loop's latency
   is also printed over time, per ``--window`` seconds of due time (p50, p99, max, count), so
   that a stall shows when it came; ``--trace`` adds, per window, the server's garbage
   collections, event-loop lag and writer commits (``GOLF_WEB_TRACE``, see
   ``golfcore.web.serving``).
4. **Closed loop**: the same clients, each sending its next request as soon as the last is
   answered, ``--closed-requests`` each: the rate answered and the latency from send to reply.
5. Every reply is checked: an ``error`` reply, a dropped connection or a request unanswered
   within ``--timeout`` counts as an error; a refused move (``ok: false`` with a ``reason``:
   the client chose from a state it had not seen yet) is counted apart. The servers' RSS
   (``VmRSS``, summed over the processes, and the largest process's peak ``VmHWM``) is read
   from ``/proc`` at the end of each loop, and their CPU time over the loop (``utime +
   stime``, **summed over the golf web processes**) gives the CPU cost per answered request
   (the card tables' work included), the figure least disturbed by other programs on the
   machine, and *cpu % (sum)*, that time over the loop's wall time (100 is one core, whatever
   the number of processes): servers below 100 % per process that do not keep up are waiting
   for a processor taken by other programs. An SQLite database works inside golf web, so its
   cost is in those figures; a PostgreSQL server's is not, and is measured apart, so that the
   comparison is honest: *db cpu µs/req* and *db cpu %* are the CPU time of the postmaster and
   its children (backends, checkpointer, WAL writer, autovacuum..., and the children reaped
   meanwhile through the postmaster's ``cutime + cstime``) over the same span. ``--json`` has
   each process's CPU seconds and memory too (``per_process``). The load average is printed at
   the start and the end.
6. **Bounds.** ``golf web`` bounds what a connection may send (``--messages-per-second``, 20 by
   default: one more gets ``rate-limited`` and is not read) and how many connections it takes
   (``--max-connections``, 500). The **open loop runs on the defaults**, as a server is run:
   each client offers ``1 / --interval`` requests a second (10), within the default rate, and
   the bench refuses to start an open loop whose clients would cross a default (a faster
   ``--interval``, more ``--clients`` and ``--tables`` than the default connections). The
   **closed loop lifts them**: ``--messages-per-second`` ``--rate`` (1000) and
   ``--max-connections`` at least the clients and tables, since its clients send as fast as
   they are answered, far beyond 20 a second each. Both are printed at the start and are in
   each row (``bounds``). A ``rate-limited`` reply is an error, and is also counted apart (the
   ``rate-limited`` column): on the open loop it means a server so far behind that it read a
   client's queued requests in a burst beyond the default rate. **Both loops lift the storage
   bounds** ``--saved-per-address`` and ``--max-saved``: every client comes from one loopback
   address, and 250 unfinished games are more than ``--saved-per-address``'s 100
   (``too-many-saved``); ``--saved-per-connection`` stays (a client has one game, a card table
   one unfinished match at a time).

Only loopback is used; every loop is bounded in count and in time.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import websockets  # noqa: E402

from tables import table  # noqa: E402  (benchmarks/tables.py, beside this script)
sys.path.insert(0, str(ROOT))
from golfcore.solitaire.game import Game  # noqa: E402
from golfcore.web.limits import Limits  # noqa: E402

#: golf web's default bounds (this tree's).
DEFAULTS = Limits()

CLK_TCK = os.sysconf("SC_CLK_TCK")
#: The error of a message beyond a connection's rate (golfcore.web.limits.RATE_LIMITED).
RATE_LIMITED = "rate-limited"


@dataclass
class Row:
    server: str
    database: str           # "sqlite" (one file) or "postgresql" (one database), shared
    processes: int          # golf web processes sharing it, the clients spread over them
    loop: str
    bounds: str             # "default" (golf web's) or "lifted" (see above)
    offered: float          # requests per second offered (the open loop), 0 for the closed loop
    answered: int
    errors: int
    rate_limited: int       # rate-limited replies (counted in errors too)
    refused: int
    sustained: float        # requests answered per second
    p50_ms: float
    p99_ms: float
    max_ms: float
    cpu_us: float           # the golf web processes' CPU time (summed) per answered request
    cpu_pct: float          # that CPU time over the loop's wall time (summed: 100 is one core)
    db_cpu_us: float        # the PostgreSQL server's CPU time per answered request (nan: SQLite)
    db_cpu_pct: float       # the PostgreSQL server's CPU time over the wall time (nan: SQLite)
    rss_mb: float           # the golf web processes' VmRSS at the end, summed
    peak_mb: float          # the largest VmHWM of one golf web process
    card_actions: int       # card-game actions answered or pushed meanwhile (bots included)
    card_errors: int
    windows: list[dict[str, float]] = field(default_factory=list)   # latency over time
    per_process: list[dict[str, float]] = field(default_factory=list)  # cpu_s, rss_mb, peak_mb


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    dues: list[float] = field(default_factory=list)       # the open loop: each latency's due
    errors: list[str] = field(default_factory=list)
    rate_limited: int = 0
    refused: int = 0
    last: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Player:
    """A client's own copy of its game: the next action is the first legal move of the game as
    the client's earlier actions leave it (``undo`` once it is over), so that every action is
    legal whatever replies are still on their way."""

    def __init__(self, code: str) -> None:
        self.game = Game.from_code(code)

    def next(self) -> dict[str, Any]:
        legal = self.game.legal(0)
        if not legal:
            self.game.undo()
            return {"cmd": "undo"}
        move = str(legal[0])
        if move == "draw":
            self.game.draw()
            return {"cmd": "draw"}
        self.game.play(legal[0])
        return {"cmd": "play", "column": int(move.split(".")[0])}


class Peer:
    """One WebSocket connection: requests by id, their replies as futures, pushes to a
    callback."""

    def __init__(self, ws: Any, on_push: Any = None) -> None:
        self.ws, self.on_push = ws, on_push
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.rid = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                future = self.waiting.pop(message.get("id"), None) if "id" in message else None
                if future is not None and not future.done():
                    future.set_result(message)
                elif self.on_push is not None:
                    self.on_push(message)
        except Exception as exc:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(exc)

    def send(self, request: dict[str, Any]) -> asyncio.Future[dict[str, Any]]:
        self.rid += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.rid] = future
        asyncio.ensure_future(self.ws.send(json.dumps({**request, "id": self.rid})))
        return future

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


def check(reply: dict[str, Any], tally: Tally, what: str) -> None:
    if reply.get("error") == "stale":        # a computer acted first: the reply says what now
        tally.refused += 1
    elif "error" in reply:
        if reply["error"] == RATE_LIMITED:
            tally.rate_limited += 1
        tally.errors.append(f"{what}: {reply['error']}: {reply.get('message', '')[:100]}")
    elif reply.get("ok") is False:
        tally.refused += 1


async def solitaire_open(url: str, args: argparse.Namespace, start: float, phase: float,
                         tally: Tally) -> None:
    """One open-loop client: a request every ``interval`` from ``start + phase``."""

    async def one(k: int, due: float, peer: Peer, player: Player) -> None:
        request = {"cmd": "legal"} if k % 2 == 0 else player.next()
        try:
            reply = await asyncio.wait_for(peer.send(request), args.timeout)
        except Exception as exc:
            tally.errors.append(f"{request['cmd']}: {type(exc).__name__} {exc}")
            return
        now = time.perf_counter()
        tally.latencies.append(now - due)
        tally.dues.append(due)
        tally.last = max(tally.last, now)
        check(reply, tally, request["cmd"])

    try:
        async with websockets.connect(url, max_size=2 ** 22) as ws:
            peer = Peer(ws)
            reply = await asyncio.wait_for(peer.send({"cmd": "new"}), args.timeout)
            player = Player(reply["state"]["code"])
            tasks = []
            for k in range(args.requests):
                due = start + phase + k * args.interval
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                tasks.append(asyncio.ensure_future(one(k, due, peer, player)))
            await asyncio.gather(*tasks)
            await peer.close()
    except Exception as exc:
        tally.errors.append(f"connection: {type(exc).__name__} {exc}")


async def solitaire_closed(url: str, args: argparse.Namespace, ready: asyncio.Event,
                           tally: Tally) -> None:
    """One closed-loop client: the next request as soon as the last is answered."""
    try:
        async with websockets.connect(url, max_size=2 ** 22) as ws:
            peer = Peer(ws)
            reply = await asyncio.wait_for(peer.send({"cmd": "new"}), args.timeout)
            player = Player(reply["state"]["code"])
            await ready.wait()
            for k in range(args.closed_requests):
                request = {"cmd": "legal"} if k % 2 == 0 else player.next()
                sent = time.perf_counter()
                reply = await asyncio.wait_for(peer.send(request), args.timeout)
                now = time.perf_counter()
                tally.latencies.append(now - sent)
                tally.last = max(tally.last, now)
                check(reply, tally, request["cmd"])
            await peer.close()
    except Exception as exc:
        tally.errors.append(f"closed loop: {type(exc).__name__} {exc}")


async def card_table(url: str, args: argparse.Namespace, stop: asyncio.Event,
                     tally: Tally) -> None:
    """A person at a card-game table with two computers: plays the first legal action
    ``think`` seconds after each turn comes, until ``stop``."""
    latest: dict[str, Any] = {}
    changed = asyncio.Event()

    def seen(message: dict[str, Any]) -> None:
        obs = (message.get("observations") or {}).get("0")
        if obs is not None and message.get("version", -1) >= latest.get("version", -1):
            latest.update(version=message["version"], obs=obs)
            tally.latencies.append(0.0)       # a card-game action answered or pushed
            changed.set()

    try:
        async with websockets.connect(url, max_size=2 ** 22) as ws:
            peer = Peer(ws, on_push=seen)
            kinds = ["human", "bot:greedy", "bot:greedy"]
            while not stop.is_set():
                if not latest or latest["obs"]["over"]:
                    reply = await asyncio.wait_for(peer.send(
                        {"cmd": "new", "game": "card-game", "variant": "card-golf",
                         "seat_kinds": kinds}), args.timeout)
                    check(reply, tally, "new card-game")
                    latest.clear()
                    seen(reply)
                    continue
                obs = latest["obs"]
                if obs["legal"]:
                    await asyncio.sleep(args.think)
                    reply = await asyncio.wait_for(peer.send(
                        {"cmd": "act", "seat": 0, "action": obs["legal"][0],
                         "version": latest["version"]}), args.timeout)
                    check(reply, tally, "act")
                    seen(reply)
                    continue
                changed.clear()
                try:
                    await asyncio.wait_for(changed.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
            await peer.close()
    except Exception as exc:
        tally.errors.append(f"card table: {type(exc).__name__} {exc}")


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def procs_cpu(pids: list[int]) -> float:
    """The golf web processes' CPU time, summed."""
    return sum(proc_cpu(pid) for pid in pids)


def postgres_cpu(postmaster: int) -> float:
    """The CPU time of a PostgreSQL server: the postmaster's and its children's (backends,
    checkpointer, WAL writer, autovacuum...) ``utime + stime``, from ``/proc``, plus the
    postmaster's ``cutime + cstime``: the children that exited and were reaped (a backend whose
    connection closed) keep counting."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:                   # it exited meanwhile
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == postmaster:
            total += sum(int(fields[k]) for k in (11, 12, 13, 14))
        elif ppid == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / CLK_TCK


def proc_rss(pid: int) -> tuple[float, float]:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


@dataclass
class Where:
    """What one loop runs against: the servers' URLs (the clients and the card tables spread
    over them round-robin), their pids, and the PostgreSQL server's postmaster (None: SQLite)."""
    urls: list[str]
    pids: list[int]
    database: str
    postmaster: int | None = None

    def url(self, k: int) -> str:
        return self.urls[k % len(self.urls)]

    def cpu(self) -> tuple[list[float], float]:
        """Each golf web process's CPU time, and the database server's (0 for SQLite)."""
        return ([proc_cpu(pid) for pid in self.pids],
                postgres_cpu(self.postmaster) if self.postmaster is not None else 0.0)


async def run_loop(where: Where, name: str, loop: str, bounds: str, args: argparse.Namespace,
                   traces: list[Path] | None = None) -> Row:
    stop = asyncio.Event()
    cards = Tally()
    tables = [asyncio.ensure_future(card_table(where.url(k), args, stop, cards))
              for k in range(args.tables)]
    await asyncio.sleep(args.warmup)                       # the card tables are under way
    tally = Tally()
    if loop == "open":
        start = time.perf_counter() + args.connect
        rng = random.Random(1)

        async def at_start() -> tuple[list[float], float]:   # connecting and 'new' not counted
            await asyncio.sleep(start - time.perf_counter())
            return where.cpu()

        first = asyncio.ensure_future(at_start())
        clients = [solitaire_open(where.url(k), args, start, rng.uniform(0, args.interval),
                                  tally)
                   for k in range(args.clients)]
        await asyncio.gather(*clients)
        seconds = tally.last - start
        offered = args.clients / args.interval
        (cpu0, db0), (cpu1, db1) = await first, where.cpu()
    else:
        ready = asyncio.Event()
        running = [asyncio.ensure_future(solitaire_closed(where.url(k), args, ready, tally))
                   for k in range(args.clients)]
        await asyncio.sleep(args.connect)
        (cpu0, db0), start = where.cpu(), time.perf_counter()
        ready.set()
        await asyncio.gather(*running)
        seconds, offered = tally.last - start, 0.0
        cpu1, db1 = where.cpu()
    memory = [proc_rss(pid) for pid in where.pids]
    stop.set()
    await asyncio.gather(*tables)
    answered = len(tally.latencies)
    for error in (tally.errors + cards.errors)[:3]:
        print(f"  {name} {where.database} x{len(where.pids)} {loop}: error: {error}",
              file=sys.stderr)
    cpu = sum(cpu1) - sum(cpu0)
    db = db1 - db0 if where.postmaster is not None else float("nan")

    def per_request(t: float) -> float:
        return t / answered * 1e6 if answered else float("nan")

    def share(t: float) -> float:
        return t / seconds * 100 if seconds > 0 else float("nan")

    return Row(name, where.database, len(where.pids), loop, bounds, offered, answered,
               len(tally.errors), tally.rate_limited + cards.rate_limited, tally.refused,
               answered / seconds if seconds > 0 else 0.0,
               percentile(tally.latencies, 0.50) * 1e3, percentile(tally.latencies, 0.99) * 1e3,
               max(tally.latencies, default=float("nan")) * 1e3,
               per_request(cpu), share(cpu), per_request(db), share(db),
               sum(rss for rss, _ in memory), max(peak for _, peak in memory),
               len(cards.latencies), len(cards.errors),
               over_time(tally, start, args.window, traces) if loop == "open" else [],
               [{"cpu_s": b - a, "rss_mb": rss, "peak_mb": peak}
                for a, b, (rss, peak) in zip(cpu0, cpu1, memory)])


def over_time(tally: Tally, start: float, window: float,
              traces: list[Path] | None = None) -> list[dict[str, float]]:
    """The open loop's latency per ``window`` seconds of due time: a stall shows in its
    window, where the whole run's p99 would hide when it came. With the server's ``trace``
    (``--trace``), each window also has its garbage collections (count and milliseconds, of
    generation 2 apart), the event loop's longest lag and the writer's longest commit: summed
    over the processes' traces (the counts and milliseconds) or their longest (lag, commit)."""
    by: dict[int, list[float]] = {}
    for due, latency in zip(tally.dues, tally.latencies):
        by.setdefault(int((due - start) // window), []).append(latency)
    events: dict[int, dict[str, float]] = {}
    lines = [line for trace in traces or [] if trace.is_file()
             for line in trace.read_text().splitlines()]
    for line in lines:
        at, kind, *values = line.split()
        e = events.setdefault(int((float(at) - start) // window),
                              dict(gc=0, gc_ms=0.0, gc2=0, gc2_ms=0.0, lag_ms=0.0,
                                   commit_ms=0.0))
        if kind == "gc":
            e["gc"] += 1
            e["gc_ms"] += float(values[1])
            if values[0].startswith("2"):
                e["gc2"] += 1
                e["gc2_ms"] += float(values[1])
        elif kind == "lag":
            e["lag_ms"] = max(e["lag_ms"], float(values[0]))
        elif kind == "commit":
            e["commit_ms"] = max(e["commit_ms"], float(values[1]))
    return [{"from_s": k * window, "count": len(v), "p50_ms": percentile(v, 0.5) * 1e3,
             "p99_ms": percentile(v, 0.99) * 1e3, "max_ms": max(v) * 1e3,
             **events.get(k, {})} for k, v in sorted(by.items())]


def print_windows(row: Row) -> None:
    if not row.windows:
        return
    print(f"\n{row.server}, {row.database} x{row.processes}, {row.loop}: latency over time "
          f"(by due time)")
    traced = "gc" in row.windows[0]
    columns = [("from s", "from_s", "{:.0f}"), ("count", "count", "{:.0f}"),
               ("p50 ms", "p50_ms", "{:.1f}"), ("p99 ms", "p99_ms", "{:.1f}"),
               ("max ms", "max_ms", "{:.0f}")]
    if traced:
        columns += [("gc", "gc", "{:.0f}"), ("gc ms", "gc_ms", "{:.0f}"),
                    ("gc2", "gc2", "{:.0f}"), ("gc2 ms", "gc2_ms", "{:.0f}"),
                    ("lag max ms", "lag_ms", "{:.0f}"), ("commit max ms", "commit_ms", "{:.0f}")]
    print(table([Window(**{"gc": 0, "gc_ms": 0, "gc2": 0, "gc2_ms": 0, "lag_ms": 0,
                           "commit_ms": 0, **w}) for w in row.windows], columns))


@dataclass
class Window:
    from_s: float
    count: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    gc: float = 0
    gc_ms: float = 0
    gc2: float = 0
    gc2_ms: float = 0
    lag_ms: float = 0
    commit_ms: float = 0


def lifted_connections(args: argparse.Namespace) -> int:
    """The closed loop's ``--max-connections``: the default, or room for every client."""
    return max(DEFAULTS.connections, args.clients + args.tables + 10)


def bound_options(tree: Path, loop: str, args: argparse.Namespace) -> tuple[list[str], str]:
    """The server's bound options for ``loop`` and their name (see the docstring, *Bounds*)."""
    if not (tree / "golfcore" / "web" / "limits.py").is_file():
        return [], "none"                 # a revision from before golf web had bounds
    saved = saved_options(tree, args)
    if loop == "open":
        return saved, "default" + (" (saved lifted)" if saved else "")
    return ["--messages-per-second", f"{args.rate:g}",
            "--max-connections", str(lifted_connections(args)), *saved], "lifted"


def lifted_saved(args: argparse.Namespace) -> int:
    """The saved-table bounds' value: room for every client's and table's unfinished game."""
    return max(DEFAULTS.saved_per_address, DEFAULTS.saved_tables,
               2 * (args.clients + args.tables) + 10)


def saved_options(tree: Path, args: argparse.Namespace) -> list[str]:
    """Lift the storage bounds a bench crosses and no real server does: its clients all come
    from one loopback address (``--saved-per-address``, 100 by default, is fewer than the
    clients), and ``--max-saved`` is lifted with it. ``--saved-per-connection`` stays: a
    client has one game, a card table one unfinished match at a time."""
    if "--saved-per-address" not in (tree / "golfcore" / "cli" / "web.py").read_text():
        return []                        # a revision from before the storage bounds
    return ["--saved-per-address", str(lifted_saved(args)),
            "--max-saved", str(lifted_saved(args))]


def open_loop_problems(args: argparse.Namespace) -> list[str]:
    """How the open loop's clients would cross a default bound of golf web (none: they keep
    within them)."""
    problems = []
    if 1 / args.interval > DEFAULTS.messages_per_second:
        problems.append(f"each client offers {1 / args.interval:g} requests/s, more than the "
                        f"default --messages-per-second {DEFAULTS.messages_per_second:g}")
    if args.clients + args.tables > DEFAULTS.connections:
        problems.append(f"{args.clients} clients and {args.tables} card tables are more "
                        f"connections than the default --max-connections "
                        f"{DEFAULTS.connections}")
    return problems


def describe_bounds(args: argparse.Namespace) -> list[str]:
    loops = args.loops.split(",")
    out = []
    if "open" in loops:
        out.append(f"open loop: golf web's default bounds (--messages-per-second "
                   f"{DEFAULTS.messages_per_second:g}, --max-connections "
                   f"{DEFAULTS.connections}); each client offers {1 / args.interval:g} "
                   f"requests/s, {args.clients + args.tables} connections")
    if "closed" in loops:
        out.append(f"closed loop: bounds lifted (--messages-per-second {args.rate:g}, "
                   f"--max-connections {lifted_connections(args)}): its clients send as fast "
                   f"as answered")
    out.append(f"both loops: --saved-per-address and --max-saved {lifted_saved(args)} (all the "
               f"clients share one loopback address; --saved-per-address "
               f"{DEFAULTS.saved_per_address} would refuse 'too-many-saved')")
    out.append("a rate-limited reply counts as an error (and in the rate-limited column)")
    return out


def wait_for_port(port: int, proc: subprocess.Popen[bytes], seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"golf web exited with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"golf web did not listen on port {port} within {seconds:.0f} s")


def supports(tree: Path, database: str, processes: int) -> str | None:
    """Why the server of ``tree`` cannot run this configuration (None: it can): a revision from
    before the PostgreSQL store, or before two servers could share one file (the change
    feed)."""
    web = tree / "golfcore" / "web"
    if database == "postgresql" and not (web / "postgres.py").is_file():
        return "no PostgreSQL store (golfcore/web/postgres.py)"
    if processes > 1 and not (web / "changes.py").is_file():
        return "no change feed for several processes (golfcore/web/changes.py)"
    return None


def measure(tree: Path, name: str, loop: str, database: str, processes: int,
            args: argparse.Namespace, postgres: Any = None) -> Row:
    """One loop against ``processes`` fresh servers from ``tree`` sharing one fresh database:
    an SQLite file in a temporary folder, or a new database of the PostgreSQL server
    ``postgres`` (a ``PostgresServer``)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = [str(tree)]
        if "uvloop" not in (tree / "pyproject.toml").read_text(encoding="utf-8"):
            # a revision that does not install uvloop runs on asyncio's loop, as it would
            shim = Path(tmp) / "shim" / "uvloop"
            shim.mkdir(parents=True)
            (shim / "__init__.py").write_text("raise ImportError('not installed here')\n")
            path.insert(0, str(shim.parent))
        if database == "postgresql":
            db = postgres.new_database(f"bench_{next(DATABASES)}")
            postmaster = postgres.postmaster_pid() or postgres.process.pid
        else:
            db, postmaster = os.path.join(tmp, "bench.sqlite3"), None
        traced = args.trace and tree == ROOT
        traces = [Path(tmp) / f"trace-{k}.txt" for k in range(processes)] if traced else []
        options, bounds = bound_options(tree, loop, args)
        procs: list[subprocess.Popen[bytes]] = []
        ports: list[int] = []
        try:
            for k in range(processes):
                env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
                if traced:
                    env["GOLF_WEB_TRACE"] = str(traces[k])   # golfcore.web.serving.TRACE_ENV
                # the first process only: several would write one file
                profile = (["-m", "cProfile", "-o", args.profile]
                           if args.profile and tree == ROOT and k == 0 else [])
                port = free_port()
                cmd = [sys.executable, *profile, "-m", "golfcore.cli", "web", "--port",
                       str(port), "--db", db, "--bot-delay", str(args.bot_delay), *options]
                procs.append(subprocess.Popen(cmd, cwd=tree, env=env,
                                              stdout=subprocess.DEVNULL,
                                              stderr=subprocess.PIPE))
                ports.append(port)
                if k == 0:
                    # the first one alone makes the fresh database's schema, then the others
                    wait_for_port(port, procs[0])
            for port, proc in zip(ports, procs):
                wait_for_port(port, proc)
            where = Where([f"ws://127.0.0.1:{port}/ws" for port in ports],
                          [proc.pid for proc in procs], database, postmaster)
            return asyncio.run(run_loop(where, name, loop, bounds, args, traces))
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGINT)       # as Ctrl-C: a profile is written
            for proc in procs:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                errors = (proc.stderr.read() if proc.stderr else b"").decode(errors="replace")
                if errors.strip():
                    print(f"  {name}: server stderr: {errors.strip()[-500:]}", file=sys.stderr)


#: The PostgreSQL databases' numbers (each loop has a new one: bench_1, bench_2, ...).
DATABASES = itertools.count(1)


def start_postgres() -> Any:
    """A temporary PostgreSQL server for the whole run (tests/postgres_support.py), or None,
    having said why, when there is none to start here."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        print("PostgreSQL: psycopg is not installed (pip install 'golfcore[postgresql]'): "
              "the postgresql rows are skipped", file=sys.stderr)
        return None
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        import postgres_support
    except ImportError as exc:
        print(f"PostgreSQL: tests/postgres_support.py cannot be imported ({exc}): the "
              f"postgresql rows are skipped", file=sys.stderr)
        return None
    if postgres_support.find_bindir() is None:
        print("PostgreSQL: not installed (no initdb; Debian: apt-get install -y postgresql): "
              "the postgresql rows are skipped", file=sys.stderr)
        return None
    try:
        server = postgres_support.PostgresServer().start()
    except (OSError, RuntimeError, KeyError, subprocess.SubprocessError) as exc:
        print(f"PostgreSQL: the temporary server did not start ({str(exc)[:300]}): the "
              f"postgresql rows are skipped", file=sys.stderr)
        return None
    print(f"PostgreSQL: a temporary server from {server.bindir} on port {server.port} "
          f"(fsync on), one new database per loop", file=sys.stderr)
    return server


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=200,
                        help="open loop: per client (200 x 0.1 s: 20 s)")
    parser.add_argument("--interval", type=float, default=0.1,
                        help="open loop: seconds between a client's requests")
    parser.add_argument("--closed-requests", type=int, default=40,
                        help="closed loop: per client")
    parser.add_argument("--tables", type=int, default=50, help="card-game tables")
    parser.add_argument("--bot-delay", type=float, default=0.1)
    parser.add_argument("--rate", type=float, default=1000.0,
                        help="the closed loop's --messages-per-second (see Bounds above)")
    parser.add_argument("--think", type=float, default=0.1,
                        help="a card table's person: seconds before acting")
    parser.add_argument("--loops", default="open,closed")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--compare", metavar="REF",
                        help="also measure the server of this git revision, interleaved, in "
                             "every configuration it supports")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--connect", type=float, default=3.0,
                        help="seconds for the clients to connect before the loop starts")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--profile", metavar="FILE",
                        help="run this tree's server under cProfile, its statistics to FILE "
                             "(the first process of the last loop measured)")
    parser.add_argument("--window", type=float, default=2.0,
                        help="open loop: seconds per row of latency over time")
    parser.add_argument("--trace", action="store_true",
                        help="this tree's server traces its garbage collections, event-loop "
                             "lag and commits (GOLF_WEB_TRACE), shown per window")
    parser.add_argument("--processes", default="1,2",
                        help="golf web processes sharing one database, one configuration each "
                             "(comma-separated counts)")
    parser.add_argument("--databases", default="sqlite,postgresql",
                        help="sqlite (a fresh file) and/or postgresql (a fresh database of a "
                             "temporary PostgreSQL server, tests/postgres_support.py)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not set(args.databases.split(",")) <= {"sqlite", "postgresql"} or not args.databases:
        parser.error(f"--databases: sqlite and/or postgresql, not {args.databases!r}")
    try:
        if not all(int(n) >= 1 for n in args.processes.split(",")):
            raise ValueError
    except ValueError:
        parser.error(f"--processes: counts of 1 or more, comma-separated, not "
                     f"{args.processes!r}")
    if "open" in args.loops.split(",") and (problems := open_loop_problems(args)):
        parser.error("the open loop runs on golf web's default bounds, which it would cross: "
                     + "; ".join(problems))
    databases = args.databases.split(",")
    processes = [int(n) for n in args.processes.split(",")]
    bounds = describe_bounds(args)
    for line in bounds:
        print(line, file=sys.stderr)
    print(f"load average at start: {load_average()}", file=sys.stderr)
    postgres = start_postgres() if "postgresql" in databases else None
    if postgres is None:
        databases = [d for d in databases if d != "postgresql"]
    try:
        rows = run_all(args, databases, processes, postgres)
    finally:
        if postgres is not None:
            postgres.stop()
    print(f"load average at end: {load_average()}", file=sys.stderr)
    order = {(d, n): k for k, (d, n) in enumerate(itertools.product(databases, processes))}
    loops = args.loops.split(",")
    # database x processes x loop (and the servers, then the repeats, in the order measured)
    rows.sort(key=lambda r: (order[r.database, r.processes], loops.index(r.loop)))
    if args.json:
        # a figure there is not (nan: db_cpu_* on SQLite, a loop with no answer) as null
        print(json.dumps([{k: None if isinstance(v, float) and v != v else v
                           for k, v in asdict(r).items()} for r in rows], indent=2))
    else:
        print(table(rows, COLUMNS))
        for row in rows:
            print_windows(row)
        print("\n".join(bounds))
        print("cpu: the golf web processes' CPU time summed (cpu %: 100 is one core, of "
              f"{os.cpu_count()}); db cpu: the PostgreSQL server's processes', apart (- for "
              "SQLite, which runs inside golf web); rss: summed; peak: the largest process's")
    return 1 if any(r.errors or r.card_errors for r in rows) else 0


def run_all(args: argparse.Namespace, databases: list[str], processes: list[int],
            postgres: Any) -> list[Row]:
    """Every loop of every configuration, taking turns loop by loop: each loop is measured on
    every configuration (database x processes x server) before the next loop."""
    with tempfile.TemporaryDirectory() as tmp:
        servers = [("this tree", ROOT)]
        if args.compare:
            old = Path(tmp) / "old"
            old.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.compare],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            servers.insert(0, (args.compare, old))
        rows = []
        for _ in range(args.repeats):
            for loop in args.loops.split(","):
                for database, count in itertools.product(databases, processes):
                    for name, tree in servers:
                        where = f"{name}, {database} x{count}, {loop}"
                        if (why := supports(tree, database, count)) is not None:
                            print(f"  {where}: skipped: {why}", file=sys.stderr)
                            continue
                        rows.append(measure(tree, name, loop, database, count, args, postgres))
                        print(f"  {where}: done (load {load_average()})", file=sys.stderr)
    return rows


def dash(pattern: str) -> Any:
    """``pattern``, or ``-`` for a figure there is not (nan: no PostgreSQL server)."""
    return lambda x: "-" if x != x else pattern.format(x)


COLUMNS = [("server", "server", "{}"), ("db", "database", "{}"), ("procs", "processes", "{}"),
           ("loop", "loop", "{}"), ("bounds", "bounds", "{}"),
           ("offered/s", "offered", "{:.0f}"), ("answered", "answered", "{}"),
           ("errors", "errors", "{}"), ("rate-limited", "rate_limited", "{}"),
           ("refused", "refused", "{}"), ("sustained/s", "sustained", "{:.0f}"),
           ("p50 ms", "p50_ms", "{:.1f}"), ("p99 ms", "p99_ms", "{:.1f}"),
           ("max ms", "max_ms", "{:.0f}"), ("cpu µs/req", "cpu_us", "{:.0f}"),
           ("db cpu µs/req", "db_cpu_us", dash("{:.0f}")),
           ("cpu % (sum)", "cpu_pct", "{:.0f}"), ("db cpu %", "db_cpu_pct", dash("{:.0f}")),
           ("rss MB (sum)", "rss_mb", "{:.0f}"), ("peak MB (max)", "peak_mb", "{:.0f}"),
           ("card acts", "card_actions", "{}"), ("card errors", "card_errors", "{}")]


if __name__ == "__main__":
    sys.exit(main())

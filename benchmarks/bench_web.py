#!/usr/bin/env python
"""`golf web` under load: action round-trip latency, and many WebSocket clients playing at once.

Run on demand (this is not a test)::

    python benchmarks/bench_web.py                    # 200 clients, 30 actions each
    python benchmarks/bench_web.py --clients 50 --actions 10 --json

How it measures:

1. A real server: ``golf web --port P --db TMP --bot-delay 0`` in its own process, on a free
   loopback port, with a fresh SQLite file (so every accepted action is a committed
   transaction, as in use). Clients run in this process (asyncio and ``websockets``).
2. **Latency**: one client starts a solitaire game and plays ``--latency-actions`` actions one
   after another (the first legal move each time; a new game when one ends), timing each
   request from send to reply with :func:`time.perf_counter`: p50 and p95.
3. **Baseline, same run**: the same kind of actions through an in-process protocol session
   (:class:`golfcore.protocol.server.Session`, what ``golf serve`` runs), with no socket and
   no database. The web figures are also given as multiples of it ("x serve").
4. **Load**: ``--clients`` connections at once, each starting its own game and playing up to
   ``--actions`` actions (new games when one ends); every reply is checked: an error reply, a
   refused legal move, a dropped connection or a time-out counts as an error. Reported: the
   errors, the latency p50/p95 under load, actions per second, and the wall time.

Every loop is bounded in count and in time (``--timeout``, default 300 s); only loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from tables import table  # noqa: E402  (benchmarks/tables.py, beside this script)
from golfcore.protocol.server import Session  # noqa: E402


@dataclass
class Row:
    what: str
    actions: int
    errors: int
    p50_ms: float
    p95_ms: float
    x_serve_p50: float
    per_second: float
    seconds: float


@dataclass
class Client:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def next_action(state: dict[str, Any]) -> dict[str, Any] | None:
    """The first legal move of a solitaire state as a request, ``None`` when the game is over."""
    if state["status"] != "playing" or not state["legal"]:
        return None
    move = state["legal"][0]
    return {"cmd": "draw"} if move == "draw" else {"cmd": "play", "column": int(move)}


async def play(url: str, actions: int, client: Client, deadline: float) -> None:
    """One client: a game, then ``actions`` actions (a new game whenever one ends)."""
    rid = 0

    async def ask(ws: Any, request: dict[str, Any]) -> dict[str, Any]:
        nonlocal rid
        rid += 1
        request = {**request, "id": rid}
        start = time.perf_counter()
        await ws.send(json.dumps(request))
        while True:   # pushes (no id) may come between; this client is alone at its table
            reply = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            if reply.get("id") == rid:
                break
        if request["cmd"] in ("play", "draw"):
            client.latencies.append(time.perf_counter() - start)
        if not reply.get("ok"):
            client.errors.append(f"{request['cmd']}: {reply.get('error') or reply.get('reason')}")
        return reply

    try:
        async with websockets.connect(url, max_size=2 ** 22) as ws:
            reply = await ask(ws, {"cmd": "new"})
            done = 0
            while done < actions and time.monotonic() < deadline:
                state, version = reply.get("state"), reply.get("version")
                request = next_action(state) if state else None
                if request is None:
                    reply = await ask(ws, {"cmd": "new"})
                    continue
                reply = await ask(ws, {**request, "version": version})
                done += 1
                if not reply.get("ok"):
                    break
    except Exception as exc:  # a dropped connection or a time-out is an error of the run
        client.errors.append(f"{type(exc).__name__}: {exc}")


def serve_baseline(count: int) -> list[float]:
    """Round-trip times of ``count`` actions through an in-process ``golf serve`` session."""
    session, times = Session(), []
    reply = json.loads(session.handle_line(json.dumps({"cmd": "new", "deal": 1})))
    deal = 1
    while len(times) < count:
        request = next_action(reply["state"])
        if request is None:
            deal += 1
            reply = json.loads(session.handle_line(json.dumps({"cmd": "new", "deal": deal})))
            continue
        start = time.perf_counter()
        reply = json.loads(session.handle_line(json.dumps(request)))
        times.append(time.perf_counter() - start)
    return times


def row(what: str, clients: list[Client], seconds: float, base_p50: float) -> Row:
    latencies = [t for c in clients for t in c.latencies]
    p50 = percentile(latencies, 0.50)
    return Row(what, len(latencies), sum(len(c.errors) for c in clients), p50 * 1e3,
               percentile(latencies, 0.95) * 1e3, p50 / base_p50 if base_p50 else float("nan"),
               len(latencies) / seconds if seconds else 0.0, seconds)


async def run(url: str, args: argparse.Namespace, base_p50: float) -> list[Row]:
    deadline = time.monotonic() + args.timeout
    alone = Client()
    start = time.perf_counter()
    await play(url, args.latency_actions, alone, deadline)
    rows = [row("1 client, one action at a time", [alone], time.perf_counter() - start,
                base_p50)]
    clients = [Client() for _ in range(args.clients)]
    start = time.perf_counter()
    await asyncio.gather(*(play(url, args.actions, c, deadline) for c in clients))
    rows.append(row(f"{args.clients} clients at once", clients, time.perf_counter() - start,
                    base_p50))
    for c in clients + [alone]:
        for error in c.errors[:3]:
            print(f"error: {error}", file=sys.stderr)
    return rows


def wait_for_port(port: int, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--actions", type=int, default=30, help="actions per client")
    parser.add_argument("--latency-actions", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    baseline = serve_baseline(args.latency_actions)
    base_p50 = statistics.median(baseline)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "golfcore.cli", "web", "--port", str(port),
               "--db", os.path.join(tmp, "bench.sqlite3"), "--bot-delay", "0"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_for_port(port, proc)
            rows = asyncio.run(run(f"ws://127.0.0.1:{port}/ws", args, base_p50))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    base = Row("baseline: golf serve in process", len(baseline), 0, base_p50 * 1e3,
               percentile(baseline, 0.95) * 1e3, 1.0, len(baseline) / sum(baseline),
               sum(baseline))
    rows.insert(0, base)
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(table(rows, [("run", "what", "{}"), ("actions", "actions", "{}"),
                           ("errors", "errors", "{}"), ("p50 ms", "p50_ms", "{:.2f}"),
                           ("p95 ms", "p95_ms", "{:.2f}"), ("x serve p50", "x_serve_p50",
                                                            "{:.1f}"),
                           ("actions/s", "per_second", "{:.0f}"), ("s", "seconds", "{:.1f}")]))
    return 1 if any(r.errors for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

"""``golf tournament --scheduler`` and ``golf survey --fair --scheduler``: the same records on a
Dask cluster as in local processes, nothing lost or counted twice when a worker dies, no work
left behind when the ``golf`` process dies, and clear errors for a bad or unreachable address.

The clusters are real ``distributed.LocalCluster``\\s of 2 worker processes on loopback; they
take seconds to start, so those tests are marked slow (CI runs them). The address errors are
cheap and run by default.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from golfcore.cli import main
from golfcore.runs import cluster

if TYPE_CHECKING:     # imported by the slow tests' fixture only: half a second of CPU each
    import distributed  # process (every xdist worker collects this module)

GOLF = [sys.executable, "-m", "golfcore.cli"]
#: A tournament of quick matches (greedy against random: about a fifth of a second each).
TOURNAMENT = ["tournament", "greedy", "random", "--variant", "card-golf", "--matches", "24",
              "--seed", "7"]
#: A survey with the fair chance of each deal on a tiny budget (a tenth of a second a deal).
SURVEY = ["survey", "--variant", "traditional,cards4", "--deals", "1..10", "--fair",
          "--fair-states", "300", "--fair-samples", "4", "--fair-policy-states", "50"]


def golf(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def closed_port() -> int:
    """A loopback port nothing listens on (just released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- the address ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("tcp://10.0.0.5:8786", ("tcp", "10.0.0.5", 8786)),
    ("10.0.0.5", ("tcp", "10.0.0.5", 8786)),                 # dask scheduler's defaults
    ("TLS://sched.example.org:9000", ("tls", "sched.example.org", 9000)),
    ("tcp://[::1]:8786", ("tcp", "::1", 8786)),
    ("ws://localhost:80", ("ws", "localhost", 80)),
])
def test_a_scheduler_address_is_read_with_its_defaults(text, expected):
    assert cluster.parse_address(text) == expected
    assert cluster.format_address(*expected).startswith(expected[0] + "://")


@pytest.mark.parametrize("text, says", [
    ("", "not a scheduler address"),
    ("tcp://", "not a scheduler address"),
    ("foo://host:1", "unknown scheme 'foo'"),
    ("tcp://host:99999", "port must be a number from 1 to 65535"),
    ("tcp://host:0", "port must be a number"),
    ("tcp://host:http", "port must be a number"),
    ("tcp://host:8786/path", "not a scheduler address"),
    ("tcp://::1:8786", "not a scheduler address"),
    ("tcp://[10.0.0.5]:8786", "IPv6 address goes in brackets"),
    ("tcp://999.1.1.1:8786", "neither an IP address nor a host name"),
    ("tcp://bad host:8786", "neither an IP address nor a host name"),
    ("tcp://-x-:8786", "neither an IP address nor a host name"),
    ("tcp://host\n:8786", "not a scheduler address"),
])
def test_a_malformed_address_is_refused_saying_why(text, says):
    with pytest.raises(cluster.GolfError, match=says):
        cluster.parse_address(text)


@pytest.mark.parametrize("command", [TOURNAMENT, SURVEY])
@pytest.mark.parametrize("address, says", [
    ("foo://127.0.0.1:1", "unknown scheme 'foo'"),
    ("tcp://127.0.0.1:99999", "port must be a number from 1 to 65535"),
    ("", "not a scheduler address"),
    ("tcp://nowhere.invalid:8786", "cannot resolve the host 'nowhere.invalid'"),
])
def test_a_bad_address_is_a_usage_error(command, address, says, capsys, tmp_path):
    output = tmp_path / "r.jsonl"
    code, out, err = golf(capsys, *command, "--scheduler", address, "--output", str(output))
    assert code == 2
    assert "argument --scheduler:" in err and says in err
    assert "Traceback" not in err and out == ""
    assert not output.exists()


def test_scheduler_and_local_processes_are_not_both_given(capsys, tmp_path):
    code, _, err = golf(capsys, *TOURNAMENT, "--workers", "2", "--scheduler",
                        "tcp://127.0.0.1:8786", "--output", str(tmp_path / "r.jsonl"))
    assert code == 2 and "not allowed with argument" in err


@pytest.mark.parametrize("command", [TOURNAMENT, SURVEY])
def test_an_unreachable_scheduler_is_a_clear_error_and_changes_nothing(command, capsys,
                                                                       tmp_path):
    output = tmp_path / "r.jsonl"
    output.write_text('{"cut off', encoding="utf-8")     # a run cut off: not even repaired
    address = f"tcp://127.0.0.1:{closed_port()}"
    started = time.monotonic()
    code, out, err = golf(capsys, *command, "--scheduler", address, "--output", str(output))
    assert code == 1
    assert err.startswith(f"golf: error: cannot reach the Dask scheduler at {address}: ")
    assert "refused" in err.lower() and "Traceback" not in err and out == ""
    assert output.read_text(encoding="utf-8") == '{"cut off'
    assert time.monotonic() - started < 5       # told at once, not after Dask's retries


def test_a_server_that_is_no_scheduler_is_a_clear_error(capsys, tmp_path):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:            # what a web server would say to a stranger
        try:
            while True:
                conn, _ = server.accept()
                with conn:
                    conn.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n")
        except OSError:
            pass

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        code, _, err = golf(capsys, *TOURNAMENT, "--scheduler", address,
                            "--output", str(tmp_path / "r.jsonl"))
    finally:
        server.close()
    assert code == 1
    assert f"golf: error: cannot reach the Dask scheduler at {address}" in err
    assert "Traceback" not in err and not (tmp_path / "r.jsonl").exists()


def test_without_distributed_the_error_names_the_extra(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed fails
    code, _, err = golf(capsys, *TOURNAMENT, "--scheduler", "tcp://127.0.0.1:8786",
                        "--output", str(tmp_path / "r.jsonl"))
    assert code == 1 and "golfcore[dask]" in err and "Traceback" not in err


# -- on a cluster ---------------------------------------------------------------------------------

def local_reference(tmp_path: Path, command: list[str], *more: str) -> tuple[Path, dict]:
    """The command run in local processes: its results file and JSON summary."""
    output = tmp_path / "local.jsonl"
    run = subprocess.run([*GOLF, *command, *more, "--output", str(output), "--json"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return output, json.loads(run.stdout)


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def lines_in(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def kill_a_busy_worker(client: distributed.Client) -> tuple[str, list[str]]:
    """SIGKILL a worker process that has tasks: its address and the tasks it had."""
    deadline = time.monotonic() + 60
    while True:
        busy = {w: keys for w, keys in client.processing().items() if keys}
        if busy:
            break
        if time.monotonic() > deadline:
            raise AssertionError("no worker was busy")
        time.sleep(0.01)
    victim, keys = next(iter(busy.items()))
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    return victim, [str(k) for k in keys]


def redone(client: distributed.Client) -> bool:
    """Whether a task was processing, then processing again after its worker died, and then
    done (the scheduler's own story of its transitions). Any task counts, not only those the
    victim had when it was chosen: on a quick machine it may finish them before the kill
    lands, and die running the next one."""
    def twice_then_done(dask_scheduler: Any) -> list[str]:
        starts: dict[str, int] = {}
        done = set()
        for entry in dask_scheduler.transition_log:     # (key, start, finish, ...)
            key, finish = str(entry[0]), entry[2]
            if finish == "processing":
                starts[key] = starts.get(key, 0) + 1
            elif finish == "memory":
                done.add(key)
        return [key for key, n in starts.items() if n >= 2 and key in done]
    return bool(client.run_on_scheduler(twice_then_done))


@pytest.fixture
def local_cluster():
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as lc, \
            distributed.Client(lc, set_as_default=False) as client:
        yield lc, client


def untimed_match(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("seconds", "micros", "cpu_micros")}


def untimed_tournament(summary: dict) -> dict:
    seats = [{k: v for k, v in row.items() if k not in ("time", "cpu")}
             for row in summary["seats"]]
    return {**{k: v for k, v in summary.items() if k not in ("tournament", "seats")},
            "seats": seats}


@pytest.mark.slow   # a LocalCluster of 2 processes takes seconds to start: CI runs it
def test_tournament_on_a_cluster_loses_nothing_when_a_worker_dies(local_cluster, tmp_path):
    lc, client = local_cluster
    reference, summary = local_reference(tmp_path, TOURNAMENT, "--workers", "1")
    output = tmp_path / "dask.jsonl"
    golf_run = subprocess.Popen([*GOLF, *TOURNAMENT, "--scheduler", lc.scheduler_address,
                                 "--output", str(output), "--json", "--progress"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: lines_in(output) >= 1, 120, "the first match")
        victim, keys = kill_a_busy_worker(client)
        out, err = golf_run.communicate(timeout=600)
    finally:
        if golf_run.poll() is None:
            golf_run.kill()
            golf_run.wait()
    assert golf_run.returncode == 0, err
    records = read(output)
    assert sorted(r["match"] for r in records) == list(range(24))   # each match once
    assert ({r["match"]: untimed_match(r) for r in records}
            == {r["match"]: untimed_match(r) for r in read(reference)})
    data = json.loads(out)
    assert data["tournament"]["backend"] == f"dask {lc.scheduler_address}"
    assert data["tournament"]["played_now"] == 24 and data["matches"] == 24
    assert untimed_tournament(data) == untimed_tournament(summary)
    assert "tournament [" in err and "24/24" in err     # the progress bar, as locally
    assert redone(client), f"no task was done again after {victim} was killed (it had {keys})"


def untimed_records(records: list[dict]) -> list[dict]:
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in records),
                  key=lambda r: (r["deal"], r["variant"]))


def survey_figures(data: dict) -> dict:
    rows = []
    for row in data["variants"]:
        row = {k: v for k, v in row.items() if k != "time"}
        if row["fair"] is not None:
            row["fair"] = {k: v for k, v in row["fair"].items() if k != "seconds"}
        rows.append(row)
    return {"variants": rows, "pairs": data["pairs"]}


@pytest.mark.slow   # a LocalCluster of 2 processes takes seconds to start: CI runs it
def test_fair_survey_on_a_cluster_loses_nothing_when_a_worker_dies(local_cluster, tmp_path):
    lc, client = local_cluster
    reference, summary = local_reference(tmp_path, SURVEY, "--workers", "1", "--quiet")
    output = tmp_path / "dask.jsonl"
    fair_output = tmp_path / "dask.fair.jsonl"
    golf_run = subprocess.Popen([*GOLF, *SURVEY, "--scheduler", lc.scheduler_address,
                                 "--output", str(output), "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: lines_in(output) + lines_in(fair_output) >= 1, 120, "the first deal")
        victim, keys = kill_a_busy_worker(client)
        out, err = golf_run.communicate(timeout=600)
    finally:
        if golf_run.poll() is None:
            golf_run.kill()
            golf_run.wait()
    assert golf_run.returncode == 0, err
    solved, fair = read(output), read(fair_output)
    expected = [(d, v) for d in range(1, 11) for v in ("cards4", "traditional")]
    for records in (solved, fair):      # every deal under every variant, once
        assert sorted((r["deal"], r["variant"]) for r in records) == expected
    assert untimed_records(solved) == untimed_records(read(reference))
    assert untimed_records(fair) == untimed_records(
        read(reference.with_name("local.fair.jsonl")))
    data = json.loads(out)
    assert data["survey"]["backend"] == f"dask {lc.scheduler_address}"
    assert survey_figures(data) == survey_figures(summary)
    assert redone(client), f"no task was done again after {victim} was killed (it had {keys})"


@pytest.mark.slow   # a LocalCluster of 2 processes takes seconds to start: CI runs it
def test_when_golf_dies_the_cluster_drops_its_work_and_a_local_run_resumes(local_cluster,
                                                                            tmp_path):
    lc, client = local_cluster
    reference, summary = local_reference(tmp_path, TOURNAMENT, "--workers", "1")
    output = tmp_path / "dask.jsonl"
    golf_run = subprocess.Popen([*GOLF, *TOURNAMENT, "--scheduler", lc.scheduler_address,
                                 "--output", str(output)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: lines_in(output) >= 2, 120, "two matches")
        golf_run.send_signal(signal.SIGKILL)
    finally:
        golf_run.wait()

    def tasks_left() -> int:
        return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

    wait_for(lambda: tasks_left() == 0, 30, "the scheduler to forget the dead client's tasks")
    done = lines_in(output)
    assert 2 <= done < 24
    # the same command, now in local processes, resumes from what the cluster wrote
    run = subprocess.run([*GOLF, *TOURNAMENT, "--workers", "2", "--output", str(output),
                          "--json"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "resuming from" in run.stderr
    records = read(output)
    assert sorted(r["match"] for r in records) == list(range(24))
    assert ({r["match"]: untimed_match(r) for r in records}
            == {r["match"]: untimed_match(r) for r in read(reference)})
    assert untimed_tournament(json.loads(run.stdout)) == untimed_tournament(summary)


@pytest.mark.slow   # a LocalCluster of 2 processes takes seconds to start: CI runs it
def test_ctrl_c_on_a_cluster_cancels_the_work_and_keeps_the_records(local_cluster, tmp_path):
    lc, client = local_cluster
    output = tmp_path / "dask.jsonl"
    # (Ctrl-C's default handling in the child, as from a terminal, even where the tests run
    # with SIGINT ignored)
    # 400 matches (the run is cut short, so they cost nothing): on a quick machine the usual
    # 24 could all be played between the first record and the signal
    long_run = [*TOURNAMENT[:TOURNAMENT.index("--matches") + 1], "400",
                *TOURNAMENT[TOURNAMENT.index("--matches") + 2:]]
    golf_run = subprocess.Popen([*GOLF, *long_run, "--scheduler", lc.scheduler_address,
                                 "--output", str(output)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        wait_for(lambda: lines_in(output) >= 1, 120, "the first match")
        golf_run.send_signal(signal.SIGINT)
        out, err = golf_run.communicate(timeout=120)
    finally:
        if golf_run.poll() is None:
            golf_run.kill()
            golf_run.wait()
    assert golf_run.returncode == 130 and "Traceback" not in err
    records = read(output)
    assert f"interrupted with {len(records)} of 400 matches played" in err
    assert len({r["match"] for r in records}) == len(records) < 400
    wait_for(lambda: client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
             == 0, 30, "the scheduler to drop the cancelled matches")

"""The JSON-lines protocol: the documented transcript replays through `golf serve`, bad lines get
error replies and the session goes on, and the suite run through the protocol gives exactly the
in-process results."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.conformance.runner import InProcessEngine, ProgramEngine, run
from golfcore.protocol.server import Session
from golfcore.conformance.specfile import SPECS_DIR

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
TRANSCRIPT = DOC.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
SERVE = [sys.executable, "-m", "golfcore.cli", "serve"]


def timeless(value):
    """A reply without the solver's wall-clock ``seconds``, the one value that varies."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value


def pairs() -> list[tuple[str, dict]]:
    out = []
    for request, reply in zip(TRANSCRIPT[::2], TRANSCRIPT[1::2]):
        assert request.startswith("> ") and reply.startswith("< ")
        out.append((request[2:], json.loads(reply[2:])))
    return out


def test_transcript_replays_through_golf_serve():
    requests = "".join(request + "\n" for request, _ in pairs())
    done = subprocess.run(SERVE, input=requests, capture_output=True, text=True, timeout=60,
                          check=True)
    replies = [timeless(json.loads(line)) for line in done.stdout.splitlines()]
    assert replies == [timeless(reply) for _, reply in pairs()]


def test_console_script_serves():
    golf = shutil.which("golf")
    assert golf, "the golf console script is installed"
    done = subprocess.run([golf, "serve"], input='{"cmd":"hello"}\n', capture_output=True,
                          text=True, timeout=60, check=True)
    assert json.loads(done.stdout)["protocol"] == 1


@pytest.mark.parametrize("line, error", [
    ("[1, 2]", "bad-request"),
    ('{"cmd": "fly"}', "bad-request"),
    ('{"cmd": "draw", "colour": 1}', "bad-request"),
    ('{"cmd": "new", "variant": "nope", "deal": 1}', "bad-input"),
    ('{"cmd": "new", "code": "GO1-E-AAAAAAA"}', "bad-input"),
    ('{"cmd": "new", "position": {"columns": [["AS", "AS"]]}}', "bad-input"),
    ('{"cmd": "new", "deal": 1, "code": "GO1-E-AAAAAAB"}', "bad-input"),
    ('{"cmd": "new", "code": "GO1-E-AAAAAAB", "variant": "cards4"}', "bad-input"),
    ("{", "bad-json"),
    ("", "bad-json"),
    ("  \r\n", "bad-json"),
    ("[" * 100_000, "bad-json"),
    ('{"cmd": "new", "deal": ' + "9" * 5000 + "}", "bad-json"),
    ('{"cmd": "new", "game": "poker", "deal": 1}', "bad-input"),
    ('{"cmd": "observe", "seat": 0, "colour": 1}', "bad-request"),
])
def test_bad_lines_get_error_replies_and_the_session_goes_on(line, error):
    session = Session()
    reply = json.loads(session.handle_line(line))
    assert reply["ok"] is False and reply["error"] == error and reply["message"]
    assert json.loads(session.handle_line('{"cmd": "hello"}'))["ok"] is True


def test_actions_need_a_game_and_bad_values_keep_the_state():
    session = Session()
    assert session.handle({"cmd": "draw"})["error"] == "no-game"
    session.handle({"cmd": "new", "deal": 3})
    before = session.handle({"cmd": "state"})["state"]
    for bad in ({"cmd": "play", "column": "x"}, {"cmd": "play", "card": "XX"},
                {"cmd": "play"}, {"cmd": "play", "card": "AS", "column": 1}):
        reply = session.handle(bad)
        assert reply["error"] == "bad-input" and reply["state"] == before


def test_a_failed_new_keeps_the_game_and_carries_none_of_its_state():
    session = Session()
    session.handle({"cmd": "new", "deal": 3})
    before = session.handle({"cmd": "state"})["state"]
    for bad in ({"cmd": "new", "deal": "x"}, {"cmd": "new", "code": "GO1-E-AAAAAAA"},
                {"cmd": "new", "deal": 1, "colour": 1}):
        reply = session.handle(bad)
        assert reply["ok"] is False and "state" not in reply
        assert reply["message"].endswith("(nothing changed: a solitaire game is still being "
                                         "played)")
    assert session.handle({"cmd": "state"})["state"] == before
    # with no game, nothing is said about one
    assert "nothing changed" not in Session().handle({"cmd": "new", "deal": "x"})["message"]


def test_golf_serve_answers_every_line():
    lines = b'\n{"cmd":"hello"}\n   \n\xff\xfe{\n{"cmd":"new","deal":1}\n{"cmd":"quit"}\n'
    done = subprocess.run(SERVE, input=lines, capture_output=True, timeout=60, check=True)
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [r.get("error") for r in replies] == ["bad-json", None, "bad-json", "bad-json", None,
                                                 None]
    assert replies[-1] == {"ok": True, "bye": True}


@pytest.mark.slow   # the whole suite twice, once through a subprocess: CI runs it
def test_suite_through_golf_serve_gives_the_in_process_results():
    inproc = run([SPECS_DIR], InProcessEngine())
    engine = ProgramEngine(" ".join(SERVE))
    try:
        piped = run([SPECS_DIR], engine)
    finally:
        engine.close()
    assert inproc.results
    assert [r.to_json() for r in piped.results] == [r.to_json() for r in inproc.results]
    assert piped.ok == inproc.ok

"""``golf serve`` sessions with computer seats (``seat_kinds``, docs/protocol.md): a session
that plays only some seats can finish its match, because the server plays the others, each
computer from its own observation; the session still sees only its own seats."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from golfcore.protocol.server import Session

SERVE = [sys.executable, "-m", "golfcore.cli", "serve"]


def new(session: Session, **fields) -> dict:
    return session.handle({"cmd": "new", "game": "card-game", **fields})


def test_a_session_plays_its_seat_and_the_server_the_computers_to_the_end():
    session = Session()
    started = new(session, variant="six-card+shape=2x2", seat_kinds=["human", "bot:greedy"])
    assert started["ok"] is True and started["seats"] == [0] and started["code"] is None
    assert started["seat_kinds"] == ["human", "bot:greedy"] and started["chosen_deal"] is False
    assert session.handle({"cmd": "observe", "seat": 1})["error"] == "not-your-seat"
    assert session.handle({"cmd": "referee"})["error"] == "not-referee"
    rng = random.Random(3)
    played = computers = 0
    for _ in range(2000):
        view = session.handle({"cmd": "observe", "seat": 0})["observation"]
        if view["over"]:
            break
        assert view["legal"], "the session's seat must always be able to act"
        reply = session.handle({"cmd": "act", "seat": 0, "action": rng.choice(view["legal"])})
        assert reply["ok"] is True
        played += 1
        for done in reply["computers"]:
            assert done["seat"] == 1
            computers += 1
        if reply["computers"]:
            # what the table saw last is what the session's observation shows
            assert reply["computers"][-1]["discard"] == reply["observation"]["discard"]
    else:
        pytest.fail("the match did not end")
    assert played > 9 and computers > 9
    assert view["code"].startswith("GK1-S222-") and len(view["rounds"]) == 9


def test_a_computer_that_opens_the_round_plays_before_new_replies():
    session = Session()
    started = new(session, seed=4, seat_kinds=["bot:random", "human", "bot:greedy"])
    assert started["ok"] is True and started["seats"] == [1] and started["chosen_deal"] is True
    assert [done["seat"] for done in started["computers"]] == [0, 0]   # draw or take, then...
    view = session.handle({"cmd": "observe", "seat": 1})["observation"]
    assert view["turn"] == 1 and view["step"] == "draw"


def test_a_computer_sees_only_its_own_seat(monkeypatch):
    from golfcore.cardgame.bots import randombot

    seen: list[dict] = []
    real = randombot.RandomBot.act

    def recording(self, observation):
        seen.append(observation)
        return real(self, observation)

    monkeypatch.setattr(randombot.RandomBot, "act", recording)
    session = Session()
    new(session, seat_kinds=["human", "bot:random"])
    for _ in range(6):
        view = session.handle({"cmd": "observe", "seat": 0})["observation"]
        session.handle({"cmd": "act", "seat": 0, "action": view["legal"][0]})
    assert seen and all(o["seat"] == 1 and o["legal"] for o in seen)


@pytest.mark.parametrize("fields, says", [
    ({"seat_kinds": ["human"]}, "2 to 6 seat kinds"),
    ({"seat_kinds": ["bot:greedy", "bot:random"]}, "at least one 'human'"),
    ({"seat_kinds": ["human", "bot:grody"]}, "unknown bot 'grody'"),
    ({"seat_kinds": ["human", "bot:Greedy"]}, "write the bot's name as 'bot:greedy'"),
    ({"seat_kinds": ["human", "robot"]}, "expected 'human' or 'bot:NAME'"),
    ({"seat_kinds": ["human", "bot:random"], "players": 3}, "'seat_kinds' names 2 seats"),
    ({"seat_kinds": ["human", "bot:random"], "code": "GC1-G333-AAAAAAB"},
     "'seat_kinds' names 2 seats but the match has 3 players"),
    ({"seat_kinds": ["human", "human", "bot:random"], "seats": [0]},
     "'seats' must name exactly those"),
])
def test_bad_seat_kinds_are_refused(fields, says):
    reply = new(Session(), **fields)
    assert reply["ok"] is False and reply["error"] == "bad-input" and says in reply["message"]


def test_computers_through_a_real_golf_serve():
    lines = [{"id": 1, "cmd": "new", "game": "card-game", "seed": 2,
              "seat_kinds": ["human", "bot:greedy"]},
             {"id": 2, "cmd": "act", "seat": 0, "action": "draw"},
             {"id": 3, "cmd": "act", "seat": 0, "action": "replace 1"},
             {"id": 4, "cmd": "quit"}]
    done = subprocess.run(SERVE, input="".join(json.dumps(x) + "\n" for x in lines),
                          capture_output=True, text=True, timeout=60, check=True)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True, True, True, True]
    assert replies[1]["computers"] == []
    assert [c["seat"] for c in replies[2]["computers"]] == [1, 1]
    assert replies[2]["observation"]["turn"] == 0


# -- bot options in seat kinds ----------------------------------------------------------------


def test_a_computer_seat_takes_bot_options_as_golf_tournament_writes_them():
    session = Session()
    kind = "bot:strong:iterations=2,max_iterations=2"
    started = new(session, variant="card-golf+shape=2x2", seed=5, seat_kinds=[kind, "human"])
    assert started["ok"] is True and started["seat_kinds"] == [kind, "human"]
    assert started["computers"], "the strong computer opens the round"
    bot = session.table.computers.bots[0]
    assert (bot.name, bot.iterations, bot.max_iterations) == ("strong", 2, 2)


@pytest.mark.parametrize("kind, says", [
    ("bot:strong:iterations=10000000",
     "option iterations=10000000 is out of bounds: a server takes iterations from 1 to 64"),
    ("bot:expert:max_iterations=100000", "a server takes max_iterations from 1 to 256"),
    ("bot:strong:leaf=open", "option 'leaf' is not taken from a client of a server (it takes "
                             "candidates from 1 to 6, confidence from 0 to 10"),
    ("bot:strong:depth=3", "option 'depth' is not taken from a client of a server (it takes "
                           "candidates from 1 to 6"),
    ("bot:random:speed=1", "bot 'random': option 'speed' is not taken from a client of a "
                           "server (it takes none)"),
    ("bot:strong:iterations=2.5", "iterations"),
    ("bot:strong:iterations=02", "write the bot and its options as 'bot:strong:iterations=2'"),
    ("bot:strong:iterations", "options are written NAME:KEY=VALUE[,KEY=VALUE]"),
    ("bot:strong:iterations=1e400", "is not a finite number"),
    ("bot:strong:iterations=" + "9" * 300, "a bot is at most 200 characters"),
])
def test_bot_options_a_client_may_not_send_are_refused(kind, says):
    """A client (a browser, through golf web) must not make the server think for hours:
    options are bounded by the bot's client limits; nothing is started."""
    session = Session()
    reply = new(session, seat_kinds=["human", kind])
    assert reply["ok"] is False and reply["error"] == "bad-input"
    assert "seat 1" in reply["message"] and says in reply["message"], reply["message"]
    assert session.table is None


def test_golf_tournament_and_seat_kinds_read_bot_options_with_one_parser(capsys):
    from golfcore.cli import main

    assert main(["tournament", "strong:iterations", "random", "--variant", "card-golf",
                 "--matches", "1", "--seed", "1"]) == 1
    said = capsys.readouterr().err
    reply = new(Session(), seat_kinds=["human", "bot:strong:iterations"])
    shared = "options are written NAME:KEY=VALUE[,KEY=VALUE], such as 'strong:iterations=200'"
    assert shared in said and shared in reply["message"]

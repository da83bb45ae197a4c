"""The ``replay`` request of ``golf web`` (docs/web.md, *Replays and share links*): the views of
a game step by step, what they may show (hidden information), their bounds, and bad input.

The app runs in process over a real SQLite file (Starlette's test client); the card-game
matches are saved as ``golf web`` saves them (tests/web_tables.py) or played through the
protocol."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golfcore.cardgame.match import Match
from golfcore.protocol.solitaire import state_of
from golfcore.solitaire.game import Game
from golfcore.web import replays
from golfcore.web.app import create_app
from golfcore.web.store import Store
from test_web_api import HTTP, QUICK, WS, Browser, TestClient
from web_tables import Saved, card_game
from golfcore.web.seats import draft_seats
from golfcore.web.tables import LiveCardGame


@pytest.fixture
def web(tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    store = Store(tmp_path / "web.sqlite3")
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        yield client, store
    store.close()


@pytest.fixture
def browser(web: tuple[TestClient, Store]) -> Iterator[Browser]:
    with web[0].websocket_connect(WS) as ws:
        yield Browser(ws)


def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def finished_match(store: Store, players: int = 2) -> Saved:
    """A match dealt from a secret (nobody chose it), played to its end and saved."""
    draft = LiveCardGame("", 0, draft_seats(["human"] * players),
                         Match("card-golf+shape=2x2", players=players))
    saved = Saved(store, draft)
    while not saved.table.match.is_over:
        saved.deal(50, seed=7)
    return saved


# -- the solitaire ----------------------------------------------------------------------


def test_a_solitaire_table_is_replayed_step_by_step_never_with_its_stock(browser: Browser) -> None:
    started = browser("new", code="GO1-E-AAAAAAB")
    assert started["ok"]
    for request in ({"cmd": "draw"}, {"cmd": "play", "column": 4}, {"cmd": "undo"},
                    {"cmd": "draw"}):
        assert browser(**request)["ok"], request
    reply = browser("replay")
    assert reply["ok"] and reply["game"] == "solitaire" and reply["code"] == "GO1-E-AAAAAAB"
    assert reply["moves"] == "d4ud"
    views = reply["steps"]
    assert [v["action"] for v in views] == [None, "draw", "play 4", "undo", "draw"]
    # each step is what the player saw then (state_of: the columns, the waste, the count)
    game = Game.from_code("GO1-E-AAAAAAB")
    seen = [state_of(game)]
    for step in (game.draw, lambda: game.play(4), game.undo, game.draw):
        assert step().accepted
        seen.append(state_of(game))
    for view, state in zip(views, seen, strict=True):
        assert view["columns"] == state["position"]["columns"]
        assert (view["waste"], view["stock"], view["moves"], view["status"]) == (
            state["waste"], state["stock"], state["moves"], state["status"])
    assert views[1]["stock"] == 15 and views[1]["card"] == views[1]["waste"] == "8H"
    for key, value in _walk(reply):
        assert key != "position" and not (key == "stock" and isinstance(value, list))
    # the self-contained form gives the same steps, on any server
    again = browser("replay", code="GO1-E-AAAAAAB", moves="d4ud")
    assert again["steps"] == views


def test_a_draft_has_one_step_and_no_table_is_no_table(browser: Browser) -> None:
    assert browser("replay")["error"] == "no-table"
    assert browser("new", variant="app-facil", draft=True)["ok"]
    reply = browser("replay")
    assert reply["ok"] and len(reply["steps"]) == 1 and reply["moves"] == ""


BAD = [
    ({"code": "GO1-E-AAAAAAB", "moves": "d" * (replays.MAX_MOVES + 1)}, "bad-replay"),
    ({"code": "GO1-E-AAAAAAB", "moves": "3x"}, "bad-replay"),
    ({"code": "GO1-E-AAAAAAB", "moves": 3}, "bad-replay"),
    ({"code": "GO1-E-AAAAAAB"}, "bad-replay"),
    ({"code": "GO1-E-AAAAAAB", "moves": "1"}, "bad-replay"),          # refused: not adjacent
    ({"code": "GO1-?-AAAAAAB", "moves": ""}, "bad-replay"),
    ({"code": "x" * 100}, "bad-replay"),
    ({"code": ["GO1-E-AAAAAAB"], "moves": ""}, "bad-replay"),
    ({"moves": "d"}, "bad-replay"),
    ({"code": "GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB", "moves": ""}, "bad-replay"),
    ({"code": "GC1-G233-AAAAAAB"}, "no-replay"),
    ({"code": "GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB"}, "no-replay"),
    ({"code": "GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAA%"}, "bad-replay"),
]


def test_bad_replays_are_refused_in_both_languages(browser: Browser) -> None:
    for fields, error in BAD:
        reply = browser("replay", **fields)
        assert reply["ok"] is False and reply["error"] == error, (fields, reply)
        assert set(reply["messages"]) == {"es", "en"} and all(reply["messages"].values())
        assert "steps" not in reply
    assert browser("hello")["ok"]                      # the connection goes on


def test_unknown_fields_and_too_long_games_are_refused(browser: Browser,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert browser("replay", code="GO1-E-AAAAAAB", moves="", extra=1)["error"] == "bad-request"
    monkeypatch.setattr(replays, "MAX_STEPS", 3)
    reply = browser("replay", code="GO1-E-AAAAAAB", moves="dddd")
    assert reply["error"] == "too-long" and reply["messages"]["es"]


def test_moves_text_is_none_for_what_a_link_cannot_say() -> None:
    from golfcore.web.records import LoggedAction
    from golfcore.web.seats import draft_seats
    from golfcore.web.tables import LiveSolitaire
    table = LiveSolitaire("", 0, draft_seats(["human"]), Game.from_code("GO1-E-AAAAAAB"))
    def text(*requests: dict[str, Any]) -> str | None:
        return replays.moves_text(table, [LoggedAction(n, 0, r, 0.0)
                                          for n, r in enumerate(requests, 1)])
    assert replays._letter(table, {"cmd": "play", "column": 2, "row": 3}) is None  # covered
    assert replays._letter(table, {"cmd": "next-hole"}) is None
    assert replays._letter(table, {"cmd": "play", "column": 2, "card": "AC"}) is None
    assert text({"cmd": "draw", "version": 0}, {"cmd": "play", "column": 4, "row": 5},
                {"cmd": "undo"}) == "d4u"                              # row 5: the free card


# -- the card game: never a step of a match not over ----------------------------------------


def test_a_match_not_over_is_never_replayed(browser: Browser) -> None:
    started = browser("new", game="card-game", variant="card-golf+shape=2x2",
                      seat_kinds=["human", "human"])
    assert started["ok"] and started["code"] is None
    reply = browser("replay")
    assert reply["ok"] is False and reply["error"] == "not-over"
    assert "steps" not in reply and "GK1-" not in json.dumps(reply)
    assert set(reply["messages"]) == {"es", "en"}


def test_a_match_in_progress_is_not_found_by_its_code(web: tuple[TestClient, Store],
                                                      browser: Browser) -> None:
    store = web[1]
    playing = card_game(store, ["human", "human"], actions=6, seed=None)
    code = playing.table.match.code           # the referee's: no seat has seen it yet
    assert code and code.startswith("GK1-") and not playing.table.match.is_over
    assert browser("replay", code=code)["error"] == "no-replay"


def test_a_finished_match_is_replayed_from_its_replay_code_as_a_spectator_saw_it(
        web: tuple[TestClient, Store], browser: Browser) -> None:
    store = web[1]
    saved = finished_match(store)
    code = saved.table.match.code
    assert code and code.startswith("GK1-")
    reply = browser("replay", code=code.lower())       # case is ignored
    assert reply["ok"] and reply["game"] == "card-game" and reply["code"] == code
    views = reply["steps"]
    assert len(views) == saved.table.version + 1 and views[-1]["over"]
    assert reply["kinds"] == ["human", "human"]
    # step n is the spectator's view after action n: no face-down card, nothing held
    match = Match.from_json(store.snapshots(saved.id)[0]["snapshot"])
    for n, action in enumerate(store.actions(saved.id), 1):
        assert match.act(action["seat"], action["request"]["action"]).accepted
        spectator = match.observation(None).to_json()
        assert views[n]["boards"] == spectator["boards"], n
        assert views[n]["action"] == action["request"]["action"]
        assert views[n]["seat"] == action["seat"]
        assert "held" not in views[n] and "legal" not in views[n]
    for key, value in _walk(reply):
        assert key not in ("referee", "secret", "seed", "held")
        assert not (key == "stock" and isinstance(value, list))


def test_a_finished_match_is_replayed_at_its_own_table(web: tuple[TestClient, Store]) -> None:
    client, _ = web
    with client.websocket_connect(WS) as ws:
        b = Browser(ws)
        started = b("new", game="card-game", variant="card-golf+shape=2x2",
                    seat_kinds=["human", "human"])
        rng = random.Random(3)
        for _ in range(400):
            obs = b("observe", seat=0)["observation"]
            if obs["over"]:
                break
            seat = next(s for s in (0, 1) if b("legal", seat=s)["legal"])
            b("act", seat=seat, action=rng.choice(b("legal", seat=seat)["legal"]))
        assert obs["over"]
        reply = b("replay")
        assert reply["ok"] and reply["steps"][-1]["over"] and reply["code"] == obs["code"]
        assert started["table"] and reply["players"] == 2

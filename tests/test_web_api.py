"""``golf web``'s WebSocket protocol in process (docs/web.md): every request, every bad input.

Each test runs the real app (:func:`golfcore.web.app.create_app`) over a real SQLite file in
``tmp_path`` through Starlette's test client, and checks what a browser receives: the replies,
the pushes, and what the database holds afterwards. Replies to game commands are compared with
``golf serve``'s own (:class:`golfcore.protocol.server.Session`) for the same requests.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from golfcore.cardgame.bots import bot_names
from golfcore.protocol.server import Session
from golfcore.solitaire.game import Game
from golfcore.solitaire.search.solver import solver_for
from golfcore.web.app import create_app
from golfcore.web.limits import Limits
from golfcore.web.messages import MAX_MESSAGE
from golfcore.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")                  # starlette's notice about httpx
    from starlette.testclient import TestClient

#: A hang guard for every receive, never a pause: a reply normally comes at once.
GUARD = 60.0
#: The server's own address (the app's default Host and Origin allowlist: golf web's).
HTTP, WS = "http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws"
#: These tests send as fast as the replies come: the message rate is not bounded here
#: (tests/test_web_limits.py crosses every bound).
QUICK = Limits(messages_per_second=1e6)


class Browser:
    """One WebSocket connection: requests with ids, and the pushes received meanwhile."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.next_id = 0
        self.pushes: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        async def guarded() -> Any:
            with anyio.fail_after(GUARD):
                return await self.ws._send_rx.receive()
        message = self.ws.portal.call(guarded)
        assert message["type"] == "websocket.send", message
        return json.loads(message["text"])

    def reply(self, rid: Any = None) -> dict[str, Any]:
        """The next message that is not a push (and has ``rid`` when given)."""
        while True:
            message = self.receive()
            if "push" in message:
                self.pushes.append(message)
                continue
            assert rid is None or message.get("id") == rid, message
            return message

    def send(self, text: str) -> dict[str, Any]:
        self.ws.send_text(text)
        return self.reply()

    def __call__(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        self.ws.send_text(json.dumps({"id": self.next_id, "cmd": cmd, **fields}))
        return self.reply(self.next_id)


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


def serve_reply(requests: list[dict[str, Any]]) -> dict[str, Any]:
    """``golf serve``'s reply to the last of ``requests``."""
    session = Session()
    replies = [session.handle(r) for r in requests]
    return replies[-1]


def without(reply: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in reply.items() if k not in keys}


# -- hello, new, the solitaire's commands ----------------------------------------------------------


def test_hello_is_golf_serves_with_the_web_block(browser: Browser) -> None:
    reply = browser("hello")
    serve = serve_reply([{"id": 1, "cmd": "hello"}])
    assert without(reply, "web", "features", "variants") == without(serve, "features",
                                                                    "variants")
    # every variant as golf serve lists it, plus its title in both languages
    assert [without(v, "titles") for v in reply["variants"]] == serve["variants"]
    for variant in reply["variants"]:
        assert set(variant["titles"]) == {"es", "en"} and all(variant["titles"].values())
    assert reply["features"] == [f for f in serve["features"] if f != "solve"]
    assert without(reply["web"], "bot_info") == {"version": 1, "bots": bot_names(),
                                                 "max_message": MAX_MESSAGE}
    # every level offered with its name and a one-line description in both languages
    info = {b["name"]: b for b in reply["web"]["bot_info"]}
    assert list(info) == bot_names() and {"random", "greedy", "strong", "expert"} <= set(info)
    for b in info.values():
        for texts in (b["titles"], b["descriptions"]):
            assert set(texts) == {"es", "en"} and all(texts.values())
    assert info["expert"]["titles"] == {"en": "expert", "es": "experto"}
    assert info["strong"]["descriptions"]["es"] != info["strong"]["descriptions"]["en"]


def test_new_solitaire_from_a_code_saves_a_table_and_hides_the_stock(
        browser: Browser, web: tuple[TestClient, Store]) -> None:
    reply = browser("new", code="GO1-C-AAAAAAB")
    serve = serve_reply([{"id": 1, "cmd": "new", "code": "GO1-C-AAAAAAB"}])
    assert reply["state"] == serve["state"]                # golf serve's state: the observation
    assert reply["state"]["stock"] == 16 and reply["state"]["position"]["stock"] is None
    assert reply["version"] == 0 and reply["held"] == [0]
    assert reply["seats"] == [{"seat": 0, "kind": "human"}]
    assert list(reply["tokens"]) == ["0"] and len(reply["tokens"]["0"]) >= 16
    record = web[1].load(reply["table"])
    assert record is not None and record.game == "solitaire" and record.version == 0
    assert record.summary["games"][0]["code"] == "GO1-C-AAAAAAB"
    assert web[1].find_token(reply["tokens"]["0"]) == (record, 0)


def test_new_without_a_deal_deals_a_random_one(browser: Browser) -> None:
    reply = browser("new", variant="app-clasico")
    state = reply["state"]
    assert state["variant"] == "app-clasico" and state["code"].startswith("GO1-C-")
    assert Game.from_code(state["code"]).deal == state["deal"]
    assert state["position"]["stock"] is None


def test_solitaire_commands_answer_as_golf_serve(browser: Browser,
                                                  web: tuple[TestClient, Store]) -> None:
    new = {"id": 0, "cmd": "new", "code": "GO1-C-AAAAAAB"}
    table = browser("new", code="GO1-C-AAAAAAB")["table"]
    sent = [new]
    steps = [("state", {}), ("legal", {}), ("play", {"column": 1}), ("draw", {}),
             ("play", {"card": "7S"}), ("play", {"column": 3, "row": 2}), ("undo", {}),
             ("hint", {}), ("hint", {"strategy": "legal"}),
             ("hint", {"strategy": "solver", "limit": 5000}), ("play", {"column": 9}),
             ("draw", {}), ("undo", {}), ("undo", {})]
    version = 0
    for cmd, fields in steps:
        request = {"cmd": cmd, **fields}
        reply = browser(cmd, **fields)
        sent.append({"id": browser.next_id, **request})
        serve = serve_reply(sent)
        accepted = cmd in ("play", "draw", "undo") and serve["ok"]
        version += accepted
        assert reply == {**serve, "table": table, "version": version}, cmd
        assert reply["state"]["position"]["stock"] is None
        assert web[1].load(table).version == version
    assert [a["request"] for a in web[1].actions(table)] == [
        {"cmd": "draw"}, {"cmd": "play", "card": "7S"}, {"cmd": "undo"}, {"cmd": "draw"},
        {"cmd": "undo"}, {"cmd": "undo"}]
    assert browser.pushes == []


def test_solver_hint_is_bounded_and_answers_in_its_turn(browser: Browser) -> None:
    browser("new", code="GO1-C-AAAAAAC")
    reply = browser("hint", strategy="solver", limit=10**9)
    expected = serve_reply([{"id": 0, "cmd": "new", "code": "GO1-C-AAAAAAC"},
                            {"id": 2, "cmd": "hint", "strategy": "solver", "limit": 200000}])
    assert reply["hint"] == expected["hint"] and reply["strategy"] == "solver"


def test_a_second_search_while_one_runs_is_busy(browser: Browser) -> None:
    # the first hint searches 50,000 positions (deal 1 of app-clasico is not winnable, so
    # the search runs to its limit): the second request is read while it runs
    browser("new", code="GO1-C-AAAAAAB")
    browser.ws.send_text(json.dumps({"id": "a", "cmd": "hint", "strategy": "solver",
                                     "limit": 50_000}))
    browser.ws.send_text(json.dumps({"id": "b", "cmd": "hint", "strategy": "solver"}))
    browser.ws.send_text(json.dumps({"id": "c", "cmd": "state"}))
    busy = browser.reply("b")
    assert busy["ok"] is False and busy["error"] == "busy"
    assert browser.reply("c")["ok"] is True            # other requests go on meanwhile
    first = browser.reply("a")
    assert first["ok"] is True and first["hint"] is not None
    assert browser("hint", strategy="legal")["ok"] is True


def test_winnable_deals_a_deal_the_solver_proves_winnable(browser: Browser) -> None:
    browser.ws.send_text(json.dumps({"id": 7, "cmd": "new", "winnable": True,
                                     "variant": "app-facil"}))
    reply = browser.reply(7)
    assert reply["ok"] is True and reply["version"] == 0
    progress = [p for p in browser.pushes if p["push"] == "progress"]
    assert progress and [p["tried"] for p in progress] == list(range(1, len(progress) + 1))
    assert all(p["id"] == 7 for p in progress)
    game = Game.from_code(reply["state"]["code"])
    assert solver_for(game.rules).solve(game.position, best=False).winnable is True


@pytest.mark.parametrize("fields, words", [
    ({"winnable": "yes"}, "'winnable' must be true or false"),
    ({"winnable": True, "deal": 3}, "'winnable' deals a random deal"),
    ({"winnable": True, "variant": "nope"}, "nope"),
    ({"round": True, "code": "GO1-T-AAAAAAB"}, "'round' deals its own holes"),
    ({"round": 5}, "'round' must be true"),
    ({"round": "GR1-E-AAAAAAB"}, "scores strokes"),
    ({"round": "GR1-T-AAAAAAB", "variant": "cards4"}, "names variant traditional"),
    ({"round": "GO1-T-AAAAAAB"}, "that is a game code"),
    ({"round": "GR1-T-ZZZZZZZ"}, "past the last deal"),
    ({"deal": "x"}, "'deal' must be a deal number"),
    ({"code": "GO1-C-AAAAAAB", "deal": 2}, "exactly one of"),
    ({"variant": "card-golf"}, "card-game variant"),
    ({"position": {"columns": 3}}, ""),
])
def test_bad_solitaire_new_is_bad_input_and_changes_nothing(
        browser: Browser, web: tuple[TestClient, Store], fields: dict[str, Any],
        words: str) -> None:
    first = browser("new", code="GO1-E-AAAAAAB")
    browser("draw")
    stats = web[1].statistics()
    reply = browser("new", **fields)
    assert reply["ok"] is False and reply["error"] == "bad-input", reply
    assert words in reply["message"]
    state = browser("state")
    assert state["table"] == first["table"] and state["version"] == 1
    assert web[1].statistics() == stats


# -- errors of every kind ------------------------------------------------------------------------


@pytest.mark.parametrize("text, error, words", [
    ("", "bad-json", "empty line"),
    ("   ", "bad-json", "empty line"),
    ("{", "bad-json", "not valid JSON"),
    ('{"cmd": "state", "x": NaN}', "bad-json", "NaN is not JSON"),
    ("[1, 2]", "bad-request", "must be a JSON object"),
    ('{"cmd": "fly"}', "bad-request", "unknown command 'fly'"),
    ('{"id": 1}', "bad-request", "unknown command None"),
    ('{"cmd": "solve"}', "bad-request", "not offered over the web"),
    ('{"cmd": "hello", "x": 1}', "bad-request", "unknown field(s) for 'hello': x"),
    ('{"cmd": "new", "seats": [0]}', "bad-request", "unknown field(s) for 'new': seats"),
    ('{"cmd": "new", "game": "chess"}', "bad-input", "unknown game 'chess'"),
    ('{"cmd": "state"}', "no-table", "no table yet"),
    ('{"cmd": "act", "seat": 0, "action": "draw"}', "no-table", "no table yet"),
    ('{"cmd": "next-hole"}', "no-table", "no table yet"),
    ('{"cmd": "open"}', "bad-input", "'tokens' must be a list"),
    ('{"cmd": "open", "tokens": []}', "bad-input", "'tokens' must be a list"),
    ('{"cmd": "open", "tokens": ["no-such-token"]}', "bad-token", "is no seat's"),
    ('{"cmd": "open", "tokens": [1]}', "bad-input", "'tokens' must be a list"),
])
def test_every_bad_message_gets_an_error_and_the_connection_goes_on(
        browser: Browser, text: str, error: str, words: str) -> None:
    reply = browser.send(text)
    assert reply["ok"] is False and reply["error"] == error, reply
    assert words in reply["message"]
    # the player's texts: a message code and the same text in Spanish and English
    assert reply["message_code"] == error and set(reply["messages"]) == {"es", "en"}
    assert all(reply["messages"].values()) and reply["messages"]["es"] != reply["messages"]["en"]
    assert browser("hello")["ok"] is True


@pytest.mark.parametrize("fields, code, words_es", [
    ({"code": "GO1-X-ZZZ"}, "bad-code", "Ese código no sirve"),
    ({"code": "GO1-Z-AAAAAAB"}, "bad-code", "Ese código no sirve"),
    ({"round": "GR1-T-AAA"}, "bad-code", "Ese código no sirve"),
    ({"variant": "nope"}, "unknown-variant", "Esa regla no existe"),
    ({"variant": "card-golf"}, "unknown-variant", "Esa regla no existe"),
    ({"winnable": "yes"}, "bad-input", "no es válida"),
])
def test_a_bad_new_says_why_in_both_languages(browser: Browser, fields: dict[str, Any],
                                              code: str, words_es: str) -> None:
    reply = browser("new", **fields)
    assert reply["ok"] is False and reply["error"] == "bad-input", reply
    assert reply["message_code"] == code
    assert words_es in reply["messages"]["es"]
    # the English text is English: none of the Spanish words
    assert words_es not in reply["messages"]["en"] and reply["messages"]["en"]


def test_a_message_too_large_is_refused_unread(browser: Browser) -> None:
    text = json.dumps({"id": 1, "cmd": "hello", "pad": "x" * MAX_MESSAGE})
    reply = browser.send(text)
    assert reply == {"ok": False, "error": "too-large", "message": reply["message"],
                     "message_code": "too-large", "messages": reply["messages"]}
    assert str(MAX_MESSAGE) in reply["message"]
    at_limit = json.dumps({"id": 2, "cmd": "hello", "p": ""})
    at_limit = at_limit[:-2] + "x" * (MAX_MESSAGE - len(at_limit)) + at_limit[-2:]
    assert len(at_limit) == MAX_MESSAGE
    assert browser.send(at_limit)["error"] == "bad-request"     # read: the field is unknown


def test_errors_at_a_solitaire_table(browser: Browser, web: tuple[TestClient, Store]) -> None:
    table = browser("new", code="GO1-C-AAAAAAB")["table"]
    for cmd, fields, error in [
        ("observe", {"seat": 0}, "wrong-game"), ("act", {"seat": 0, "action": "draw"},
                                                 "wrong-game"),
        ("referee", {}, "wrong-game"), ("play", {"column": "one"}, "bad-input"),
        ("play", {}, "bad-input"), ("play", {"card": "ZZ"}, "bad-input"),
        ("play", {"column": 1, "card": "4H"}, "bad-input"),
        ("hint", {"strategy": "magic"}, "bad-input"), ("hint", {"limit": 0}, "bad-input"),
        ("hint", {"strategy": "solver", "seconds": -1}, "bad-input"),
        ("draw", {"version": "0"}, "bad-input"), ("draw", {"version": 5}, "stale"),
        ("draw", {"version": True}, "bad-input"), ("legal", {"seat": 0}, "bad-request"),
    ]:
        reply = browser(cmd, **fields)
        assert reply["ok"] is False and reply["error"] == error, (cmd, fields, reply)
        if error in ("bad-input", "stale"):
            assert reply["state"]["moves"] == 0 and reply["version"] == 0
            assert reply["state"]["position"]["stock"] is None
    assert web[1].load(table).version == 0 and web[1].actions(table) == []


def test_refused_moves_are_golf_serves_and_not_saved(browser: Browser,
                                                      web: tuple[TestClient, Store]) -> None:
    table = browser("new", code="GO1-C-AAAAAAB")["table"]
    reply = browser("play", column=1)
    assert reply["ok"] is False and reply["reason"] == "not-adjacent"
    assert reply["messages"]["es"] == "Debe ser de un valor superior o inferior"
    assert browser("undo")["reason"] == "nothing-to-undo"
    assert web[1].load(table).version == 0


# -- two connections, versions, pushes -------------------------------------------------------------


def test_two_tabs_on_one_game_stay_consistent(web: tuple[TestClient, Store]) -> None:
    client, store = web
    with client.websocket_connect(WS) as ws1, client.websocket_connect(WS) as ws2:
        one, two = Browser(ws1), Browser(ws2)
        new = one("new", code="GO1-C-AAAAAAB")
        opened = two("open", tokens=[new["tokens"]["0"]])
        assert opened["state"] == new["state"] and opened["held"] == [0]
        assert opened["game"] == "solitaire" and opened["version"] == 0
        drawn = one("draw", version=0)
        assert drawn["ok"] is True and drawn["version"] == 1
        push = two.receive()
        assert push == {"push": "update", "table": new["table"], "version": 1,
                        "state": drawn["state"],
                        "last": {"seat": 0, "action": "draw", "card": "8H", "by": "human"}}
        stale = two("play", column=4, version=0)             # two had not seen the draw
        assert stale["ok"] is False and stale["error"] == "stale"
        assert stale["state"] == drawn["state"] and stale["version"] == 1
        assert store.load(new["table"]).version == 1
        played = two("play", column=4, version=1)
        assert played["ok"] is True and played["version"] == 2
        assert one.receive()["state"] == played["state"]
        assert one.pushes == [] and two.pushes == []       # no push to the one who acted


def test_open_resumes_exactly_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    store = Store(path)
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            new = tab("new", code="GO1-E-AAAAAAB")
            for _ in range(6):
                hint = tab("hint")["hint"]
                last = tab("draw") if hint == "draw" else tab("play", column=int(hint))
            before = tab("state")
    store.close()
    store = Store(path)                               # a new process on the same file
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            opened = tab("open", tokens=[new["tokens"]["0"]])
            assert opened["state"] == before["state"] == last["state"]
            assert opened["version"] == 6 and opened["state"]["undoable"] == 6
            undone = tab("undo", version=6)
            assert undone["ok"] is True and undone["version"] == 7
            assert undone["state"]["moves"] == before["state"]["moves"]
    store.close()


def test_open_refuses_tokens_of_two_tables(browser: Browser) -> None:
    a = browser("new", code="GO1-E-AAAAAAB")["tokens"]["0"]
    b = browser("new", code="GO1-E-AAAAAAC")["tokens"]["0"]
    reply = browser("open", tokens=[a, b])
    assert reply["error"] == "bad-token" and "different tables" in reply["message"]
    assert browser("state")["state"]["code"] == "GO1-E-AAAAAAC"    # still at the last table


# -- the 9-hole round ----------------------------------------------------------------------------


def play_hole(tab: Browser) -> dict[str, Any]:
    reply = tab("state")
    while reply["state"]["status"] == "playing":
        move = reply["state"]["legal"][0]
        reply = tab("draw") if move == "draw" else tab("play", column=int(move))
        assert reply["ok"] is True
    return reply


def test_a_whole_round_from_a_course_code(browser: Browser,
                                          web: tuple[TestClient, Store]) -> None:
    new = browser("new", round="gr1-t-aaaaaab")
    assert new["round"] == {"code": "GR1-T-AAAAAAB", "variant": "traditional", "hole": 1,
                            "holes": 9, "par": 45, "strokes": [], "total": 0, "to_par": 0,
                            "complete": False}
    assert new["state"]["code"] == "GO1-T-AAAAAAB"
    early = browser("next-hole")
    assert early["ok"] is False and early["reason"] == "hole-not-over"
    assert early["messages"]["es"] == "El hoyo no ha terminado"
    strokes: list[int] = []
    for hole in range(1, 10):
        end = play_hole(browser)
        strokes.append(end["state"]["score"]["value"])
        assert end["round"]["strokes"] == strokes and end["round"]["hole"] == hole
        assert end["round"]["total"] == sum(strokes)
        assert end["round"]["to_par"] == sum(strokes) - 5 * hole
        if hole < 9:
            moved = browser("next-hole", version=end["version"])
            assert moved["ok"] is True and moved["version"] == end["version"] + 1
            assert moved["round"]["hole"] == hole + 1
            assert moved["state"]["deal"] == hole + 1 and moved["state"]["moves"] == 0
    assert end["round"]["complete"] is True
    over = browser("next-hole")
    assert over["ok"] is False and over["reason"] == "round-complete"
    summary = web[1].load(new["table"]).summary
    assert summary["status"] == "over" and len(summary["games"]) == 9
    assert summary["round"]["strokes"] == strokes and summary["round"]["complete"] is True
    card = web[1].statistics()["rounds"][0]
    assert card["code"] == "GR1-T-AAAAAAB" and card["strokes"] == strokes


def test_a_round_resumes_at_its_hole(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    store = Store(path)
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            new = tab("new", round=True)
            assert new["round"]["code"].startswith("GR1-T-")
            first = play_hole(tab)
            second = tab("next-hole")
            tab("hint")
    store.close()
    store = Store(path)
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            opened = tab("open", tokens=[new["tokens"]["0"]])
            assert opened["round"] == second["round"]
            assert opened["round"]["strokes"] == [first["state"]["score"]["value"]]
            assert opened["state"] == second["state"]
    store.close()


def test_next_hole_of_a_single_game_is_refused(browser: Browser) -> None:
    browser("new", code="GO1-T-AAAAAAB")
    reply = browser("next-hole")
    assert reply["ok"] is False and reply["reason"] == "not-a-round"
    assert "round" not in reply


# -- the card game --------------------------------------------------------------------------------


def test_new_card_game_with_seat_kinds_and_here(browser: Browser,
                                                web: tuple[TestClient, Store]) -> None:
    reply = browser("new", game="card-game", variant="card-golf+shape=2x2",
                    seat_kinds=["human", "human", "bot:greedy"], here=[1])
    assert reply["ok"] is True and reply["players"] == 3 and reply["code"] is None
    assert reply["seats"] == [{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "human"},
                              {"seat": 2, "kind": "bot:greedy"}]
    assert sorted(reply["tokens"]) == ["0", "1"] and reply["held"] == [1]
    assert list(reply["observations"]) == ["1"]
    assert reply["observations"]["1"]["seat"] == 1
    assert browser("observe", seat=0)["error"] == "not-your-seat"
    assert browser("legal", seat=2)["error"] == "not-your-seat"
    assert browser("act", seat=2, action="draw")["error"] == "not-your-seat"
    assert browser("observe", seat=None)["observation"]["seat"] is None
    assert browser("referee")["error"] == "not-referee"
    assert browser("state")["error"] == "wrong-game"
    record = web[1].load(reply["table"])
    assert record.summary == {"status": "playing", "players": 3,
                              "seat_kinds": ["human", "human", "bot:greedy"],
                              "totals": [0, 0, 0], "winners": [], "rounds": 0, "code": None}


def test_card_game_commands_answer_as_golf_serve(browser: Browser) -> None:
    # a chosen deal (seed 1, to compare) is for a connection that holds every human seat
    new = browser("new", game="card-game", seed=1, seat_kinds=["human", "human", "human"],
                  here=[0, 1, 2])
    session = Session()
    session.handle({"cmd": "new", "game": "card-game", "seed": 1, "players": 3,
                    "seats": [0, 1, 2]})
    version = 0
    for cmd, fields in [("legal", {"seat": 0}), ("act", {"seat": 2, "action": "draw"}),
                        ("act", {"seat": 0, "action": "robar"}), ("observe", {"seat": 0}),
                        ("act", {"seat": 0, "action": {"type": "replace", "place": 5}}),
                        ("act", {"seat": 0, "action": "fly"}),
                        ("act", {"seat": 7, "action": "draw"}), ("observe", {"seat": None}),
                        ("observe", {"seat": "x"}), ("legal", {"seat": 9})]:
        reply = browser(cmd, **fields)
        serve = session.handle({"id": browser.next_id, "cmd": cmd, **fields})
        version += cmd == "act" and serve["ok"]
        expected = {**serve, "table": new["table"], "version": version}
        if not serve["ok"] and "error" in serve:     # the web adds the player's texts
            assert set(reply.pop("messages")) == {"es", "en"}
            assert reply.pop("message_code") in (serve["error"], "bad-input")
        assert reply == expected, (cmd, fields)


def test_a_card_game_action_with_an_old_version_is_stale(
        web: tuple[TestClient, Store]) -> None:
    client, store = web
    with client.websocket_connect(WS) as ws1, client.websocket_connect(WS) as ws2:
        one, two = Browser(ws1), Browser(ws2)
        new = one("new", game="card-game", seat_kinds=["human", "human"], here=[0])
        opened = two("open", tokens=[new["tokens"]["1"]])
        assert opened["held"] == [1] and list(opened["observations"]) == ["1"]
        assert opened["variant"] == "card-golf" and opened["code"] is None
        acted = one("act", seat=0, action="draw", version=0)
        push = two.receive()
        assert push["version"] == 1 and list(push["observations"]) == ["1"]
        assert push["observations"]["1"]["held"] == {"from": "stock", "card": None}
        assert push["last"] == {"seat": 0, "action": "draw", "by": "human"}
        assert acted["observation"]["held"]["card"] is not None
        stale = one("act", seat=0, action="discard 1", version=0)
        assert stale["error"] == "stale" and stale["version"] == 1
        assert stale["observations"] == {"0": acted["observation"]}
        assert store.load(new["table"]).version == 1


@pytest.mark.parametrize("chosen", [
    {"seed": 5}, {"code": "GC1-G233-AAAAAAF"},
    {"code": "GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB"},
    {"variant": "card-golf+shape=2x2", "round": {
        "boards": [[{"card": c, "up": False} for c in ("5H", "5S", "9C", "KD")],
                   [{"card": c, "up": False} for c in ("2C", "7D", "7H", "QS")]],
        "stock": ["5D", "JK"], "discard": ["4C"], "turn": 0, "step": "draw"}},
])
def test_a_chosen_deal_is_refused_for_a_table_shared_with_others(
        browser: Browser, web: tuple[TestClient, Store], chosen: dict[str, Any]) -> None:
    """Whoever chooses the deal knows every card: a seed, a code (match or replay code) or a
    round set up by hand only for a table whose human seats this connection all holds."""
    reply = browser("new", game="card-game", seat_kinds=["human", "human"], here=[0],
                    **chosen)
    assert reply["ok"] is False and reply["error"] == "chosen-deal-shared", reply
    assert "human seat(s) 1" in reply["message"]
    assert set(reply["messages"]) == {"es", "en"} and "conoce" in reply["messages"]["es"]
    assert web[1].export()["tables"] == []                          # nothing was created
    assert browser("observe", seat=0)["error"] == "no-table"
    # the same deal is fine when this connection plays every human seat (computers besides)
    for kinds, here in ((["human", "human"], [0, 1]), (["human", "bot:random"], None)):
        fields = {"seat_kinds": kinds, **({"here": here} if here else {})}
        reply = browser("new", game="card-game", **fields, **chosen)
        assert reply["ok"] is True, reply
        views = reply["observations"]
        assert views and all(view["chosen_deal"] is True for view in views.values())


def test_a_secret_deal_says_so_and_shows_its_replay_code_only_at_the_end(
        browser: Browser) -> None:
    reply = browser("new", game="card-game", variant="card-golf+shape=2x2",
                    seat_kinds=["human", "human"], here=[0])
    assert reply["ok"] is True and reply["code"] is None
    assert reply["observations"]["0"]["chosen_deal"] is False
    assert reply["observations"]["0"]["code"] is None


@pytest.mark.parametrize("fields, words", [
    ({"seat_kinds": ["human"]}, "2 to 6"),
    ({"seat_kinds": ["human"] * 7}, "2 to 6"),
    ({"seat_kinds": "human,human"}, "2 to 6"),
    ({"seat_kinds": ["bot:greedy", "bot:random"]}, "at least one 'human'"),
    ({"seat_kinds": ["human", "bot:grody"]}, "unknown bot"),
    ({"seat_kinds": ["human", "robot"]}, "expected 'human' or 'bot:NAME'"),
    ({"seat_kinds": ["human", "human"], "players": 2}, "takes no 'players'"),
    ({"seat_kinds": ["human", "bot:random"], "here": [1]}, "not a human seat"),
    ({"seat_kinds": ["human", "human"], "here": [0, 0]}, "twice"),
    ({"seat_kinds": ["human", "human"], "here": "0"}, "'here' must be a list"),
    ({"seat_kinds": ["human", "human"], "code": "GC1-G333-AAAAAAB"}, "3 players"),
    ({"players": 9}, "2 to 6 players"),
    ({"variant": "app-facil"}, "solitaire variant"),
])
def test_bad_card_game_new_is_bad_input(browser: Browser, fields: dict[str, Any],
                                        words: str) -> None:
    reply = browser("new", game="card-game", **fields)
    assert reply["ok"] is False and reply["error"] == "bad-input", reply
    assert words in reply["message"], reply["message"]


def test_bots_play_their_turns_and_every_action_is_pushed(
        browser: Browser, web: tuple[TestClient, Store]) -> None:
    new = browser("new", game="card-game", seed=11,
                  seat_kinds=["bot:greedy", "human", "bot:random"])
    table = new["table"]
    # seat 0 (a computer) begins: its actions come as pushes, until seat 1's turn
    seen = new["observations"]["1"]
    while seen["turn"] != 1:
        push = browser.receive()
        assert push["push"] == "update" and push["last"]["by"] == "bot"
        seen = push["observations"]["1"]
    assert browser.pushes == []
    drawn = browser("act", seat=1, action="draw", version=web[1].load(table).version)
    assert drawn["ok"] is True and drawn["observation"]["turn"] == 1
    kept = browser("act", seat=1, action=drawn["observation"]["legal"][0],
                   version=drawn["version"])
    assert kept["ok"] is True and kept["observation"]["turn"] == 2
    seen = kept["observation"]
    while seen["turn"] == 2:                          # seat 2 (a computer) plays its turn
        push = browser.receive()
        assert push["last"] == {**push["last"], "seat": 2, "by": "bot"}
        seen = push["observations"]["1"]
    log = web[1].actions(table)
    assert [a["version"] for a in log] == list(range(1, len(log) + 1))
    assert {a["seat"] for a in log} == {0, 1, 2}
    assert all(a["request"]["cmd"] == "act" for a in log)


# -- statistics, the page, quit -------------------------------------------------------------------


def test_stats_and_the_http_routes(browser: Browser, web: tuple[TestClient, Store]) -> None:
    client, store = web
    browser("new", code="GO1-E-AAAAAAB")
    browser("draw")
    browser("new", code="GO1-E-AAAAAAC")             # the first game, given up, counts
    reply = browser("stats")
    assert reply["stats"] == store.statistics() == client.get("/api/stats").json()
    assert reply["stats"]["solitaire"][0]["played"] == 1
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    static = Path(__file__).resolve().parent.parent / "golfcore" / "web" / "static"
    some = sorted(p.name for p in static.iterdir() if p.is_file())[0]
    assert client.get(f"/static/{some}").content == (static / some).read_bytes()
    assert client.get("/static/no-such-file.js").status_code == 404


def test_quit_says_bye_and_closes(browser: Browser) -> None:
    assert browser("quit") == {"id": 1, "ok": True, "bye": True}
    message = browser.ws.portal.call(browser.ws._send_rx.receive)
    assert message["type"] == "websocket.close"


def test_a_computer_seat_with_bot_options_plays_and_a_costly_one_is_refused(
        browser: Browser, web: tuple[TestClient, Store]) -> None:
    """``bot:strong:iterations=2`` is a cheaper strong computer; a browser asking for ten
    million worlds a decision is refused before any table exists (the bounds are the bot's
    ``client_limits``)."""
    kind = "bot:strong:iterations=2,max_iterations=2"
    new = browser("new", game="card-game", variant="card-golf+shape=2x2",
                  seat_kinds=[kind, "human"])
    assert new["ok"] is True and new["seats"][0] == {"seat": 0, "kind": kind}
    seen = new["observations"]["1"]
    while seen["turn"] != 1:                          # the computer opens the round
        push = browser.receive()
        assert push["last"]["seat"] == 0 and push["last"]["by"] == "bot"
        seen = push["observations"]["1"]
    assert web[1].load(new["table"]).seats[0].kind == kind
    refused = browser("new", game="card-game",
                      seat_kinds=["human", "bot:strong:iterations=10000000"])
    assert refused["ok"] is False and refused["error"] == "bad-input"
    assert "a server takes iterations from 1 to 64" in refused["message"]


PLUGIN_BOTS = '''
from golfcore.cardgame.bots import Bot


class Quiet(Bot):
    """Gives players no texts at all."""

    def act(self, observation):
        return self.legal(observation)[0]


class English(Quiet):
    titles = {"en": "the first"}
    descriptions = {"en": "Always plays the first legal action."}
'''


@pytest.fixture
def plugin_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from plugin_dist import install

    (tmp_path / "dist").mkdir()
    yield from install(tmp_path / "dist", monkeypatch, "golf-quiet-bots",
                       {"golf_quiet_bots": PLUGIN_BOTS},
                       "[golfcore.cardgame.bots]\nquiet = golf_quiet_bots:Quiet\n"
                       "first = golf_quiet_bots:English\n")


def test_a_plugin_bot_without_texts_is_offered_by_its_name(plugin_bots: Path,
                                                            browser: Browser) -> None:
    """golf web's level list never shows an empty name or description: a plugin's bot that
    gives no ``titles``/``descriptions`` is named by its entry point; one that gives English
    only shows the English in Spanish too."""
    info = {b["name"]: b for b in browser("hello")["web"]["bot_info"]}
    assert info["quiet"]["titles"] == {"en": "quiet", "es": "quiet"}
    assert info["quiet"]["descriptions"] == {"en": "quiet", "es": "quiet"}
    assert info["first"]["titles"] == {"en": "the first", "es": "the first"}
    assert info["first"]["descriptions"]["es"] == "Always plays the first legal action."
    assert info["strong"]["titles"] == {"en": "strong", "es": "fuerte"}   # golfcore's own
    new = browser("new", game="card-game", seat_kinds=["human", "bot:quiet"])
    assert new["ok"] is True

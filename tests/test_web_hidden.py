"""Hidden information over ``golf web`` (docs/web.md, *Hidden information*).

Whole card-game matches are played through the WebSocket by two people's connections (each
holding one seat) and computer players. Every message each connection receives is kept, and
afterwards checked against the referee: the match (dealt from a secret, as every table with
other people is) is replayed from its replay code, which the summary shows once the match is
over, and the saved action log, and each observation a message carries must be exactly what
``Match.observation`` gives that seat at that version (or the spectator's view), for a seat the
connection holds. Besides: no message names a card outside what its seats may see
(:func:`golfcore.cardgame.observation.visible_cards`), none carries the stock, the secret or
the referee's record, every observation says the deal was not chosen, and the replay code
appears only once the match is over.
"""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from golfcore.cardgame.match import Match
from golfcore.cardgame.observation import visible_cards
from golfcore.cards import Card
from golfcore.web.app import create_app
from golfcore.web.limits import Limits
from golfcore.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")                  # starlette's notice about httpx
    from starlette.testclient import TestClient

GUARD = 60.0                                          # a hang guard, never a pause
#: The server's own address (the app's default Host and Origin allowlist: golf web's).
HTTP, WS = "http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws"
#: These tests send as fast as the replies come: the message rate is not bounded here
#: (tests/test_web_limits.py crosses every bound).
QUICK = Limits(messages_per_second=1e6)
MAX_ACTIONS = 3000                                    # a bound on the people's actions


class Seat:
    """A person's connection holding one seat: every message it receives is recorded."""

    def __init__(self, ws: Any, seat: int) -> None:
        self.ws, self.seat = ws, seat
        self.received: list[dict[str, Any]] = []
        self.version = -1
        self.view: dict[str, Any] = {}
        self.next_id = 0

    def receive(self) -> dict[str, Any]:
        async def guarded() -> Any:
            with anyio.fail_after(GUARD):
                return await self.ws._send_rx.receive()
        raw = self.ws.portal.call(guarded)
        assert raw["type"] == "websocket.send", raw
        message = json.loads(raw["text"])
        self.received.append(message)
        seen = message.get("observations", {}).get(str(self.seat))
        if seen is None and message.get("observation", {}).get("seat") == self.seat:
            seen = message["observation"]
        if seen is not None and message.get("version", -1) >= self.version:
            self.version, self.view = message["version"], seen
        return message

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        self.ws.send_text(json.dumps({"id": self.next_id, "cmd": cmd, **fields}))
        while "id" not in (message := self.receive()):
            pass
        assert message["id"] == self.next_id
        return message

    def catch_up(self, version: int) -> None:
        while self.version < version:
            self.receive()


def cards_in(value: Any) -> Iterator[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, dict):
        for v in value.values():
            yield from cards_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from cards_in(v)
    elif isinstance(value, str):
        try:
            Card.parse(value)
        except ValueError:
            return
        if len(value) == 2:
            yield value


def keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys_in(v)


def play_match(tmp_path: Path, variant: str, kinds: list[str], strategy_seed: int) -> None:
    store = Store(tmp_path / "web.sqlite3")
    humans = [i for i, kind in enumerate(kinds) if kind == "human"]
    assert len(humans) == 2
    rng = random.Random(strategy_seed)
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client, \
            client.websocket_connect(WS) as ws1, client.websocket_connect(WS) as ws2:
        first, second = Seat(ws1, humans[0]), Seat(ws2, humans[1])
        new = first.request("new", game="card-game", variant=variant, seat_kinds=kinds,
                            here=[humans[0]])
        assert new["ok"] is True and new["code"] is None
        table = new["table"]
        opened = second.request("open", tokens=[new["tokens"][str(humans[1])]])
        assert opened["ok"] is True and opened["held"] == [humans[1]]
        # each person looks at the others' seats and the spectator's view once
        assert first.request("observe", seat=humans[1])["error"] == "not-your-seat"
        assert second.request("legal", seat=humans[0])["error"] == "not-your-seat"
        assert first.request("referee")["error"] == "not-referee"
        first.request("observe", seat=None)
        people = {first.seat: first, second.seat: second}
        for _ in range(MAX_ACTIONS):
            latest = store.load(table)
            assert latest is not None
            for person in people.values():
                person.catch_up(latest.version)
            view = first.view
            if view["over"]:
                break
            if view["step"] == "over":
                actor, action = first, "next"
            elif view["turn"] in people:
                actor = people[view["turn"]]
                action = rng.choice(actor.view["legal"])
            else:                                     # a computer's turn: its push will come
                first.catch_up(latest.version + 1)
                continue
            reply = actor.request("act", seat=actor.seat, action=action, version=actor.version)
            assert reply["ok"] is True, reply
        else:
            pytest.fail(f"the match did not end within {MAX_ACTIONS} actions")
        log = store.actions(table)
        final = store.load(table)
    store.close()
    check_messages(variant, len(kinds), log, final.summary, [first, second])


def check_messages(variant: str, players: int, log: list[dict[str, Any]],
                   summary: dict[str, Any], people: list[Seat]) -> None:
    """Replay the match from its replay code and action log; check every message received."""
    assert summary["code"].startswith("GK1-")
    match = Match.from_code(summary["code"])
    match = Match(variant, players=players, deal=match.state.deal)
    assert match.players == players
    states = [match.state]
    for entry in log:
        request = entry["request"]
        assert match.act(request["seat"], request["action"]).accepted
        states.append(match.state)
    assert match.is_over and summary["status"] == "over"
    assert summary["code"] == match.code and summary["totals"] == list(match.totals)
    code = match.code
    assert code is not None
    for person in people:
        assert person.received, "a connection received nothing"
        for message in person.received:
            text = json.dumps(message)
            assert not {"referee", "stock", "seed", "secret", "current"} & set(
                keys_in(message)), text
            version = message.get("version")
            views = dict(message.get("observations", {}))
            if "observation" in message:
                views[str(message["observation"]["seat"])] = message["observation"]
            if version is None:
                assert not views and code not in text
                continue
            at = Match(variant, state=states[version])
            for key, seen in views.items():
                seat = seen["seat"]
                assert key == str(seat) and seat in (person.seat, None), text
                expected = at.observation(seat).to_json()
                # the replay is a chosen deal (whoever holds the code knows the cards); the
                # match played was not
                assert seen["chosen_deal"] is False and expected["chosen_deal"] is True
                assert {**seen, "chosen_deal": True} == expected, (version, seat)
                allowed = Counter(map(str, visible_cards(at.rules, at.state, seat)))
                named = Counter(cards_in({k: v for k, v in seen.items() if k not in (
                    "rounds", "result", "variant", "legal", "code")}))
                assert named - allowed == Counter(), (version, seat, named - allowed)
            if code in text:
                assert states[version].over, text


@pytest.mark.parametrize("variant, seed, kinds", [
    ("card-golf+shape=2x2", 7, ["human", "bot:greedy", "human", "bot:random"]),
    ("six-card+shape=2x2", 19, ["bot:random", "human", "human"]),
])
def test_people_and_computers_play_a_whole_match_seeing_only_their_own(
        tmp_path: Path, variant: str, seed: int, kinds: list[str]) -> None:
    play_match(tmp_path, variant, kinds, strategy_seed=seed)

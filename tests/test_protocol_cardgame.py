"""The card game through the JSON-lines protocol: every command and error path, a whole round
played to its end and ``next``, and the hidden-information guarantee (no reply addressed to a
seat names a card that seat cannot see), checked on random matches."""

from __future__ import annotations

import functools
import io
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golfcore.cardgame.deal import deal_round
from golfcore.cardgame.match import Match
from golfcore.cardgame.observation import visible_cards
from golfcore.cardgame.rules import rule_set
from golfcore.protocol.server import Session, serve

NEW = {"cmd": "new", "game": "card-game", "variant": "card-golf", "players": 3, "seed": 1}

#: A 2x2 round set up by hand (cards are partial): seat 0 ends it in two turns.
ROUND: dict[str, Any] = {
    "boards": [[{"card": "5H", "up": True}, {"card": "5S", "up": False},
                {"card": "9C", "up": False}, {"card": "KD", "up": True}],
               [{"card": "2C", "up": False}, {"card": "7D", "up": True},
                {"card": "7H", "up": False}, {"card": "QS", "up": False}]],
    "stock": ["5D", "JK", "3S", "8C"], "discard": ["4C"], "turn": 0, "step": "draw"}

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS]|JK)(?![A-Za-z0-9])")


def started(**extra: Any) -> Session:
    session = Session()
    reply = session.handle({**NEW, **extra})
    assert reply["ok"] is True, reply
    return session


@functools.cache
def _cards_in(text: str) -> tuple[str, ...]:
    return tuple(CARD.findall(text))


def cards_named(value: Any) -> Counter[str]:
    """Every card written anywhere in a reply (in any string, keys included), with
    multiplicity."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found += _cards_in(item)
    return Counter(found)


def leaks(session: Session, seat: int | None, reply: dict[str, Any]) -> Counter[str]:
    """The cards ``reply`` names beyond what ``seat`` may see now (a multiset difference)."""
    match = session.match
    assert match is not None
    allowed = Counter(str(c) for c in visible_cards(match.rules, match.state, seat))
    return cards_named(reply) - allowed


# -- new -------------------------------------------------------------------------------------------


def test_new_by_variant_players_and_seed():
    session = Session()
    reply = session.handle({"id": "a", **NEW})
    assert reply == {"id": "a", "ok": True, "game": "card-game", "variant": "card-golf",
                     "code": "GC1-G333-AAAAAAB", "players": 3, "seats": [0, 1, 2],
                     "chosen_deal": True}
    assert session.match is not None and session.game is None
    assert session.match.referee() == Match("card-golf", players=3, seed=1).referee()


def test_new_defaults_to_the_variants_players_and_a_secret_deal():
    session = Session()
    reply = session.handle({"cmd": "new", "game": "card-game", "variant": "six-card"})
    assert reply["ok"] and reply["variant"] == "six-card" and reply["players"] == 2
    # the session plays every seat (the referee): it gets the replay code, which deals again
    assert reply["code"].startswith("GK1-S223-") and reply["chosen_deal"] is False
    assert Match.from_code(reply["code"]).referee()["current"] == \
        session.handle({"cmd": "referee"})["referee"]["current"]


def test_new_by_code_and_a_variant_that_agrees():
    session = Session()
    reply = session.handle({"cmd": "new", "game": "card-game", "code": "gc1-g223-aaaaaab",
                            "variant": "card-golf+shape=2x3"})
    assert reply["ok"] and reply["code"] == "GC1-G223-AAAAAAB" and reply["players"] == 2
    assert reply["variant"] == "card-golf+shape=2x3"
    assert session.match is not None
    assert session.match.referee() == Match.from_code("GC1-G223-AAAAAAB").referee()


@pytest.mark.parametrize("request_", [
    {"code": "GC1-G333-AAAAAAB", "variant": "six-card"},
    {"code": "GC1-G223-AAAAAAB", "variant": "card-golf"},          # same letter, other shape
    {"code": "GC1-G333-AAAAAAB", "variant": "card-golf+point-limit=50"},
    {"code": "GC1-G333-AAAAAAB", "players": 3},
    {"code": "GC1-G333-AAAAAAB", "seed": 1},
    {"code": "GC1-G333-AAAAAAB", "round": ROUND},
    {"code": "GC1-X333-AAAAAAB"},
    {"code": 7},
    {"variant": "app-facil"},
    {"variant": "card-golf", "players": 7},
    {"variant": "card-golf", "players": "3"},
    {"variant": "card-golf", "seed": 0},
    {"variant": 3},
    {"round": {**ROUND, "boards": ROUND["boards"][:1]}},               # one player
    {"round": {**ROUND, "stock": ["5H", "5H"]}},                       # three 5H: the shoe has 2
    {"round": {**ROUND, "step": "hold"}},                              # hold without a card
    {"round": "not a round"},
    {"round": ROUND, "players": 3},
    {"round": ROUND, "seed": 0},
    {"seats": [0, 0]},
    {"seats": [3]},
    {"seats": []},
    {"seats": 0},
    {"seats": [True]},
])
def test_bad_new_is_bad_input(request_):
    reply = Session().handle({"cmd": "new", "game": "card-game", **request_})
    assert reply["ok"] is False and reply["error"] == "bad-input" and reply["message"]
    assert set(reply) == {"ok", "error", "message"}


def test_unknown_game_and_fields_of_the_other_game():
    session = Session()
    assert session.handle({"cmd": "new", "game": "poker"})["error"] == "bad-input"
    assert session.handle({"cmd": "new", "game": "card-game", "deal": 1})["error"] == \
        "bad-request"
    assert session.handle({"cmd": "new", "players": 2, "deal": 1})["error"] == "bad-request"
    # the solitaire is the default game, and says so when given a card-game variant
    reply = session.handle({"cmd": "new", "variant": "card-golf", "deal": 1})
    assert reply["error"] == "bad-input" and "'game': 'card-game'" in reply["message"]
    assert session.handle({"cmd": "new", "game": "solitaire", "deal": 1})["ok"] is True


def test_new_from_a_round_set_up_by_hand():
    session = Session()
    reply = session.handle({"cmd": "new", "game": "card-game", "variant": "card-golf+shape=2x2",
                            "round": ROUND})
    # no code deals a round set up by hand (GC1-G222-AAAAAAB would deal another one)
    assert reply == {"ok": True, "game": "card-game", "variant": "card-golf+shape=2x2",
                     "code": None, "players": 2, "seats": [0, 1], "chosen_deal": True}
    observed = session.handle({"cmd": "observe", "seat": 0})["observation"]
    assert observed["boards"] == [["5H", None, None, "KD"], [None, "7D", None, None]]
    assert observed["stock_count"] == 4 and observed["discard"] == "4C"
    current = session.handle({"cmd": "referee"})["referee"]["current"]
    assert current["stock"] == ROUND["stock"] and current["boards"] == ROUND["boards"]


def test_a_failed_new_leaves_the_previous_game_and_carries_none_of_its_state():
    session = Session()
    session.handle({"cmd": "new", "deal": 3})
    before = session.handle({"cmd": "state"})["state"]
    reply = session.handle({"cmd": "new", "game": "card-game", "players": 9})
    assert reply["error"] == "bad-input" and "state" not in reply
    assert "still being played" in reply["message"] and "solitaire" in reply["message"]
    assert session.handle({"cmd": "state"})["state"] == before

    session = started()
    before = session.handle({"cmd": "referee"})
    for bad in ({"cmd": "new", "deal": "x"}, {"cmd": "new", "game": "card-game", "seats": [5]},
                {"cmd": "new", "game": "card-game", "colour": 1}):
        reply = session.handle(bad)
        assert reply["ok"] is False and set(reply) == {"ok", "error", "message"}
        assert "card-game match is still being played" in reply["message"]
    assert session.handle({"cmd": "referee"}) == before


# -- observe, legal, act, referee ------------------------------------------------------------------


def test_observe_a_seat_and_the_spectator():
    session = started()
    twin = Match("card-golf", players=3, seed=1)
    assert session.handle({"cmd": "observe", "seat": 0}) == {
        "ok": True, "observation": twin.observation(0).to_json()}
    assert session.handle({"cmd": "observe", "seat": None}) == {
        "ok": True, "observation": twin.observation(None).to_json()}


def test_legal_gives_the_seats_actions_and_observation():
    session = started()
    reply = session.handle({"id": 4, "cmd": "legal", "seat": 0})
    assert reply == {"id": 4, "ok": True, "legal": ["draw", "take"],
                     "observation": Match("card-golf", players=3, seed=1).observation(0).to_json()}
    assert session.handle({"cmd": "legal", "seat": 1})["legal"] == []


def test_act_accepted_and_refused():
    session = started()
    twin = Match("card-golf", players=3, seed=1)
    refused = session.handle({"cmd": "act", "seat": 1, "action": "draw"})
    assert refused == {"ok": False, "action": "draw", "reason": "not-your-turn",
                       "messages": {"es": "No es tu turno", "en": "It is not your turn"},
                       "observation": twin.observation(1).to_json()}
    accepted = session.handle({"cmd": "act", "seat": 0, "action": "robar"})
    twin.act(0, "draw")
    assert accepted == {"ok": True, "action": "draw", "observation": twin.observation(0).to_json()}
    assert accepted["observation"]["held"]["card"] is not None
    as_object = session.handle({"cmd": "act", "seat": 0,
                                "action": {"type": "replace", "place": 5}})
    twin.act(0, "replace 5")
    assert as_object == {"ok": True, "action": "replace 5",
                         "observation": twin.observation(0).to_json()}
    off_board = session.handle({"cmd": "act", "seat": 1, "action": "take"})
    assert off_board["ok"] is True
    refused = session.handle({"cmd": "act", "seat": 1, "action": "replace 10"})
    assert refused["reason"] == "no-such-place" and refused["action"] == "replace 10"
    assert set(refused["messages"]) == {"es", "en"}


@pytest.mark.parametrize("request_", [
    {"cmd": "act", "seat": 0, "action": "fly"},
    {"cmd": "act", "seat": 0, "action": "replace"},
    {"cmd": "act", "seat": 0, "action": {"type": "jump"}},
    {"cmd": "act", "seat": 0, "action": 5},
    {"cmd": "act", "seat": 0},
    {"cmd": "act", "seat": "0", "action": "draw"},
    {"cmd": "act", "seat": 0.0, "action": "draw"},
    {"cmd": "act", "seat": True, "action": "draw"},
    {"cmd": "act", "seat": None, "action": "draw"},
    {"cmd": "act", "action": "draw"},
    {"cmd": "observe", "seat": 3},
    {"cmd": "observe", "seat": "x"},
    {"cmd": "observe"},
    {"cmd": "legal", "seat": None},
    {"cmd": "legal", "seat": 7},
    {"cmd": "legal"},
])
def test_malformed_requests_are_bad_input_and_change_nothing(request_):
    session = started()
    before = session.handle({"cmd": "referee"})
    reply = session.handle(request_)
    assert reply["ok"] is False and reply["error"] == "bad-input" and reply["message"]
    assert set(reply) == {"ok", "error", "message"}  # no observation: addressed to no seat
    assert session.handle({"cmd": "referee"}) == before


@pytest.mark.parametrize("seat", [3, -1, 10**30])
def test_an_action_for_a_seat_off_the_table_is_refused_and_changes_nothing(seat):
    """Like any illegal action: reason no-such-seat, and the spectator's view (no seat)."""
    session = started()
    before = session.handle({"cmd": "referee"})
    reply = session.handle({"cmd": "act", "seat": seat, "action": "draw"})
    assert reply["ok"] is False and reply["reason"] == "no-such-seat"
    assert reply["messages"]["es"] == "No existe ese jugador en esta mesa"
    assert reply["observation"]["seat"] is None and reply["observation"]["legal"] == []
    assert session.handle({"cmd": "referee"}) == before


def test_unknown_fields_of_card_game_commands():
    session = started()
    for bad in ({"cmd": "observe", "seat": 0, "all": True}, {"cmd": "referee", "seat": 0},
                {"cmd": "act", "seat": 0, "action": "draw", "card": "AS"}):
        assert session.handle(bad)["error"] == "bad-request"


def test_referee_sees_everything():
    session = started()
    session.handle({"cmd": "act", "seat": 0, "action": "draw"})
    twin = Match("card-golf", players=3, seed=1)
    twin.act(0, "draw")
    assert session.handle({"cmd": "referee"}) == {"ok": True, "referee": twin.referee()}


def test_a_session_with_named_seats_speaks_only_for_them():
    session = started(seats=[2, 0])
    assert session.handle({"cmd": "observe", "seat": 0})["observation"]["seat"] == 0
    assert Session().handle({**NEW, "seats": [2, 0]})["seats"] == [0, 2]
    replies = [session.handle({"cmd": "observe", "seat": 1}),
               session.handle({"cmd": "legal", "seat": 1}),
               session.handle({"cmd": "act", "seat": 1, "action": "draw"})]
    for reply in replies:
        assert reply["error"] == "not-your-seat" and set(reply) == {"ok", "error", "message"}
    assert session.handle({"cmd": "observe", "seat": None})["ok"] is True
    assert session.handle({"cmd": "legal", "seat": 2})["ok"] is True
    assert session.handle({"cmd": "act", "seat": 0, "action": "draw"})["ok"] is True
    referee = session.handle({"cmd": "referee"})
    assert referee["error"] == "not-referee" and set(referee) == {"ok", "error", "message"}
    # even naming every seat makes a player's session, not a referee's
    assert started(seats=[0, 1, 2]).handle({"cmd": "referee"})["error"] == "not-referee"


def test_a_players_session_is_not_told_the_code_until_the_match_is_over():
    """The code holds the seed, and the seed deals every hidden card."""
    session = started(seats=[1])
    assert session.handle({**NEW, "seats": [1]})["code"] is None
    for request in ({"cmd": "observe", "seat": 1}, {"cmd": "observe", "seat": None},
                    {"cmd": "legal", "seat": 1}, {"cmd": "act", "seat": 1, "action": "draw"}):
        assert session.handle(request)["observation"]["code"] is None
    # the referee's session is told the code when it starts the match, but observations,
    # addressed to seats, never hold it before the end
    referee = Session()
    assert referee.handle(NEW)["code"] == "GC1-G333-AAAAAAB"
    assert referee.handle({"cmd": "observe", "seat": 1})["observation"]["code"] is None
    session = Session()
    session.handle({"cmd": "new", "game": "card-game", "variant": "card-golf+shape=2x2",
                    "round": ROUND, "seats": [0]})
    # seat 1's actions cannot be sent from here: play the round on the session's match
    assert session.match is not None
    for seat, action in [(0, "draw"), (0, "replace 2"), (1, "take"), (1, "replace 1"),
                         (0, "draw"), (0, "replace 3")]:
        assert session.match.act(seat, action).accepted
    assert session.handle({"cmd": "observe", "seat": 0})["observation"]["code"] is None


def test_the_code_is_told_once_the_match_is_over():
    twin = Match("card-golf", players=3, seed=1)
    assert play_round(started(), twin)["over"] is True  # the policy ends this match at once
    session = started(seats=[0])
    assert session.match is not None
    assert session.handle({"cmd": "observe", "seat": 0})["observation"]["code"] is None
    session.match.state = twin.state
    assert session.handle({"cmd": "observe", "seat": 0})["observation"]["code"] == \
        "GC1-G333-AAAAAAB"


# -- the two games' commands -----------------------------------------------------------------------


@pytest.mark.parametrize("request_", [
    {"cmd": "state"}, {"cmd": "play", "column": 1}, {"cmd": "draw"}, {"cmd": "undo"},
    {"cmd": "hint"}, {"cmd": "solve"},
])
def test_solitaire_commands_during_a_match_are_the_wrong_game(request_):
    session = started()
    before = session.handle({"cmd": "referee"})
    reply = session.handle({"id": 9, **request_})
    assert reply["id"] == 9 and reply["ok"] is False and reply["error"] == "wrong-game"
    assert reply["game"] == "card-game" and "card-game match" in reply["message"]
    assert "state" not in reply and session.handle({"cmd": "referee"}) == before


@pytest.mark.parametrize("request_", [
    {"cmd": "observe", "seat": 0}, {"cmd": "act", "seat": 0, "action": "draw"},
    {"cmd": "referee"},
])
def test_card_game_commands_during_a_solitaire_game_are_the_wrong_game(request_):
    session = Session()
    session.handle({"cmd": "new", "deal": 3})
    reply = session.handle(request_)
    assert reply["error"] == "wrong-game" and reply["game"] == "solitaire"
    assert "solitaire game" in reply["message"]


def test_legal_belongs_to_both_games():
    session = Session()
    solitaire = session.handle({"cmd": "new", "deal": 3})["state"]
    assert session.handle({"cmd": "legal"})["legal"] == solitaire["legal"]
    assert session.handle({"cmd": "legal", "seat": 0})["error"] == "bad-request"
    session.handle(NEW)
    assert session.handle({"cmd": "legal"})["error"] == "bad-input"
    assert session.handle({"cmd": "legal", "seat": 0})["legal"] == ["draw", "take"]


@pytest.mark.parametrize("cmd", ["observe", "legal", "act", "referee", "state", "draw"])
def test_commands_before_any_game(cmd):
    assert Session().handle({"cmd": cmd})["error"] == "no-game"


def test_hello_lists_both_games():
    reply = Session().handle({"cmd": "hello"})
    games = {v["name"]: v["game"] for v in reply["variants"]}
    assert games["card-golf"] == games["six-card"] == "card-game"
    assert games["app-facil"] == games["cards4"] == "solitaire"
    assert all(set(v) == {"name", "letter", "title", "game"} for v in reply["variants"])
    assert "card-game" in reply["features"] and "solve" in reply["features"]


def test_a_fault_of_the_engine_is_an_error_reply_and_the_session_goes_on():
    session = started()
    table = session.table
    assert table is not None

    def broken(request):
        raise RuntimeError("boom")

    table._commands["observe"] = broken  # type: ignore[attr-defined]
    reply = session.handle({"id": 1, "cmd": "observe", "seat": 0})
    assert reply == {"id": 1, "ok": False, "error": "internal-error",
                     "message": "internal error: RuntimeError: boom"}
    assert session.handle({"cmd": "legal", "seat": 0})["ok"] is True


def test_blank_lines_get_a_reply_and_the_session_goes_on():
    session = Session()
    session.handle_line(json.dumps(NEW))
    for line in ("", "   ", "\t\r\n"):
        reply = json.loads(session.handle_line(line))
        assert reply == {"ok": False, "error": "bad-json",
                         "message": "empty line: expected one JSON request"}
    assert json.loads(session.handle_line('{"cmd":"legal","seat":0}'))["ok"] is True
    out = io.StringIO()
    serve(io.StringIO('\n{"cmd":"hello"}\n   \n{\n{"cmd":"quit"}\n{"cmd":"hello"}\n'), out)
    errors = [json.loads(line).get("error") for line in out.getvalue().splitlines()]
    assert errors == ["bad-json", None, "bad-json", "bad-json", None]


# -- whole rounds ----------------------------------------------------------------------------------


def choose(observation: dict[str, Any]) -> str:
    """A policy that ends rounds quickly: draw, then replace a face-down card."""
    legal = observation["legal"]
    if observation["step"] == "hold":
        hidden = {i + 1 for i, c in enumerate(observation["boards"][observation["seat"]])
                  if c is None}
        for action in legal:
            if action.startswith("replace ") and int(action.split()[1]) in hidden:
                return action
    return legal[0]


def play_round(session: Session, twin: Match) -> dict[str, Any]:
    """Play the current round through the protocol to its end, each seat in turn, checking
    every reply against ``twin`` (the same match, played directly); the spectator's last view."""
    for _ in range(200):
        spectator = session.handle({"cmd": "observe", "seat": None})["observation"]
        if spectator["step"] == "over":
            return spectator
        seat = spectator["turn"]
        view = session.handle({"cmd": "legal", "seat": seat})["observation"]
        action = choose(view)
        reply = session.handle({"cmd": "act", "seat": seat, "action": action})
        assert reply["ok"] is True and reply["action"] == action
        assert twin.act(seat, action).accepted
        assert reply["observation"] == twin.observation(seat).to_json()
    pytest.fail("the round did not end")


def test_a_whole_round_to_its_end_and_the_next():
    variant = "card-golf+point-limit=500"
    session = Session()
    assert session.handle({**NEW, "variant": variant})["code"] is None
    twin = Match(variant, players=3, seed=1)
    spectator = play_round(session, twin)
    assert spectator["over"] is False
    assert session.handle({"cmd": "referee"})["referee"] == twin.referee()
    result = spectator["result"]
    assert result is not None and spectator["rounds"] == [result]
    assert spectator["totals"] == result["scores"] and spectator["turn"] is None
    assert all(None not in board for board in spectator["boards"])  # all turned up, CG-06
    for seat in range(3):
        assert session.handle({"cmd": "legal", "seat": seat})["legal"] == ["next"]
    late = session.handle({"cmd": "act", "seat": 0, "action": "draw"})
    assert late["ok"] is False and late["reason"] == "round-over"
    reply = session.handle({"cmd": "act", "seat": 2, "action": "siguiente"})
    assert reply["ok"] is True and reply["action"] == "next"
    nxt = reply["observation"]
    assert nxt["round"] == 2 and nxt["step"] == "draw" and nxt["result"] is None
    assert nxt["totals"] == result["scores"] and nxt["rounds"] == [result]
    twin.act(2, "next")
    assert session.handle({"cmd": "referee"})["referee"] == twin.referee()


def test_the_match_ends_at_the_point_limit():
    session = started()
    spectator = play_round(session, Match("card-golf", players=3, seed=1))
    assert spectator["over"] is True and spectator["totals"] == [110, 53, 57]
    assert spectator["winners"] == [1]  # the lowest total wins, CG-09
    for seat in range(3):
        assert session.handle({"cmd": "legal", "seat": seat})["legal"] == []
    late = session.handle({"cmd": "act", "seat": 1, "action": "next"})
    assert late["ok"] is False and late["reason"] == "match-over"


def test_a_round_set_up_by_hand_ends_and_deals_the_next_from_the_seed():
    session = Session()
    session.handle({"cmd": "new", "game": "card-game", "variant": "card-golf+shape=2x2",
                    "round": ROUND})
    for seat, action in [(0, "draw"), (0, "replace 2"), (1, "take"), (1, "replace 1"),
                         (0, "draw"), (0, "replace 3"), (1, "draw"), (1, "discard 3")]:
        reply = session.handle({"cmd": "act", "seat": seat, "action": action})
        assert reply["ok"] is True, reply
    end = reply["observation"]
    assert end["step"] == "over" and end["totals"] == [-3, 17]
    assert end["result"]["cancelled"] == [[1, 2], [2, 3]] and end["result"]["ender"] == 0
    session.handle({"cmd": "act", "seat": 0, "action": "next"})
    # the later rounds are dealt from seed 1, the default
    later = session.handle({"cmd": "referee"})["referee"]
    expected = deal_round(rule_set("card-golf+shape=2x2"), 2, 1, 2)
    assert later["seed"] == 1 and later["round"] == 2
    assert later["current"]["stock"] == [str(c) for c in expected.stock]


# -- the hidden-information guarantee --------------------------------------------------------------


def test_the_leak_check_sees_hidden_cards():
    """The check below would catch a leak: the referee's view names hidden cards."""
    session = started()
    assert leaks(session, 0, session.handle({"cmd": "referee"}))
    assert not leaks(session, 0, session.handle({"cmd": "observe", "seat": 0}))
    held = session.handle({"cmd": "act", "seat": 0, "action": "draw"})
    card = held["observation"]["held"]["card"]
    assert not leaks(session, 0, held)
    assert leaks(session, 1, held) == Counter([card])  # seat 1 may not see seat 0's drawn card


VARIANTS = ["card-golf", "six-card", "card-golf+shape=2x2", "card-golf+shape=3x4",
            "six-card+must-replace", "card-golf+stock-out-ends-round+shape=2x4",
            "card-golf+point-limit=20+shape=2x3", "card-golf+ender-penalty=ties"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), players=st.integers(2, 6),
       seed=st.integers(1, 26**7 - 1), choices=st.integers(0, 2**32), named=st.booleans())
def test_no_reply_to_a_seat_names_a_card_it_cannot_see(variant, players, seed, choices, named):
    rnd = random.Random(choices)  # the seat, request and action of each step
    session = Session()
    seats = {"seats": list(range(players))} if named else {}  # a player's session, or not
    assert session.handle({"cmd": "new", "game": "card-game", "variant": variant,
                           "players": players, "seed": seed, **seats})["ok"]
    words = ["draw", "take", "next", "replace 1", "discard 2", "reveal 3", "replace 13",
             {"type": "discard", "place": 1}]
    for _ in range(150):
        match = session.match
        assert match is not None
        if match.is_over:
            break
        turn = match.turn
        # play as each seat in turn (the seat to act, every seat after a round), with now and
        # then another seat, an illegal action, or just a look
        seat = turn if turn is not None and rnd.random() < 0.8 else rnd.randrange(players)
        kind = rnd.random()
        if kind < 0.15:
            look = None if rnd.random() < 0.3 else seat
            request: dict[str, Any] = {"cmd": "observe", "seat": look}
            seat = look
        elif kind < 0.3:
            request = {"cmd": "legal", "seat": seat}
        else:
            legal = [str(a) for a in match.legal(seat)]
            action = rnd.choice(legal) if legal and rnd.random() < 0.85 else rnd.choice(words)
            request = {"cmd": "act", "seat": seat, "action": action}
        reply = session.handle(request)
        assert reply["ok"] is True or "reason" in reply, reply
        assert not leaks(session, seat, reply), (request, reply)
        if named and not match.is_over:
            assert reply["observation"]["code"] is None  # the code holds the seed
        assert json.loads(json.dumps(reply)) == reply

"""The coach of ``golf web`` (docs/web.md, "The coach"): the live verdict and the review of a
played game, over the real protocol (the app over a real SQLite file, Starlette's test client),
and its pure logic (:mod:`golfcore.web.coach`).

Deal 24 of ``app-facil`` is winnable, and playing column 2 first (the 10♠) loses it: the
solver proves both quickly. Then 16 draws block the game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from golfcore.solitaire import engine
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move
from golfcore.solitaire.search.solver import solver_for
from golfcore.web import coach
from golfcore.web.coach import ReviewBudget, played_moves, review, verdict
from golfcore.web.seats import HUMAN, draft_seats
from golfcore.web.store import Store
from golfcore.web.tables import LiveSolitaire
from tests.test_web_api import Browser, web  # noqa: F401  (the fixture)
from tests.web_tables import Saved

LOSING_DEAL, LOSING_COLUMN, LOSING_CARD = 24, 2, "TS"


@pytest.fixture
def browser(web) -> Iterator[Browser]:  # noqa: F811
    with web[0].websocket_connect("ws://127.0.0.1:8000/ws") as ws:
        yield Browser(ws)


def lose(tab: Browser) -> dict:
    """Deal 24, the move that loses it, then draws until the game is blocked."""
    reply = tab("play", column=LOSING_COLUMN, version=1)
    while reply["state"]["status"] == "playing":
        reply = tab("draw", version=reply["version"])
    return reply


# -- the pure logic --------------------------------------------------------------------------------


def test_verdicts_on_positions_known_winnable_and_lost() -> None:
    game = Game("app-facil", deal=LOSING_DEAL)
    assert verdict(game.rules, game.position).winnable is True
    after = engine.apply(game.rules, game.state, Move.play(LOSING_COLUMN)).state.position
    lost = verdict(game.rules, after)
    assert lost.winnable is False and lost.searched > 1000
    assert verdict(game.rules, after, limit=100).winnable is None       # cut: unknown


def test_a_review_over_its_budget_says_unknown() -> None:
    game = Game("app-facil", deal=LOSING_DEAL)
    table = LiveSolitaire("t", 0, draft_seats([HUMAN]), game)
    step = table.handle("play", {"cmd": "play", "column": LOSING_COLUMN}, (0,))
    assert step.table is not None
    moves = played_moves(table, [coach.LoggedAction(1, 0, {"cmd": "play",
                                                           "column": LOSING_COLUMN}, 0.0)])
    found = review(game.rules, moves, ReviewBudget(per_position=100, fair_seconds=0.0))
    assert found.moves[0].before is True and found.moves[0].after is None   # never a guess
    assert not found.complete and found.costly == ()
    assert review(game.rules, moves, ReviewBudget(moves=0)).cut == 1


# -- the protocol ----------------------------------------------------------------------------------


def test_the_live_verdict_changes_with_the_move_that_loses(browser: Browser) -> None:
    browser("new", variant="app-facil", deal=LOSING_DEAL)
    reply = browser("coach", version=0)
    assert reply["ok"] and reply["coach"]["winnable"] is True and reply["version"] == 0
    assert "stock" not in json.dumps(reply["coach"])                  # verdicts, no cards
    browser("play", column=LOSING_COLUMN, version=0)
    after = browser("coach", version=1)
    assert after["coach"]["winnable"] is False and after["coach"]["searched"] > 1000


def test_the_review_after_a_lost_game_marks_the_move(browser: Browser,
                                                     web) -> None:  # noqa: F811
    browser("new", variant="app-facil", deal=LOSING_DEAL)
    early = browser("coach", version=0, review=True)
    assert early["ok"] is False and early["error"] == coach.NOT_OVER
    assert early["messages"]["es"] and early["messages"]["en"]
    browser("draw", version=0)
    browser("undo", version=1)                         # a move taken back costs nothing
    browser("play", column=LOSING_COLUMN, version=2)
    reply = browser("draw", version=3)
    while reply["state"]["status"] == "playing":
        reply = browser("draw", version=reply["version"])
    done = browser("coach", version=reply["version"], review=True)
    assert done["ok"], done
    found = done["review"]
    moves = found["moves"]
    # the deal's first draw loses the win too, but it was undone: not among the costly;
    # "number" is the move counter the page shows (an undo never lowers it)
    assert moves[0]["action"] == "draw" and moves[0]["undone"] and moves[0]["lost_win"]
    assert found["costly"] == [1]
    assert moves[1] == {"number": 2, "action": "play", "column": LOSING_COLUMN,
                        "card": LOSING_CARD, "undone": False, "before": True, "after": False,
                        "lost_win": True, "fair": None}   # too early for an exact chance
    assert all(m["before"] is False and m["fair"]["loss"] == 0.0 for m in moves[2:])
    assert found["complete"] is True and len(moves) == 18


def test_a_verdict_over_the_bound_is_unknown_and_the_loop_goes_on(browser: Browser) -> None:
    # deal 11 of app-facil is not decided in the solver hint's 200,000 positions
    browser("new", variant="app-facil", deal=11)
    browser.ws.send_text(json.dumps({"id": "c", "cmd": "coach", "version": 0}))
    browser.ws.send_text(json.dumps({"id": "s", "cmd": "state"}))
    browser.ws.send_text(json.dumps({"id": "h", "cmd": "hint", "strategy": "solver"}))
    assert browser.reply("s")["ok"] is True             # answered while the coach searches
    busy = browser.reply("h")
    assert busy["error"] == "busy"                       # one search per connection
    reply = browser.reply("c")
    assert reply["coach"] == {"winnable": None, "searched": coach.COACH_LIMIT,
                              "limit": coach.COACH_LIMIT}


@pytest.mark.parametrize("fields, error", [
    ({}, "bad-input"), ({"version": "0"}, "bad-input"), ({"version": True}, "bad-input"),
    ({"version": 5}, "stale"), ({"version": 0, "review": "yes"}, "bad-input"),
    ({"version": 0, "seat": 0}, "bad-request")])
def test_bad_coach_requests_are_refused(browser: Browser, fields: dict, error: str) -> None:
    browser("new", variant="app-facil", deal=LOSING_DEAL)
    reply = browser("coach", **fields)
    assert reply["ok"] is False and reply["error"] == error, reply


def test_the_coach_is_only_the_solitaire_players(browser: Browser) -> None:
    assert browser("coach", version=0)["error"] == "no-table"
    browser("new", game="card-game", seat_kinds=["human", "bot:greedy"])
    assert browser("coach", version=0)["error"] == "wrong-game"
    with pytest.raises(coach.RequestError) as refused:
        coach.check_seat(())
    assert refused.value.kind == "not-your-seat"


def test_the_review_is_bounded_in_time() -> None:
    game = Game("app-facil", deal=11)
    table = LiveSolitaire("t", 0, draft_seats([HUMAN]), game)
    actions = []
    for version in range(1, 17):
        actions.append(coach.LoggedAction(version, 0, {"cmd": "draw"}, 0.0))
    began = time.monotonic()
    found = review(game.rules, played_moves(table, actions),
                   ReviewBudget(seconds=0.1, fair_seconds=0.0))
    assert time.monotonic() - began < 2.0
    assert any(m.after is None for m in found.moves)


def test_the_review_names_a_fair_chance_cost_where_it_is_exact(tmp_path: Path) -> None:
    # deal 1 of app-facil won by the solver's line: the win is never lost, but near the end
    # its 35th move plays column 6 where column 7 keeps a better chance for a player who
    # cannot see the stock (exactly 0.45 against 0.3: the solver's line was lucky)
    game = Game("app-facil", deal=1)
    line = solver_for(game.rules).solve(game.position, best=False).line
    with Store(tmp_path / "t.sqlite3") as store:
        saved = Saved(store, LiveSolitaire("", 0, draft_seats([HUMAN]), game))
        start = saved.table
        for move in line:
            if move.is_draw:
                saved.act("draw")
            else:
                saved.act("play", column=move.column)
        actions = [coach.LoggedAction(a["version"], a["seat"], a["request"], a["at"])
                   for a in store.actions(saved.id)]
    found = review(start.game.rules, played_moves(start, actions))
    assert not any(m.lost_win for m in found.moves)
    costly = found.moves[found.costly[0]]
    assert costly.played.number == 35 and costly.played.column == 6
    assert costly.fair is not None and round(costly.fair.loss, 2) == 0.15
    assert found.moves[0].fair is None                  # the deal's start: no exact chance

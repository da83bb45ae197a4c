"""A saved match that contradicts itself is refused (issue 16, the audit's list): each field may
be well formed while the record as a whole cannot be a match of its variant. Every reachable
state reads back as itself (tests/test_cardgame_properties.py checks that after every action
of random matches); here each contradiction is made by hand from a real save."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from golfcore.cardgame.bots import find_bot
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError


def played(variant: str, players: int, seed: int, until: Callable[[Match], bool]) -> Match:
    """A match of ``seed`` played by golfcore's greedy bots until ``until`` holds."""
    match = Match(variant, players=players, seed=seed)
    bots = [find_bot("greedy")(variant, seat=seat, seed=seat) for seat in range(players)]
    for _ in range(5000):
        if until(match):
            return match
        assert not match.is_over, "the match ended first"
        seat = 0 if match.round_over else match.turn
        assert seat is not None
        assert match.act(seat, bots[seat].act(match.observation(seat).to_json())).accepted
    raise AssertionError("the condition never held")


def mid_round(match: Match) -> bool:
    return match.state.round_number == 2 and match.state.current.step == "draw"


def last_turns(match: Match) -> bool:
    return match.state.current.step == "draw" and len(match.state.current.last_turns) == 2


def round_over(match: Match) -> bool:
    return match.round_over and not match.is_over


def saved(match: Match) -> dict[str, Any]:
    data = match.to_json()
    Match.from_json(copy.deepcopy(data))             # the real save reads back
    return copy.deepcopy(data)


def refused(data: dict[str, Any], says: str) -> None:
    with pytest.raises(GolfError, match=says):
        Match.from_json(data)
    with pytest.raises(GolfError, match=says):
        Match.from_json(json.dumps(data))


def test_every_card_face_up_mid_round_without_an_ender():
    data = saved(played("card-golf", 2, 3, mid_round))
    for board in data["match"]["current"]["boards"]:
        for place in board:
            place["up"] = True
    refused(data, r"seat 0 has every card face up, yet nobody has ended the round")


def test_totals_that_are_not_the_sum_of_the_rounds():
    data = saved(played("card-golf", 2, 3, mid_round))
    data["match"]["totals"][1] += 1
    refused(data, r"seat 1's total is .* but its rounds' scores add up to")


@pytest.mark.parametrize("delta", [1, -1])
def test_a_wrong_round_number(delta):
    data = saved(played("card-golf", 2, 3, mid_round))
    data["match"]["round"] += delta
    refused(data, r"round \d+ is saved, but 1 round\(s\) are scored and one is being played: "
                  r"it must be round 2")


def test_a_seat_twice_among_the_last_turns():
    match = played("card-golf+shape=2x2", 3, 5, last_turns)
    data = saved(match)
    current = data["match"]["current"]
    current["last_turns"] = [current["last_turns"][0]] * 2
    refused(data, r"'last_turns' .* each once and in table order")
    data = saved(match)
    data["match"]["current"]["last_turns"].reverse()
    refused(data, r"'last_turns' .* each once and in table order")


def test_format_true_is_not_format_1():
    data = saved(Match("card-golf", players=2, seed=1))
    data["format"] = True
    refused(data, "saved match format True is not supported")


def test_totals_at_the_limit_with_over_false():
    match = played("card-golf+shape=2x2+point-limit=60", 2, 7, lambda m: m.is_over)
    data = saved(match)
    data["match"]["over"] = False
    refused(data, r"'over' is false but after \d+ round\(s\) with totals .* the match is over")
    data = saved(played("card-golf+shape=2x2+point-limit=60", 2, 7, round_over))
    data["match"]["over"] = True
    refused(data, r"'over' is true but .* the match is not over")


def test_a_round_played_after_the_match_ended():
    match = played("card-golf+shape=2x2+point-limit=60", 2, 7, lambda m: m.is_over)
    data = saved(match)
    fresh = saved(Match("card-golf+shape=2x2+point-limit=60", players=2, seed=7))
    data["match"].update(round=data["match"]["round"] + 1, over=False,
                         current=fresh["match"]["current"])
    data["match"]["current"]["first"] = (data["match"]["round"] - 1) % 2
    refused(data, r"the match is over, yet a round is being played")


def test_a_finished_round_scored_otherwise_than_its_boards():
    data = saved(played("card-golf", 2, 3, round_over))
    data["match"]["current"]["result"]["scores"][0] += 5
    data["match"]["results"][-1]["scores"][0] += 5
    data["match"]["totals"][0] += 5
    refused(data, "the finished round's result is not what its boards score")


@pytest.mark.parametrize("change, says", [
    (lambda c: c.update(first=0), "is opened by seat 1, not 0"),
    (lambda c: c["stock"].pop(), "does not hold the variant's 108 cards"),
    (lambda c: c.update(ender=0), "the ender, seat 0, has a card face down"),
])
def test_a_dealt_round_that_cannot_be(change, says):
    data = saved(played("card-golf", 2, 3, mid_round))
    change(data["match"]["current"])
    refused(data, says)


def test_the_turn_up_at_the_start_in_seat_order():
    match = Match("six-card", players=3, seed=2)
    assert match.act(0, "reveal 1").accepted and match.act(0, "reveal 2").accepted
    data = saved(match)
    data["match"]["current"]["boards"][2][0]["up"] = True      # seat 2 turned up too early
    refused(data, "while cards are turned up at the start")


def test_a_round_set_up_by_hand_is_still_read_back():
    """A first round set up by hand (partial, as specs use) keeps check_round's checks only."""
    session_round = {"boards": [[{"card": "5H", "up": True}, {"card": "5S", "up": False},
                                 {"card": "9C", "up": False}, {"card": "KD", "up": True}],
                                [{"card": "2C", "up": False}, {"card": "7D", "up": True},
                                 {"card": "7H", "up": False}, {"card": "QS", "up": False}]],
                     "stock": ["5D", "JK"], "discard": ["4C"], "turn": 0, "step": "draw"}
    from golfcore.cardgame.rules import rule_set
    from golfcore.cardgame.saves import round_from_json

    rules = rule_set("card-golf+shape=2x2")
    match = Match(rules, seed=3, round_state=round_from_json(rules, session_round, 2))
    assert match.code is None and match.chosen_deal is True
    back = Match.from_json(match.dumps())
    assert back.state == match.state and back.code is None

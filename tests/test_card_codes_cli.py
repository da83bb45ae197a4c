"""``golf deal`` and ``golf analyse`` of card-game codes (GC1-... match codes, GK1-... replay
codes): the deal as the referee sees it, and a match replayed action by action with its points."""

from __future__ import annotations

import json

import pytest

from golfcore.cardgame.bots import find_bot
from golfcore.cardgame.match import Match
from golfcore.cli import main

CODE = "GC1-G233-AAAAAAB"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def played(code: str | Match, bot: str = "greedy") -> tuple[Match, list[str]]:
    """A whole match of ``code`` played by ``bot`` at every seat, and its actions."""
    match = Match.from_code(code) if isinstance(code, str) else code
    bots = [find_bot(bot)(match.variant.name, seat=s, seed=s) for s in range(match.players)]
    actions = []
    while not match.is_over:
        seat = match.turn
        action = "next" if seat is None else bots[seat].act(match.observation(seat).to_json())
        assert match.act(0 if seat is None else seat, action).accepted
        actions.append(action)
    return match, actions


def test_deal_of_a_match_code_shows_every_card_of_round_one(capsys):
    code, out, _ = run(capsys, "deal", CODE)
    assert code == 0
    rnd = Match.from_code(CODE).state.current
    lines = out.splitlines()
    assert lines[0] == f"# {CODE}: card-golf, 2 players, board 3x3"
    first_board = lines[lines.index("player 1:") + 1:lines.index("player 1:") + 4]
    assert [row.split() for row in first_board] == [
        [str(c) for c in rnd.boards[0].cards[r * 3:r * 3 + 3]] for r in range(3)]
    assert f"discard: {rnd.discard[-1]}" in lines
    assert f"stock: {len(rnd.stock)} cards, top first:" in lines
    stock = out.split("top first:\n")[1].split()
    assert stock == [str(c) for c in rnd.stock]


def test_deal_of_a_code_as_json_is_the_referee_record(capsys):
    code, out, _ = run(capsys, "deal", CODE, "--json")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(Match.from_code(CODE).referee()))


def test_deal_of_a_replay_code_re_deals_the_secret_match(capsys):
    secret, actions = played(Match("six-card", players=3))
    replay = secret.code                            # a seat sees it once the match is over
    assert replay is not None and replay.startswith("GK1-")
    code, out, _ = run(capsys, "deal", replay)
    assert code == 0
    again = Match.from_code(replay).state.current
    assert f"discard: {again.discard[-1]}" in out.splitlines()
    assert "player 3:" in out
    code, out, _ = run(capsys, "analyse", replay, *actions, "--json")
    assert code == 0 and json.loads(out)["totals"] == list(secret.totals)


@pytest.mark.parametrize("option", [["--winnable"], ["--number", "3"], ["--limit", "10"],
                                    ["--format", "spanish"]])
def test_deal_refuses_solitaire_options_with_a_card_code(capsys, option):
    code, _, err = run(capsys, "deal", CODE, *option)
    assert code == 2
    assert "card-game code" in err or "solitaire" in err
    assert "es: " in err


def test_a_bad_card_code_names_its_form(capsys):
    code, _, err = run(capsys, "deal", "GC1-G2")
    assert code == 1
    assert "GC1-<variant letter>" in err


def test_analyse_replays_a_whole_match_with_each_rounds_points(capsys):
    match, actions = played(CODE)
    code, out, err = run(capsys, "analyse", CODE, *actions)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{CODE}: card-golf, 2 players, board 3x3"
    assert sum(1 for line in lines if line.startswith("round ") and "over" not in line) == len(
        match.state.results)
    for seat, total in enumerate(match.totals):
        last = [line for line in lines if line.strip().startswith(f"player {seat + 1} ")
                and "board" in line][-1]
        assert last.split("total")[1].split(";")[0].strip() == str(total)
    winners = ", ".join(f"player {s + 1}" for s in match.winners)
    assert lines[-1].startswith("match over: winner") and winners in lines[-1]


def test_analyse_as_json_matches_the_match(capsys):
    match, actions = played("GC1-S223-AAAAAAC")
    code, out, _ = run(capsys, "analyse", "GC1-S223-AAAAAAC", *actions, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["over"] is True and data["totals"] == list(match.totals)
    assert data["winners"] == list(match.winners)
    assert [s["action"] for s in data["steps"]] == actions
    ends = [s["round_result"] for s in data["steps"] if s["round_result"] is not None]
    assert ends == [r.to_json() for r in match.state.results]


def test_analyse_takes_a_place_as_its_own_argument(capsys):
    code, out, _ = run(capsys, "analyse", CODE, "draw", "replace", "5")
    assert code == 0
    rnd = Match.from_code(CODE).state.current
    assert (f"put {rnd.stock[0]} at place 5, discarded {rnd.boards[0].cards[4]}"
            in out)
    assert "player 2 to act (2 actions replayed)" in out


def test_analyse_refuses_a_refused_action_in_both_languages_and_prints_nothing(capsys):
    code, out, err = run(capsys, "analyse", CODE, "draw", "take")
    assert code == 1 and out == ""
    assert "action 2 'take' (player 1) refused: already-holding" in err
    assert "es: Ya tienes una carta en la mano" in err and "en: You already hold" in err


def test_analyse_refuses_the_solitaire_options(capsys):
    code, _, err = run(capsys, "analyse", CODE, "--fair")
    assert code == 2 and "no solver" in err

"""Passes through the stock (redeals): the ``golf_stock_passes`` hook and the ``redeals`` rule.

Once the stock is empty, a variant with ``redeals=N`` lets the player turn the waste over, N
times a game: the waste but its top card becomes the stock in order (the oldest card is drawn
first), the top card stays. The pass count is part of the position and of its JSON; undo takes
a redeal back; the searches and the adapters refuse such a variant with a message in Spanish
and English rather than print a wrong number. The built-in variants are unchanged.
"""

from __future__ import annotations

import json
import random

import pytest

from golfcore import Game
from golfcore.cli import main
from golfcore.errors import PluginError, PositionError, UnsupportedError, VariantError
from golfcore.framework.registry import load_registry
from golfcore.framework.variant import Rule, Variant
from golfcore.protocol.server import Session
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet, rule_set

VARIANT = "cards4+redeals=1"
#: The stock is out; columns 1 and 2 cannot be played on the waste's 9D; a redeal is possible.
STUCK = Position.build([["KS", "5H"], ["2D"]], stock=[], waste=["3C", "JH", "9D"])


def stuck(variant: str = VARIANT) -> Game:
    return Game(variant, position=STUCK)


def test_a_redeal_turns_the_waste_over_in_order_and_keeps_its_top():
    game = stuck()
    assert game.outcome.value == "playing"            # not lost: a redeal is left
    assert [str(m) for m in game.legal(0)] == ["redeal"]
    result = game.act(0, "redeal")
    assert result.accepted and result.action == "redeal"
    assert [str(c) for c in game.position.stock] == ["3C", "JH"]   # the oldest is drawn first
    assert [str(c) for c in game.position.waste] == ["9D"]
    assert game.position.passes == 1 and game.moves == 1
    assert str(game.draw().card) == "3C"


def test_undo_takes_a_redeal_back():
    game = stuck()
    before = game.state
    game.redeal()
    undone = game.undo()
    assert undone.accepted and undone.card is None
    assert game.position == before.position and game.position.passes == 0
    assert game.moves == 1                             # the counter never goes down (APP-15)
    assert [str(m) for m in game.legal(0)] == ["redeal"]


def test_refused_redeals_change_nothing():
    playable = Position.build([["KS", "8D"]], [], ["3C", "9D"])   # 8D plays on 9D
    cases = [
        (Game("cards4", position=playable), "no-redeals"),   # the documents' game: no redeals
        (Game(VARIANT, position=Position.build([["KS"]], ["4D"], ["3C", "9D"])),
         "stock-not-empty"),
        (Game(VARIANT, position=Position.build([["KS", "8D"]], [], ["9D"])),
         "nothing-to-redeal"),
        (Game(VARIANT, position=Position.build([["KS"]], [], ["9D"])), "no-moves"),
        (Game(VARIANT, position=Position.build([["KS"]], [], ["8D"]).after_play(1)),
         "game-won"),
    ]
    for game, reason in cases:
        before = game.state
        result = game.redeal()
        assert not result.accepted and result.reason == reason, (reason, result)
        assert result.messages["es"] and result.messages["en"]
        assert game.state is before
    game = stuck()
    game.redeal()
    game.draw()                                       # 3C: column 2's 2D plays on it
    after = game.state
    refused = game.redeal()                           # the one pass is used
    assert refused.reason == "no-redeals" and game.state is after
    assert "vueltas al mazo" in refused.messages["es"]


def test_the_game_is_lost_once_no_pass_is_left():
    game = stuck()
    game.redeal()
    game.draw()
    game.draw()
    assert game.outcome.value == "lost"
    assert game.redeal().reason == "no-moves"


def test_the_pass_count_is_in_the_position_json_and_text():
    game = stuck()
    game.redeal()
    data = game.position.to_json()
    assert data["passes"] == 1
    assert Position.from_json(data) == game.position
    assert Position.from_text(game.position.to_text()) == game.position
    assert "passes: 1" in game.position.to_text()
    # a position saved before redeals existed has no key: 0 passes, the same JSON as ever
    assert "passes" not in STUCK.to_json()
    assert Position.from_json({k: v for k, v in data.items() if k != "passes"}).passes == 0


@pytest.mark.parametrize("bad", [-1, True, "1", 1.5, None])
def test_a_bad_pass_count_is_refused(bad):
    data = {**STUCK.to_json(), "passes": bad}
    with pytest.raises(PositionError, match="passes"):
        Position.from_json(data)


def test_a_save_with_more_passes_than_the_variant_allows_is_refused_whole():
    game = stuck("cards4+redeals=2")
    game.redeal()
    game.draw()
    game.draw()
    game.redeal()
    saved = game.dumps()
    assert Game.from_json(saved).position.passes == 2
    for variant in ("cards4+redeals=1", "cards4"):
        data = json.loads(saved)
        data["variant"] = variant
        with pytest.raises(PositionError, match="records 2 passes through the stock"):
            Game.from_json(data)
    with pytest.raises(PositionError, match="1 pass through the stock"):
        Game("cards4", position=Position.from_json({**STUCK.to_json(), "passes": 1}))


def played_to_the_end(variant: str, deal: int) -> Game:
    """A dealt game played at random to its end, redealing whenever it may (seeded by the
    deal: the same game each run)."""
    game = Game(variant, deal=deal)
    rng = random.Random(deal)
    while not game.is_over:
        legal = game.legal(0)
        game.act(0, next((m for m in legal if m.is_redeal), None) or rng.choice(legal))
    return game


def test_a_dealt_game_after_a_redeal_round_trips_with_its_history():
    game = played_to_the_end("traditional+redeals=1", deal=3)
    assert game.position.passes == 1
    again = Game.from_json(game.dumps())
    assert again.state == game.state and again.deal == 3
    # the history holds the redeal: undoing back past it works on the loaded game too
    while again.position.passes:
        assert again.undo().accepted
    # a forged position said to be of another deal is refused
    data = game.to_json()
    data["deal"] = 4
    with pytest.raises(PositionError):
        Game.from_json(data)


def test_a_dealt_game_after_a_redeal_without_history_is_checked_against_its_deal():
    """No undo history: the line from the deal is searched (golfcore.solitaire.passes)."""
    game = played_to_the_end("traditional+redeals=1+undo-limit=0", deal=5)
    assert game.position.passes == 1 and len(game.position.stock) > 1
    assert Game.from_json(game.dumps()).state == game.state
    forged = game.to_json()
    forged["state"]["position"]["stock"].reverse()     # the same cards in another order
    with pytest.raises(PositionError, match="cannot be reached from deal 5"):
        Game.from_json(forged)
    short = game.to_json()
    short["state"]["moves"] = 10
    with pytest.raises(PositionError, match="'moves' is 10, but deal 5 needs at least"):
        Game.from_json(short)


def test_the_option_and_the_hook_are_checked():
    with pytest.raises(VariantError):
        RuleSet("cards4+redeals=-1")

    class Bad(Rule):
        name = "bad-passes"
        slot = "redeal"
        rule_ids = ("C4-04",)
        summary = "answers a negative number"

        @hookimpl
        def golf_stock_passes(self, options):
            return -2

    reg = load_registry("solitaire")
    reg.add_rule(Bad, "example")
    variant = Variant(name="bad-house", title="Bad", game="solitaire",
                      rules={"adjacency": "ranks-linear", "king": "king-ends-chain",
                             "redeal": "bad-passes"})
    reg.add_variant(variant, "example")
    with pytest.raises(PluginError, match="golf_stock_passes answered -2"):
        RuleSet(variant, reg)


def test_the_built_in_variants_allow_no_redeal():
    for name in ("app-facil", "app-clasico", "cards4", "traditional", "putt-putt", "relaxed",
                 "jokers", "empty-waste"):
        assert rule_set(name).stock_passes == 0
        assert "redeal" not in [str(m) for m in Game(name, deal=1).action_space()]


def test_the_protocol_accepts_a_redeal_and_refuses_a_search():
    session = Session()
    started = session.handle({"cmd": "new", "variant": VARIANT, "position": STUCK.to_text()})
    assert started["state"]["legal"] == ["redeal"]
    reply = session.handle({"cmd": "redeal", "id": 1})
    assert reply["ok"] and reply["action"] == "redeal" and reply["state"]["stock"] == 2
    assert reply["state"]["position"]["passes"] == 1
    again = session.handle({"cmd": "redeal"})
    assert not again["ok"] and again["reason"] == "no-redeals"
    assert again["state"] == reply["state"]
    for request in ({"cmd": "solve"}, {"cmd": "hint", "strategy": "solver"},
                    {"cmd": "hint", "strategy": "fair"}):
        refused = session.handle(request)
        assert refused["error"] == "bad-input" and refused["message_code"] == "search-redeals"
        assert "vueltas al mazo" in refused["messages"]["es"]
        assert "passes through the stock" in refused["messages"]["en"]
        assert refused["state"] == reply["state"]


def test_the_searches_refuse_a_variant_with_redeals():
    from golfcore.solitaire.search.fair import fair_chance
    from golfcore.solitaire.search.solver import solver_for

    game = Game(VARIANT, deal=5)
    for search in (lambda: solver_for(game.rules), lambda: fair_chance(game.rules, game.state),
                   lambda: game.suggest("solver"), lambda: game.suggest("fair")):
        with pytest.raises(UnsupportedError) as caught:
            search()
        assert caught.value.code == "search-redeals"
        assert set(caught.value.messages) == {"es", "en"}
    assert game.suggest("legal").move is not None     # the hint that searches nothing works


def test_golf_play_redeals_and_golf_solve_refuses(capsys, tmp_path):
    code = main(["play", "--number", "5", "--variant", VARIANT, *["draw"] * 16, "redeal"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "17. redeal: turned the waste over as a new stock (pass 1)" in out
    assert "redeals:  1 of 1 made" in out
    board = tmp_path / "stuck.txt"
    board.write_text(STUCK.to_text(), encoding="utf-8")
    for argv in (["solve", "--variant", VARIANT, str(board)],
                 ["analyse", "--variant", VARIANT, str(board)],
                 ["survey", "--deals", "1..2", "--variant", VARIANT]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 1 and out == "", argv
        assert "do not handle passes through the stock" in err
        assert "es: las búsquedas" in err


def test_the_observation_shows_the_passes_and_reads_back():
    from golfcore.solitaire.observation import SolitaireObservation

    game = stuck()
    game.redeal()
    seen = game.observation().to_json()
    assert seen["position"]["passes"] == 1 and seen["position"]["stock"] is None
    deck = list(game.position.cards().elements())        # a partial position's own cards
    assert SolitaireObservation.from_json(seen, deck=deck).to_json() == seen


@pytest.mark.slow          # imports gymnasium and OpenSpiel
def test_the_adapters_refuse_a_variant_with_redeals():
    gym = pytest.importorskip("golfcore.adapters.gym", exc_type=ImportError)
    with pytest.raises(UnsupportedError, match="do not handle passes through the stock"):
        gym.GolfSolitaireEnv(VARIANT)
    gym.GolfSolitaireEnv("cards4")                  # the variants without redeals still work
    pyspiel = pytest.importorskip("pyspiel")
    import golfcore.adapters.openspiel  # noqa: F401  (registers golf_solitaire)
    with pytest.raises(UnsupportedError, match="adapter"):
        pyspiel.load_game("golf_solitaire", {"variant": VARIANT})

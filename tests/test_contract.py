"""The one interface's contract (golfcore.testing.contract, docs/interface.md) on both games and
every built-in variant, and on a third party's toy game: random legal play to the end never
raises; every illegal action is refused and changes nothing; the JSON round trip is exact; the
same seed gives the same game; re-dealing every card hidden from a seat leaves its observation
equal; the players are given only observations. A few games per variant here; more under
``-m slow``."""

from __future__ import annotations

import random
import re

import pytest

from golfcore import Game, Match
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set
from golfcore.framework.interface import Playable, playable_class, start
from golfcore.framework.registry import registry
from golfcore.testing.contract import ContractError, check_game
from tests.toy_game import HighCard, broken

SOLITAIRE = [v.name for v in registry("solitaire")]
CARD_GAME = [v.name for v in registry("card-game")]
#: Texts that are no legal action's value: off the table, a touch of a covered card, a word.
PROBES = ("0", "8", "1.1", "1.5", "play 3", "replace 0", "replace 99", "discard 10",
          "reveal 1", "fly")


def test_every_built_in_variant_is_tested():
    assert set(SOLITAIRE) >= {"app-facil", "app-clasico", "cards4", "empty-waste", "jokers",
                              "putt-putt", "relaxed", "traditional"}
    assert set(CARD_GAME) >= {"card-golf", "six-card"}


@pytest.mark.parametrize("variant", SOLITAIRE)
def test_the_solitaire_keeps_the_contract(variant):
    """One deal per variant here, the games' heavy checks every 25 steps (more under slow)."""
    report = check_game(lambda seed: start(variant, seed=seed), seeds=(1,), probes=PROBES,
                        sample_every=25)
    assert report.games == 1 and report.refusals > 0 and report.resamples_differing > 0


def test_a_variant_with_redeals_keeps_the_contract():
    """Passes through the stock (a redeal is one more legal action; after one, nothing in the
    stock is hidden), on a position where the game must redeal: the two stock cards (7H, QC)
    and the waste's 9D take none of the free cards (2D, 4S). Whole deals under slow."""
    # every card of the deck is placed (the observation's reader counts the stock from the
    # deck): most of them lie on the waste, under its JH and 9D
    placed = ["KS", "5H", "2D", "8C", "4S", "7H", "QC", "JH", "9D"]
    under = [str(c) for c in rule_set("cards4").deck() if str(c) not in placed]
    position = Position.build([["KS", "5H", "2D"], ["8C", "4S"]], ["7H", "QC"],
                              under + ["JH", "9D"])
    opening = Game("cards4+redeals=1", position=position)
    assert [opening.draw().accepted, opening.draw().accepted] == [True, True]
    assert [str(m) for m in opening.legal(0)] == ["redeal"]

    report = check_game(lambda seed: Game("cards4+redeals=1", position=position), seeds=(1,),
                        probes=PROBES + ("redeal",), sample_every=8)
    assert report.games == 1 and report.actions > 3 and report.round_trips > 0


@pytest.mark.parametrize("variant,players", [("card-golf", 2), ("six-card+holes=2", 3)])
def test_the_card_game_keeps_the_contract(variant, players):
    """Every built-in card-game variant, in a short match here (whole ones under slow)."""
    report = check_game(lambda seed: start(variant, seed=seed, players=players), seeds=(1,),
                        probes=PROBES, sample_every=20)
    assert report.games == 1 and report.refusals > 0 and report.resamples_differing > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", SOLITAIRE + ["cards4+jokers=2", "app-facil+undo-limit=0",
                                                 "traditional+draw-any-time",
                                                 "traditional+redeals=2", "jokers+redeals=1"])
def test_the_solitaire_keeps_the_contract_on_many_deals(variant):
    """Every built-in variant and a few options, twenty deals each, the heavy checks often."""
    check_game(lambda seed: start(variant, seed=seed), seeds=range(1, 21), probes=PROBES,
               sample_every=3)


@pytest.mark.slow
@pytest.mark.parametrize("variant,players", [(v, n) for v in CARD_GAME + [
    "card-golf+shape=2x2", "card-golf+shape=3x4", "six-card+holes=3",
    "card-golf+stock-out-ends-round"] for n in range(2, 7)])
def test_the_card_game_keeps_the_contract_on_many_matches(variant, players):
    check_game(lambda seed: start(variant, seed=seed, players=players), seeds=range(1, 5),
               probes=PROBES, sample_every=5)


def test_both_games_are_the_interface():
    assert playable_class("solitaire") is Game and playable_class("card-game") is Match
    game, match = start("app-clasico", seed=1), start("six-card", seed=3, players=4)
    assert isinstance(game, Game) and isinstance(match, Match)
    assert isinstance(game, Playable) and isinstance(match, Playable)
    assert game.deal == 1 and match.players == 4 and match.code == "GC1-S423-AAAAAAD"
    assert isinstance(start("app-facil"), Game)          # no seed: a random deal
    assert not start("card-golf").chosen_deal            # no seed: a fresh secret


def test_an_unseeded_start_deals_what_nobody_chose():
    deals = {Game.start("traditional").deal for _ in range(5)}
    assert len(deals) > 1
    assert len({Match.start("card-golf").code for _ in range(3)}) == 3


def test_a_third_party_game_keeps_the_contract():
    report = check_game(lambda seed: HighCard.start(seed=seed), seeds=range(1, 11))
    assert report.games == 10 and report.refusals > 0 and report.resamples_differing > 0
    assert "10 game(s)" in str(report)


@pytest.mark.parametrize("bug,says", [
    ("leak", "resample(0) changed seat 0's observation: something hidden from it shows"),
    ("refusal-changes", "seat 1's refused action 'keep' changed the game"),
    ("seed", "two games started from one seed differ"),
    ("accept", "seat 1's illegal action 'keep' was accepted"),
    ("resample-own", "resample(0) changed seat 0's observation"),
])
def test_the_contract_test_catches_each_broken_promise(bug, says):
    with pytest.raises(ContractError, match="^seed 1, step 0: " + re.escape(says)):
        check_game(lambda seed: broken(bug).start(seed=seed), seeds=(1,))


def test_a_game_that_never_hides_anything_must_say_so():
    class Open(HighCard):
        def resample(self, seat, rng):
            return self.clone()
    with pytest.raises(ContractError, match="no resample differed"):
        check_game(lambda seed: Open.start(seed=seed), seeds=(1, 2))
    check_game(lambda seed: Open.start(seed=seed), seeds=(1, 2), hidden_information=False)


def test_the_player_is_given_only_an_observation():
    """The player receives a copy of one seat's observation JSON, and nothing else; what it
    answers must be one of that observation's legal actions."""
    given = []

    def player(observation, rng):
        given.append(observation)
        choice = rng.choice(observation["legal"])
        observation["legal"].append("cheat")            # a copy: the game is not touched
        return choice

    check_game(lambda seed: start("card-golf", seed=seed, players=2), seeds=(4,),
               player=player, sample_every=50)
    assert given and all(isinstance(o, dict) and o["game"] == "card-game" for o in given)
    assert all(set(o) == set(given[0]) for o in given)

    with pytest.raises(ContractError, match="answered 'cheat'"):
        check_game(lambda seed: start("card-golf", seed=seed, players=2), seeds=(4,),
                   player=lambda observation, rng: "cheat")


def test_resampling_keeps_what_a_seat_sees_and_changes_what_it_does_not():
    match = Match("card-golf", players=3, seed=5)
    for action in ("draw", "replace 1", "take", "replace 2", "draw"):
        assert match.act(match.turn, action).accepted
    holder = match.turn
    twin = match.resample(0, random.Random(1))        # seat 0 does not see the drawn card
    assert twin.observation(0).to_json() == match.observation(0).to_json()
    assert twin.state.current.held != match.state.current.held or twin.state != match.state
    mine = match.resample(holder, random.Random(1))   # the drawer keeps seeing it
    assert mine.state.current.held == match.state.current.held
    assert mine.observation(holder).to_json() == match.observation(holder).to_json()
    game = Game("app-facil", deal=3)
    for move in ("draw", "draw", "draw"):
        game.act(0, move)
    twin = game.resample(0, random.Random(2))
    assert sorted(twin.position.stock) == sorted(game.position.stock)
    assert twin.position.stock != game.position.stock and twin.deal is None
    assert twin.undo().accepted and game.undo().accepted   # undo shows the same card again
    assert twin.observation() == game.observation()


def test_a_resample_depends_only_on_what_the_seat_sees_and_the_random_numbers():
    """The attack: a caller who knows the generator's seed must learn nothing from a resample
    about where the hidden cards truly lie. Two games a seat cannot tell apart (the second is a
    resample of the first) resample, with the same seed, to the same game."""
    match = Match("card-golf", players=3, seed=5)
    for action in ("draw", "replace 1", "take"):
        assert match.act(match.turn, action).accepted
    other = match.resample(0, random.Random(3))
    assert other.observation(0).to_json() == match.observation(0).to_json()
    assert other.state != match.state
    assert (match.resample(0, random.Random(9)).state
            == other.resample(0, random.Random(9)).state)
    game = Game("app-facil", deal=3)
    game.act(0, "draw")
    other_game = game.resample(0, random.Random(3))
    assert other_game.position.stock != game.position.stock
    assert (game.resample(0, random.Random(9)).position
            == other_game.resample(0, random.Random(9)).position)


@pytest.mark.parametrize("module", ["golfcore.framework.interface", "golfcore.testing.contract",
                                    "golfcore.adapters.driver",
                                    "golfcore.solitaire.observation"])
def test_the_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed

"""A seat's information, and nothing more, in OpenSpiel: the ``golf_card`` state made from one
observation (``golfcore.adapters.openspiel.observed``), the adapter's resampling attacked with
numbers a seat chooses, and OpenSpiel's ISMCTSBot seated from observations
(``golfcore.adapters.openspiel.ismcts_seat``). The ``openspiel`` extra; skipped without it,
required in CI."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from adapters_support import need

pyspiel = need("pyspiel", "openspiel")
need("numpy", "openspiel")

import golfcore.adapters.openspiel  # noqa: E402,F401  (registers the games)
from golfcore.adapters import encoding as enc  # noqa: E402
from golfcore.adapters.openspiel.card_view import observed  # noqa: E402
from golfcore.adapters.openspiel.ismcts_seat import ISMCTSSeat  # noqa: E402
from golfcore.adapters.openspiel.observed import (game_for, observed_state,  # noqa: E402
                                                  unseen_cards)
from golfcore.adapters.openspiel.resample import hidden_slots, replayed  # noqa: E402
from golfcore.cardgame.match import Match  # noqa: E402
from golfcore.cardgame.observation import redeal_hidden, seen  # noqa: E402
from golfcore.cardgame.tournament import Entrant, play_match  # noqa: E402
from golfcore.errors import GolfError  # noqa: E402

#: What a state built from an observation shows its seat exactly as the referee's match does
#: (``variant`` is the rule set's name, ``code`` and ``chosen_deal`` are the referee's).
SHOWN = ("seat", "players", "shape", "round", "step", "turn", "boards", "discard",
         "discard_count", "stock_count", "held", "ender", "last_turns", "showing", "totals",
         "rounds", "result", "over", "winners", "legal")


def decisions(variant: str, seed: int, rounds: int = 1, players: int = 2):
    """``(match, seat, observation)`` at every decision of ``rounds`` rounds played at
    random (the referee deals the next round)."""
    match = Match(variant, players=players, seed=seed)
    rng = random.Random(seed)
    while match.state.round_number <= rounds and not match.is_over:
        seat = match.turn
        if seat is None:
            if match.state.round_number == rounds:
                return
            match.act(0, "next")
            continue
        obs = match.observation(seat).to_json()
        yield match, seat, obs
        match.act(seat, rng.choice(obs["legal"]))


# -- the adapter's resampling: a function of what the seat saw -----------------------------------


def dealt(spec: str, seed: int):
    """A ``golf_card`` state after its deal and a few random actions, at a decision."""
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions = 0
    while actions < 7 or state.is_chance_node():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return state


def twin(state, seat: int):
    """The same history with the cards hidden from ``seat`` changed by hand: the first two
    face-down places swap their cards and the third takes a stock card of another kind."""
    faces, _ = hidden_slots(state, seat)
    history = state.history()
    cards = [enc.CARD_KINDS[history[i]] for i in faces]
    stock = state.table.match.current.stock
    other = next(c for c in stock if c not in cards)
    new = {faces[0]: cards[1], faces[1]: cards[0], faces[2]: other}
    assert cards[0] != cards[1]
    return replayed(state, new)


@pytest.mark.parametrize("spec, seed", [("golf_card(players=2,shape=2x3)", 3),
                                        ("golf_card(players=3,variant=six-card)", 8)])
def test_the_resample_depends_on_what_the_seat_saw_and_the_numbers_only(spec, seed):
    """The attack: a seat calls the adapter's resampling with numbers of its choosing (always
    0, always nearly 1, a seeded sequence). Two states it cannot tell apart must answer the
    same state; with the cards drawn in the order they lie, always-0 answered the true ones."""
    state = dealt(spec, seed)
    seat = (state.current_player() + 1) % state.num_players()
    other = twin(state, seat)
    assert other.history() != state.history()
    assert other.information_state_string(seat) == state.information_state_string(seat)
    for numbers in (lambda: lambda: 0.0, lambda: lambda: 0.999999,
                    lambda: random.Random(4).random):
        a = state.resample_from_infostate(seat, numbers())
        b = other.resample_from_infostate(seat, numbers())
        assert a.history() == b.history() and a.table == b.table
    # always 0: the first of the unseen cards in sorted order, not the true ones
    faces, _ = hidden_slots(state, seat)
    zero = state.resample_from_infostate(seat, lambda: 0.0)
    assert [zero.history()[i] for i in faces] != [state.history()[i] for i in faces]


# -- a state from an observation -----------------------------------------------------------------


def test_a_state_from_an_observation_shows_the_seat_exactly_that_observation():
    rng = random.Random(1)
    game = None
    seen = 0
    for _, seat, obs in decisions("card-golf+shape=2x2", 11, rounds=2):
        game = game or game_for(obs)
        state = observed_state(game, obs, rng.random)
        mine = observed(state, seat)
        assert {k: mine[k] for k in SHOWN} == {k: obs[k] for k in SHOWN}
        assert state.current_player() == seat
        assert sorted(state.action_to_string(seat, a) for a in state.legal_actions()) == \
            sorted(obs["legal"])
        deck = Counter(game.setup.rules.deck)
        assert Counter(state.table.match.current.cards()) == deck
        again = observed_state(game, obs, rng.random)
        assert again.information_state_string(seat) == state.information_state_string(seat)
        seen += 1
    assert seen > 12 and game is not None


def test_the_true_hidden_cards_are_not_favoured():
    """At a decision in the middle of a round, a state is drawn 100 times: each face-down
    place and each card under the discard's top holds its true card about as often as any
    other unseen copy of it would be there (about 2 in 100 here), never systematically."""
    match, _, obs = next(d for d in decisions("card-golf", 21)
                         if d[2]["discard_count"] > 3 and d[2]["step"] == "hold")
    game = game_for(obs)
    rnd = match.state.current
    hidden = [(s, p) for s in range(2) for p in range(9) if not rnd.boards[s].up[p]]
    unseen = unseen_cards(game, obs)
    rng = random.Random(2)
    same = expected = 0.0
    for _ in range(100):
        state = observed_state(game, obs, rng.random)
        drawn = state.table.match.current
        for s, p in hidden:
            true = rnd.boards[s].cards[p]
            same += drawn.boards[s].cards[p] == true
            expected += unseen[true] / sum(unseen.values())
        for i, card in enumerate(rnd.discard[:-1]):
            same += drawn.discard[i] == card
            expected += unseen[card] / sum(unseen.values())
    assert len(hidden) > 8 and expected > 12
    assert same < 2 * expected + 10


def test_states_from_observations_of_tables_the_seat_cannot_tell_apart_are_equal():
    """The referee's match and one with every card hidden from the seat dealt again give the
    seat the same observation, and so the same state for the same numbers."""
    match, seat, obs = next(d for d in decisions("card-golf", 5) if d[2]["discard_count"] > 2)
    other = redeal_hidden(match.state, seat, random.Random(9))
    assert other != match.state
    theirs = seen(match.rules, other, seat).to_json()
    game = game_for(obs)
    a = observed_state(game, obs, random.Random(3).random)
    b = observed_state(game, theirs, random.Random(3).random)
    assert a.table == b.table and a.history() == b.history()


def test_play_goes_on_from_a_state_made_from_an_observation():
    match, seat, obs = next(d for d in decisions("card-golf+shape=2x2", 4)
                            if d[2]["step"] == "hold")
    state = observed_state(game_for(obs), obs, random.Random(1).random)
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    points = state.table.match.results[-1].scores
    assert state.returns() == [-p for p in points]


def _spoiled(obs, **changes):
    return {**obs, **changes}


@pytest.mark.parametrize("how, words", [
    ("spectator", "spectator"),
    ("other seat", "not to act"),
    ("more stock", "does not add up"),
    ("five aces", "more of AS"),
    ("three players", "2 players"),
    ("not a dict", "JSON object"),
])
def test_observations_that_cannot_be_a_decision_are_refused_saying_why(how, words):
    match, seat, obs = next(decisions("card-golf+shape=2x2", 4))
    game = game_for(obs)
    bad = {
        "spectator": lambda: _spoiled(obs, seat=None, legal=[]),
        "other seat": lambda: _spoiled(obs, seat=1 - seat, legal=[]),
        "more stock": lambda: _spoiled(obs, stock_count=obs["stock_count"] + 1),
        "five aces": lambda: _spoiled(obs, boards=[["AS", "AS", "AS", "AS"],
                                                   ["AS", None, None, None]]),
        "three players": lambda: obs,
        "not a dict": lambda: [obs],
    }[how]()
    if how == "three players":
        game = pyspiel.load_game("golf_card(players=3,shape=2x2)")
    with pytest.raises(GolfError, match=words):
        observed_state(game, bad, random.Random(1).random)


# -- OpenSpiel's ISMCTSBot in a seat ---------------------------------------------------------------


def test_the_ismcts_seat_answers_a_legal_action_from_an_observation():
    bots = [ISMCTSSeat("card-golf+shape=2x2", s, 7 + s, simulations=2) for s in range(2)]
    answered = 0
    for _, seat, obs in decisions("card-golf+shape=2x2", 6):
        action = bots[seat].act(dict(obs))
        assert action in obs["legal"]
        answered += 1
        if answered == 4:
            break


@pytest.mark.parametrize("options, words", [
    ({"simulations": 0}, "simulations"), ({"rollouts": 1.5}, "rollouts"),
    ({"uct_c": -1}, "uct_c"), ({"depth": 3}, "no option depth"),
])
def test_the_ismcts_seat_refuses_bad_options(options, words):
    with pytest.raises(GolfError, match=words):
        ISMCTSSeat("card-golf", 0, 1, **options)


@pytest.mark.slow
def test_the_ismcts_seat_plays_a_tournament_match():
    """Seated by the tournament's own play_match, fed only observations, against greedy."""
    from golfcore.cardgame.bots import find_bot

    entrants = [Entrant("ismcts:simulations=6", ISMCTSSeat, (("simulations", 6),)),
                Entrant("greedy", find_bot("greedy"))]
    record = play_match("card-golf+shape=2x2", entrants, 3, 1)
    assert record["rounds"] >= 1 and record["winners"]
    assert record["decisions"][0] > 0 and record["dominated"][0] >= 0

"""The card game as a PettingZoo AEC environment and the solitaire as a gymnasium environment
(the ``pettingzoo`` extra; skipped where it is not installed, required in CI)."""

from __future__ import annotations

import doctest
import warnings

import pytest

from adapters_support import need

need("pettingzoo", "pettingzoo")
gymnasium = need("gymnasium", "pettingzoo")
np = need("numpy", "pettingzoo")

import golfcore.adapters.gym as gym_adapter  # noqa: E402
import golfcore.adapters.pettingzoo as pz_adapter  # noqa: E402
from golfcore.adapters import encoding as enc  # noqa: E402
from golfcore.adapters.gym import ENV_ID, GolfSolitaireEnv  # noqa: E402
from golfcore.adapters.pettingzoo import GolfCardEnv  # noqa: E402
from golfcore.cards import Card  # noqa: E402
from golfcore.errors import GolfError  # noqa: E402
from golfcore.solitaire.game import Game  # noqa: E402


def api_test(*args, **kwargs):
    from pettingzoo.test import api_test      # imported by the slow tests only
    quietly(api_test, *args, **kwargs)


def seed_test(*args, **kwargs):
    from pettingzoo.test import seed_test
    quietly(seed_test, *args, **kwargs)


def check_env(*args, **kwargs):
    from gymnasium.utils.env_checker import check_env
    quietly(check_env, *args, **kwargs)


def quietly(check, *args, **kwargs):
    # the checkers warn about what every masked environment does (a Dict observation space)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 3}, {"variant": "six-card", "players": 2,
                                                      "mode": "match"}])
def test_the_card_game_passes_pettingzoos_api_test(options):
    api_test(GolfCardEnv(**options), num_cycles=200)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 6, "variant": "card-golf+shape=3x4"},
                                     {"players": 2, "mode": "match"},
                                     {"players": 4, "variant": "six-card", "max_turns": 4}])
def test_the_card_game_passes_pettingzoos_api_and_seed_tests_on_every_table(options):
    api_test(GolfCardEnv(**options), num_cycles=2000)
    seed_test(lambda: GolfCardEnv(**options), num_cycles=200)


def play_round(table, rng) -> dict[str, float]:
    """Every agent acts at random within its mask until all are done; the rewards summed."""
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        table.step(action)
    return totals


def test_a_round_rewards_minus_the_points_and_the_same_seed_deals_the_same_cards():
    table = GolfCardEnv(players=2, variant="card-golf+shape=2x2")
    table.reset(seed=4)
    first = table.match.referee()
    totals = play_round(table, np.random.default_rng(1))
    scores = table.match.state.results[-1].scores
    assert totals == {"player_0": -scores[0], "player_1": -scores[1]}
    table.reset(seed=4)
    assert table.match.referee() == first
    table.reset(seed=5)
    assert table.match.referee() != first


def test_a_match_rewards_add_up_to_minus_the_totals():
    table = GolfCardEnv(players=3, variant="six-card+holes=2", mode="match")
    table.reset(seed=2)
    totals = play_round(table, np.random.default_rng(2))
    assert len(table.match.state.results) == 2
    assert totals == {f"player_{s}": -t for s, t in enumerate(table.match.totals)}


def test_an_agent_sees_no_face_down_card_and_not_the_card_another_drew():
    table = GolfCardEnv(players=2, variant="card-golf+shape=2x2")
    table.reset(seed=9)
    table.step(0)                                   # player_0 draws from the stock
    held = table.match.state.current.held
    mine, theirs = table.observe("player_0")["observation"], table.observe("player_1")[
        "observation"]
    offsets = enc.card_layout(2, 4).offsets()
    a, b = offsets["held"]
    assert mine[a + enc.CARD_ID[held]] == 1 and theirs[a + enc.NO_CARD] == 1
    a, b = offsets["boards"]
    for vector in (mine, theirs):
        slots = vector[a:b].reshape(8, enc.SLOT)
        assert (slots[:, enc.NO_CARD] == 1).all()   # every place face down


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing():
    table = GolfCardEnv(players=2)
    table.reset(seed=3)
    before = table.match.referee()
    with pytest.raises(GolfError, match="action_mask"):
        table.step(5)                               # replace before drawing
    for bad in (None, -1, 99, 0.0, "0", True, np.float32(0)):
        with pytest.raises(GolfError, match="action id"):
            table.step(bad)
    assert table.match.referee() == before and table.agent_selection == "player_0"
    table.step(np.int64(0))                         # a numpy integer is an action id
    assert table.match.state.current.held is not None
    with pytest.raises(GolfError):
        GolfCardEnv(players=9)
    with pytest.raises(GolfError):
        GolfCardEnv(mode="forever")


@pytest.mark.slow
def test_the_solitaire_passes_gymnasiums_check_env():
    check_env(GolfSolitaireEnv(variant="cards4"))
    check_env(gymnasium.make(ENV_ID, variant="app-facil").unwrapped)


def test_the_solitaire_rewards_a_win_and_refuses_a_forbidden_move():
    solitaire = GolfSolitaireEnv(variant="cards4", render_mode="ansi")
    observation, info = solitaire.reset(options={"deal": 1})
    assert info["deal"] == 1 and "stock:" in solitaire.render()
    forbidden = next(i for i in range(enc.SOLITAIRE_ACTIONS)
                     if not observation["action_mask"][i])
    again, reward, terminated, truncated, info = solitaire.step(forbidden)
    assert info["refused"] and reward == 0 and not terminated
    assert all((again[k] == observation[k]).all() for k in observation)
    position = solitaire.game.position
    for bad in (None, 8, -1, 7.0, "7", False):
        with pytest.raises(GolfError, match="action id"):
            solitaire.step(bad)
    assert solitaire.game.position == position
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = solitaire.step(action)
    assert reward == (1.0 if info["outcome"] == "won" else 0.0)
    with pytest.raises(GolfError, match="reset"):
        solitaire.step(0)


def test_the_solitaires_observation_says_which_cards_are_unseen_not_their_order():
    solitaire = GolfSolitaireEnv(variant="cards4")
    observation, _ = solitaire.reset(options={"deal": 5})
    stock = solitaire.game.position.stock
    a, b = enc.solitaire_layout().offsets()["unseen"]
    counts = observation["observation"][a:b]
    assert {enc.CARD_KINDS[i] for i in np.flatnonzero(counts)} == set(stock)
    assert isinstance(stock[0], Card)


def test_the_stocks_order_changes_nothing_the_agent_sees():
    """Two games alike but for the stock's order: the same observation, mask and rendering."""
    solitaire = GolfSolitaireEnv(variant="cards4", render_mode="ansi")
    solitaire.reset(options={"deal": 8})
    position = solitaire.game.position
    shuffled = position.__class__(position.columns, tuple(reversed(position.stock)),
                                  position.waste)
    views = []
    for p in (position, shuffled):
        solitaire.game = Game("cards4", position=p)
        observation = solitaire._observation(solitaire.game.observation(0))
        views.append((observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                      solitaire.render()))
    assert views[0] == views[1]


def test_the_adapters_docstring_examples_hold():
    for module in (gym_adapter, pz_adapter):
        assert doctest.testmod(module).failed == 0

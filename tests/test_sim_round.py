"""The bots' fast simulator (golfcore.cardgame.bots.sim.playout.Round) against the engine on random
rounds: built from the engine's round, and given the same random actions, it offers the same
actions (draw or take; then replace or discard at the same places), deals the same cards, keeps
the same boards, discard, stock, turn, ender and last turns, ends the round at the same action
and scores it the same (CG-05 to CG-07). Only a reshuffle of the discard into the stock is its
own (the same cards, its own order: it is then given the engine's order)."""

from __future__ import annotations

import random

import pytest

from golfcore.cardgame import actions as a
from golfcore.cardgame.actions import Action
from golfcore.cardgame.match import Match
from golfcore.cardgame.state import DRAW, HOLD, OVER, REVEAL
from golfcore.cardgame.bots.sim import playout, tables, valuation

VARIANTS = ["card-golf", "six-card", "card-golf+shape=2x2", "card-golf+shape=3x4",
            "card-golf+stock-out-ends-round", "card-golf+ender-penalty=ties"]


def round_of(match: Match, rng: random.Random) -> playout.Round:
    """The simulator's round for the engine's current round (after the start's reveals)."""
    tab = tables.tables(match.variant.name)
    rnd = match.state.current
    real = [[tab.index[c] for c in board.cards] for board in rnd.boards]
    view = [[tab.index[c] if up else tables.HIDDEN for c, up in zip(board.cards, board.up)]
            for board in rnd.boards]
    return playout.Round(tab, real, view, [tab.index[c] for c in reversed(rnd.stock)],
                     [tab.index[c] for c in rnd.discard], rnd.turn,
                     -1 if rnd.ender is None else rnd.ender, list(rnd.last_turns),
                     random.Random(rng.random()))


def same(match: Match, simulated: playout.Round) -> None:
    """Everything the simulator keeps is what the engine's round holds."""
    tab, rnd = simulated.tab, match.state.current
    assert simulated.real == [[tab.index[c] for c in b.cards] for b in rnd.boards]
    if rnd.step != OVER:                # the round's end turns every card up (CG-05)
        assert simulated.view == [[tab.index[c] if up else tables.HIDDEN
                                   for c, up in zip(b.cards, b.up)] for b in rnd.boards]
    assert simulated.discard == [tab.index[c] for c in rnd.discard]
    assert simulated.stock == [tab.index[c] for c in reversed(rnd.stock)]
    if rnd.step != OVER:
        assert simulated.turn == rnd.turn
        assert simulated.left == list(rnd.last_turns)
    assert simulated.ender == (-1 if rnd.ender is None else rnd.ender)


def play_round(variant: str, players: int, seed: int, stubborn: float = 0.0) -> tuple[int, int]:
    """Play one random round on both; return the number of turns compared and of reshuffles.
    ``stubborn``: how often a player keeps its cards face down when it can (replacing a card
    already face up), so that the stock runs out."""
    rng = random.Random(seed)
    match = Match(variant, players=players, seed=seed)
    while match.state.current.step == REVEAL:          # the start's reveals: the engine's own
        seat = match.turn
        assert match.act(seat, rng.choice(match.legal(seat))).accepted
    simulated = round_of(match, rng)
    same(match, simulated)
    turns = reshuffles = 0
    while True:
        rnd = match.state.current
        assert rnd.step == DRAW
        seat = rnd.turn
        first = {str(x) for x in match.legal(seat)}
        assert first == ({"draw"} if simulated.stock else set()) | (
            {"take"} if simulated.discard else set())
        choice = rng.choice(sorted(first))
        card = simulated.stock.pop() if choice == "draw" else simulated.discard.pop()
        assert match.act(seat, choice).accepted
        assert match.state.current.step == HOLD
        assert simulated.tab.cards[card] == match.state.current.held
        offered = {(x.kind, x.place) for x in match.legal(seat)}
        table = simulated.table(5.0, True)
        options = valuation.hold_options(table, seat, card, choice == "draw")
        kinds = {tables.REPLACE: a.REPLACE, tables.DISCARD: a.DISCARD}
        # a discard that ends the turn (six-card golf) names no place: NO_PLACE in the simulator
        assert {(kinds[kind], None if place == tables.NO_PLACE else place)
                for _, kind, place in options} == offered
        up = sorted((k, p) for k, p in offered if k == a.REPLACE and rnd.boards[seat].up[p])
        kind, place = (rng.choice(up) if up and rng.random() < stubborn
                       else rng.choice(sorted(offered, key=str)))
        before = len(match.state.current.stock)
        assert match.act(seat, str(Action(kind, place))).accepted
        simulated.apply(seat, card, tables.REPLACE if kind == a.REPLACE else tables.DISCARD,
                        tables.NO_PLACE if place is None else place)
        over = simulated.end_turn(seat)
        turns += 1
        after = match.state.current
        assert over == (after.step == OVER)
        if after.step != OVER and len(after.stock) > before:   # the discard reshuffled
            tab = simulated.tab
            assert sorted(simulated.stock) == sorted(tab.index[c] for c in after.stock)
            simulated.stock = [tab.index[c] for c in reversed(after.stock)]   # its order
            reshuffles += 1
        same(match, simulated)
        if over:
            assert after.result is not None
            assert simulated.scores() == list(after.result.scores)
            return turns, reshuffles


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_simulator_plays_rounds_as_the_engine(variant):
    turns = sum(play_round(variant, players, seed)[0]
                for players in (2, 4) for seed in (1, 2))
    assert turns > 20


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_simulator_plays_many_rounds_as_the_engine(variant):
    for players in range(2, 7):
        for seed in range(1, 41):
            play_round(variant, players, seed, stubborn=(seed % 3) / 3)


@pytest.mark.parametrize("variant", ["card-golf+shape=2x2", "card-golf+stock-out-ends-round"])
def test_a_stock_run_out_is_compared_too(variant):
    """Players that keep their cards face down run the stock out: the discard is reshuffled
    into the stock (and the comparison goes on past it), or the round ends there."""
    turns, reshuffles = play_round(variant, 2, 3, stubborn=0.99)
    assert turns > 40
    if variant.endswith("stock-out-ends-round"):
        assert reshuffles == 0 and Match(variant, players=2, seed=3).state.current.stock
    else:
        assert reshuffles >= 1

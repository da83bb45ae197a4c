"""The fair chance: the chance of winning of a perfect player who cannot see the stock.

It equals an independent brute force that enumerates every order of the stock on small
positions under every variant (third-party rules that read suits or the state included), it is
never above the clairvoyant share, and the answers a player sees (the hint, the chance of each
move) obey the definition. The bracket given when the exact search is capped is tested in
``test_fair_bracket.py``."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from golfcore import Game, GolfError, Position, variants
from golfcore.cards import Card
from golfcore.framework.games import game_kind
from golfcore.framework.registry import Registry, registry
from golfcore.framework.variant import Rule
from golfcore.solitaire import engine
from golfcore.solitaire.search.fair import (EXACT, action_chances, best_fair_move,
                                            fair_chance)
from golfcore.solitaire.search.fair_search import Search
from golfcore.solitaire.search.fair_tables import tables_for
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import Verdict, deny
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.search.solver import solver_for
from golfcore.solitaire.state import GameState, Outcome

BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: every installed variant, and compositions that put jokers and an empty waste elsewhere
VARIANTS = sorted(v.name for v in variants("solitaire")) + [
    "cards4+jokers=2", "app-facil+jokers", "traditional+empty-waste", "putt-putt+empty-waste"]


# -- the independent brute force ----------------------------------------------------------------


def brute_force(rules: RuleSet, position: Position) -> Fraction:
    """The fair chance by recursion over information sets computed from the explicit list of
    every order of the stock (cards told apart by their index, so suits and the two jokers
    too): a player's choice may depend only on what has been seen, so at each information set
    the value is the best action's, and a draw averages over the orders still consistent with
    what was seen, grouped by the card they turn up. Every rule is asked through the engine.
    Rules are assumed to read the waste's top only (every rule here does)."""
    stock = position.stock
    consistent: dict[tuple[int, ...], list[tuple[int, ...]]] = {
        (): list(itertools.permutations(range(len(stock))))}
    splits: dict[tuple[int, ...], list[tuple[int, Fraction]]] = {}

    def split(seen: tuple[int, ...]) -> list[tuple[int, Fraction]]:
        """The next card of the orders consistent with ``seen``, with its probability."""
        if seen not in splits:
            groups: dict[int, list[tuple[int, ...]]] = defaultdict(list)
            for order in consistent[seen]:
                groups[order[len(seen)]].append(order)
            total = len(consistent[seen])
            splits[seen] = []
            for j, group in groups.items():
                consistent[seen + (j,)] = group
                splits[seen].append((j, Fraction(len(group), total)))
        return splits[seen]

    def stock_after(seen: tuple[int, ...]) -> tuple[Card, ...]:
        return tuple(stock[i] for i in consistent[seen][0][len(seen):])

    @cache
    def value(columns: Any, waste: Any, seen: tuple[int, ...]) -> Fraction:
        state = GameState(Position(columns, stock_after(seen), waste))
        result = engine.outcome(rules, state)
        if result is not Outcome.PLAYING:
            return Fraction(int(result is Outcome.WON))
        best = Fraction(0)
        for move in engine.legal_moves(rules, state):
            if move.is_draw:
                v = Fraction(0)
                for j, p in split(seen):
                    order = GameState(Position(columns, (stock[j],) + stock_after(seen + (j,)),
                                               waste))
                    after = engine.apply(rules, order, move)
                    assert after.accepted and after.card == stock[j]
                    drawn = after.state.position
                    v += p * value(drawn.columns, drawn.waste[-1:], seen + (j,))
            else:
                after = engine.apply(rules, state, move)
                assert after.accepted
                v = value(after.state.position.columns, after.state.position.waste[-1:], seen)
            best = max(best, v)
        return best

    return value(position.columns, position.waste[-1:], ())


def clairvoyant_share(rules: RuleSet, position: Position) -> Fraction:
    """The share of the stock's orders under which the solver (who reads the order) wins."""
    solver = solver_for(rules)
    orders = list(itertools.permutations(position.stock))
    wins = sum(bool(solver.solve(Position(position.columns, order, position.waste),
                                 best=False).winnable) for order in orders)
    return Fraction(wins, len(orders))


def small_position(rules: RuleSet, seed: int, unseen: int, tableau: int,
                   near: bool = False) -> Position:
    """A random partial position: ``tableau`` cards in random columns, a waste card (the
    empty-waste rule may leave it empty) and ``unseen`` stock cards, from the variant's deck;
    with ``near``, from five consecutive ranks and the jokers only, so that more cards fit."""
    rng = random.Random(seed)
    low = rng.randint(1, 9)
    deck = [c for c in rules.deck() if not near or c.is_joker or low <= c.rank < low + 5]
    rng.shuffle(deck)
    heights = [0] * 7
    for _ in range(tableau):
        heights[rng.choice([i for i in range(7) if heights[i] < 5])] += 1
    columns = [[deck.pop() for _ in range(h)] for h in heights]
    waste = [] if not rules.initial_waste and rng.random() < 0.5 else [deck.pop()]
    return Position.build(columns, [deck.pop() for _ in range(unseen)], waste)


# -- against the brute force --------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@settings(BASE, max_examples=12)
@given(seed=st.integers(0, 10 ** 6), unseen=st.integers(0, 4), tableau=st.integers(1, 8),
       near=st.booleans())
def test_the_fair_chance_is_the_brute_force_and_at_most_the_clairvoyant_share(
        variant, seed, unseen, tableau, near):
    rules = rule_set(variant)
    position = small_position(rules, seed, unseen, tableau, near)
    exact = brute_force(rules, position)
    result = fair_chance(rules, position, fraction=True)
    assert result.method == EXACT and result.exact
    assert result.fraction == exact
    assert result.value == result.low == result.high == pytest.approx(float(exact), abs=1e-12)
    assert fair_chance(rules, position).value == pytest.approx(float(exact), abs=1e-12)
    assert exact <= clairvoyant_share(rules, position)


@pytest.mark.parametrize("seed, variant", list(enumerate(["app-facil", "cards4", "jokers",
                                                         "empty-waste"])))
def test_five_unseen_cards(seed, variant):
    """120 orders of the stock each: one position per variant, each from its own seed."""
    rules = rule_set(variant)
    position = small_position(rules, seed, 5, 4, near=True)
    assert fair_chance(rules, position, fraction=True).fraction == brute_force(rules, position)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["traditional", "cards4+jokers=2"])
def test_seven_unseen_cards(variant):
    """5040 orders each: a minute or so in all."""
    rules = rule_set(variant)
    for seed in range(2):
        position = small_position(rules, seed, 7, 4, near=True)
        exact = brute_force(rules, position)
        assert fair_chance(rules, position, fraction=True).fraction == exact
        assert exact <= clairvoyant_share(rules, position)


#: Traditional: 9D or 7C on the 8; which one keeps the game alive depends on the stock's order.
GUESS = """
stock: AC TH 6D TS QH
waste: 8C
1: 5S
2: 2D 7C
3: 4C AH
4: JH 9D
5: 2S
6: 4H 6S 3C
7: 5C
"""


def test_a_player_who_cannot_see_the_stock_wins_less_often_than_the_solver():
    rules = rule_set("traditional")
    position = Position.from_text(GUESS)
    result = fair_chance(rules, position, fraction=True)
    assert result.fraction == brute_force(rules, position) == Fraction(1, 2)
    assert clairvoyant_share(rules, position) == 1
    assert result.best in engine.legal_moves(rules, GameState(position))
    assert sorted(str(m) for m, _ in action_chances(rules, position)) == ["2", "4"]


# -- third-party rules: suits that matter, a draw rule that reads the state, another outcome ----


class NoRedOnBlack(Rule):
    """A rule that reads suits: no heart or diamond on a club or a spade."""

    name = "no-red-on-black"
    slot = "house"
    rule_ids = ("APP-03",)
    summary = "no red card on a black one"

    @hookimpl
    def golf_play_verdict(self, card: Card, waste: Card | None, adjacent: bool,
                          options: Mapping[str, Any]) -> Verdict | None:
        if waste is not None and card.suit in "HD" and waste.suit in "CS" and card.suit:
            return deny("red-on-black")
        return None


class DrawOnEven(Rule):
    """A draw rule that reads the state: draw only onto an even rank or an empty waste."""

    name = "draw-on-even"
    slot = "draw"
    rule_ids = ("APP-07",)
    summary = "draw only onto an even card"

    @hookimpl
    def golf_may_draw(self, state: GameState, can_play: bool,
                      options: Mapping[str, Any]) -> bool:
        top = state.position.waste_top
        return top is None or top.rank % 2 == 0


class AllButOne(Rule):
    """An outcome rule of its own: won as soon as at most one card is left in the columns."""

    name = "all-but-one"
    slot = "outcome"
    rule_ids = ("APP-11",)
    summary = "won with at most one card left"

    @hookimpl
    def golf_outcome(self, state: GameState, rules: Any) -> Outcome:
        position = state.position
        if position.tableau_count <= 1:
            return Outcome.WON
        if engine.playable_columns(rules, position):
            return Outcome.PLAYING
        if position.stock and rules.may_draw(state, False):
            return Outcome.PLAYING
        return Outcome.LOST


def _house(variant: str) -> RuleSet:
    reg = Registry(game_kind("solitaire"))
    base = registry("solitaire")
    for name, rule in base.rules.items():
        reg.add_rule(rule, base.rule_origins[name])
    for v in base:
        reg.add_variant(v, v.origin)
    reg.add_rule(NoRedOnBlack, "test")
    reg.add_rule(DrawOnEven, "test")
    reg.add_rule(AllButOne, "test")
    return RuleSet(variant, reg=reg)


@pytest.mark.parametrize("variant", ["cards4+no-red-on-black", "app-facil+draw-on-even",
                                     "jokers+no-red-on-black+draw-on-even",
                                     "traditional+all-but-one"])
def test_rules_of_a_third_party_are_followed(variant):
    rules = _house(variant)
    values = set()
    for seed in range(12):
        position = small_position(rules, seed, 4, 7, near=True)
        exact = brute_force(rules, position)
        assert fair_chance(rules, position, fraction=True).fraction == exact
        values.add(exact)
    assert len(values) >= 2     # not only lost positions


# -- what the definition implies ----------------------------------------------------------------


@settings(BASE, max_examples=25)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10 ** 6),
       unseen=st.integers(0, 5), tableau=st.integers(1, 9), data=st.data())
def test_the_order_of_the_stock_is_never_read(variant, seed, unseen, tableau, data):
    """Any order of the same stock cards gives the same answer, exact or a bracket."""
    rules = rule_set(variant)
    position = small_position(rules, seed, unseen, tableau)
    shuffled = Position(position.columns, tuple(data.draw(st.permutations(position.stock))),
                        position.waste)
    assert fair_chance(rules, shuffled).value == fair_chance(rules, position).value
    bracketed = [fair_chance(rules, p, states=1, samples=20, policy_states=50)
                 for p in (position, shuffled)]
    assert bracketed[0] == bracketed[1]


SUITS = "CDHS"


@settings(BASE, max_examples=25)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10 ** 6),
       unseen=st.integers(0, 5), tableau=st.integers(1, 10),
       suits=st.permutations(SUITS))
def test_suits_never_decide(variant, seed, unseen, tableau, suits):
    """Renaming the suits (the same permutation for every card) changes no fair chance."""
    rules = rule_set(variant)
    position = small_position(rules, seed, unseen, tableau)

    def rename(cards: Any) -> tuple[Card, ...]:
        return tuple(c if c.is_joker else Card(c.rank, suits[SUITS.index(c.suit)])
                     for c in cards)

    renamed = Position(tuple(rename(col) for col in position.columns), rename(position.stock),
                       rename(position.waste))
    assert fair_chance(rules, renamed, fraction=True).fraction == fair_chance(
        rules, position, fraction=True).fraction


@settings(BASE, max_examples=25)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10 ** 6),
       unseen=st.integers(1, 5), tableau=st.integers(1, 9))
def test_the_best_move_keeps_the_chance_it_promises(variant, seed, unseen, tableau):
    """After the best play the fair chance is unchanged; the best draw's chance is the average
    of the chances after each card it may turn up; no legal move does better."""
    rules = rule_set(variant)
    position = small_position(rules, seed, unseen, tableau)
    result = fair_chance(rules, position, fraction=True)
    legal = engine.legal_moves(rules, GameState(position))
    if result.best is None:
        assert not legal
        return
    chances = dict(action_chances(rules, position, fraction=True))
    assert set(chances) == set(legal)
    assert max(chances.values()) == pytest.approx(result.value, abs=1e-12)
    assert chances[result.best] == pytest.approx(result.value, abs=1e-12)
    if result.best.is_draw:
        after = [fair_chance(rules, Position(position.columns,
                                             position.stock[:i] + position.stock[i + 1:],
                                             position.waste + (card,)), fraction=True).fraction
                 for i, card in enumerate(position.stock)]
        assert sum(after, Fraction(0)) / len(after) == result.fraction
    else:
        game = Game(rules, position=position)
        assert game.play(result.best).accepted
        assert fair_chance(rules, game.state, fraction=True).fraction == result.fraction


@settings(BASE, max_examples=20)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10 ** 6),
       tableau=st.integers(1, 12))
def test_with_no_stock_the_fair_chance_is_the_solvers_verdict(variant, seed, tableau):
    rules = rule_set(variant)
    position = small_position(rules, seed, 0, tableau)
    won = solver_for(rules).solve(position, best=False).winnable
    assert fair_chance(rules, position).value == (1.0 if won else 0.0)


@settings(BASE, max_examples=15)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10 ** 6),
       unseen=st.integers(1, 5), tableau=st.integers(2, 10), data=st.data())
def test_one_search_walked_through_a_game_answers_as_fresh_ones(variant, seed, unseen, tableau,
                                                               data):
    """The estimate walks one search (and its memo) through many games: at every step of a
    game its answer is the one a new computation gives for the position reached."""
    rules = rule_set(variant)
    position = small_position(rules, seed, unseen, tableau)
    search = Search(tables_for(rules), position)
    start = search.snapshot()
    for _ in range(2):
        search.restore(start)
        state = GameState(position)
        while True:
            assert search.value() == pytest.approx(fair_chance(rules, state).value, abs=1e-12)
            legal = engine.legal_moves(rules, state)
            assert search.legal() == legal
            if not legal:
                break
            move = data.draw(st.sampled_from(legal))
            result = engine.apply(rules, state, move)
            if move.is_draw:
                search.draw(result.card)
            else:
                search.play(move.column)
            state = result.state


def test_won_and_lost_positions():
    rules = rule_set("cards4")
    won = fair_chance(rules, Position.build([], ["5C", "KD"], "9H"))
    assert (won.value, won.exact, won.best, won.states) == (1.0, True, None, 0)
    lost = fair_chance(rules, Position.build([["5C"]], [], "KH"))
    assert (lost.value, lost.exact, lost.best) == (0.0, True, None)


def test_the_documented_example():
    position = Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C")
    result = fair_chance("cards4", position)
    assert (result.method, result.value, str(result.best)) == ("exact", 0.5, "draw")


# -- exact results ----------------------------------------------------------------------------


def test_exact_results_say_so_in_json():
    position = Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C")
    data = fair_chance("cards4", position, fraction=True).to_json()
    assert data["method"] == "exact" and data["exact"] is True
    assert data["value"] == data["low"] == data["high"] == 0.5
    assert data["fraction"] == "1/2" and data["best"] == "draw" and data["unseen"] == 2


# -- the hint and the API ------------------------------------------------------------------------


def test_the_fair_hint():
    game = Game("traditional", position=Position.from_text(GUESS))
    move = game.hint("fair")
    assert move == best_fair_move(game.rules, game.position)
    assert move in game.legal(0)
    hint = game.suggest("fair")
    assert hint.move == move and hint.strategy == "fair"
    assert hint.chance.exact and hint.chance.value == 0.5      # the chance beside the move
    assert game.hint("legal") in game.legal(0)
    assert game.hint("solver") in game.legal(0)
    assert game.suggest("solver").chance is None
    with pytest.raises(GolfError, match="unknown hint strategy 'psychic': expected 'legal', "
                                        "'fair' or 'solver'"):
        game.hint("psychic")
    over = Game("cards4", position=Position.build([["5C"]], [], "KH"))
    assert over.hint("fair") is None and over.suggest("fair").chance is None


@pytest.mark.parametrize("options, message", [
    ({"states": 0}, "states must be a whole number >= 1"),
    ({"seconds": 0}, "seconds must be a finite number"),
    ({"samples": 0}, "samples must be a whole number >= 1"),
    ({"policy_states": -1}, "policy_states must be a whole number >= 0"),
    ({"policy_unseen": 1.5}, "policy_unseen must be a whole number >= 0"),
    ({"bracket_seconds": float("nan")}, "bracket_seconds must be a finite number"),
    ({"solver_positions": 0}, "solver_positions must be a whole number >= 1"),
    ({"confidence": 1}, "confidence must be a number between 0 and 1"),
])
def test_budgets_that_mean_nothing_are_refused(options, message):
    with pytest.raises(GolfError, match=message):
        fair_chance("cards4", Position.from_text(GUESS), **options)


def test_a_position_the_variant_cannot_have_is_refused():
    with pytest.raises(GolfError, match="waste is empty"):
        fair_chance("cards4", Position.build([["5C"]], ["6D"], []))

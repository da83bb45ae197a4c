"""The strong bot's one-move policy (golfcore.cardgame.bots.policy): greedy's expected points
plus a half-made line's potential and the denial of a card the next player wants."""

from __future__ import annotations

import random

import pytest

from golfcore.cardgame.bots import policy
from golfcore.cardgame.bots.sim import boardview, observed, tables, valuation
from golfcore.cardgame.match import Match

H = tables.HIDDEN


def table(variant: str, boards: list[list[str | None]]) -> valuation.Table:
    tab = tables.tables(variant)
    views = [[tab.by_text[c] if c else H for c in board] for board in boards]
    visible = [c for view in views for c in view if c >= 0]
    pool = boardview.pool_counts(tab, visible)
    return valuation.Table.build(tab, views, boardview.pool_mean(tab, pool), -1, pool, True)


def value_of(options: list[tuple[float, int, int]], kind: int, place: int) -> float:
    return next(v for v, k, p in options if (k, p) == (kind, place))


def test_with_zero_weights_the_policy_is_greedy_on_real_positions():
    rng = random.Random(5)
    for variant in ("card-golf", "six-card"):
        match = Match(variant, players=2, seed=11)
        for _ in range(40):
            seat = match.turn
            if seat is None:
                match.act(0, "next")
                continue
            obs = match.observation(seat).to_json()
            s = observed.seen(obs)
            if s.step == "hold" and s.held >= 0:
                t = valuation.Table.build(s.tab, s.views, s.mean, s.ender, s.pool, True)
                from_stock = s.held_from == "stock"
                assert policy.options(t, s.seat, s.held, from_stock, policy.GREEDY) == \
                    valuation.hold_options(t, s.seat, s.held, from_stock)
                assert policy.best(t, s.seat, s.held, from_stock, policy.GREEDY) == \
                    valuation.best_hold(t, s.seat, s.held, from_stock)
            match.act(seat, rng.choice(obs["legal"]))
            if match.is_over:
                break


def test_a_half_made_line_is_worth_the_chance_of_the_card_that_completes_it():
    # six-card: columns are places (1, 4), (2, 5), (3, 6) (0-based here: (0, 3), (1, 4),
    # (2, 5)). A queen (10) face up at place 0, a nine at place 1; holding a jack (10).
    t = table("six-card", [["QS", "9H", None, None, None, None],
                           ["4C", None, None, None, None, None]])
    tab = t.tab
    jack = tab.by_text["JD"]
    greedy = policy.options(t, 0, jack, True, policy.GREEDY)
    styled = policy.options(t, 0, jack, True, policy.Style(potential=2.0))
    left, total = policy.unseen_ranks(t)
    assert total == 108 - 3 and left[tab.rank[jack]] == 8
    q, j = left[tab.rank[tab.by_text["QS"]]], left[tab.rank[jack]]
    mean = t.mean

    def change(place: int) -> float:
        return value_of(styled, tables.REPLACE, place) - value_of(greedy, tables.REPLACE, place)

    # the jack on face-down place 5 starts a line of jacks: a jack completes it
    assert change(5) == pytest.approx(-2.0 * j / total * (10 + mean))
    # the jack beside the queen: a queen or a jack completes the column (10 + 10 points),
    # where before only a queen completed it (10 + a face-down card at the mean)
    assert change(3) == pytest.approx(-2.0 * ((q + j) / total * 20 - q / total * (10 + mean)))
    # discarding changes no line: no potential term
    assert value_of(styled, tables.DISCARD, tables.NO_PLACE) == \
        value_of(greedy, tables.DISCARD, tables.NO_PLACE)
    # a line of three needs two cards of one rank face up to be half-made
    t3 = table("card-golf", [["QS", "QH", "7D", "KC", None, None, None, None, None],
                             ["4C", None, None, None, None, None, None, None, None]])
    left3, total3 = policy.unseen_ranks(t3)
    cover = boardview.cover_of(t3.tab, t3.rk[0])
    row, column = (0, 1, 2), (0, 3, 6)
    assert policy.line_potential(t3.tab, t3.rk[0], t3.vl[0], cover, row, left3, total3) == \
        pytest.approx(6 / 103 * (12 + 12 + 7))
    assert policy.line_potential(t3.tab, t3.rk[0], t3.vl[0], cover, column, left3, total3) \
        == 0.0


def test_a_discard_that_completes_the_next_players_line_costs_its_gain():
    # card-golf 3x3: the next player (seat 1) has two queens face up in its top row and a
    # face-up 9 at the row's end: a queen discarded saves it 12 + 12 + 9 = 33 points less
    # the queen's own 12 that replaces the nine... its best placement gains 12 + 12 + 9.
    t = table("card-golf", [["5C", None, None, None, None, None, None, None, None],
                            ["QS", "QH", "9D", None, None, None, None, None, None]])
    tab = t.tab
    queen = tab.by_text["QD"]
    gain = policy.give(t, 0, tab.rank[queen], float(tab.val[queen]))
    assert gain == pytest.approx(12 + 12 + 9)
    greedy = policy.options(t, 0, queen, True, policy.GREEDY)
    styled = policy.options(t, 0, queen, True, policy.Style(deny=1.0))
    # discarding the queen (and turning place 2 up) hands it over: gain less deny_base
    assert value_of(styled, tables.DISCARD, 1) - value_of(greedy, tables.DISCARD, 1) == \
        pytest.approx(gain - 2.0)
    # replacing a face-down card discards an unseen card: no cost; replacing the face-up 5
    # discards a 5, which would replace one of seat 1's queens: 12 - 5 = 7 points, 2 free
    assert value_of(styled, tables.REPLACE, 1) == value_of(greedy, tables.REPLACE, 1)
    assert value_of(styled, tables.REPLACE, 0) - value_of(greedy, tables.REPLACE, 0) == \
        pytest.approx(7 - 2.0)
    assert policy.best(t, 0, queen, True, policy.Style(deny=1.0))[1] == tables.REPLACE

"""The solver: it agrees with an independent exhaustive solver on PySolFC's deals 1..200 under
the three rule families, with a naive search through the engine on random small positions under
every variant, and its lines and hints do what they promise."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from golfcore import Game, Position
from golfcore.solitaire import engine
from golfcore.cards import JOKER, STANDARD_DECK
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.search.solver import Solver, solve, solver_for
from golfcore.solitaire.search.fair_tables import tables_for
from golfcore.solitaire.search.tables import rule_tables
from golfcore.solitaire.state import GameState, Outcome

ORACLE = Path(__file__).parent / "data" / "golf-pysolfc-1-200.jsonl"
#: The oracle's rule families and the variants that play them (its README says which).
FAMILIES = {
    "no-wrap, nothing on a king": "cards4",
    "no-wrap, queen on a king": "app-clasico",
    "king-ace wrap, queen on a king": "app-facil",
}


def _verdicts(chunk: list[str]) -> list[tuple[int, str, bool, bool]]:
    out = []
    for line in chunk:
        record = json.loads(line)
        position = Position.build(record["columns"], record["stock"], record["waste"])
        for family, variant in FAMILIES.items():
            result = solver_for(rule_set(variant)).solve(position, best=False)
            out.append((record["deal"], family, result.winnable, record["winnable"][family]))
    return out


@pytest.mark.slow     # about 100 s on two cores: CI runs it apart (.ci/run, pytest -m slow)
def test_the_600_oracle_verdicts():
    """PySolFC deals 1..200, three rule families: every verdict equals black-hole-solver's."""
    lines = ORACLE.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200
    chunks = [lines[i::8] for i in range(8)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        verdicts = [v for part in pool.map(_verdicts, chunks) for v in part]
    assert len(verdicts) == 600
    wrong = [(deal, family, ours) for deal, family, ours, theirs in verdicts if ours != theirs]
    assert wrong == []


def test_solver_for_builds_one_solver_per_rule_set_object():
    shared = rule_set("cards4")
    assert solver_for(shared) is solver_for(shared)
    assert solver_for(shared).rules is shared
    own = RuleSet("cards4")     # another rule set of the same variant: its own solver
    assert solver_for(own) is not solver_for(shared) and solver_for(own).rules is own


def test_one_compiled_table_set_per_rule_set_shared_by_the_searches():
    """The rule set is compiled once: the solver and a second solver of the same rule set
    object share its tables, and the facts the bounds rest on are the rules' own."""
    wrap = rule_set("app-facil")
    tables = rule_tables(wrap)
    assert solver_for(wrap).tables is tables and Solver(wrap).tables is tables
    assert tables.by_rank and tables.circular and tables.wrap_parity and not tables.bipartite
    assert tables.linked[13][1] and tables.linked[12][13] and not any(tables.ender_rank)
    strict = rule_tables(rule_set("cards4"))
    assert strict.by_rank and strict.bipartite and not strict.circular
    assert strict.ender_rank[13] and not strict.linked[13][1]
    # a king accepts nothing under cards4; under app-facil a queen and an ace may go on it
    assert strict.okc[13] == (0,) * 16
    assert [c for c in range(16) if tables.okc[13][c]] == [1, 12]
    assert rule_tables(RuleSet("app-facil")) is not tables     # one set per rule set object
    fair = tables_for(wrap)       # the fair chance reads its rule-level facts from the same set
    assert fair.linked is tables.linked and fair.hall_arcs is tables.hall_arcs
    assert fair.by_rank and fair.cls == tables.wclass and fair.wrap_parity


# -- against a naive search through the engine ----------------------------------------------------


def naive(rules: RuleSet, position: Position) -> tuple[bool, int, int]:
    """(winnable, most cards removed, most stock cards left at a win) by trying every legal
    move through the engine: slow, obviously right."""

    @cache
    def search(pos: Position) -> tuple[bool, int, int]:
        state = GameState(pos)
        if not any(pos.columns):
            return True, 0, len(pos.stock)
        won, removed, left = False, 0, -1
        for move in engine.legal_moves(rules, state):
            after = engine.apply(rules, state, move).state.position
            w, r, s = search(after)
            gained = 0 if move.is_draw else 1
            won = won or w
            removed = max(removed, r + gained)
            left = max(left, s)
        return won, removed, left

    return search(position)


VARIANTS = ["app-facil", "app-clasico", "cards4", "traditional", "putt-putt", "relaxed",
            "jokers", "empty-waste", "cards4+jokers=2", "traditional+empty-waste"]


@st.composite
def small_positions(draw, jokers: int, empty_waste: bool):
    deck = list(STANDARD_DECK) + [JOKER] * jokers
    cards = draw(st.permutations(deck))
    n_tableau = draw(st.integers(1, 12))
    n_stock = draw(st.integers(0, 5))
    heights = [0] * 7
    for _ in range(n_tableau):
        options = [i for i in range(7) if heights[i] < 5]
        heights[draw(st.sampled_from(options))] += 1
    it = iter(cards)
    columns = [[next(it) for _ in range(h)] for h in heights]
    stock = [next(it) for _ in range(n_stock)]
    waste = [] if empty_waste and draw(st.booleans()) else [next(it)]
    return Position.build(columns, stock, waste)


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_agrees_with_a_naive_search(variant):
    """On random small positions, the solver's verdict, its most cards removed and (for stroke
    play) its best win equal those of an exhaustive search through the engine: every pruning
    rule is sound, under every variant."""
    rules = rule_set(variant)
    solver = Solver(rules)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(small_positions(rules.jokers, rules.initial_waste == 0))
    def check(position):
        won, removed, left = naive(rules, position)
        result = solver.solve(position, best=True)
        assert result.winnable == won
        assert result.best_removed == removed
        if won and result.best_score is not None and result.best_score.kind == "strokes":
            assert result.best_score.value == -left

    check()


@pytest.mark.parametrize("variant", ["app-facil", "app-clasico"])
def test_the_chain_bound_cuts_a_part_no_card_can_start(variant):
    """6-7 and J-Q are two parts of the ranks left: no chain of plays crosses from one to the
    other, so each needs its own chain, started on the waste or a drawn card. The only card
    that can start one is the 5 in the stock (on it the 6): the J-Q part can never start, and
    the bound proves the loss at the first position. With a king to draw after the 5 (a
    queen goes on it) the same tableau is won: the bound does not cut it."""
    rules = rule_set(variant)
    columns = [["6C"], ["7D"], ["JH"], ["QS"], [], [], []]
    lost = Position.build(columns, ["5H"], ["2C"])
    result = Solver(rules).solve(lost, best=False)
    assert result.winnable is False and naive(rules, lost)[0] is False
    assert result.stats["segment prunes"] == 1 and result.visited == 1
    won = Position.build(columns, ["5H", "KD"], ["2C"])
    result = Solver(rules).solve(won, best=False)
    assert result.winnable is True and naive(rules, won)[0] is True
    game_state = GameState(won)
    for move in result.line:
        step = engine.apply(rules, game_state, move)
        assert step.accepted
        game_state = step.state
    assert rules.outcome(game_state) is Outcome.WON


# -- lines, hints, limits -----------------------------------------------------------------------


@pytest.mark.parametrize("variant, deal", [("app-facil", 2), ("app-clasico", 2), ("cards4", 2)])
def test_a_winning_line_wins(variant, deal):
    game = Game(variant, deal=deal)
    result = solve(game.rules, game.position, best=False)
    assert result.winnable and result.complete
    for move in result.line:
        assert game.act(0, move).accepted
    assert game.outcome is Outcome.WON


def test_best_result_of_a_lost_deal():
    """Deal 1 cannot be won in Clásico (APP-10); the best line removes the most cards and ends
    blocked, scored as the app scores it (APP-14)."""
    game = Game("app-clasico", deal=1)
    result = solve(game.rules, game.position)
    assert result.winnable is False
    assert result.best_outcome is Outcome.LOST
    assert result.best_score.value == max(0, 10 * result.best_removed
                                          - 10 * (35 - result.best_removed))
    for move in result.line:
        assert game.act(0, move).accepted
    assert 35 - game.position.tableau_count == result.best_removed


def test_solver_hint_keeps_the_win():
    """The solver hint keeps a win possible whenever one is (C4-11 decision)."""
    game = Game("app-facil", deal=2)
    for _ in range(10):
        move = game.hint("solver")
        assert game.act(0, move).accepted
        assert solve(game.rules, game.position, best=False).winnable


def test_limit_stops_the_search():
    game = Game("app-clasico", deal=1)
    result = solve(game.rules, game.position, limit=10)
    assert result.complete is False and result.visited <= 11


def test_solve_result_json():
    game = Game("app-facil", deal=2)
    data = solve(game.rules, game.position, best=False).to_json()
    assert data["winnable"] is True and data["best"]["removed"] == 35
    assert all(isinstance(m, str) for m in data["line"])

"""The exact fair-chance search: what it proves when a cap stops it, and (slow) its values
against an independent exact program in C on whole deals."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from golfcore.solitaire import engine
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.fair import fair_chance
from golfcore.solitaire.search.fair_search import Budget, Search
from golfcore.solitaire.search.fair_tables import tables_for

from test_fair import brute_force, small_position


@pytest.mark.parametrize("variant", ["traditional", "app-facil", "cards4+jokers=2"])
@pytest.mark.parametrize("seed", range(6))
def test_a_capped_search_proves_an_interval_that_holds_the_value(variant, seed):
    """Stopped at any number of states, the search's proved interval holds the exact value."""
    rules = rule_set(variant)
    position = small_position(rules, seed, 6, 9, near=True)
    exact = fair_chance(rules, position).value
    stopped = 0
    for limit in (1, 3, 10, 30, 100):
        search = Search(tables_for(rules), position)
        try:
            _, value = search.best(limit=limit)
        except Budget as stop:
            stopped += 1
            assert 0.0 <= stop.root_low <= stop.root_high <= 1.0
            assert stop.root_low - 1e-12 <= exact <= stop.root_high + 1e-12
        else:
            assert value == pytest.approx(exact, abs=1e-12)
    assert stopped


# -- the compiled kernel and the pure-Python engine ---------------------------------------------

RANK_VARIANTS = ["traditional", "cards4", "app-facil", "app-clasico", "putt-putt", "relaxed",
                 "jokers", "empty-waste", "cards4+jokers=2", "traditional+empty-waste"]


def _both(rules, position):
    from golfcore.solitaire.search.fair_engine import kernel_available, rank_engine

    if not kernel_available():
        if os.environ.get("CI"):
            pytest.fail("CI has a C compiler: the compiled kernel must have been built")
        pytest.skip("the compiled kernel was not built (no C compiler at install)")
    t = tables_for(rules)
    return rank_engine(t, position, pure=True), rank_engine(t, position, pure=False)


def _ask(engine, search, windows):
    """Every action's value under several windows, the states counted after each, and what
    the memo proved of each action."""
    from golfcore.solitaire.search.fair_engine import _action

    engine.set_state(search.heights, search.waste, search.ucount)
    out = []
    for move in search.legal():
        for alpha, beta in windows:
            out.append((engine.solve(_action(move), alpha, beta), engine.states))
        out.append(engine.peek(_action(move)))
    out.append((engine.solve(-1, -1.0, 2.0), engine.states, engine.exists_states))
    return out


@pytest.mark.parametrize("variant", RANK_VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_and_the_pure_engine_agree_bit_for_bit(variant, seed):
    """Same algorithm, same order of evaluation: the same doubles (compared exactly, not
    approximately), the same states and the same proved bounds, under every window."""
    rules = rule_set(variant)
    near = seed % 2 == 0
    position = small_position(rules, seed, 6, 9 if near else 14, near=near)
    pure, kernel = _both(rules, position)
    if pure is None:
        pytest.skip("these rules need the general search")
    search = Search(tables_for(rules), position)
    windows = [(0.1, 0.3), (0.0, 1.0), (-1.0, 2.0), (0.25, 0.26)]
    assert _ask(pure, search, windows) == _ask(kernel, search, windows)


@pytest.mark.parametrize("variant", [
    "traditional", pytest.param("app-facil", marks=pytest.mark.slow)])
def test_the_kernel_and_the_pure_engine_agree_on_a_deal_late_in_play(variant):
    """A deal's opening tableau with six cards unseen (the rest of its stock dealt to the
    waste's side), both engines from scratch: equal values and state counts."""
    rules = rule_set(variant)
    start = engine.start_deal(rules, 3).position
    from golfcore.solitaire.position import Position

    position = Position(start.columns, start.stock[:6], start.waste)
    pure, kernel = _both(rules, position)
    search = Search(tables_for(rules), position)
    assert _ask(pure, search, [(0.05, 0.1)]) == _ask(kernel, search, [(0.05, 0.1)])


def _pure_path_check(variant: str, seed: int, monkeypatch, brute: bool) -> None:
    """With ``GOLFCORE_FAIR_PURE=1`` the pure-Python engine answers (as where no compiler
    built the kernel): the very double the default path gives, and (``brute``) the brute
    force's value."""
    rules = rule_set(variant)
    position = small_position(rules, seed, 4, 6, near=True)
    default = fair_chance(rules, position)
    monkeypatch.setenv("GOLFCORE_FAIR_PURE", "1")
    search = Search(tables_for(rules), position)
    assert search.root is not None and type(search.root.engine).__name__ == "RankEngine"
    pure = fair_chance(rules, position)
    assert pure.value == default.value and pure.best == default.best
    assert pure.states == default.states
    if brute:
        assert pure.value == pytest.approx(float(brute_force(rules, position)), abs=1e-12)


@pytest.mark.parametrize("variant", RANK_VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_the_pure_path_forced_by_the_environment_is_the_brute_force(variant, seed, monkeypatch):
    """The pure path gives the default path's double on every position; the brute force
    (about 0.2 s a position) checks the first seed's here, the others' in the slow test
    below."""
    _pure_path_check(variant, seed, monkeypatch, brute=seed == 0)


@pytest.mark.slow
@pytest.mark.parametrize("variant", RANK_VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_pure_path_is_the_brute_force_on_more_positions(variant, seed, monkeypatch):
    _pure_path_check(variant, seed, monkeypatch, brute=True)


# -- against the independent C program (slow) ---------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
#: traditional deals that the C program answers exactly (values from 0 to about 20 %)
ORACLE_DEALS = (1, 4, 5, 7, 8, 9)
#: The C program's answers (value and status) on those deals, with the SHA-256 of the
#: fairchance.c that gave them: deals 4, 5, 8 and 9 cost it 35 to 95 s of CPU each, the same
#: solves on every slow run. It is run on every deal where the source differs from the recorded
#: one (or the input line does), and always on the quick deals (:data:`ORACLE_RERUN`), whose
#: answers must equal the record: the record is what the program answers today.
ORACLE_RECORD = ROOT / "tests" / "data" / "fairchance-traditional.json"
ORACLE_RERUN = (1, 7)


def _oracle_source() -> Path | None:
    return next((p / "shared" / "oracle" / "fairchance.c" for p in (ROOT.parent,
                 ROOT.parent.parent) if (p / "shared" / "oracle" / "fairchance.c").exists()),
                None)


@pytest.fixture(scope="module")
def fairchance(tmp_path_factory):
    """fairchance.c from ../shared/oracle, compiled with cc -O2; skipped without either."""
    source = _oracle_source()
    compiler = shutil.which("cc") or shutil.which("gcc")
    if source is None or compiler is None:
        pytest.skip("needs a C compiler and ../shared/oracle/fairchance.c")
    binary = tmp_path_factory.mktemp("oracle") / "fairchance"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def _oracle_answer(binary: Path, deal: int, line: str) -> tuple[float, str]:
    """The C program's value and status on ``line`` (deal ``deal``): recorded, or computed."""
    record = json.loads(ORACLE_RECORD.read_text(encoding="utf-8"))
    source = _oracle_source()
    assert source is not None
    same = record["source_sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
    known = record["deals"].get(str(deal)) if same else None
    if known is not None and known["line"] == line and deal not in ORACLE_RERUN:
        return float(known["value"]), known["status"]
    out = subprocess.run([str(binary), "-r", "strict", "-s", "-t", "300"],
                         input=line + "\n", capture_output=True, text=True,
                         check=True).stdout.split()
    if known is not None and known["line"] == line:
        assert (float(out[0]), out[7]) == (float(known["value"]), known["status"]), (deal, out)
    return float(out[0]), out[7]


@pytest.mark.slow
@pytest.mark.parametrize("deal", ORACLE_DEALS)
def test_exact_values_equal_the_independent_c_program(fairchance, deal):
    """The exact fair chance of a whole traditional deal equals fairchance.c's within 1e-9
    (both sum doubles, in different orders)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_fair import oracle_line

    rules = rule_set("traditional")
    position = engine.start_deal(rules, deal).position
    value, status = _oracle_answer(fairchance, deal, oracle_line(position))
    assert status == "ok", (deal, status)
    result = fair_chance(rules, position)
    assert result.exact
    assert result.value == pytest.approx(value, abs=1e-9)

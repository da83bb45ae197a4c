"""Hint strategies as a registry (golfcore.solitaire.hints): golfcore's own three are registered in
the entry-point group as a third party's would be; Game, the protocol, golf play and golf web
offer whatever is registered, and Game reaches the searches only through it."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

from golfcore import Game, GolfError
from golfcore.protocol.server import Session
from golfcore.solitaire import engine, hints
from golfcore.solitaire.hints import DEFAULT, GROUP, Hint, HintStrategy
from golfcore.solitaire.search.hints import FAIR_HINT_SECONDS
from golfcore.protocol.solitaire import SEARCH_LIMIT, bounded_hint as _bounded
from golfcore.web.requests import is_search


def _first_play(rules, state, limit, seconds, progress) -> Hint:
    """A third party's strategy: the first legal play, else a draw."""
    legal = engine.legal_moves(rules, state)
    plays = [m for m in legal if not m.is_draw]
    return Hint((plays or legal or [None])[0], "first-play")


#: Registered by the test below, as a plugin's pyproject would: first-play = "test_hints:FIRST".
FIRST = HintStrategy("first-play", _first_play, summary="the first legal play")
NOT_A_STRATEGY = object()


@pytest.fixture
def registered(monkeypatch):
    """The installed strategies plus ``first-play`` and two broken entries, as entry points."""
    real = dict(hints._entry_points())
    extra = {name: metadata.EntryPoint(name, value, GROUP) for name, value in (
        ("first-play", "test_hints:FIRST"), ("broken", "test_hints:NOT_A_STRATEGY"),
        ("missing", "no_such_module_anywhere:X"))}
    monkeypatch.setattr(hints, "_entry_points", lambda: {**real, **extra})
    hints.hint_strategy.cache_clear()
    yield
    hints.hint_strategy.cache_clear()


def test_golfcores_strategies_are_registered_in_the_entry_point_group():
    assert hints.hint_names() == ["legal", "fair", "solver"]       # the default first
    legal, fair, solver = (hints.hint_strategy(n) for n in hints.hint_names())
    assert legal.name == DEFAULT and not legal.searches and not legal.reads_stock
    assert solver.searches and solver.reads_stock and solver.shows is None
    assert (solver.limit, solver.seconds) == (None, None)          # no default cap
    assert fair.searches and not fair.reads_stock and fair.shows == "fair chance"
    assert (fair.seconds, fair.unit) == (FAIR_HINT_SECONDS, "information states")


def test_game_offers_a_third_partys_strategy_and_refuses_unknown_ones(registered):
    game = Game.from_code("GO1-C-AAAAAAB")
    hint = game.suggest("first-play")
    assert hint == Hint(game.legal(0)[0], "first-play")
    assert game.hint("first-play") == hint.move
    with pytest.raises(GolfError, match=r"unknown hint strategy 'fiar' \(did you mean 'fair'"):
        game.hint("fiar")
    with pytest.raises(GolfError, match="is not a HintStrategy named 'broken'"):
        game.hint("broken")
    with pytest.raises(GolfError, match="hint strategy 'missing' was left out: .*"
                                        "ModuleNotFoundError"):
        game.hint("missing")      # once "cannot load": a strategy that fails is left out


def test_the_protocol_and_the_web_ask_the_registry(registered):
    session = Session()
    assert session.handle({"cmd": "new", "code": "GO1-C-AAAAAAB"})["ok"]
    reply = session.handle({"cmd": "hint", "strategy": "first-play"})
    assert reply["ok"] and reply["strategy"] == "first-play" and "chance" not in reply
    # a strategy that searches is a bounded search over the web; the others are not searches
    assert is_search("hint", {"strategy": "solver"}) and is_search("hint", {"strategy": "fair"})
    assert not is_search("hint", {"strategy": "first-play"})
    for junk in ("nope", 3, None, ["fair"]):
        assert not is_search("hint", {"strategy": junk})
        assert _bounded({"strategy": junk}) == {"strategy": junk}
    assert _bounded({"strategy": "solver"}) == {"strategy": "solver", "limit": SEARCH_LIMIT}
    assert _bounded({"strategy": "fair", "seconds": 60}) == {
        "strategy": "fair", "limit": SEARCH_LIMIT, "seconds": FAIR_HINT_SECONDS}


def test_a_searching_strategy_gets_its_default_budget_when_given_none():
    game = Game.from_code("GO1-T-AAAAAAC")
    hint = game.suggest("fair", limit=300)             # bounded by what is given
    assert hint.chance.method == "bracket" and hint.chance.stopped == "states"
    legal = game.suggest("legal", limit=1, seconds=0.001)   # the legal one ignores budgets
    assert legal.move in game.legal(0) and legal.chance is None


def test_game_reaches_the_searches_only_through_the_registry():
    """Importing golfcore and playing with legal hints imports nothing of the search wing; the
    first fair hint does."""
    code = (
        "import sys\n"
        "from golfcore.solitaire.game import Game\n"
        "game = Game.from_code('GO1-C-AAAAAAB')\n"
        "game.play(game.hint()); game.draw()\n"
        "print(sorted(m for m in sys.modules if m.startswith('golfcore.solitaire.search')))\n"
        "game.hint('fair', limit=50, seconds=0.5)\n"
        "print('golfcore.solitaire.search.fair' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    before, after = done.stdout.splitlines()
    assert before == "[]" and after == "True"

"""Hint strategies: how the solitaire suggests a move, found by name in a registry.

A strategy (:class:`HintStrategy`) suggests a move for a game state (:class:`Hint`). It says
whether it runs a search (then ``limit`` and ``seconds`` bound it, ``golf web`` runs it in a
thread of its own, within its caps, and ``golf play`` shows its progress), whether it reads the
stock's order, what it shows of its move's worth, and its default budget. Strategies are
registered in the entry-point group ``golfcore.solitaire.hints`` (``pyproject.toml``); golfcore's
own are registered exactly as a third party's would be:

* ``legal``: a legal move, as the documents describe (C4-11: no promise of a win); searches
  nothing (:data:`LEGAL`);
* ``solver``: a move that keeps a win possible, else one toward the best result; it reads the
  stock's order (:data:`golfcore.solitaire.search.hints.SOLVER`);
* ``fair``: the move that maximises the fair chance, shown beside it, exact or a bracket; it
  never reads the stock's order (:data:`golfcore.solitaire.search.hints.FAIR`).

A strategy's module is imported only when that strategy is asked for, so a game whose hints
are legal ones never imports the searches (:class:`~golfcore.solitaire.game.Game` reaches them
through here).

>>> from golfcore.solitaire import engine
>>> from golfcore.solitaire.rules import rule_set
>>> rules = rule_set("app-clasico")
>>> str(suggest(rules, engine.start_deal(rules, 1)).move)
'4'
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from golfcore.errors import GolfError
from golfcore.framework.loading import PluginRecord, entry_points, left_out_text, load_plugin
from golfcore.solitaire import engine
from golfcore.solitaire.moves import Move
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.state import GameState

__all__ = ["DEFAULT", "GROUP", "LEGAL", "Hint", "HintStrategy", "hint_names", "hint_strategy",
           "is_search", "names_text", "suggest"]

#: The entry-point group hint strategies are registered in.
GROUP = "golfcore.solitaire.hints"
#: The strategy used when none is named.
DEFAULT = "legal"

#: ``suggest(rules, state, limit, seconds, progress)``: what a strategy runs.
Suggest = Callable[[RuleSet, GameState, "int | None", "float | None",
                    "Callable[[Any], None] | None"], "Hint"]


@dataclass(frozen=True)
class Hint:
    """A suggested move (``None`` when the game is over), the strategy that chose it, and what
    the strategy showed of the move's worth (``chance``: for the fair strategy the
    :class:`~golfcore.solitaire.search.fair.FairResult`, exact or a bracket; ``None`` when it
    shows nothing or the game is over)."""

    move: Move | None
    strategy: str
    chance: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"hint": str(self.move) if self.move is not None else None,
                "strategy": self.strategy,
                "chance": self.chance.to_json() if self.chance is not None else None}


@dataclass(frozen=True)
class HintStrategy:
    """A way to suggest a move: ``name``; ``suggest``, what it runs; ``searches``, whether it
    runs a search bounded by ``limit`` (in ``unit``) and ``seconds`` (here its default
    budget: ``limit`` when neither is given, ``seconds`` whenever no time is given);
    ``reads_stock``, whether it reads the stock's order; ``shows``, the name of the chance it
    shows beside its move (``None``: it shows none); ``summary``, one line for people
    (``--help``)."""

    name: str
    suggest: Suggest
    searches: bool = False
    reads_stock: bool = False
    limit: int | None = None
    seconds: float | None = None
    unit: str = "positions"
    shows: str | None = None
    summary: str = ""


def _legal(rules: RuleSet, state: GameState, limit: int | None, seconds: float | None,
           progress: Callable[[Any], None] | None) -> Hint:
    return Hint(engine.hint(rules, state), DEFAULT)


#: Any legal move (C4-11: no promise of a win): the engine's hint. Searches nothing.
LEGAL = HintStrategy(DEFAULT, _legal, summary="a legal move, no promise of a win")


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, metadata.EntryPoint]:
    found: dict[str, metadata.EntryPoint] = {}
    for ep in entry_points([GROUP]):
        found.setdefault(ep.name, ep)
    return found


def hint_names() -> list[str]:
    """The names of the registered strategies: :data:`DEFAULT` first, then the others sorted
    (a strategy found left out when it was loaded is not named)."""
    names = sorted(name for name, ep in _entry_points().items()
                   if not _RECORDS.get((name, ep.value), (None, ""))[1])
    return sorted(names, key=lambda name: name != DEFAULT)


@functools.cache
def hint_strategy(name: str) -> HintStrategy:
    """The strategy registered as ``name``; :class:`~golfcore.errors.GolfError` naming the
    known ones (and the closest) for an unknown name, or saying why a plugin that could not
    be loaded (or is not a strategy) was left out."""
    eps = _entry_points()
    ep = eps.get(name) if isinstance(name, str) else None
    if ep is None:
        close = difflib.get_close_matches(str(name), list(eps), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise GolfError(f"unknown hint strategy {name!r}{hint}: expected {names_text()}")
    found, record = hint_plugin(name, ep)
    if found is None:
        raise GolfError(left_out_text("hint strategy", record))
    return found


def hint_plugin(name: str, ep: metadata.EntryPoint) -> tuple[HintStrategy | None, PluginRecord]:
    """The strategy behind ``ep`` and its record, loaded once per process (``None`` and the
    record saying why for a plugin left out, reported once)."""
    found = _RECORDS.get((name, ep.value))
    if found is not None:
        return found[0], found[2]
    loaded: list[HintStrategy] = []

    def accept(obj: Any) -> tuple[str, str]:
        if not isinstance(obj, HintStrategy) or obj.name != name:
            raise GolfError(f"hint strategy {name!r} ({ep.value}) is not a HintStrategy named "
                            f"{name!r}")
        loaded.append(obj)
        return name, f"hint strategy {name!r}" + (" (a search)" if obj.searches else "")

    record = load_plugin(ep, "solitaire", "hint strategy", accept)
    strategy = loaded[0] if loaded else None
    _RECORDS[(name, ep.value)] = (strategy, record.error, record)
    return strategy, record


_RECORDS: dict[tuple[str, str], tuple[HintStrategy | None, str, PluginRecord]] = {}


def hint_plugins() -> tuple[PluginRecord, ...]:
    """Every hint strategy plugin installed, loaded or left out (``golf plugins``)."""
    return tuple(hint_plugin(name, ep)[1] for name, ep in sorted(_entry_points().items()))


def available_strategies() -> list[HintStrategy]:
    """Every strategy that loads, in :func:`hint_names` order (loads them all)."""
    hint_plugins()
    return [hint_strategy(name) for name in hint_names()]


def names_text() -> str:
    """The registered names for a message: ``'legal', 'fair' or 'solver'``."""
    quoted = [repr(n) for n in hint_names()]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def is_search(name: Any) -> bool:
    """Whether ``name`` (anything a request may hold) names a registered strategy that runs a
    search; ``False`` for anything else (which :func:`hint_strategy` then refuses)."""
    ep = _entry_points().get(name) if isinstance(name, str) else None
    found = hint_plugin(name, ep)[0] if ep is not None else None
    return found is not None and found.searches


def suggest(rules: RuleSet, state: GameState, strategy: str = DEFAULT, *,
            limit: int | None = None, seconds: float | None = None,
            progress: Callable[[Any], None] | None = None) -> Hint:
    """The move ``strategy`` suggests for ``state`` under ``rules``. A searching strategy is
    bounded by ``limit`` (in its unit) and ``seconds``: its default ``limit`` when neither is
    given, its default ``seconds`` whenever ``seconds`` is not (a ``limit`` alone would let the
    fair hint's bracket sample without end), and reports to ``progress``; the others ignore
    them."""
    chosen = hint_strategy(strategy)
    if not chosen.searches:
        return chosen.suggest(rules, state, None, None, None)
    if limit is None and seconds is None:
        limit = chosen.limit
    if seconds is None:            # a strategy with a time of its own keeps it, limit or not
        seconds = chosen.seconds
    return chosen.suggest(rules, state, limit, seconds, progress)

"""The engines ``golf conform --engine NAME`` can judge: entry points of ``golfcore.engines``.

Each entry point names a factory ``make(timeout: float) -> Engine`` (an object that answers
golfcore's protocol: :class:`golfcore.conformance.engines.Engine`). golfcore registers itself
(``golfcore``) and its adapters of other programs (``docs/engines.md``); a third party adds one
the same way. An entry point that fails to load is left out and reported, as every plugin is
(:mod:`golfcore.framework.loading`): the other engines keep working. The factory runs only when
the engine is asked for, so a missing foreign program is an error for that engine alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from golfcore.conformance.engines import Engine, EngineError, InProcessEngine
from golfcore.framework.loading import (PluginRecord, entry_points, find_left_out,
                                        left_out_text, load_plugin)

__all__ = ["GROUP", "Factory", "make_golfcore", "engine_records", "engine_names", "make_engine"]

#: The entry-point group of engines.
GROUP = "golfcore.engines"

#: What an entry point of :data:`GROUP` loads: seconds to wait for a reply → an engine.
Factory = Callable[[float], Engine]


def make_golfcore(timeout: float = 10.0) -> Engine:
    """golfcore itself, in process (``--engine golfcore``)."""
    return InProcessEngine()


def _accept(factories: dict[str, Factory], name: str, obj: Any) -> tuple[str, str]:
    if not callable(obj):
        raise TypeError(f"engine entry point {name!r} loads {type(obj).__name__}, not a "
                        f"factory: make(timeout) -> Engine")
    if name in factories:
        raise ValueError(f"an engine named {name!r} is already registered")
    factories[name] = obj
    return name, f"engine {name!r}"


@functools.cache
def _loaded() -> tuple[dict[str, Factory], tuple[PluginRecord, ...]]:
    factories: dict[str, Factory] = {}
    records = []
    for ep in entry_points([GROUP]):
        records.append(load_plugin(ep, "both", "engine",
                                   functools.partial(_accept, factories, ep.name)))
    return factories, tuple(records)


def engine_records() -> tuple[PluginRecord, ...]:
    """Every engine entry point: loaded or left out, and why."""
    return _loaded()[1]


def engine_names() -> list[str]:
    """The engines that can be asked for by name, golfcore first."""
    names = sorted(_loaded()[0])
    return sorted(names, key=lambda n: n != "golfcore")


def make_engine(name: str, timeout: float = 10.0) -> Engine:
    """Start the engine registered as ``name``; an :class:`EngineError` that says why not (no
    such engine, its plugin left out, its program missing)."""
    factories, records = _loaded()
    if name not in factories:
        record = find_left_out(name, records, "engine")
        if record is not None:
            raise EngineError(left_out_text("engine", record))
        raise EngineError(f"no engine {name!r}: expected one of {', '.join(engine_names())}")
    try:
        return factories[name](timeout)
    except EngineError:
        raise
    except Exception as exc:  # a third party's factory: whatever it raises is its error
        raise EngineError(f"engine {name!r} could not start: {type(exc).__name__}: "
                          f"{exc}") from None

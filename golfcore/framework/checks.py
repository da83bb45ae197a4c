"""Checking plugins when they are registered, so that a broken one names itself at once.

:func:`check_rule` registers one rule in a plugin manager of its own that holds its game's hook
specifications and asks pluggy's ``check_pending()`` (as tox 4 does for its plugins): a hook that
does not exist (misspelt, or the other game's), a method named like a hook but not marked
``@hookimpl``, or a hook with arguments its specification lacks is a :class:`PluginError` that
names the rule by its entry point and distribution (``origin``), never by an object's address.
:func:`check_answers` says whether a variant's rules answer the hooks its game cannot play
without (:attr:`golfcore.framework.games.GameKind.required`). The registry
(:mod:`golfcore.framework.registry`) asks both when it loads, and every rule set asks the
second for composed variants (:mod:`golfcore.framework.ruleset`).
"""

from __future__ import annotations

import difflib
import functools
import importlib
import inspect
from collections.abc import Iterable, Mapping
from typing import Any

import pluggy

from golfcore.errors import PluginError
from golfcore.framework.games import GameKind, game_kind, game_names
from golfcore.framework.hooks import PROJECT


def hook_names(kind: GameKind) -> tuple[str, ...]:
    """The hooks of ``kind``'s specifications, sorted."""
    return _hook_names(kind.hookspecs)


@functools.cache
def _hook_names(hookspecs: str) -> tuple[str, ...]:
    module = importlib.import_module(hookspecs)
    return tuple(sorted(name for name, obj in vars(module).items()
                        if name.startswith("golf_") and callable(obj)))


def hooks_of(rule: type) -> set[str]:
    """The hooks a rule class implements (its methods marked ``@hookimpl``)."""
    marker = f"{PROJECT}_impl"
    return {name for name in dir(rule)
            if name.startswith("golf_") and hasattr(getattr(rule, name, None), marker)}


def check_rule(rule: type, kind: GameKind, origin: str) -> None:
    """:class:`PluginError` unless every hook ``rule`` implements is one of ``kind``'s, with
    arguments its specification has, and every method named like a hook is marked. A class
    that passed is not checked again in this process."""
    if (rule, kind.name) in _PASSED:
        return
    _check_rule(rule, kind, origin)
    _PASSED.add((rule, kind.name))


_PASSED: set[tuple[type, str]] = set()


def _check_rule(rule: type, kind: GameKind, origin: str) -> None:
    label = f"rule {getattr(rule, 'name', '?')!r} ({origin})"
    known = hook_names(kind)
    marker = f"{PROJECT}_impl"
    for name in sorted(dir(rule)):
        value = getattr(rule, name, None)
        if name.startswith("golf_") and callable(value) and not hasattr(value, marker) \
                and name in known:
            raise PluginError(f"{label}: the method {name} is not marked @hookimpl (import "
                              f"hookimpl from {kind.hookspecs}), so pluggy would never call it")
    for name in sorted(hooks_of(rule)):
        if name not in known:
            raise PluginError(f"{label}: {name} is not a {kind.name} hook"
                              f"{_elsewhere(name, kind)}; the hooks are in {kind.hookspecs}")
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(importlib.import_module(kind.hookspecs))
    try:
        instance = rule()
    except Exception as exc:  # a plugin's own constructor: whatever it raises names the plugin
        raise PluginError(f"{label}: cannot be built without arguments, as a rule set builds "
                          f"it: {type(exc).__name__}: {exc}") from exc
    try:
        pm.register(instance, name=getattr(rule, "name", None) or None)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"{label}: {_arguments(rule, kind, str(exc))}") from exc


def _elsewhere(name: str, kind: GameKind) -> str:
    """`` (did you mean ...)`` or ``(it is a hook of the card-game ...)``, else nothing."""
    for other in game_names():
        if other != kind.name and name in hook_names(game_kind(other)):
            theirs = game_kind(other)
            return (f" (it is a {other} hook: register the rule in {theirs.rules_group})")
    close = difflib.get_close_matches(name, hook_names(kind), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _arguments(rule: type, kind: GameKind, pluggy_text: str) -> str:
    """pluggy's complaint about a hook's arguments, in golfcore's words where it can be."""
    spec = importlib.import_module(kind.hookspecs)
    for name in sorted(hooks_of(rule)):
        have = [p for p in inspect.signature(getattr(rule, name)).parameters if p != "self"]
        wanted = list(inspect.signature(getattr(spec, name)).parameters)
        extra = [p for p in have if p not in wanted]
        if extra:
            return (f"{name} takes {', '.join(extra)}, which the hook does not give: its "
                    f"arguments are {', '.join(wanted)} (any of them, by name)")
    return " ".join(pluggy_text.split())


def check_answers(kind: GameKind, rules: Mapping[str, str], classes: Mapping[str, type],
                  what: str) -> None:
    """:class:`PluginError` unless the rules (slot → rule name, defaults included) answer every
    hook ``kind`` requires; ``classes`` maps rule names to classes (the registry's: the error
    suggests rules that would answer)."""
    implemented: set[str] = set()
    for name in rules.values():
        implemented |= hooks_of(classes[name])
    missing = [hook for hook in kind.required if hook not in implemented]
    if missing:
        hook = missing[0]
        slot = kind.required[hook]
        raise PluginError(f"{what}: no rule answers {hook}, without which a {kind.name} game "
                          f"cannot be played: give the {slot} slot a rule such as "
                          f"{_examples(kind, hook, classes.values())}")


def _examples(kind: GameKind, hook: str, classes: Iterable[Any]) -> str:
    names = sorted({c.name for c in classes if hook in hooks_of(c)})
    return " or ".join(repr(n) for n in names[:2]) or f"one implementing {hook}"


__all__ = ["check_answers", "check_rule", "hook_names", "hooks_of"]

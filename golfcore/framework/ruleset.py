"""The base of every game's rule set: one variant's plugins in their own plugin manager.

:class:`BaseRuleSet` resolves a variant (defaults, parameters, conflicts), registers one plugin
per slot in a fresh :class:`pluggy.PluginManager` holding the game's hook specifications, and
fails loudly (``check_pending()``) when a rule implements a hook that does not exist. Each game's
``RuleSet`` (:class:`golfcore.solitaire.rules.RuleSet`, :class:`golfcore.cardgame.rules.RuleSet`)
adds typed methods that call the hooks and combine their answers as the specs say; nothing else
touches ``pm.hook``. Two rule sets never share anything: build as many as you like in one process.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import pluggy

from golfcore.errors import PluginError, VariantError
from golfcore.framework.checks import check_answers
from golfcore.framework.compat import with_game
from golfcore.framework.compose import effective_rules, find_variant, resolve
from golfcore.framework.games import GameKind, game_kind
from golfcore.framework.hooks import PROJECT
from golfcore.framework.registry import Registry, registry
from golfcore.framework.variant import Rule, Variant

#: The languages every message is given in: the documents' Spanish and English.
LANGUAGES = ("es", "en")


class BaseRuleSet:
    """The rules of one variant of :attr:`GAME`. Subclasses wrap the game's hooks."""

    #: The game whose variants this class plays (set by each game's subclass).
    GAME: ClassVar[str] = ""

    def __init__(self, variant: Variant | str | None = None, reg: Registry | None = None):
        kind = game_kind(self.GAME)
        self.kind: GameKind = kind
        # without a registry of its own, a name is looked up in every game's, so that another
        # game's variant is refused for what it is rather than as unknown
        self.variant: Variant = find_variant(kind.default_variant if variant is None
                                             else variant, reg)
        reg = reg or registry(self.GAME)
        self.variant = with_game(self.variant, self.GAME, f", given to a {self.GAME} rule set")
        if self.variant.game != self.GAME:
            raise VariantError(f"{self.variant.name} is a {self.variant.game} variant, not a "
                               f"{self.GAME} variant")
        self.rules: dict[str, str] = effective_rules(self.variant)
        self.options: Mapping[str, Any] = MappingProxyType(
            resolve(self.rules, self.variant.params, reg, self.variant.name))
        check_answers(kind, self.rules, reg.rules, f"variant {self.variant.name!r}")
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(importlib.import_module(kind.hookspecs))
        for name in self.rules.values():
            rule = reg.rule(name)
            try:
                self.pm.register(rule(), name=name)
            except pluggy.PluginValidationError as exc:
                raise PluginError(f"rule {name!r} ({reg.rule_origins.get(name, '?')}): "
                                  f"{exc}") from exc
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"variant {self.variant.name!r}: a rule implements a hook that "
                              f"does not exist (misspelt?): {exc}") from exc
        self.rule_classes: dict[str, type[Rule]] = {name: reg.rule(name)
                                                    for name in self.rules.values()}
        self._messages: dict[tuple[str, str], str] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.variant.name!r})"

    @property
    def name(self) -> str:
        return self.variant.name

    @property
    def game(self) -> str:
        return self.GAME

    def message(self, reason: str, lang: str = "es") -> str:
        """The text for a reason code in ``lang`` (``es`` or ``en``); the code itself when no
        rule answers. Messages are pure, so each is asked once."""
        if lang not in LANGUAGES:
            raise VariantError(f"unknown language {lang!r}: expected one of "
                               f"{', '.join(LANGUAGES)}")
        key = (reason, lang)
        found = self._messages.get(key)
        if found is None:
            answer = self.pm.hook.golf_message(reason=reason, lang=lang, options=self.options)
            found = self._messages[key] = answer if answer is not None else reason
        return found

    def messages(self, reason: str) -> dict[str, str]:
        """``{"es": ..., "en": ...}`` for a reason code."""
        return {lang: self.message(reason, lang) for lang in LANGUAGES}

    def describe(self) -> list[tuple[str, str, str, tuple[str, ...]]]:
        """(slot, rule with its value, summary, rule ids) for each rule, for people."""
        out = []
        for slot, name in self.rules.items():
            rule = self.rule_classes[name]
            label = name
            if rule.param is not None:
                label = f"{name}={self.options[rule.param.name]}"
            out.append((slot, label, rule.summary, rule.rule_ids))
        return out


def single_impl(caller: Any) -> Any:
    """The function of a hook's only implementation, when calling it directly is exactly what
    pluggy would do (one plain implementation, no wrappers); else ``None``."""
    impls = caller.get_hookimpls()
    if len(impls) != 1 or impls[0].hookwrapper or getattr(impls[0], "wrapper", False):
        return None
    return impls[0].function

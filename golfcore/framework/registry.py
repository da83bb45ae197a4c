"""Registries: every rule plugin and variant of a game, found through entry points.

Each game (:mod:`golfcore.framework.games`) has its own registry, loaded from its own
entry-point groups, ``golfcore.<game>.rules`` and ``golfcore.<game>.variants``; golfcore's
built-ins are registered there exactly as a third party's are:

.. code-block:: toml

    [project.entry-points."golfcore.solitaire.rules"]
    my-rule = "my_package.rules:MyRule"        # a Rule subclass
    [project.entry-points."golfcore.solitaire.variants"]
    my-variant = "my_package.variants:MINE"    # a Variant

Rule names and code letters are per game; variant names (and aliases) are unique across games,
so that a variant name alone says which game it is (``golf variants``, ``find_variant``).
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any

from golfcore.errors import PluginError, VariantError
from golfcore.framework.checks import check_answers, check_rule
from golfcore.framework.compat import check_places, new_params, with_game
from golfcore.framework.games import GameKind, game_kind, game_names
from golfcore.framework.loading import (GOLFCORE, PluginRecord, entry_points, left_out,
                                        find_left_out, left_out_text, load_plugin, name_version,
                                        origin_of)
from golfcore.framework.variant import Rule, Variant
from golfcore.notation import quote


@dataclass
class Registry:
    """Every rule plugin and variant of one game: ``Registry(game_kind("card-game"))`` is an
    empty one; :func:`load_registry` and :func:`registry` load the installed plugins."""

    kind: GameKind
    rules: dict[str, type[Rule]] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    #: Rule name → where it came from, for people: its distribution and entry point.
    rule_origins: dict[str, str] = field(default_factory=dict)
    #: Rule name → the distribution that ships it (``golfcore``, ``golf-house`` ...): a
    #: composed variant's origin names every distribution its rules come from.
    rule_distributions: dict[str, str] = field(default_factory=dict)
    #: Every plugin of this game that loaded, in the order it was loaded.
    loaded: tuple[PluginRecord, ...] = ()
    #: Every plugin of this game that was left out, and why (:class:`PluginRecord`).
    left_out: tuple[PluginRecord, ...] = ()

    def record(self, record: PluginRecord) -> None:
        """Keep ``record`` in :attr:`loaded` or :attr:`left_out`."""
        if record.left_out:
            self.left_out += (record,)
        else:
            self.loaded += (record,)

    def leave_out(self, variant: str, error: str) -> None:
        """Leave out the variant called ``variant`` after all, saying why."""
        del self.variants[variant]
        for record in self.loaded:
            if record.kind == "variant" and record.name == variant:
                self.loaded = tuple(r for r in self.loaded if r is not record)
                self.left_out += (left_out(record, error),)
                return

    @property
    def game(self) -> str:
        return self.kind.name

    def add_rule(self, rule: Any, origin: str, distribution: str | None = None) -> None:
        """Add a rule class, checked at once (:func:`golfcore.framework.checks.check_rule`):
        ``origin`` names it in every error (its distribution and entry point);
        ``distribution`` (default: ``origin``) is what a variant using it says it is from."""
        if not (isinstance(rule, type) and issubclass(rule, Rule)):
            raise PluginError(f"{origin}: a golfcore rule must be a subclass of "
                              f"golfcore.framework.variant.Rule, got {rule!r}")
        if not rule.name or not rule.slot:
            raise PluginError(f"{origin}: rule {rule.__name__} must set 'name' and 'slot'")
        if rule.name in self.rules and self.rules[rule.name] is not rule:
            raise PluginError(f"{origin}: rule name {rule.name!r} is already taken by "
                              f"{self.rule_origins[rule.name]}")
        if rule.param is not None and rule.param.name != rule.name:
            raise PluginError(f"{origin}: rule {rule.name!r} names its parameter "
                              f"{rule.param.name!r}: a rule's parameter is keyed by the rule's "
                              f"own name (Param({rule.name!r}, ...)), as a variant's params, "
                              f"the options and '+{rule.name}=value' write it")
        check_rule(rule, self.kind, origin)
        check_places(rule, self.kind, origin)
        self.rules[rule.name] = rule
        self.rule_origins[rule.name] = origin
        self.rule_distributions[rule.name] = distribution or origin

    def add_variant(self, variant: Any, origin: str) -> None:
        """Add a variant (checked with the others by :meth:`check`); a variant that says no
        ``origin`` gets ``origin``."""
        if not isinstance(variant, Variant):
            raise PluginError(f"{origin}: a golfcore variant must be a "
                              f"golfcore.framework.variant.Variant, got {variant!r}")
        if not variant.origin:
            variant = replace(variant, origin=origin)
        variant = with_game(variant, self.game, f", {origin}")
        if variant.game != self.game:
            raise PluginError(f"{origin}: variant {variant.name} says it is a {variant.game} "
                              f"variant but is registered as a {self.game} variant")
        for key in (variant.name,) + variant.aliases:
            other = self._lookup(key)
            if other is not None and other.name != variant.name:
                raise PluginError(f"{origin}: variant name {key!r} is already taken by "
                                  f"{other.name} ({other.origin})")
        for letter in ((variant.letter,) if variant.letter else ()) + variant.legacy_letters:
            for other in self.variants.values():
                if other.name != variant.name and letter in (
                        ((other.letter,) if other.letter else ()) + other.legacy_letters):
                    raise PluginError(f"{origin}: code letter {letter!r} of {variant.name} is "
                                      f"already taken by {other.name}")
        self.variants[variant.name] = variant

    def check(self) -> None:
        """Every variant names existing rules, one per slot, with valid parameters, and its
        rules answer every hook its game cannot be played without."""
        from golfcore.framework.compose import effective_rules, resolve

        for variant in self.variants.values():
            resolve(effective_rules(variant), variant.params, self, variant.name)
            check_answers(self.kind, effective_rules(variant), self.rules,
                          f"variant {variant.name!r} ({variant.origin})")

    def _lookup(self, name: str) -> Variant | None:
        key = normalise(name)
        for variant in self.variants.values():
            if key == normalise(variant.name) or key in map(normalise, variant.aliases):
                return variant
        return None

    def find(self, name: str) -> Variant | None:
        """The variant called ``name`` (or with that alias) in this game, else ``None``."""
        return self._lookup(name)

    def variant(self, name: str) -> Variant:
        found = self._lookup(name)
        if found is None:
            gone = find_left_out(name, self.left_out, "variant")
            if gone is not None:
                raise VariantError(left_out_text("variant", gone))
            raise VariantError(f"unknown variant {quote(name)} for the {self.game}: "
                               f"expected one of {', '.join(sorted(self.variants))}"
                               f"{suggest(name, self.variants)}")
        return found

    def by_letter(self, letter: str) -> Variant:
        letter = letter.upper()
        for variant in self.variants.values():
            if letter == variant.letter or letter in variant.legacy_letters:
                return variant
        letters = sorted(v.letter for v in self.variants.values() if v.letter)
        raise VariantError(f"unknown variant letter {letter!r}: expected one of "
                           f"{', '.join(letters)}")

    def rule(self, name: str) -> type[Rule]:
        try:
            return self.rules[name]
        except KeyError:
            gone = find_left_out(name, self.left_out, "rule")
            if gone is not None:
                raise VariantError(left_out_text("rule", gone)) from None
            raise VariantError(f"unknown rule {quote(name)} for the {self.game}: expected one of "
                               f"{', '.join(sorted(self.rules))}"
                               f"{suggest(name, self.rules)}") from None

    def __iter__(self) -> Iterator[Variant]:
        return iter(self.variants.values())


def normalise(name: str) -> str:
    """A name as the registry compares it: case, accents, spaces and underscores ignored."""
    text = unicodedata.normalize("NFKD", name.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s_]+", "-", text)


def suggest(name: str, choices: Mapping[str, Any]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _accept_rule(reg: Registry, ep: metadata.EntryPoint, obj: Any) -> tuple[str, str]:
    if isinstance(obj, type) and issubclass(obj, Rule) and obj.name != ep.name:
        raise PluginError(f"rule entry point {ep.name!r} loads a rule named {obj.name!r}: the "
                          f"two names must agree")
    reg.add_rule(obj, origin_of(ep), name_version(ep)[0])
    return obj.name, f"rule {obj.name!r} (slot {obj.slot})"


def _accept_variant(reg: Registry, ep: metadata.EntryPoint, obj: Any) -> tuple[str, str]:
    if isinstance(obj, Variant):
        obj = _updated(reg, obj, name_version(ep)[0], origin_of(ep))
        _check_variant(reg, obj)
    reg.add_variant(obj, origin_of(ep))
    letter = f", letter {obj.letter}" if obj.letter else ""
    return obj.name, f"variant {obj.name!r} ({obj.title}{letter})"


def _updated(reg: Registry, variant: Variant, distribution: str, origin: str) -> Variant:
    """A variant of a plugin with what golfcore 0.1 let it leave out or name otherwise
    (its game, old parameter keys) as this version has it, warning; its origin filled in."""
    from golfcore.framework.compose import effective_rules

    if not variant.origin:
        variant = replace(variant, origin=distribution)
    variant = with_game(variant, reg.game, f", {origin}")
    if variant.game == reg.game and variant.params:
        classes = [reg.rules.get(name) for name in effective_rules(variant).values()]
        known = {c.param.name for c in classes if c is not None and c.param is not None}
        params = new_params(variant.params, reg.kind, known, f"variant {variant.name!r}, "
                                                             f"{origin}")
        variant = replace(variant, params=params)
    return variant


def _check_variant(reg: Registry, variant: Variant) -> None:
    """The check :meth:`Registry.check` makes of one variant; a rule it needs that was left
    out is named as such."""
    from golfcore.framework.compose import effective_rules, resolve

    for name in effective_rules(variant).values():
        if name not in reg.rules:
            gone = find_left_out(name, reg.left_out, "rule")
            if gone is not None:
                raise PluginError(f"it needs the rule {name!r}, which was left out "
                                  f"({gone.describe()})")
    resolve(effective_rules(variant), variant.params, reg, variant.name)
    check_answers(reg.kind, effective_rules(variant), reg.rules,
                  f"variant {variant.name!r} ({variant.origin})")


def load_registry(game: str) -> Registry:
    """Load every rule and variant of ``game`` (``"solitaire"``, ``"card-game"``) from its
    entry-point groups, each checked as it is added. A plugin that fails (it cannot be
    imported, is not a rule or variant, fails a check, takes a name or letter another took
    first, or is a variant whose rules were left out) is left out and recorded in
    :attr:`Registry.left_out`; the others are in :attr:`Registry.loaded`."""
    kind = game_kind(game)
    reg = Registry(kind)
    for which, what, accept in ((0, "rule", _accept_rule), (1, "variant", _accept_variant)):
        groups = [kind.rules_group, kind.variants_group][which:which + 1] + (
            [kind.legacy_groups[which]] if kind.legacy_groups else [])
        for ep in entry_points(groups):
            record = load_plugin(ep, game, what, functools.partial(accept, reg, ep))
            reg.record(record)
    return reg


@functools.cache
def registry(game: str) -> Registry:
    """The registry of ``game``'s installed plugins (``"solitaire"``, ``"card-game"``), loaded
    once per process (a cache, not a plugin manager: every rule set still gets its own).
    Every game's registry is loaded with the first, so that a variant name two games claim
    is always left out of the same one."""
    game_kind(game)
    if not _loaded:
        _load_all()
    return _loaded[game]


_loaded: dict[str, Registry] = {}


def _load_all() -> None:
    """Load every game's registry; a variant whose name (or alias) an earlier game's variant
    has is left out of the later game, unless it is golfcore's own and the other is not."""
    loaded: dict[str, Registry] = {}
    for game in game_names():
        reg = load_registry(game)
        for other in loaded.values():
            _leave_out_clashes(other, reg)
        loaded[game] = reg
    _loaded.update(loaded)


def _leave_out_clashes(first: Registry, second: Registry) -> None:
    for variant in list(second):
        for key in (variant.name,) + variant.aliases:
            other = first.find(key)
            if other is None:
                continue
            if _is_builtin(variant) and not _is_builtin(other):
                first.leave_out(other.name, f"variant name {key!r} is already taken by the "
                                            f"{second.game} variant {variant.name} "
                                            f"({variant.origin})")
            else:
                second.leave_out(variant.name, f"variant name {key!r} is already taken by the "
                                               f"{first.game} variant {other.name} "
                                               f"({other.origin})")
            break


def _is_builtin(variant: Variant) -> bool:
    return variant.origin == GOLFCORE


def registries() -> list[Registry]:
    """Every game's registry, in :func:`golfcore.framework.games.game_names` order."""
    return [registry(game) for game in game_names()]


def all_variants() -> list[Variant]:
    """Every installed variant of every game."""
    return [v for reg in registries() for v in reg]


def registry_of(name: str) -> Registry:
    """The registry of the game that has a variant called ``name`` (a base name, before any
    ``+``); :class:`VariantError` naming every game's variants when none has it."""
    for game in game_names():  # loads a game's plugins only when an earlier game lacks the name
        reg = registry(game)
        if reg.find(name) is not None:
            return reg
    for reg in registries():
        gone = find_left_out(name, reg.left_out, "variant")
        if gone is not None:
            raise VariantError(left_out_text("variant", gone))
    names = {v.name: v for reg in registries() for v in reg}
    raise VariantError(f"unknown variant {quote(name)}: expected one of "
                       f"{', '.join(sorted(names))}{suggest(name, names)}")


__all__ = ["Registry", "all_variants", "load_registry", "registries", "registry", "registry_of"]

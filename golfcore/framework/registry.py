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
from golfcore.framework.games import GameKind, game_kind, game_names
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


def _name_version(ep: metadata.EntryPoint) -> tuple[str, str]:
    """The name and version of the distribution that declares ``ep`` (``?`` and ``""`` when
    metadata cannot say). Reading a distribution's metadata parses a file: once per process."""
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "?", ""
    key = str(getattr(dist, "_path", "")) or repr(dist)
    found = _DISTRIBUTIONS.get(key)
    if found is None:
        data = dist.metadata
        found = _DISTRIBUTIONS[key] = (str(data["Name"]), str(data["Version"] or ""))
    return found


_DISTRIBUTIONS: dict[str, tuple[str, str]] = {}


def _distribution(ep: metadata.EntryPoint) -> str:
    """The name of the distribution that declares ``ep`` (``?`` when metadata cannot say)."""
    return _name_version(ep)[0]


def _origin(ep: metadata.EntryPoint) -> str:
    """A plugin for people: its distribution and version, its entry point and what it loads:
    ``golf-house 1.0, entry point 'no-sevens' in golfcore.solitaire.rules =
    golf_house:NoSevens``."""
    name, version = _name_version(ep)
    return f"{name} {version}".strip() + f", entry point {ep.name!r} in {ep.group} = {ep.value}"


def _entry_points(group: str, kind: GameKind, which: int) -> list[metadata.EntryPoint]:
    eps = metadata.entry_points()
    groups = [group] + ([kind.legacy_groups[which]] if kind.legacy_groups else [])
    found = [ep for g in groups for ep in eps.select(group=g)]
    return sorted(found, key=lambda e: e.name)


def load_registry(game: str) -> Registry:
    """Load every rule and variant of ``game`` (``"solitaire"``, ``"card-game"``) from its
    entry-point groups; check them; fail loudly, naming the plugin."""
    kind = game_kind(game)
    reg = Registry(kind)
    for ep in _entry_points(kind.rules_group, kind, 0):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken third-party plugin must name itself
            raise PluginError(f"cannot load rule plugin {ep.name!r} ({_origin(ep)}): "
                              f"{type(exc).__name__}: {exc}") from exc
        if isinstance(obj, type) and issubclass(obj, Rule) and obj.name != ep.name:
            raise PluginError(f"rule entry point {ep.name!r} ({_origin(ep)}) loads a rule named "
                              f"{obj.name!r}: the two names must agree")
        reg.add_rule(obj, _origin(ep), _distribution(ep))
    for ep in _entry_points(kind.variants_group, kind, 1):
        try:
            obj = ep.load()
        except Exception as exc:
            raise PluginError(f"cannot load variant {ep.name!r} ({_origin(ep)}): "
                              f"{type(exc).__name__}: {exc}") from exc
        if isinstance(obj, Variant) and not obj.origin:
            obj = replace(obj, origin=_distribution(ep))
        reg.add_variant(obj, _origin(ep))
    reg.check()
    return reg


@functools.cache
def registry(game: str) -> Registry:
    """The registry of ``game``'s installed plugins (``"solitaire"``, ``"card-game"``), loaded
    once per process (a cache, not a
    plugin manager: every rule set still gets its own)."""
    reg = load_registry(game)
    for other in game_names():
        if other != game and other in _loaded:
            _check_unique_names(reg, _loaded[other])
    _loaded[game] = reg
    return reg


_loaded: dict[str, Registry] = {}


def _check_unique_names(a: Registry, b: Registry) -> None:
    for variant in a:
        for key in (variant.name,) + variant.aliases:
            other = b.find(key)
            if other is not None:
                raise PluginError(f"variant name {key!r} of the {a.game} variant {variant.name} "
                                  f"({variant.origin}) is already taken by the {b.game} variant "
                                  f"{other.name} ({other.origin})")


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
    names = {v.name: v for reg in registries() for v in reg}
    raise VariantError(f"unknown variant {quote(name)}: expected one of "
                       f"{', '.join(sorted(names))}{suggest(name, names)}")


__all__ = ["Registry", "all_variants", "load_registry", "registries", "registry", "registry_of"]

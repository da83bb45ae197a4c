"""Rule plugins, variants, and the registry that finds both through entry points.

* A :class:`Rule` is one rule of the game in one plugin: a class whose methods implement hooks of
  :mod:`golfcore.hookspecs`. It fills one *slot* (``adjacency``, ``king``, ``draw``, ``waste``,
  ``jokers``, ``scoring``, ``undo``, ``outcome``, ``messages``, ``hint``), so that two rules that
  would answer the same question can never sit in one rule set. It may take one parameter
  (``jokers=2``, ``undo-limit=100``).
* A :class:`Variant` is a name, an optional game-code letter, and a rule for each slot it
  decides, with parameters. Slots it leaves out get the :data:`DEFAULT_RULES`.
* Variants *compose*: ``cards4+jokers=2`` is Cards4 classic with two jokers; ``traditional+
  draw-any-time`` replaces traditional's draw rule. Naming two rules for one slot, an unknown
  rule, a bad parameter, or two rules that declare a conflict is a :class:`VariantError`.

Built-in rules and variants are registered by this project's own entry points, in the groups
``golfcore.rules`` and ``golfcore.variants``, exactly as a third party registers its own:

.. code-block:: toml

    [project.entry-points."golfcore.rules"]
    my-rule = "my_package.rules:MyRule"        # a Rule subclass
    [project.entry-points."golfcore.variants"]
    my-variant = "my_package.variants:MINE"    # a Variant
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from importlib import metadata
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterator, Mapping

from golfcore.errors import PluginError, VariantError

RULES_GROUP = "golfcore.rules"
VARIANTS_GROUP = "golfcore.variants"

#: Rules every variant has unless it names another rule for the slot.
DEFAULT_RULES: Mapping[str, str] = MappingProxyType({
    "outcome": "standard-outcome",
    "messages": "standard-messages",
    "hint": "legal-hint",
})

#: The order in which slots are listed to people (others follow alphabetically).
SLOT_ORDER = ("adjacency", "king", "draw", "waste", "jokers", "scoring", "undo", "outcome",
              "messages", "hint")


@dataclass(frozen=True)
class Param:
    """The one parameter a rule may take: ``jokers=2``."""

    name: str
    parse: Callable[[Any], Any]
    default: Any
    help: str


class Rule:
    """Base class of rule plugins. Subclasses set the class attributes and implement hooks."""

    #: Unique name, used in variant definitions and after ``+`` in a variant string.
    name: ClassVar[str] = ""
    #: The question this rule answers; a rule set holds one rule per slot.
    slot: ClassVar[str] = ""
    #: Rule ids of ``RULES.md`` that this plugin implements.
    rule_ids: ClassVar[tuple[str, ...]] = ()
    #: One line saying what the rule does, for ``golf variants``.
    summary: ClassVar[str] = ""
    #: The rule's parameter, if it takes one.
    param: ClassVar[Param | None] = None
    #: Names of rules that cannot sit in the same rule set as this one.
    conflicts: ClassVar[tuple[str, ...]] = ()
    #: A draw rule whose ``golf_may_draw`` answer depends on ``can_play`` alone may say so;
    #: the solver then need not build a state at every node.
    stateless_draw: ClassVar[bool] = False


@dataclass(frozen=True)
class Variant:
    """A named rule set: a rule per slot plus parameters. Build one with :func:`find_variant`."""

    name: str
    title: str
    rules: Mapping[str, str]
    params: Mapping[str, Any] = field(default_factory=dict)
    letter: str | None = None
    legacy_letters: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    summary: str = ""
    rule_ids: tuple[str, ...] = ()
    #: Where the definition came from: ``"golfcore"`` or a third party's distribution.
    origin: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def is_composed(self) -> bool:
        return "+" in self.name

    def with_rules(self, *mods: str) -> "Variant":
        """This variant with modifiers: ``v.with_rules("jokers=2")``; see :func:`find_variant`."""
        return find_variant("+".join((self.name,) + mods))


def whole_number(low: int, high: int | None = None) -> Callable[[Any], int]:
    """A :class:`Param` parser for a whole number from ``low`` to ``high`` (no upper bound when
    ``None``); ``True``/``False`` and ``"2.5"`` are refused."""
    expected = f"expected {low} to {high}" if high is not None else f"expected a whole number >= {low}"

    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError(expected)
        n = int(value)
        if n < low or (high is not None and n > high):
            raise ValueError(expected)
        return n

    return parse


def parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return {"yes": True, "true": True, "on": True, "1": True,
            "no": False, "false": False, "off": False, "0": False}[str(value).lower()]


# -- registry ------------------------------------------------------------------------------------


@dataclass
class Registry:
    """Every rule plugin and variant found through entry points. Build with :func:`registry`."""

    rules: dict[str, type[Rule]] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    rule_origins: dict[str, str] = field(default_factory=dict)

    def add_rule(self, rule: Any, origin: str) -> None:
        if not (isinstance(rule, type) and issubclass(rule, Rule)):
            raise PluginError(f"{origin}: a golfcore rule must be a subclass of "
                              f"golfcore.variant.Rule, got {rule!r}")
        if not rule.name or not rule.slot:
            raise PluginError(f"{origin}: rule {rule.__name__} must set 'name' and 'slot'")
        if rule.name in self.rules and self.rules[rule.name] is not rule:
            raise PluginError(f"{origin}: rule name {rule.name!r} is already taken by "
                              f"{self.rule_origins[rule.name]}")
        self.rules[rule.name] = rule
        self.rule_origins[rule.name] = origin

    def add_variant(self, variant: Any, origin: str) -> None:
        if not isinstance(variant, Variant):
            raise PluginError(f"{origin}: a golfcore variant must be a golfcore.variant.Variant, "
                              f"got {variant!r}")
        taken = {v.name: v for v in self.variants.values()}
        for key in (variant.name,) + variant.aliases:
            other = self._lookup(key)
            if other is not None and other.name != variant.name:
                raise PluginError(f"{origin}: variant name {key!r} is already taken by "
                                  f"{other.name} ({other.origin})")
        for letter in ((variant.letter,) if variant.letter else ()) + variant.legacy_letters:
            for other in taken.values():
                if other.name != variant.name and letter in (
                        ((other.letter,) if other.letter else ()) + other.legacy_letters):
                    raise PluginError(f"{origin}: code letter {letter!r} of {variant.name} is "
                                      f"already taken by {other.name}")
        self.variants[variant.name] = variant

    def check(self) -> None:
        """Every variant names existing rules, one per slot, with valid parameters."""
        for variant in self.variants.values():
            resolve(variant.rules, variant.params, self, variant.name)

    def _lookup(self, name: str) -> Variant | None:
        key = _normalise(name)
        for variant in self.variants.values():
            if key == _normalise(variant.name) or key in map(_normalise, variant.aliases):
                return variant
        return None

    def variant(self, name: str) -> Variant:
        found = self._lookup(name)
        if found is None:
            raise VariantError(f"unknown variant {name!r}: expected one of "
                               f"{', '.join(sorted(self.variants))}{_suggest(name, self.variants)}")
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
            raise VariantError(f"unknown rule {name!r}: expected one of "
                               f"{', '.join(sorted(self.rules))}"
                               f"{_suggest(name, self.rules)}") from None

    def __iter__(self) -> Iterator[Variant]:
        return iter(self.variants.values())


def _normalise(name: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", name.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s_]+", "-", text)


def _suggest(name: str, choices: Mapping[str, Any]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _origin(ep: metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    name = dist.metadata["Name"] if dist is not None else "?"
    return f"{name}: {ep.value}"


def load_registry() -> Registry:
    """Load every rule and variant from the entry-point groups; check them; fail loudly."""
    reg = Registry()
    eps = metadata.entry_points()
    for ep in sorted(eps.select(group=RULES_GROUP), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken third-party plugin must name itself
            raise PluginError(f"cannot load rule plugin {ep.name!r} ({_origin(ep)}): "
                              f"{type(exc).__name__}: {exc}") from exc
        reg.add_rule(obj, _origin(ep))
        if obj.name != ep.name:
            raise PluginError(f"rule entry point {ep.name!r} ({_origin(ep)}) loads a rule named "
                              f"{obj.name!r}: the two names must agree")
    for ep in sorted(eps.select(group=VARIANTS_GROUP), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:
            raise PluginError(f"cannot load variant {ep.name!r} ({_origin(ep)}): "
                              f"{type(exc).__name__}: {exc}") from exc
        if isinstance(obj, Variant) and not obj.origin:
            dist = getattr(ep, "dist", None)
            obj = _replace(obj, origin=dist.metadata["Name"] if dist is not None else "?")
        reg.add_variant(obj, _origin(ep))
    reg.check()
    return reg


def _replace(variant: Variant, **changes: Any) -> Variant:
    from dataclasses import replace

    return replace(variant, **changes)


@functools.lru_cache(maxsize=1)
def registry() -> Registry:
    """The registry of installed plugins, loaded once per process (a cache, not a plugin
    manager: every rule set still gets its own)."""
    return load_registry()


# -- composition ---------------------------------------------------------------------------------

_MOD = re.compile(r"^([a-z0-9][a-z0-9-]*)(?:=(.+))?$")


def find_variant(spec: "str | Variant" = "app-facil", reg: Registry | None = None) -> Variant:
    """The variant named ``spec``, with aliases and modifiers.

    ``spec`` is a variant name or alias (``"app-facil"``, ``"facil"``, ``"clásico"``), optionally
    followed by ``+rule`` or ``+rule=value`` modifiers: ``"cards4+jokers=2"``,
    ``"traditional+draw-any-time"``, ``"app-facil+undo-limit=5"``. A modifier puts its rule in
    place of the base's rule for the same slot; two modifiers for one slot conflict.
    """
    if isinstance(spec, Variant):
        return spec
    reg = reg or registry()
    if not isinstance(spec, str) or not spec.strip():
        raise VariantError(f"a variant name must be non-empty text, not {spec!r}")
    base_name, *mods = [part.strip() for part in spec.strip().split("+")]
    base = reg.variant(base_name)
    if not mods:
        return base
    rules = dict(base.rules)
    params = dict(base.params)
    chosen: dict[str, str] = {}
    canonical = []
    for mod in mods:
        m = _MOD.match(mod.lower())
        if not m:
            raise VariantError(f"bad modifier {mod!r} in {spec!r}: expected '+rule' or "
                               f"'+rule=value', such as '+jokers=2'")
        name, value = m.group(1), m.group(2)
        rule = reg.rule(name)
        if rule.slot in chosen:
            raise VariantError(f"conflicting options in {spec!r}: {chosen[rule.slot]!r} and "
                               f"{name!r} both decide the {rule.slot} rule")
        chosen[rule.slot] = name
        old = rules.get(rule.slot)
        if old and old != name:
            old_param = reg.rules[old].param if old in reg.rules else None
            if old_param is not None:
                params.pop(old_param.name, None)
        rules[rule.slot] = name
        if value is not None:
            if rule.param is None:
                raise VariantError(f"rule {name!r} takes no value, got {name}={value}")
            params[rule.param.name] = value
        canonical.append(f"{name}={value}" if value is not None else name)
    resolved_params = resolve(rules, params, reg, spec)
    return Variant(
        name="+".join([base.name] + canonical),
        title=f"{base.title} + {', '.join(canonical)}",
        rules=rules, params=resolved_params, letter=None, summary=base.summary,
        rule_ids=base.rule_ids, origin=base.origin)


def resolve(rules: Mapping[str, str], params: Mapping[str, Any], reg: Registry,
            what: str) -> dict[str, Any]:
    """Check a slot→rule mapping and parameters; return the parameters parsed, defaults filled."""
    classes = {}
    for slot, name in rules.items():
        rule = reg.rule(name)
        if rule.slot != slot:
            raise VariantError(f"{what}: rule {name!r} decides the {rule.slot} rule, "
                               f"not the {slot} rule")
        classes[name] = rule
    for name, rule in classes.items():
        for other in rule.conflicts:
            if other in classes:
                raise VariantError(f"conflicting options in {what!r}: {name!r} cannot be "
                                   f"combined with {other!r}")
    out: dict[str, Any] = {}
    known = {r.param.name: r for r in classes.values() if r.param is not None}
    for key in params:
        if key not in known:
            raise VariantError(f"{what}: option {key!r} belongs to no rule of this rule set")
    for key, rule in known.items():
        assert rule.param is not None
        raw = params.get(key, rule.param.default)
        try:
            out[key] = rule.param.parse(raw)
        except (ValueError, TypeError, KeyError) as exc:
            detail = f": {exc}" if str(exc) else ""
            raise VariantError(f"{what}: bad value {raw!r} for {key!r}: {rule.param.help}"
                               f"{detail}") from None
    return out


def effective_rules(variant: Variant) -> dict[str, str]:
    """Slot → rule name, defaults included, in :data:`SLOT_ORDER`."""
    rules = dict(DEFAULT_RULES)
    rules.update(variant.rules)
    return {slot: rules[slot] for slot in sorted(rules, key=_slot_key)}


def _slot_key(slot: str) -> tuple[int, str]:
    return (SLOT_ORDER.index(slot) if slot in SLOT_ORDER else len(SLOT_ORDER), slot)


@dataclass(frozen=True)
class Difference:
    """One line of :func:`diff`: a slot where two variants choose differently."""

    slot: str
    left: str
    right: str
    rule_ids: tuple[str, ...]


def describe_rule(name: str | None, params: Mapping[str, Any], reg: Registry) -> str:
    if name is None:
        return "(none)"
    rule = reg.rule(name)
    if rule.param is not None:
        return f"{name}={params.get(rule.param.name, rule.param.default)}"
    return name


def diff(a: Variant, b: Variant, reg: Registry | None = None) -> list[Difference]:
    """Rule by rule, how two variants differ (``golf variants --diff A B``)."""
    reg = reg or registry()
    ra, rb = effective_rules(a), effective_rules(b)
    out = []
    for slot in sorted(set(ra) | set(rb), key=_slot_key):
        left = describe_rule(ra.get(slot), a.params, reg)
        right = describe_rule(rb.get(slot), b.params, reg)
        if left != right:
            ids: list[str] = []
            for name in (ra.get(slot), rb.get(slot)):
                if name:
                    ids += [i for i in reg.rule(name).rule_ids if i not in ids]
            out.append(Difference(slot, left, right, tuple(ids)))
    return out

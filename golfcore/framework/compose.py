"""How variant strings compose: a base variant plus ``+rule`` or ``+rule=value`` modifiers.

``find_variant("cards4+jokers=2")`` is Cards4 classic with two jokers; each modifier puts its rule
in place of the base's rule for the same slot. Naming two rules for one slot, an unknown rule, a
bad parameter, or two rules that declare a conflict is a :class:`VariantError`. A variant string
belongs to the game of its base variant; modifiers are that game's rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from golfcore.errors import VariantError
from golfcore.framework.compat import game_of, new_params
from golfcore.framework.games import game_kind
from golfcore.framework.registry import Registry, registry, registry_of
from golfcore.framework.variant import Variant
from golfcore.notation import quote

#: The longest variant string read (a base name and its modifiers): anything longer is refused
#: before it is looked up, so that a garbage name costs nothing and its error stays short.
MAX_SPEC = 1000

_MOD = re.compile(r"^([a-z0-9][a-z0-9-]*)(?:=(.+))?$")


def find_variant(spec: str | Variant, reg: Registry | None = None) -> Variant:
    """The variant named ``spec``, with aliases and modifiers.

    ``spec`` is a variant name or alias (``"app-facil"``, ``"facil"``, ``"clásico"``), optionally
    followed by ``+rule`` or ``+rule=value`` modifiers: ``"cards4+jokers=2"``,
    ``"traditional+draw-any-time"``, ``"app-facil+undo-limit=5"``. A modifier puts its rule in
    place of the base's rule for the same slot; two modifiers for one slot conflict. The name
    says the game (variant names are unique across games): ``"card-golf+players=4"`` is a card
    game variant. Without ``reg``, the installed plugins' registry of that game is used.
    """
    if isinstance(spec, Variant):
        return spec
    if not isinstance(spec, str) or not spec.strip():
        raise VariantError(f"a variant name must be non-empty text, not {quote(spec)}")
    if len(spec) > MAX_SPEC:
        raise VariantError(f"variant {quote(spec)} is too long: a variant string holds at "
                           f"most {MAX_SPEC} characters")
    base_name, *mods = [part.strip() for part in spec.strip().split("+")]
    reg = reg or registry_of(base_name)
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
            raise VariantError(f"bad modifier {quote(mod)} in {quote(spec)}: expected '+rule' or "
                               f"'+rule=value', such as '+jokers=2'")
        name, value = m.group(1), m.group(2)
        rule = reg.rule(name)
        if rule.slot in chosen:
            raise VariantError(f"conflicting options in {quote(spec)}: {chosen[rule.slot]!r} and "
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
                raise VariantError(f"rule {name!r} takes no value, got {quote(f'{name}={value}')}")
            params[rule.param.name] = value
        canonical.append(f"{name}={value}" if value is not None else name)
    resolved_params = resolve(with_defaults(rules, reg.kind.defaults), params, reg, spec)
    return Variant(
        name="+".join([base.name] + canonical),
        title=f"{base.title} + {', '.join(canonical)}",
        rules=rules, params=resolved_params, letter=None, summary=base.summary,
        rule_ids=base.rule_ids, origin=composed_origin(base, chosen.values(), reg),
        game=base.game)


def composed_origin(base: Variant, modifiers: Iterable[str], reg: Registry) -> str:
    """Where a composed variant comes from: the base variant's distribution, then each other
    distribution a modifier's rule comes from (``golfcore + golf-house``)."""
    origins = [base.origin or "?"]
    for name in modifiers:
        where = reg.rule_distributions.get(name) or reg.rule_origins.get(name) or "?"
        if where not in origins:
            origins.append(where)
    return " + ".join(origins)


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
    params = new_params(params, reg.kind, known, what)
    for key in params:
        if key not in known:
            takes = ", ".join(sorted(known)) or "none of its rules takes a value"
            raise VariantError(f"{what}: option {key!r} belongs to no rule of this rule set: "
                               f"params are keyed by the name of a rule that takes a value "
                               f"({takes})")
    for key, rule in known.items():
        assert rule.param is not None
        raw = params.get(key, rule.param.default)
        try:
            out[key] = rule.param.parse(raw)
        except (ValueError, TypeError, KeyError) as exc:
            detail = f": {exc}" if str(exc) else ""
            raise VariantError(f"{what}: bad value {quote(raw)} for {key!r}: {rule.param.help}"
                               f"{detail}") from None
    return out


def effective_rules(variant: Variant) -> dict[str, str]:
    """Slot → rule name, the game's defaults included, in the game's slot order."""
    kind = game_kind(game_of(variant))
    rules = with_defaults(variant.rules, kind.defaults)
    return {slot: rules[slot] for slot in sorted(rules, key=kind.slot_key)}


def with_defaults(rules: Mapping[str, str], defaults: Mapping[str, str]) -> dict[str, str]:
    """``rules`` with a default rule in each slot it leaves out."""
    return {**defaults, **rules}


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
    """Rule by rule, how two variants of one game differ (``golf variants --diff A B``).

    Variants of different games share no rule: :class:`VariantError`."""
    if a.game != b.game:
        raise VariantError(f"{a.name} is a {a.game} variant and {b.name} a {b.game} variant: "
                           f"only variants of one game can be compared")
    reg = reg or registry(a.game)
    kind = reg.kind
    ra, rb = effective_rules(a), effective_rules(b)
    out = []
    for slot in sorted(set(ra) | set(rb), key=kind.slot_key):
        left = describe_rule(ra.get(slot), a.params, reg)
        right = describe_rule(rb.get(slot), b.params, reg)
        if left != right:
            ids: list[str] = []
            for name in (ra.get(slot), rb.get(slot)):
                if name:
                    ids += [i for i in reg.rule(name).rule_ids if i not in ids]
            out.append(Difference(slot, left, right, tuple(ids)))
    return out


__all__ = ["MAX_SPEC", "Difference", "diff", "find_variant"]

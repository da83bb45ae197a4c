"""Which variants a case written for ``variants: [all]`` applies to: those whose rules it assumes.

A case of the shipped suite was written for golfcore's own variants. ``all`` used to mean every
installed variant, so a plugin variant that plays another rule (sevens wild, aces high) ran
cases written for rules it does not play, and failed them; and a case that named golfcore's
variants never ran under a plugin variant playing the same rules. What a case assumes is
derived from data: in each slot, one of the rules the variants it names play there (for ``all``:
golfcore's own variants of the case's game), with its parameter, or no rule where one of them
has none. :func:`applies` says whether a variant's
effective rules (:func:`golfcore.framework.compose.effective_rules`) satisfy that; a rule of
another name satisfies it when it says it implements the same rule ids (its ``rule_ids``), so
a plugin rule that claims a built-in rule's meaning still runs, and fails, that rule's cases.
"""

from __future__ import annotations

from collections.abc import Iterable

from golfcore.framework.compose import effective_rules
from golfcore.framework.registry import Registry
from golfcore.framework.variant import Variant

#: The origin of golfcore's own variants (:attr:`Variant.origin`).
BUILT_IN = "golfcore"

#: slot → the rules (``name`` or ``name=value``) a variant may play there; ``None``: no rule
Assumption = dict[str, frozenset[str | None]]


def played(variant: Variant, reg: Registry) -> dict[str, str]:
    """Slot → the rule ``variant`` plays there, as ``name`` or ``name=value``."""
    out = {}
    for slot, name in effective_rules(variant).items():
        rule = reg.rules.get(name)
        param = getattr(rule, "param", None)
        out[slot] = (f"{name}={variant.params.get(param.name, param.default)}"
                     if param is not None else name)
    return out


def assumption_of(variants: Iterable[Variant], reg: Registry) -> Assumption:
    """What a case written for ``variants`` assumes: in each slot, one of their rules (or none,
    where one of them plays no rule in that slot)."""
    plays = [played(v, reg) for v in variants]
    slots = {slot for p in plays for slot in p}
    return {slot: frozenset(p.get(slot) for p in plays) for slot in slots}


def built_in_assumption(reg: Registry) -> Assumption:
    """What a case for ``all`` of golfcore's own variants of ``reg``'s game assumes."""
    return assumption_of([v for v in reg if v.origin == BUILT_IN], reg)


def _ids(name: str, reg: Registry) -> frozenset[str]:
    rule = reg.rules.get(name.split("=", 1)[0])
    return frozenset(getattr(rule, "rule_ids", ()) or ())


def _satisfies(rule: str | None, allowed: frozenset[str | None], reg: Registry) -> bool:
    if rule in allowed:
        return True
    if rule is None:
        return False
    mine = _ids(rule, reg)
    value = rule.partition("=")[2]
    for other in allowed:
        if other is None or other.partition("=")[2] != value:
            continue
        theirs = _ids(other, reg)
        if theirs and theirs <= mine:
            return True
    return False


def applies(variant: Variant, assumption: Assumption, reg: Registry) -> bool:
    """Whether ``variant`` plays, in every slot, a rule ``assumption`` allows there (a rule
    that says it implements the rule ids of an allowed one counts as that rule)."""
    plays = played(variant, reg)
    return all(_satisfies(plays.get(slot), assumption.get(slot, frozenset({None})), reg)
               for slot in set(plays) | set(assumption))


def extended(named: list[str], reg: Registry) -> list[str]:
    """The variants a case that names ``named`` runs under: those, then every installed variant
    not golfcore's own whose rules the named variants share (:func:`assumption_of`)."""
    from golfcore.framework.compose import find_variant

    assumption = assumption_of([find_variant(n, reg) for n in named], reg)
    return list(named) + [v.name for v in reg if v.origin != BUILT_IN and v.name not in named
                          and applies(v, assumption, reg)]


def variants_for_all(reg: Registry) -> list[str]:
    """The variants a case for ``all`` runs under: golfcore's own, and every installed one whose
    rules are theirs."""
    assumption = built_in_assumption(reg)
    return [v.name for v in reg if v.origin == BUILT_IN or applies(v, assumption, reg)]

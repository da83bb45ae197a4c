"""What a case assumes of the rules in play, and which variants (or an engine's offers) satisfy it.

A case of the shipped suite was written for golfcore's own variants. ``all`` used to mean every
installed variant, so a plugin variant that plays another rule (sevens wild, aces high) ran
cases written for rules it does not play, and failed them. Now a case runs under a variant when
the variant's effective rules (:func:`golfcore.framework.compose.effective_rules`) satisfy what
the case assumes (:class:`Assumes`):

- a case of format 6 may say it (``assumes``: slot → rule; ``checks``: rule ids the variant's
  rules must implement): slots it does not name are free;
- otherwise it is derived from data: in each slot, one of the rules the variants it names play
  there (for ``all``: golfcore's own variants of the case's game), with its parameter, or no
  rule where one of them has none. A slot whose effect a case sees only through some fields
  (:data:`SEPARABLE`: the solitaire's score, undo, hint and messages) is assumed only when the
  case reads those fields.

A rule of another name satisfies an assumed one when it says it implements the same rule ids
(its ``rule_ids``), so a plugin rule that claims a built-in rule's meaning still runs, and fails,
that rule's cases. An engine that plays, in some slot, a rule golfcore has none for (its
``own`` slots, ``docs/engines.md``) is never judged by a case that assumes that slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from golfcore.framework.compose import effective_rules
from golfcore.framework.registry import Registry
from golfcore.framework.variant import Variant

__all__ = ["BUILT_IN", "SEPARABLE", "Assumption", "Assumes", "played", "assumption_of",
           "built_in_assumption", "applies", "extended", "variants_for_all", "derive",
           "explicit", "reads", "implemented_ids", "offer_verdict"]

#: The origin of golfcore's own variants (:attr:`Variant.origin`).
BUILT_IN = "golfcore"

#: slot → the rules (``name`` or ``name=value``) a variant may play there; ``None``: no rule
Assumption = dict[str, frozenset[str | None]]

#: game → slot → (actions, expectation keys): a slot whose rule a case sees only through these
#: actions and fields (the hook the slot's rules implement answers nothing else: the
#: solitaire's ``golf_score``, ``golf_undo_limit``, ``golf_hint``, ``golf_message``).
SEPARABLE: Mapping[str, Mapping[str, tuple[frozenset[str], frozenset[str]]]] = {
    "solitaire": {
        "scoring": (frozenset(), frozenset({"score", "score_kind", "best_score"})),
        "undo": (frozenset({"undo"}), frozenset({"undoable"})),
        "hint": (frozenset({"hint"}), frozenset({"hint_legal"})),
        "messages": (frozenset(), frozenset({"messages"})),
    },
    "card-game": {
        "messages": (frozenset(), frozenset({"messages"})),
    },
}


@dataclass(frozen=True)
class Assumes:
    """What a case assumes of the rules in play.

    ``rules``: slot → the rules allowed there. ``closed``: a slot not in ``rules`` must hold
    no rule (a derived assumption: the case's variants play none there), else it is free (a
    case's own ``assumes``). ``free``: slots left free all the same (separable slots the case
    does not read). ``checks``: rule ids the variant's rules must implement."""

    rules: tuple[tuple[str, frozenset[str | None]], ...]
    closed: bool
    free: frozenset[str] = frozenset()
    checks: tuple[str, ...] = ()

    def allowed(self, slot: str) -> frozenset[str | None] | None:
        """The rules allowed in ``slot``, or None when the case leaves it free."""
        if slot in self.free:
            return None
        for name, allowed in self.rules:
            if name == slot:
                return allowed
        return frozenset({None}) if self.closed else None

    def slots(self) -> set[str]:
        return {name for name, _ in self.rules}

    def to_json(self) -> dict[str, Any]:
        return {"rules": {slot: sorted(r or "" for r in allowed) for slot, allowed in self.rules},
                "closed": self.closed, "free": sorted(self.free), "checks": list(self.checks)}


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


def reads(game: str, actions: Iterable[str], keys: Iterable[str]) -> frozenset[str]:
    """The separable slots of ``game`` that a case with these step ``actions`` and
    expectation ``keys`` reads."""
    actions, keys = set(actions), set(keys)
    return frozenset(slot for slot, (acts, fields) in SEPARABLE.get(game, {}).items()
                     if acts & actions or fields & keys)


def derive(named: Iterable[Variant], reg: Registry, game: str, actions: Iterable[str],
           keys: Iterable[str]) -> Assumes:
    """The assumption of a case that names ``named`` (its steps' ``actions``, its
    expectations' ``keys``): their rules, closed, but for the separable slots it does not
    read."""
    rules = assumption_of(named, reg)
    free = frozenset(SEPARABLE.get(game, {})) - reads(game, actions, keys)
    return Assumes(tuple(sorted(rules.items())), closed=True, free=free)


def explicit(rules: Mapping[str, Iterable[str | None]], checks: Iterable[str] = ()) -> Assumes:
    """A case's own ``assumes`` and ``checks`` (format 6): the slots it names, the rest free."""
    return Assumes(tuple(sorted((slot, frozenset(allowed)) for slot, allowed in rules.items())),
                   closed=False, checks=tuple(checks))


def _ids(name: str, reg: Registry) -> frozenset[str]:
    rule = reg.rules.get(name.split("=", 1)[0])
    return frozenset(getattr(rule, "rule_ids", ()) or ())


def implemented_ids(variant: Variant, reg: Registry) -> frozenset[str]:
    """Every rule id ``variant``'s effective rules say they implement, and the variant's own."""
    out = set(variant.rule_ids)
    for name in effective_rules(variant).values():
        out |= _ids(name, reg)
    return frozenset(out)


def _satisfies(rule: str | None, allowed: frozenset[str | None], reg: Registry) -> bool:
    if rule in allowed:
        return True
    if rule is None:
        return False
    mine = _ids(rule, reg)
    value = rule.partition("=")[2]
    for other in allowed:
        if other is None:
            continue
        if "=" not in other and other == rule.partition("=")[0]:
            return True                 # an assumption that names a rule but not its value
        if other.partition("=")[2] != value:
            continue
        theirs = _ids(other, reg)
        if theirs and theirs <= mine:
            return True
    return False


def _as_assumes(assumption: Assumption | Assumes) -> Assumes:
    if isinstance(assumption, Assumes):
        return assumption
    return Assumes(tuple(sorted(assumption.items())), closed=True)


def applies(variant: Variant, assumption: Assumption | Assumes, reg: Registry,
            ignore: Iterable[str] = ()) -> bool:
    """Whether ``variant`` plays, in every slot, a rule ``assumption`` allows there (a rule
    that says it implements the rule ids of an allowed one counts as that rule), and
    implements the rule ids it checks. Slots in ``ignore`` are not looked at."""
    a = _as_assumes(assumption)
    plays = played(variant, reg)
    skipped = set(ignore)
    for slot in (set(plays) | a.slots()) - skipped:
        allowed = a.allowed(slot)
        if allowed is not None and not _satisfies(plays.get(slot), allowed, reg):
            return False
    return not a.checks or set(a.checks) <= implemented_ids(variant, reg)


def offer_verdict(variant: Variant, assumption: Assumes, reg: Registry,
                  own: Mapping[str, str]) -> tuple[bool, str | None]:
    """Whether a case with ``assumption`` concerns an engine's offer that plays ``variant``'s
    rules but its ``own`` slots (slot → what the engine plays there), and why it must be
    skipped when it assumes one of those: ``(applies, reason or None)``."""
    if not applies(variant, assumption, reg, ignore=own):
        return False, None
    for slot in sorted(own):
        if assumption.allowed(slot) is not None:
            return True, f"the engine plays its own {slot}: {own[slot]}"
    return True, None


def extended(named: list[str], reg: Registry,
             assumption: Assumption | Assumes | None = None) -> list[str]:
    """The variants a case that names ``named`` runs under: those, then every installed variant
    not golfcore's own whose rules satisfy ``assumption`` (by default what the named variants
    share: :func:`assumption_of`)."""
    from golfcore.framework.compose import find_variant

    if assumption is None:
        assumption = assumption_of([find_variant(n, reg) for n in named], reg)
    return list(named) + [v.name for v in reg if v.origin != BUILT_IN and v.name not in named
                          and applies(v, assumption, reg)]


def variants_for_all(reg: Registry, assumption: Assumption | Assumes | None = None,
                     ) -> list[str]:
    """The variants a case for ``all`` runs under: golfcore's own (those whose rules satisfy
    ``assumption`` when it is a case's own), and every installed one whose rules satisfy it
    (by default: golfcore's own variants' rules)."""
    if assumption is None:
        assumption = built_in_assumption(reg)
        return [v.name for v in reg if v.origin == BUILT_IN or applies(v, assumption, reg)]
    return [v.name for v in reg if applies(v, assumption, reg)]

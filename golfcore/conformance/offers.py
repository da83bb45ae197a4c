"""What an engine says it plays: the ``offers`` of its ``hello`` (``docs/engines.md``).

An engine that is not golfcore names its own variants. For each, its ``hello`` may say which
golfcore rule set it claims (``plays``: a variant string such as ``cards4+undo-limit=0``, or
slot → rule over the game's defaults), the features it has there, and what it plays that golfcore
has no rule for (``own``: slot → a description). :func:`read_offers` checks them;
:func:`decide` says, for a case and an offer, whether the case runs there, is skipped (with the
reason), or does not concern the offer at all. The runner then sends the offer's own variant
name in ``new``, and compares per-variant expectations with those of the case's variant that
plays the offer's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from golfcore.conformance.assumptions import Assumes, derive, offer_verdict, played
from golfcore.conformance.model import Case
from golfcore.errors import GolfError
from golfcore.framework.variant import Variant

__all__ = ["Offer", "OfferError", "read_offers", "decide", "RUN", "SKIPPED", "NOT_HERE"]

#: :func:`decide`'s answers.
RUN, SKIPPED, NOT_HERE = "run", "skipped", "not-here"
GAMES = ("solitaire", "card-game")


class OfferError(GolfError):
    """An engine's ``offers`` that cannot be read: the message says which and why."""


@dataclass(frozen=True)
class Offer:
    """One variant an engine offers, and the golfcore rules it claims to play there."""

    #: the engine's own name for it, sent in ``new``
    variant: str
    game: str
    #: the claimed rules as a golfcore variant
    rules: Variant
    #: the claim as the engine wrote it (a variant string or slot → rule)
    plays: Any
    features: frozenset[str]
    #: slot → what the engine plays there that golfcore has no rule for
    own: Mapping[str, str] = field(default_factory=dict)
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "game": self.game, "plays": self.plays,
                "features": sorted(self.features), "own": dict(self.own),
                "title": self.title}


def _claimed(name: str, game: str, plays: Any) -> Variant:
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    reg = registry(game)
    if isinstance(plays, str):
        try:
            variant = find_variant(plays, reg)
        except GolfError as exc:
            raise OfferError(f"offer {name!r}: plays: {exc}") from None
        if variant.game != game:
            raise OfferError(f"offer {name!r}: plays {plays!r}, a {variant.game} variant, "
                             f"in the {game}")
        return variant
    if not isinstance(plays, Mapping) or not plays:
        raise OfferError(f"offer {name!r}: 'plays' must be a golfcore variant string or a "
                         f"mapping slot -> rule, not {plays!r}")
    rules: dict[str, str] = {}
    params: dict[str, Any] = {}
    for slot, text in plays.items():
        if not isinstance(text, str):
            raise OfferError(f"offer {name!r}: plays: {slot}: expected a rule name, not "
                             f"{text!r}")
        rule_name, has_value, value = text.partition("=")
        try:
            rule = reg.rule(rule_name)
        except GolfError as exc:
            raise OfferError(f"offer {name!r}: plays: {slot}: {exc}") from None
        if rule.slot != slot:
            raise OfferError(f"offer {name!r}: plays: rule {rule_name!r} is a rule of the "
                             f"slot {rule.slot!r}, not {slot!r}")
        rules[slot] = rule_name
        param = getattr(rule, "param", None)
        if has_value:
            if param is None:
                raise OfferError(f"offer {name!r}: plays: rule {rule_name!r} takes no value")
            try:
                params[param.name] = param.parse(value)
            except (GolfError, ValueError) as exc:
                raise OfferError(f"offer {name!r}: plays: {text!r}: {exc}") from None
    return Variant(name=f"{name}-claimed", title=name, rules=rules, params=params, game=game,
                   origin="engine")


def read_offers(hello: Mapping[str, Any], features: frozenset[str]) -> list[Offer]:
    """The offers of an engine's ``hello`` reply (none when it names none), each checked."""
    raw = hello.get("offers")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise OfferError(f"'offers' must be a list, not {type(raw).__name__}")
    out: list[Offer] = []
    seen: set[str] = set()
    for item in raw:
        if not isinstance(item, Mapping) or not isinstance(item.get("variant"), str):
            raise OfferError(f"each offer needs a 'variant' (the engine's name for it): "
                             f"{item!r}")
        name = item["variant"]
        if name in seen:
            raise OfferError(f"offer {name!r} is named twice")
        seen.add(name)
        game = item.get("game", "solitaire")
        if game not in GAMES:
            raise OfferError(f"offer {name!r}: unknown game {game!r}: expected "
                             f"{' or '.join(GAMES)}")
        own = item.get("own") or {}
        if not isinstance(own, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) and v for k, v in own.items()):
            raise OfferError(f"offer {name!r}: 'own' must map slots to what the engine plays "
                             f"there, in words")
        offered = item.get("features")
        if offered is not None and not (isinstance(offered, list)
                                        and all(isinstance(f, str) for f in offered)):
            raise OfferError(f"offer {name!r}: 'features' must be a list of names")
        out.append(Offer(name, game, _claimed(name, game, item.get("plays")),
                         item.get("plays"),
                         frozenset(offered) if offered is not None else features,
                         dict(own), str(item.get("title", ""))))
    return out


def decide(case: Case, offer: Offer) -> tuple[str, str | None, str | None]:
    """Whether ``case`` runs under ``offer``: ``(RUN, golfcore variant, None)`` with the case's
    variant whose expectations apply; ``(SKIPPED, None, reason)``; or ``(NOT_HERE, None,
    None)`` when the offer's rules are not those the case assumes (for a case whose
    expectations differ by variant: those of none of the variants it names)."""
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    if case.game != offer.game:
        return NOT_HERE, None, None
    reg = registry(case.game)
    assumes: Assumes = case.assumes if case.assumes is not None else derive(
        [find_variant(v, reg) for v in case.variants], reg, case.game, (), ())
    concerns, why = offer_verdict(offer.rules, assumes, reg, offer.own)
    if not concerns:
        return NOT_HERE, None, None
    if why is not None:
        return SKIPPED, None, why
    if "code" in case.start:
        return SKIPPED, None, "the start is a golfcore game code, whose letter names " \
                              "golfcore's variant"
    by_variant = any(step.expect_by_variant for step in case.steps)
    mine = played(offer.rules, reg)
    same = [v for v in case.variants
            if {s: r for s, r in played(find_variant(v, reg), reg).items() if s not in offer.own}
            == {s: r for s, r in mine.items() if s not in offer.own}]
    if by_variant and not same:      # written for other variants' rules (as golfcore runs it)
        return NOT_HERE, None, None
    return RUN, (same[0] if same else case.variants[0] if case.variants else None), None

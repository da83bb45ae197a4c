"""A rule set: one variant's plugins in their own plugin manager, with typed, cached answers.

:class:`RuleSet` is the only place that calls ``pm.hook``. It wraps each hook in a typed method,
combines results as the hook's spec says, and caches the answers of pure hooks, so the engine
(:mod:`golfcore.engine`) never touches pluggy. Two rule sets never share anything: build as many
as you like in one process.
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

import pluggy

from golfcore import hookspecs
from golfcore.cards import JOKER, Card, deck
from golfcore.errors import PluginError, VariantError
from golfcore.moves import ALLOW, NOT_ADJACENT, Move, Verdict
from golfcore.variant import Registry, Variant, effective_rules, find_variant, registry, resolve

LANGUAGES = ("es", "en")


class RuleSet:
    """The rules of one variant. ``RuleSet("cards4+jokers=2")`` or ``RuleSet(variant)``."""

    def __init__(self, variant: "Variant | str" = "app-facil", reg: Registry | None = None):
        reg = reg or registry()
        self.variant: Variant = find_variant(variant, reg)
        self.rules: dict[str, str] = effective_rules(self.variant)
        self.options: Mapping[str, Any] = _frozen(
            resolve(self.rules, self.variant.params, reg, self.variant.name))
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        for slot, name in self.rules.items():
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
        self.rule_classes = {name: reg.rule(name) for name in self.rules.values()}
        hook = self.pm.hook
        opts = self.options
        # Pure hooks, asked once.
        self.neighbours: tuple[frozenset[int], ...] = tuple(
            frozenset(r for answer in hook.golf_rank_neighbours(rank=rank, options=opts)
                      for r in answer) if rank else frozenset()
            for rank in range(14))
        waste = hook.golf_initial_waste(options=opts)
        self.initial_waste: int = 1 if waste is None else int(waste)
        if self.initial_waste not in (0, 1):
            raise PluginError(f"golf_initial_waste answered {waste!r}: expected 0 or 1")
        self.extra_cards: tuple[Card, ...] = tuple(
            c for answer in hook.golf_extra_cards(options=opts) for c in answer)
        if any(c != JOKER for c in self.extra_cards):
            raise PluginError("golf_extra_cards may only add jokers: deals are numbered for "
                              "the 52 standard cards plus jokers")
        limit = hook.golf_undo_limit(options=opts)
        self.undo_limit: int | None = None if limit is None else int(limit)
        if self.undo_limit is not None and self.undo_limit < 0:
            raise PluginError(f"golf_undo_limit answered {limit!r}: expected a number >= 0")
        self._verdicts: dict[tuple[Card, Card | None], Verdict] = {}
        # Every (card, waste) verdict, asked once: playable[waste] is the set of cards that
        # may be played on it; the engine's hot path is then a set lookup.
        cards = sorted(set(deck(0) + self.extra_cards) | {JOKER})
        self.playable: dict[Card | None, frozenset[Card]] = {
            waste: frozenset(c for c in cards if self.verdict(c, waste).allowed)
            for waste in cards + [None]}
        # {can_play: may_draw} when every draw rule declares that it ignores the state
        # (Rule.stateless_draw): the engine and the solver then need no state, nor pluggy
        draw_impls = hook.golf_may_draw.get_hookimpls()
        self.draw_table: dict[bool, bool] | None = None
        if all(getattr(impl.plugin, "stateless_draw", False) for impl in draw_impls):
            self.draw_table = {can: self._ask_draw(None, can) for can in (False, True)}
        self._outcome = _single(hook.golf_outcome)

    def __repr__(self) -> str:
        return f"RuleSet({self.variant.name!r})"

    @property
    def name(self) -> str:
        return self.variant.name

    # -- the game's questions --------------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """Every card this variant plays with: the 52 standard cards plus any jokers."""
        return deck(0) + self.extra_cards

    @property
    def jokers(self) -> int:
        return len(self.extra_cards)

    def adjacent(self, card: Card, waste: Card) -> bool:
        """Whether the two ranks are consecutive under this rule set (no verdicts applied)."""
        return card.rank in self.neighbours[waste.rank]

    def verdict(self, card: Card, waste: Card | None) -> Verdict:
        """May ``card`` be played onto ``waste``? Combines every plugin's vote (see the spec)."""
        key = (card, waste)
        found = self._verdicts.get(key)
        if found is None:
            found = self._verdicts[key] = self._vote(card, waste)
        return found

    def _vote(self, card: Card, waste: Card | None) -> Verdict:
        adjacent = (waste is not None and not card.is_joker and not waste.is_joker
                    and card.rank in self.neighbours[waste.rank])
        votes = [v for v in self.pm.hook.golf_play_verdict(
            card=card, waste=waste, adjacent=adjacent, options=self.options) if v is not None]
        denials = sorted(v.reason or "" for v in votes if not v.allowed)
        if denials:
            return Verdict(False, denials[0])
        if votes or adjacent:
            return ALLOW
        return Verdict(False, NOT_ADJACENT)

    def may_draw(self, state: Any, can_play: bool) -> bool:
        """Whether drawing is allowed now (the stock is known not to be empty)."""
        if self.draw_table is not None:
            return self.draw_table[can_play]
        return self._ask_draw(state, can_play)

    def _ask_draw(self, state: Any, can_play: bool) -> bool:
        answer = self.pm.hook.golf_may_draw(state=state, can_play=can_play, options=self.options)
        return True if answer is None else bool(answer)

    def outcome(self, state: Any) -> Any:
        from golfcore.state import Outcome

        if self._outcome is not None:  # one implementation: call it without pluggy's dispatch
            answer = self._outcome(state=state, rules=self)
        else:
            answer = self.pm.hook.golf_outcome(state=state, rules=self)
        if answer is None:
            raise PluginError(f"variant {self.name!r}: no rule decided the outcome")
        return Outcome(answer)

    def score(self, state: Any, outcome: Any) -> Any:
        return self.pm.hook.golf_score(state=state, outcome=outcome, options=self.options)

    def hint_for(self, state: Any, legal: Sequence[Move]) -> Move | None:
        if not legal:
            return None
        return self.pm.hook.golf_hint(state=state, legal=list(legal), rules=self)

    @functools.lru_cache(maxsize=256)
    def message(self, reason: str, lang: str = "es") -> str:
        """The text for a reason code in ``lang`` (``es`` or ``en``)."""
        if lang not in LANGUAGES:
            raise VariantError(f"unknown language {lang!r}: expected one of "
                               f"{', '.join(LANGUAGES)}")
        answer = self.pm.hook.golf_message(reason=reason, lang=lang, options=self.options)
        return answer if answer is not None else reason

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


def _single(caller: Any) -> Any:
    """The function of a hook's only implementation, when calling it directly is exactly what
    pluggy would do (one plain implementation, no wrappers); else ``None``."""
    impls = caller.get_hookimpls()
    if len(impls) != 1 or impls[0].hookwrapper or getattr(impls[0], "wrapper", False):
        return None
    return impls[0].function


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    from types import MappingProxyType

    return MappingProxyType(dict(mapping))


@functools.lru_cache(maxsize=64)
def rule_set(variant: str = "app-facil") -> RuleSet:
    """A shared, cached :class:`RuleSet` for a variant string (rule sets are immutable)."""
    return RuleSet(variant)

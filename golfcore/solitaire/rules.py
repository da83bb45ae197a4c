"""The solitaire's rule set: one variant's plugins, with typed, cached answers.

:class:`RuleSet` (built on :class:`golfcore.framework.ruleset.BaseRuleSet`) is the only place
that calls the solitaire's hooks. It wraps each hook in a typed method,
combines results as the hook's spec says, and caches the answers of pure hooks, so the engine
(:mod:`golfcore.solitaire.engine`) never touches pluggy. Two rule sets never share anything:
build as many as you like in one process.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from golfcore.cards import JOKER, Card, deck
from golfcore.errors import PluginError
from golfcore.framework.registry import Registry
from golfcore.framework.ruleset import LANGUAGES, BaseRuleSet, single_impl
from golfcore.framework.variant import Variant
from golfcore.solitaire.moves import ALLOW, NOT_ADJACENT, Move, Verdict

__all__ = ["LANGUAGES", "RuleSet", "rule_set"]


class RuleSet(BaseRuleSet):
    """The rules of one solitaire variant: ``RuleSet("cards4+jokers=2")`` or
    ``RuleSet(variant)``."""

    GAME = "solitaire"

    def __init__(self, variant: Variant | str = "app-facil", reg: Registry | None = None):
        super().__init__(variant, reg)
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
        passes = hook.golf_stock_passes(options=opts)
        if passes is not None and (isinstance(passes, bool) or not isinstance(passes, int)
                                   or passes < 0):
            raise PluginError(f"golf_stock_passes answered {passes!r}: expected a whole number "
                              f">= 0 (the redeals allowed)")
        #: How many redeals (passes through the stock after the first) a game allows.
        self.stock_passes: int = passes or 0
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
        self._outcome = single_impl(hook.golf_outcome)

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
        if not all(isinstance(v, Verdict) for v in votes):
            self._bad_vote(card=card, waste=waste, adjacent=adjacent, options=self.options)
        denials = sorted(v.reason or "" for v in votes if not v.allowed)
        if denials:
            return Verdict(False, denials[0])
        if votes or adjacent:
            return ALLOW
        return Verdict(False, NOT_ADJACENT)

    def _bad_vote(self, **kwargs: Any) -> None:
        """Name the rule whose ``golf_play_verdict`` answered something that is no vote."""
        for impl in self.pm.hook.golf_play_verdict.get_hookimpls():
            vote = impl.function(**{k: kwargs[k] for k in impl.argnames})
            if vote is not None and not isinstance(vote, Verdict):
                raise PluginError(f"rule {impl.plugin_name!r}: golf_play_verdict answered "
                                  f"{vote!r}: return allow(), deny(reason) or abstain() "
                                  f"(golfcore.solitaire.hookspecs)")

    def may_draw(self, state: Any, can_play: bool) -> bool:
        """Whether drawing is allowed now (the stock is known not to be empty)."""
        if self.draw_table is not None:
            return self.draw_table[can_play]
        return self._ask_draw(state, can_play)

    def _ask_draw(self, state: Any, can_play: bool) -> bool:
        answer = self.pm.hook.golf_may_draw(state=state, can_play=can_play, options=self.options)
        return True if answer is None else bool(answer)

    def outcome(self, state: Any) -> Any:
        from golfcore.solitaire.state import Outcome

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


@functools.lru_cache(maxsize=64)
def rule_set(variant: str = "app-facil") -> RuleSet:
    """A shared, cached :class:`RuleSet` for a variant string (rule sets are immutable)."""
    return RuleSet(variant)

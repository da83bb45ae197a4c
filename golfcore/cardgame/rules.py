"""The card game's rule set: one variant's plugins, every answer asked once.

:class:`RuleSet` (built on :class:`golfcore.framework.ruleset.BaseRuleSet`) is the only place
that calls the card game's hooks (:mod:`golfcore.cardgame.hookspecs`). Every hook is pure, so the
rule set asks each once when it is built and keeps plain attributes (the board shape, the deck,
a value per card, the cancelling lines ...): the engine never touches pluggy.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from golfcore.cards import Card
from golfcore.errors import PluginError
from golfcore.framework.compat import first_place
from golfcore.framework.registry import Registry
from golfcore.framework.ruleset import BaseRuleSet
from golfcore.framework.variant import Variant
from golfcore.cardgame.board import SHAPES, format_shape

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "RESHUFFLE", "END_ROUND", "RuleSet", "rule_set"]

#: CG-01: 2 to 6 players.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: What :attr:`RuleSet.stock_exhausted` may be.
RESHUFFLE, END_ROUND = "reshuffle", "end-round"


class RuleSet(BaseRuleSet):
    """The rules of one card-game variant: ``RuleSet("six-card")``,
    ``RuleSet("card-golf+shape=3x4")``."""

    GAME = "card-game"

    def __init__(self, variant: Variant | str = "card-golf", reg: Registry | None = None):
        super().__init__(variant, reg)
        hook, opts = self.pm.hook, self.options
        players = hook.golf_players(options=opts)
        self.players: int = 2 if players is None else int(players)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PluginError(f"golf_players answered {players!r}: expected 2 to 6")
        shape = hook.golf_board_shape(options=opts)
        if shape is None or tuple(shape) not in SHAPES:
            raise PluginError(f"variant {self.name!r}: golf_board_shape answered {shape!r}: "
                              f"expected one of {', '.join(format_shape(s) for s in SHAPES)}")
        self.shape: tuple[int, int] = (int(shape[0]), int(shape[1]))
        self.size: int = self.shape[0] * self.shape[1]
        self.deck: tuple[Card, ...] = tuple(
            c for answer in hook.golf_deck(options=opts) for c in answer)
        if len(self.deck) < MAX_PLAYERS * self.size + 2:
            raise PluginError(f"variant {self.name!r}: a deck of {len(self.deck)} cards cannot "
                              f"deal {MAX_PLAYERS} boards of {self.size}, a discard and a stock")
        self.counts: Counter[Card] = Counter(self.deck)
        rows, cols = self.shape
        face_up = hook.golf_initial_face_up(rows=rows, columns=cols, options=opts)
        self.initial_face_up: int = 0 if face_up is None else int(face_up)
        if not 0 <= self.initial_face_up < self.size:
            raise PluginError(f"golf_initial_face_up answered {face_up!r}: expected 0 to "
                              f"{self.size - 1}")
        self.values: dict[Card, int] = {}
        for card in sorted(set(self.deck)):
            value = hook.golf_card_value(card=card, options=opts)
            if value is None or isinstance(value, bool) or not isinstance(value, int):
                raise PluginError(f"variant {self.name!r}: no rule gives the value of "
                                  f"{card} (golf_card_value answered {value!r})")
            self.values[card] = value
        lines: list[tuple[int, ...]] = []
        args = {"rows": rows, "columns": cols, "options": opts}
        # each rule's answer apart, in pluggy's order: a rule written for golfcore 0.1 numbers
        # its places from 0 (it does not say places_from = 1: framework.compat)
        for impl in reversed(hook.golf_cancelling_lines.get_hookimpls()):
            first = first_place(type(impl.plugin))
            answer: Any = impl.function(*[args[name] for name in impl.argnames])
            for line in answer:
                line = tuple(line)
                if (len(line) < 2 or any(isinstance(p, bool) or not isinstance(p, int)
                                         or not first <= p < first + self.size for p in line)):
                    raise PluginError(self._bad_line(impl.plugin_name, line, first))
                line = tuple(p - first for p in line)
                if line not in lines:
                    lines.append(line)
        #: The cancelling lines as 0-based indices into a board's cards (the engine's and the
        #: bots'; the hook numbers places from 1).
        self.lines: tuple[tuple[int, ...], ...] = tuple(lines)
        #: Whether some rule adjusts a board's score (``golf_board_adjustment``).
        self.adjusts: bool = bool(hook.golf_board_adjustment.get_hookimpls())
        discard = hook.golf_may_discard_drawn(options=opts)
        self.may_discard_drawn: bool = True if discard is None else bool(discard)
        turns_up = hook.golf_discard_turns_up(options=opts)
        #: Whether discarding a drawn card turns up a face-down card (CG-04: ``discard N``) or
        #: only ends the turn (``discard``).
        self.discard_turns_up: bool = True if turns_up is None else bool(turns_up)
        exhausted = hook.golf_stock_exhausted(options=opts)
        self.stock_exhausted: str = RESHUFFLE if exhausted is None else exhausted
        if self.stock_exhausted not in (RESHUFFLE, END_ROUND):
            raise PluginError(f"golf_stock_exhausted answered {exhausted!r}: expected "
                              f"{RESHUFFLE!r} or {END_ROUND!r}")
        if not self.pm.hook.golf_match_over.get_hookimpls():
            raise PluginError(f"variant {self.name!r}: no rule says when the match ends")

    # -- questions asked after each round -------------------------------------------------------

    def ender_score(self, score: int, others: Sequence[int]) -> int:
        """The round score of the player who ended the round (CG-07)."""
        answer = self.pm.hook.golf_ender_score(score=score, others=list(others),
                                               options=self.options)
        return score if answer is None else int(answer)

    def _bad_line(self, rule: str, line: tuple[Any, ...], first: int) -> str:
        text = (f"variant {self.name!r}: golf_cancelling_lines answered {line!r}: a line is two "
                f"or more board places, numbered from 1 to {self.size} row by row")
        if first == 0:
            text = (f"variant {self.name!r}: rule {rule!r} answered golf_cancelling_lines "
                    f"{line!r}: it does not say places_from = 1, so its places are read as "
                    f"numbered from 0 to {self.size - 1}, as golfcore 0.1 numbered them; number "
                    f"them from 1 to {self.size} and set places_from = 1 on the rule class")
        return text

    def adjustment(self, cards: Sequence[Card | None]) -> int:
        """The sum of the rules' ``golf_board_adjustment`` for a board's cards (in place order,
        ``None`` for a face-down card); 0 when no rule adjusts."""
        if not self.adjusts:
            return 0
        cols = self.shape[1]
        rows = [tuple(cards[r * cols:(r + 1) * cols]) for r in range(self.shape[0])]
        total = 0
        for answer in self.pm.hook.golf_board_adjustment(rows=rows, options=self.options):
            if isinstance(answer, bool) or not isinstance(answer, int):
                raise PluginError(f"variant {self.name!r}: golf_board_adjustment answered "
                                  f"{answer!r}: expected a whole number of points")
            total += answer
        return total

    def match_over(self, totals: Sequence[int], rounds: int) -> bool:
        """Whether the match ends after ``rounds`` rounds with these totals (CG-09)."""
        answer = self.pm.hook.golf_match_over(totals=list(totals), rounds=rounds,
                                              options=self.options)
        return bool(answer)


@functools.lru_cache(maxsize=64)
def rule_set(variant: str = "card-golf") -> RuleSet:
    """A shared, cached :class:`RuleSet` for a variant string (rule sets are immutable)."""
    return RuleSet(variant)

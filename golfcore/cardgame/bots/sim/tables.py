"""A variant's rules as plain lists (:class:`Tables`): card values, ranks and counts, the lines
and which lines pass each place; the constants the bots' internals share (a face-down card,
the kinds of a turn's second action)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from golfcore.cardgame.rules import END_ROUND, RuleSet, rule_set
from golfcore.cards import Card


#: A face-down card in a view.
HIDDEN = -1
#: Kinds of the second action of a turn, as the simulator names them.
REPLACE, DISCARD = 0, 1
#: The place of a discard that turns nothing up (the action ``discard``).
NO_PLACE = -1


def hold_text(kind: int, place: int) -> str:
    """A second action's text: ``replace N``, ``discard N`` or (no place) ``discard``."""
    word = "replace" if kind == REPLACE else "discard"
    return word if place < 0 else f"{word} {place + 1}"


def face_down(rk: Sequence[int], place: int) -> bool:
    """Whether ``place`` is a face-down place of a board's ranks (never :data:`NO_PLACE`)."""
    return place >= 0 and rk[place] < 0


class Tables:
    """One variant's rules as lists: card values and ranks, lines, which lines pass each place."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.variant: str = rules.name
        self.cards: list[Card] = sorted(set(rules.deck))
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.by_text: dict[str, int] = {str(c): i for i, c in enumerate(self.cards)}
        self.val: list[int] = [rules.values[c] for c in self.cards]
        self.rank: list[int] = [c.rank for c in self.cards]
        self.count: list[int] = [rules.counts[c] for c in self.cards]
        self.size: int = rules.size
        self.shape: tuple[int, int] = rules.shape
        self.lines: tuple[tuple[int, ...], ...] = rules.lines
        #: for each place, the lines through it
        self.lines_at: list[tuple[tuple[int, ...], ...]] = [
            tuple(line for line in rules.lines if p in line) for p in range(self.size)]
        #: for each place, the lines through it, each with its other places
        self.line_pairs_at: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = [
            tuple((line, tuple(z for z in line if z != p)) for line in self.lines_at[p])
            for p in range(self.size)]
        self.may_discard: bool = rules.may_discard_drawn
        #: whether discarding a drawn card turns a face-down card up (CG-04) or only ends the
        #: turn (six-card golf's guides: the second action ``(DISCARD, NO_PLACE)``)
        self.discard_turns_up: bool = rules.discard_turns_up
        #: whether some rule adjusts a whole board's points (the simulator does not count it)
        self.adjusts: bool = rules.adjusts
        self.initial_face_up: int = rules.initial_face_up
        self.stock_ends_round: bool = rules.stock_exhausted == END_ROUND
        self.total_value: int = sum(n * v for n, v in zip(self.count, self.val))
        self.total_cards: int = sum(self.count)
        self._ender: dict[tuple[int, tuple[int, ...]], int] = {}
        #: draw_gain of a board against the full shoe (the playouts'), by (ranks, values)
        self.gains: dict[tuple[tuple[int, ...], tuple[float, ...]], float] = {}

    def ender_score(self, score: int, others: Sequence[int]) -> int:
        """The rules' CG-07 answer, remembered (a pluggy call is too slow for playouts)."""
        key = (score, tuple(sorted(others)))
        out = self._ender.get(key)
        if out is None:
            out = self._ender[key] = self.rules.ender_score(score, list(key[1]))
        return out

    def penalised(self, score: float, others: Sequence[tuple[float, float]]) -> float:
        """The expected points of ending the round with ``score`` (known or expected) when the
        others' final points are about normal with these (mean, variance): ``score`` plus the
        rules' penalty (CG-07) weighted by the chance of not being lowest."""
        s = round(score)
        lower = self.ender_score(s, [s - 1]) - s
        tie = self.ender_score(s, [s]) - s
        if not others or (lower == 0 and tie == 0):
            return score
        none_below = 1.0
        none_at_or_below = 1.0
        for mean, var in others:
            sd = math.sqrt(max(var, 0.25))
            none_below *= 1.0 - _phi((s - 0.5 - mean) / sd)
            none_at_or_below *= 1.0 - _phi((s + 0.5 - mean) / sd)
        p_lower = 1.0 - none_below
        p_tie = max(0.0, none_below - none_at_or_below)
        return score + p_lower * lower + p_tie * tie


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@functools.lru_cache(maxsize=64)
def tables(variant: str) -> Tables:
    """Shared :class:`Tables` of a variant string."""
    return Tables(rule_set(variant))

"""Perft of the solitaire (``docs/perft.md``): the lines of legal actions of a given length.

An action is a play, a draw or a redeal, as :func:`golfcore.solitaire.engine.legal_moves`
lists them while the game is played (undo is not an action here); a won or lost game has none,
so a line that ends the game early is not counted.

The transposition key (:func:`state_key`) keeps only what decides the lines that follow: the
columns, the stock, the waste's top card and the passes made, and the whole waste while a
redeal is still allowed (it becomes the next stock). That is exact when the draw rule decides
from whether a card can be played (every built-in draw rule declares it: ``stateless_draw``)
and the outcome is golfcore's ``standard-outcome``; under other rules the key is the whole
game state, which is exact whatever a rule reads.

>>> from golfcore.solitaire.rules import rule_set
>>> rules = rule_set("app-facil")
>>> start = engine.start_deal(rules, 1)
>>> [perft(rules, start, d) for d in range(4)]
[1, 1, 2, 4]
"""

from __future__ import annotations

from collections.abc import Hashable

from golfcore.framework import perft as core
from golfcore.solitaire import engine
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.state import GameState, Outcome


def children(rules: RuleSet, state: GameState) -> list[tuple[str, GameState]]:
    """Each legal action's text (``"3"``, ``"draw"``, ``"redeal"``) and the state after it."""
    if rules.outcome(state) is not Outcome.PLAYING:
        return []
    return [(str(move), engine.apply(rules, state, move).state)
            for move in engine.legal_moves(rules, state)]


def position_decides(rules: RuleSet) -> bool:
    """Whether the rules decide the next actions from the position alone (see the module)."""
    outcome = rules.pm.hook.golf_outcome.get_hookimpls()
    return (rules.draw_table is not None and len(outcome) == 1
            and getattr(outcome[0].plugin, "name", None) == "standard-outcome")


def state_key(rules: RuleSet, state: GameState) -> Hashable:
    """What decides the lines that follow ``state`` (see the module)."""
    return _functions(rules)[1](state)


def _functions(rules: RuleSet) -> tuple[core.Children[GameState], core.Key[GameState]]:
    def kids(state: GameState) -> list[tuple[str, GameState]]:
        return children(rules, state)

    if not position_decides(rules):
        return kids, lambda state: state
    passes = rules.stock_passes

    def key(state: GameState) -> Hashable:
        position = state.position
        if position.passes < passes:
            return position
        return (position.columns, position.stock, position.waste_top, position.passes)

    return kids, key


def perft(rules: RuleSet, state: GameState, depth: int, limit: int | None = None) -> int:
    """The number of lines of ``depth`` legal actions from ``state`` under ``rules``
    (``limit``: the most states expanded, else :class:`~golfcore.framework.perft.PerftLimit`)."""
    kids, key = _functions(rules)
    return core.count(kids, key, state, depth, limit)


def divide(rules: RuleSet, state: GameState, depth: int,
           limit: int | None = None) -> list[tuple[str, int]]:
    """Each first action with the lines of ``depth`` actions it begins."""
    kids, key = _functions(rules)
    return core.divide(kids, key, state, depth, limit)


def brute(rules: RuleSet, state: GameState, depth: int) -> int:
    """:func:`perft` walking every line, without the table (to check it, at small depths)."""
    return core.brute_count(lambda s: children(rules, s), state, depth)


__all__ = ["brute", "children", "divide", "perft", "position_decides", "state_key"]

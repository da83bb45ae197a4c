"""Perft of the card game (``docs/perft.md``): the lines of legal actions of a given length.

A match starts from a chosen deal (a match code ``GC1-...``, a replay code ``GK1-...``, or a
seed): the deal fixes every card, the stock's order and every later shuffle, so nothing is left
to chance and every line is a line of actions alone. The actions are every seat's in turn: at
each state, the legal actions of each seat that may act (:func:`golfcore.cardgame.engine.
legal_actions`); between rounds every seat may deal the next one, and ``next`` counts once
(each seat's ``next`` leads to the same state). The match's end has no action, so a line that
ends the match early is not counted. The transposition key is the whole match state (an
immutable value that knows every card): exact whatever the rules.

>>> from golfcore.cardgame.match import Match
>>> match = Match.from_code("GC1-G233-AAAAAAB")
>>> [perft(match.rules, match.state, d) for d in range(3)]
[1, 2, 27]
"""

from __future__ import annotations

from golfcore.cardgame import engine
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.state import MatchState
from golfcore.framework import perft as core


def children(rules: RuleSet, match: MatchState) -> list[tuple[str, MatchState]]:
    """Each legal action's text (``"reveal 3"``, ``"draw"``, ``"next"``) and the state after
    it, the seats in order; an action several seats may take (``next``) once."""
    if match.over:
        return []
    if match.current.step == "over":
        seats = range(match.players)
    else:
        seats = range(match.current.turn, match.current.turn + 1)
    out: dict[str, MatchState] = {}
    for seat in seats:
        for action in engine.legal_actions(rules, match, seat):
            text = str(action)
            if text not in out:
                out[text] = engine.act(rules, match, seat, action).state
    return list(out.items())


def _kids(rules: RuleSet) -> core.Children[MatchState]:
    return lambda match: children(rules, match)


def perft(rules: RuleSet, match: MatchState, depth: int, limit: int | None = None) -> int:
    """The number of lines of ``depth`` legal actions from ``match`` under ``rules``
    (``limit``: the most states expanded, else :class:`~golfcore.framework.perft.PerftLimit`)."""
    return core.count(_kids(rules), lambda m: m, match, depth, limit)


def divide(rules: RuleSet, match: MatchState, depth: int,
           limit: int | None = None) -> list[tuple[str, int]]:
    """Each first action with the lines of ``depth`` actions it begins."""
    return core.divide(_kids(rules), lambda m: m, match, depth, limit)


def brute(rules: RuleSet, match: MatchState, depth: int) -> int:
    """:func:`perft` walking every line, without the table (to check it, at small depths)."""
    return core.brute_count(_kids(rules), match, depth)


__all__ = ["brute", "children", "divide", "perft"]

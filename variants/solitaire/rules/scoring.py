"""How a game is scored (slot ``scoring``): APP-13, APP-14, APP-15, C4-13, APP-17."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.position import TABLEAU_CARDS
from golfcore.solitaire.scoring import POINTS, RESULT, STROKES, Score
from golfcore.solitaire.state import GameState, Outcome
from golfcore.framework.variant import Rule


class AppPoints(Rule):
    """The app's points: +10 a card removed, 0 a draw, −10 a card left when blocked, never
    below 0 (APP-13, APP-14). A function of the state alone, so undo reverts a move's points and
    a block's penalty (APP-15). Cards not in the columns count as removed, so a partial position
    (the documents' worked examples) scores as the game that led to it."""

    name = "app-points"
    slot = "scoring"
    rule_ids = ("APP-13", "APP-14", "APP-15")
    summary = "+10 a card removed, -10 a card left when blocked, never below 0"

    @hookimpl
    def golf_score(self, state: GameState, outcome: Outcome,
                   options: Mapping[str, Any]) -> Score:
        left = state.position.tableau_count
        points = 10 * (TABLEAU_CARDS - left)
        if outcome is Outcome.LOST:
            points -= 10 * left
        return Score(POINTS, max(0, points))


class WonLost(Rule):
    """Cards4 records each game as won or lost, no points, no strokes (C4-13)."""

    name = "won-lost"
    slot = "scoring"
    rule_ids = ("C4-13",)
    summary = "each game is only won or lost"

    @hookimpl
    def golf_score(self, state: GameState, outcome: Outcome,
                   options: Mapping[str, Any]) -> Score:
        return Score(RESULT, None)


class Strokes(Rule):
    """Traditional strokes: each game is a hole. When the game is stuck, a stroke for each card
    left on the tableau; when the tableau is cleared, minus one per unused stock card (C4-13).
    While the game goes on the hole has no score yet. Nine holes make a round against par 45:
    :class:`golfcore.solitaire.scoring.Round` (APP-17)."""

    name = "strokes"
    slot = "scoring"
    rule_ids = ("C4-13", "APP-17")
    summary = "strokes: cards left when stuck, minus unused stock cards when cleared"

    @hookimpl
    def golf_score(self, state: GameState, outcome: Outcome,
                   options: Mapping[str, Any]) -> Score:
        if outcome is Outcome.WON:
            return Score(STROKES, -len(state.position.stock))
        if outcome is Outcome.LOST:
            return Score(STROKES, state.position.tableau_count)
        return Score(STROKES, None)

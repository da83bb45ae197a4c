"""How a round starts: how many cards each player turns up before the first turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Param, Rule, whole_number


class TurnUp(Rule):
    """Each player turns up N cards of their choice before the first turn."""

    name = "turn-up"
    slot = "setup"
    rule_ids = ("CG-02",)
    summary = "each player turns up N cards of their choice before the first turn (turn-up=N)"
    param = Param("turn-up", whole_number(0, 11), 0, "a number of cards from 0 to 11")

    @hookimpl
    def golf_initial_face_up(self, rows: int, columns: int, options: Mapping[str, Any]) -> int:
        return int(options["turn-up"])

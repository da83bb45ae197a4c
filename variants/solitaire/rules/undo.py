"""How far undo goes back (slot ``undo``): APP-15."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.solitaire.hookspecs import hookimpl
from golfcore.framework.variant import Param, Rule, whole_number


class UndoLimit(Rule):
    """The app keeps the last 100 actions, removals and draws alike (APP-15)."""

    name = "undo-limit"
    slot = "undo"
    rule_ids = ("APP-15",)
    summary = "undo takes back at most the last N actions (the app keeps 100)"
    param = Param("undo-limit", whole_number(0), 100,
                  "how many actions undo keeps: a whole number >= 0")

    @hookimpl
    def golf_undo_limit(self, options: Mapping[str, Any]) -> int:
        return options["undo-limit"]

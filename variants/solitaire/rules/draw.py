"""When the player may draw (slot ``draw``): APP-07, C4-09, APP-17."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.solitaire.hookspecs import hookimpl
from golfcore.framework.variant import Rule


class DrawAnyTime(Rule):
    """Drawing is allowed at any time, even with a move available (APP-07, C4-09)."""

    name = "draw-any-time"
    slot = "draw"
    rule_ids = ("APP-07", "C4-09")
    summary = "draw at any time, even when a card could be played"
    stateless_draw = True

    @hookimpl
    def golf_may_draw(self, state: Any, can_play: bool, options: Mapping[str, Any]) -> bool:
        return True


class DrawWhenStuck(Rule):
    """The strict rule: draw only when no card can be played (APP-17)."""

    name = "draw-when-stuck"
    slot = "draw"
    rule_ids = ("APP-17",)
    summary = "draw only when no card can be played"
    stateless_draw = True

    @hookimpl
    def golf_may_draw(self, state: Any, can_play: bool, options: Mapping[str, Any]) -> bool:
        return not can_play

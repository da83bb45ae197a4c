"""How the waste starts (slot ``waste``): APP-01, C4-04, APP-18."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import Verdict, allow
from golfcore.framework.variant import Rule


class OneCardWaste(Rule):
    """One face-up card starts the waste; the other 16 are the stock (APP-01, C4-04)."""

    name = "one-card-waste"
    slot = "waste"
    rule_ids = ("APP-01", "C4-04")
    summary = "one card starts the waste, 16 form the stock"

    @hookimpl
    def golf_initial_waste(self, options: Mapping[str, Any]) -> int:
        return 1


class EmptyWaste(Rule):
    """The waste starts empty and the first card is chosen (APP-18).

    The 36th card of the deal, which would have started the waste, stays on top of the stock:
    it is the first card drawn, so the stock holds 17 cards and drawing first gives exactly the
    one-card start of the same deal. While the waste is empty any free card may be played.
    """

    name = "empty-waste"
    slot = "waste"
    rule_ids = ("APP-18",)
    summary = ("the waste starts empty: any free card may start it; the 36th card is the "
               "stock's first")

    @hookimpl
    def golf_initial_waste(self, options: Mapping[str, Any]) -> int:
        return 0

    @hookimpl
    def golf_play_verdict(self, card: Card, waste: Card | None, adjacent: bool,
                          options: Mapping[str, Any]) -> Verdict | None:
        return allow() if waste is None else None

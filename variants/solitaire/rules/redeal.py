"""Passes through the stock (slot ``redeal``): a house rule; the documents' stock is used once
(C4-04)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.solitaire.hookspecs import hookimpl
from golfcore.framework.variant import Param, Rule, whole_number


class Redeals(Rule):
    """Once the stock is empty, the waste but its top card may be turned over as a new stock, N
    times in a game (:func:`golfcore.solitaire.hookspecs.golf_stock_passes`)."""

    name = "redeals"
    slot = "redeal"
    rule_ids = ("C4-04",)
    summary = "once the stock is empty, turn the waste over as a new stock, N times a game"
    param = Param("redeals", whole_number(0, 1000), 0,
                  "how many times the waste may be turned over: a whole number from 0 to 1000")

    @hookimpl
    def golf_stock_passes(self, options: Mapping[str, Any]) -> int:
        return options["redeals"]

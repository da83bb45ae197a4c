"""What a player may do with a card drawn from the stock (CG-03, CG-04)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Rule


class DiscardDrawn(Rule):
    """«El jugador puede descartarse de la carta que acaba de robar, si no la ha tomado del
    descarte, pero en este caso debe descubrir una de las cartas boca abajo de su tablero»."""

    name = "discard-drawn"
    slot = "discard"
    rule_ids = ("CG-03", "CG-04")
    summary = "a card drawn from the stock may be discarded, a face-down card then turned up"

    @hookimpl
    def golf_may_discard_drawn(self, options: Mapping[str, Any]) -> bool:
        return True

    @hookimpl
    def golf_discard_turns_up(self, options: Mapping[str, Any]) -> bool:
        return True


class DiscardEndsTurn(Rule):
    """Six-card golf as its public guides play it: a card drawn from the stock may be
    discarded, and that ends the turn; nothing is turned up. A card taken from the discard
    still may not be discarded at once (CG-04)."""

    name = "discard-ends-turn"
    slot = "discard"
    rule_ids = ("CG-03", "CG-04")
    summary = ("a card drawn from the stock may be discarded, which ends the turn (no card "
               "turned up)")

    @hookimpl
    def golf_may_discard_drawn(self, options: Mapping[str, Any]) -> bool:
        return True

    @hookimpl
    def golf_discard_turns_up(self, options: Mapping[str, Any]) -> bool:
        return False


class MustReplace(Rule):
    """A stricter table: every card drawn or taken replaces a board card."""

    name = "must-replace"
    slot = "discard"
    rule_ids = ("CG-03",)
    summary = "every card drawn or taken must replace a board card; none is discarded at once"

    @hookimpl
    def golf_may_discard_drawn(self, options: Mapping[str, Any]) -> bool:
        return False

"""Wild jokers (slot ``jokers``): APP-18 «uno o dos comodines sustituyen a cualquier carta».

Exactly what a joker does here (the documents say only that it stands for any card):

* The deck holds 52 cards plus 1 or 2 jokers (``jokers=1`` or ``jokers=2``). The deal is the
  same 35 tableau cards and one waste card; the stock holds 16 + jokers cards. A joker may be
  dealt anywhere: in a column, on the waste, in the stock.
* A free joker in a column may be played on any waste card: it stands for a card one rank away.
* Any card may be played on a joker on the waste: the joker stands for a card one rank away.
* Other rules still veto: under ``king-ends-chain`` not even a joker goes on a king.
* A joker is a tableau card like any other: removing it counts, and a game is won only when
  the jokers of the columns are gone too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.cards import JOKER, Card
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import Verdict, allow
from golfcore.framework.variant import Param, Rule, whole_number


class Jokers(Rule):
    name = "jokers"
    slot = "jokers"
    rule_ids = ("APP-18",)
    summary = "1 or 2 wild jokers: a joker plays on any card and any card plays on a joker"
    param = Param("jokers", whole_number(1, 2), 1, "how many jokers join the deck: 1 or 2")

    @hookimpl
    def golf_extra_cards(self, options: Mapping[str, Any]) -> Sequence[Card]:
        return [JOKER] * options["jokers"]

    @hookimpl
    def golf_play_verdict(self, card: Card, waste: Card | None, adjacent: bool,
                          options: Mapping[str, Any]) -> Verdict | None:
        if card.is_joker or (waste is not None and waste.is_joker):
            return allow()
        return None

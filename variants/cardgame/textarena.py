"""TextArena's Golf (``textarena``, environment ``Golf-v0``) as golfcore rules: the variant
``textarena-golf`` and the optional rules it needs that golfcore's variants do not play.

TextArena is a collection of text games for language-model benchmarks. Its Golf is the card
game on 2x3 boards, dealt from one 52-card deck, played for one round
(``specs/textarena/sources/textarena-golf.txt`` describes it; ``specs/textarena/RULES.md``
numbers its rules ``textarena:TA-01`` ...). Where golfcore has a rule for what it plays, the
variant uses it (``shape=2x3``, ``discard-ends-turn``, ``no-ender-penalty``, ``holes=1``);
the three rules here are TextArena's own, with its rule ids, in no other variant:

* ``one-deck`` (TA-01): one 52-card deck, no jokers;
* ``textarena-values`` (TA-03): ace 1, 2 to 10 their face value, jack and queen 10, king 0;
* ``textarena-columns`` (TA-04): a whole column of cards of one value counts 0, so a ten, a
  jack and a queen cancel each other; rows never do.

Two things TextArena plays have no golfcore rule and are not played here: its deal turns two
cards of each board face up at random (``textarena-golf`` has no setup rule, so a round
golfcore deals starts face down), and a draw from its empty deck ends the round (the
variant's nearest rule is ``stock-out-ends-round``). The engine adapter declares both as its
own (``golfcore.engines.textarena``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from golfcore.cardgame.board import columns_of, places
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cards import KING, STANDARD_DECK, Card
from golfcore.framework.variant import Rule, Variant

#: The ranks TextArena values 10: ten, jack and queen.
TENS = frozenset({10, 11, 12})


def textarena_value(card: Card) -> int | None:
    """A card's points as TextArena counts them (TA-03); ``None`` for a joker, which its deck
    does not hold."""
    if card.is_joker:
        return None
    if card.rank == KING:
        return 0
    return min(card.rank, 10)


class OneDeck(Rule):
    """TextArena's deck for six-card boards: one standard deck, no jokers (TA-01)."""

    name = "one-deck"
    slot = "deck"
    rule_ids = ("textarena:TA-01",)
    summary = "one 52-card deck, no jokers (TextArena's Golf-v0)"

    @hookimpl
    def golf_deck(self, options: Mapping[str, Any]) -> Sequence[Card]:
        return STANDARD_DECK


class TextArenaValues(Rule):
    """TextArena's values (TA-03): ace 1, 2 to 10 face value, jack 10, queen 10, king 0."""

    name = "textarena-values"
    slot = "values"
    rule_ids = ("textarena:TA-03",)
    summary = "ace 1, 2-10 face value, jack and queen 10, king 0 (no jokers)"

    @hookimpl
    def golf_card_value(self, card: Card, options: Mapping[str, Any]) -> int | None:
        return textarena_value(card)


def mixed_tens(rows: Sequence[Sequence[Card | None]]) -> list[int]:
    """The columns (0-based) whose cards are all face up, all tens, jacks or queens, and not
    all of one rank: of one value under TextArena's values, but not cancelled by rank."""
    out = []
    for c in range(len(rows[0]) if rows else 0):
        column = [row[c] for row in rows]
        if all(card is not None and not card.is_joker and card.rank in TENS for card in column) \
                and len({card.rank for card in column if card is not None}) > 1:
            out.append(c)
    return out


class TextArenaColumns(Rule):
    """TextArena's cancelling (TA-04): a whole column whose cards have one value counts 0.

    A column of one rank is a cancelling line (``golf_cancelling_lines``); a column of tens,
    jacks and queens mixed, which TextArena values 10 each, is made to count 0 by the board
    adjustment, which takes its points off. The rule counts values as ``textarena-values``
    does, so it goes with that rule only (it conflicts with golfcore's other values)."""

    name = "textarena-columns"
    slot = "lines"
    rule_ids = ("textarena:TA-04",)
    places_from = 1
    conflicts = ("document-values", "six-card-values")
    summary = "a whole column of one value counts 0 (ten, jack and queen are all 10); rows never"

    @hookimpl
    def golf_cancelling_lines(self, rows: int, columns: int,
                              options: Mapping[str, Any]) -> Iterable[Sequence[int]]:
        return places(columns_of((rows, columns)))

    @hookimpl
    def golf_board_adjustment(self, rows: Sequence[Sequence[Card | None]],
                              options: Mapping[str, Any]) -> int:
        return -sum(10 * len(rows) for _ in mixed_tens(rows))


#: TextArena's ``Golf-v0`` as golfcore plays it (what golfcore cannot play: see the module).
TEXTARENA_GOLF = Variant(
    name="textarena-golf",
    game="card-game",
    title="TextArena's Golf (Golf-v0)",
    aliases=("textarena",),
    rules={"board": "shape", "deck": "one-deck", "values": "textarena-values",
           "lines": "textarena-columns", "discard": "discard-ends-turn",
           "ender": "no-ender-penalty", "stock": "stock-out-ends-round", "end": "holes"},
    params={"shape": "2x3", "holes": 1},
    summary="TextArena's Golf-v0: 2x3 boards from one 52-card deck, jack and queen 10, a "
            "column of one value counts 0, a drawn card discarded ends the turn, one round",
    rule_ids=("textarena:TA-01", "textarena:TA-03", "textarena:TA-04", "textarena:TA-06",
              "textarena:TA-07", "CG-02", "CG-03", "CG-04", "CG-06"),
    origin="golfcore (TextArena's rules)",
)

"""The card game's variants: the document's game and six-card golf."""

from __future__ import annotations

from golfcore.framework.variant import Variant

#: The game of the third document, every rule as it reads (and the decisions of RULES.md).
CARD_GOLF = Variant(
    name="card-golf",
    game="card-game",
    title="Golf, el juego de cartas (2 a 6 jugadores)",
    letter="G",
    aliases=("golf-cartas", "juego-de-cartas", "document"),
    rules={"board": "shape", "setup": "turn-up", "values": "document-values",
           "lines": "rows-columns-diagonals", "ender": "ender-penalty", "end": "point-limit"},
    params={"shape": "3x3", "turn-up": 0, "point-limit": 100},
    summary="the document's game: boards of 4 to 12 face-down cards (3x3 by default), lines of "
            "equal cards count 0, the ender must be lowest, play to 100 points",
    rule_ids=("CG-01", "CG-02", "CG-03", "CG-04", "CG-05", "CG-06", "CG-07", "CG-08", "CG-09"),
)

#: Six-card golf, the version most people play (docs/card-game.md cites the rules page).
SIX_CARD = Variant(
    name="six-card",
    game="card-game",
    title="Six-card golf",
    letter="S",
    aliases=("six-card-golf", "6-card", "seis-cartas"),
    rules={"board": "shape", "setup": "turn-up", "values": "six-card-values",
           "lines": "columns-only", "discard": "discard-ends-turn", "ender": "no-ender-penalty",
           "end": "holes"},
    params={"shape": "2x3", "turn-up": 2, "holes": 9},
    summary="2x3 boards, two cards turned up at the start, a drawn card discarded ends the "
            "turn, a pair in a column counts 0, 2 = -2, jack and queen 10, 9 holes",
    rule_ids=("CG-01", "CG-02", "CG-03", "CG-04", "CG-05", "CG-06", "CG-08", "CG-09"),
)

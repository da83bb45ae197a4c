"""A plugin package written for golfcore 0.1, left as its author wrote it
(tests/test_plugin_compat.py): a solitaire variant without ``game=``, a card-game variant whose
``params`` use 0.1's keys (``jokers``, ``ender-ties``), and a card-game lines rule whose
``golf_cancelling_lines`` numbers board places from 0, as 0.1 did."""

from __future__ import annotations

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Rule, Variant


class CornersAndMiddle(Rule):
    """The four corners of a 3x3 board, and its middle row, count 0 when of one rank."""

    name = "corners-and-middle"
    slot = "lines"
    summary = "the four corners, and the middle row, count 0 when of one rank"

    @hookimpl
    def golf_cancelling_lines(self, rows, columns, options):
        last = rows * columns - 1                     # golfcore 0.1: places from 0
        middle = rows // 2
        return [(0, columns - 1, last - columns + 1, last),
                tuple(middle * columns + c for c in range(columns))]


#: Relaxed golf under the house's name: golfcore 0.1 needed no game= for a solitaire variant.
OLD_HOUSE = Variant(name="old-house", title="The house's relaxed golf",
                    rules={"adjacency": "ranks-linear", "king": "queen-on-king",
                           "draw": "draw-any-time", "waste": "one-card-waste",
                           "scoring": "won-lost"})

#: The card game without jokers, a tie for lowest penalised, the corners and middle row as its
#: lines: 0.1 keyed the deck's parameter 'jokers' and the ender's 'ender-ties'.
OLD_CORNERS = Variant(name="old-corners", title="Corners golf", game="card-game",
                      rules={"board": "shape", "setup": "turn-up", "values": "document-values",
                             "lines": "corners-and-middle", "ender": "ender-penalty",
                             "end": "point-limit"},
                      params={"shape": "3x3", "jokers": 0, "ender-ties": "ties",
                              "point-limit": 100})

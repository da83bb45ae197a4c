"""A third party's plugin package with one good rule and variant and many broken entry points,
each broken in its own way (tests/test_plugin_isolation.py): golfcore must leave the broken ones
out, say why once, and keep everything else working."""

from __future__ import annotations

from golfcore.framework.variant import Rule, Variant
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import deny


class NoSevens(Rule):
    """Good: a seven may never be played."""

    name = "no-sevens"
    slot = "house"
    summary = "a seven may never be played"

    @hookimpl
    def golf_play_verdict(self, card, waste, adjacent, options):
        return deny("no-sevens") if card.rank == 7 else None


class Misspelt(Rule):
    """Broken: a hook misspelt, so that it would never be called."""

    name = "misspelt"
    slot = "adjacency"

    @hookimpl
    def golf_rank_neighbors(self, rank, options):
        return [rank]


class Strokes(Rule):
    """Broken: takes the name of one of golfcore's rules."""

    name = "strokes"
    slot = "scoring"


NOT_A_RULE = "a string, not a Rule subclass"

#: Good: the house's name for Cards4's rules (compose it with +no-sevens to play without
#: sevens): golfcore's own specs for every variant hold for it.
HOUSE = Variant(name="house-cards4", title="Cards4, as the house plays it", game="solitaire",
                rules={"adjacency": "ranks-linear", "king": "king-ends-chain",
                       "draw": "draw-any-time", "waste": "one-card-waste",
                       "scoring": "won-lost"})

#: Broken: needs the rule that was left out.
NEEDS_MISSPELT = Variant(name="misspelt-house", title="Needs a broken rule", game="solitaire",
                         rules={"adjacency": "misspelt", "scoring": "strokes"})

#: Broken: takes the code letter K of golfcore's cards4.
TAKES_K = Variant(name="letter-thief", title="Takes cards4's letter", game="solitaire",
                  letter="K", rules={"adjacency": "ranks-linear", "scoring": "strokes"})

#: Broken: a card-game variant named as one of golfcore's solitaire variants (a variant name
#: says its game: names are unique across games).
CARD_TRADITIONAL = Variant(name="traditional", title="Traditional card golf", game="card-game",
                           rules={"board": "shape", "values": "document-values",
                                  "end": "holes"})

#: Broken: a card-game variant with a parameter no rule takes.
BAD_PARAM = Variant(name="bad-param", title="A parameter nobody takes", game="card-game",
                    rules={"board": "shape", "values": "document-values", "end": "holes"},
                    params={"holes": 3, "sevens": 2})


def crashing_engine(timeout: float) -> None:
    """An engine factory that fails when it is started."""
    raise RuntimeError("the engine's program is not installed")

"""The app's two rules (000_1b3790e1f4f7ecc2.txt): Fácil, the default, and Clásico (APP-08)."""

from golfcore.framework.variant import Variant

_APP = {
    "king": "queen-on-king",      # APP-17: the app accepts a queen on a king in both rules
    "draw": "draw-any-time",      # APP-07
    "waste": "one-card-waste",    # APP-01
    "scoring": "app-points",      # APP-13, APP-14
    "undo": "undo-limit",         # APP-15: 100 actions
}

APP_FACIL = Variant(
    name="app-facil",
    game="solitaire",
    title="App, Fácil (rey y as enlazados)",
    rules={"adjacency": "ranks-circular", **_APP},
    params={"undo-limit": 100},
    letter="E",
    legacy_letters=("N",),        # APP-16: an old code with N reads as Fácil
    aliases=("facil", "fácil", "easy", "app", "default"),
    summary="the app's default: king and ace linked, queen on king, draw any time, points",
    rule_ids=tuple(f"APP-{i:02d}" for i in range(1, 18)),
)

APP_CLASICO = Variant(
    name="app-clasico",
    game="solitaire",
    title="App, Clásico (rey y as separados)",
    rules={"adjacency": "ranks-linear", **_APP},
    params={"undo-limit": 100},
    letter="C",
    aliases=("clasico", "clásico", "classic"),
    summary="the app's second rule: the sequence stops at king and ace, queen on king allowed",
    rule_ids=tuple(f"APP-{i:02d}" for i in range(1, 18)),
)

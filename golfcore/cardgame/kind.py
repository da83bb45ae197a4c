"""Golf, the card game, as the variant framework sees it: its hooks, slots and default rules."""

from __future__ import annotations

from golfcore.framework.games import GameKind

KIND = GameKind(
    name="card-game",
    title="Golf, the card game for 2 to 6 players",
    hookspecs="golfcore.cardgame.hookspecs",
    slots=("table", "board", "deck", "setup", "values", "lines", "discard", "ender", "stock",
           "end", "messages"),
    # Rules every card-game variant has unless it names another rule for the slot.
    defaults={"table": "players", "deck": "two-decks", "discard": "discard-drawn",
              "stock": "reshuffle-discard", "messages": "card-game-messages"},
    default_variant="card-golf",
    # A board needs a shape and its cards values; a deck deals them; a match must end.
    required={"golf_board_shape": "board", "golf_deck": "deck", "golf_card_value": "values",
              "golf_match_over": "end"},
    playable="golfcore.cardgame.match:Match",
    # golfcore 0.1 keyed these parameters otherwise (a variant's params are keyed by the rule's
    # name since 0.2): still read, warning.
    renamed_params={"jokers": "two-decks", "ender-ties": "ender-penalty"},
    # Board places, numbered from 1 since 0.2 (from 0 before).
    place_hooks=("golf_cancelling_lines",),
)

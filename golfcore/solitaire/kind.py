"""Golf solitaire as the variant framework sees it: its hooks, slots and default rules."""

from __future__ import annotations

from golfcore.framework.games import GameKind

KIND = GameKind(
    name="solitaire",
    title="Golf solitaire",
    hookspecs="golfcore.solitaire.hookspecs",
    slots=("adjacency", "king", "draw", "waste", "jokers", "scoring", "undo", "outcome",
           "messages", "hint", "redeal"),
    # Rules every variant has unless it names another rule for the slot.
    defaults={"outcome": "standard-outcome", "messages": "standard-messages",
              "hint": "legal-hint"},
    default_variant="app-facil",
    # Plugins written before the card game arrived registered here; still read as solitaire's.
    legacy_groups=("golfcore.rules", "golfcore.variants"),
    # Without consecutive ranks no card ever plays (the game could only draw); without an
    # outcome no game ends.
    required={"golf_rank_neighbours": "adjacency", "golf_outcome": "outcome"},
    playable="golfcore.solitaire.game:Game",
)

"""What a seat of ``golf_card`` sees, as OpenSpiel asks for it: strings and tensors.

Every string and tensor is made from what the seat is shown: golfcore's observation of the
card game (:func:`golfcore.cardgame.observation.seen`, which never holds a face-down
card nor another seat's card drawn from the stock) and the events of the table's story as that
seat saw them. The **observation** is what the seat sees now; the **information state** (perfect
recall) adds everything it has seen: the story (every card turned up, taken, put down or drawn
by that seat), and in the tensor the cards of the whole discard pile and, once the discard has
been shuffled into the stock, which cards the stock holds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from golfcore.adapters import encoding as enc
from golfcore.adapters.text import card_table
from golfcore.adapters.openspiel.card import CardState, Setup
from golfcore.cardgame.observation import seen as seen_by
from golfcore.cardgame.state import FROM_STOCK, HOLD

#: The pieces an information-state tensor adds to the observation's
#: (:func:`golfcore.adapters.encoding.card_layout`).
RECALL_PIECES = (
    enc.Piece("discard_pile", len(enc.CARD_KINDS), 0.0, 8.0),   # every card of the discard
    enc.Piece("stock_known", 1),                                  # the stock's cards are known
    enc.Piece("stock_cards", len(enc.CARD_KINDS), 0.0, 8.0),     # ... and these they are
)


def observed(state: CardState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: someone watching) sees now, as golfcore's observation JSON; a
    table of face-down places while the first round is dealt."""
    setup = state.setup
    match = state.table.match
    if match is None:
        return {"seat": seat, "boards": [[None] * setup.size] * setup.players,
                "discard": None, "held": None, "step": "over", "turn": None, "ender": None,
                "last_turns": [], "stock_count": 0, "discard_count": 0,
                "totals": [0] * setup.players, "round": 1}
    return seen_by(setup.rules, match, seat).to_json()


def status(state: CardState, seen: dict[str, Any]) -> str:
    """The table as ``seen`` shows it, in text."""
    t = state.table
    setup = state.setup
    cols = setup.rules.shape[1]
    lines = []
    if t.dealing is not None:
        number = 1 if t.match is None else t.match.round_number + 1
        lines.append(f"dealing round {number}: {len(t.dealing)} of {setup.dealt} cards dealt")
    elif t.drawing:
        lines.append(f"P{seen['turn']} draws from the stock")
    else:
        turn = "" if seen["turn"] is None else f", P{seen['turn']} to play"
        lines.append(f"round {seen['round']}, {seen['step']}{turn}")
    lines += card_table(seen, cols)
    return "\n".join(lines)


def describe(state: CardState) -> str:
    """The state for debugging and OpenSpiel's checks: the table as someone watching sees it
    and the story so far, public events only (no face-down card, no card being drawn)."""
    story = "\n".join(e.public for e in state.table.story)
    return f"{status(state, observed(state, None))}\n{story}"


class CardObserver:
    """OpenSpiel's observer for ``golf_card``: the observation (the default) or, with perfect
    recall, the information state; a seat's private card (one it drew) is shown to it unless
    the observation type asks for public information only."""

    def __init__(self, setup: Setup, iig_obs_type: Any) -> None:
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = (pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None
                   else iig_obs_type.private_info)
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("golf_card's observations always hold the public information")
        if private not in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE):
            raise ValueError("golf_card observes for one seat, or for no one (public only)")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.setup = setup
        pieces = enc.card_layout(setup.players, setup.size).pieces
        if self.recall:
            pieces += RECALL_PIECES
        layout = enc.Layout(pieces)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in layout.offsets().items()}
        self._observed_size = enc.card_layout(setup.players, setup.size).size

    def set_from(self, state: CardState, player: int) -> None:
        seen = observed(state, player if self.private else None)
        t = state.table
        self.tensor[:] = 0
        self.tensor[:self._observed_size] = enc.encode_card(
            seen, players=self.setup.players, size=self.setup.size, seat=player,
            dealing=t.dealing is not None)
        if not self.recall or t.match is None:
            return
        rnd = t.match.current
        for card in rnd.discard:
            self.dict["discard_pile"][enc.CARD_ID[card]] += 1
        if t.stock_seen and t.dealing is None:
            # the discard was shuffled into the stock: everyone knows which cards it holds,
            # with the card just drawn from it (whose drawer alone knows which it is)
            known = Counter(rnd.stock)
            if rnd.step == HOLD and rnd.held_from == FROM_STOCK and rnd.held is not None:
                known[rnd.held] += 1
            self.dict["stock_known"][0] = 1.0
            for card, n in known.items():
                self.dict["stock_cards"][enc.CARD_ID[card]] = n

    def string_from(self, state: CardState, player: int) -> str:
        seat = player if self.private else None
        now = status(state, observed(state, seat))
        if not self.recall:
            return f"P{player}\n{now}" if self.private else now
        story = "\n".join(e.seen_by(seat) for e in state.table.story)
        return f"P{player}\n{story}\n{now}"

"""What a seat sees, in text: the adapters' renderings (OpenSpiel's observation strings,
PettingZoo's and gymnasium's ``ansi`` rendering). Made from observations only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.cards import Card


def card_table(seen: Mapping[str, Any], columns: int) -> list[str]:
    """The lines of a card-game observation (its JSON form): each board row by row (``??``: a
    face-down card), the discard and the stock, the held card, the ender, the totals."""
    lines = []
    for seat, board in enumerate(seen["boards"]):
        cards = [card or "??" for card in board]
        rows = [" ".join(cards[i:i + columns]) for i in range(0, len(cards), columns)]
        lines.append(f"P{seat}: {' / '.join(rows)}")
    lines.append(f"discard: {seen['discard'] or '-'} ({seen['discard_count']} cards), stock: "
                 f"{seen['stock_count']} cards")
    held = seen["held"]
    if held is not None:
        lines.append(f"held: {held['card'] or 'a card'} from the {held['from']}")
    if seen["ender"] is not None:
        lines.append(f"P{seen['ender']} ended the round; last turns: "
                     f"{' '.join(f'P{s}' for s in seen['last_turns']) or '-'}")
    lines.append(f"totals: {' '.join(map(str, seen['totals']))}")
    return lines


def solitaire_table(columns: Sequence[Sequence[Card]], waste: Sequence[Card],
                    unseen: Sequence[Card]) -> list[str]:
    """The lines of what the solitaire's player sees: the columns, the waste, and the stock's
    cards in sorted order (which cards, not their order)."""
    lines = [f"{i}: {' '.join(map(str, column)) or '-'}"
             for i, column in enumerate(columns, start=1)]
    lines.append(f"waste: {' '.join(map(str, waste)) or '-'}")
    lines.append(f"stock: {len(unseen)} cards ({' '.join(map(str, sorted(unseen))) or '-'})")
    return lines

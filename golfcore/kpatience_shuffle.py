"""KPatience's numbered Golf deals, so that golfcore can deal (and judge) KPatience's games.

KPatience (KDE's ``kpat``) numbers its deals from 1 to :data:`KPATIENCE_MAX_DEAL` (2**31 - 1,
its ``INT_MAX``) and deals every game type from one shuffle (``specs/deals.md``, section 12):

1. the deck in rank-major order, suits C D H S: ``AC AD AH AS 2C ... KS`` (KPatience's card
   ids; the same list PySolFC's ``ms_rearrange`` makes);
2. Microsoft FreeCell's generator seeded with the deal number, **for every deal number**:
   ``seed = (seed * 214013 + 2531011) mod 2**32``, ``rand = (seed >> 16) & 0x7FFF``;
3. Fisher-Yates from the top: for ``i`` from 52 down to 2, swap cards ``i - 1`` and
   ``rand mod i``.

KPatience's Golf then deals the 35 column cards from the *end* of that list, row by row
(card ``51 - k`` goes to column ``k mod 7``), puts the other 17 on the talon in list order (the
first card at the bottom) and turns the talon's top card, list card 16, onto the waste; the
stock is drawn from the top, list cards 15 down to 0.

That is exactly PySolFC's Golf deal for deal numbers 1 to 32000 (golfcore's
:func:`golfcore.solitaire.deal.deal`): the same generator, the same deck, the same
Fisher-Yates, and reversing the list and dealing from its front (PySolFC's way) is dealing
from its end. Above 32000 the two part: PySolFC switches to the Mersenne Twister, KPatience
keeps the LCG up to 2**31 - 1. (Microsoft's own FreeCell, which KPatience's generator
copies, also keeps the LCG, so KPatience's Golf n and FreeCell n share one shuffled deck.)
"""

from __future__ import annotations

from golfcore.cards import PYSOL_ORDER, Card
from golfcore.errors import CodeError
from golfcore.notation import quote
from golfcore.solitaire.deal import COLUMN_HEIGHT, COLUMNS, Deal
from golfcore.solitaire.position import Position

__all__ = ["KPATIENCE_MAX_DEAL", "KPATIENCE_ORDER", "check_kpatience_deal", "kpatience_deal",
           "kpatience_position", "kpatience_shuffled"]

#: KPatience's largest deal number: its ``INT_MAX``.
KPATIENCE_MAX_DEAL = 2**31 - 1

#: KPatience's unshuffled deck: rank-major, suits in the order clubs, diamonds, hearts, spades.
KPATIENCE_ORDER: tuple[Card, ...] = tuple(
    PYSOL_ORDER[rank + block] for rank in range(13) for block in (0, 39, 26, 13))

_MASK32 = (1 << 32) - 1


def check_kpatience_deal(n: object) -> int:
    """``n`` if it is a KPatience deal number (1 to :data:`KPATIENCE_MAX_DEAL`), else
    :class:`CodeError`."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise CodeError(f"a KPatience deal number is an integer from 1 to {KPATIENCE_MAX_DEAL}, "
                        f"got {quote(n)}")
    if not 1 <= n <= KPATIENCE_MAX_DEAL:
        raise CodeError(f"KPatience deal number {quote(n)} is out of range: KPatience numbers "
                        f"its deals from 1 to {KPATIENCE_MAX_DEAL}")
    return n


def kpatience_shuffled(n: int) -> tuple[Card, ...]:
    """KPatience's shuffled deck of deal ``n``, in KPatience's list order (not yet dealt)."""
    seed = check_kpatience_deal(n)
    cards = list(KPATIENCE_ORDER)
    for i in range(len(cards), 1, -1):
        seed = (seed * 214013 + 2531011) & _MASK32
        j = ((seed >> 16) & 0x7FFF) % i
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return tuple(cards)


def kpatience_deal(n: int) -> Deal:
    """KPatience's Golf deal ``n`` as a golfcore :class:`Deal`: ``columns`` from the covered
    card to the free one, ``talon`` the waste card first, then the stock in draw order."""
    cards = kpatience_shuffled(n)
    dealt = COLUMNS * COLUMN_HEIGHT
    last = len(cards) - 1
    columns = tuple(tuple(cards[last - (row * COLUMNS + column)] for row in range(COLUMN_HEIGHT))
                    for column in range(COLUMNS))
    talon = tuple(reversed(cards[:len(cards) - dealt]))
    return Deal(number=n, columns=columns, talon=talon)


def kpatience_position(n: int) -> Position:
    """The starting position of KPatience's Golf deal ``n``: its waste card turned up."""
    d = kpatience_deal(n)
    return Position.build(columns=d.columns, stock=d.stock, waste=[d.waste_card])

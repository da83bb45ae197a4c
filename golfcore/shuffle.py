"""Shuffles shared by every game: PySolFC's numbered deals, and a portable seeded shuffle.

**Numbered deals** (the solitaire), compatible with PySolFC's Golf.

A deal number ``n`` (1 to :data:`MAX_DEAL`) fixes the whole layout. For a standard 52-card deck
the layout is exactly the one PySolFC (and its extracted library ``pysol-cards``, with
``DEALS_PYSOLFC``) shows for Golf game number ``n``:

1. Start from :data:`golfcore.cards.PYSOL_ORDER` (clubs, spades, hearts, diamonds, each ace to
   king), followed by the jokers if any.
2. ``n <= 32000``: Microsoft-FreeCell-style linear congruential generator seeded with ``n``; a
   52-card deck is first rearranged rank-major in suit order C D H S (PySolFC's
   ``ms_rearrange``), a deck with jokers is not rearranged.
   ``n > 32000``: Mersenne Twister, exactly Python's ``random.Random(n)`` (which *is* what
   PySolFC uses), with ``randint(0, i) = int(random() * (i + 1))``; no rearrangement.
3. Fisher-Yates: for ``i`` from ``len - 1`` down to 1, swap cards ``i`` and ``randint(0, i)``.
4. Reverse the list (PySolFC deals from the end of its list; we deal from the front).
5. The solitaire deals from the front of that list (:mod:`golfcore.solitaire.deal`).

``specs/deals.md`` describes the same thing with exact integer arithmetic for other languages.
The Mersenne Twister path here uses the standard library's :class:`random.Random`; that is the
exact generator PySolFC uses, so it is a reproduction, not an approximation.

**The portable seeded shuffle** (the card game, whose 108-card shoe PySolFC never dealt) is
SplitMix64 driving an unbiased Fisher–Yates shuffle, chosen because it takes a dozen lines of
64-bit integer arithmetic in any language and its whole state is one integer that a saved game
can store. ``specs/card-game-shuffle.md`` gives it step by step with test vectors:

* ``next(s)``: ``s = (s + 0x9E3779B97F4A7C15) mod 2**64``; ``z = s``;
  ``z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64``;
  ``z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64``; output ``z ^ (z >> 31)``;
* ``below(n)``: draw ``x = next()`` until ``x < 2**64 - (2**64 mod n)``, answer ``x mod n``;
* shuffle: for ``i`` from ``len - 1`` down to 1, swap items ``i`` and ``below(i + 1)``.

SplitMix64 is *not* a secret: its output function is invertible, so one 64-bit output gives
its state, and a seed of 33 bits (what a match code holds) is found by scanning. It deals the
matches someone chose (a code, a spec, a tournament), never one whose cards must be hidden.

**The keyed stream** (the card game's secret deals, :func:`keyed_shuffle`): the same unbiased
Fisher–Yates, driven by 64-bit words of BLAKE2b in counter mode keyed by a secret of at least
128 bits from the operating system (:data:`SECRET_BYTES`, :func:`secrets.token_bytes`). Word
``i`` of stream ``t`` (a round of the match) is bytes ``8 (i mod 8)`` to ``8 (i mod 8) + 7``
(big-endian) of ``BLAKE2b-512(key = secret, person = "golfcore deal v1", data = t ‖ i div 8)``,
``t`` and ``i div 8`` written as 8-byte big-endian integers; ``below(n)`` rejects words at or
above ``2**64 - (2**64 mod n)`` exactly as for SplitMix64, so every index is unbiased.

Why this and not a mixer with a longer seed: keyed BLAKE2b is a pseudo-random function, so
without the key its words cannot be told from independent uniform ones by any feasible
computation. A seat sees some cards, that is some facts about some words; those facts say
nothing about the key (finding it is a 2**128 search) nor about any other word, so the unseen
cards stay uniformly distributed over what is consistent with the seen ones, exactly as if a
dealer had shuffled by hand. A 64-bit invertible mixer keyed by 128 bits has no such property:
its outputs are linear enough or its state small enough that a few outputs determine the rest.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterator

from golfcore.cards import JOKER, PYSOL_ORDER, Card
from golfcore.errors import CodeError, VariantError
from golfcore.notation import quote

#: The largest deal number: 7 base-26 letters (see :mod:`golfcore.codes`) hold 0 to 26**7 - 1.
MAX_DEAL = 26**7 - 1

#: Deal numbers up to this one (inclusive) use the LCG, larger ones the Mersenne Twister.
#: (pysol-cards uses ``<= 32000``; note that PySolFC's own "select game by number" dialog uses
#: ``< 32000``, so *typing* 32000 there gives the Mersenne Twister deal; see specs/deals.md.)
LCG_MAX_DEAL = 32000

MAX_JOKERS = 2

_LCG_MASK = (1 << 33) - 1


def check_deal_number(n: object) -> int:
    """Return ``n`` if it is a valid deal number, else raise :class:`CodeError`."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise CodeError(f"deal number must be an integer from 1 to {MAX_DEAL}, got {quote(n)}")
    if not 1 <= n <= MAX_DEAL:
        raise CodeError(f"deal number {quote(n)} is out of range: deal numbers go from 1 to "
                        f"{MAX_DEAL}")
    return n


def _check_jokers(jokers: object) -> int:
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
        raise VariantError(f"a deal holds 0, 1 or 2 jokers, not {jokers!r}")
    return jokers


def _ms_rearrange(cards: list[Card]) -> list[Card]:
    """PySolFC's reordering before an LCG shuffle: for a 52-card deck, rank-major in C D H S."""
    if len(cards) != 52:
        return cards
    # PYSOL_ORDER blocks start at clubs 0, spades 13, hearts 26, diamonds 39.
    return [cards[rank + block] for rank in range(13) for block in (0, 39, 26, 13)]


def _shuffle_lcg(cards: list[Card], seed: int) -> None:
    x = seed
    for i in range(len(cards) - 1, 0, -1):
        x = (x * 214013 + 2531011) & _LCG_MASK
        j = ((x >> 16) & 0x7FFF) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_mt(cards: list[Card], seed: int) -> None:
    rnd = random.Random(seed).random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def shuffled_deck(n: int, jokers: int = 0) -> tuple[Card, ...]:
    """All ``52 + jokers`` cards of deal ``n`` in dealing order (already reversed).

    Cards ``0..34`` go round-robin to the columns, card 35 is the waste candidate, the rest is
    the stock in draw order. Raises :class:`CodeError` for a deal number out of range and
    :class:`VariantError` for a joker count other than 0, 1, 2.
    """
    check_deal_number(n)
    _check_jokers(jokers)
    cards = list(PYSOL_ORDER) + [JOKER] * jokers
    if n <= LCG_MAX_DEAL:
        cards = _ms_rearrange(cards)
        _shuffle_lcg(cards, n)
    else:
        _shuffle_mt(cards, n)
    cards.reverse()
    return tuple(cards)




# -- the portable seeded shuffle -----------------------------------------------------------------

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: ``(output, next state)``; both 64-bit unsigned integers."""
    state = (state + _GOLDEN) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """An unbiased whole number from 0 to ``n - 1`` and the next state (rejection sampling)."""
    if n < 1:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x, state = splitmix64(state)
        if x < limit:
            return x % n, state


def seeded_shuffle(items: tuple[Card, ...] | list[Card],
                   state: int) -> tuple[tuple[Card, ...], int]:
    """``items`` shuffled by Fisher–Yates driven by SplitMix64 from ``state``, and the state
    after it (so that a later shuffle in the same round continues the same stream)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def round_state(seed: int, round_number: int) -> int:
    """The generator state that deals round ``round_number`` (1, 2, ...) of a match played with
    ``seed``: ``(seed * 2**16 + round_number) mod 2**64``, so every round of every seed (up to
    65,535 rounds) starts its own stream."""
    return ((seed << 16) + round_number) & _MASK64


# -- the keyed stream (secret deals) -------------------------------------------------------------

#: The size of a secret deal's key: 16 bytes, 128 bits of the operating system's randomness.
SECRET_BYTES = 16
_PERSON = b"golfcore deal v1"      # BLAKE2b's personalisation: these words serve only this


def new_secret() -> bytes:
    """A fresh secret for a deal nobody chose: :data:`SECRET_BYTES` bytes from
    :func:`secrets.token_bytes` (the operating system's randomness)."""
    return secrets.token_bytes(SECRET_BYTES)


def check_secret(secret: object) -> bytes:
    """``secret`` if it is :data:`SECRET_BYTES` bytes, else :class:`CodeError`."""
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise CodeError(f"a deal's secret is {SECRET_BYTES} bytes, not {type(secret).__name__}"
                        + (f" of {len(secret)}" if isinstance(secret, bytes) else ""))
    return secret


def keyed_words(secret: bytes, stream: int, position: int) -> Iterator[int]:
    """The 64-bit words of stream ``stream`` under ``secret``, from word ``position`` on (see
    the module's documentation)."""
    check_secret(secret)
    block, skip = divmod(position, 8)
    while True:
        data = stream.to_bytes(8, "big") + block.to_bytes(8, "big")
        digest = hashlib.blake2b(data, digest_size=64, key=secret, person=_PERSON).digest()
        for k in range(skip, 8):
            yield int.from_bytes(digest[8 * k:8 * k + 8], "big")
        block, skip = block + 1, 0


def keyed_shuffle(items: tuple[Card, ...] | list[Card], secret: bytes, stream: int,
                  position: int) -> tuple[tuple[Card, ...], int]:
    """``items`` shuffled by Fisher–Yates driven by stream ``stream`` under ``secret`` from word
    ``position``, and the position after the words it used (a later shuffle of the same round
    continues the same stream)."""
    out = list(items)
    words = keyed_words(secret, stream, position)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = next(words)
            position += 1
            if x < limit:
                break
        j = x % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), position

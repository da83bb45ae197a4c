"""KPatience's numbered Golf deals (golfcore/kpatience_shuffle.py, specs/deals.md section 12)."""

import json
from pathlib import Path

import pytest

from golfcore.errors import CodeError
from golfcore.kpatience_shuffle import (KPATIENCE_MAX_DEAL, kpatience_deal, kpatience_position,
                                        kpatience_shuffled)
from golfcore.solitaire.deal import deal

DATA = Path(__file__).parent / "data" / "kpatience-klondike-talons.jsonl"


def test_seed_1_is_kpatiences_own_test_vector():
    # KPatience's autotests/shuffle_test.cpp, shuffle_seed1
    want = ("6H 2H 9C 6S TC 8C 3D 6C QS 8D 8S 6D 7D JH 2C 8H TH 4S TD 3S 7S 4D AC 4H QH TS 5C 4C "
            "3C AH AS JS QD 9D KS 2S 3H KH QC AD 5S 9S KC KD 5H 7C 7H 5D JC 9H 2D JD")
    assert " ".join(map(str, kpatience_shuffled(1))) == want


def test_the_talons_kpat_saved_are_the_shuffled_decks():
    """kpat --generate saved 200 Klondike deals of random numbers; a Klondike talon is the
    first 24 cards of the shuffled deck, bottom first."""
    rows = [json.loads(line) for line in DATA.read_text().splitlines()]
    assert len(rows) == 200 and max(r["number"] for r in rows) > 2**30
    for row in rows:
        assert " ".join(map(str, kpatience_shuffled(row["number"])[:24])) == row["talon"]


@pytest.mark.parametrize("n", [1, 2, 617, 11982, 31999, 32000])
def test_up_to_32000_kpatience_deals_are_golfcores(n):
    assert kpatience_deal(n) == deal(n)


def test_above_32000_they_part():
    assert kpatience_deal(32001) != deal(32001)
    # KPatience keeps the LCG: deal 32001's list is the LCG's, not the Mersenne Twister's
    assert kpatience_deal(32001).columns[0][0] == kpatience_shuffled(32001)[51]


def test_the_deal_is_dealt_from_the_end_and_the_waste_is_card_16():
    cards = kpatience_shuffled(KPATIENCE_MAX_DEAL)
    d = kpatience_deal(KPATIENCE_MAX_DEAL)
    assert [col[0] for col in d.columns] == list(cards[51:44:-1])
    assert d.waste_card == cards[16] and d.stock == tuple(reversed(cards[:16]))
    position = kpatience_position(KPATIENCE_MAX_DEAL)
    assert position.waste == (cards[16],) and len(position.stock) == 16


@pytest.mark.parametrize("n", [0, -1, KPATIENCE_MAX_DEAL + 1, True, 2.0, "7"])
def test_numbers_kpatience_cannot_deal_are_refused(n):
    with pytest.raises(CodeError, match="KPatience"):
        kpatience_deal(n)

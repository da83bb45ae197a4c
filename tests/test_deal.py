"""Numbered deals: PySolFC compatibility, the spec's integer recipe, and the vectors file.

pysol-cards is a declared test dependency (``pip install -e .[test]``): it is imported
unconditionally, a missing install must fail loudly rather than skip the compatibility tests.

Regenerate ``specs/deal-vectors.json`` (only after checking the implementation against
pysol-cards) with ``python tests/test_deal.py --write-vectors``.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore.cards import JOKER, PYSOL_ORDER  # noqa: E402
from golfcore.codes import format_code  # noqa: E402
from golfcore.solitaire.deal import MAX_DEAL, Deal, deal, shuffled_deck  # noqa: E402
from golfcore.errors import CodeError, GolfError, VariantError  # noqa: E402

ORACLE = ROOT / "tests" / "data" / "golf-pysolfc-1-200.jsonl"
VECTORS = ROOT / "specs" / "deal-vectors.json"

VECTOR_DEALS = [1, 2, 3, 617, 11982, 32000, 32001, 1_000_000, 2**32 - 1, 2**32, MAX_DEAL]
VECTOR_JOKER_DEALS = [(1, 1), (1, 2), (32001, 1), (32001, 2)]


def s(cards) -> list[str]:
    return [str(c) for c in cards]


def layout(d: Deal) -> dict:
    return {"columns": [s(col) for col in d.columns], "waste": str(d.waste_card),
            "stock": s(d.stock)}


def pysol_layout(n: int) -> dict:
    """Golf deal ``n`` as pysol-cards prints it, parsed into the oracle's shape."""
    text = Game("golf", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    lines = text.splitlines()
    assert lines[0].startswith("Talon: ") and lines[1].startswith("Foundations: ")
    assert len(lines) == 9
    return {"columns": [line.split() for line in lines[2:]],
            "waste": lines[1].split()[1], "stock": lines[0].split()[1:]}


# --- PySolFC compatibility ------------------------------------------------------------------

def test_deals_1_to_200_equal_the_oracle_file():
    rows = [json.loads(line) for line in ORACLE.read_text().splitlines() if line.strip()]
    assert [r["deal"] for r in rows] == list(range(1, 201))
    for row in rows:
        expected = {k: row[k] for k in ("columns", "waste", "stock")}
        assert layout(deal(row["deal"])) == expected, row["deal"]


SAMPLED = sorted(set(
    [1, 2, 3, 617, 1000, 11982, 31999, 32000]
    + list(range(7, 32000, 797))
    + [32001, 32002, 50000, 123456, 10**6, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1,
       MAX_DEAL - 1, MAX_DEAL]
    + random.Random(20240611).sample(range(32001, MAX_DEAL + 1), 40)
))


@pytest.mark.parametrize("n", SAMPLED)
def test_deal_equals_pysol_cards(n):
    assert layout(deal(n)) == pysol_layout(n)


def test_boundary_32000_is_lcg_and_32001_is_mersenne_twister():
    # Cross-check the switch by forcing each generator on the other side's number.
    assert layout(deal(32000)) == pysol_layout(32000)
    ms = Game("golf", 32001, RandomBase.DEALS_MS).calc_layout_string(CardRenderer(True))
    assert ms.splitlines()[2].split() != layout(deal(32001))["columns"][0]


def test_lcg_deals_are_microsoft_freecell_order():
    # The well-known Microsoft FreeCell deals 1 and 617, first two rows of 8: the dealing order
    # of golfcore (after the reverse) is FreeCell's, only the number of columns differs.
    assert s(shuffled_deck(1)[:16]) == "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H".split()
    assert s(shuffled_deck(617)[:16]) == "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH".split()


# --- Structure ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 32000, 32001, 987654, MAX_DEAL])
def test_shape_and_dealing_order(n):
    d = deal(n)
    cards = shuffled_deck(n)
    assert d.number == n
    assert len(d.columns) == 7 and all(len(col) == 5 for col in d.columns)
    assert len(d.talon) == 17 and len(d.stock) == 16
    assert d.waste_card == d.talon[0] and d.stock == d.talon[1:]
    for k in range(35):
        assert d.columns[k % 7][k // 7] == cards[k]
    assert d.talon == cards[35:]
    assert isinstance(d.columns, tuple) and all(isinstance(c, tuple) for c in d.columns)


@pytest.mark.parametrize("n", list(range(1, 32000, 331)) + list(range(32001, 10**7, 98765))
                         + [MAX_DEAL])
def test_every_card_exactly_once(n):
    d = deal(n)
    cards = [c for col in d.columns for c in col] + list(d.talon)
    assert Counter(cards) == Counter(PYSOL_ORDER)
    assert sorted(shuffled_deck(n)) == sorted(PYSOL_ORDER)


@pytest.mark.parametrize("n", [1, 2, 617, 32000, 32001, 10**6, MAX_DEAL])
@pytest.mark.parametrize("jokers", [1, 2])
def test_joker_decks(n, jokers):
    cards = shuffled_deck(n, jokers)
    assert len(cards) == 52 + jokers
    assert Counter(cards) == Counter(PYSOL_ORDER + (JOKER,) * jokers)
    d = deal(n, jokers)
    assert len(d.stock) == 16 + jokers
    assert Counter([c for col in d.columns for c in col] + list(d.talon)) == Counter(cards)


def test_joker_deck_is_not_the_52_card_deal():
    # No rearrange on a 53/54-card deck, a different loop length: different layouts.
    assert shuffled_deck(1, 1)[:52] != shuffled_deck(1)
    assert shuffled_deck(32001, 2)[:52] != shuffled_deck(32001)


def test_pure_and_deterministic():
    assert deal(4242) == deal(4242) and deal(4242) is not deal(4242)
    assert shuffled_deck(10**6, 1) == shuffled_deck(10**6, 1)
    assert deal(1) != deal(2)


# --- Errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [0, -1, -32001, MAX_DEAL + 1, 26**7, 10**30])
def test_out_of_range_numbers(bad):
    for fn in (deal, shuffled_deck):
        with pytest.raises(CodeError) as err:
            fn(bad)
        assert str(MAX_DEAL) in str(err.value) and "1" in str(err.value)
        assert isinstance(err.value, GolfError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("bad", [1.0, "1", None, True])
def test_non_integer_numbers(bad):
    with pytest.raises(CodeError):
        deal(bad)


@pytest.mark.parametrize("jokers", [-1, 3, 1.0, True])
def test_bad_joker_counts(jokers):
    with pytest.raises(VariantError):
        deal(1, jokers)




# --- specs/deals.md, transcribed with integers only -----------------------------------------
# An independent implementation of the recipe in specs/deals.md, using no float and no
# ``random`` module: if the document and the implementation drift apart, this fails.

M32 = 0xFFFFFFFF


class SpecMT:
    """MT19937 seeded the way Python's random.Random(n) seeds it (specs/deals.md)."""

    def __init__(self, seed: int):
        key = []
        n = abs(seed)
        while True:
            key.append(n & M32)
            n >>= 32
            if n == 0:
                break
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & M32
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & M32
            i, j = i + 1, j + 1
            if i >= 624:
                mt[0], i = mt[623], 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & M32
            i += 1
            if i >= 624:
                mt[0], i = mt[623], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, 624

    def uint32(self) -> int:
        mt = self.mt
        if self.index >= 624:
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def random53(self) -> int:
        """random() * 2**53, an integer 0 <= k < 2**53."""
        a = self.uint32() >> 5
        b = self.uint32() >> 6
        return a * 67108864 + b


def spec_floor_mul(k: int, m: int) -> int:
    """floor(fl(k / 2**53 * m)) as IEEE-754 double arithmetic computes it, in integers."""
    p = k * m
    extra = p.bit_length() - 53
    if extra > 0:  # round p to 53 significant bits, ties to even
        q, rem, half = p >> extra, p & ((1 << extra) - 1), 1 << (extra - 1)
        if rem > half or (rem == half and q & 1):
            q += 1
        p = q << extra
    return p >> 53


def spec_shuffled_deck(n: int, jokers: int = 0) -> list[str]:
    order = [r + s_ for s_ in "CSHD" for r in "A23456789TJQK"] + ["JK"] * jokers
    if n <= 32000:
        if len(order) == 52:
            order = [r + s_ for r in "A23456789TJQK" for s_ in "CDHS"]
        x = n
        for i in range(len(order) - 1, 0, -1):
            x = (x * 214013 + 2531011) % 2**33
            j = ((x >> 16) & 0x7FFF) % (i + 1)
            order[i], order[j] = order[j], order[i]
    else:
        mt = SpecMT(n)
        for i in range(len(order) - 1, 0, -1):
            j = spec_floor_mul(mt.random53(), i + 1)
            order[i], order[j] = order[j], order[i]
    return order[::-1]


@pytest.mark.parametrize("n", [1, 2, 617, 11982, 31999, 32000, 32001, 50000, 10**6, 2**32 - 1,
                               2**32, 2**32 + 1, MAX_DEAL])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_spec_integer_recipe_matches(n, jokers):
    assert spec_shuffled_deck(n, jokers) == s(shuffled_deck(n, jokers))


@pytest.mark.parametrize("seed", [0, 1, 32001, 2**32 - 1, 2**32, 2**40 + 12345, MAX_DEAL])
def test_spec_mt_matches_python_random(seed):
    ours, theirs = SpecMT(seed), random.Random(seed)
    for _ in range(400):  # a deal uses at most 108 words; 800 words also cross a re-twist
        assert ours.random53() / 2**53 == theirs.random()


def test_spec_float_rounding_recipe():
    rng = random.Random(7)
    for _ in range(20000):
        k, m = rng.getrandbits(53), rng.randint(1, 54)
        assert spec_floor_mul(k, m) == int(k / 2**53 * m)
    # The case where exact integer floor((k * m) / 2**53) would be wrong: k*m = 2**54 - 1
    # rounds up to 2**54 in double arithmetic.
    k = (2**54 - 1) // 3
    assert int(k / 2**53 * 3) == 2 == spec_floor_mul(k, 3)
    assert (k * 3) >> 53 == 1


# --- Vectors file ---------------------------------------------------------------------------

INVALID_CODES = ["", "   ", "GO1", "GO1-C", "GO1-C-AAAAAAB-A", "GO2-C-AAAAAAB", "G01-C-AAAAAAB",
                 "GO1-CC-AAAAAAB", "GO1--AAAAAAB", "GO1-1-AAAAAAB", "GO1-C-AAAAAB",
                 "GO1-C-AAAAAAAB", "GO1-C-AAAAAA1", "GO1-C-AAAAAAA", "GO1 C AAAAAAB",
                 "GO1_C_AAAAAAB", "GO1-Ñ-AAAAAAB", "GO1-C-AAAAAAſ"]


def build_vectors() -> dict:
    def entry(n: int, jokers: int) -> dict:
        d = deal(n, jokers)
        return {"code": format_code("C", n), "number": n, "jokers": jokers,
                "prng": "lcg" if n <= 32000 else "mt19937",
                **layout(d), "dealing_order": s(shuffled_deck(n, jokers))}

    lcg_x, lcg_r = 1, []
    for _ in range(5):
        lcg_x = (lcg_x * 214013 + 2531011) % 2**33
        lcg_r.append({"seedx": lcg_x, "output": (lcg_x >> 16) & 0x7FFF})
    mt = SpecMT(32001)
    mt_words = [mt.uint32() for _ in range(4)]
    mt = SpecMT(MAX_DEAL)
    return {
        "description": "golfcore / PySolFC Golf deal vectors; see specs/deals.md. Generated by "
                       "`python tests/test_deal.py --write-vectors`, checked by "
                       "tests/test_deal.py. Cards: rank A23456789TJQK + suit CDHS, joker JK. "
                       "columns: 7 columns from covered to free card; waste: the starting waste "
                       "card (talon[0]); stock: draw order, first drawn first; dealing_order: "
                       "all cards after shuffling and reversing. The code letter C is only an "
                       "example: the letter names the variant, not the deck.",
        "max_deal": MAX_DEAL,
        "deals": [entry(n, 0) for n in VECTOR_DEALS]
                 + [entry(n, j) for n, j in VECTOR_JOKER_DEALS],
        "prng": {
            "lcg_seed_1_first_steps": lcg_r,
            "mt_seed_32001_first_uint32": mt_words,
            "mt_seed_max_deal_key": [MAX_DEAL & M32, MAX_DEAL >> 32],
            "mt_seed_max_deal_first_random53": [mt.random53() for _ in range(3)],
            "double_rounding_case": {"k": (2**54 - 1) // 3, "m": 3, "randint": 2,
                                     "exact_integer_floor_would_give": 1},
        },
        "codes": {
            "valid": [{"text": t, "letter": letter, "number": n,
                       "canonical": format_code(letter, n)}
                      for t, letter, n in [("GO1-C-AAAAAAB", "C", 1), ("GO1-E-AAAAAAB", "E", 1),
                                           ("go1-c-aaaabaa", "C", 676),
                                           ("  GO1-N-AAAAABA\n", "N", 26),
                                           ("GO1-A-ZZZZZZZ", "A", MAX_DEAL),
                                           ("GO1-Z-AACEXHO", "Z", 1000000),
                                           ("Go1-c-AAABViu", "C", 32000)]],
            "invalid": INVALID_CODES,
        },
    }


def dump_json(obj, indent: str = "") -> str:
    """JSON with nested dicts and lists of dicts spread over lines, the rest on one line."""
    inner = indent + "  "
    if isinstance(obj, dict) and any(isinstance(v, (dict, list)) for v in obj.values()):
        items = [f"{inner}{json.dumps(k)}: {dump_json(v, inner)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(obj, list) and any(isinstance(x, dict) for x in obj):
        return "[\n" + ",\n".join(inner + dump_json(x, inner) for x in obj) + "\n" + indent + "]"
    return json.dumps(obj, ensure_ascii=False)


def test_vectors_file_matches_implementation():
    assert json.loads(VECTORS.read_text(encoding="utf-8")) == build_vectors()


def test_vectors_cover_the_brief():
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    have = {(v["number"], v["jokers"]) for v in vectors["deals"]}
    for n in (1, 2, 3, 617, 11982, 32000, 32001, 1_000_000, 26**7 - 1):
        assert (n, 0) in have
    for n in (1, 32001):
        assert (n, 1) in have and (n, 2) in have
    for v in vectors["deals"]:
        if v["jokers"] == 0:  # no-joker vectors are PySolFC's deals
            assert {k: v[k] for k in ("columns", "waste", "stock")} == pysol_layout(v["number"])
        assert v["dealing_order"] == spec_shuffled_deck(v["number"], v["jokers"])


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-vectors"]:
        sys.exit("usage: python tests/test_deal.py --write-vectors")
    VECTORS.write_text(dump_json(build_vectors()) + "\n", encoding="utf-8")
    print(f"wrote {VECTORS}")

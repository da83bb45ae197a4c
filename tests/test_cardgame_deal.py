"""The card game's deal is portable: an implementation written from specs/card-game-shuffle.md
alone, here, gives the test vectors of specs/card-game-vectors.json, and so does golfcore; a
match code re-deals the same match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golfcore.cardgame.deal import deal_round
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import RuleSet
from golfcore.codes import format_match_code, parse_match_code
from golfcore.errors import CodeError
from golfcore.shuffle import below, splitmix64

ROOT = Path(__file__).resolve().parent.parent
VECTORS = json.loads((ROOT / "specs" / "card-game-vectors.json").read_text(encoding="utf-8"))
M64 = 2**64


# -- a second implementation, from the guide's words ----------------------------------------------


def guide_next(s: int) -> tuple[int, int]:
    s = (s + 0x9E3779B97F4A7C15) % M64
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
    return z ^ (z >> 31), s


def guide_below(s: int, n: int) -> tuple[int, int]:
    limit = M64 - (M64 % n)
    while True:
        x, s = guide_next(s)
        if x < limit:
            return x % n, s


def guide_shoe() -> list[str]:
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    return deck + deck + ["JK"] * 4


def guide_deal(players: int, seed: int, rnd: int, size: int) -> dict[str, object]:
    s = (seed * 2**16 + rnd) % M64
    cards = guide_shoe()
    for i in range(len(cards) - 1, 0, -1):
        j, s = guide_below(s, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    first = (rnd - 1) % players
    boards: list[list[str]] = [[""] * size for _ in range(players)]
    for k in range(players * size):
        boards[(first + k) % players][k // players] = cards[k]
    rest = cards[players * size:]
    return {"shuffled": " ".join(cards), "first_seat": first,
            "boards": [" ".join(b) for b in boards], "discard": rest[0],
            "stock_head": " ".join(rest[1:11]), "stock_count": len(rest) - 1}


# -- the vectors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("vector", VECTORS["splitmix64"], ids=lambda v: v["state"])
def test_splitmix64_vectors(vector):
    for step in (splitmix64, guide_next):
        s, outputs = int(vector["state"]), []
        for _ in vector["outputs"]:
            x, s = step(s)
            outputs.append(str(x))
        assert outputs == vector["outputs"]


@pytest.mark.parametrize("vector", VECTORS["below"], ids=lambda v: f"{v['state']}-{v['n']}")
def test_below_vectors(vector):
    for fn in (below, guide_below):
        value, state = fn(int(vector["state"]), vector["n"])
        assert (value, str(state)) == (vector["value"], vector["next_state"])


@pytest.mark.parametrize("vector", VECTORS["deals"],
                         ids=lambda v: f"{v['variant']}-{v['players']}-{v['seed']}-{v['round']}")
def test_deal_vectors_from_golfcore_and_from_the_guide(vector):
    rules = RuleSet(vector["variant"])
    expected = {k: vector[k] for k in ("shuffled", "first_seat", "boards", "discard",
                                       "stock_head", "stock_count")}
    ours = deal_round(rules, vector["players"], vector["seed"], vector["round"])
    assert {"first_seat": ours.first,
            "boards": [" ".join(map(str, b.cards)) for b in ours.boards],
            "discard": str(ours.discard[-1]),
            "stock_head": " ".join(map(str, ours.stock[:10])),
            "stock_count": len(ours.stock)} == {k: v for k, v in expected.items()
                                                if k != "shuffled"}
    assert guide_deal(vector["players"], vector["seed"], vector["round"], rules.size) == expected


def test_a_round_deals_every_card_of_the_108_card_shoe_once():
    """Two decks and 4 jokers (CG-01 and the decision): boards, discard and stock are the shoe."""
    rules = RuleSet("card-golf+shape=3x4")
    rnd = deal_round(rules, 6, 99, 1)
    assert len(rules.deck) == 108 and sorted(rnd.cards()) == sorted(rules.deck)
    assert all(not any(board.up) for board in rnd.boards)


# -- match codes ----------------------------------------------------------------------------------


def test_a_match_code_re_deals_the_same_match():
    match = Match("six-card", players=4, seed=123456)
    assert match.code == "GC1-S423-AAAHAQI"
    again = Match.from_code(match.code)
    assert again.variant.name == "six-card" and again.referee() == match.referee()


def test_a_code_carries_the_board_shape():
    match = Match("card-golf+shape=2x4", players=3, seed=7)
    assert match.code == "GC1-G324-AAAAAAH"
    again = Match.from_code("gc1-g324-aaaaaah")
    assert again.rules.shape == (2, 4) and again.referee()["current"] == match.referee()["current"]


def test_composed_variants_beyond_shape_and_players_have_no_code():
    assert Match("card-golf+point-limit=50", seed=1).code is None


@pytest.mark.parametrize("text, message", [
    ("GC1-G233", "is not of the form"),
    ("GO1-G233-AAAAAAB", "is not of the form"),
    ("GC1-G733-AAAAAAB", "7 players: expected 2 to 6"),
    ("GC1-GX33-AAAAAAB", "table part"),
    ("GC1-G233-AAAAAAA", "seed 0"),
    ("GC1-G233-AAAA", "seed part"),
])
def test_malformed_match_codes_say_what_is_expected(text, message):
    with pytest.raises(CodeError, match=message):
        parse_match_code(text)


def test_a_code_of_an_unknown_letter_or_shape_is_refused():
    with pytest.raises(Exception, match="unknown variant letter 'Q'"):
        Match.from_code("GC1-Q233-AAAAAAB")
    with pytest.raises(Exception, match="board shape 3x2"):
        Match.from_code("GC1-G232-AAAAAAB")


def test_format_match_code_round_trips():
    code = format_match_code("S", 6, (2, 3), 26**7 - 1)
    assert code == "GC1-S623-ZZZZZZZ" and str(parse_match_code(code)) == code

"""Secret deals (docs/card-game.md, "Who can know the cards"): a match nobody chose is dealt from
128 bits of the operating system's randomness through a keyed stream, so a seat that computes
learns nothing from the cards it saw; its replay code reaches the seats only at the end and
re-deals the match exactly. Chosen deals (a seed, a code) stay reproducible and say so.

The attack of the audit, run here: a seat collects the (place in the deal, card) pairs it has
seen after a few turns and scans seeds for a deal consistent with them. The scan covers a slice
of 2,001 seeds (the whole 26**7 space takes minutes of C, too long for a test): it finds the
seed of a coded match in that slice and with it every hidden card, and it finds no seed for a
secret deal. A secret deal is not in the seed space at all, so no slice, nor the whole space,
holds it; why seeing cards says nothing about the secret is the keyed stream's property
(golfcore/shuffle.py), checked here only as far as a test can: every bit of the secret and the
round change the deal, and a second implementation from the documentation gives the same words.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
import pytest

from golfcore.cardgame.deal import SecretDeal, SeedDeal, deal_round
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import rule_set
from golfcore.codes import format_replay_code, parse_replay_code
from golfcore.errors import CodeError, GolfError
from golfcore.protocol.server import Session
from golfcore.shuffle import keyed_shuffle, keyed_words, round_state, seeded_shuffle

VARIANT = "card-golf"
PLAYERS = 2
CODED_SEED = 5_000_000


# -- the attack ---------------------------------------------------------------------------------


def seen_by_seat_0(match: Match, turns: int) -> list[tuple[int, str]]:
    """Play ``turns`` turns (each seat: draw, then turn up its first face-down card by
    discarding, else replace place 1) and return what seat 0 learnt from its observations and
    the public actions, as (index in round 1's shuffled shoe, card) pairs."""
    deck = len(match.rules.deck)
    size = match.rules.size
    facts: dict[int, str] = {}
    view = match.observation(0).to_json()
    facts[PLAYERS * size] = view["discard"]          # the discard's first card
    drawn_at = None
    for _ in range(turns):
        seat = match.turn
        assert seat is not None
        board = match.observation(0).to_json()["boards"][seat]
        assert match.act(seat, "draw").accepted
        view = match.observation(0).to_json()
        drawn_at = deck - 1 - view["stock_count"]     # the stock is the shoe's tail, in order
        if seat == 0:
            facts[drawn_at] = view["held"]["card"]   # seat 0 sees what it draws
        down = [p for p, card in enumerate(board) if card is None]
        if down:
            place = down[0]
            assert match.act(seat, f"discard {place + 1}").accepted
            view = match.observation(0).to_json()
            facts[drawn_at] = view["discard"]         # the drawn card, discarded face up
            facts[place * PLAYERS + seat] = view["boards"][seat][place]   # turned up
        else:
            assert match.act(seat, "replace 1").accepted
    return sorted(facts.items())


def scan(facts: list[tuple[int, str]], seeds: range) -> list[int]:
    """The seeds whose round-1 shuffle agrees with every fact: the attacker's scan."""
    deck = rule_set(VARIANT).deck
    found = []
    for seed in seeds:
        shuffled, _ = seeded_shuffle(deck, round_state(seed, 1))
        if all(str(shuffled[i]) == card for i, card in facts):
            found.append(seed)
    return found


def test_a_seed_scan_finds_a_coded_match_and_every_hidden_card_but_no_secret_deal():
    seeds = range(CODED_SEED - 1000, CODED_SEED + 1001)
    coded = Match(VARIANT, players=PLAYERS, seed=CODED_SEED)
    facts = seen_by_seat_0(coded, turns=5)
    assert len(facts) >= 9
    assert scan(facts, seeds) == [CODED_SEED]
    # the seed deals the other seat's face-down cards and the whole stock, in order
    dealt = deal_round(coded.rules, PLAYERS, CODED_SEED, 1)
    now = coded.state.current
    hidden = [c for c, up in zip(now.boards[1].cards, now.boards[1].up) if not up]
    predicted = [c for c, up in zip(dealt.boards[1].cards, now.boards[1].up) if not up]
    assert predicted == hidden and len(hidden) >= 4
    assert dealt.stock[-len(now.stock):] == now.stock
    assert coded.observation(0).to_json()["chosen_deal"] is True        # and the seats were told

    secret = Match(VARIANT, players=PLAYERS)
    facts = seen_by_seat_0(secret, turns=5)
    assert len(facts) >= 9
    assert scan(facts, seeds) == []
    assert secret.observation(0).to_json()["chosen_deal"] is False


# -- the keyed stream ---------------------------------------------------------------------------


def guide_words(secret: bytes, stream: int, count: int) -> list[int]:
    """The keyed stream written again from golfcore/shuffle.py's documentation alone."""
    out: list[int] = []
    block = 0
    while len(out) < count:
        digest = hashlib.blake2b(stream.to_bytes(8, "big") + block.to_bytes(8, "big"),
                                 digest_size=64, key=secret,
                                 person=b"golfcore deal v1").digest()
        out += [int.from_bytes(digest[i:i + 8], "big") for i in range(0, 64, 8)]
        block += 1
    return out[:count]


def test_the_keyed_stream_is_what_its_documentation_says_and_pinned():
    key = bytes(range(16))
    words = keyed_words(key, 1, 0)
    assert [next(words) for _ in range(20)] == guide_words(key, 1, 20)
    later = keyed_words(key, 1, 13)
    assert next(later) == guide_words(key, 1, 14)[13]
    assert guide_words(key, 1, 3) == [11959178240758412535, 16741483810769657749,
                                      8818950247748875049]
    shuffled, used = keyed_shuffle(rule_set(VARIANT).deck, key, 1, 0)
    assert " ".join(map(str, shuffled[:10])) == "6H 5S 7H JK KS 6C 9C JC JC JH" and used == 107
    assert format_replay_code("G", 2, (3, 3), key) == "GK1-G233-AAAAOYL-YLELZWW-DXESQMV-BIOYQOD"


def test_every_bit_of_the_secret_and_the_round_change_the_deal():
    deck = rule_set(VARIANT).deck
    key = bytes(range(16))
    base, _ = keyed_shuffle(deck, key, 1, 0)
    assert keyed_shuffle(deck, key, 2, 0)[0] != base
    for bit in range(128):
        flipped = (int.from_bytes(key, "big") ^ (1 << bit)).to_bytes(16, "big")
        assert keyed_shuffle(deck, flipped, 1, 0)[0] != base, bit


def test_a_match_nobody_chose_takes_128_bits_from_the_operating_system(monkeypatch):
    import golfcore.shuffle as shuffle

    asked: list[int] = []
    real = shuffle.secrets.token_bytes

    def recording(n: int) -> bytes:
        asked.append(n)
        return real(n)

    monkeypatch.setattr(shuffle.secrets, "token_bytes", recording)
    match = Match(VARIANT, players=PLAYERS)
    assert asked == [16]
    deal = match.state.deal
    assert isinstance(deal, SecretDeal) and not deal.chosen and match.state.seed is None
    expected = deal_round(match.rules, PLAYERS, deal, 1)
    assert match.state.current == expected
    assert repr(deal.secret.hex()) not in repr(match) and deal.secret.hex() not in repr(deal)
    assert Match(VARIANT, players=PLAYERS).state.deal != deal          # fresh every match


def test_a_reshuffle_of_the_discard_comes_from_the_same_secret_stream():
    match = Match(VARIANT, players=PLAYERS)
    deal = match.state.deal
    rnd = match.state.current
    # leave one card in the stock: seat 0 draws it and discards it, the stock is empty
    rnd = replace(rnd, stock=rnd.stock[:1], discard=rnd.discard + rnd.stock[1:])
    match = Match(match.rules, state=replace(match.state, current=rnd))
    pile = match.state.current.discard
    assert match.act(0, "draw").accepted and match.act(0, "discard 1").accepted
    after = match.state.current
    held = rnd.stock[0]                 # discarded on top: the pile under it is shuffled
    stock, position = keyed_shuffle(pile, deal.secret, 1, rnd.rng)
    assert after.stock == stock and after.discard == (held,) and after.rng == position
    assert position >= rnd.rng + len(pile) - 1
    # a chosen seed reshuffles with its own generator, as specs/card-game-shuffle.md says
    coded = Match(VARIANT, players=PLAYERS, seed=9)
    rnd = coded.state.current
    rnd = replace(rnd, stock=rnd.stock[:1], discard=rnd.discard + rnd.stock[1:])
    coded = Match(coded.rules, state=replace(coded.state, current=rnd))
    pile = coded.state.current.discard
    assert coded.act(0, "draw").accepted and coded.act(0, "discard 1").accepted
    assert coded.state.current.stock == seeded_shuffle(pile, rnd.rng)[0]


# -- the replay code -----------------------------------------------------------------------------


def play_to_the_end(session: Session, rng: random.Random) -> tuple[list[str], list[tuple]]:
    """Random legal actions through a player's session until the match is over: every reply
    text, and the actions taken (seat, action)."""
    texts, actions = [], []
    for _ in range(5000):
        view = json.loads(session.handle_line('{"cmd":"observe","seat":0}'))["observation"]
        texts.append(json.dumps(view))
        if view["over"]:
            return texts, actions
        seat = 0 if view["step"] == "over" else view["turn"]
        legal = json.loads(session.handle_line(
            json.dumps({"cmd": "legal", "seat": seat})))["legal"]
        action = rng.choice(legal)
        reply = session.handle_line(json.dumps({"cmd": "act", "seat": seat, "action": action}))
        assert json.loads(reply)["ok"] is True
        texts.append(reply)
        actions.append((seat, action))
    pytest.fail("the match did not end")


def test_the_replay_code_reaches_the_seats_only_at_the_end_and_replays_the_match():
    session = Session()
    new = session.handle({"cmd": "new", "game": "card-game",
                          "variant": "six-card+shape=2x2", "seats": [0, 1]})
    assert new["ok"] is True and new["code"] is None and new["chosen_deal"] is False
    texts, actions = play_to_the_end(session, random.Random(4))
    code = json.loads(texts[-1])["code"]
    assert code.startswith("GK1-S222-")
    secret = parse_replay_code(code).secret
    assert len(actions) > 10
    before = [text for text in texts if not json.loads(text).get(
        "observation", json.loads(text))["over"]]
    assert len(before) == len(texts) - 2   # the last action's reply, and the last observe
    for text in before:                   # before the end: no code, no secret, in any form
        assert code not in text and "".join(code.split("-")[2:]) not in text
        assert secret.hex() not in text and '"secret"' not in text and '"seed"' not in text
    # the code re-deals the match: the same actions give the same rounds and totals
    played = session.match
    assert played is not None and played.is_over
    replayed = Match.from_code(code)
    replayed = Match(played.rules, players=2, deal=replayed.state.deal)
    for seat, action in actions:
        assert replayed.act(seat, action).accepted
    assert replayed.state.results == played.state.results
    assert replayed.state.current == played.state.current
    assert replayed.totals == played.totals and replayed.code == code
    assert replayed.chosen_deal is True            # whoever holds the code knows the cards


def test_a_secret_match_saves_its_secret_for_the_server_and_resumes_the_same_deals():
    match = Match(VARIANT, players=PLAYERS)
    saved = match.to_json()
    assert saved["match"]["seed"] is None
    assert saved["match"]["secret"] == match.state.deal.secret.hex()
    resumed = Match.from_json(json.dumps(saved))
    assert resumed.state == match.state and resumed.code == match.code
    assert resumed.observation(1).to_json() == match.observation(1).to_json()
    assert not any("secret" in json.dumps(match.observation(seat).to_json()) for seat in (1, None))
    # a replayed match stays chosen after a save
    replay = Match.from_code(match.code)
    assert Match.from_json(replay.dumps()).chosen_deal is True


@pytest.mark.parametrize("change, says", [
    ({"secret": "00" * 15}, "32 hexadecimal digits"),
    ({"secret": "AB" * 16}, "32 hexadecimal digits"),
    ({"secret": "00" * 16, "seed": 5}, "not both"),
    ({"chosen": True, "secret": None}, "'chosen' goes with a 'secret'"),
    ({"chosen": 1}, "'chosen' must be true or false"),
])
def test_a_saved_deal_that_cannot_be_is_refused(change, says):
    saved = Match(VARIANT, players=PLAYERS).to_json()
    saved["match"].update(change)
    saved["match"] = {k: v for k, v in saved["match"].items() if v is not None or k == "seed"}
    with pytest.raises(GolfError, match=says):
        Match.from_json(saved)


@pytest.mark.parametrize("text, says", [
    ("GK1-G233-AAAAAAB", "not of the form"),
    ("GK1-G233-ZZZZZZZ-ZZZZZZZ-ZZZZZZZ-ZZZZZZZ", "more than 128 bits"),
    ("GK1-G733-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB", "7 players"),
    ("GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAA1", "7 letters"),
])
def test_malformed_replay_codes_are_refused(text, says):
    with pytest.raises(CodeError, match=says):
        parse_replay_code(text)
    with pytest.raises(GolfError):
        Match.from_code(text)


def test_a_replay_code_of_another_variant_is_refused_under_a_variant():
    code = Match("six-card", players=2).code
    assert code is not None
    reply = Session().handle({"cmd": "new", "game": "card-game", "code": code,
                              "variant": "card-golf"})
    assert reply["ok"] is False and "six-card" in reply["message"]
    reply = Session().handle({"cmd": "new", "game": "card-game", "code": code.lower()})
    assert reply["ok"] is True and reply["chosen_deal"] is True and reply["code"] == code


def test_chosen_deals_are_the_published_ones():
    """Codes, seeds and specs deal exactly as specs/card-game-shuffle.md says."""
    match = Match.from_code("GC1-G233-AAAAAAB")
    assert match.state.deal == SeedDeal(1) and match.chosen_deal is True
    assert match.state.current == deal_round(match.rules, 2, 1, 1)
    assert match.observation(0).chosen_deal is True and match.observation(None).chosen_deal is True

"""The card game's bots: legal, deterministic, blind to hidden cards, never dominated, found
through entry points (docs/bots.md)."""

from __future__ import annotations

import random
import sys
import textwrap
from dataclasses import replace
from functools import cache
from types import MappingProxyType
from typing import Any

import pytest

from golfcore.cardgame.bots import (Bot, BotError, ExpertBot, GreedyBot, RandomBot, StrongBot,
                                    bot_info, bot_names, dominated, find_bot)
from golfcore.cardgame.board import Board
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError

#: The strong bot with a tiny budget: the tests check behaviour, the benchmark strength (no
#: extra worlds for close decisions in the default run; the slow tests let the expert use them).
FAST = {"iterations": 2, "max_iterations": 2}
#: The expert's searches are larger: its tests that play many decisions are slow ones.
SLOW_EXPERT = pytest.param("expert", marks=pytest.mark.slow)


@cache
def _bot_class(name: str) -> type[Bot]:
    """find_bot reads every installed package's entry points (about 15 ms); the tests make a
    bot per decision, from the classes found once (the lookup is tested below)."""
    return find_bot(name)


def make(name: str, variant: str, seat: int, seed: int) -> Bot:
    options = FAST if name == "strong" else {"iterations": 2} if name == "expert" else {}
    return _bot_class(name)(variant, seat, seed, **options)


def play_round(match: Match, bots: list[Bot], check: Any = None) -> list[tuple[int, str]]:
    """Play the current round to its end, each bot fed its own observation only; the actions."""
    taken = []
    while not match.round_over:
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat).to_json()
        action = bots[seat].act(MappingProxyType(obs))
        assert action in obs["legal"], (bots[seat].name, action, obs["legal"])
        if check is not None:
            check(obs, action, bots[seat])
        assert match.act(seat, action).accepted
        taken.append((seat, action))
        assert len(taken) < 5000, "a round that never ends"
    return taken


# -- every bot, every variant, shape and table -----------------------------------------------------

TABLES = [
    ("card-golf", 2), ("card-golf+shape=2x2", 6), ("card-golf+shape=2x3", 3),
    ("card-golf+shape=2x4", 5), ("card-golf+shape=3x4", 2), ("six-card", 4),
    ("card-golf+must-replace+shape=2x3", 2), ("card-golf+ender-penalty=ties", 3),
    ("card-golf+stock-out-ends-round+shape=2x2", 2),
]


@pytest.mark.parametrize("variant,players", TABLES)
def test_every_bot_plays_legal_actions(variant, players):
    names = ["random", "greedy", "strong"]
    match = Match(variant, players=players, seed=players * 7 + len(variant))
    bots = [make(names[s % 3], variant, s, 100 + s) for s in range(players)]
    play_round(match, bots)
    assert len(match.state.results[-1].scores) == players
    assert bots[0].act(match.observation(0).to_json()) == "next"


def test_a_whole_match_to_100_points():
    match = Match("card-golf+shape=2x3", players=2, seed=11)
    bots = [make("greedy", match.variant.name, 0, 1), make("random", match.variant.name, 1, 2)]
    while not match.is_over:
        play_round(match, bots)
        if not match.is_over:
            match.act(0, bots[0].act(match.observation(0).to_json()))
    assert max(match.totals) >= 100 and match.winners


def test_a_bot_with_nothing_to_do_says_so():
    match = Match("card-golf", players=2, seed=3)
    bot = GreedyBot("card-golf", 1, 1)
    with pytest.raises(BotError, match="no legal action"):
        bot.act(match.observation(1).to_json())
    with pytest.raises(BotError, match="seat 1, not 0"):
        bot.act(match.observation(0).to_json())


# -- hidden information ----------------------------------------------------------------------------


def shuffle_hidden(match: Match, rnd: random.Random) -> Match:
    """The same match with every card nobody may see (face-down cards, the stock, the buried
    discard) dealt again at random: what the seats see is unchanged."""
    cur = match.state.current
    hidden = [c for b in cur.boards for c, up in zip(b.cards, b.up) if not up]
    hidden += list(cur.stock) + list(cur.discard[:-1])
    rnd.shuffle(hidden)
    it = iter(hidden)
    boards = tuple(Board(tuple(c if up else next(it) for c, up in zip(b.cards, b.up)), b.up)
                   for b in cur.boards)
    stock = tuple(next(it) for _ in cur.stock)
    discard = tuple(next(it) for _ in cur.discard[:-1]) + cur.discard[-1:]
    other = Match(match.rules, state=replace(match.state, current=replace(
        cur, boards=boards, stock=stock, discard=discard)))
    assert other.state.current.cards() != cur.cards() or not hidden
    return other


@pytest.mark.parametrize("name", ["random", "greedy", "strong", SLOW_EXPERT])
def test_bots_decide_the_same_whatever_the_hidden_cards(name):
    """Two referee states that differ only in hidden cards give every seat the same observation
    and the bot the same decision: it cannot reach a hidden card."""
    rnd = random.Random(5)
    differs = 0
    for seed in (3, 4):
        match = Match("card-golf", players=3, seed=seed)
        driver = [GreedyBot("card-golf", s, 9) for s in range(3)]
        for _ in range(15 if name in ("strong", "expert") else 40):
            seat = match.turn
            if seat is None:
                break
            other = shuffle_hidden(match, rnd)
            differs += other.referee() != match.referee()
            obs, obs2 = match.observation(seat).to_json(), other.observation(seat).to_json()
            assert obs == obs2
            a = make(name, "card-golf", seat, 42).act(obs)
            b = make(name, "card-golf", seat, 42).act(obs2)
            assert a == b
            match.act(seat, driver[seat].act(obs))
    assert differs >= 30


def test_a_bot_reads_only_the_observation_fields():
    """What a bot reads of an observation, recorded: only the documented public fields."""
    from golfcore.cardgame.observation import OBSERVATION_FIELDS

    class Recording(dict):
        read: set[str] = set()

        def __getitem__(self, key):
            Recording.read.add(key)
            return super().__getitem__(key)

        def get(self, key, default=None):
            Recording.read.add(key)
            return super().get(key, default)

    match = Match("card-golf", players=2, seed=8)
    bots = [make("strong", "card-golf", 0, 1), make("greedy", "card-golf", 1, 1)]
    for _ in range(30):
        seat = match.turn
        action = bots[seat].act(Recording(match.observation(seat).to_json()))
        match.act(seat, action)
    assert Recording.read and Recording.read <= set(OBSERVATION_FIELDS) | {"code"}


# -- determinism -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "strong", SLOW_EXPERT])
def test_same_seed_same_decisions(name):
    def run(seed: int) -> list[tuple[int, str]]:
        match = Match("card-golf+shape=2x3", players=3, seed=21)
        bots = [make(name, "card-golf+shape=2x3", s, seed + s) for s in range(3)]
        return play_round(match, bots)

    first = run(1)
    assert run(1) == first
    if name != "greedy":  # greedy has no randomness past the round's start
        assert any(run(s) != first for s in (2, 3, 4))


def test_strong_time_limit_is_only_a_cap_and_options_are_checked():
    with pytest.raises(BotError, match="unknown option"):
        StrongBot("card-golf", 0, 1, budget=3)
    with pytest.raises(BotError, match="iterations"):
        StrongBot("card-golf", 0, 1, iterations=0)
    with pytest.raises(BotError, match="threshold"):
        GreedyBot("card-golf", 0, 1, threshold="x")
    bot = StrongBot("card-golf", 0, 1, iterations=2, time_limit=5)
    assert bot.time_limit == 5 and bot.iterations == 2
    with pytest.raises(BotError, match="objective"):
        StrongBot("card-golf", 0, 1, objective="points")
    assert StrongBot("card-golf", 0, 1, objective="round").objective == "round"


def test_a_cut_off_playout_is_scored_as_the_players_see_the_boards():
    """The leaf of a playout cut off at the horizon values face-down cards at the mean of the
    unseen cards: two worlds that differ only in hidden cards score the same."""
    from golfcore.cardgame.bots.sim import boardview, observed, tables, valuation
    match = Match("card-golf", players=2, seed=12)
    for _ in range(6):
        seat = match.turn
        match.act(seat, GreedyBot("card-golf", seat, 1).act(match.observation(seat).to_json()))
    s = observed.seen(match.observation(match.turn).to_json())
    worlds = [observed.determinise(s, random.Random(k)) for k in range(4)]
    assert len({tuple(tuple(b) for b in w.real) for w in worlds}) > 1
    leaves = {tuple(round(x, 9) for x in w.seen_scores()) for w in worlds}
    assert len(leaves) == 1
    board = s.views[s.seat]
    table = valuation.Table.build(s.tab, s.views, s.mean, s.ender, s.pool)
    mine = boardview.expect(table.vl[s.seat], boardview.cover_of(s.tab, table.rk[s.seat]))
    assert abs(leaves.pop()[s.seat] - mine) < 1e-9 and tables.HIDDEN in board


def test_strong_values_playouts_by_the_chance_of_winning_the_match():
    from golfcore.cardgame.bots.sim import observed
    from golfcore.cardgame.bots.strong import MatchValue

    match = Match("card-golf", players=2, seed=5)
    observation = dict(match.observation(0).to_json())
    value = MatchValue(observed.seen(observation), observation)
    assert value.left >= 3                      # a match to 100 has rounds to come
    even, ahead, behind = value([15, 15], True), value([10, 20], True), value([20, 10], True)
    assert even == pytest.approx(-0.5) and -1 < ahead < even < behind < 0
    late = dict(observation, totals=[90, 80], rounds=[{}] * 5)
    value = MatchValue(observed.seen(late), late)
    assert value([5, 25], True) == -1.0         # the match ends: the lowest total wins
    assert value([15, 5], True) == 0.0
    assert value([10, 20], True) == -0.5        # a shared win


# -- dominated moves -------------------------------------------------------------------------------


def obs(boards, held=None, held_from="stock", discard="2C", variant="card-golf", ender=None,
        players=None) -> dict[str, Any]:
    """A hand-built observation of seat 0, its turn, holding ``held`` (or at the draw step)."""
    return {
        "game": "card-game", "variant": variant, "seat": 0, "players": players or len(boards),
        "round": 1, "step": "hold" if held else "draw", "turn": 0, "boards": boards,
        "discard": discard, "discard_count": 5, "stock_count": 60,
        "held": {"from": held_from, "card": held} if held else None, "ender": ender,
        "last_turns": [0] if ender is not None else [], "legal": [],
    }


HIDDEN_OPP = [None] * 9
# Row 1: two jokers and a 5; every other line through places 1-3 holds two face-up ranks.
JOKERS = ["JK", "JK", "5H", None, "9D", "2S", "7H", None, "3D"]


def test_completing_a_joker_line_that_raises_the_board_is_dominated():
    o = obs([JOKERS, HIDDEN_OPP], held="JK")
    why = dominated(o, "replace 3")
    assert why is not None and "completing a line" in why
    # not dominated: the joker on a face-down place (anything may hide there), or on the 3 at
    # place 9 (-6 in every world: which makes turning a card up, 0, dominated in turn)
    assert dominated(o, "replace 4") is None
    assert dominated(o, "replace 9") is None
    assert "worse than replace" in dominated(o, "discard 4")


def test_completing_a_line_that_lowers_the_board_is_not_dominated():
    board = ["JK", "JK", "QH"] + JOKERS[3:]     # -3 -3 +12 = 6 becomes 0
    assert dominated(obs([board, HIDDEN_OPP], held="JK"), "replace 3") is None


def test_replacing_a_face_up_card_by_a_higher_one_is_dominated_by_turning_one_up():
    # every line through place 1 holds two face-up ranks before and after
    board = ["3C", "AD", "2S", "AH", "2D", "AS", None, "2H", None]
    o = obs([board, HIDDEN_OPP], held="8H")
    assert "worse than discard 7" in dominated(o, "replace 1")
    # a face-down card may hide anything: replacing it is not known in every world
    assert dominated(o, "replace 7") is None
    assert dominated(o, "discard 7") is None
    # taken from the discard, replacing the 3 is dominated by replacing a higher face-up card
    queen = ["3C", "AD", "2S", "AH", "QD", "AS", None, "2H", None]
    o_discard = obs([queen, HIDDEN_OPP], held="8H", held_from="discard")
    assert "worse than replace 5" in dominated(o_discard, "replace 1")
    assert dominated(o_discard, "replace 5") is None


def test_near_misses_of_a_higher_replacement():
    board = ["3C", "2D", "AS", "AH", "2C", "AD", None, "2H", None]
    # must-replace: no discard; the face-down places may hide anything: not dominated
    o = obs([board, HIDDEN_OPP], held="8H", variant="card-golf+must-replace")
    assert dominated(o, "replace 1") is None
    # the last face-down card: turning it up would end the round (the ender's penalty)
    last = ["3C", "2D", "AS", "AH", "2C", "AD", "KH", "2H", None]
    assert dominated(obs([last, HIDDEN_OPP], held="8H"), "replace 1") is None
    # ... unless someone else has ended the round already
    assert dominated(obs([last, HIDDEN_OPP], held="8H", ender=1), "replace 1") is not None
    # the card turned up instead would hand the opponent a line of eights: not dominated
    opp = ["8C", "8D", None, None, None, None, None, None, None]
    assert dominated(obs([board, opp], held="8H"), "replace 1") is None


def test_taking_the_discard_to_replace_an_equal_card_is_dominated():
    board = ["5C", "AD", "2S", "AH", "2D", "AS", None, "2H", None]
    o = obs([board, HIDDEN_OPP], held="5D", held_from="discard")
    assert "no better than drawing" in dominated(o, "replace 1")
    # a lower card is an improvement
    assert dominated(obs([board, HIDDEN_OPP], held="4D", held_from="discard"), "replace 1") is None
    # taking it denies the opponent a line of fives: not dominated
    opp = ["5H", "5S", None, None, None, None, None, None, None]
    assert dominated(obs([board, opp], held="5D", held_from="discard"), "replace 1") is None
    # with a pair in the column it forms a line: not dominated
    pair = ["5C", "AD", "2S", "5H", "2D", "AS", "5S", "2H", None]
    assert dominated(obs([pair, HIDDEN_OPP], held="5D", held_from="discard"),
                     "replace 1") is None


def test_draw_take_and_reveal_are_judged_sensibly():
    board = ["5C", "9D", "2S", "7H", "QD", "4C", None, "8C", None]
    o = obs([board, HIDDEN_OPP], discard="QS")
    assert dominated(o, "draw") is None
    assert dominated(obs([board, HIDDEN_OPP], discard="AS"), "take") is None


def test_under_six_card_a_drawn_card_is_discarded_without_naming_a_place():
    """Six-card golf's discard ends the turn (no card turned up): the bots say ``discard``."""
    board = ["AC", "2D", "KS", None, "AH", None]          # a queen would only raise it
    o = obs([board, [None] * 6], held="QH", variant="six-card")
    o["legal"] = [f"replace {p}" for p in range(1, 7)] + ["discard"]
    assert make("greedy", "six-card", 0, 1).act(o) == "discard"
    assert StrongBot("six-card", 0, 1, **FAST).act(o) == "discard"
    assert "worse than discard in every world" in dominated(o, "replace 5")
    assert dominated(o, "discard") is None
    # the document's rule: the discard names the card it turns up
    nine = obs([board + [None] * 3, HIDDEN_OPP], held="QH")
    assert "worse than discard 4" in dominated(nine, "replace 2")


BOT_OPTIONS = {"greedy": {}, "strong": FAST, "expert": {"iterations": 2}}


@pytest.mark.parametrize("name", ["greedy", "strong", SLOW_EXPERT])
def test_greedy_and_strong_make_no_dominated_move(name):
    decisions = 0
    bad: list[str] = []

    def check(o, action, bot):
        nonlocal decisions
        if bot.name == name:
            decisions += 1
            why = dominated(o, action)
            if why is not None:
                bad.append(f"{action}: {why}")

    for variant, players, seed in [("card-golf", 2, 1), ("card-golf+shape=2x3", 3, 2),
                                   ("six-card", 2, 3), ("card-golf+shape=3x4", 2, 4),
                                   ("card-golf+shape=2x2", 4, 5)]:
        match = Match(variant, players=players, seed=seed)
        bots = [find_bot(name)(variant, s, s, **BOT_OPTIONS[name]) if s % 2 == 0
                else RandomBot(variant, s, s) for s in range(players)]
        for _ in range(3):
            play_round(match, bots, check)
            if match.is_over:
                break
            match.act(0, "next")
    assert decisions >= 200
    assert not bad


def test_dominated_moves_exist_in_random_play():
    """The checker is not vacuous: a random player makes dominated moves."""
    found = 0
    match = Match("card-golf", players=2, seed=2)
    bots = [RandomBot("card-golf", s, s) for s in range(2)]

    def check(o, action, bot):
        nonlocal found
        found += dominated(o, action) is not None

    for _ in range(4):
        play_round(match, bots, check)
        match.act(0, "next")
    assert found > 5


# -- the registry ----------------------------------------------------------------------------------


def test_builtin_bots_are_registered_through_entry_points():
    assert {"random", "greedy", "strong", "expert"} <= set(bot_names())
    assert find_bot("greedy") is GreedyBot and find_bot("Strong") is StrongBot
    assert find_bot("random").name == "random" and find_bot("expert") is ExpertBot


def test_every_level_has_a_name_and_a_description_for_players():
    """What the web's computer seats offer: each bot's name and one line in both languages."""
    info = {b["name"]: b for b in bot_info()}
    assert list(info) == bot_names()
    for name in ("random", "greedy", "strong", "expert"):
        for texts in (info[name]["titles"], info[name]["descriptions"]):
            assert set(texts) == {"en", "es"} and all(texts.values())
            assert texts["en"] != texts["es"] or texts is info[name]["titles"]
    assert info["strong"]["titles"] == {"en": "strong", "es": "fuerte"}


def test_expert_is_the_strong_search_with_a_larger_budget():
    bot = ExpertBot("card-golf", 0, 1)
    strong = StrongBot("card-golf", 0, 1)
    assert bot.iterations > strong.iterations and bot.max_iterations > strong.max_iterations
    assert bot.candidates > strong.candidates and bot.margin > strong.margin
    assert ExpertBot("card-golf", 0, 1, iterations=3).max_iterations == 12   # options still apply
    with pytest.raises(BotError, match="leaf"):
        ExpertBot("card-golf", 0, 1, leaf="cheat")
    assert StrongBot("card-golf", 0, 1, iterations=8, max_iterations=2).max_iterations == 8


def test_unknown_bot_names_a_suggestion():
    with pytest.raises(BotError, match=r"unknown bot 'gredy' \(did you mean 'greedy'\?\)"):
        find_bot("gredy")
    with pytest.raises(GolfError, match="known bots are .*greedy.*random.*strong"):
        find_bot("nobody-at-all")


THIRD_PARTY = '''
from golfcore.cardgame.bots import Bot


class LastLegal(Bot):
    """Always the last legal action."""

    name = "last-legal"

    def act(self, observation):
        return self.legal(observation)[-1]


NOT_A_BOT = object()
'''


@pytest.fixture
def third_party(tmp_path, monkeypatch):
    (tmp_path / "golf_lastbot.py").write_text(textwrap.dedent(THIRD_PARTY), encoding="utf-8")
    dist = tmp_path / "golf_lastbot-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: golf-lastbot\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[golfcore.cardgame.bots]\nlast-legal = golf_lastbot:LastLegal\n"
        "not-a-bot = golf_lastbot:NOT_A_BOT\nbroken = golf_missing:Nope\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    sys.modules.pop("golf_lastbot", None)


def test_third_party_bot_is_loaded_and_plays(third_party):
    assert "last-legal" in bot_names()
    cls = find_bot("last-legal")
    match = Match("six-card", players=2, seed=4)
    bots = [cls("six-card", 0, 1), GreedyBot("six-card", 1, 1)]
    taken = play_round(match, bots)
    assert any(seat == 0 for seat, _ in taken)
    with pytest.raises(BotError, match="not a subclass"):
        find_bot("not-a-bot")
    with pytest.raises(BotError, match="bot 'broken' was left out: golf-lastbot 1.0, entry point "
                                       "'broken' .*ModuleNotFoundError"):
        find_bot("broken")       # once "cannot load bot": a bot that fails is now left out


@pytest.mark.parametrize("name", ["random", "greedy", "strong", SLOW_EXPERT])
def test_a_bot_refuses_an_observation_of_another_variant(name):
    """A six-card bot given a card-golf observation would value its cards by six-card's rules
    (2 = -2, jacks 10 ...): it refuses, naming both variants. The same rules under another
    name (card-golf and card-golf+shape=3x3) are the same variant."""
    from golfcore.cardgame.bots import BotError, find_bot
    from golfcore.cardgame.match import Match

    seen = Match("card-golf", players=2, seed=3).observation(0).to_json()
    with pytest.raises(BotError, match=r"plays six-card, not 'card-golf': an observation of "
                                       r"another variant is refused"):
        find_bot(name)("six-card", seat=0, seed=1).act(seen)
    with pytest.raises(BotError, match="not 'nonsense'"):
        find_bot(name)("card-golf", seat=0, seed=1).act({**seen, "variant": "nonsense"})
    assert find_bot(name)("card-golf+shape=3x3", seat=0, seed=1).act(seen) in seen["legal"]

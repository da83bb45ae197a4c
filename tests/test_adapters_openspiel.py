"""golfcore's games in OpenSpiel: OpenSpiel's own checks and algorithms on ``golf_card`` and
``golf_solitaire`` (the ``openspiel`` extra; skipped where it is not installed, required in CI).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from adapters_support import need

pyspiel = need("pyspiel", "openspiel")
np = need("numpy", "openspiel")

import golfcore.adapters.openspiel  # noqa: E402,F401  (registers the games)
from golfcore.adapters import MissingExtra, encoding as enc, require  # noqa: E402
from golfcore.adapters.openspiel.resample import (hidden_slots, rebuilt, redrawn,  # noqa: E402
                                                  replayed)
from golfcore.cards import Card  # noqa: E402
from golfcore.solitaire.position import Position  # noqa: E402
from golfcore.solitaire.rules import rule_set as solitaire_rules  # noqa: E402
from golfcore.solitaire.search.fair import fair_chance  # noqa: E402
from open_spiel.python.algorithms.minimax import expectiminimax  # noqa: E402


def play_randomly(state, rng: random.Random, seat_action=None):
    """Play ``state`` to its end: chance by its probabilities, seats at random (or by
    ``seat_action(state)`` when given); yields every decision state before it is played."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        yield state
        action = seat_action(state) if seat_action else rng.choice(state.legal_actions())
        state.apply_action(action)


# -- OpenSpiel's generic test ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("spec", [
    "golf_solitaire", "golf_solitaire(variant=cards4,deal=7)", "golf_card(players=2,shape=2x3)",
    "golf_card", "golf_card(players=6,shape=3x4)", "golf_card(variant=six-card,players=4)",
    "golf_card(variant=six-card,players=3,mode=match)", "golf_card(players=2,mode=match)",
    "golf_card(variant=card-golf+stock-out-ends-round,players=5,shape=2x2)",
    "golf_card(players=3,shape=2x2,max_turns=5)",
    "golf_solitaire(variant=traditional)", "golf_solitaire(variant=jokers)",
    "golf_solitaire(variant=empty-waste)", "golf_solitaire(variant=app-clasico,deal=1)",
])
def test_random_sim_test_with_serialization_on_every_kind_of_table(spec):
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=3, serialize=True, verbose=False)


def test_the_games_are_registered_with_their_parameters():
    names = pyspiel.registered_names()
    assert "golf_card" in names and "golf_solitaire" in names
    game = pyspiel.load_game("golf_card(players=4,variant=six-card)")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == enc.card_action_count(6)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert pyspiel.load_game("golf_solitaire").num_players() == 1


@pytest.mark.parametrize("spec, words", [
    ("golf_card(players=7)", "2 to 6 players"),
    ("golf_card(variant=no-such-game)", "no-such-game"),
    ("golf_card(mode=tournament)", "mode"),
    ("golf_card(shape=5x5)", "5x5"),
    ("golf_card(max_turns=0)", "max_turns"),
    ("golf_solitaire(position=1: 7C 7C)", "duplicate"),
])
def test_bad_parameters_are_refused_saying_why(spec, words):
    with pytest.raises(Exception, match=words):
        pyspiel.load_game(spec)


def test_a_missing_extra_is_named():
    with pytest.raises(MissingExtra, match=r"golfcore\[someextra\]"):
        require("golfcore_no_such_module", "someextra")


# -- the card game: chance, hidden cards, returns -------------------------------------------------


def test_a_round_deals_every_card_by_chance_and_returns_minus_the_points():
    game = pyspiel.load_game("golf_card(players=3,shape=2x2)")
    state = game.new_initial_state()
    for _ in range(3 * 4 + 1):              # every place, then the discard
        assert state.is_chance_node()
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    for _ in play_randomly(state, random.Random(3)):
        pass
    text = str(state)
    points = [int(p) for p in text.split("points ")[1].split(";")[0].split()]
    assert state.returns() == [-p for p in points]


def test_a_card_drawn_from_the_stock_is_seen_by_its_drawer_only():
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    state = game.new_initial_state()
    for _ in range(9):
        state.apply_action(enc.CARD_ID[Card(5, "H")])   # a table of fives, a five on the discard
    state.apply_action(0)                               # seat 0 draws
    assert state.is_chance_node()
    state.apply_action(enc.CARD_ID[Card(12, "S")])      # the queen of spades
    assert "QS" in state.information_state_string(0) and "QS" in state.observation_string(0)
    assert "QS" not in state.information_state_string(1)
    assert "QS" not in state.observation_string(1)
    assert "QS" not in str(state)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)
    state.apply_action(2)                               # replace 1: now everyone sees it
    assert "QS" in state.information_state_string(1)


def test_face_down_cards_appear_in_no_view_until_turned_up():
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    state = game.new_initial_state()
    deal = [Card(r, "C") for r in (1, 2, 3, 4, 5, 6, 7, 8)] + [Card(13, "D")]
    for card in deal:
        state.apply_action(enc.CARD_ID[card])
    views = [state.information_state_string(p) + state.observation_string(p) for p in (0, 1)]
    views.append(str(state))
    for card in deal[:-1]:
        assert not any(str(card) in view for view in views)
    tensor = state.observation_tensor(0)
    assert sum(tensor[:2 * 4 * enc.SLOT]) == 8 and all(
        tensor[place * enc.SLOT + enc.NO_CARD] == 1 for place in range(8))


def test_match_mode_deals_round_after_round_and_returns_minus_the_totals():
    game = pyspiel.load_game("golf_card(players=2,variant=six-card+holes:3,mode=match)")
    state = game.new_initial_state()
    for _ in play_randomly(state, random.Random(5)):
        pass
    text = str(state)
    assert "round 3 over" in text and "round 4" not in text
    totals = [int(t) for t in text.split("round 3 over")[1].split("totals ")[1].split()[:2]]
    assert state.returns() == [-t for t in totals]


def test_the_turn_limit_stops_a_round_and_scores_it():
    game = pyspiel.load_game("golf_card(players=2,max_turns=3)")
    state = game.new_initial_state()
    # a seat that never turns a card up: take the discard, put it on a face-up place if any
    turns = []
    for s in play_randomly(state, random.Random(1), lambda s: s.legal_actions()[1 if len(
            s.legal_actions()) == 2 else 0]):
        turns.append(s.current_player())
    assert "stopped after 3 turns" in str(state) and state.is_terminal()
    assert all(r <= 0 for r in state.returns())


# -- resampling from an information state ---------------------------------------------------------


def check_resamples(spec: str, games: int, rng: random.Random) -> int:
    """Every seat's resamples at every decision are consistent with its information state;
    returns how many resamples changed a hidden card."""
    game = pyspiel.load_game(spec)
    changed = 0
    for _ in range(games):
        for state in play_randomly(game.new_initial_state(), rng):
            for seat in range(game.num_players()):
                other = state.resample_from_infostate(seat, rng.random)
                assert other.information_state_string(seat) == \
                    state.information_state_string(seat)
                assert other.information_state_tensor(seat) == \
                    state.information_state_tensor(seat)
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.current_player() == state.current_player()
                assert other.legal_actions() == state.legal_actions()
                deck = Counter(str(c) for c in game.setup.rules.deck)
                assert Counter(_all_cards(other)) == deck
                changed += other.history() != state.history()
                # made at once, it is the state the rules engine reaches by playing again
                new = redrawn(state, seat, rng.random)
                fast, slow = rebuilt(state, new), replayed(state, new)
                assert fast.history() == slow.history() and fast.table == slow.table
                assert str(fast) == str(slow)
    return changed


def _all_cards(state) -> list[str]:
    rnd = state.table.match.current
    return [str(c) for c in rnd.cards()]


@pytest.mark.slow
def test_resampled_states_are_consistent_with_the_information_state():
    assert check_resamples("golf_card(players=2,shape=2x2)", 1, random.Random(2)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["golf_card(players=3,variant=six-card)",
                                  "golf_card(players=2,shape=2x3,mode=match)",
                                  "golf_card(players=4,shape=2x2)"])
def test_resampled_states_are_consistent_everywhere(spec):
    assert check_resamples(spec, 2, random.Random(7)) > 0


def chi_square(seen: Counter, expected: Counter) -> float:
    total_seen, total_expected = sum(seen.values()), sum(expected.values())
    return sum((seen[k] - total_seen * n / total_expected) ** 2 / (total_seen * n / total_expected)
               for k, n in expected.items())


@pytest.mark.slow
def test_hidden_cards_are_drawn_uniformly_from_the_cards_a_seat_has_not_seen():
    """After the deal, seat 0 has seen only the discard's first card: a face-down card of
    seat 1 is any other card of the deck, each copy as likely (two of a card, four jokers)."""
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    state = game.new_initial_state()
    rng = random.Random(11)
    for _ in range(9):
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    top = state.table.match.current.discard[-1]
    faces, held = hidden_slots(state, 0)
    assert len(faces) == 8 and held is None
    slot = faces[1]
    seen: Counter = Counter()
    for _ in range(800):
        seen[state.resample_from_infostate(0, rng.random).history()[slot]] += 1
    pool = Counter(game.setup.rules.deck)
    pool[top] -= 1
    expected = Counter({enc.CARD_ID[c]: n for c, n in pool.items() if n})
    assert set(seen) <= set(expected)
    # 52 degrees of freedom: the 0.1 % critical value is about 90
    assert chi_square(seen, expected) < 90


@pytest.mark.slow
def test_after_a_reshuffle_the_face_down_cards_are_shuffled_among_themselves():
    """Once the discard is shuffled into the stock, every seat knows the stock's cards: the
    face-down cards are a known set in an unknown order, and another seat's card drawn from
    the stock is any of the stock's cards and itself."""
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    state = game.new_initial_state()
    rng = random.Random(4)

    def hoard(s):
        # draw, and put the card on a face-up place: the stock runs out, nothing is turned up
        board = s.table.match.current.boards[s.current_player()]
        legal = s.legal_actions()
        if 0 in legal:
            return 0
        up = [p for p in range(4) if board.up[p]]
        return 2 + (up[0] if up else 0)

    for s in play_randomly(state, rng, hoard):
        t = s.table
        rnd = t.match.current
        if t.stock_seen and s.current_player() == 1 and rnd.held is not None:
            break
    assert state.table.stock_seen and not state.is_terminal()
    rnd = state.table.match.current
    faces, held = hidden_slots(state, 0)
    assert held is not None and len(faces) == 6    # each seat turned up one place
    face_cards = Counter(state.history()[i] for i in faces)
    stock = Counter(enc.CARD_ID[c] for c in rnd.stock) + Counter([enc.CARD_ID[rnd.held]])
    drawn: Counter = Counter()
    for _ in range(600):
        other = state.resample_from_infostate(0, rng.random)
        assert Counter(other.history()[i] for i in faces) == face_cards
        drawn[other.history()[held]] += 1
    assert set(drawn) <= set(stock) and len(drawn) > 1
    assert chi_square(drawn, stock) < 3 * len(stock) + 30


# -- OpenSpiel's algorithms -----------------------------------------------------------------------


def ismcts_bot(game, simulations: int, seed: int, seeded: bool = True):
    from open_spiel.python.algorithms import ismcts, mcts   # only the slow tests need them
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                           max_simulations=simulations,
                           random_state=np.random.RandomState(seed + 1))
    if seeded:
        # the same games every run: OpenSpiel's own sampler is seeded anew for every resample
        rng = random.Random(seed + 2)
        bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rng.random))
    return bot


@pytest.mark.slow
def test_ismcts_plays_a_round_through_the_adapter():
    """OpenSpiel's ISMCTSBot resamples the state from its seat's information state before
    every simulation (and checks the information state is unchanged); it plays a round."""
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    bot = ismcts_bot(game, 8, 3, seeded=False)     # OpenSpiel's own sampler
    state = game.new_initial_state()
    rng = random.Random(6)
    chosen = []
    for s in play_randomly(state, rng, lambda s: int(bot.step(s))
                           if s.current_player() == 0 else rng.choice(s.legal_actions())):
        chosen.append(s.current_player())
    assert state.is_terminal() and 0 in chosen and 1 in chosen


@pytest.mark.slow
def test_ismcts_scores_fewer_points_than_a_random_seat():
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    bot = ismcts_bot(game, 40, 5)
    rng = random.Random(8)
    ours, theirs = [], []
    for _ in range(12):
        state = game.new_initial_state()
        for _ in play_randomly(state, rng, lambda s: int(bot.step(s))
                               if s.current_player() == 0 else rng.choice(s.legal_actions())):
            pass
        ours.append(-state.returns()[0])
        theirs.append(-state.returns()[1])
    assert sum(ours) < sum(theirs)


def small_positions(variant: str, count: int, seed: int, columns: int = 7,
                    unseen: int = 6) -> list[Position]:
    """Positions with 3 to ``columns`` cards in the columns and 1 to ``unseen`` (at most 6)
    unseen cards in the stock."""
    rules = solitaire_rules(variant)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cards = list(rules.deck())
        rng.shuffle(cards)
        in_columns = rng.randint(3, columns)
        tableau: list[list[Card]] = [[] for _ in range(7)]
        for card in cards[:in_columns]:
            tableau[rng.randrange(7)].append(card)
        waste = cards[in_columns:in_columns + rules.initial_waste]
        stock = cards[in_columns + len(waste):in_columns + len(waste) + rng.randint(1, unseen)]
        out.append(Position(tuple(map(tuple, tableau)), tuple(stock), tuple(waste)))
    return out


def position_param(position: Position) -> str:
    return position.to_text().strip().replace("\n", "; ")


def expectiminimax_value(variant: str, position: Position) -> float:
    game = pyspiel.load_game("golf_solitaire", {"variant": variant,
                                                "position": position_param(position)})
    value, _ = expectiminimax(game.new_initial_state(), 100, None, 0)
    return value


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["traditional", "app-clasico", "jokers", "relaxed",
                                     "putt-putt", "empty-waste", "cards4", "app-facil"])
def test_expectiminimax_equals_the_exact_fair_chance_in_every_variant(variant):
    for position in small_positions(variant, 25, seed=100 + len(variant)):
        exact = fair_chance(variant, position, fraction=True)
        assert exact.method == "exact"
        assert expectiminimax_value(variant, position) == pytest.approx(
            float(exact.fraction), abs=1e-12), position.to_text()


def test_a_position_parameter_ignores_the_stocks_order():
    position = Position.build([["7C", "9C"]], stock=["8D", "6S"], waste="4C")
    swapped = Position.build([["7C", "9C"]], stock=["6S", "8D"], waste="4C")
    assert expectiminimax_value("cards4", position) == 0.5
    assert expectiminimax_value("cards4", swapped) == 0.5

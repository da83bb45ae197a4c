"""``golf_solitaire``: Golf solitaire as an OpenSpiel game, one player, a chance node per draw.

The player sees every card of the columns and the waste, and which cards the stock holds but
not their order. So the stock has no order here: **drawing** is the player's action (id 7)
followed by a chance node whose outcomes are the stock's cards, each with its share of the
stock (two jokers: twice a card's share). Nothing is hidden from the player, so the game is one
of perfect information with explicit chance, and OpenSpiel's own algorithms (expectiminimax,
MCTS over chance nodes) compute the chance of winning of a player who cannot see the stock: the
fair chance of :mod:`golfcore.solitaire.search.fair`.

Parameters: ``variant`` (a solitaire variant, composed strings too, an option written with
``:`` for ``=`` in a game string: ``cards4+undo-limit:3``), and where the game starts:
``position`` (a position's text form, lines separated by ``;`` as well as by new lines: ``"1:
7C 9C; waste: 4C; stock: 8D 6S"``, the stock's order ignored), else ``deal`` (the layout of a
numbered deal, the stock still drawn by chance), else (``deal=0``, the default) chance nodes deal
every card of the layout. The return is 1 for a won game, 0 for a lost one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pyspiel

from golfcore.adapters import check_no_redeals
from golfcore.adapters import encoding as enc
from golfcore.adapters.openspiel.card import variant_name
from golfcore.adapters.text import solitaire_table
from golfcore.cards import Card
from golfcore.errors import GolfError
from golfcore.solitaire import engine
from golfcore.solitaire.deal import COLUMN_HEIGHT, COLUMNS
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.state import GameState, Outcome

NAME = "golf_solitaire"
DRAW_ID = enc.COLUMNS
DEFAULTS: dict[str, Any] = {"variant": "app-facil", "deal": 0, "position": ""}

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Golf solitaire (golfcore)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=1,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Table:
    """Where the cards lie (immutable, so clones share it): the columns and the waste as they
    lie, the stock as a sorted multiset (it has no order until a card is drawn), the cards dealt
    so far while chance deals the layout, and whether a draw waits for chance's card."""

    columns: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    moves: int = 0
    dealing: tuple[Card, ...] | None = None
    drawing: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self

    def position(self) -> Position:
        return Position(self.columns, self.stock, self.waste)

    def state(self) -> GameState:
        return GameState(self.position(), self.moves)


def _position_param(text: str) -> Position:
    return Position.from_text(text.replace(";", "\n"), "the position parameter")


class SolitaireGame(pyspiel.Game):
    """The game of one variant, starting from a position, a deal's layout or a dealt layout."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.rules: RuleSet = rule_set(variant_name(params["variant"]))
        check_no_redeals(self.rules)
        deck = self.rules.deck()
        self.start: Table | None = None
        if params["position"]:
            position = _position_param(str(params["position"]))
            engine.check_position(self.rules, position)
            self.start = Table(position.columns, position.waste, tuple(sorted(position.stock)))
        elif params["deal"]:
            position = engine.start_deal(self.rules, int(params["deal"])).position
            self.start = Table(position.columns, position.waste, tuple(sorted(position.stock)))
        cards = len(deck) if self.start is None else sum(map(len, self.start.columns)) + len(
            self.start.stock)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.SOLITAIRE_ACTIONS,
            max_chance_outcomes=len(enc.CARD_KINDS),
            num_players=1, min_utility=0.0, max_utility=1.0,
            max_game_length=len(deck) + 2 * cards)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> SolitaireState:
        return SolitaireState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SolitaireObserver:
        if params:
            raise ValueError(f"{NAME} takes no observation parameters, got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SolitaireObserver(recall)


class SolitaireState(pyspiel.State):
    """A moment of the game: a :class:`Table`."""

    def __init__(self, game: SolitaireGame) -> None:
        super().__init__(game)
        self.variant = game.rules.variant.name
        self.table = game.start or Table((), (), (), dealing=())

    @property
    def rules(self) -> RuleSet:
        return rule_set(self.variant)

    # -- whose turn ------------------------------------------------------------------------------

    def current_player(self) -> int:
        t = self.table
        if t.dealing is not None or t.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        if self.outcome() is not Outcome.PLAYING:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0

    def outcome(self) -> Outcome:
        t = self.table
        if t.dealing is not None:
            return Outcome.PLAYING
        return engine.outcome(self.rules, t.state())

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        return [1.0 if self.is_terminal() and self.outcome() is Outcome.WON else 0.0]

    # -- chance ----------------------------------------------------------------------------------

    def _unseen(self) -> Counter[Card]:
        """What chance may turn up: while dealing, the deck less the cards dealt; else the
        stock."""
        t = self.table
        if t.dealing is not None:
            left = Counter(self.rules.deck())
            left.subtract(t.dealing)
            return +left
        return Counter(t.stock)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._unseen()
        total = sum(left.values())
        return sorted((enc.CARD_ID[card], n / total) for card, n in left.items())

    # -- the player ------------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(enc.solitaire_action_id(m)
                      for m in engine.legal_moves(self.rules, self.table.state()))

    def _apply_action(self, action: int) -> None:
        t = self.table
        if t.dealing is not None:
            self.table = self._dealt(t.dealing + (enc.CARD_KINDS[action],))
        elif t.drawing:
            card = enc.CARD_KINDS[action]
            rest = list(t.stock)
            rest.remove(card)
            state = GameState(Position(t.columns, (card,) + tuple(rest), t.waste), t.moves)
            self.table = self._after(engine.draw(self.rules, state))
        elif action == DRAW_ID:
            if enc.solitaire_move(action) not in engine.legal_moves(self.rules, t.state()):
                raise GolfError("drawing is not allowed now")
            self.table = replace(t, drawing=True)
        else:
            self.table = self._after(engine.apply(self.rules, t.state(),
                                                  enc.solitaire_move(action)))

    def _after(self, result: engine.ActionResult) -> Table:
        if not result.accepted:
            raise GolfError(f"refused: {result.reason}")
        p = result.state.position
        return Table(p.columns, p.waste, p.stock, result.state.moves)

    def _dealt(self, cards: tuple[Card, ...]) -> Table:
        """The table while chance deals ``cards`` (column by column across, then the waste),
        and the layout once every card is dealt (the rest is the stock)."""
        layout = COLUMNS * COLUMN_HEIGHT
        columns = tuple(cards[c:layout:COLUMNS] for c in range(COLUMNS))
        waste = cards[layout:]
        if len(cards) < layout + self.rules.initial_waste:
            return Table(columns, waste, (), dealing=cards)
        stock = Counter(self.rules.deck())
        stock.subtract(cards)
        return Table(columns, waste, tuple(sorted(stock.elements())))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"turn up {enc.CARD_KINDS[action]}"
        return str(enc.solitaire_move(action))

    def __str__(self) -> str:
        return describe(self.table)


def describe(t: Table) -> str:
    """The table in text: the columns, the waste and the stock's cards (sorted: no order)."""
    lines = solitaire_table(t.columns, t.waste, t.stock)
    if t.dealing is not None:
        lines.append(f"dealing: {len(t.dealing)} cards dealt")
    elif t.drawing:
        lines.append("drawing: chance turns up the stock's next card")
    return "\n".join(lines)


class SolitaireObserver:
    """What the player sees (everything: the stock has no order); with perfect recall, the
    actions so far as well (the string only: the game has no information-state tensor)."""

    def __init__(self, recall: bool) -> None:
        self.recall = recall
        layout = enc.solitaire_layout()
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in layout.offsets().items()}

    def set_from(self, state: SolitaireState, player: int) -> None:
        t = state.table
        self.tensor[:] = enc.encode_solitaire(t.columns or ((),) * COLUMNS, t.waste, t.stock)

    def string_from(self, state: SolitaireState, player: int) -> str:
        text = describe(state.table)
        if self.recall:
            history = " ".join(str(a) for a in state.history())
            text = f"history: {history or '-'}\n{text}"
        return text

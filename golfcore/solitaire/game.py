"""A game you can hold on to: the rule set plus the current state, with the actions as methods.

:class:`Game` is the object a Python front end uses. It keeps the current immutable
:class:`~golfcore.solitaire.state.GameState` and replaces it after each accepted action;
everything it does is a call into :mod:`golfcore.solitaire.engine`, so the pure functions stay
available to anyone who prefers them (a solver, say).

>>> game = Game.from_code("GO1-C-AAAAAAB")
>>> game.position.waste_top
Card('TH')
"""

from __future__ import annotations

import copy
import json
import random
import secrets
from collections.abc import Callable
from typing import Any

from golfcore import jsonio
from golfcore.solitaire import engine, hints
from golfcore.cards import Card
from golfcore.codes import format_code, parse_code
from golfcore.solitaire.engine import ActionResult
from golfcore.solitaire.hints import DEFAULT as DEFAULT_HINT, Hint
from golfcore.errors import CardError, CodeError, GolfError, PositionError, VariantError
from golfcore.solitaire.moves import DRAW_MOVE, REDEAL_MOVE, Move, MoveError
from golfcore.solitaire.observation import SolitaireObservation, redeal_hidden, seen
from golfcore.notation import parse_card, quote
from golfcore.shuffle import MAX_DEAL
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.scoring import Score
from golfcore.solitaire.state import GameState, Outcome
from golfcore.framework.deprecation import warn_deprecated
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant

#: Version of :meth:`Game.to_json`'s format.
FORMAT = 1


class Game:
    """One game of Golf solitaire under one variant.

    Start it from a deal number, a game code, or a position::

        Game("app-clasico", deal=1)
        Game.from_code("GO1-E-AAAAAAB")            # the code's letter picks the variant
        Game("cards4", position=Position.from_text(text))
    """

    def __init__(self, variant: str | Variant | RuleSet = "app-facil", *,
                 deal: int | None = None, position: Position | None = None,
                 state: GameState | None = None) -> None:
        if sum(x is not None for x in (deal, position, state)) > 1:
            raise GolfError("give at most one of deal, position and state")
        if isinstance(variant, RuleSet):
            self.rules = variant
        elif isinstance(variant, Variant):
            self.rules = RuleSet(variant)
        else:
            self.rules = rule_set(variant)
        self.deal = deal
        if state is not None:
            engine.check_state(self.rules, state)
            self.state = state.limited(self.rules.undo_limit)
        elif position is not None:
            self.state = engine.start_position(self.rules, position)
        else:
            if deal is None:
                raise GolfError("give a deal number, a position or a state to start a game")
            self.state = engine.start_deal(self.rules, deal)

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The game of a code such as ``GO1-E-AAAAAAB`` (APP-16); the letter names the variant."""
        parsed = parse_code(code)
        try:
            variant = registry("solitaire").by_letter(parsed.letter)
        except VariantError as exc:
            raise VariantError(f"game code {code.strip()!r}: {exc}") from None
        return cls(variant.name, deal=parsed.number)

    # -- what a front end shows ------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def position(self) -> Position:
        return self.state.position

    @property
    def moves(self) -> int:
        """The move counter: plays and draws; undo never lowers it (APP-15)."""
        return self.state.moves

    @property
    def code(self) -> str | None:
        """The game code, when the game was dealt by number under a variant with a letter."""
        if self.deal is None or not self.variant.letter:
            return None
        return format_code(self.variant.letter, self.deal)

    @property
    def outcome(self) -> Outcome:
        return engine.outcome(self.rules, self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not Outcome.PLAYING

    @property
    def score(self) -> Score | None:
        return engine.score(self.rules, self.state)

    def legal_moves(self) -> list[Move]:
        """Deprecated: :meth:`legal` (``game.legal(0)``)."""
        warn_deprecated("Game.legal_moves()", "call Game.legal(0) instead")
        return self.legal(0)

    def hint(self, strategy: str = DEFAULT_HINT, *, limit: int | None = None,
             seconds: float | None = None,
             progress: Callable[[Any], None] | None = None) -> Move | None:
        """A move to suggest, ``None`` when the game is over: :meth:`suggest`'s move."""
        return self.suggest(strategy, limit=limit, seconds=seconds, progress=progress).move

    def suggest(self, strategy: str = DEFAULT_HINT, *, limit: int | None = None,
                seconds: float | None = None,
                progress: Callable[[Any], None] | None = None) -> Hint:
        """The hint of ``strategy`` (a name registered in :mod:`golfcore.solitaire.hints`:
        :func:`~golfcore.solitaire.hints.hint_names`), with what it shows of its move's worth.

        ``"legal"`` (the default): any legal move, as the documents describe (C4-11: no promise
        of a win). ``"solver"``: a move that keeps a win possible, or when none does, the first
        move toward the best result the variant's scoring allows; it reads the stock's order.
        ``"fair"``: the move that maximises the fair chance, the chance of winning of a perfect
        player who cannot see the stock, with that chance (``Hint.chance``: exact, or a bracket
        when the exact search is capped); it never reads the stock's order. A strategy that
        searches is bounded by ``limit`` (positions for the solver, information states for the
        fair chance) and ``seconds``, or by its default budget when neither is given, and
        reports to ``progress``; the legal strategy searches nothing and ignores them. An
        unknown strategy is a :class:`~golfcore.errors.GolfError` naming the known ones.
        """
        return hints.suggest(self.rules, self.state, strategy, limit=limit, seconds=seconds,
                             progress=progress)

    # -- actions ---------------------------------------------------------------------------------

    def _commit(self, result: ActionResult) -> ActionResult:
        if result.accepted:
            self.state = result.state
        return result

    def play(self, target: int | str | Card | Move) -> ActionResult:
        """Play a column's free card. ``target`` is a column number (1..7), a :class:`Move`, a
        move text (``"5"``, ``"1.4"``), or a card in any notation (``"9C"``, ``"9♣"``,
        ``"9 de tréboles"``): touching a covered card is refused as blocked (APP-06)."""
        if isinstance(target, Move):
            return self._commit(engine.apply(self.rules, self.state, target))
        if isinstance(target, Card):
            return self._commit(engine.play_card(self.rules, self.state, target))
        if isinstance(target, bool) or not isinstance(target, (int, str)):
            raise GolfError(f"cannot play {quote(target)}: give a column number, a move or a card")
        if isinstance(target, int):
            return self._commit(engine.play(self.rules, self.state, target))
        try:
            move = Move.parse(target)
        except MoveError:
            try:
                card = parse_card(target)
            except CardError:
                raise GolfError(f"cannot play {quote(target)}: expected a column number (1-7), "
                                f"a column and row such as '1.4', or a card such as '9C' or "
                                f"'9 de tréboles'") from None
            return self._commit(engine.play_card(self.rules, self.state, card))
        return self._commit(engine.apply(self.rules, self.state, move))

    def draw(self) -> ActionResult:
        """Turn the stock's top card onto the waste (APP-07)."""
        return self._commit(engine.draw(self.rules, self.state))

    def redeal(self) -> ActionResult:
        """Turn the waste over as a new stock, under a variant that allows passes through the
        stock (:func:`golfcore.solitaire.engine.redeal`); refused otherwise, changing nothing."""
        return self._commit(engine.redeal(self.rules, self.state))

    def undo(self) -> ActionResult:
        """Take back the last action (APP-15); refused when nothing is left to take back."""
        return self._commit(engine.undo(self.rules, self.state))

    def apply(self, move: Move | str) -> ActionResult:
        """Deprecated: :meth:`act` (``game.act(0, move)``)."""
        warn_deprecated("Game.apply(move)", "call Game.act(0, move) instead")
        return self.act(0, move)

    # -- the one interface (golfcore.framework.interface.Playable) -----------------------------

    #: The solitaire has one seat, seat 0.
    players = 1

    @classmethod
    def start(cls, variant: str | Variant, *, seed: int | None = None,
              players: int | None = None) -> Game:
        """A new game of ``variant``: ``seed`` is the deal number (``None``: a random deal,
        drawn with :mod:`secrets`); ``players`` must be ``None`` or 1."""
        if players not in (None, 1):
            raise GolfError(f"the solitaire has one player, not {players!r}")
        if seed is None:
            seed = secrets.randbelow(MAX_DEAL) + 1
        return cls(variant, deal=seed)

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or seat != 0 or not isinstance(seat, int):
            raise GolfError(f"seat {seat!r} is not at this table: the solitaire has one seat, 0")

    def to_act(self) -> tuple[int, ...]:
        """``(0,)`` while the game is played, ``()`` once it is won or lost."""
        return () if self.is_over else (0,)

    def legal(self, seat: int = 0) -> list[Move]:
        """The moves seat 0, the only seat, may make now, in a stable order: the plays by
        column, then the draw or the redeal."""
        self._check_seat(seat)
        return engine.legal_moves(self.rules, self.state)

    def action_space(self) -> tuple[Move, ...]:
        """Every move, legal or not: plays of columns 1 to 7, then the draw, then the redeal
        when the variant allows passes through the stock."""
        redeal = (REDEAL_MOVE,) if self.rules.stock_passes else ()
        return tuple(Move.play(c) for c in range(1, 8)) + (DRAW_MOVE,) + redeal

    def parse_action(self, text: str) -> Move:
        """The move written ``text`` (``"5"``, ``"1.4"``, ``"draw"``, ``"redeal"``);
        :class:`GolfError` for a text that is no move."""
        return Move.parse(text)

    def act(self, seat: int, action: Move | str) -> ActionResult:
        """Seat 0 plays, draws or redeals, from a :class:`Move` or its text (``"5"``,
        ``"1.4"``, ``"draw"``, ``"redeal"``); refused moves change nothing."""
        self._check_seat(seat)
        if not isinstance(action, (Move, str)):
            raise GolfError(f"a move must be a Move or its text, not {type(action).__name__}")
        return self._commit(engine.apply(self.rules, self.state, action))

    def observation(self, seat: int = 0) -> SolitaireObservation:
        """What the player sees now: no stock order, no game code
        (:class:`~golfcore.solitaire.observation.SolitaireObservation`)."""
        self._check_seat(seat)
        return seen(self.rules, self.state)

    def returns(self) -> tuple[float, ...]:
        """``(1.0,)`` once the game is won, else ``(0.0,)``: a policy's expected return is its
        chance of winning."""
        return (1.0,) if self.outcome is Outcome.WON else (0.0,)

    def result(self) -> dict[str, Any] | None:
        """Once the game is over: ``status`` (``won`` or ``lost``) and ``score``; else
        ``None``."""
        if not self.is_over:
            return None
        score = self.score
        return {"status": self.outcome.value,
                "score": None if score is None else score.to_json()}

    def clone(self) -> Game:
        """An independent copy (it shares the immutable state and the rule set)."""
        return copy.copy(self)

    def resample(self, seat: int, rng: random.Random) -> Game:
        """A copy whose stock is dealt again in a random order (every position undo can go
        back to agreeing): what the player sees is unchanged. It is no longer the deal's game,
        so its ``deal`` is ``None``."""
        self._check_seat(seat)
        twin = self.clone()
        twin.state = redeal_hidden(self.state, rng)
        twin.deal = None
        return twin

    # -- serialisation ---------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """What a front end shows: status, waste, stock count, free cards, legal moves, score."""
        out = engine.summary(self.rules, self.state)
        out["code"] = self.code
        out["deal"] = self.deal
        return out

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume the game, undo history included."""
        return {"format": FORMAT, "variant": self.variant.name, "deal": self.deal,
                "state": self.state.to_json()}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Game:
        """Resume a game saved by :meth:`to_json` (a dict or its JSON text).

        Everything is checked before the game is resumed, and anything wrong raises a
        :class:`~golfcore.errors.GolfError` that says what: ``format``, ``variant`` and
        ``state`` (with its ``position``) are required; every position must be possible under
        the variant and each step of the undo history a legal action
        (:func:`~golfcore.solitaire.engine.check_state`); a ``deal`` must be a deal number whose
        layout leads to the saved position by legal actions
        (:func:`~golfcore.solitaire.engine.check_deal`); ``moves`` counts at least the actions
        the history and the deal show.
        """
        if isinstance(data, str):
            data = jsonio.loads(data, "the saved game")   # strict: a key twice is refused
        if not isinstance(data, dict):
            raise GolfError("a saved game must be a JSON object")
        unknown = sorted(map(str, set(data) - {"format", "variant", "deal", "state"}))
        if unknown:
            raise GolfError(f"unknown saved-game field(s) "
                            f"{', '.join(quote(name) for name in unknown[:5])}"
                            f"{f' and {len(unknown) - 5} more' if len(unknown) > 5 else ''}")
        form = data.get("format")
        if isinstance(form, bool) or form != FORMAT:
            raise GolfError(f"saved game format {quote(form)} is not supported: "
                            f"expected {FORMAT}")
        variant = data.get("variant")
        if not isinstance(variant, str) or not variant.strip():
            raise VariantError("a saved game must name its variant")
        if len(variant) > 1000:
            raise VariantError(f"a saved game's variant must be a variant name, not "
                               f"{quote(variant)}")
        deal = data.get("deal")
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int)
                                 or not 1 <= deal <= MAX_DEAL):
            raise CodeError(f"'deal' must be a deal number from 1 to {MAX_DEAL} or null, got "
                            f"{quote(deal)}")
        if "state" not in data:
            raise GolfError("a saved game must hold its 'state' (with its 'position')")
        try:
            state = GameState.from_json(data["state"])
            game = cls(variant, state=state)
            if deal is not None:
                engine.check_deal(game.rules, deal, game.state)
        except PositionError as exc:
            raise PositionError(f"saved game: {exc}") from None
        game.deal = deal
        return game

    def __repr__(self) -> str:
        where = self.code or (f"deal {self.deal}" if self.deal else "custom position")
        return f"<Game {self.variant.name} {where} moves={self.moves} {self.outcome.value}>"

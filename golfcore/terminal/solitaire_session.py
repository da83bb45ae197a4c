"""A solitaire game being played in the terminal: what each key does to it.

The session holds a :class:`~golfcore.solitaire.game.Game` and draws only its observation
(:meth:`Game.observation`); the hint is the page's (the solver's move, bounded by its default
budget; a legal move where the solver does not play the variant). ``N`` deals a new random
deal of the same variant.
"""

from __future__ import annotations

from golfcore.errors import GolfError
from golfcore.solitaire.game import Game
from golfcore.solitaire.hints import Hint
from golfcore.terminal import keys as k
from golfcore.terminal.solitaire_screen import SolitaireView, solitaire_lines
from golfcore.terminal.session import Session
from golfcore.terminal.texts import Texts

#: The hint strategy of ``H``, as the page asks it.
HINT = "solver"


class SolitaireSession(Session):
    """One solitaire game at the terminal, and the games ``N`` deals after it."""

    def __init__(self, game: Game, texts: Texts, unicode: bool = True) -> None:
        self.game = game
        self.texts = texts
        self.unicode = unicode
        self.message = ""
        self.help = False
        self.played: list[str] = []        # the moves as golf play reads them (undo included)
        self.games = [game]

    # -- drawing ---------------------------------------------------------------------------------

    def variant_name(self) -> str:
        return self.game.variant.name

    def lines(self) -> list[str]:
        view = SolitaireView(self.title(), self.game.code, self.message, self.help, self.unicode)
        return solitaire_lines(self.game.observation(0), view, self.texts)

    def footer(self) -> str:
        return self.texts.t("term.keys.solitaire")

    # -- keys ------------------------------------------------------------------------------------

    def press(self, key: str) -> bool:
        """Do what ``key`` asks; ``False`` once the player quits."""
        action = k.solitaire_key(key)
        shared = self.shared_key(action)
        if shared is not None:
            return shared
        assert action is not None
        if action.name == k.NEW:
            self.game = Game.start(self.game.rules.variant)
            self.games.append(self.game)
            self.played = []
        elif action.name == k.HINT:
            self.message = self.hint_text()
        elif action.name == k.UNDO:
            self.act("undo")
        elif action.name == k.DRAW:
            legal = self.game.observation(0).legal
            self.act("redeal" if "redeal" in legal and "draw" not in legal else "draw")
        elif action.name == k.PLAY and action.number is not None:
            self.act(str(action.number))
        return True

    def act(self, move: str) -> None:
        """Play ``move``; a refused one leaves its reason, in the screen's language."""
        game = self.game
        if move == "undo":
            result = game.undo()
        elif move == "draw":
            result = game.draw()
        elif move == "redeal":
            result = game.redeal()
        else:
            result = game.play(int(move))
        if result.accepted:
            self.played.append(move)
        else:
            self.message = result.messages.get(self.texts.lang, str(result.reason))

    def hint_text(self) -> str:
        """The hint, as the page words it."""
        t = self.texts.t
        try:
            hint: Hint = self.game.suggest(HINT)
        except GolfError:
            hint = self.game.suggest("legal")
        move = hint.move
        if move is None:
            return t("hint.none")
        if move.is_draw:
            return t("hint.draw")
        if move.kind == "redeal":
            return t("tool.redeal")
        return t("hint.column", n=move.column)

    def farewell(self) -> list[str]:
        """What is printed once the screen closes: the game's code and its moves, as ``golf
        play`` replays them."""
        game = self.game
        where = game.code if game.code else f"--number {game.deal} --variant {game.variant.name}"
        lines = [f"golf play {where} {' '.join(self.played)}".rstrip()]
        lines.append(f"{game.variant.name}, deal {game.deal}: {game.outcome}, "
                     f"{game.moves} moves" + (f", {game.score}" if game.score is not None
                                              and game.score.value is not None else ""))
        return lines

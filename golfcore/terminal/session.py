"""What a game at the terminal does the same in both games: its title, and the keys every screen
shares (``?`` help, Escape, ``Q`` quit; while the help is open no other key acts)."""

from __future__ import annotations

from golfcore.terminal import keys as k
from golfcore.terminal.texts import Texts
from golfcore.web.i18n import VARIANT_TITLES


class Session:
    """The part of a terminal session both games share; a game's session sets ``texts``,
    ``message`` and ``help`` and names its variant in :meth:`variant_name`."""

    texts: Texts
    #: The line under the board: the last refusal or note, ``""`` for none.
    message: str
    #: Whether the help panel is open.
    help: bool

    def variant_name(self) -> str:
        raise NotImplementedError

    def title(self) -> str:
        """The variant's title in the screen's language, as the page gives it (its name when
        the page has none: a third party's variant)."""
        name = self.variant_name()
        titles = VARIANT_TITLES.get(name)
        return titles[self.texts.lang] if titles else name

    def shared_key(self, action: k.KeyAction | None) -> bool | None:
        """What a key does before the game sees it: ``True`` (go on) for no action, for the help
        keys and for any key while the help is open; ``False`` for quit; ``None`` when the
        action is the game's to do (the last message is cleared then)."""
        if action is None:
            return True
        if action.name == k.QUIT:
            return False
        if action.name in (k.HELP, k.CLOSE):
            self.help = action.name == k.HELP and not self.help
            return True
        if self.help:
            return True
        self.message = ""
        return None

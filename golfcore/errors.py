"""Exceptions raised for bad input. Every one is a :class:`GolfError` and a :class:`ValueError`.

Illegal *moves* are not exceptions: the engine answers them with a refused
:class:`golfcore.solitaire.engine.ActionResult` (with a reason code and its messages), since a
front end must show them to a player. Exceptions are for input that cannot mean anything: a
card that is no card, a malformed game code, an impossible position, an unknown variant.
"""

from __future__ import annotations


class GolfError(ValueError):
    """Base class of every error golfcore raises on bad input."""


class CardError(GolfError):
    """A text that is not a card in any notation golfcore reads."""


class CodeError(GolfError):
    """A malformed game code, or a deal number out of range."""


class PositionError(GolfError):
    """A position that cannot occur: duplicate cards, too many cards, a column over 5 ..."""


class VariantError(GolfError):
    """An unknown variant or rule, a bad option, or options that conflict."""


class PluginError(GolfError):
    """A rule plugin that cannot be loaded or implements a hook that does not exist."""


class UnsupportedError(GolfError):
    """A computation that cannot handle a variant's rules, such as a search and a variant with
    redeals. It carries a message ``code`` and its ``messages`` in Spanish and English
    (``{"es": ..., "en": ...}``) for a front end; ``str()`` is the English text."""

    def __init__(self, code: str, en: str, es: str) -> None:
        super().__init__(en)
        self.code = code
        self.messages = {"es": es, "en": en}


def error_texts(exc: BaseException) -> dict[str, object]:
    """What an error reply adds for ``exc``: ``message_code`` and ``messages`` (Spanish and
    English) when it carries them (:class:`UnsupportedError`), else nothing."""
    if isinstance(exc, UnsupportedError):
        return {"message_code": exc.code, "messages": dict(exc.messages)}
    return {}

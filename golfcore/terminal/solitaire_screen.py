"""The solitaire's screen, as lines of text: a pure function of what the player sees.

:func:`solitaire_lines` draws a :class:`~golfcore.solitaire.observation.SolitaireObservation`
(never the position: the stock's order is not on it) with the game's code and variant, the
message of the last key (a hint, a refused move's reason) and the end of the game. It fits 80
columns and 24 lines: the seven columns side by side, their free card at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcore.solitaire.observation import SolitaireObservation
from golfcore.solitaire.scoring import RESULT, Score
from golfcore.solitaire.state import Outcome
from golfcore.terminal.cardtext import card_text
from golfcore.terminal.texts import Texts

#: The width of one column on screen.
COLUMN = 6


@dataclass(frozen=True)
class SolitaireView:
    """What the screen shows beside the observation."""

    title: str                          # the variant's title in the screen's language
    code: str | None                    # the game code (None: a composed variant)
    message: str = ""                   # the last key's message (a hint, a refusal)
    help: bool = False                  # the help is shown instead of the table
    unicode: bool = True                # suits as symbols


def solitaire_lines(obs: SolitaireObservation, view: SolitaireView, texts: Texts) -> list[str]:
    """The whole screen, top to bottom."""
    t = texts.t
    head = f"Golf · {t('nav.solitaire')} · {view.title}"
    if view.code:
        head += f" · {t('tool.code')}: {view.code}"
    lines = [head, ""]
    if view.help:
        return lines + help_lines(texts)
    columns = obs.position.columns
    lines.append("".join(f"{n:^{COLUMN}}" for n in range(1, len(columns) + 1)).rstrip())
    depth = max((len(c) for c in columns), default=0)
    for row in range(depth):
        cells = [card_text(c[row], view.unicode) if row < len(c) else "" for c in columns]
        lines.append("".join(f"{cell:^{COLUMN}}" for cell in cells).rstrip())
    empty = [n for n, c in enumerate(columns, start=1) if not c]
    if empty and depth:
        lines.append("".join(f"{t('board.empty') if not c else '':^{COLUMN}}"
                             for c in columns).rstrip())
    lines.append("")
    top = obs.waste_top
    waste = (t("board.wasteLabel", card=card_text(top, view.unicode)) if top is not None
             else t("board.wasteEmpty"))
    status = [f"{t('board.stock')}: {obs.position.stock_count}", waste]
    score = score_text(obs.score, texts)
    if score:
        status.append(score)
    status.append(f"{t('tool.moves')}: {obs.moves}")
    lines.append("   ".join(status))
    lines.append("")
    lines += end_lines(obs, texts) or ([view.message] if view.message else [])
    return lines


def score_text(score: Score | None, texts: Texts) -> str:
    """``Puntos: 12`` or ``Golpes: 3`` as the variant scores; nothing for won-or-lost only."""
    if score is None or score.kind == RESULT:
        return ""
    label = texts.t("tool.strokes" if score.kind == "strokes" else "tool.points")
    return f"{label}: {'-' if score.value is None else score.value}"


def end_lines(obs: SolitaireObservation, texts: Texts) -> list[str]:
    """The end of the game: won (with the score and the moves) or lost; none while playing."""
    t = texts.t
    if obs.status is Outcome.WON:
        lines = [t("won.title")]
        if obs.score is not None and obs.score.kind != RESULT and obs.score.value is not None:
            lines.append(t("won.score", score=score_text(obs.score, texts).split(": ")[1]))
        lines.append(texts.tn("won.moves", obs.moves))
        return lines
    if obs.status is Outcome.LOST:
        lines = [t("blocked.title"), t("blocked.body")]
        score = score_text(obs.score, texts)
        if score:
            lines.append(score)
        return lines
    return []


def help_lines(texts: Texts) -> list[str]:
    """The help panel: the solitaire's keys, as the page's help lists them, and its rule."""
    t = texts.t
    rows = (("1–7", t("help.k.col")), (t("help.space"), t("help.k.space")),
            ("U, Ctrl+Z", t("help.k.undo")), ("H", t("help.k.hint")), ("N", t("help.k.new")),
            ("?", t("help.k.help")), ("Q", t("term.key.quit")))
    return [t("help.title"), "", t("help.solitaire"), *key_rows(rows), "",
            *wrap(t("help.rules"), 78), "", t("term.keys.closeHelp")]


def key_rows(rows: tuple[tuple[str, str], ...], key_width: int = 12) -> list[str]:
    """A key and what it does a row, what it does wrapped under itself."""
    lines = []
    for key, what in rows:
        said = wrap(what, 78 - 2 - key_width)
        lines.append(f"  {key:<{key_width}}{said[0] if said else ''}")
        lines += [" " * (2 + key_width) + more for more in said[1:]]
    return lines


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])

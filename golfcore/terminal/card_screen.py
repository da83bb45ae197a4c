"""The card game's screen, as lines of text: a pure function of one seat's observation.

:func:`card_lines` draws a :class:`~golfcore.cardgame.observation.CardObservation` (what the
player's seat may see: a face-down card is ``##``), the other seats' boards side by side above
the piles and the player's own board with its place numbers, what the player may do, the last
actions, and at the end of a round its result (the page's «Resultado de la ronda»), at the end
of the match the winners. It fits 80 columns and 24 lines for up to six seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfcore.cardgame.observation import CardObservation
from golfcore.cardgame.state import RoundResult
from golfcore.terminal.cardtext import card_text
from golfcore.terminal.solitaire_screen import key_rows, wrap
from golfcore.terminal.texts import Texts

#: The width of one other seat's block, and of one card cell.
BLOCK = 26
CELL = 4
#: The most of the last actions shown under the table, and the lines above the keys' line.
LOG = 3
HEIGHT = 23


@dataclass(frozen=True)
class CardView:
    """What the screen shows beside the observation: the variant's title, each seat's kind
    (``""`` for a person, else the bot's name), the discard mode, the last actions' texts, the
    last key's message, the help."""

    title: str
    kinds: tuple[str, ...]
    mode: str = "replace"
    log: tuple[str, ...] = ()
    message: str = ""
    help: bool = False
    unicode: bool = True


def seat_label(seat: int, view: CardView, obs: CardObservation, texts: Texts) -> str:
    """``Jugador 2 (ordenador)``, ``Jugador 1 (tú)``."""
    name = texts.t("cg.seatName", n=seat + 1)
    if seat == obs.seat:
        return f"{name} ({texts.t('cg.you')})"
    return f"{name} ({texts.t('cg.bot')})" if view.kinds[seat] else name


def board_rows(obs: CardObservation, seat: int, view: CardView, numbered: bool) -> list[str]:
    """A board row by row; ``numbered``: each card after its place number (the keys)."""
    rows, columns = obs.shape
    board = obs.boards[seat]
    lines = []
    for row in range(rows):
        cells = []
        for column in range(columns):
            place = row * columns + column
            text = card_text(board[place], view.unicode)
            cells.append(f"{place + 1:>2} {text:<3}" if numbered else f"{text:<{CELL}}")
        lines.append((" " if numbered else "").join(cells).rstrip())
    return lines


def card_lines(obs: CardObservation, view: CardView, texts: Texts) -> list[str]:
    """The whole screen, top to bottom."""
    t = texts.t
    title = view.title if view.title.startswith(t("cg.title")) else (
        f"{t('cg.title')} · {view.title}")
    lines = [f"{title} · {t('cg.round', n=obs.round)}"]
    if view.help:
        return lines + [""] + help_lines(obs, texts)
    if obs.over:
        return lines + [""] + over_lines(obs, view, texts)
    me = obs.seat if obs.seat is not None else 0
    if obs.step == "over" and obs.result is not None:
        lines += [""] + result_lines(obs, obs.result, view, texts) + [""]
    else:
        lines += others_lines(obs, view, texts, me)
        lines.append(piles_line(obs, view, texts))
        lines.append("")
    lines.append(f"{seat_label(me, view, obs, texts)} · {t('cg.total', n=obs.totals[me])} · "
                 f"{texts.tn('cg.showing', obs.showing[me])}")
    lines += board_rows(obs, me, view, numbered=True)
    lines.append("")
    lines += prompt(obs, view, texts, me)
    if view.message:
        lines += wrap(view.message, 78)
    room = max(0, min(LOG, HEIGHT - len(lines)))
    if obs.step != "over" and room:
        lines += list(view.log[-room:])
    return lines


def others_lines(obs: CardObservation, view: CardView, texts: Texts, me: int) -> list[str]:
    """The other seats' boards, side by side, three a row."""
    others = [s for s in range(obs.players) if s != me]
    lines: list[str] = []
    per_row = 3
    for start in range(0, len(others), per_row):
        group = others[start:start + per_row]
        blocks = []
        for seat in group:
            mark = "▶ " if obs.turn == seat else "  "
            block = [mark + seat_label(seat, view, obs, texts),
                     f"  {texts.t('cg.total', n=obs.totals[seat])}",
                     f"  {texts.tn('cg.showing', obs.showing[seat])}"]
            block += ["  " + row for row in board_rows(obs, seat, view, numbered=False)]
            blocks.append(block)
        height = max(len(b) for b in blocks)
        if not lines or len(others) <= per_row:
            lines.append("")
        for i in range(height):
            lines.append("".join(f"{(b[i] if i < len(b) else ''):<{BLOCK}}"
                                 for b in blocks).rstrip())
    return lines


def piles_line(obs: CardObservation, view: CardView, texts: Texts) -> str:
    """The stock's size, the discard's top card, the card in hand."""
    t = texts.t
    parts = [f"{t('cg.stock')}: {obs.stock_count}",
             f"{t('cg.discard')}: {card_text(obs.discard, view.unicode) if obs.discard else '—'}"]
    held = obs.held
    if held is not None:
        if held.card is None:
            parts.append(t("cg.heldHidden"))
        else:
            parts.append(f"{t('cg.held')}: {card_text(held.card, view.unicode)} "
                         f"({t('cg.heldFrom.' + held.source)})")
    if obs.last_turns:
        names = ", ".join(t("cg.seatName", n=s + 1) for s in obs.last_turns)
        parts.append(t("cg.lastTurns", names=names))
    return "   ".join(parts)


def prompt(obs: CardObservation, view: CardView, texts: Texts, me: int) -> list[str]:
    """What the player may do now, with the keys that do it: a line, and a second one for the
    other way to end a turn holding a card."""
    t = texts.t
    if obs.step == "over":
        return [f"{t('help.enter')}: {t('cg.act.next')}"]
    if obs.turn != me:
        return [t("cg.turnBot", n=(obs.turn or 0) + 1)]
    you = t("cg.turnYou", n=me + 1)
    keys = place_keys(len(obs.boards[me]))
    if obs.step == "reveal":
        return [f"{you}: {t('cg.act.reveal')} ({keys})"]
    if obs.step == "draw":
        return [f"{you}: D: {t('cg.act.draw')} · T: {t('cg.act.take')}"]
    legal = obs.legal
    if view.mode == "discard":
        return [f"{you}: {t('cg.mode.discard')} ({keys})", f"X: {t('cg.act.replaceMode')}"]
    lines = [f"{you}: {t('cg.act.replace')} ({keys})"]
    if "discard" in legal:
        lines.append(f"X: {t('cg.act.discardEnd')}")
    elif any(a.startswith("discard ") for a in legal):
        lines.append(f"X: {t('cg.act.discardMode')}")
    return lines


def place_keys(size: int) -> str:
    """The keys of a board's places: ``1–6``; ``1–9,0,-,=`` for 12."""
    extra = ("0", "-", "=")[:max(0, size - 9)]
    return ",".join([f"1–{min(size, 9)}", *extra])


def result_lines(obs: CardObservation, result: RoundResult, view: CardView,
                 texts: Texts) -> list[str]:
    """The page's «Resultado de la ronda»: each seat's board points, round points, total."""
    t = texts.t
    heads = (t("cg.result.seat"), t("cg.result.board"), t("cg.result.score"),
             t("cg.result.total"))
    width = max(len(seat_label(s, view, obs, texts)) for s in range(obs.players)) + 2
    lines = [t("cg.result.title", n=obs.round),
             f"  {heads[0]:<{width}}{heads[1]:>9}{heads[2]:>9}{heads[3]:>9}"]
    for seat in range(obs.players):
        lines.append(f"  {seat_label(seat, view, obs, texts):<{width}}"
                     f"{result.board_scores[seat]:>9}{result.scores[seat]:>9}"
                     f"{obs.totals[seat]:>9}")
    mine = result.cancelled[obs.seat or 0]
    lines.append("  " + (t("cg.result.cancelled", places=t(
        "cg.result.places", list=", ".join(str(p + 1) for p in mine))) if mine
        else t("cg.result.noCancelled")))
    if result.ender is not None:
        ender = result.ender
        said = t("cg.result.ender", n=ender + 1) + " "
        others = [b for s, b in enumerate(result.board_scores) if s != ender]
        if result.penalised:
            said += t("cg.result.penalised", **{"from": result.board_scores[ender],
                                                "to": result.scores[ender]})
        elif not others or result.board_scores[ender] <= min(others):
            said += t("cg.result.notPenalised")  # (a variant without the penalty: nothing)
        lines += ["  " + line for line in wrap(said, 76)]
    return lines


def over_lines(obs: CardObservation, view: CardView, texts: Texts) -> list[str]:
    """The end of the match: the last round's result, the winners, the match's code."""
    t = texts.t
    lines = [t("cg.over"), ""]
    if obs.result is not None:
        lines += result_lines(obs, obs.result, view, texts) + [""]
    names = ", ".join(seat_label(s, view, obs, texts) for s in obs.winners)
    lines.append(t("cg.winners" if len(obs.winners) == 1 else "cg.winnersMany", names=names))
    if obs.code:
        lines.append(t("cg.code", code=obs.code))
    lines += ["", t("term.noMatchYet")]
    return lines


def help_lines(obs: CardObservation, texts: Texts) -> list[str]:
    """The help panel of the card game, as the page's help lists its keys."""
    t = texts.t
    lines = [t("help.title"), "", t("help.cardgame")]
    rows: Sequence[tuple[str, str]] = (
        (f"D, {t('help.space')}", t("help.cg.draw")), ("T", t("help.cg.take")),
        (t("term.key.place"), t("help.cg.place")), ("X", t("help.cg.discard")),
        (t("help.enter"), t("help.cg.next")), ("N", t("help.k.new")), ("?", t("help.k.help")),
        ("Q", t("term.key.quit")))
    lines += key_rows(tuple(rows), 14)
    if obs.chosen_deal:
        lines += [""] + wrap(t("cg.chosenDeal"), 78)
    return lines + ["", t("term.keys.closeHelp")]

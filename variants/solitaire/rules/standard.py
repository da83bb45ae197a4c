"""Rules every variant has unless it replaces them: outcome, messages, hint."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.solitaire import engine
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import (BLOCKED_CARD, DRAW_NOT_ALLOWED, EMPTY_COLUMN, GAME_WON,
                            KING_ENDS_CHAIN, NO_MOVES, NO_REDEALS, NO_SUCH_COLUMN, NOT_ADJACENT,
                            NOT_ON_TABLEAU, NOTHING_TO_REDEAL, NOTHING_TO_UNDO, STOCK_EMPTY,
                            STOCK_NOT_EMPTY, UNDO_LIMIT, Move)
from golfcore.solitaire.state import GameState, Outcome
from golfcore.framework.variant import Rule, message_in


class StandardOutcome(Rule):
    """Won as soon as the columns are empty, stock or not (APP-11, C4-10); lost when cards are
    left and no card can be played, no draw is allowed and no redeal (APP-12, C4-08, C4-10)."""

    name = "standard-outcome"
    slot = "outcome"
    rule_ids = ("APP-11", "APP-12", "C4-08", "C4-10")
    summary = "won when the columns are empty; lost when no play and no draw is left"

    @hookimpl
    def golf_outcome(self, state: GameState, rules: Any) -> Outcome:
        position = state.position
        if not any(position.columns):
            return Outcome.WON
        if engine.playable_columns(rules, position):
            return Outcome.PLAYING
        if position.stock and rules.may_draw(state, False):
            return Outcome.PLAYING
        if engine.may_redeal(rules, position):
            return Outcome.PLAYING
        return Outcome.LOST


#: The documents' exact words in Spanish (APP-06, APP-12, C4-07, APP-17) and English equivalents.
MESSAGES = {
    NOT_ADJACENT: ("Debe ser de un valor superior o inferior",
                   "It must be one rank higher or lower"),
    BLOCKED_CARD: ("Esta carta está bloqueada", "This card is blocked"),
    NO_MOVES: ("No quedan movimientos posibles", "No moves left"),
    KING_ENDS_CHAIN: ("No se puede jugar ninguna carta sobre un rey",
                      "No card may be played on a king"),
    DRAW_NOT_ALLOWED: ("Solo se puede robar cuando no hay ningún movimiento posible",
                       "You may draw only when no move is possible"),
    STOCK_EMPTY: ("El mazo no se vuelve a utilizar", "The stock is used only once"),
    GAME_WON: ("La partida está ganada", "The game is won"),
    EMPTY_COLUMN: ("Las columnas vacías permanecen vacías", "Empty columns stay empty"),
    NO_SUCH_COLUMN: ("No existe esa columna", "There is no such column"),
    NOT_ON_TABLEAU: ("Esa carta no está en el tablero", "That card is not on the tableau"),
    NOTHING_TO_UNDO: ("No hay nada que deshacer", "There is nothing to undo"),
    UNDO_LIMIT: ("No se pueden deshacer más acciones", "No more actions can be undone"),
    # Redeals (passes through the stock) are a house rule, not the documents': golfcore's words.
    NO_REDEALS: ("No quedan vueltas al mazo: el mazo no se vuelve a formar",
                 "No passes through the stock are left: the stock is not formed again"),
    STOCK_NOT_EMPTY: ("Solo se puede dar la vuelta al descarte cuando el mazo está vacío",
                      "The waste may be turned over only when the stock is empty"),
    NOTHING_TO_REDEAL: ("No hay cartas bajo la del descarte para formar un mazo",
                        "There are no cards under the waste's top card to form a stock"),
}


class StandardMessages(Rule):
    name = "standard-messages"
    slot = "messages"
    rule_ids = ("APP-06", "APP-12")
    summary = "the documents' messages in Spanish, with English equivalents"

    @hookimpl
    def golf_message(self, reason: str, lang: str, options: Mapping[str, Any]) -> str | None:
        return message_in(MESSAGES, reason, lang)


class LegalHint(Rule):
    """Proposes a legal move (C4-11): a play that leaves another play open if there is one,
    else any play, else the draw. It does not promise a winning line."""

    name = "legal-hint"
    slot = "hint"
    rule_ids = ("C4-11",)
    summary = "a legal move, preferring plays that keep a chain going; no promise of a win"

    @hookimpl
    def golf_hint(self, state: GameState, legal: Sequence[Move], rules: Any) -> Move | None:
        plays = [m for m in legal if m.is_play]
        for move in plays:
            after = state.position.after_play(move.column)
            if any(after.columns) and engine.playable_columns(rules, after):
                return move
        return plays[0] if plays else legal[0]

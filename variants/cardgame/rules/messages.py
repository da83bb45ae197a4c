"""The card game's messages: every refusal explained in Spanish and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame import actions as a
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Rule, message_in

#: Reason code → (Spanish, English). The Spanish for ``taken-from-discard`` is the document's own
#: sentence (CG-04); the others follow its vocabulary (tablero, robar, descarte, boca abajo) and
#: speak to the player as the page does, with *tú* («No es tu turno»), never *usted*.
MESSAGES: dict[str, tuple[str, str]] = {
    a.MATCH_OVER: ("La partida ha terminado", "The match is over"),
    a.ROUND_OVER: ("La ronda ha terminado: hay que repartir la siguiente",
                   "The round is over: deal the next one"),
    a.ROUND_NOT_OVER: ("La ronda no ha terminado", "The round is not over"),
    a.NO_SUCH_SEAT: ("No existe ese jugador en esta mesa", "There is no such seat at this table"),
    a.NOT_YOUR_TURN: ("No es tu turno", "It is not your turn"),
    a.MUST_REVEAL: ("Primero hay que descubrir cartas del tablero",
                    "First turn up cards of your board"),
    a.NOT_REVEALING: ("Solo se descubren cartas así al empezar la ronda",
                      "Cards are turned up this way only at the start of the round"),
    a.MUST_DRAW_FIRST: ("Primero hay que robar una carta o tomar la del descarte",
                        "First draw a card or take the discard"),
    a.ALREADY_HOLDING: ("Ya tienes una carta en la mano: reemplaza una carta del tablero",
                        "You already hold a card: replace a card of your board"),
    a.NO_SUCH_PLACE: ("Esa posición no está en el tablero", "That place is not on the board"),
    a.ALREADY_FACE_UP: ("Esa carta ya está boca arriba", "That card is already face up"),
    a.TAKEN_FROM_DISCARD: (
        "No está permitido descartarse inmediatamente de la carta tomada del descarte",
        "A card taken from the discard may not be discarded at once"),
    a.DISCARD_NOT_ALLOWED: ("Hay que reemplazar una carta del tablero con la carta robada",
                            "The drawn card must replace a card of your board"),
    a.NEEDS_PLACE: ("Al descartarse hay que descubrir una carta boca abajo: di cuál",
                    "Discarding turns up a face-down card: say which one"),
    a.TAKES_NO_PLACE: ("Al descartarse termina el turno: no se descubre ninguna carta",
                       "Discarding ends the turn: no card is turned up"),
    a.DISCARD_EMPTY: ("La pila de descarte está vacía", "The discard pile is empty"),
    a.STOCK_EMPTY: ("El mazo está vacío", "The stock is empty"),
}


class CardGameMessages(Rule):
    """The engine's refusals in the document's Spanish and in English."""

    name = "card-game-messages"
    slot = "messages"
    rule_ids = ("CG-03", "CG-04")
    summary = "every refusal explained in Spanish (the document's words) and English"

    @hookimpl
    def golf_message(self, reason: str, lang: str, options: Mapping[str, Any]) -> str | None:
        return message_in(MESSAGES, reason, lang)

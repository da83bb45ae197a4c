"""The card game's refusals speak to the player as the page does: with *tú*, never *usted*
(issue 28, L2). The document's own sentence (CG-04) is kept as it is: it is impersonal."""

from __future__ import annotations

import re

from golfcore import Match
from golfcore_variants.cardgame.rules.messages import MESSAGES

#: Words of the *usted* form the refusals used («No es su turno», «reemplace», «diga cuál»).
USTED = re.compile(r"\b(usted|ustedes|su turno|tiene una|reemplace|diga|elija|toque|robe|"
                   r"descarte usted|descubra)\b", re.IGNORECASE)


def test_no_card_game_refusal_says_usted() -> None:
    found = {reason: es for reason, (es, _en) in MESSAGES.items() if USTED.search(es)}
    assert found == {}


def test_not_your_turn_is_said_with_tu() -> None:
    refused = Match("card-golf", players=2, seed=1).act(1, "draw")
    assert (refused.reason, refused.messages["es"]) == ("not-your-turn", "No es tu turno")
    match = Match("card-golf", players=2, seed=1)
    assert match.act(0, "draw").accepted
    holding = match.act(0, "draw")
    assert holding.messages["es"] == ("Ya tienes una carta en la mano: reemplaza una carta del "
                                      "tablero")


def test_the_documents_sentence_is_kept() -> None:
    assert MESSAGES["taken-from-discard"][0] == ("No está permitido descartarse inmediatamente "
                                                 "de la carta tomada del descarte")

"""What ``golf web`` says to a player, in Spanish and English.

One design for every text the page shows: a reply the player may see carries a **message
code** and the same text in both languages, ``messages: {"es": ..., "en": ...}``. Refusals of
a move already do (``reason`` and ``messages``, from the rules); errors get it here:

* :func:`localize` gives every error reply that has no ``messages`` the texts of its
  ``error`` kind (``busy``, ``rate-limited``, ``too-many-tables``, ...) and ``message_code``
  (the kind itself). ``golf web`` passes every message it sends through it.
* :func:`golf_error_texts` names a :class:`~golfcore.errors.GolfError` of a request more
  precisely (``bad-code``, ``unknown-variant``, ``bad-input``), for the ``bad-input`` replies.

``message`` stays the English detail for developers and logs; the page shows ``messages``.
:data:`VARIANT_TITLES` are the built-in variants' titles in both languages (``hello`` over the
web gives them as ``titles``).
"""

from __future__ import annotations

from typing import Any

from golfcore.errors import CodeError, GolfError, UnsupportedError, VariantError

Texts = dict[str, str]


def _t(es: str, en: str) -> Texts:
    return {"es": es, "en": en}


#: The texts of each error kind and of the finer message codes of ``bad-input``.
ERRORS: dict[str, Texts] = {
    "bad-code": _t("Ese código no sirve: un código de partida es como GO1-E-AAAAAAB (letra de "
                   "la regla y 7 letras A–Z) y uno de recorrido como GR1-T-AAAAAAB.",
                   "That code is not valid: a game code looks like GO1-E-AAAAAAB (the rule's "
                   "letter and 7 letters A–Z), a course code like GR1-T-AAAAAAB."),
    "unknown-variant": _t("Esa regla no existe o no es de este juego.",
                          "That rule does not exist, or is not one of this game's."),
    "bad-input": _t("La petición no es válida: no ha cambiado nada.",
                    "The request is not valid: nothing changed."),
    "bad-request": _t("La página ha enviado una petición que el servidor no entiende: "
                      "recarga la página.",
                      "The page sent a request the server does not understand: reload the "
                      "page."),
    "bad-json": _t("La página ha enviado un mensaje ilegible: recarga la página.",
                   "The page sent a message the server cannot read: reload the page."),
    "too-large": _t("El mensaje es demasiado largo: no se ha leído.",
                    "The message is too long: it was not read."),
    "no-table": _t("No hay ninguna partida abierta: empieza una nueva.",
                   "No game is open: start a new one."),
    "wrong-game": _t("Esa acción es del otro juego.", "That action belongs to the other game."),
    "bad-token": _t("Ese enlace no es de ninguna partida: puede que se haya borrado o que el "
                    "enlace esté mal copiado.",
                    "That link is no game's: the game may have been deleted, or the link "
                    "copied wrong."),
    "stale": _t("Otra pestaña ha jugado en esta mesa: se muestra la posición actual.",
                "Another tab played at this table: here is the current position."),
    "not-your-seat": _t("Ese puesto no es tuyo.", "That seat is not yours."),
    "not-referee": _t("Nadie ve todas las cartas en esta página.",
                      "Nobody sees every card on this page."),
    "busy": _t("Ya hay una búsqueda en marcha: espera a que termine y vuelve a intentarlo.",
               "A search is already running: wait for it to finish, then try again."),
    "rate-limited": _t("Demasiados mensajes seguidos: ese no se ha leído. Ve más despacio.",
                       "Too many messages in a row: that one was not read. Slow down."),
    "too-many-tables": _t("Tienes demasiadas mesas abiertas a la vez: deja una antes de crear "
                          "otra.",
                          "You have too many tables open at once: leave one before creating "
                          "another."),
    "too-many-saved": _t("Ya tienes demasiadas partidas guardadas sin terminar: termina o deja "
                         "una antes de empezar otra.",
                         "You already have too many unfinished saved games: finish or leave "
                         "one before starting another."),
    "storage-full": _t("El servidor no tiene sitio para guardar partidas nuevas: las guardadas "
                       "se pueden seguir jugando.",
                       "The server has no room to save new games: the saved ones can still "
                       "be played."),
    "not-found": _t("No se ha encontrado ningún reparto ganable esta vez: vuelve a intentarlo "
                    "o reparte sin esa opción.",
                    "No winnable deal was found this time: try again, or deal without that "
                    "option."),
    "internal-error": _t("Error del servidor: no ha cambiado nada.",
                         "Server error: nothing changed."),
}

#: The built-in variants' titles (``hello``'s ``title`` is one language only).
VARIANT_TITLES: dict[str, Texts] = {
    "app-facil": _t("Fácil (rey y as enlazados)", "Easy (king and ace linked)"),
    "app-clasico": _t("Clásico (rey y as separados)", "Classic (king and ace apart)"),
    "cards4": _t("Golf clásico de Cards4", "Cards4 classic Golf"),
    "empty-waste": _t("Descarte vacío", "Empty waste"),
    "jokers": _t("Comodines", "Jokers"),
    "putt-putt": _t("Putt Putt (enlace circular)", "Putt Putt (circular connection)"),
    "relaxed": _t("Relajada (reina sobre rey)", "Relaxed (queen on king)"),
    "traditional": _t("Tradicional (regla estricta, por golpes)",
                      "Traditional (strict rule, stroke play)"),
    "card-golf": _t("Golf, el juego de cartas (2 a 6 jugadores)",
                    "Golf, the card game (2 to 6 players)"),
    "six-card": _t("Golf de seis cartas", "Six-card golf"),
}


def golf_error_texts(exc: GolfError, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
    """``message_code`` and ``messages`` for a request's :class:`GolfError` (a ``bad-input``
    reply): a code that cannot be read (a game, course or match code), an unknown variant, or
    any other bad value; a computation that refuses the variant gives its own
    (:class:`~golfcore.errors.UnsupportedError`: ``search-redeals``)."""
    if isinstance(exc, UnsupportedError):
        return {"message_code": exc.code, "messages": dict(exc.messages)}
    code_given = cmd == "new" and ("code" in request or isinstance(request.get("round"), str))
    if isinstance(exc, CodeError) or (code_given and isinstance(exc, VariantError)):
        key = "bad-code"
    elif isinstance(exc, VariantError):
        key = "unknown-variant"
    else:
        key = "bad-input"
    return {"message_code": key, "messages": dict(ERRORS[key])}


def localize(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with ``message_code`` and ``messages`` (Spanish and English) when it is an
    error reply without texts of its own; any other message unchanged."""
    kind = message.get("error")
    if message.get("ok") is not False or not isinstance(kind, str):
        return message
    if isinstance(message.get("messages"), dict):
        return message if "message_code" in message else {**message, "message_code": kind}
    texts = ERRORS.get(kind, ERRORS["bad-input"])
    return {**message, "message_code": kind if kind in ERRORS else "bad-input",
            "messages": dict(texts)}


def variant_titles(variants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``hello``'s variants, each with ``titles: {es, en}`` (a variant golfcore does not
    know keeps its one ``title`` in both)."""
    return [{**v, "titles": dict(VARIANT_TITLES.get(v.get("name", ""),
                                                    _t(v.get("title", ""), v.get("title", ""))))}
            for v in variants]

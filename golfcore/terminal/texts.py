"""What the terminal game says, in Spanish and English: the web page's own strings.

The page's strings (``golfcore/web/static/strings-es.js`` and ``strings-en.js``, the documents'
words where they give them) are read here as they ship, so that the terminal and the page say
the same thing; :data:`TERMINAL` holds the few texts only a terminal needs (its keys' names,
quitting). A refused move's texts come with the move's result (the rules' messages).

The language is ``--lang``, else the locale's, as the page takes the browser's: English when it
names English (``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` starting with ``en``), else Spanish, the
documents' language.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from pathlib import Path

LANGS = ("es", "en")
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

_PAIR = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_PARAM = re.compile(r"\{(\w+)\}")


def _t(es: str, en: str) -> dict[str, str]:
    return {"es": es, "en": en}


#: The texts only the terminal has (the page has buttons and a mouse instead).
TERMINAL: dict[str, dict[str, str]] = {
    "term.quit": _t("salir", "quit"),
    "term.keys.solitaire": _t("1–7 columna  Espacio robar  U deshacer  H pista  N nueva  "
                              "? ayuda  Q salir",
                              "1–7 column  Space draw  U undo  H hint  N new  ? help  Q quit"),
    "term.keys.cardgame": _t("D robar  T tomar  1–9 carta  X descartar  Intro siguiente  "
                             "? ayuda  Q salir",
                             "D draw  T take  1–9 card  X discard  Enter next  ? help  Q quit"),
    "term.keys.closeHelp": _t("? o Esc: cerrar la ayuda", "? or Esc: close the help"),
    "term.key.quit": _t("salir del juego", "leave the game"),
    "term.key.col": _t("1–7", "1–7"),
    "term.key.place": _t("1–9, 0, -, =", "1–9, 0, -, ="),
    "term.noMatchYet": _t("Pulsa N para una partida nueva o Q para salir.",
                          "Press N for a new game or Q to quit."),
    "term.small": _t("La terminal es demasiado pequeña: {w}×{h} (hace falta 80×24).",
                     "The terminal is too small: {w}×{h} (80×24 needed)."),
    "term.last.discardEnd": _t("Jugador {n} ha descartado la carta robada",
                               "Seat {n} discarded the drawn card"),
    "term.solving": _t("Buscando una pista…", "Looking for a hint…"),
}


def _unescape(text: str) -> str:
    return str(json.loads(f'"{text}"'))


@functools.cache
def page_strings(lang: str) -> Mapping[str, str]:
    """The web page's strings in ``lang``, read from its ``strings-LANG.js``."""
    source = (STATIC / f"strings-{lang}.js").read_text(encoding="utf-8")
    return {_unescape(k): _unescape(v) for k, v in _PAIR.findall(source)}


def default_lang(environ: Mapping[str, str]) -> str:
    """``en`` when the locale names English, else ``es`` (as the page reads the browser's)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "en" if value.lower().startswith("en") else "es"
    return "es"


class Texts:
    """The strings of one language: ``t(key, n=1)`` fills ``{n}``; ``tn(key, n)`` takes the
    key's ``.one`` form when ``n`` is 1 (as the page does)."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"language {lang!r}: expected one of {', '.join(LANGS)}")
        self.lang = lang
        self.strings = dict(page_strings(lang))
        self.strings.update({k: v[lang] for k, v in TERMINAL.items()})

    def t(self, key: str, **params: object) -> str:
        text = self.strings.get(key, key)
        return _PARAM.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)

    def tn(self, key: str, n: int, **params: object) -> str:
        if n == 1 and f"{key}.one" in self.strings:
            key = f"{key}.one"
        return self.t(key, n=n, **params)

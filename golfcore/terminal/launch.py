"""``golf play`` in the terminal: which game, which seats, which language, then the screen.

``golf play`` opens the full-screen game when it is given no moves and both its standard input
and output are a terminal, or with ``--interactive``. The game is the card game when the code
is a match or replay code (``GC1-...``, ``GK1-...``), the variant a card-game one
(``--variant six-card``) or seats are given (``--seats me,greedy,strong``, ``--players N
--bots NAME``); else the solitaire: a code, ``--number N``, or a random deal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from golfcore.cardgame.bots.spec import BotSpec, parse_bot
from golfcore.cardgame.match import Match
from golfcore.cli.cardcodes import is_card_code
from golfcore.cli.common import DEFAULT_VARIANT, bilingual, make_game
from golfcore.cli.output import OK, out
from golfcore.errors import GolfError
from golfcore.framework.compose import find_variant
from golfcore.solitaire.game import Game
from golfcore.terminal.card_session import ME, CardSession
from golfcore.terminal.solitaire_session import SolitaireSession
from golfcore.terminal.texts import LANGS, Texts, default_lang

#: The card game's variant and bot when ``golf play`` is asked for seats alone.
CARD_VARIANT = "card-golf"
DEFAULT_BOT = "strong"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the full-screen game."""
    group = parser.add_argument_group(
        "the full-screen game (with no moves, in a terminal; docs/terminal.md)")
    group.add_argument("--interactive", "-i", action="store_true",
                       help="open the full-screen game (the default with no moves when stdin "
                            "and stdout are a terminal)")
    group.add_argument("--lang", choices=LANGS, default=None,
                       help="the language of the screen: es or en (default: the locale's, "
                            "English when LC_ALL, LC_MESSAGES or LANG starts with 'en', "
                            "else Spanish, as the web page takes the browser's)")
    group.add_argument("--seats", metavar="SEATS",
                       help="the card game's seats in order, 'me' for you and a bot's name "
                            "(with options: strong:iterations=50) for each other: "
                            "me,greedy,strong")
    group.add_argument("--players", type=int, metavar="N",
                       help="the card game's players (2 to 6; default: the variant's), you in "
                            "the first seat and --bots in the others")
    group.add_argument("--bots", metavar="BOT",
                       help=f"the bot of the other seats with --players (default {DEFAULT_BOT})")


def wanted(args: argparse.Namespace, moves: Sequence[str], stdin: IO[str] | None = None,
           stdout: IO[str] | None = None) -> bool:
    """Whether ``golf play`` opens the full-screen game: asked with ``--interactive``, or no
    moves with a terminal on both ends. A usage error when the game cannot be played without
    one (the card game, or nothing given at all) and there is no terminal."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    terminal = _isatty(stdin) and _isatty(stdout)
    card = is_card_game(args)
    if args.interactive:
        if moves:
            args.parser.error(bilingual(
                "--interactive plays from the keyboard: give no moves with it",
                "--interactive juega con el teclado: no des jugadas con él"))
        if not terminal:
            args.parser.error(bilingual(
                "--interactive needs a terminal: standard input and output must both be one",
                "--interactive necesita una terminal: la entrada y la salida estándar deben "
                "serlo"))
    elif moves and card:
        args.parser.error(bilingual(
            "the card game takes no moves in golf play: play it in a terminal, or replay "
            "actions with golf analyse CODE ACTION...",
            "el juego de cartas no toma jugadas en golf play: juégalo en una terminal, o "
            "reproduce acciones con golf analyse CÓDIGO ACCIÓN..."))
    elif not moves and not terminal and (card or (not args.items and args.number is None)):
        args.parser.error(bilingual(
            "nothing to play here: standard input and output are not a terminal. Run golf play "
            "in a terminal to play full screen, or give a game code (such as GO1-C-AAAAAAB) or "
            "--number N, and moves, to play from the shell",
            "nada que jugar aquí: la entrada y la salida estándar no son una terminal. Ejecuta "
            "golf play en una terminal para jugar a pantalla completa, o da un código de "
            "partida (como GO1-C-AAAAAAB) o --number N, y jugadas, para jugar desde la shell"))
    if not args.interactive and (moves or not terminal):
        for option in ("seats", "players", "bots", "lang"):
            if getattr(args, option) is not None:
                args.parser.error(bilingual(
                    f"--{option} is for the full-screen game: give no moves, in a terminal",
                    f"--{option} es para el juego a pantalla completa: sin jugadas, en una "
                    "terminal"))
        return False
    for option in ("json", "hint_strategy", "limit", "seconds"):
        if getattr(args, option, None) not in (None, False):
            args.parser.error(bilingual(
                f"--{option.replace('_', '-')} is for golf play with moves, not the "
                "full-screen game", f"--{option.replace('_', '-')} es para golf play con "
                "jugadas, no para el juego a pantalla completa"))
    return True


def _isatty(stream: IO[str] | None) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def is_card_game(args: argparse.Namespace) -> bool:
    """Whether ``golf play``'s arguments name the card game."""
    if args.items and is_card_code(args.items[0]):
        return True
    if args.seats is not None or args.players is not None or args.bots is not None:
        return True
    return bool(args.variant) and find_variant(args.variant).game == "card-game"


def seat_specs(args: argparse.Namespace) -> list[BotSpec | None]:
    """Each seat's bot (``None``: the player) from ``--seats``, or ``--players``/``--bots``."""
    if args.seats is not None:
        if args.players is not None or args.bots is not None:
            args.parser.error(bilingual(
                "give --seats, or --players and --bots, not both",
                "da --seats, o --players y --bots, no ambos"))
        kinds = split_seats(args.seats)
        if kinds.count(ME) != 1:
            args.parser.error(bilingual(
                f"--seats {args.seats!r}: name yourself 'me' in exactly one seat",
                f"--seats {args.seats!r}: ponte como 'me' en exactamente un puesto"))
    else:
        players = args.players if args.players is not None else None
        if players is None:
            return [None]                     # the variant's players, filled in by the match
        kinds = [ME] + [args.bots or DEFAULT_BOT] * (players - 1)
    return [None if kind == ME else parse_bot(kind) for kind in kinds]


def split_seats(text: str) -> list[str]:
    """``me,greedy,strong:iterations=50,depth=2`` → each seat's text (an option after a comma
    belongs to the bot before it)."""
    kinds: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if kinds and "=" in part and ":" not in part and kinds[-1] != ME:
            kinds[-1] += "," + part
        else:
            kinds.append(part.lower() if part.lower() == ME else part)
    return kinds


def card_match(args: argparse.Namespace, players: int | None) -> Match:
    """The match to play: a code's, else a secret deal of ``--variant`` (default card-golf)."""
    if args.items:
        if args.variant is not None:
            args.parser.error(bilingual(
                "a card-game code fixes its variant: give no --variant with it",
                "un código del juego de cartas fija su variante: no des --variant con él"))
        match = Match.from_code(args.items[0])
        if players is not None and players != match.players:
            raise GolfError(bilingual(
                f"{args.items[0]} deals {match.players} players, not {players}",
                f"{args.items[0]} reparte para {match.players} jugadores, no {players}"))
        return match
    if args.number is not None:
        args.parser.error(bilingual(
            "--number is the solitaire's deal: the card game takes a code (GC1-...) instead",
            "--number es el reparto del solitario: el juego de cartas toma un código "
            "(GC1-...)"))
    return Match(args.variant or CARD_VARIANT, players=players)


def run(args: argparse.Namespace) -> int:
    """Open the full-screen game ``args`` ask for; print its farewell once it closes."""
    from golfcore.terminal import app

    texts = Texts(args.lang or default_lang(_environ()))
    unicode = app.writes_unicode()
    session: CardSession | SolitaireSession
    if is_card_game(args):
        specs = seat_specs(args)
        players = len(specs) if len(specs) > 1 else None
        match = card_match(args, players)
        if len(specs) == 1:
            specs = [None] + [parse_bot(DEFAULT_BOT)] * (match.players - 1)
        if len(args.items) > 1:
            args.parser.error("give one card-game code")
        variant = match.variant.name

        def new_match() -> Match:
            return Match(variant, players=len(specs))

        session = CardSession(match, specs, texts, new_match, unicode)
    else:
        if len(args.items) > 1:
            args.parser.error("give one game code, and no moves, for the full-screen game")
        if args.items or args.number is not None:
            game = make_game(args.items[0] if args.items else None, args.number, args.variant,
                             args.parser)
        else:
            game = Game.start(find_variant(args.variant or DEFAULT_VARIANT))
        session = SolitaireSession(game, texts, unicode)
    app.play(session)
    for line in session.farewell():
        out(line)
    return OK


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)

"""``golf perft``: the number of lines of legal actions of a given length (``docs/perft.md``).

``golf perft VARIANT START DEPTH [--divide] [--json]`` counts the sequences of exactly DEPTH
legal actions from START under VARIANT (plays, draws and redeals in the solitaire, no undo;
every seat's actions in turn in the card game); a line that ends the game before DEPTH actions
is not counted. START is a deal number (the card game: a seed, with the variant's players), a
code (``GO1-...`` for the solitaire, whose deal is then dealt under VARIANT; ``GC1-...`` or
``GK1-...`` for the card game, which must be a code of VARIANT), or a file: a solitaire position
(any form ``golf solve`` reads) or a saved card-game match (``Match.to_json``), ``-`` for stdin.
``--divide`` adds the count under each first action; ``--json`` prints one object, a line of
the count files of ``specs/perft/``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from golfcore.cli.cardcodes import is_card_code
from golfcore.cli.common import board_game, read_checked_board
from golfcore.cli.output import OK, fields, json_line, out, print_lines, table
from golfcore.errors import GolfError
from golfcore.framework import perft as core
from golfcore.framework.compose import find_variant


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT",
                        help="the variant, possibly composed (cards4+jokers=2, card-golf)")
    parser.add_argument("start", metavar="DEAL|CODE|POSITION",
                        help="a deal number (the card game: a seed), a code (GO1-C-AAAAAAB, "
                             "GC1-G233-AAAAAAB) or a file: a solitaire position or a saved "
                             "card-game match; '-' reads stdin")
    parser.add_argument("depth", metavar="DEPTH", type=_depth,
                        help=f"the number of actions of each line (0 to {core.MAX_DEPTH})")
    parser.add_argument("--divide", action="store_true",
                        help="also print the count under each first action")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (a line of the count files, specs/perft/)")


def _depth(text: str) -> int:
    try:
        return core.check_depth(int(text))
    except (ValueError, GolfError):
        raise argparse.ArgumentTypeError(
            f"{text!r} is no depth: expected a whole number from 0 to {core.MAX_DEPTH}"
        ) from None


@dataclass(frozen=True)
class Start:
    """Where a count starts: the game, how the start is named in a count file, and the
    functions that count from it."""

    game: str
    variant: str
    named: dict[str, Any]
    count: Any
    divide: Any


def solitaire_start(variant: str, text: str) -> Start:
    """The solitaire's start: a deal number, a code (its deal under ``variant``) or a file."""
    from golfcore.solitaire import engine, perft
    from golfcore.solitaire.rules import rule_set

    rules = rule_set(variant)
    if text.isascii() and text.isdigit():
        state = engine.start_deal(rules, _number(text, "deal"))
        named: dict[str, Any] = {"deal": int(text)}
    else:
        board = read_checked_board(text, variant)
        rules, state = board_game(board, variant)
        named = ({"deal": board.deal} if board.deal is not None
                 else {"position": state.position.to_json()})
    return Start("solitaire", rules.name, named,
                 lambda depth: perft.perft(rules, state, depth),
                 lambda depth: perft.divide(rules, state, depth))


def card_start(variant: str, text: str) -> Start:
    """The card game's start: a seed (the variant's players), a code of ``variant``, or a
    saved match."""
    from golfcore.cardgame import perft
    from golfcore.cardgame.match import Match

    if text.isascii() and text.isdigit():
        match = Match(variant, seed=_number(text, "seed"))
        named: dict[str, Any] = {"code": match.code} if match.code else {"seed": int(text)}
    elif is_card_code(text):
        match = Match.from_code(text)
        wanted = find_variant(variant).name
        if match.variant.name != wanted:
            raise GolfError(f"{text.strip()!r} is a code of {match.variant.name}, not of "
                            f"{wanted}: name the code's variant")
        named = {"code": text.strip().upper()}
    else:
        match = Match.from_json(_read(text))
        if match.variant.name != find_variant(variant).name:
            raise GolfError(f"{text}: the saved match is of {match.variant.name}, not of "
                            f"{find_variant(variant).name}")
        named = {"match": text}
    rules, state = match.rules, match.state
    return Start("card-game", match.variant.name, named,
                 lambda depth: perft.perft(rules, state, depth),
                 lambda depth: perft.divide(rules, state, depth))


def _number(text: str, what: str) -> int:
    if len(text) > 12:
        raise GolfError(f"{what} {text[:20]}... is far too large")
    return int(text)


def _read(source: str) -> str:
    if source == "-":
        if sys.stdin is None:
            raise GolfError("-: standard input is closed")
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise GolfError(f"{source}: no such file, and not a seed or a card-game code "
                        f"(GC1-..., GK1-...)") from None
    except UnicodeDecodeError:
        raise GolfError(f"{source}: is not UTF-8 text") from None


def start_of(variant: str, text: str) -> Start:
    """The start ``text`` names under ``variant``, whichever game it is."""
    game = find_variant(variant).game
    if game == "card-game":
        return card_start(variant, text)
    if game != "solitaire":
        raise GolfError(f"golf perft counts the solitaire and the card game, not {game}")
    return solitaire_start(variant, text)


def record(start: Start, depth: int, divided: bool) -> dict[str, Any]:
    """One line of a count file: the game, the variant, the start, the depth, the count and
    (``divided``) the count under each first action, in the engine's order."""
    data: dict[str, Any] = {"game": start.game, "variant": start.variant, **start.named,
                            "depth": depth}
    if divided:
        split = start.divide(depth)
        data["count"] = sum(n for _, n in split) if depth else 1
        data["divide"] = dict(split)
    else:
        data["count"] = start.count(depth)
    return data


def run(args: argparse.Namespace) -> int:
    """``golf perft VARIANT START DEPTH``: print the count (and its division)."""
    start = start_of(args.variant, args.start)
    data = record(start, args.depth, args.divide)
    if args.json:
        out(json_line(data))
        return OK
    if args.divide:
        print_lines(table([(text, str(n)) for text, n in data["divide"].items()]))
        out()
    shown = ", ".join(f"{k} {v}" for k, v in start.named.items() if k != "position")
    print_lines(fields([("variant", start.variant), ("start", shown or "the position given"),
                        ("depth", str(args.depth)), ("count", str(data["count"]))]))
    return OK


__all__ = ["Start", "add_arguments", "card_start", "record", "run", "solitaire_start",
           "start_of"]

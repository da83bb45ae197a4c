"""``golf deal``: print the starting layout of a deal.

* ``golf deal CODE [--variant V]`` or ``golf deal --number N [--variant V]``: the layout of a
  game code, or of deal N (default variant ``app-facil``), as text (the form
  ``Position.from_text`` reads back), unicode, Spanish (one column a line, as the documents
  write) or JSON (``Game.summary()``);
* ``--winnable``: the first deal from there that the solver proves winnable, with a winning
  line.
"""

from __future__ import annotations

import argparse
from typing import Callable, Sequence

from golfcore.cards import Card
from golfcore.cli.common import (DEFAULT_VARIANT, add_game_arguments, add_search_arguments,
                                 check_variant, game_header, limits_text, make_game,
                                 search_limits)
from golfcore.cli.output import PROG, OK, Searching, err, out, print_json, print_lines
from golfcore.errors import GolfError
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", metavar="CODE",
                        help="a game code such as GO1-C-AAAAAAB (the letter names the variant)")
    add_game_arguments(parser)
    parser.add_argument("--format", "-f", choices=("text", "json", "unicode", "spanish"),
                        default="text",
                        help="text (the default; reads back with Position.from_text), json "
                             "(the game's summary), unicode (10♠ A♣) or spanish "
                             "(6 de tréboles, as the documents write)")
    parser.add_argument("--json", dest="format", action="store_const", const="json",
                        help="the same as --format json")
    parser.add_argument("--winnable", action="store_true",
                        help="the first deal from --number N (default 1; or the code's number) "
                             "that the solver proves winnable under the variant, with a winning "
                             "line")
    add_search_arguments(parser, "the search of each deal (with --winnable; a deal left "
                                 "undecided is skipped)")


def run(args: argparse.Namespace) -> int:
    """``golf deal CODE`` or ``golf deal --number N --variant V``: the starting layout;
    ``--winnable``: the first deal from there that the solver proves winnable."""
    line: tuple[Move, ...] | None = None
    first = None
    limits = search_limits(args)
    if limits and not args.winnable:
        args.parser.error("--limit and --seconds bound the search of --winnable: give them "
                          "with --winnable")
    check_variant(args.variant)
    if args.winnable:
        game, line, first = winnable_game(args)
    else:
        game = make_game(args.code, args.number, args.variant, args.parser)
    if args.format == "json":
        summary = game.summary()
        if line is not None:
            summary["winning_line"] = [str(m) for m in line]
            summary["searched_from"] = first
        print_json(summary)
        return OK
    if args.format == "spanish":
        print_lines(spanish(game))
        if line is not None:
            moves = " ".join("robar" if m.is_draw else str(m) for m in line)
            out(f"Jugadas ganadoras: {moves}.")
        return OK
    style = Card.unicode if args.format == "unicode" else Card.__str__
    for key, value in game_header(game):
        out(f"# {key}: {value}")
    if line is not None and first is not None:
        skipped = game.deal - first if game.deal is not None else 0
        out(f"# winnable: the first deal from {first} the solver proves winnable "
            f"({skipped} skipped)")
    print_lines(layout(game.position, style))
    if line is not None:
        out(f"# winning line: {' '.join(map(str, line))}")
    return OK


def winnable_game(args: argparse.Namespace) -> tuple[Game, tuple[Move, ...], int]:
    """The first deal from the requested one that the solver proves winnable, its winning line,
    and the deal number the search started from."""
    from golfcore.solitaire.solver import solver_for

    if args.code is not None and args.number is not None:
        args.parser.error("give either a game code or --number, not both")
    if args.code is not None:
        start = make_game(args.code, None, args.variant, args.parser)
        variant, number = start.variant.name, start.deal or 1
    else:
        variant = DEFAULT_VARIANT if args.variant is None else args.variant
        number = 1 if args.number is None else args.number
    rules = rule_set(variant)
    solver = solver_for(rules)
    limits = search_limits(args)
    first = number
    while True:
        game = Game(rules, deal=number)              # checks the number's range
        with Searching("deal", args.progress, what=f"deal {number}") as searching:
            result = solver.solve(game.position, best=False, progress=searching.callback,
                                  **limits)
        if result.winnable:
            return game, result.line, first
        if result.winnable is None:
            err(f"{PROG} deal: deal {number} skipped: undecided at {limits_text(limits)}")
        if number >= MAX_DEAL:
            raise GolfError(f"no deal from {first} to {MAX_DEAL} is winnable under {variant}")
        number += 1


def cards(row: Sequence[Card], style: Callable[[Card], str], sep: str = " ") -> str:
    """Cards written in ``style``, ``-`` for none."""
    return sep.join(style(c) for c in row) if row else "-"


def layout(position: Position, style: Callable[[Card], str]) -> list[str]:
    """:meth:`Position.to_text`'s form, with cards written in ``style``."""
    lines = [f"stock: {cards(position.stock, style)}", f"waste: {cards(position.waste, style)}"]
    lines += [f"{i}: {cards(c, style)}" for i, c in enumerate(position.columns, start=1)]
    return lines


def spanish(game: Game) -> list[str]:
    """The documents' way of listing a layout, one column a line."""
    position = game.position
    waste = position.waste_top.spanish() if position.waste_top else "vacío"
    lines = [f"Código: {game.code or '- (variante compuesta, sin letra)'}; "
             f"variante: {game.variant.name}; reparto {game.deal}.",
             f"Mazo: {len(position.stock)} cartas; descarte: {waste}."]
    if position.stock:
        lines.append(f"Orden del mazo: {cards(position.stock, Card.spanish, ', ')}.")
    for i, column in enumerate(position.columns, start=1):
        if column:
            lines.append(f"Columna {i}: {cards(column, Card.spanish, ', ')} "
                         f"(libre: {column[-1].spanish()})")
        else:
            lines.append(f"Columna {i}: vacía")
    return lines

"""``golf analyse`` (or ``analyze``): replay a game and show where the win was lost.

``golf analyse CODE|FILE MOVE...`` replays the moves of a game (as ``golf play`` reads them,
``undo`` excepted) and, before the first move and after each one, asks the solver whether the
deal can still be won and what the best result still reachable is; then it names the first move
after which the deal could no longer be won. A refused move stops with an error (exit status 1)
before any search.
"""

from __future__ import annotations

import argparse
from typing import Any

from golfcore.cli.common import (add_search_arguments, board_game, check_move, check_variant,
                                 read_checked_board, search_limits)
from golfcore.cli.output import OK, Searching, out, print_json, print_lines, table
from golfcore.cli.solve import winnable_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="CODE|FILE",
                        help="a game code, or a file or '-' as golf solve reads them")
    parser.add_argument("moves", nargs="*", metavar="MOVE",
                        help="the moves of the game in order, as golf play reads them: a column "
                             "'5', a touch '1.4', 'draw', or a card '9C' / '9 de tréboles' "
                             "('undo' is refused: give the moves the game kept)")
    parser.add_argument("--variant", metavar="V",
                        help="replay under this variant; default: the variant the input names, "
                             "else app-facil")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_search_arguments(parser, "each step's search")


def run(args: argparse.Namespace) -> int:
    """``golf analyse CODE|FILE MOVE...``: where the game lost the win."""
    from golfcore.solitaire.analysis import analyse, best_text

    limits = search_limits(args)
    check_variant(args.variant)
    for index, text in enumerate(args.moves, start=1):
        check_move(text, index)                      # before anything is read or searched
    board = read_checked_board(args.input, args.variant)
    rules, state = board_game(board, args.variant)
    with Searching("analyse", args.progress, what=args.input) as searching:
        report = analyse(rules, state, args.moves, progress=searching.callback, **limits)
    if args.json:
        data: dict[str, Any] = {"input": args.input, "deal": board.deal}
        data.update(report.to_json())
        print_json(data)
        return OK
    deal = f", deal {board.deal}" if board.deal is not None else ""
    out(f"{args.input}: {rules.name}{deal}")
    rows = [("step", "move", "action", "winnable", "best result still reachable")]
    for step in report.steps:
        if step.index == 0:
            move, action = "-", "start"
        else:
            move = step.move or "-"
            action = f"drew {step.card}" if step.played == "draw" else f"played {step.card}"
        rows.append((str(step.index), move, action, winnable_text(step.winnable),
                     best_text(step.best_removed, step.best_score, step.best_outcome)))
    print_lines(table(rows, indent="  "))
    out(report.verdict_text())
    return OK

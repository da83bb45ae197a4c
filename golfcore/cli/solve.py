"""``golf solve``: solve deals and positions: winnable or not, a winning line, the best result.

``golf solve CODE|FILE...`` solves each input exactly: a game code, a position file (the text
form or JSON, a saved game) or a black-hole-solver board, its format detected from its content;
``-`` reads stdin. For each it prints whether it is winnable, a winning line or the best result
the variant's scoring allows, and the positions searched (``--json``: one object a line). An
unwinnable deal is not an error; an input that cannot be read is reported on stderr and gives
exit status 1, after the other inputs are solved.
"""

from __future__ import annotations

import argparse
from typing import Any

from golfcore.cli.common import board_game
from golfcore.cli.output import BAD_INPUT, OK, err, error_text, fields, json_line, out, print_lines
from golfcore.errors import GolfError
from golfcore.framework.compose import find_variant


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="CODE|FILE",
                        help="game codes (GO1-C-AAAAAAB), files or '-' for stdin: a position in "
                             "the text form, JSON (a position, a saved game, a summary), or "
                             "black-hole-solver's board (Talon:, Foundations:, 7 columns); the "
                             "format is detected from the content")
    parser.add_argument("--variant", metavar="V",
                        help="solve under this variant (possibly composed); default: the "
                             "variant the input names (a code's letter, a saved game's), else "
                             "app-facil")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per line per input")
    parser.add_argument("--no-best", dest="best", action="store_false",
                        help="only decide whether each input is winnable: skip the search for "
                             "the best result of a lost deal (and the best win of stroke play)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="stop each search after N positions; the answer may then be "
                             "'unknown'")


def run(args: argparse.Namespace) -> int:
    """``golf solve CODE|FILE...``: solve each input; exit 1 when an input cannot be read."""
    from golfcore.solitaire.analysis import best_text
    from golfcore.solitaire.boards import read_board
    from golfcore.solitaire.solver import solver_for

    if args.limit is not None and args.limit < 1:
        args.parser.error("--limit must be 1 or more")
    if args.variant is not None:
        find_variant(args.variant)                   # an unknown variant fails once, up front
    status = OK
    first = True
    for source in args.inputs:
        try:
            board = read_board(source, args.variant)
            rules, state = board_game(board, args.variant)
        except GolfError as exc:
            status = BAD_INPUT
            err(error_text(str(exc)))
            continue
        result = solver_for(rules).solve(state.position, best=args.best, limit=args.limit)
        best_known = result.winnable is True or (args.best and result.complete)
        if args.json:
            data: dict[str, Any] = {"input": source, "variant": rules.name, "deal": board.deal,
                                    "format": board.format}
            data.update(result.to_json())
            if not best_known:
                data["best"] = None
            out(json_line(data))
            continue
        if not first:
            out()
        first = False
        deal = f", deal {board.deal}" if board.deal is not None else ""
        rows = [("winnable", winnable_text(result.winnable)
                 + ("" if result.complete else f" (stopped after {args.limit} positions)"))]
        moves = " ".join(map(str, result.line)) or "-"
        if result.winnable:
            rows.append(("line", f"{moves}   ({len(result.line)} moves)"))
        if best_known:
            rows.append(("best", best_text(result.best_removed, result.best_score,
                                           result.best_outcome)))
            if not result.winnable:
                rows.append(("line", f"{moves}   (to the best result)"))
        elif result.winnable is False:
            rows.append(("best", "not searched (--no-best)"))
        rows.append(("searched", f"{result.visited} positions in {result.seconds:.3f} s"))
        out(f"{source}: {rules.name}{deal} ({board.format})")
        print_lines(fields(rows, indent="  "))
    return status


def winnable_text(winnable: bool | None) -> str:
    """yes, no, or unknown (a search stopped by --limit)."""
    return {True: "yes", False: "no", None: "unknown"}[winnable]

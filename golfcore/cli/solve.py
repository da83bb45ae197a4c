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
from typing import TYPE_CHECKING, Any

from golfcore.cli.common import (add_search_arguments, board_game, check_variant, limits_text,
                                 read_checked_board, search_limits)
from golfcore.cli.output import (BAD_INPUT, OK, Searching, err, error_text, fields, json_line,
                                 out, print_lines)
from golfcore.errors import GolfError

if TYPE_CHECKING:
    from golfcore.solitaire.boards import Board
    from golfcore.solitaire.solver import SolveResult


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
    parser.add_argument("--best", action=argparse.BooleanOptionalAction, default=False,
                        help="after the verdict, also search the best result of a lost deal "
                             "(and the best win of stroke play); slower, often by far. Default: "
                             "the verdict only (winnable or not, with a winning line)")
    add_search_arguments(parser, "each input's search")


def run(args: argparse.Namespace) -> int:
    """``golf solve CODE|FILE...``: solve each input; exit 1 when an input cannot be read."""
    from golfcore.solitaire.solver import solver_for

    limits = search_limits(args)
    check_variant(args.variant)                      # an unknown variant fails once, up front
    status = OK
    first = True
    for index, source in enumerate(args.inputs, start=1):
        try:
            board = read_checked_board(source, args.variant)
            rules, state = board_game(board, args.variant)
        except GolfError as exc:
            status = BAD_INPUT
            err(error_text(str(exc)))
            continue
        what = source if len(args.inputs) == 1 else f"{source} ({index} of {len(args.inputs)})"
        with Searching("solve", args.progress, what=what) as searching:
            result = solver_for(rules).solve(state.position, best=args.best,
                                             progress=searching.callback, **limits)
        first = _report(args, source, board, rules.name, result, limits, first)
    return status


def _report(args: argparse.Namespace, source: str, board: Board, variant: str,
            result: SolveResult, limits: dict[str, Any], first: bool) -> bool:
    """Print one input's result; return whether the next one is still the first printed."""
    from golfcore.solitaire.analysis import best_text

    best_known = result.winnable is True or (args.best and result.complete)
    if args.json:
        data: dict[str, Any] = {"input": source, "variant": variant, "deal": board.deal,
                                "format": board.format}
        data.update(result.to_json())
        if not best_known:
            data["best"] = None
        out(json_line(data))
        return first
    if not first:
        out()
    deal = f", deal {board.deal}" if board.deal is not None else ""
    stopped = f"stopped at {limits_text(limits)}"
    rows = [("winnable", winnable_text(result.winnable)
             + (f" ({stopped})" if result.winnable is None else ""))]
    moves = " ".join(map(str, result.line)) or "-"
    if result.winnable:
        rows.append(("line", f"{moves}   ({len(result.line)} moves)"))
    if best_known:
        rows.append(("best", best_text(result.best_removed, result.best_score,
                                       result.best_outcome)))
        if not result.winnable:
            rows.append(("line", f"{moves}   (to the best result)"))
    elif result.winnable is False and args.best:
        rows.append(("best", f"not proved: the search {stopped}"))
    elif result.winnable is False:
        rows.append(("best", "not searched (--best searches it)"))
    rows.append(("searched", f"{result.visited} positions in {result.seconds:.3f} s"))
    out(f"{source}: {variant}{deal} ({board.format})")
    print_lines(fields(rows, indent="  "))
    return False


def winnable_text(winnable: bool | None) -> str:
    """yes, no, or unknown (a search stopped by --limit or --seconds)."""
    return {True: "yes", False: "no", None: "unknown"}[winnable]

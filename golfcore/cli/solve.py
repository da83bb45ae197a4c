"""``golf solve``: solve deals and positions: winnable or not, a winning line, the best result.

``golf solve CODE|FILE...`` solves each input exactly: a game code, a position file (the text
form or JSON, a saved game) or a black-hole-solver board, its format detected from its content;
``-`` reads stdin. For each it prints whether it is winnable, a winning line or the best result
the variant's scoring allows, and the positions searched (``--json``: one object a line). An
unwinnable deal is not an error; an input that cannot be read is reported on stderr and gives
exit status 1, after the other inputs are solved.

``--fair`` prints each input's *fair chance* instead (:mod:`golfcore.solitaire.search.fair`): the
chance of winning of a perfect player who cannot see the stock, exact, or a bracket of bounds
that hold it at 95 % when the exact search is capped, with the best move, the information states
searched and the time (``--json``: the :meth:`~golfcore.solitaire.search.fair.FairResult.to_json`
fields after ``input``, ``variant``, ``deal`` and ``format``). ``--limit`` caps its exact search
in information states, ``--seconds`` in seconds (and the bracket's sampling at as many again),
``--samples`` the orders the bracket samples; neither cap: :data:`FAIR_SECONDS` seconds.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from golfcore.cli.options import add_json_arguments, progress_wanted
from golfcore.cli.common import (FairSearching, add_number_argument, add_samples_argument,
                                 add_search_arguments, number_board,
                                 bilingual, bound_percent, board_game, chance_text, check_variant,
                                 fair_options, limits_text, read_checked_board, search_limits)
from golfcore.cli.output import (BAD_INPUT, OK, Searching, err, error_text, fields, out, plural,
                                 print_json, print_lines)
from golfcore.errors import GolfError

if TYPE_CHECKING:
    from golfcore.solitaire.search.boards import Board
    from golfcore.solitaire.search.fair import FairResult
    from golfcore.solitaire.rules import RuleSet
    from golfcore.solitaire.search.solver import SolveResult
    from golfcore.solitaire.state import GameState

#: The seconds ``golf solve --fair`` gives the exact search (and the bracket after it) when
#: neither ``--limit`` nor ``--seconds`` is given.
FAIR_SECONDS = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="*", metavar="CODE|FILE",
                        help="game codes (GO1-C-AAAAAAB), files or '-' for stdin: a position in "
                             "the text form, JSON (a position, a saved game, a summary), or "
                             "black-hole-solver's board (Talon:, Foundations:, 7 columns); the "
                             "format is detected from the content")
    parser.add_argument("--variant", metavar="V",
                        help="solve under this variant (possibly composed); default: the "
                             "variant the input names (a code's letter, a saved game's), else "
                             "app-facil")
    add_json_arguments(parser, "each input's result (one line each)")
    parser.add_argument("--best", action=argparse.BooleanOptionalAction, default=False,
                        help="after the verdict, also search the best result of a lost deal "
                             "(and the best win of stroke play); slower, often by far. Default: "
                             "the verdict only (winnable or not, with a winning line)")
    parser.add_argument("--fair", action="store_true",
                        help="print the fair chance instead: the chance of winning of a perfect "
                             "player who cannot see the stock (docs/fair.md), exact when the "
                             "exact search fits its budget, else a bracket (bounds that hold it "
                             "at 95 %%: what the search proved, and sampled bounds); with the "
                             "best move, the information states searched and the time. --limit "
                             "N caps the exact search at N information states, --seconds S at S "
                             "seconds (and the bracket's sampling at S more); "
                             f"neither: {FAIR_SECONDS:g} s, then at most {FAIR_SECONDS:g} s of "
                             "sampling. Not with --best")
    add_number_argument(parser, "an input (before the inputs given)")
    add_samples_argument(parser, "--fair")
    add_search_arguments(parser, "each input's search", fair="--fair")


def run(args: argparse.Namespace) -> int:
    """``golf solve CODE|FILE...``: solve each input; exit 1 when an input cannot be read."""
    from golfcore.solitaire.search.solver import solver_for

    if args.fair:
        return run_fair(args)
    if args.samples is not None:
        args.parser.error(bilingual(
            "--samples is the fair chance's bracket: give it with --fair",
            "--samples es la horquilla de la probabilidad justa: dalo con --fair"))
    limits = search_limits(args)
    check_variant(args.variant)                      # an unknown variant fails once, up front
    unread: list[str] = []
    first = True
    for source, what, board, rules, state in _inputs(args, unread):
        with Searching("solve", progress_wanted(args), what=what) as searching:
            result = solver_for(rules).solve(state.position, best=args.best,
                                             progress=searching.callback, **limits)
        first = _report(args, source, board, rules.name, result, limits, first)
    return BAD_INPUT if unread else OK


def _inputs(args: argparse.Namespace, unread: list[str],
            ) -> Iterator[tuple[str, str, Board, RuleSet, GameState]]:
    """Each input that can be read: (the input, how progress names it, its board, rule set and
    starting state). One that cannot is said on stderr and added to ``unread``; the others
    follow."""
    sources = list(args.inputs)
    if args.number is not None:
        sources.insert(0, f"deal {args.number}")
    if not sources:
        args.parser.error("give a game code, a file, '-' or --number N")
    for index, source in enumerate(sources, start=1):
        try:
            if index == 1 and args.number is not None:
                board = number_board(args.number, args.variant)
            else:
                board = read_checked_board(source, args.variant)
            rules, state = board_game(board, args.variant)
        except GolfError as exc:
            unread.append(source)
            err(error_text(str(exc)))
            continue
        what = source if len(sources) == 1 else f"{source} ({index} of {len(sources)})"
        yield source, what, board, rules, state


def run_fair(args: argparse.Namespace) -> int:
    """``golf solve --fair CODE|FILE...``: each input's fair chance; exit 1 when an input cannot
    be read (after the others)."""
    from golfcore.solitaire.search.fair import fair_chance

    if args.best:
        args.parser.error(bilingual(
            "--best is the solver's best result, which reads the stock's order: it cannot be "
            "given with --fair",
            "--best es el mejor resultado del solver, que lee el orden del mazo: no se puede "
            "dar con --fair"))
    options = fair_options(args, seconds=FAIR_SECONDS)
    check_variant(args.variant)
    unread: list[str] = []
    first = True
    for source, what, board, rules, state in _inputs(args, unread):
        with FairSearching("solve", progress_wanted(args), what=what,
                           samples=options["samples"]) as searching:
            result = fair_chance(rules, state.position, progress=searching.callback, **options)
        first = _report_fair(args, source, board, rules.name, result, options, first)
    return BAD_INPUT if unread else OK


def _states_parts(result: FairResult) -> str:
    """Why a bracket's states may pass ``--limit``: `` (3,000 by the exact search, stopped by
    its cap; 39,142 by the policy's moves on the sampled orders, which the cap does not
    bound)``."""
    if result.exact or result.exact_states is None:
        return ""
    sampling = result.states - result.exact_states
    cap = "stopped by its cap" if result.stopped == "states" else "stopped by its time"
    return (f" ({result.exact_states:,} by the exact search, {cap}; {sampling:,} by the "
            f"choices of the player who cannot see the stock on the sampled orders, which the "
            f"cap does not bound)")


def _report_fair(args: argparse.Namespace, source: str, board: Board, variant: str,
                 result: FairResult, options: dict[str, Any], first: bool) -> bool:
    """Print one input's fair chance; return whether the next one is still the first printed."""
    if args.json:
        data: dict[str, Any] = {"input": source, "variant": variant, "deal": board.deal,
                                "format": board.format}
        data.update(result.to_json())
        print_json(data, args.pretty)
        return first
    if not first:
        out()
    deal = f", deal {board.deal}" if board.deal is not None else ""
    best = str(result.best) if result.best is not None else "- (the game is over)"
    rows = [("fair chance", chance_text(result, options))]
    bracket = result.bracket
    if bracket is not None:
        side = f"holds at {100 * (1 - (1 - bracket.confidence) / 2):g} %"
        rows.append(("lower bound", f"{bound_percent(bracket.sampled_low, False)} "
                                    f"({bracket.policy_wins} of {bracket.samples} sampled orders "
                                    f"won by a player who cannot see the stock; {side})"))
        if bracket.clairvoyant_wins is not None:
            undecided = f", {bracket.undecided} undecided" if bracket.undecided else ""
            rows.append(("upper bound", f"{bound_percent(bracket.sampled_high, True)} "
                                        f"({bracket.clairvoyant_wins} of {bracket.samples} won "
                                        f"by a player who sees it{undecided}; {side})"))
        rows.append(("proved", f"{bound_percent(bracket.proved_low, False)} to "
                               f"{bound_percent(bracket.proved_high, True)} (by the exact "
                               f"search; certain)"))
        if result.best is not None:
            best += "   (the first move of that player, who never sees the stock)"
    rows += [("best move", best),
            ("searched", f"{result.states:,} information states in {result.seconds:.3f} s"
                         f"{_states_parts(result)}"),
            ("stock", f"{plural(result.unseen, 'card')} unseen")]
    out(f"{source}: {variant}{deal} ({board.format})")
    print_lines(fields(rows, indent="  "))
    return False


def _report(args: argparse.Namespace, source: str, board: Board, variant: str,
            result: SolveResult, limits: dict[str, Any], first: bool) -> bool:
    """Print one input's result; return whether the next one is still the first printed."""
    from golfcore.solitaire.search.analysis import best_text

    best_known = result.winnable is True or (args.best and result.complete)
    if args.json:
        data: dict[str, Any] = {"input": source, "variant": variant, "deal": board.deal,
                                "format": board.format}
        data.update(result.to_json())
        if not best_known:
            data["best"] = None
        print_json(data, args.pretty)
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

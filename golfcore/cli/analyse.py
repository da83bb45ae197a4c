"""``golf analyse`` (or ``analyze``): replay a game and show where the win was lost.

``golf analyse CODE|FILE MOVE...`` replays the moves of a game (as ``golf play`` reads them,
``undo`` excepted) and, before the first move and after each one, asks the solver whether the
deal can still be won and what the best result still reachable is; then it names the first move
after which the deal could no longer be won. A refused move stops with an error (exit status 1)
before any search.

``--fair`` judges the game by the *fair chance* instead
(:mod:`golfcore.solitaire.search.fair_analysis`): the chance of winning of a perfect player who
cannot see the stock, after each move, and for each move what it gave away against the best
action where it was chosen; then the moves that lost the most. ``--limit`` and ``--seconds`` then
cap each exact search (default :data:`FAIR_STATES` information states), after which the position
gets a bracket from ``--samples`` orders.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from golfcore.cli import cardcodes
from golfcore.cli.cardcodes import is_card_code
from golfcore.cli.options import add_json_arguments, progress_wanted
from golfcore.cli.common import (FairSearching, add_number_argument, add_samples_argument,
                                 add_search_arguments, number_board,
                                 bilingual, board_game, check_move, check_variant, fair_options,
                                 bound_percent, percent, read_checked_board, refusal_text,
                                 search_limits)
from golfcore.cli.output import (OK, Searching, error, out, print_json, print_lines, table,
                                 value_range)
from golfcore.cli.solve import winnable_text

if TYPE_CHECKING:
    from golfcore.solitaire.search.analysis import AnalysisError
    from golfcore.solitaire.search.boards import Board
    from golfcore.solitaire.rules import RuleSet
    from golfcore.solitaire.state import GameState

#: The information states ``golf analyse --fair`` gives each exact search when neither
#: ``--limit`` nor ``--seconds`` is given (a cap in states, not seconds: the same analysis gives
#: the same answer on any machine).
FAIR_STATES = 50_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="CODE|FILE", nargs="?",
                        help="a game code, or a file or '-' as golf solve reads them; or a "
                             "card-game code GC1-.../GK1-... followed by the match's actions "
                             "(draw, take, 'replace 5', 'discard 2', 'reveal 1', next): the "
                             "match replayed with each round's points")
    parser.add_argument("moves", nargs="*", metavar="MOVE",
                        help="the moves of the game in order, as golf play reads them: a column "
                             "'5', a touch '1.4', 'draw', or a card '9C' / '9 de tréboles' "
                             "('undo' is refused: give the moves the game kept)")
    parser.add_argument("--variant", metavar="V",
                        help="replay under this variant; default: the variant the input names, "
                             "else app-facil")
    add_json_arguments(parser, "the analysis")
    parser.add_argument("--fair", action="store_true",
                        help="judge the game by the fair chance instead (the chance of winning "
                             "of a perfect player who cannot see the stock, docs/fair.md): the "
                             "chance after each move, what each move lost against the best "
                             "action where it was chosen (a draw counts at its average over the "
                             "cards it may turn up: luck is not a loss), and the moves that lost "
                             "the most. Each position is searched exactly up to --limit N "
                             f"information states (default {FAIR_STATES:,}) or --seconds S, "
                             "else bracketed from --samples orders (for at most S seconds more): "
                             "the table shows a bracket as LOW to HIGH (it holds the chance at "
                             "95 %%, a loss at 90 %%). A whole deal takes minutes: few positions "
                             "are exact before some 10 cards are left in the stock")
    add_number_argument(parser, "CODE|FILE (then every argument is a move)")
    add_samples_argument(parser, "a position (with --fair)")
    add_search_arguments(parser, "the whole analysis's searches (without --fair)",
                         fair="--fair (for each position)")


def run(args: argparse.Namespace) -> int:
    """``golf analyse CODE|FILE MOVE...``: where the game lost the win."""
    from golfcore.solitaire.search.analysis import AnalysisError, analyse, best_text

    if args.number is not None:                     # golf analyse -n 5 draw 4: moves only
        args.moves = ([] if args.input is None else [args.input]) + list(args.moves)
        args.input = f"deal {args.number}"
    elif args.input is None:
        args.parser.error("give a game code, a file, '-' or --number N")
    elif is_card_code(args.input):
        return cardcodes.run_analyse(args)
    if args.fair:
        return run_fair(args)
    if args.samples is not None:
        args.parser.error(bilingual("--samples is the bracket of --fair: give it with --fair",
                                    "--samples es la horquilla de --fair: dalo con --fair"))
    limits = search_limits(args)
    board, rules, state = _start(args)
    try:
        with Searching("analyse", progress_wanted(args), what=args.input) as searching:
            report = analyse(rules, state, args.moves, progress=searching.callback, **limits)
    except AnalysisError as exc:
        return refused(exc)
    if args.json:
        return _print_json(args, board, report.to_json())
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


def _print_json(args: argparse.Namespace, board: Board, report: dict[str, Any]) -> int:
    """The report as one JSON object, after the input and its deal number."""
    data: dict[str, Any] = {"input": args.input, "deal": board.deal}
    data.update(report)
    print_json(data, args.pretty)
    return OK


def _start(args: argparse.Namespace) -> tuple[Board, RuleSet, GameState]:
    """The game to replay, once the variant and every move are checked (before anything is read
    or searched)."""
    check_variant(args.variant)
    for index, text in enumerate(args.moves, start=1):
        check_move(text, index)
    board = (number_board(args.number, args.variant) if args.number is not None
             else read_checked_board(args.input, args.variant))
    rules, state = board_game(board, args.variant)
    return board, rules, state


def refused(exc: AnalysisError) -> int:
    """A move that cannot be replayed, in English and Spanish (as ``golf play`` shows a refused
    move, :func:`~golfcore.cli.common.refusal_text`): exit status 1."""
    if exc.reason not in ("not-a-move", "undo"):    # the rules refused it
        return error(refusal_text(exc.index, exc.move, exc.card, exc.reason, exc.messages))
    text = bilingual(str(exc), exc.messages.get("es", str(exc)))
    if exc.messages.get("en", str(exc)) != str(exc):
        text += f"\n  en: {exc.messages['en']}"
    return error(text)


def run_fair(args: argparse.Namespace) -> int:
    """``golf analyse --fair CODE|FILE MOVE...``: the fair chance after each move, and the moves
    that lost the most of it."""
    from golfcore.solitaire.search.analysis import AnalysisError
    from golfcore.solitaire.search.fair_analysis import fair_analyse

    options = fair_options(args, states=FAIR_STATES)
    board, rules, state = _start(args)
    try:
        with FairSearching("analyse", progress_wanted(args), what=args.input,
                           samples=options["samples"]) as searching:
            def progress(step: int, steps: int, at: Any) -> None:
                searching.step = f"(position {step + 1} of {steps})"
                if at is not None:
                    searching.report(at)

            report = fair_analyse(rules, state, args.moves, states=options["states"],
                                  seconds=options["seconds"], samples=options["samples"],
                                  progress=progress if searching.enabled else None)
    except AnalysisError as exc:
        return refused(exc)
    if args.json:
        return _print_json(args, board, report.to_json())
    deal = f", deal {board.deal}" if board.deal is not None else ""
    out(f"{args.input}: {rules.name}{deal}; the fair chance, for a player who cannot see the "
        f"stock")
    rows = [("step", "move", "action", "chance after", "best", "chosen", "lost")]
    for step in report.steps:
        if step.index == 0:
            rows.append(("0", "-", "start", _shown(step.chance), "", "", ""))
            continue
        action = f"drew {step.card}" if step.played == "draw" else f"played {step.card}"
        best = str(step.best) if step.best is not None else "-"
        rows.append((str(step.index), step.move or "-", action, _shown(step.chance), best,
                     _shown(step.chosen), _shown(step.loss)))
    print_lines(table(rows, indent="  "))
    if not report.exact:
        out("  LOW to HIGH: a bracket (the exact search was capped): it holds the chance at 95 %, "
            "a loss at 90 %; --json says what each is made of")
    for line in verdict_lines(report):
        out(line)
    return OK


def _shown(chance: Any) -> str:
    """A chance in the table: ``50.0 %``, or a bracket ``2.2 to 61.2 %`` (rounded outward; a
    loss's may start below 0: ``-0.9 to 6.5 %``)."""
    if chance is None:
        return "-"
    if chance.exact:
        return percent(chance.low)
    return value_range(bound_percent(chance.low, False).removesuffix(" %"),
                       bound_percent(chance.high, True))


def verdict_lines(report: Any) -> list[str]:
    """The moves that lost the most of the fair chance, for people."""
    mistakes = report.mistakes
    if not mistakes:
        if len(report.steps) == 1:
            return ["no move to judge"]
        if report.exact:
            return ["no move lost any of the fair chance"]
        return ["no move is shown to have lost any of the fair chance: where a bracket "
                "stands, the loss it allows starts at 0"]
    lines = ["the moves that lost the most of the fair chance:"]
    for step in mistakes:
        how = "" if step.loss.exact else " (a bracket: it holds at 90 %)"
        lines.append(f"  move {step.index} ({step.move}): lost {_shown(step.loss)}{how}"
                     f": {step.best} was worth {_shown(step.best_chance)}, "
                     f"{step.played} {_shown(step.chosen)}")
    return lines

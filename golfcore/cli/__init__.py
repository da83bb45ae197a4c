"""The ``golf`` command: look at variants, deal numbered games, play from the shell.

Every subcommand is one function ``cmd_<name>(args) -> int`` plus one function that declares
its arguments, registered in :data:`COMMANDS`; adding ``golf conform`` or ``golf solve`` means
writing those two functions and adding one line to the table.

Conventions, the same for every subcommand:

* results go to stdout, errors to stderr;
* exit status 0 on success, 1 for bad input (a malformed code, an unknown variant, a refused
  move: printed as ``golf: error: <message>``), 2 for a usage error (argparse's own message);
* ``--help`` works at every level, ``golf --version`` prints golfcore's version;
* ``--json`` prints machine-readable output (``ensure_ascii=False``: Spanish text stays as is).

:func:`main` never raises ``SystemExit``: it returns the exit status, so tests and other Python
code can call ``main([...])`` directly; the console script ``golf`` passes it to ``sys.exit``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import golfcore
from golfcore.cards import Card
from golfcore.codes import parse_code
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.errors import CardError, GolfError
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move, MoveError
from golfcore.notation import parse_card
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.scoring import RESULT, Score
from golfcore.framework.compose import diff, find_variant
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant

PROG = "golf"

#: Move words ``golf play`` reads as undo (everything else goes to :meth:`Game.play`).
UNDO_WORDS = ("undo", "deshacer")


# -- output helpers ------------------------------------------------------------------------------


def _out(text: str = "") -> None:
    print(text, file=sys.stdout)


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _error(message: str) -> int:
    _err(f"{PROG}: error: {message}")
    return 1


def _json(data: Any) -> None:
    _out(json.dumps(data, ensure_ascii=False, indent=2))


def _widths(rows: Sequence[Sequence[str]]) -> list[int]:
    if not rows:
        return []
    return [max(len(row[i]) for row in rows if len(row) > i)
            for i in range(max(len(row) for row in rows))]


def _table(rows: Sequence[Sequence[str]], indent: str = "",
           widths: Sequence[int] | None = None) -> list[str]:
    """Rows of cells as aligned lines; the last cell is never padded. ``widths`` lets several
    tables share one alignment."""
    if not rows:
        return []
    widths = widths or _widths(rows)
    lines = []
    for row in rows:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(row[:-1])] + [row[-1]]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def _letters(variant: Variant) -> str:
    if variant.is_composed:
        return "- (a composed variant has no code letter)"
    if not variant.letter and not variant.legacy_letters:
        return "-"
    text = variant.letter or "-"
    if variant.legacy_letters:
        text += f" (legacy {', '.join(variant.legacy_letters)})"
    return text


# -- golf variants -------------------------------------------------------------------------------


def _variant_json(variant: Variant) -> dict[str, Any]:
    rules = RuleSet(variant)
    return {
        "name": variant.name,
        "title": variant.title,
        "letter": variant.letter,
        "legacy_letters": list(variant.legacy_letters),
        "aliases": list(variant.aliases),
        "origin": variant.origin,
        "composed": variant.is_composed,
        "summary": variant.summary,
        "rule_ids": list(variant.rule_ids),
        "options": dict(rules.options),
        "rules": [
            {"slot": slot, "rule": rules.rules[slot], "label": label, "summary": summary,
             "rule_ids": list(ids)}
            for slot, label, summary, ids in rules.describe()
        ],
    }


def _rule_rows(variant: Variant) -> list[tuple[str, str, str, str]]:
    return [(slot, label, summary, f"[{' '.join(ids)}]" if ids else "")
            for slot, label, summary, ids in RuleSet(variant).describe()]


def _variant_text(variant: Variant, widths: Sequence[int] | None = None) -> list[str]:
    head = [variant.name, f"letter {_letters(variant)}", variant.title,
            f"from {variant.origin or '?'}"]
    lines = ["   ".join(head)]
    if variant.summary and not variant.is_composed:
        lines.append(f"  {variant.summary}")
    if variant.aliases:
        lines.append(f"  also called: {', '.join(variant.aliases)}")
    lines += _table(_rule_rows(variant), indent="    ", widths=widths)
    return lines


def _variants_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--diff", nargs=2, metavar=("A", "B"),
                       help="show, slot by slot, where variant A and variant B differ "
                            "(composed variants such as cards4+jokers=2 are accepted)")
    which.add_argument("--show", metavar="V",
                       help="show one variant, which may be composed (traditional+draw-any-time)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def cmd_variants(args: argparse.Namespace) -> int:
    """``golf variants [--json]``, ``golf variants --show V``, ``golf variants --diff A B``."""
    if args.diff:
        left, right = (find_variant(name) for name in args.diff)
        differences = diff(left, right)
        if args.json:
            _json({"left": left.name, "right": right.name,
                   "differences": [{"slot": d.slot, "left": d.left, "right": d.right,
                                    "rule_ids": list(d.rule_ids)} for d in differences]})
            return 0
        if not differences:
            _out(f"{left.name} and {right.name}: no differences")
            return 0
        count = len(differences)
        _out(f"{left.name} and {right.name}: {count} difference{'s' if count != 1 else ''}")
        rows = [("slot", left.name, right.name, "rules")]
        rows += [(d.slot, d.left, d.right, " ".join(d.rule_ids)) for d in differences]
        for line in _table(rows, indent="  "):
            _out(line)
        return 0
    if args.show:
        variant = find_variant(args.show)
        if args.json:
            _json(_variant_json(variant))
        else:
            for line in _variant_text(variant):
                _out(line)
        return 0
    found = list(registry())
    if args.json:
        _json([_variant_json(v) for v in found])
        return 0
    rows = [("name", "letter", "title", "from")]
    rows += [(v.name, _letters(v), v.title, v.origin or "?") for v in found]
    for line in _table(rows):
        _out(line)
    widths = _widths([row for v in found for row in _rule_rows(v)])
    for variant in found:
        _out()
        for line in _variant_text(variant, widths):
            _out(line)
    return 0


# -- golf deal -----------------------------------------------------------------------------------


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--number", "-n", type=int, metavar="N",
                        help=f"deal number N (1 to {MAX_DEAL}) instead of a game code")
    parser.add_argument("--variant", metavar="V",
                        help="variant to play, possibly composed (cards4+jokers=2); with a code "
                             "it replaces the code's letter; with --number the default is "
                             "app-facil")


def _game(code: str | None, number: int | None, variant: str | None,
          parser: argparse.ArgumentParser) -> Game:
    """The game a subcommand was asked for: a code, or a number (and variant)."""
    if code is not None and number is not None:
        parser.error("give either a game code or --number, not both")
    if code is None and number is None:
        parser.error("give a game code (such as GO1-C-AAAAAAB) or --number N")
    if code is not None:
        if variant is not None:
            return Game(find_variant(variant), deal=parse_code(code).number)
        return Game.from_code(code)
    return Game(find_variant(variant or "app-facil"), deal=number)


def _header(game: Game) -> list[tuple[str, str]]:
    variant = game.variant
    return [("code", game.code or "- (a composed variant has no code letter)"),
            ("variant", f"{variant.name} ({variant.title})"),
            ("deal", str(game.deal))]


def _cards(cards: Sequence[Card], style: Callable[[Card], str], sep: str = " ") -> str:
    return sep.join(style(c) for c in cards) if cards else "-"


def _layout(position: Position, style: Callable[[Card], str]) -> list[str]:
    """:meth:`Position.to_text`'s form, with cards written in ``style``."""
    lines = [f"stock: {_cards(position.stock, style)}", f"waste: {_cards(position.waste, style)}"]
    lines += [f"{i}: {_cards(c, style)}" for i, c in enumerate(position.columns, start=1)]
    return lines


def _spanish(game: Game) -> list[str]:
    """The documents' way of listing a layout, one column a line."""
    position = game.position
    waste = position.waste_top.spanish() if position.waste_top else "vacío"
    lines = [f"Código: {game.code or '- (variante compuesta, sin letra)'}; "
             f"variante: {game.variant.name}; reparto {game.deal}.",
             f"Mazo: {len(position.stock)} cartas; descarte: {waste}."]
    if position.stock:
        lines.append(f"Orden del mazo: {_cards(position.stock, Card.spanish, ', ')}.")
    for i, column in enumerate(position.columns, start=1):
        if column:
            lines.append(f"Columna {i}: {_cards(column, Card.spanish, ', ')} "
                         f"(libre: {column[-1].spanish()})")
        else:
            lines.append(f"Columna {i}: vacía")
    return lines


def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", metavar="CODE",
                        help="a game code such as GO1-C-AAAAAAB (the letter names the variant)")
    _add_game_arguments(parser)
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


def cmd_deal(args: argparse.Namespace) -> int:
    """``golf deal CODE`` or ``golf deal --number N --variant V``: the starting layout;
    ``--winnable``: the first deal from there that the solver proves winnable."""
    line: tuple[Move, ...] | None = None
    first = None
    if args.winnable:
        game, line, first = _winnable_game(args)
    else:
        game = _game(args.code, args.number, args.variant, args.parser)
    if args.format == "json":
        summary = game.summary()
        if line is not None:
            summary["winning_line"] = [str(m) for m in line]
            summary["searched_from"] = first
        _json(summary)
        return 0
    if args.format == "spanish":
        for text in _spanish(game):
            _out(text)
        if line is not None:
            moves = " ".join("robar" if m.is_draw else str(m) for m in line)
            _out(f"Jugadas ganadoras: {moves}.")
        return 0
    style = Card.unicode if args.format == "unicode" else Card.__str__
    for key, value in _header(game):
        _out(f"# {key}: {value}")
    if line is not None and first is not None:
        skipped = game.deal - first if game.deal is not None else 0
        _out(f"# winnable: the first deal from {first} the solver proves winnable "
             f"({skipped} skipped)")
    for text in _layout(game.position, style):
        _out(text)
    if line is not None:
        _out(f"# winning line: {' '.join(map(str, line))}")
    return 0


def _winnable_game(args: argparse.Namespace) -> tuple[Game, tuple[Move, ...], int]:
    """The first deal from the requested one that the solver proves winnable."""
    from golfcore.solitaire.solver import solver_for

    if args.code is not None and args.number is not None:
        args.parser.error("give either a game code or --number, not both")
    if args.code is not None:
        start = _game(args.code, None, args.variant, args.parser)
        variant, number = start.variant.name, start.deal or 1
    else:
        variant, number = args.variant or "app-facil", 1 if args.number is None else args.number
    rules = rule_set(variant)
    solver = solver_for(rules)
    first = number
    while True:
        game = Game(rules, deal=number)              # checks the number's range
        result = solver.solve(game.position, best=False)
        if result.winnable:
            return game, result.line, first
        if number >= MAX_DEAL:
            raise GolfError(f"no deal from {first} to {MAX_DEAL} is winnable under {variant}")
        number += 1


# -- golf play -----------------------------------------------------------------------------------


def _check_move(text: str, index: int) -> None:
    """Fail before anything is applied when a move text cannot mean anything."""
    if text.strip().lower() in UNDO_WORDS:
        return
    try:
        Move.parse(text)
    except MoveError:
        try:
            parse_card(text)
        except CardError:
            raise GolfError(f"move {index} {text!r} is not a move: expected a column number "
                            f"such as '5', a column and row such as '1.4', 'draw', 'undo', or "
                            f"a card such as '9C' or '9 de tréboles'") from None


def _step_json(text: str, result: golfcore.ActionResult) -> dict[str, Any]:
    return {
        "move": text,
        "accepted": result.accepted,
        "action": result.action,
        "played": str(result.move) if result.move is not None else None,
        "card": str(result.card) if result.card is not None else None,
        "reason": result.reason,
        "messages": dict(result.messages) if not result.accepted else {},
    }


def _step_text(text: str, result: golfcore.ActionResult) -> str:
    if result.action == "undo":
        return f"{text}: took back the last action"
    if result.action == "draw":
        return f"{text}: drew {result.card}"
    return f"{text}: played {result.card} from column {result.move.column if result.move else '?'}"


def _score_text(score: Score | None) -> str:
    if score is None:
        return "none"
    if score.kind == RESULT:
        return "won or lost only (this variant keeps no points)"
    if score.value is None:
        return f"no {score.kind} yet"
    return str(score)


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("items", nargs="*", metavar="CODE|MOVE",
                        help="a game code (unless --number is given), then the moves in order: "
                             "a column '5', a touch '1.4' (column 1, row 4), 'draw', 'undo', or "
                             "a card '9C' / '9♣' / '9 de tréboles'")
    _add_game_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the game's summary plus each step's result as JSON")
    parser.add_argument("--hint-strategy", choices=("legal", "solver"), default=None,
                        help="how the summary's hint is chosen: legal (the default: a legal "
                             "move, no promise of a win) or solver (a move that keeps a win "
                             "possible, else one toward the best result); with --json the "
                             "summary then gets a 'hint' field")


def cmd_play(args: argparse.Namespace) -> int:
    """``golf play CODE MOVE...`` or ``golf play --number N --variant V MOVE...``."""
    items = list(args.items)
    code = None
    if args.number is None:
        if not items:
            args.parser.error("give a game code (such as GO1-C-AAAAAAB) or --number N")
        code = items.pop(0)
    game = _game(code, args.number, args.variant, args.parser)
    for index, text in enumerate(items, start=1):
        _check_move(text, index)
    steps: list[tuple[str, golfcore.ActionResult]] = []
    refused = None
    for index, text in enumerate(items, start=1):
        if text.strip().lower() in UNDO_WORDS:
            result = game.undo()
        else:
            result = game.play(text)
        steps.append((text, result))
        if not result.accepted:
            refused = (index, text, result)
            break
    summary = game.summary()
    strategy = args.hint_strategy or "legal"
    if args.json:
        summary["steps"] = [_step_json(text, result) for text, result in steps]
        if args.hint_strategy is not None:
            hint = game.hint(strategy)
            summary["hint"] = str(hint) if hint is not None else None
            summary["hint_strategy"] = strategy
        _json(summary)
    else:
        for index, (text, result) in enumerate(steps, start=1):
            if result.accepted:
                _out(f"{index}. {_step_text(text, result)}")
        free = " ".join(c or "-" for c in summary["free"])
        rows = _header(game)[:2] + [
            ("status", summary["status"]),
            ("waste", summary["waste"] or "- (empty)"),
            ("stock", f"{summary['stock']} cards"),
            ("tableau", f"{summary['tableau']} cards"),
            ("free", f"{free}   (columns 1-7)"),
            ("score", _score_text(game.score)),
            ("moves", str(summary["moves"])),
            ("legal", " ".join(summary["legal"]) or "none")]
        hint = game.hint(strategy)
        if hint is not None:
            rows.append(("hint", str(hint)))
        if "messages" in summary:
            rows.append(("message", f"{summary['messages']['es']} / {summary['messages']['en']}"))
        for line in _table([(f"{k}:", v) for k, v in rows]):
            _out(line)
    if refused is not None:
        index, text, result = refused
        card = (f" ({result.card})" if result.card is not None and str(result.card) != text
                else "")
        _err(f"{PROG}: error: move {index} {text!r}{card} refused: {result.reason}\n"
             f"  es: {result.messages.get('es', result.reason)}\n"
             f"  en: {result.messages.get('en', result.reason)}")
        return 1
    return 0


# -- the command table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one line of help, its arguments and the function it runs."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""
    aliases: tuple[str, ...] = ()


# -- golf conform ----------------------------------------------------------------------------


def _conform_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="spec files or folders (default: the suite shipped with golfcore)")
    parser.add_argument("--variant", action="append", metavar="V",
                        help="run only under this variant (repeatable; composed strings work)")
    parser.add_argument("--program", metavar="CMD",
                        help="run against another engine that speaks the protocol "
                             "(e.g. 'golf serve'); default: golfcore in process")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help="seconds to wait for each reply of --program (default 10)")
    parser.add_argument("--coverage", action="store_true",
                        help="also list the APP and C4 rule ids that no case checks "
                             "(exit 1 if any)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def cmd_conform(args: argparse.Namespace) -> int:
    from golfcore.conformance import runner as conform
    from golfcore.conformance.specfile import default_paths

    paths = args.paths or default_paths()
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        return _error(f"no such spec file or folder: {', '.join(map(str, missing))}")
    engine = (conform.ProgramEngine(args.program, args.timeout) if args.program
              else conform.InProcessEngine())
    try:
        report = conform.run(paths, engine, args.variant)
    finally:
        engine.close()
    uncovered = conform.uncovered(report) if args.coverage else []
    if args.json:
        data = report.to_json()
        if args.coverage:
            data["uncovered"] = uncovered
        _json(data)
    else:
        _out(conform.format_report(report))
        if args.coverage:
            _out("")
            _out("rule ids with no case: " + (", ".join(uncovered) if uncovered else "none"))
    return 0 if report.ok and not uncovered else 1


# -- golf serve ------------------------------------------------------------------------------


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def cmd_serve(args: argparse.Namespace) -> int:
    from golfcore.protocol.server import serve

    return serve(sys.stdin, sys.stdout)

# -- golf solve ------------------------------------------------------------------------------


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
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


def _board_game(board: "Any", variant: str | None) -> tuple[RuleSet, "golfcore.GameState"]:
    """The rule set and starting state of a board (read with ``read_board(source, variant)``,
    which deals a code under ``variant``): --variant, else the board's, else app-facil. The
    position is checked against that variant's deck."""
    from golfcore.solitaire import engine

    rules = rule_set(variant or board.variant or "app-facil")
    try:
        return rules, engine.start_position(rules, board.position)
    except GolfError as exc:
        raise type(exc)(f"{board.source}: {exc}") from None


def _winnable_text(winnable: bool | None) -> str:
    return {True: "yes", False: "no", None: "unknown"}[winnable]


def cmd_solve(args: argparse.Namespace) -> int:
    """``golf solve CODE|FILE...``: solve each input; exit 1 when an input cannot be read."""
    from golfcore.solitaire.analysis import best_text
    from golfcore.solitaire.boards import read_board
    from golfcore.solitaire.solver import solver_for

    if args.limit is not None and args.limit < 1:
        args.parser.error("--limit must be 1 or more")
    if args.variant is not None:
        find_variant(args.variant)                   # an unknown variant fails once, up front
    status = 0
    first = True
    for source in args.inputs:
        try:
            board = read_board(source, args.variant)
            rules, state = _board_game(board, args.variant)
        except GolfError as exc:
            status = 1
            _err(f"{PROG}: error: {exc}")
            continue
        result = solver_for(rules).solve(state.position, best=args.best, limit=args.limit)
        best_known = result.winnable is True or (args.best and result.complete)
        if args.json:
            data: dict[str, Any] = {"input": source, "variant": rules.name, "deal": board.deal,
                                    "format": board.format}
            data.update(result.to_json())
            if not best_known:
                data["best"] = None
            _out(json.dumps(data, ensure_ascii=False))
            continue
        if not first:
            _out()
        first = False
        deal = f", deal {board.deal}" if board.deal is not None else ""
        rows = [("winnable", _winnable_text(result.winnable)
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
        _out(f"{source}: {rules.name}{deal} ({board.format})")
        for line in _table([(f"{k}:", v) for k, v in rows], indent="  "):
            _out(line)
    return status


# -- golf analyse ----------------------------------------------------------------------------


def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
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


def cmd_analyse(args: argparse.Namespace) -> int:
    """``golf analyse CODE|FILE MOVE...``: where the game lost the win."""
    from golfcore.solitaire.analysis import analyse, best_text
    from golfcore.solitaire.boards import read_board

    board = read_board(args.input, args.variant)
    rules, state = _board_game(board, args.variant)
    report = analyse(rules, state, args.moves)
    if args.json:
        data = {"input": args.input, "deal": board.deal}
        data.update(report.to_json())
        _json(data)
        return 0
    deal = f", deal {board.deal}" if board.deal is not None else ""
    _out(f"{args.input}: {rules.name}{deal}")
    rows = [("step", "move", "action", "winnable", "best result still reachable")]
    for step in report.steps:
        if step.index == 0:
            move, action = "-", "start"
        else:
            move = step.move or "-"
            action = f"drew {step.card}" if step.played == "draw" else f"played {step.card}"
        rows.append((str(step.index), move, action, "yes" if step.winnable else "no",
                     best_text(step.best_removed, step.best_score, step.best_outcome)))
    for line in _table(rows, indent="  "):
        _out(line)
    _out(report.verdict_text())
    return 0


# -- golf survey (golfcore/survey.py) --------------------------------------------------------


def _survey_module() -> Any:
    try:
        from golfcore.solitaire import survey
    except ImportError as exc:  # survey.py is written separately; the CLI works without it
        if getattr(exc, "name", None) not in ("golfcore.solitaire.survey", None):
            raise
        return None
    return survey


def _survey_arguments(parser: argparse.ArgumentParser) -> None:
    survey = _survey_module()
    if survey is not None:
        survey.add_arguments(parser)
    else:
        parser.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


def cmd_survey(args: argparse.Namespace) -> int:
    survey = _survey_module()
    if survey is None:
        return _error("golf survey is not available: golfcore.solitaire.survey is not installed")
    return survey.run_command(args)


COMMANDS: tuple[Command, ...] = (
    Command("variants", "list the installed variants, show one, or compare two",
            _variants_arguments, cmd_variants,
            "List every installed variant (built-in and third-party) with its code letter and "
            "its rules slot by slot; --show V shows one variant, --diff A B compares two. "
            "Variants may be composed: cards4+jokers=2, traditional+draw-any-time."),
    Command("deal", "print the starting layout of a deal",
            _deal_arguments, cmd_deal,
            "Print the starting layout of a game code (GO1-C-AAAAAAB) or of deal --number N "
            "under --variant V. Deal N of a 52-card variant is PySolFC's Golf deal N."),
    Command("play", "play moves from the shell and print where the game stands",
            _play_arguments, cmd_play,
            "Apply moves in order to a game and print the result. A refused move prints its "
            "reason code and messages and stops (exit status 1)."),
    Command("conform", "run the conformance specs and print the rules x variants matrix",
            _conform_arguments, cmd_conform,
            "Run the YAML conformance specs against golfcore, or against any engine that "
            "speaks the JSON-lines protocol (--program), under every variant each case applies "
            "to. Prints a matrix of rule ids x variants and every failure with file, line, "
            "step, expected and actual; exit status 1 on any failure or spec error."),
    Command("serve", "speak the JSON-lines protocol on stdin/stdout",
            _serve_arguments, cmd_serve,
            "Embed the engine: read one JSON request per line on stdin, write one JSON reply "
            "per line on stdout, until 'quit' or end of input. See docs/protocol.md."),
    Command("solve", "solve deals and positions: winnable or not, a winning line, the best result",
            _solve_arguments, cmd_solve,
            "Solve each input exactly: a game code, a position file (text form or JSON, a saved "
            "game) or a black-hole-solver board, detected from its content; '-' reads stdin. "
            "Prints whether it is winnable, a winning line or the best result the variant's "
            "scoring allows, and the positions searched. An unwinnable deal is not an error; "
            "an input that cannot be read is reported on stderr and gives exit status 1, after "
            "the other inputs."),
    Command("analyse", "replay a game and show where the win was lost",
            _analyse_arguments, cmd_analyse,
            "Replay the moves of a game and, before the first move and after each one, ask the "
            "solver whether the deal can still be won and what the best result still reachable "
            "is; then name the first move after which the deal could no longer be won. A "
            "refused move stops with an error (exit status 1) before any search.",
            aliases=("analyze",)),
    Command("survey", "the share of deals winnable under each variant, by the solver",
            _survey_arguments, cmd_survey,
            "Solve every deal of a range under one or more variants and report, per variant, "
            "the share winnable with a confidence interval, and the deals winnable under one "
            "variant and lost under another (golfcore.solitaire.survey; see docs/survey.md)."),
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="golfcore: the reference rules engine for Golf solitaire.",
        epilog="Run 'golf COMMAND --help' for a command's options.")
    parser.add_argument("--version", action="version",
                        version=f"{PROG} (golfcore) {golfcore.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, aliases=list(command.aliases),
                           description=command.description or command.help)
        command.arguments(p)
        p.set_defaults(run=command.run, parser=p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``golf`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except SystemExit as exc:  # --help, --version, usage errors: argparse exits; we return
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        _err(str(code))
        return 1
    except GolfError as exc:
        return _error(str(exc))
    except BrokenPipeError:  # golf variants | head
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

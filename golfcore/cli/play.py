"""``golf play``: apply moves to a game from the shell and print where the game stands; with
no moves in a terminal, play the solitaire or the card game full screen
(:mod:`golfcore.terminal.launch`, ``docs/terminal.md``).

``golf play CODE MOVE...`` or ``golf play --number N --variant V MOVE...``. A move is a column
(``5``), a touch (``1.4``), ``draw``, ``redeal`` (a variant with passes through the stock),
``undo`` or a card (``9C``, ``9 de tréboles``); every move
text is checked before any is applied. A refused move prints its reason code and messages on
stderr and stops (exit status 1). ``--json`` prints ``Game.summary()`` plus each step's result.
``--hint-strategy NAME`` names a hint strategy of :mod:`golfcore.solitaire.hints` (``legal``,
``solver``, ``fair``: the move that maximises the fair chance of a player who cannot see the
stock, shown beside it, exact or a bracket).
"""

from __future__ import annotations

import argparse
from typing import Any

from golfcore.cli.options import add_json_arguments, progress_wanted
from golfcore.cli.common import (FairSearching, add_game_arguments, add_search_arguments,
                                 bilingual, chance_text, check_move, game_header,
                                 make_game, refusal_text, search_limits)
from golfcore.cli.output import (BAD_INPUT, OK, err, error_text, fields, out,
                                 print_json, print_lines)
from golfcore.solitaire import hints
from golfcore.terminal import launch
from golfcore.solitaire.game import Game
from golfcore.solitaire.engine import ActionResult
from golfcore.solitaire.hints import Hint
from golfcore.solitaire.scoring import RESULT, Score


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("items", nargs="*", metavar="CODE|MOVE",
                        help="a game code (unless --number is given), then the moves in order: "
                             "a column '5', a touch '1.4' (column 1, row 4), 'draw', 'redeal', "
                             "'undo', or "
                             "a card '9C' / '9♣' / '9 de tréboles'")
    add_game_arguments(parser)
    add_json_arguments(parser, "the game's summary plus each step's result")
    strategies = _strategies_help()        # loads them: one left out is not a choice
    parser.add_argument("--hint-strategy", choices=hints.hint_names(), default=None,
                        help="how the summary's hint is chosen: " + strategies
                             + "; with --json the summary then gets a 'hint' field (and "
                               "'hint_chance' for a strategy that shows a chance)")
    add_search_arguments(parser, "the solver's hint search", fair="--hint-strategy fair")
    launch.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """``golf play CODE MOVE...`` or ``golf play --number N --variant V MOVE...``; with no
    moves in a terminal (or ``--interactive``), the full-screen game (:mod:`golfcore.terminal`)."""
    moves = args.items if args.number is not None else args.items[1:]
    if launch.wanted(args, moves):
        return launch.run(args)
    items = list(args.items)
    code = None
    if args.number is None:
        if not items:
            args.parser.error("give a game code (such as GO1-C-AAAAAAB) or --number N")
        code = items.pop(0)
    limits = search_limits(args)
    if limits and not hints.is_search(args.hint_strategy):
        args.parser.error(bilingual(
            "--limit and --seconds bound the solver's or the fair hint: give them with "
            "--hint-strategy solver or fair", "--limit y --seconds limitan la pista del solver "
            "o la justa: dalos con --hint-strategy solver o fair"))
    game = make_game(code, args.number, args.variant, args.parser)
    targets = [check_move(text, index) for index, text in enumerate(items, start=1)]
    steps: list[tuple[str, ActionResult]] = []
    refused = None
    for index, (text, target) in enumerate(zip(items, targets), start=1):
        result = game.undo() if target is None else game.play(target)
        steps.append((text, result))
        if not result.accepted:
            refused = (index, text, result)
            break
    summary = game.summary()
    strategy = args.hint_strategy or hints.DEFAULT
    if args.json:
        summary["steps"] = [step_json(text, result) for text, result in steps]
        if args.hint_strategy is not None:
            hint = _hint(game, strategy, args)
            summary["hint"] = str(hint.move) if hint.move is not None else None
            summary["hint_strategy"] = strategy
            if hint.chance is not None:
                summary["hint_chance"] = hint.chance.to_json()
        print_json(summary, args.pretty)
    else:
        for index, (text, result) in enumerate(steps, start=1):
            if result.accepted:
                out(f"{index}. {step_text(text, result)}")
        free = " ".join(c or "-" for c in summary["free"])
        rows = game_header(game)[:2] + [
            ("status", summary["status"]),
            ("waste", summary["waste"] or "- (empty)"),
            ("stock", f"{summary['stock']} cards"),
            ("tableau", f"{summary['tableau']} cards"),
            ("free", f"{free}   (columns 1-7)"),
            ("score", score_text(game.score)),
            ("moves", str(summary["moves"])),
            ("legal", " ".join(summary["legal"]) or "none")]
        if game.rules.stock_passes:
            rows.insert(5, ("redeals", f"{game.position.passes} of {game.rules.stock_passes} "
                                       f"made"))
        hint = _hint(game, strategy, args)
        if hint.move is not None:
            rows.append(("hint", str(hint.move)))
        shows = hints.hint_strategy(strategy).shows
        if hint.chance is not None and shows is not None:
            rows.append((shows, chance_text(hint.chance)))
        if "messages" in summary:
            rows.append(("message", f"{summary['messages']['es']} / {summary['messages']['en']}"))
        print_lines(fields(rows))
    if refused is not None:
        index, text, result = refused
        err(error_text(refusal_text(index, text, result.card, result.reason or "refused",
                                    dict(result.messages))))
        return BAD_INPUT
    return OK


def _strategies_help() -> str:
    """Each registered strategy with its summary and default budget, for ``--help``."""
    parts = []
    for strategy in hints.available_strategies():
        name = strategy.name
        budget = (f"; without --seconds: {strategy.seconds:g} s of search"
                  if strategy.searches and strategy.seconds is not None else "")
        default = "the default: " if name == hints.DEFAULT else ""
        parts.append(f"{name} ({default}{strategy.summary}{budget})")
    return ", ".join(parts).replace("%", "%%")


def _hint(game: Game, strategy: str, args: argparse.Namespace) -> Hint:
    """The summary's hint, with what its strategy shows. A strategy that searches is bounded
    by ``--limit`` and ``--seconds`` (else by its default budget), with progress shown."""
    if not hints.is_search(strategy):
        return game.suggest(strategy)
    with FairSearching("play", progress_wanted(args), what="a hint") as searching:
        return game.suggest(strategy, progress=searching.callback, **search_limits(args))


def step_json(text: str, result: ActionResult) -> dict[str, Any]:
    """One step of ``golf play --json``: the move as given and what became of it."""
    return {
        "move": text,
        "accepted": result.accepted,
        "action": result.action,
        "played": str(result.move) if result.move is not None else None,
        "card": str(result.card) if result.card is not None else None,
        "reason": result.reason,
        "messages": dict(result.messages) if not result.accepted else {},
    }


def step_text(text: str, result: ActionResult) -> str:
    """One accepted step for people: ``draw: drew 8H``, ``4: played 7S from column 4``."""
    if result.action == "undo":
        return f"{text}: took back the last action"
    if result.action == "draw":
        return f"{text}: drew {result.card}"
    if result.action == "redeal":
        return f"{text}: turned the waste over as a new stock (pass {result.state.position.passes})"
    return f"{text}: played {result.card} from column {result.move.column if result.move else '?'}"


def score_text(score: Score | None) -> str:
    """The game's score for people."""
    if score is None:
        return "none"
    if score.kind == RESULT:
        return "won or lost only (this variant keeps no points)"
    if score.value is None:
        return f"no {score.kind} yet"
    return str(score)

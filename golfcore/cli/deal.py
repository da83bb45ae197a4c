"""``golf deal``: print the starting layout of a deal.

* ``golf deal CODE [--variant V]`` or ``golf deal --number N [--variant V]``: the layout of a
  game code, or of deal N (default variant ``app-facil``), as text (the form
  ``Position.from_text`` reads back), unicode, Spanish (one column a line, as the documents
  write) or JSON (``Game.summary()``);
* ``--winnable``: the first deal from there that the solver proves winnable, with a winning
  line;
* ``--daily YYYY-MM-DD``: that day's daily deal (:mod:`golfcore.cli.daily`);
* ``--difficulty easy|medium|hard``: the first deal from there whose opening *fair chance* (the
  chance of winning of a perfect player who cannot see the stock,
  :mod:`golfcore.solitaire.search.fair`) lies in the level's range (:data:`DIFFICULTIES`): its
  exact value, or its whole bracket when the exact search is capped (a bracket that spans two
  levels places nothing), trying at most ``--tries`` deals; with ``--winnable`` too, the deal
  must also be one the solver proves winnable.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from golfcore.cards import Card
from golfcore.cli import cardcodes, daily
from golfcore.cli.cardcodes import is_card_code
from golfcore.cli.options import SAMPLES, add_pretty_argument, progress_wanted
from golfcore.cli.common import (DEFAULT_VARIANT, FairSearching, add_game_arguments,
                                 add_samples_argument, add_search_arguments, bilingual,
                                 bound_percent,
                                 chance_text, check_variant, fair_options, game_header,
                                 limits_text, make_game, percent, search_limits)
from golfcore.cli.output import PROG, OK, Searching, err, out, print_json, print_lines
from golfcore.errors import GolfError
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set

if TYPE_CHECKING:
    from golfcore.solitaire.search.fair import FairResult

#: The difficulty levels of ``--difficulty``: the range ``[low, high)`` of the opening fair chance
#: (``high`` included for ``easy``, whose range ends at 1); a deal is placed by its exact value, or
#: when its bracket lies whole in one range. Deals
#: below 1 % are never picked. Measured on deals 1..40 (docs/fair.md): under app-facil 10 % of
#: the deals are easy, 78 % medium, 12 % hard; under app-clasico, cards4 and traditional none was
#: easy, 2.5 to 15 % medium, about half hard.
DIFFICULTIES: dict[str, tuple[float, float]] = {
    "easy": (0.50, 1.0), "medium": (0.15, 0.50), "hard": (0.01, 0.15)}
#: The Spanish name of each level, and the Spanish words ``--difficulty`` also reads.
SPANISH_LEVELS = {"easy": "fácil", "medium": "media", "hard": "difícil"}
LEVEL_WORDS = {"easy": "easy", "medium": "medium", "hard": "hard", "fácil": "easy",
               "facil": "easy", "media": "medium", "medio": "medium", "difícil": "hard",
               "dificil": "hard"}
#: The deals ``--difficulty`` tries before it gives up, unless ``--tries`` says otherwise.
DIFFICULTY_TRIES = 20
#: The budget of each deal's fair chance under ``--difficulty`` unless ``--limit``, ``--seconds``
#: or ``--samples`` say otherwise: exact search capped in information states (not seconds, so
#: that the same command picks the same deal on any machine), then the bracket's orders.
DIFFICULTY_STATES = 20_000
DIFFICULTY_SAMPLES = SAMPLES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", metavar="CODE",
                        help="a game code such as GO1-C-AAAAAAB (the letter names the variant), "
                             "or a card-game match code GC1-... or replay code GK1-... (the "
                             "first round's deal, every card shown)")
    add_game_arguments(parser)
    parser.add_argument("--format", "-f", choices=("text", "json", "unicode", "spanish"),
                        default="text",
                        help="text (the default; reads back with Position.from_text), json "
                             "(the game's summary), unicode (10♠ A♣) or spanish "
                             "(6 de tréboles, as the documents write)")
    parser.add_argument("--json", dest="format", action="store_const", const="json",
                        help="the same as --format json")
    add_pretty_argument(parser)
    parser.add_argument("--winnable", action="store_true",
                        help="the first deal from --number N (default 1; or the code's number) "
                             "that the solver proves winnable under the variant, with a winning "
                             "line")
    parser.add_argument("--difficulty", type=_level, metavar="LEVEL",
                        help="the first deal from --number N (default 1; or the code's number) "
                             "whose opening fair chance (the chance of winning of a perfect "
                             "player who cannot see the stock, docs/fair.md) is in LEVEL's range: "
                             + _levels_help() + " (fácil, media, difícil are read too): its "
                             "exact value, or its whole bracket. Each deal's chance is searched "
                             f"exactly up to {DIFFICULTY_STATES:,} information states (--limit), "
                             f"then bracketed from {DIFFICULTY_SAMPLES} sampled orders "
                             "(--samples); a deal whose bracket spans two levels is skipped; "
                             "with --winnable, the deal must also be one the solver proves "
                             "winnable")
    parser.add_argument("--daily", metavar="YYYY-MM-DD",
                        help="that day's daily deal (app-facil; docs/web.md, Daily deal): the "
                             "first of the day's candidates the solver proves winnable, its "
                             "difficulty and the day's 9-hole course; up to tomorrow")
    parser.add_argument("--tries", type=int, metavar="N",
                        help="give up (exit status 1) after trying N deals (default "
                             f"{DIFFICULTY_TRIES} with --difficulty; with --winnable alone, "
                             "every deal up to the last)")
    add_samples_argument(parser, "each deal (with --difficulty)")
    add_search_arguments(parser, "the solver's search of each deal (with --winnable; a deal "
                                 "left undecided is skipped)", fair="--difficulty")


def run(args: argparse.Namespace) -> int:
    """``golf deal CODE`` or ``golf deal --number N --variant V``: the starting layout;
    ``--winnable``: the first deal from there that the solver proves winnable. A card-game
    code (``GC1-...``, ``GK1-...``) prints its first round's deal (:mod:`.cardcodes`)."""
    if is_card_code(args.code):
        return cardcodes.run_deal(args)
    if args.daily is not None:
        return daily.run(args)
    line: tuple[Move, ...] | None = None
    first = None
    fair: FairResult | None = None
    limits = search_limits(args)
    searching = args.winnable or args.difficulty is not None
    if limits and not searching:
        args.parser.error(bilingual(
            "--limit and --seconds bound the search of --winnable or --difficulty: give them "
            "with one of those", "--limit y --seconds limitan la búsqueda de --winnable o "
            "--difficulty: dalos con uno de ellos"))
    for option, value in (("--tries", args.tries), ("--samples", args.samples)):
        if value is None:
            continue
        if option == "--samples" and args.difficulty is None:
            args.parser.error(bilingual(
                "--samples is the bracket of --difficulty: give it with --difficulty",
                "--samples es la horquilla de --difficulty: dalo con --difficulty"))
        if not searching:
            args.parser.error(bilingual(
                "--tries bounds the search of --winnable or --difficulty: give it with one of "
                "those", "--tries limita la búsqueda de --winnable o --difficulty: dalo con "
                "uno de ellos"))
        if value < 1:
            args.parser.error(bilingual(f"{option} must be 1 or more",
                                        f"{option} debe ser 1 o más"))
    check_variant(args.variant)
    if args.difficulty is not None:
        game, line, first, fair = difficult_game(args)
    elif args.winnable:
        game, line, first = winnable_game(args)
    else:
        game = make_game(args.code, args.number, args.variant, args.parser)
    if args.format == "json":
        summary = game.summary()
        if line is not None:
            summary["winning_line"] = [str(m) for m in line]
        if first is not None:
            summary["searched_from"] = first
        if fair is not None:
            low, high = DIFFICULTIES[args.difficulty]
            summary["difficulty"] = {"level": args.difficulty, "low": low, "high": high,
                                     "fair": fair.to_json()}
        print_json(summary, args.pretty)
        return OK
    if args.format == "spanish":
        print_lines(spanish(game))
        if fair is not None:
            out(f"Dificultad: {SPANISH_LEVELS[args.difficulty]} (probabilidad justa, sin ver el "
                f"mazo, {_spanish_chance(fair)}; {SPANISH_LEVELS[args.difficulty]} es "
                f"{_range_text(args.difficulty, spanish=True)}).")
        if line is not None:
            moves = " ".join("robar" if m.is_draw else str(m) for m in line)
            out(f"Jugadas ganadoras: {moves}.")
        return OK
    style = Card.unicode if args.format == "unicode" else Card.__str__
    for key, value in game_header(game):
        out(f"# {key}: {value}")
    skipped = game.deal - first if game.deal is not None and first is not None else 0
    if fair is not None:
        also = " and the solver proves winnable" if args.winnable else ""
        out(f"# difficulty: {args.difficulty} ({_range_text(args.difficulty)}): the first deal "
            f"from {first} whose opening fair chance is in that range{also} ({skipped} "
            f"skipped)")
        out(f"# fair chance: {chance_text(fair)}")
    elif line is not None and first is not None:
        out(f"# winnable: the first deal from {first} the solver proves winnable "
            f"({skipped} skipped)")
    print_lines(layout(game.position, style))
    if line is not None:
        out(f"# winning line: {' '.join(map(str, line))}")
    return OK


def _levels_help() -> str:
    """``easy 50 %% or more, ...``: the ranges, for argparse's help (``%`` doubled)."""
    return ", ".join(f"{name} {_range_text(name)}" for name in DIFFICULTIES).replace("%", "%%")


def _level(text: str) -> str:
    """A ``--difficulty`` word, English or Spanish, as its English name (a usage error else)."""
    level = LEVEL_WORDS.get(text.strip().lower())
    if level is None:
        raise argparse.ArgumentTypeError(bilingual(
            f"unknown difficulty {text!r}: expected easy, medium or hard",
            f"dificultad desconocida {text!r}: se espera fácil, media o difícil"))
    return level


def _range_text(level: str, spanish: bool = False) -> str:
    """``1 % to under 15 %`` (``de 1 % a menos de 15 %``): the range of a level's opening fair
    chance."""
    low, high = DIFFICULTIES[level]
    low_text, high_text = f"{100 * low:g} %", f"{100 * high:g} %"
    if spanish:
        return (f"al menos {low_text}" if high >= 1
                else f"de {low_text} a menos de {high_text}").replace(".", ",")
    return f"{low_text} or more" if high >= 1 else f"{low_text} to under {high_text}"


def _spanish_chance(result: FairResult) -> str:
    """A fair chance in Spanish: ``12,3 % exacta`` or ``entre 2,2 % y 61,2 % (horquilla...)``."""
    if result.exact:
        return f"{percent(result.low)} exacta".replace(".", ",")
    return (f"entre {bound_percent(result.low, False)} y {bound_percent(result.high, True)}, "
            f"horquilla que la contiene al 95 %").replace(".", ",")


#: What :func:`level_of` says of a fair chance below every level, and of a bracket that no
#: level holds whole.
BELOW = "below hard"
SPANS = "not placed: the bracket crosses the edge of a level"


def level_of(low: float, high: float) -> str:
    """The difficulty level of an opening fair chance known to lie in ``[low, high]`` (equal
    when exact): the level whose range holds all of it, :data:`BELOW` when all of it is below
    every range, else :data:`SPANS` (a bracket that no range holds whole places nothing)."""
    for level, (start, end) in DIFFICULTIES.items():
        if start <= low and (high < end or end >= 1):
            return level
    if high < min(start for start, _ in DIFFICULTIES.values()):
        return BELOW
    return SPANS


def _start(args: argparse.Namespace) -> tuple[str, int]:
    """The variant and the deal number a search of ``--winnable`` or ``--difficulty`` starts
    from: the code's (its number under ``--variant``), or ``--number`` (default 1)."""
    if args.code is not None and args.number is not None:
        args.parser.error("give either a game code or --number, not both")
    if args.code is not None:
        start = make_game(args.code, None, args.variant, args.parser)
        return start.variant.name, start.deal or 1
    variant = DEFAULT_VARIANT if args.variant is None else args.variant
    return variant, 1 if args.number is None else args.number


def difficult_game(args: argparse.Namespace
                   ) -> tuple[Game, tuple[Move, ...] | None, int, FairResult]:
    """The first deal from the requested one whose opening fair chance is in the range of
    ``args.difficulty`` (and that the solver proves winnable, with ``--winnable``), trying at
    most ``--tries`` deals: the game, its winning line (with ``--winnable``), the deal number
    the search started from and the fair chance. A :class:`GolfError` (English and Spanish)
    when none is found."""
    from golfcore.solitaire.search.fair import fair_chance
    from golfcore.solitaire.search.solver import solver_for

    options = fair_options(args, states=DIFFICULTY_STATES)
    variant, number = _start(args)
    rules = rule_set(variant)
    Game(rules, deal=number)                         # checks the number's range
    solver = solver_for(rules) if args.winnable else None
    limits = search_limits(args)
    level = args.difficulty
    tries = DIFFICULTY_TRIES if args.tries is None else args.tries
    first = last = number
    for tried in range(1, tries + 1):
        last = number
        game = Game(rules, deal=number)
        what = f"deal {number} (try {tried} of {tries})"
        line = None
        verdict = ""
        if solver is not None:
            with Searching("deal", progress_wanted(args), what=what) as searching:
                solved = solver.solve(game.position, best=False, progress=searching.callback,
                                      **limits)
            line = solved.line
            if solved.winnable is None:       # said always, as --winnable alone says it
                verdict = f"undecided at {limits_text(limits)}"
                err(f"{PROG} deal: deal {number} skipped: {verdict}")
            elif not solved.winnable:
                verdict = "not winnable"
        if not verdict:
            with FairSearching("deal", progress_wanted(args), what=what,
                               samples=options["samples"]) as fair_searching:
                fair = fair_chance(rules, game.position, progress=fair_searching.callback,
                                   **options)
            found = level_of(fair.low, fair.high)
            if found == level:
                return game, line, first, fair
            verdict = f"fair chance {chance_text(fair, options)}: {found}"
        if skips_shown(args) and not verdict.startswith("undecided"):
            err(f"{PROG} deal: deal {number} skipped: {verdict}")
        if number >= MAX_DEAL:
            break
        number += 1
    also, tambien = ((" the solver proves winnable and", " ganable según el solver y")
                     if args.winnable else ("", ""))
    raise GolfError(bilingual(
        f"no deal{also} whose opening fair chance is {level} ({_range_text(level)}) among the "
        f"{last - first + 1} tried from {first} to {last} under {variant}: try another "
        f"--number, more --tries, or another --difficulty",
        f"ningún reparto{tambien} con probabilidad justa inicial {SPANISH_LEVELS[level]} "
        f"({_range_text(level, spanish=True)}) entre los {last - first + 1} probados del "
        f"{first} al {last} con {variant}: prueba otro --number, más --tries u otra "
        f"--difficulty"))


def skips_shown(args: argparse.Namespace) -> bool:
    """Whether the deals ``--difficulty`` skips are listed on stderr: with ``--progress``, or
    when stderr is a terminal (as the progress line is shown)."""
    return progress_wanted(args)


def winnable_game(args: argparse.Namespace) -> tuple[Game, tuple[Move, ...], int]:
    """The first deal from the requested one that the solver proves winnable, its winning line,
    and the deal number the search started from; at most ``--tries`` deals when given."""
    from golfcore.solitaire.search.solver import solver_for

    variant, number = _start(args)
    rules = rule_set(variant)
    solver = solver_for(rules)
    limits = search_limits(args)
    first = number
    tried = 0
    while True:
        game = Game(rules, deal=number)              # checks the number's range
        tried += 1
        with Searching("deal", progress_wanted(args), what=f"deal {number}") as searching:
            result = solver.solve(game.position, best=False, progress=searching.callback,
                                  **limits)
        if result.winnable:
            return game, result.line, first
        if result.winnable is None:
            err(f"{PROG} deal: deal {number} skipped: undecided at {limits_text(limits)}")
        if args.tries is not None and tried >= args.tries:
            raise GolfError(bilingual(
                f"no deal from {first} to {number} is winnable under {variant} ({tried} tried): "
                f"try another --number or more --tries",
                f"ningún reparto del {first} al {number} es ganable con {variant} ({tried} "
                f"probados): prueba otro --number o más --tries"))
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

"""The ``golf`` command: variants, deals, play, conformance, the protocol, the solver, surveys, the
web.

Each command is one module of this package with two functions, ``add_arguments(parser)`` and
``run(args) -> int``, and one :class:`Command` entry in :data:`COMMANDS` naming them:

=========================  =======================================================================
``golf variants``          :mod:`golfcore.cli.variants`: every game's variants: list, show, compare
``golf deal``              :mod:`golfcore.cli.deal`: the starting layout of a deal
``golf play``              :mod:`golfcore.cli.play`: apply moves and print where the game stands
``golf conform``           :mod:`golfcore.cli.conform`: run the conformance specs
``golf serve``             :mod:`golfcore.cli.serve`: speak the JSON-lines protocol
``golf solve``             :mod:`golfcore.cli.solve`: solve deals and positions
``golf analyse``           :mod:`golfcore.cli.analyse`: where a game lost the win
``golf survey``            :mod:`golfcore.cli.survey`: the share of deals winnable per variant
``golf tournament``        :mod:`golfcore.cli.tournament`: card-game bots against each other
``golf web``               :mod:`golfcore.cli.web`: play both games in the browser
``golf stats``             :mod:`golfcore.cli.stats`: the statistics of ``golf web``; export, import
``golf plugins``           :mod:`golfcore.cli.plugins`: every plugin, loaded or left out, and why
``golf perft``             :mod:`golfcore.cli.perft`: count the lines of legal actions of a depth
=========================  =======================================================================

What commands share lives in :mod:`golfcore.cli.output` (stdout, stderr, JSON, tables, exit
status) and :mod:`golfcore.cli.common` (a game from a code, a number and a variant; a move or a
card; a board read for the solver). Results go to stdout, errors to stderr; the exit status is 0
on success, 1 for bad input (``golf: error: <message>``), 2 for a usage error; ``--help`` works
at every level and ``golf --version`` prints golfcore's version.

:func:`main` never raises ``SystemExit``: it returns the exit status, so tests and other Python
code can call ``main([...])`` directly; the console script ``golf`` and ``python -m golfcore.cli``
pass it to ``sys.exit``.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from dataclasses import dataclass
from collections.abc import Callable, Sequence

from golfcore.version import __version__
from golfcore.cli import (analyse, conform, deal, perft, play, plugins, serve, solve, stats,
                          survey, tournament, variants, web)
from golfcore.cli.output import BAD_INPUT, INTERRUPTED, OK, PROG, err, error
from golfcore.errors import GolfError, UnsupportedError
from golfcore.framework.deprecation import show_in_command_line
from golfcore.framework.loading import PluginRecord, set_reporter, warning_text

__all__ = ["COMMANDS", "Command", "build_parser", "main"]


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one line of help, its arguments and the function it runs."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""
    aliases: tuple[str, ...] = ()


COMMANDS: tuple[Command, ...] = (
    Command("variants", "list the installed variants of every game, show one, or compare two",
            variants.add_arguments, variants.run,
            "List every installed variant of every game (built-in and third-party) with its "
            "game, its code letter and its rules slot by slot; --show V shows one variant, "
            "--diff A B compares two variants of one game. Variants may be composed: "
            "cards4+jokers=2, traditional+draw-any-time."),
    Command("deal", "print the starting layout of a deal",
            deal.add_arguments, deal.run,
            "Print the starting layout of a game code (GO1-C-AAAAAAB) or of deal --number N "
            "under --variant V. Deal N of a 52-card variant is PySolFC's Golf deal N. "
            "--winnable and --difficulty pick the first deal from N that the solver proves "
            "winnable, or whose fair chance is in a level's range (docs/fair.md)."),
    Command("play", "play moves from the shell and print where the game stands",
            play.add_arguments, play.run,
            "Apply moves in order to a game and print the result. A refused move prints its "
            "reason code and messages and stops (exit status 1)."),
    Command("conform", "run the conformance specs and print the rules x variants matrix",
            conform.add_arguments, conform.run,
            "Run the YAML conformance specs against golfcore, or against any engine that "
            "speaks the JSON-lines protocol (--program), under every variant each case applies "
            "to. Prints a matrix of rule ids x variants and every failure with file, line, "
            "step, expected and actual; exit status 1 on any failure or spec error."),
    Command("serve", "speak the JSON-lines protocol on stdin/stdout",
            serve.add_arguments, serve.run,
            "Embed the engine: read one JSON request per line on stdin, write one JSON reply "
            "per line on stdout, until 'quit' or end of input. See docs/protocol.md."),
    Command("solve", "solve deals and positions: winnable or not, a winning line, the best result",
            solve.add_arguments, solve.run,
            "Solve each input exactly: a game code, a position file (text form or JSON, a saved "
            "game) or a black-hole-solver board, detected from its content; '-' reads stdin. "
            "Prints whether it is winnable, a winning line or the best result the variant's "
            "scoring allows, and the positions searched; with --fair, the fair chance (the "
            "chance of a player who cannot see the stock, docs/fair.md) instead. An unwinnable "
            "deal is not an error; "
            "an input that cannot be read is reported on stderr and gives exit status 1, after "
            "the other inputs."),
    Command("analyse", "replay a game and show where the win was lost",
            analyse.add_arguments, analyse.run,
            "Replay the moves of a game and, before the first move and after each one, ask the "
            "solver whether the deal can still be won and what the best result still reachable "
            "is; then name the first move after which the deal could no longer be won. With "
            "--fair, the fair chance after each move and the moves that lost most of it. A "
            "refused move stops with an error (exit status 1) before any search.",
            aliases=("analyze",)),
    Command("survey", "the share of deals winnable under each variant, by the solver",
            survey.add_arguments, survey.run,
            "Solve every deal of a range under one or more variants and report, per variant, "
            "the share winnable with a confidence interval, and the deals winnable under one "
            "variant and lost under another (golfcore.solitaire.survey; see docs/survey.md)."),
    Command("tournament", "the card game's bots against each other over many matches",
            tournament.add_arguments, tournament.run,
            "Play matches of the card game with the bots given in seat order (seats rotate "
            "from match to match) and report, per bot, the mean points per round, the share of "
            "matches won, dominated moves and decision times (golfcore.cardgame.tournament; "
            "see docs/tournament.md)."),
    Command("web", "play both games in the browser: saved games, statistics, computer players",
            web.add_arguments, web.run,
            "Serve the web page of both games (the solitaire, 9-hole rounds and the card game "
            "with people and computer players) at http://127.0.0.1:8000/ until Ctrl-C. Games "
            "are saved in a SQLite database as they are played (see docs/web.md)."),
    Command("stats", "the statistics of the games played with golf web; export and import",
            stats.add_arguments, stats.run,
            "Print the statistics of the games saved by golf web (per solitaire variant, "
            "9-hole rounds, card-game matches and records per seat kind); --json prints them "
            "as JSON, --export FILE writes every saved table and --import FILE reads such a "
            "file back, all of it or nothing."),
    Command("plugins", "list every installed plugin: what loaded, what was left out and why",
            plugins.add_arguments, plugins.run,
            "List, per game and per entry-point group, every plugin installed: each that "
            "loaded with its distribution, version and what it provides, and each that was "
            "left out (it could not be imported, is not what its group holds, failed a check, "
            "or needs a plugin left out) with the reason; and the deprecation warnings a plugin "
            "gave while it loaded. Exit status 0 even when some were left out."),
    Command("perft", "count the lines of legal actions of a given length from a deal or a code",
            perft.add_arguments, perft.run,
            "Count the sequences of exactly DEPTH legal actions from a deal, a code or a "
            "position under VARIANT (plays, draws and redeals in the solitaire, no undo; every "
            "seat's actions in turn in the card game, whose code fixes every card); a line "
            "that ends the game sooner is not counted. --divide adds the count under each "
            "first action. Check an engine's move generator against specs/perft/ "
            "(docs/perft.md)."),
)


#: The errors a write to stdout fails with: the reader is gone, the disk is full...
WRITE_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def build_parser() -> argparse.ArgumentParser:
    """The ``golf`` argument parser, one subparser per entry of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter,   # --version unwrapped
        description="golfcore: the reference rules engine for Golf solitaire and Golf, "
                    "the card game.",
        epilog="Run 'golf COMMAND --help' for a command's options.")
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, aliases=list(command.aliases),
                           description=command.description or command.help)
        command.arguments(p)
        p.set_defaults(run=command.run, parser=p)
    return parser


def kernels_text() -> str:
    """Which search path runs: ``compiled (fair, solver)``, or the pure Python one (the compiled
    kernels are optional, and ``GOLFCORE_FAIR_PURE=1`` / ``GOLFCORE_SOLVER_PURE=1`` force the
    pure path of one search)."""
    from golfcore.solitaire.search import fair_engine, solver_kernel

    used = [name for name, kernel in (("fair", fair_engine), ("solver", solver_kernel))
            if kernel.use_kernel()]
    if len(used) == 2:
        return "compiled (fair, solver)"
    if not used:
        built = fair_engine.kernel_available() or solver_kernel.kernel_available()
        why = ("forced by GOLFCORE_FAIR_PURE and GOLFCORE_SOLVER_PURE" if built
               else "no compiled kernels")
        return f"pure Python ({why}: 4-10x slower)"
    other = "solver" if used == ["fair"] else "fair"
    return f"compiled ({used[0]}); pure Python ({other}: 4-10x slower)"


def version_text() -> str:
    """What ``golf --version`` prints: golfcore's version and the search path in use."""
    return f"{PROG} (golfcore) {__version__} — kernels: {kernels_text()}"


def parse_arguments(parser: argparse.ArgumentParser,
                    argv: Sequence[str] | None) -> argparse.Namespace:
    """``parser.parse_args(argv)``, but an option the command does not know is the command's
    usage error (its own usage line), not the top-level one's."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        getattr(args, "parser", parser).error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``golf`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status.

    Handled here once for every command: Ctrl-C (exit status :data:`INTERRUPTED`, one line on
    stderr, no traceback), a closed stdout (refused before anything runs: nothing could be
    printed), and a stdout that cannot be written (``golf variants | head``, a full disk:
    ``golf: error: cannot write to standard output: ...``, exit status 1). What the command
    printed is flushed before the status is returned, so that a write error is seen here."""
    show_in_command_line()                           # each deprecation once (docs/api.md)
    if sys.stdout is None:                           # golf deal >&-
        return error("standard output is closed: nothing could be printed")
    set_reporter(_warn_left_out)
    try:
        return _main(argv)
    finally:
        set_reporter(None)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        try:
            args = parse_arguments(parser, argv)
            status: int = args.run(args)
        finally:
            sys.stdout.flush()
        return status
    except SystemExit as exc:  # --help, --version, usage errors: argparse exits; we return
        code = exc.code
        if code is None:
            return OK
        if isinstance(code, int):
            return code
        err(str(code))
        return BAD_INPUT
    except UnsupportedError as exc:      # a computation that refuses the variant: both texts
        return error(f"{exc.messages['en']}\n  es: {exc.messages['es']}")
    except GolfError as exc:
        return error(str(exc))
    except KeyboardInterrupt:
        err(f"{PROG}: interrupted")
        return INTERRUPTED
    except OSError as exc:
        if exc.filename is not None:                 # a file a command opened
            return error(f"{exc.filename}: {exc.strerror or exc}")
        if exc.errno not in WRITE_ERRORS:
            return error(str(exc.strerror or exc))
        _drop_stdout()
        if isinstance(exc, BrokenPipeError):         # golf variants | head: the reader is gone
            return BAD_INPUT
        return error(f"cannot write to standard output: {exc.strerror or exc}")


def _warn_left_out(record: PluginRecord) -> None:
    """``golf: warning: plugin left out: ...``, once per plugin and process, on stderr."""
    err(f"{PROG}: warning: {warning_text(record)}")


def _drop_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's own flush at exit does not
    fail again (and print a traceback) on what could not be written."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

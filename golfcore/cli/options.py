"""The options several ``golf`` commands share: one name, one meaning and one default per
concept, defined once here and used by every command that has it.

* ``--workers N`` (:func:`add_workers_argument`): worker processes of a long run (``golf
  survey``, ``golf tournament``; ``--processes`` is its deprecated old name in ``golf
  tournament``);
* ``--progress`` and ``-q``/``--quiet`` (:func:`add_progress_arguments`, read by
  :func:`progress_wanted`): the progress display on stderr of every long command, shown by
  default only when stderr is a terminal; ``--progress`` forces it, ``-q`` silences it;
* ``--samples N`` (:data:`SAMPLES`): the orders of the stock sampled for a fair chance's bracket,
  the same default in every command that samples;
* ``--seed S`` (:func:`add_seed_argument`, :func:`seed_of`): optional; without it a seed is
  drawn, and the seed used is printed so that the run can be repeated;
* ``--json`` and ``--pretty`` (:func:`add_json_arguments`, :func:`print_json` in
  :mod:`golfcore.cli.output`): JSON one object a line, indented with ``--pretty``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import IO, Any

from golfcore.framework.deprecation import warn_deprecated

__all__ = ["SAMPLES", "SEEDS", "add_json_arguments", "add_pretty_argument",
           "add_progress_arguments",
           "add_seed_argument", "add_workers_argument", "progress_wanted", "seed_of",
           "workers_of"]

#: The orders of the stock a fair chance's bracket samples when ``--samples`` is not given, in
#: every command that samples (``golf solve --fair``, ``golf analyse --fair``, ``golf deal
#: --difficulty``, ``golf play --hint-strategy fair``).
SAMPLES = 100

#: A seed drawn when ``--seed`` is not given is below this (short to write down).
SEEDS = 1_000_000


def _count(option: str) -> Any:
    def parse(text: str) -> int:
        body = text.strip()
        if not (body.isascii() and body.isdigit()) or len(body) > 30 or int(body) < 1:
            raise argparse.ArgumentTypeError(f"{option} must be a whole number >= 1, got "
                                             f"{text[:40]!r}")
        return int(body)
    return parse


def add_workers_argument(parser: argparse.ArgumentParser | Any, what: str,
                         deprecated: str | None = None) -> None:
    """``--workers N``: worker processes (``what`` says what they do). ``deprecated`` names an
    old spelling kept as an alias that warns (:func:`workers_of` reads both)."""
    parser.add_argument("--workers", type=_count("--workers"), metavar="N",
                        help=f"worker processes {what} (default: the CPUs this process may "
                             f"use; 1 works in this process); the results do not depend on it")
    if deprecated is not None:
        parser.add_argument(deprecated, dest="deprecated_workers",
                            type=_count(deprecated), metavar="N",
                            help=f"deprecated: write --workers ({deprecated} still works)")


def workers_of(args: argparse.Namespace) -> int | None:
    """The ``--workers`` given, or its deprecated alias's (with a
    :class:`~golfcore.framework.deprecation.GolfDeprecationWarning`); ``None`` for neither."""
    old = getattr(args, "deprecated_workers", None)
    if old is not None:
        if args.workers is not None:
            args.parser.error("give --workers only (--processes is its deprecated old name)")
        warn_deprecated(f"{args.parser.prog} --processes", "write --workers instead")
        return int(old)
    return getattr(args, "workers", None)


def add_progress_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """``--progress`` and ``-q``/``--quiet``, read by :func:`progress_wanted`."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--progress", action="store_true",
                       help="show the progress on stderr even when it is not a terminal (it "
                            "is shown on a terminal anyway)")
    group.add_argument("--quiet", "-q", action="store_true",
                       help="show no progress on stderr (notes and errors still show)")


def progress_wanted(args: argparse.Namespace, stream: IO[str] | None = None) -> bool:
    """Whether to show the progress on ``stream`` (stderr): not with ``-q``, always with
    ``--progress``, else when it is a terminal."""
    if getattr(args, "quiet", False):
        return False
    if getattr(args, "progress", False):
        return True
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _seed(text: str) -> int:
    body = text.strip()
    if not (body.isascii() and body.isdigit()) or len(body) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0 written with the digits "
                                         f"0-9, got {text[:40]!r}")
    return int(body)


def add_seed_argument(parser: argparse.ArgumentParser | Any, what: str) -> None:
    """``--seed S``, optional, read by :func:`seed_of`; ``what`` says what it decides."""
    parser.add_argument("--seed", type=_seed, metavar="S",
                        help=f"{what}; the same S gives the same run (default: a seed is "
                             f"drawn, and printed so that the run can be repeated)")


def seed_of(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or one drawn now (the command prints it)."""
    seed = getattr(args, "seed", None)
    return secrets.randbelow(SEEDS) if seed is None else int(seed)


def add_json_arguments(parser: argparse.ArgumentParser | Any, what: str) -> None:
    """``--json`` (``what`` says what is printed) and ``--pretty``: one JSON object a line,
    indented with ``--pretty``."""
    parser.add_argument("--json", action="store_true",
                        help=f"print {what} as JSON, one object a line")
    add_pretty_argument(parser)


def add_pretty_argument(parser: argparse.ArgumentParser | Any) -> None:
    """``--pretty``: the JSON indented for people (``args.pretty``; see
    :func:`golfcore.cli.output.print_json`)."""
    parser.add_argument("--pretty", action="store_true",
                        help="with --json: indent the JSON for people (default: one object a "
                             "line)")

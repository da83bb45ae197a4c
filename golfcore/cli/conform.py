"""``golf conform``: run the conformance specs and print the rule ids x variants matrix.

Runs the YAML specs (default: the suite shipped with golfcore) against golfcore in process, or
against any engine that speaks the JSON-lines protocol (``--program``), under every variant each
case applies to. Prints the matrix and every failure with file, line, step, expected and actual;
``--coverage`` also lists the rule ids no case checks, per catalogue (golfcore's ``RULES.md``
and a suite's own, format 4: :mod:`golfcore.conformance.catalogue`). Exit status 1 on any
failure, spec error, (with ``--coverage``) uncovered rule id, or when no case ran at all (no
spec file under the paths, none of their cases under the ``--variant`` asked for, or every case
skipped): a run that checked nothing does not pass. Bad options (an empty ``--program`` or
``--variant``, a ``--timeout`` that is not a number of seconds above 0 and at most a day, a
command with an unbalanced quote) are usage errors.
"""

from __future__ import annotations

import argparse
import os

from golfcore.runs.progress import Progress

from golfcore.cli.options import add_json_arguments, add_progress_arguments, progress_wanted
from golfcore.cli.output import BAD_INPUT, OK, error, out, print_json


def _program(text: str) -> str:
    from golfcore.conformance.runner import EngineError, split_command

    try:
        split_command(text)
    except EngineError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _timeout(text: str) -> float:
    from golfcore.conformance.runner import EngineError, check_timeout

    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    try:
        return check_timeout(seconds)
    except EngineError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _variant(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty variant name: give a variant such as "
                                         "app-facil (golf variants lists them)")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="spec files or folders (default: the suite shipped with golfcore)")
    parser.add_argument("--variant", action="append", metavar="V", type=_variant,
                        help="run only under this variant (repeatable; composed strings work)")
    parser.add_argument("--program", metavar="CMD", type=_program,
                        help="run against another engine that speaks the protocol "
                             "(e.g. 'golf serve'); default: golfcore in process")
    parser.add_argument("--timeout", type=_timeout, default=10.0, metavar="S",
                        help="seconds to wait for each reply of --program (default 10; above 0, "
                             "at most 86400)")
    parser.add_argument("--coverage", action="store_true",
                        help="also list the rule ids that no case checks, per catalogue: "
                             "golfcore's RULES.md (APP, C4, CG) and a suite's own (exit 1 if any)")
    parser.add_argument("--wide", action="store_true",
                        help="print the whole rule x variant grid instead of a line per rule id")
    add_json_arguments(parser, "the report")
    add_progress_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """``golf conform [PATH...]``: run the specs; exit 1 unless every case passes."""
    from golfcore.conformance import runner as conform
    from golfcore.conformance.catalogue import GOLFCORE
    from golfcore.conformance.specfile import default_paths, discover
    from golfcore.framework.compose import find_variant

    paths = args.paths or default_paths()
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        return error(f"no such spec file or folder: {', '.join(map(str, missing))}")
    if not discover(list(paths)):
        return error(f"no spec file (*.yaml, *.yml) under {', '.join(map(str, paths))}")
    for name in args.variant or ():
        find_variant(name)              # an unknown variant is bad input before any engine runs
    engine = (conform.InProcessEngine() if args.program is None
              else conform.ProgramEngine(args.program, args.timeout))
    bar: Progress | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, enabled=progress_wanted(args), label="conform",
                           unit="files")
        else:
            bar.update(done - bar.done)

    try:
        report = conform.run(paths, engine, args.variant, progress)
    finally:
        engine.close()
        if bar is not None:
            bar.close()
    by_catalogue = conform.coverage_by_catalogue(report) if args.coverage else {}
    gaps = {name: [rule for rule, named in ids.items() if not named]
               for name, ids in by_catalogue.items()}
    uncovered = [rule for rules in gaps.values() for rule in rules]
    if args.json:
        data = report.to_json()
        if args.coverage:
            data["uncovered"] = uncovered
            data["coverage"] = {name: {"ids": len(ids), "covered": len(ids) - len(gaps[name]),
                                       "uncovered": gaps[name]}
                                for name, ids in by_catalogue.items()}
        print_json(data, args.pretty)
    else:
        out(conform.format_report(report, wide=args.wide))
        if args.coverage:
            out("")
            for name, rules in gaps.items():
                which = "" if name == GOLFCORE else f" of the catalogue {name!r}"
                out(f"rule ids{which} with no case: " + (", ".join(rules) if rules else "none")
                    + f" ({len(by_catalogue[name]) - len(rules)} of {len(by_catalogue[name])} "
                      f"named by a case)")
    if not report.errors and all(r.status == conform.SKIP for r in report.results):
        only = f" under {', '.join(args.variant)}" if args.variant else ""
        skipped = f" ({len(report.results)} skipped)" if report.results else ""
        return error(f"no case ran{only}{skipped}: nothing was checked")
    return OK if report.ok and not uncovered else BAD_INPUT

"""``golf conform``: run the conformance specs and print the rule ids x variants matrix.

Runs the YAML specs (default: the suite shipped with golfcore) against golfcore in process, or
against any engine that speaks the JSON-lines protocol (``--program``), under every variant each
case applies to. Prints the matrix and every failure with file, line, step, expected and actual;
``--coverage`` also lists the rule ids no case checks. Exit status 1 on any failure, spec error
or (with ``--coverage``) uncovered rule id.
"""

from __future__ import annotations

import argparse
import os

from golfcore.cli.output import BAD_INPUT, OK, error, out, print_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
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
                        help="also list the rule ids of RULES.md (APP, C4, CG) that no case checks "
                             "(exit 1 if any)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    """``golf conform [PATH...]``: run the specs; exit 1 unless every case passes."""
    from golfcore.conformance import runner as conform
    from golfcore.conformance.specfile import default_paths

    paths = args.paths or default_paths()
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        return error(f"no such spec file or folder: {', '.join(map(str, missing))}")
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
        print_json(data)
    else:
        out(conform.format_report(report))
        if args.coverage:
            out("")
            out("rule ids with no case: " + (", ".join(uncovered) if uncovered else "none"))
    return OK if report.ok and not uncovered else BAD_INPUT

"""``golf conform``: run the conformance specs and print the rule ids x variants matrix.

Runs the YAML specs (default: the suite shipped with golfcore) against golfcore in process,
against the engines registered by name (``--engine NAME``, repeatable: golfcore and the
adapters of ``docs/engines.md``), or against any engine that speaks the JSON-lines protocol
(``--program``), under every variant each case applies to. An engine's known differences
(``specs/engines/NAME.yaml``, or ``--known FILE``) are reported as such; with two engines or
more, or ``--results FILE``, the results of all are written as JSON, and ``--html DIR`` writes
a page of them. Prints the matrix and every failure with file, line, step, expected and actual;
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
from typing import Any

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


def _variant_free(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty engine name: give an engine such as "
                                         "golfcore ('golf plugins' lists them)")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="spec files or folders (default: the suite shipped with golfcore)")
    parser.add_argument("--variant", action="append", metavar="V", type=_variant,
                        help="run only under this variant (repeatable; composed strings work)")
    parser.add_argument("--program", metavar="CMD", type=_program,
                        help="run against another engine that speaks the protocol "
                             "(e.g. 'golf serve'); default: golfcore in process")
    parser.add_argument("--engine", action="append", metavar="NAME", type=_variant_free,
                        help="run against the engine registered as NAME (repeatable; "
                             "'golf plugins' lists them: golfcore, aisleriot, ...)")
    parser.add_argument("--known", metavar="FILE",
                        help="the engine's known differences (default for --engine NAME: "
                             "specs/engines/NAME.yaml)")
    parser.add_argument("--results", metavar="FILE",
                        help="write every engine's results as JSON to FILE (default with two "
                             "engines or more: results.json)")
    parser.add_argument("--html", metavar="DIR",
                        help="write DIR/index.html, a page of the results across engines, and "
                             "DIR/results.json")
    parser.add_argument("--perft", action="store_true",
                        help="also check each engine against the perft count files of "
                             "specs/perft/ (docs/perft.md), through the protocol's 'perft'")
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
    from golfcore.conformance.engine_plugins import make_engine
    from golfcore.conformance.known import apply_known, known_file, read_known, stale
    from golfcore.conformance.model import SpecError
    from golfcore.conformance.results import EngineRun, results_data, write_html, write_results
    from golfcore.conformance.specfile import default_paths, discover
    from golfcore.framework.compose import find_variant

    paths = args.paths or default_paths()
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        return error(f"no such spec file or folder: {', '.join(map(str, missing))}")
    if not discover(list(paths)):
        return error(f"no spec file (*.yaml, *.yml) under {', '.join(map(str, paths))}")
    names: list[str | None] = list(args.engine or ())
    if args.program is not None and names:
        return error("give either --program or --engine: --program runs one engine that is "
                     "not registered")
    if not names:
        names = [None]
    if args.known and len(names) > 1:
        return error("--known gives the known differences of one engine: with several, each "
                     "engine's are read from specs/engines/NAME.yaml")
    if all(n in (None, "golfcore") for n in names):
        for name in args.variant or ():
            find_variant(name)          # an unknown variant is bad input before any engine runs
    runs: list[EngineRun] = []
    failed = False
    for name in names:
        try:
            engine = (make_engine(name, args.timeout) if name is not None
                      else conform.InProcessEngine() if args.program is None
                      else conform.ProgramEngine(args.program, args.timeout))
        except conform.EngineError as exc:
            error(str(exc))
            failed = True
            continue
        known_path = args.known or (str(known_file(name)) if name is not None else None)
        try:
            differences = read_known(known_path, name) if known_path else []
        except SpecError as exc:
            engine.close()
            return error(str(exc))
        try:
            report = _run_one(conform, paths, engine, args,
                              "conform" if len(names) == 1 else f"conform {name}")
            counts = _perft(engine, args) if args.perft else []
        except conform.EngineError as exc:
            error(f"{name or args.program or 'golfcore'}: {exc}")
            failed = True
            continue
        finally:
            engine.close()
        apply_known(report, differences)
        offers = [o.to_json() for o in report.offers]
        runs.append(EngineRun(name or report.engine, report, offers,
                              known_path if known_path and os.path.exists(known_path) else "",
                              stale(report, differences), counts))
    status = _show(conform, runs, args)
    if args.results or (len(names) > 1 and not args.html):
        target = args.results or "results.json"
        write_results(target, results_data(runs, map(str, paths)))
        if not args.json:
            out(f"wrote {target}")
    if args.html:
        page = write_html(args.html, results_data(runs, map(str, paths)))
        if not args.json:
            out(f"wrote {page}")
    return BAD_INPUT if failed else status


def _perft(engine: Any, args: argparse.Namespace) -> list[Any]:
    """The shipped count files checked against ``engine``, with a progress display."""
    from golfcore.conformance.perft import find_files, read_file, shipped_folder
    from golfcore.conformance.perft_engines import check_engine

    cases = [c for f in find_files([shipped_folder()]) for c in read_file(f)]
    bar = Progress(len(cases), enabled=progress_wanted(args), label="perft", unit="counts")
    out_: list[Any] = []
    try:
        for result in check_engine(cases, engine):
            out_.append(result)
            bar.update(1)
    finally:
        bar.close()
    return out_


def _run_one(conform: Any, paths: list[Any], engine: Any, args: argparse.Namespace,
             label: str = "conform") -> Any:
    bar: Progress | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, enabled=progress_wanted(args), label=label, unit="files")
        else:
            bar.update(done - bar.done)

    try:
        return conform.run(paths, engine, args.variant, progress)
    finally:
        if bar is not None:
            bar.close()


def _show(conform: Any, runs: list[Any], args: argparse.Namespace) -> int:
    """Print each engine's report; the exit status of them all."""
    from golfcore.conformance.catalogue import GOLFCORE

    status = OK
    for i, run in enumerate(runs):
        report = run.report
        by_catalogue = conform.coverage_by_catalogue(report) if args.coverage else {}
        gaps = {name: [rule for rule, named in ids.items() if not named]
                for name, ids in by_catalogue.items()}
        uncovered = [rule for rules in gaps.values() for rule in rules]
        if args.json:
            data = report.to_json()
            if run.offers:
                data["offers"] = run.offers
            data["stale"] = [{"case": d.case, "variant": d.variant} for d in run.stale]
            if args.perft:
                data["perft"] = [r.to_json() for r in run.perft]
            if args.coverage:
                data["uncovered"] = uncovered
                data["coverage"] = {name: {"ids": len(ids),
                                           "covered": len(ids) - len(gaps[name]),
                                           "uncovered": gaps[name]}
                                    for name, ids in by_catalogue.items()}
            print_json(data, args.pretty)
        else:
            if i:
                out("")
            out(conform.format_report(report, wide=args.wide))
            if args.perft:
                out(_perft_text(run.perft))
            for d in run.stale:
                out(f"known difference no longer seen: {d.case}"
                    + (f" [{d.variant}]" if d.variant else "") + f" ({run.known_file}, line "
                      f"{d.line}): remove it from the file")
            if args.coverage:
                out("")
                for name, rules in gaps.items():
                    which = "" if name == GOLFCORE else f" of the catalogue {name!r}"
                    out(f"rule ids{which} with no case: "
                        + (", ".join(rules) if rules else "none")
                        + f" ({len(by_catalogue[name]) - len(rules)} of "
                          f"{len(by_catalogue[name])} named by a case)")
        if not report.errors and all(r.status == conform.SKIP for r in report.results):
            only = f" under {', '.join(args.variant)}" if args.variant else ""
            skipped = f" ({len(report.results)} skipped)" if report.results else ""
            error(f"{run.name}: no case ran{only}{skipped}: nothing was checked"
                  if len(runs) > 1 else f"no case ran{only}{skipped}: nothing was checked")
            status = BAD_INPUT
        elif not report.ok or uncovered or any(r.status == "fail" for r in run.perft):
            status = BAD_INPUT
    return status


def _perft_text(results: list[Any]) -> str:
    from golfcore._wording import plural

    by = {s: [r for r in results if r.status == s] for s in ("pass", "fail", "skip")}
    lines = [f"perft: {plural(len(by['pass']), 'count')} agreed, {len(by['fail'])} differed, "
             f"{len(by['skip'])} skipped"]
    lines += [f"  {r.case.source}:{r.case.line}: {r.case.name}"
              + (f" [{r.variant}]" if r.variant else "") + f": {r.message}" for r in by["fail"]]
    reasons = sorted({r.skipped for r in by["skip"]})
    lines += [f"  skipped: {why}" for why in reasons]
    return "\n".join(lines)

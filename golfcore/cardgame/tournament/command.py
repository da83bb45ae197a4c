"""``golf tournament``: its arguments (:func:`add_arguments`), the command (:func:`run_command`),
the matches themselves (:func:`play_tournament`) and the text report (:func:`format_summary`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Collection, Generator, Iterable, Sequence
from typing import Any

from golfcore.runs import cluster, jsonl
from golfcore.runs import pool
from golfcore.runs import svg as svg_file
from golfcore.cardgame.rules import rule_set
from golfcore.cardgame.tournament.play import (MATCHES, ROUNDS, Dominated, Entrant, Record,
                                               check_seats, dominated_not_run, identity,
                                               parse_entrant, play_match)
from golfcore.cardgame.tournament.plot import display_names, plot_svg
from golfcore.cardgame.tournament.results import default_output, read_results
from golfcore.cardgame.tournament.stats import summarize
from golfcore._wording import value_range
from golfcore.errors import GolfError
from golfcore.runs.progress import Progress

PROG = "golf"
#: The exit status of a tournament stopped by Ctrl-C (its results file is intact).
INTERRUPTED = 130


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def whole_number(text: str) -> int:
    """An argument written as a whole number in ASCII digits (``-`` allowed: ranges are
    checked later with a clearer message); argparse's ``int`` also takes ``１２``, ``1_000``
    and `` 5 ``, which no one means as a count."""
    body = text[1:] if text.startswith("-") else text
    if not (body.isascii() and body.isdigit()) or len(body) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits "
                                         f"0-9, got {text[:40]!r}")
    return int(text)


def file_name(text: str) -> str:
    """A file name that is not empty (an empty one is refused: it is no file, and taking the
    default or no file instead would surprise)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, got an empty one (leave the "
                                         "option out for the default)")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``golf tournament``."""
    # imported here: golfcore.cli imports this module for its command table
    from golfcore.cli.options import (add_json_arguments, add_progress_arguments,
                                      add_seed_argument, add_workers_argument)

    parser.add_argument("bots", nargs="+", metavar="BOT",
                        help="the bots in seat order, 2 to 6, a bot may repeat; options as "
                             "NAME:KEY=VALUE[,KEY=VALUE] (strong:iterations=200)")
    parser.add_argument("--variant", required=True, metavar="V",
                        help="the card game's variant, composed or not (card-golf, six-card, "
                             "card-golf+shape=2x4); its players are the bots")
    count = parser.add_mutually_exclusive_group(required=True)
    count.add_argument("--matches", type=whole_number, metavar="N",
                       help="play N whole matches (to the variant's point limit or holes)")
    count.add_argument("--rounds", type=whole_number, metavar="N",
                       help="play N single rounds instead (each the first round of a match)")
    add_seed_argument(parser, "match k (from 0) is dealt from seed (S*1000003 + k) mod "
                              "8031810175 + 1")
    where = parser.add_mutually_exclusive_group()
    add_workers_argument(where, "playing the matches", deprecated="--processes")
    where.add_argument("--scheduler", metavar="ADDRESS", type=cluster.address_argument,
                       help="play on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://HOST:8786) instead; the same records as local processes. "
                            "Needs the dask extra (pip install 'golfcore[dask]'), and golfcore "
                            "and the bots on every worker")
    parser.add_argument("--output", "-o", metavar="FILE", type=file_name,
                        help="results file, one JSON record a match, appended as matches end; "
                             "an existing one is resumed (default: "
                             "tournament-<bots>-<variant>-seed<S>.jsonl here)")
    parser.add_argument("--plot", metavar="FILE.svg", type=file_name,
                        help="also draw points per round and matches won as an SVG chart")
    add_progress_arguments(parser)
    add_json_arguments(parser, "the summary")


def check_count(option: str, value: int) -> int:
    if value < 1:
        raise GolfError(f"{option} must be a whole number >= 1, got {value}")
    return value


def check_variant(text: str, seats: int) -> str:
    """The canonical name of a card-game variant for ``seats`` players; :class:`GolfError` for
    an unknown or solitaire variant, or one whose ``+players=`` says otherwise."""
    rules = rule_set(text)
    fixed = any(part.split("=")[0].strip().lower() == "players"
                for part in text.split("+")[1:])
    if fixed and rules.players != seats:
        raise GolfError(f"--variant {text} is for {rules.players} players, but {seats} bots "
                        f"were given: the bots are the players (leave +players= out)")
    return rules.name


def check_entrant(entrant: Entrant, variant: str) -> None:
    """Make the bot once, so that a bad option fails now and not in the middle of the run."""
    entrant.factory(variant, 0, 1, **dict(entrant.options))


def play_tournament(variant: str, entrants: Sequence[Entrant], seed: int,
                    matches: Iterable[int], unit: str = MATCHES, processes: int = 1,
                    dominated: Dominated | None = None,
                    on: cluster.Cluster | None = None) -> Generator[Record, None, None]:
    """The records of the given matches, as they finish: on the Dask cluster ``on`` when
    given (:meth:`golfcore.runs.cluster.Cluster.run`, which closes it at the end), in this
    process when ``processes`` is 1, else in a pool of worker processes (the records do not
    depend on which). Closing the generator stops the work at once."""
    todo = list(matches)
    if on is not None:
        yield from on.run(play_match, ((variant, entrants, seed, k, unit, dominated)
                                       for k in todo),
                          note=lambda text: _err(f"{PROG} tournament: note: {text}"))
        return
    if processes <= 1 or len(todo) <= 1:
        for k in todo:
            yield play_match(variant, entrants, seed, k, unit, dominated)
        return
    yield from pool.run_processes(play_match,
                                  ((variant, entrants, seed, k, unit, dominated) for k in todo),
                                  min(processes, len(todo)))


# -- the report -----------------------------------------------------------------------------------

def _secs(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.0f}us"
    if value < 1:
        return f"{value * 1e3:.1f}ms"
    return f"{value:.2f}s"


def _table(rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                      for i, cell in enumerate(row)).rstrip() for row in rows]


def format_summary(summary: dict[str, Any]) -> list[str]:
    """The text report: a row per bot, then what a shared win counts for, the dominated
    moves (or why they were not judged) and the times."""
    unit = summary["unit"]
    games = "matches" if unit == MATCHES else "rounds"
    rows = summary["seats"]
    names = display_names([r["bot"] for r in rows])
    not_run = summary.get("dominated_not_run")
    # a tournament of single rounds counts its games in rounds: one column says it
    counts = ["matches", "rounds"] if unit == MATCHES else ["rounds"]
    table = [["bot", *counts, "points/round", "95% CI", "won", "share", "95% CI",
              "dominated", "per 1000", "cpu median", "p95", "wall median", "p95"]]
    for name, r in zip(names, rows):
        ci = r["mean_ci"]
        low, high = r["win_ci"]
        table.append([
            name, *(str(r[count]) for count in counts),
            "-" if r["mean_per_round"] is None else f"{r['mean_per_round']:.2f}",
            "-" if ci is None else value_range(ci[0], ci[1]),
            str(r["matches_won"]),
            "-" if r["win_share"] is None else f"{100 * r['win_share']:.1f}%",
            value_range(100 * low, 100 * high, 1, "%"),
            "not run" if r["dominated"] is None else str(r["dominated"]),
            "-" if r["dominated_per_1000"] is None else f"{r['dominated_per_1000']:.1f}",
            _secs(r["cpu"]["median"]), _secs(r["cpu"]["p95"]),
            _secs(r["time"]["median"]), _secs(r["time"]["p95"]),
        ])
    lines = _table(table, right=set(range(1, len(table[0]))))
    shared = summary["shared_wins"]
    lines.append("")
    lines.append(f"points/round: lower is better; 95% CI: t interval over {games}. won: a "
                 f"shared win counts as a win for each tied bot ({shared} of "
                 f"{summary['matches']} {games} shared).")
    if not_run is None:
        lines.append("dominated: decisions worse than another legal action whatever the "
                     "hidden cards.")
    else:
        lines.append(f"dominated: not run: {not_run}.")
    lines.append("cpu, wall: the CPU time and the wall time of the bot's own decision (its "
                 "act call), median and 95th percentile.")
    return lines


# -- the command ----------------------------------------------------------------------------------

def run_command(args: argparse.Namespace) -> int:
    """``golf tournament``: play, write records as matches end, print the summary. Bad input
    raises :class:`GolfError` (``golf`` prints it as ``golf: error: ...``, exit status 1)."""
    from golfcore.cli.options import seed_of, workers_of

    unit = MATCHES if args.matches is not None else ROUNDS
    count = check_count("--matches" if unit == MATCHES else "--rounds",
                        args.matches if unit == MATCHES else args.rounds)
    args.seed_drawn = args.seed is None
    args.seed = seed_of(args)
    args.workers = workers_of(args)
    check_seats(len(args.bots))
    variant = check_variant(args.variant, len(args.bots))
    entrants = [parse_entrant(text) for text in args.bots]
    for entrant in dict.fromkeys(entrants):
        check_entrant(entrant, variant)
    ident = identity(variant, entrants, args.seed, unit)
    scheduler = getattr(args, "scheduler", None)
    # the cluster is reached before anything is read or repaired: an unreachable one changes
    # nothing
    on = cluster.Cluster(scheduler) if scheduler else None
    try:
        return _tournament(args, unit, count, variant, entrants, ident, on)
    finally:
        if on is not None:
            on.close()


def _tournament(args: argparse.Namespace, unit: str, count: int, variant: str,
                entrants: list[Entrant], ident: dict[str, Any],
                on: cluster.Cluster | None) -> int:
    """The tournament once its arguments are checked (and its cluster reached, if any)."""
    from golfcore.cli.options import progress_wanted
    from golfcore.cli.output import print_json

    labels = [e.label for e in entrants]
    output = args.output or default_output(labels, variant, args.seed, unit)
    plot = args.plot
    if plot and jsonl.same_file(output, plot):
        raise GolfError(f"--plot {plot} is the results file (--output {output}): the chart "
                        f"would overwrite the results; give the plot another name")
    for option, path in (("--output", output), ("--plot", plot)):
        if path:
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                raise GolfError(f"{option} {path}: no such folder {folder}")
    resume = read_results(output, ident, count)
    games = "matches" if unit == MATCHES else "rounds"
    if resume.truncated:
        _err(f"{PROG} tournament: note: removed a last line of {output} that was cut off "
             f"mid-write; that match is played again")
    if resume.outside:
        _err(f"{PROG} tournament: note: {output} holds {resume.outside} record(s) of "
             f"{games} beyond the {count} asked for; they stay in the file and are left out "
             f"of the summary")
    if resume.duplicates:
        _err(f"{PROG} tournament: note: {output} repeats {resume.duplicates} record(s); each "
             f"match is counted once")
    if resume.done:
        _err(f"{PROG} tournament: resuming from {output}: {len(resume.done)} of {count} "
             f"{games} already played")
    records = dict(resume.done)
    todo = [k for k in range(count) if k not in records]
    processes = max(1, min(getattr(args, "workers", None) or pool.default_workers(),
                           len(todo)))
    progress = Progress(count, len(records), stream=sys.stderr,
                        enabled=progress_wanted(args), label="tournament", unit=games)
    started = time.perf_counter()
    results = play_tournament(variant, entrants, args.seed, todo, unit, processes, on=on)
    interrupted = jsonl.collect(results, lambda r: r["match"], records, output,
                                resume.needs_newline, progress)
    if interrupted:
        _err(f"{PROG} tournament: interrupted with {len(records)} of {count} {games} "
             f"played; they are in {output}: run the same command again to go on")
        return INTERRUPTED
    summary = summarize(records.values(), labels, unit, dominated_not_run(variant))
    if plot:
        svg = plot_svg(summary, title=f"{' vs '.join(display_names(labels))}: {count} "
                                      f"{games} of {variant}")
        svg_file.save(plot, svg)
    drawn = f" (drawn: --seed {args.seed} repeats it)" if args.seed_drawn else ""
    if args.json:
        data = {
            "tournament": {**ident, "seed_drawn": args.seed_drawn,
                           "players": len(entrants), "count": count,
                           "output": output, "plot": plot,
                           "processes": None if on is not None else processes,
                           "backend": f"dask {on.address}" if on is not None else "local",
                           "resumed": len(resume.done), "played_now": len(todo),
                           "ignored_outside": resume.outside,
                           "duplicates": resume.duplicates, "repaired": resume.truncated,
                           "seconds": round(time.perf_counter() - started, 3)},
            **summary,
        }
        print_json(data, args.pretty)
        return 0
    print(f"tournament: {' '.join(labels)} under {variant}, {count} {games}, seed "
          f"{args.seed}{drawn}, seats rotating; results in {output}")
    print()
    for line in format_summary(summary):
        print(line)
    return 0

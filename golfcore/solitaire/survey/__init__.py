"""``golf survey``: the share of deals winnable under each variant, measured by the exact solver.

Random Golf deals are often unwinnable, and how often depends on the variant: the same deal can
be won in Fácil and lost in Clásico (APP-10). A survey solves every deal of a range under every
variant asked for and reports, per variant, how many were winnable with a 95 % confidence
interval, and, for every pair of variants, the deals winnable under one and lost under the
other. ``docs/survey.md`` explains how to run one and what each figure means.

The module has three layers:

* a pure core: :func:`survey_tasks` lists the work, :func:`solve_deal` (a top-level, picklable
  function, so it runs in another process or on a Dask worker) solves one deal under one
  variant and returns a JSON-ready record, :func:`summarize` turns records into the figures,
  :func:`wilson_interval` is the confidence interval;
* execution backends that run :func:`solve_deal` over the tasks and yield records as they come:
  in process (``--workers 1``), local processes (:class:`concurrent.futures.ProcessPoolExecutor`)
  or a Dask cluster (``--scheduler ADDRESS``; :mod:`distributed` is imported only then);
* the command: results appended to a JSON-lines file as they come, so that an interrupted survey
  resumes where it stopped (:func:`read_results`), a progress bar, an SVG plot
  (:func:`plot_svg`), and :func:`add_arguments` / :func:`run_command` for ``golf survey``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import itertools
import json
import math
import os
import re
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterable, Iterator, Sequence
from xml.sax.saxutils import escape

from golfcore.solitaire import engine
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.errors import GolfError
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.scoring import POINTS, STROKES
from golfcore.solitaire.solver import solver_for
from golfcore.framework.compose import find_variant

PROG = "golf"

#: z for a two-sided 95 % interval: the 97.5th percentile of the standard normal distribution.
Z95 = 1.959963984540054

#: The fields every record has, in the order they are written.
RECORD_FIELDS = ("deal", "variant", "winnable", "best_removed", "best_score", "outcome",
                 "visited", "seconds", "complete", "best", "limit")

#: How many separating deals the text report lists for each pair of variants.
LISTED_DEALS = 20

Task = tuple[str, int]          # (variant, deal)
Record = dict[str, Any]


# -- the pure core -------------------------------------------------------------------------------


def parse_deals(text: str) -> tuple[int, int]:
    """``"1..200"`` → ``(1, 200)``; ``"7"`` → ``(7, 7)``. Raises :class:`GolfError`."""
    if not isinstance(text, str) or not text.strip():
        raise GolfError("--deals needs a deal number or a range A..B, such as 1..200")
    m = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", text)
    if not m:
        hint = ""
        if re.fullmatch(r"\s*\d+\s*[-:,]\s*\d+\s*", text):
            first, last = re.findall(r"\d+", text)
            hint = f" (write {first}..{last})"
        raise GolfError(f"--deals {text!r} is not a deal number or a range A..B such as "
                        f"1..200{hint}")
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first
    if first < 1:
        raise GolfError(f"--deals {text.strip()}: deal numbers start at 1")
    if first > last:
        raise GolfError(f"--deals {text.strip()}: the first deal ({first}) comes after the last "
                        f"({last}); write {last}..{first}")
    if last > MAX_DEAL:
        raise GolfError(f"--deals {text.strip()}: deal numbers go from 1 to {MAX_DEAL}")
    return first, last


def parse_variants(texts: str | Sequence[str]) -> list[str]:
    """Variant names, comma-separated (or a list of such texts), as canonical names, each once:
    ``"facil,clasico"`` → ``["app-facil", "app-clasico"]``. Raises :class:`GolfError` for an
    unknown variant (with a suggestion) or none at all."""
    if isinstance(texts, str):
        texts = [texts]
    names: list[str] = []
    for text in texts:
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            name = find_variant(part).name
            rule_set(name)  # a variant whose rules cannot be loaded fails here, not in a worker
            if name not in names:
                names.append(name)
    if not names:
        raise GolfError("--variant needs at least one variant name, such as "
                        "app-facil,app-clasico")
    return names


def survey_tasks(variants: Sequence[str], first: int, last: int,
                 done: Iterable[tuple[int, str]] = ()) -> list[Task]:
    """Every ``(variant, deal)`` of a survey, deal by deal (so that an interrupted survey has
    whole deals for the comparison of variants), leaving out the ``(deal, variant)`` pairs in
    ``done``."""
    skip = set(done)
    return [(variant, deal) for deal in range(first, last + 1) for variant in variants
            if (deal, variant) not in skip]


def solve_deal(variant: str, deal: int, best: bool = True, limit: int | None = None) -> Record:
    """Solve deal ``deal`` under ``variant`` and return its record (JSON-ready).

    Top level and picklable: it runs in worker processes and on Dask workers. The rule set and
    the solver's tables are built once per process (:func:`golfcore.rules.rule_set` and
    :func:`golfcore.solver.solver_for` cache them); answers are never cached.
    """
    rules = rule_set(variant)
    solver = solver_for(rules)
    result = solver.solve(engine.start_deal(rules, deal).position, best=best, limit=limit)
    return {
        "deal": deal,
        "variant": variant,
        "winnable": result.winnable,
        "best_removed": result.best_removed,
        "best_score": result.best_score.to_json() if result.best_score is not None else None,
        "outcome": result.best_outcome.value,
        "visited": result.visited,
        "seconds": round(result.seconds, 6),
        "complete": result.complete,
        "best": best,
        "limit": limit,
    }


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``n`` trials.

    With p = successes/n: (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n). Unlike the normal
    approximation p ± z·√(p(1-p)/n) it stays inside [0, 1] and is not empty at 0 or n.
    ``n == 0`` gives (0, 1): nothing is known.
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted data, interpolating linearly between ranks."""
    if not ordered:
        raise ValueError("no data")
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def unique_records(records: Iterable[Record]) -> dict[tuple[int, str], Record]:
    """Records by ``(deal, variant)``, each pair once (the first record for it wins)."""
    out: dict[tuple[int, str], Record] = {}
    for record in records:
        out.setdefault((record["deal"], record["variant"]), record)
    return out


def summarize(records: Iterable[Record], variants: Sequence[str] | None = None) -> dict[str, Any]:
    """The survey's figures from its records (each ``(deal, variant)`` counted once).

    Per variant: ``n`` deals solved, ``winnable``, ``lost`` and ``undecided`` (a ``--limit``
    stopped the search), ``share`` winnable among the decided deals with its Wilson 95 %
    interval ``ci``, ``mean_best_removed`` and ``mean_score`` (``None`` when the best result
    was not searched, or the variant keeps no points or strokes), ``time`` per deal (solver
    seconds: mean, median, p90, max, total) and ``visited`` (positions searched, in total).
    ``pairs``: for every ordered pair of variants, the deals winnable under the first and lost
    under the second (among the deals solved under both).
    """
    by_key = unique_records(records)
    if variants is None:
        variants = list(dict.fromkeys(variant for _, variant in by_key))
    per: dict[str, dict[int, Record]] = {v: {} for v in variants}
    for (deal, variant), record in sorted(by_key.items()):
        if variant in per:
            per[variant][deal] = record
    rows = []
    for variant in variants:
        recs = list(per[variant].values())
        n = len(recs)
        won = sum(1 for r in recs if r["winnable"] is True)
        lost = sum(1 for r in recs if r["winnable"] is False)
        decided = won + lost
        low, high = wilson_interval(won, decided)
        searched = bool(recs) and all(r.get("best", True) for r in recs)
        kinds = {r["best_score"]["kind"] for r in recs if r.get("best_score")}
        kind = kinds.pop() if len(kinds) == 1 else None
        scores = [r["best_score"]["value"] for r in recs
                  if r.get("best_score") and r["best_score"].get("value") is not None]
        has_score = searched and kind in (POINTS, STROKES) and len(scores) == n and n > 0
        seconds = sorted(float(r["seconds"]) for r in recs)
        rows.append({
            "variant": variant,
            "n": n,
            "winnable": won,
            "lost": lost,
            "undecided": n - decided,
            "share": won / decided if decided else None,
            "ci": [low, high],
            "best_searched": searched,
            "mean_best_removed": (statistics.fmean(r["best_removed"] for r in recs)
                                  if searched else None),
            "score_kind": kind,
            "mean_score": statistics.fmean(scores) if has_score else None,
            "time": {
                "mean": statistics.fmean(seconds) if seconds else None,
                "median": _percentile(seconds, 0.5) if seconds else None,
                "p90": _percentile(seconds, 0.9) if seconds else None,
                "max": seconds[-1] if seconds else None,
                "total": math.fsum(seconds),
            },
            "visited": sum(int(r["visited"]) for r in recs),
        })
    pairs = []
    for a, b in itertools.permutations(variants, 2):
        deals = sorted(d for d, r in per[a].items()
                       if r["winnable"] is True and d in per[b] and per[b][d]["winnable"] is False)
        pairs.append({"winnable_in": a, "lost_in": b, "count": len(deals), "deals": deals})
    return {"variants": rows, "pairs": pairs}


# -- the results file ----------------------------------------------------------------------------


def default_output(variants: Sequence[str], first: int, last: int) -> str:
    """``survey-<variants>-<A>-<B>.jsonl`` (in the current directory)."""
    names = ",".join(re.sub(r"[^A-Za-z0-9._+=-]", "_", v) for v in variants)
    return f"survey-{names}-{first}-{last}.jsonl"


@dataclass
class Resume:
    """What an existing results file holds for this survey (see :func:`read_results`)."""

    done: dict[tuple[int, str], Record] = field(default_factory=dict)
    outside: int = 0            # records for deals or variants this survey does not ask for
    duplicates: int = 0         # lines for a (deal, variant) already read
    truncated: bool = False     # a last line cut off mid-write was removed
    needs_newline: bool = False  # the last record has no line end yet


def _check_record(data: Any, where: str) -> Record:
    if not isinstance(data, dict) or not all(k in data for k in ("deal", "variant", "winnable")):
        raise GolfError(f"{where} is not a survey record (expected a JSON object with deal, "
                        f"variant, winnable ...): is this the results file of a survey?")
    missing = [k for k in RECORD_FIELDS if k not in data]
    if missing or isinstance(data["deal"], bool) or not isinstance(data["deal"], int) \
            or not isinstance(data["variant"], str):
        raise GolfError(f"{where} is not a complete survey record"
                        + (f" (missing {', '.join(missing)})" if missing else ""))
    return data


def _options_text(best: Any, limit: Any) -> str:
    parts = ["best result searched" if best else "--no-best"]
    parts.append(f"--limit {limit}" if limit is not None else "no --limit")
    return ", ".join(parts)


def read_results(path: str, variants: Sequence[str], first: int, last: int, best: bool,
                 limit: int | None, repair: bool = True) -> Resume:
    """Read a results file to resume a survey.

    A last line cut off mid-write (no line end, not valid JSON) is truncated away (when
    ``repair``). Records for other deals or variants are counted in ``outside`` and left alone.
    Each ``(deal, variant)`` is taken once (``duplicates`` counts the extra lines). A record made
    with other solver options (``best``, ``limit``) would mix results: :class:`GolfError`.
    So does anything that is not a survey record.
    """
    resume = Resume()
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return resume
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot read {path}: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    tail = lines.pop()          # after the last line end: b"" when the file ends with one
    if tail.strip():
        try:
            json.loads(tail)
            lines.append(tail)
            resume.needs_newline = True
        except ValueError:
            if not tail.lstrip().startswith(b"{"):
                raise GolfError(f"{path}: the last line is not a survey record: is this the "
                                f"results file of a survey?") from None
            resume.truncated = True
            if repair:
                try:
                    with open(path, "r+b") as f:
                        f.truncate(len(raw) - len(tail))
                except OSError as exc:
                    raise GolfError(f"cannot repair {path}: {exc.strerror or exc}") from None
    wanted = set(variants)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except ValueError:
            raise GolfError(f"{where} is not valid JSON: is this the results file of a "
                            f"survey?") from None
        record = _check_record(data, where)
        if bool(record["best"]) != best or record["limit"] != limit:
            raise GolfError(
                f"{path} holds results of a survey with other options ("
                f"{_options_text(record['best'], record['limit'])}; this one: "
                f"{_options_text(best, limit)}): resuming would mix them. Run with the same "
                f"options, or give another --output")
        key = (record["deal"], record["variant"])
        if record["variant"] not in wanted or not first <= record["deal"] <= last:
            resume.outside += 1
            continue
        if key in resume.done:
            resume.duplicates += 1
            continue
        resume.done[key] = record
    return resume


# -- execution backends --------------------------------------------------------------------------


def _quiet_worker() -> None:
    """Worker processes leave Ctrl-C to the main process (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_in_process(tasks: Sequence[Task], best: bool, limit: int | None) -> Iterator[Record]:
    for variant, deal in tasks:
        yield solve_deal(variant, deal, best, limit)


def run_processes(tasks: Sequence[Task], best: bool, limit: int | None,
                  workers: int) -> Iterator[Record]:
    """Records from a pool of ``workers`` processes, as they complete, with a few tasks in
    flight per worker (so an interruption loses little and memory stays flat)."""
    if not tasks:
        return
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    todo = iter(tasks)
    pending: set[concurrent.futures.Future[Record]] = set()
    finished = False
    try:
        for variant, deal in itertools.islice(todo, 2 * workers):
            pending.add(pool.submit(solve_deal, variant, deal, best, limit))
        while pending:
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                yield future.result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(solve_deal, nxt[0], nxt[1], best, limit))
        finished = True
    finally:
        if not finished:   # interrupted: stop the solves still running, now
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise GolfError("--scheduler needs Dask's distributed package, which is not installed: "
                        "pip install 'golfcore[dask]' (the dask extra)") from None
    return distributed


def run_dask(tasks: Sequence[Task], best: bool, limit: int | None,
             address: str) -> Iterator[Record]:
    """Records from the Dask cluster whose scheduler is at ``address``, as they complete."""
    if not tasks:
        return
    distributed = _import_distributed()
    try:
        client = distributed.Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise GolfError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    pending: set[Any] = set()
    finished = False
    try:
        threads = sum(client.nthreads().values()) or 1
        todo = iter(tasks)
        window = max(64, 4 * threads)
        batch = [client.submit(solve_deal, v, d, best, limit, pure=False)
                 for v, d in itertools.islice(todo, window)]
        pending = set(batch)
        flow = distributed.as_completed(batch)
        for future in flow:
            pending.discard(future)
            try:
                record = future.result()
            except ImportError as exc:
                raise GolfError(f"a Dask worker cannot run the solver ({exc}): install golfcore "
                                f"(the same version) on every worker") from None
            yield record
            nxt = next(todo, None)
            if nxt is not None:
                new = client.submit(solve_deal, nxt[0], nxt[1], best, limit, pure=False)
                pending.add(new)
                flow.add(new)
        finished = True
    finally:
        if not finished:   # interrupted: the cluster stops working for this survey
            try:
                client.cancel(list(pending))
            except Exception:  # pragma: no cover - best effort while closing
                pass
        client.close()


# -- progress ------------------------------------------------------------------------------------


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


class Progress:
    """A progress bar on ``stream``: redrawn in place when it is a terminal, else a line every
    ``step`` percent. Counts solves (one deal under one variant)."""

    WIDTH = 30

    def __init__(self, total: int, done: int = 0, stream: IO[str] | None = None,
                 enabled: bool = True, step: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.start_done = self.done = done
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 0
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.step = step
        self.clock = clock
        self.started = clock()
        self.last_draw = -1.0
        self.next_line = self._next_threshold(self._percent())
        self.drawn = False

    def _percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 100.0

    def _next_threshold(self, percent: float) -> float:
        return (math.floor(percent / self.step) + 1) * self.step

    def text(self) -> str:
        elapsed = self.clock() - self.started
        new = self.done - self.start_done
        rate = new / elapsed if elapsed > 0 and new else 0.0
        left = self.total - self.done
        eta = _duration(left / rate) if rate else "?"
        percent = self._percent()
        filled = int(self.WIDTH * self.done / self.total) if self.total else self.WIDTH
        bar = "#" * filled + "." * (self.WIDTH - filled)
        return (f"survey [{bar}] {self.done}/{self.total} {percent:5.1f}%  "
                f"{rate:.1f} solves/s  ETA {eta if left else '0s'}")

    def update(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        if self.tty:
            now = self.clock()
            if now - self.last_draw >= 0.1 or self.done >= self.total:
                self.last_draw = now
                self.stream.write("\r" + self.text() + "\x1b[K")
                self.stream.flush()
                self.drawn = True
        elif self._percent() >= self.next_line or self.done >= self.total:
            self.next_line = self._next_threshold(self._percent())
            self.stream.write(self.text() + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty and self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


# -- the plot ------------------------------------------------------------------------------------


def plot_svg(summary: dict[str, Any], title: str = "Winnable deals") -> str:
    """An SVG bar chart: a bar per variant with its winnable share, the Wilson 95 % interval as
    whiskers, the share and n as labels, a percent axis with grid lines. Plain SVG 1.1 text."""
    rows = summary["variants"]
    bar, gap = 56, 36
    top, bottom, plot_h = 74, 110, 300
    plot_w = max(len(rows), 1) * (bar + gap) + gap
    width = max(64 + plot_w + 24, 440)
    left = (width - plot_w) // 2 + 20
    height = top + plot_h + bottom
    base_y = top + plot_h

    def y(share: float) -> float:
        return base_y - share * plot_h

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" '
        f'font-size="12">',
        f'<title>{escape(title)}</title>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2:.1f}" y="24" text-anchor="middle" font-size="16" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<text x="{width / 2:.1f}" y="42" text-anchor="middle" fill="#555">bars: share of '
        f'deals winnable; whiskers: Wilson 95 % interval</text>',
    ]
    for tick in range(0, 101, 10):
        ty = y(tick / 100)
        colour = "#ccc" if tick % 50 else "#999"
        out.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{left + plot_w}" y2="{ty:.1f}" '
                   f'stroke="{colour}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick}%</text>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base_y}" stroke="black"/>')
    out.append(f'<line x1="{left}" y1="{base_y}" x2="{left + plot_w}" y2="{base_y}" '
               f'stroke="black"/>')
    axis_x, axis_y = left - 46, top + plot_h / 2
    out.append(f'<text x="{axis_x}" y="{axis_y:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 {axis_x} {axis_y:.1f})">deals winnable</text>')
    palette = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
               "#ff9da7", "#9c755f", "#bab0ac")
    for i, row in enumerate(rows):
        x = left + gap + i * (bar + gap)
        cx = x + bar / 2
        share = row["share"]
        name = escape(row["variant"])
        if share is not None:
            low, high = row["ci"]
            out.append(f'<rect x="{x}" y="{y(share):.1f}" width="{bar}" '
                       f'height="{share * plot_h:.1f}" fill="{palette[i % len(palette)]}">'
                       f'<title>{name}: {row["winnable"]} of {row["winnable"] + row["lost"]} '
                       f'winnable ({100 * share:.1f} %, 95 % CI {100 * low:.1f}-'
                       f'{100 * high:.1f} %)</title></rect>')
            for value in (low, high):
                out.append(f'<line x1="{cx - 10:.1f}" y1="{y(value):.1f}" x2="{cx + 10:.1f}" '
                           f'y2="{y(value):.1f}" stroke="black" stroke-width="1.5"/>')
            out.append(f'<line x1="{cx:.1f}" y1="{y(low):.1f}" x2="{cx:.1f}" '
                       f'y2="{y(high):.1f}" stroke="black" stroke-width="1.5"/>')
            label_y = max(y(high) - 6, top - 2)
            out.append(f'<text x="{cx:.1f}" y="{label_y:.1f}" text-anchor="middle" '
                       f'font-weight="bold">{100 * share:.1f}%</text>')
        else:
            out.append(f'<text x="{cx:.1f}" y="{base_y - 6}" text-anchor="middle" '
                       f'fill="#555">no data</text>')
        out.append(f'<text x="{cx:.1f}" y="{base_y + 15}" text-anchor="middle" fill="#555" '
                   f'font-size="10">n={row["n"]}</text>')
        ly = base_y + 30
        out.append(f'<text x="{cx + 6:.1f}" y="{ly}" text-anchor="end" '
                   f'transform="rotate(-30 {cx + 6:.1f} {ly})">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the command ---------------------------------------------------------------------------------


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _positive(name: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= 1, "
                                             f"got {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= 1, got {value}")
        return value
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``golf survey``."""
    parser.add_argument("--variant", action="append", metavar="V[,V...]",
                        help="variants to survey, comma-separated or repeated (composed "
                             "variants such as cards4+jokers=2 work); default app-facil")
    parser.add_argument("--deals", required=True, metavar="A..B",
                        help=f"the deals to solve: a range such as 1..200, or one number "
                             f"(1 to {MAX_DEAL})")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive("--workers"), metavar="N",
                       help="local worker processes (default: the number of CPUs; 1 solves in "
                            "this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://host:8786); needs the dask extra: pip install "
                            "'golfcore[dask]', and golfcore on every worker")
    parser.add_argument("--output", "-o", metavar="FILE",
                        help="results file, one JSON record a line, appended to as results "
                             "come; an existing one is resumed (default: "
                             "survey-<variants>-<A>-<B>.jsonl here)")
    parser.add_argument("--plot", metavar="FILE.svg",
                        help="also draw the shares and their intervals as an SVG bar chart")
    parser.add_argument("--no-best", dest="best", action="store_false",
                        help="only decide won or lost, do not search the best result of lost "
                             "deals (much faster; mean best is then not reported)")
    parser.add_argument("--limit", type=_positive("--limit"), metavar="N",
                        help="give up on a deal after N positions (it counts as undecided)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar (notes about the results file still show)")


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _secs(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 10:
        return f"{value:.3f}s"
    return _duration(value)


def _table(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def format_summary(summary: dict[str, Any], listed: int = LISTED_DEALS) -> list[str]:
    """The text report: a row per variant, times per deal, then the separating deals."""
    rows = summary["variants"]
    undecided = any(r["undecided"] for r in rows)
    head = ["variant", "n", "winnable", "lost"] + (["undecided"] if undecided else []) + [
        "share", "95% CI", "mean removed", "mean score"]
    table = [head]
    for r in rows:
        low, high = r["ci"]
        ci = f"{100 * low:.1f}-{100 * high:.1f}%" if r["share"] is not None else "-"
        score = "-"
        if r["mean_score"] is not None:
            score = f"{r['mean_score']:.1f} {r['score_kind']}"
        table.append([r["variant"], str(r["n"]), str(r["winnable"]), str(r["lost"])]
                     + ([str(r["undecided"])] if undecided else [])
                     + [_pct(r["share"]), ci, _num(r["mean_best_removed"]), score])
    numeric = set(range(1, len(head)))
    lines = _table(table, right=numeric)
    if any(not r["best_searched"] for r in rows if r["n"]):
        lines.append("(mean removed and mean score: only when the best result is searched, "
                     "not with --no-best)")
    lines.append("")
    times = [["time per deal", "mean", "median", "p90", "max", "total", "positions"]]
    for r in rows:
        t = r["time"]
        times.append([r["variant"], _secs(t["mean"]), _secs(t["median"]), _secs(t["p90"]),
                      _secs(t["max"]), _secs(t["total"]), f"{r['visited']:,}"])
    lines += _table(times, right=set(range(1, 7)))
    for pair in summary["pairs"]:
        lines.append("")
        count = pair["count"]
        lines.append(f"winnable in {pair['winnable_in']}, lost in {pair['lost_in']}: "
                     f"{count} deal{'s' if count != 1 else ''}")
        if count:
            shown = " ".join(str(d) for d in pair["deals"][:listed])
            more = f" ... and {count - listed} more" if count > listed else ""
            lines.append(f"  {shown}{more}")
    return lines


def _open_results(path: str, needs_newline: bool) -> IO[str]:
    try:
        f = open(path, "a", encoding="utf-8")
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot write {path}: {exc.strerror or exc}") from None
    if needs_newline:
        f.write("\n")
        f.flush()
    return f


def default_workers() -> int:
    """The CPUs this process may use (``os.cpu_count()`` where that cannot be told)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _records_from(args: argparse.Namespace, tasks: Sequence[Task]) -> Iterator[Record]:
    if args.scheduler:
        return run_dask(tasks, args.best, args.limit, args.scheduler)
    workers = args.workers or default_workers()
    workers = min(workers, max(len(tasks), 1))
    if workers == 1:
        return run_in_process(tasks, args.best, args.limit)
    return run_processes(tasks, args.best, args.limit, workers)


def run_command(args: argparse.Namespace) -> int:
    """``golf survey``: solve, write records as they come, print the summary. Bad input raises
    :class:`GolfError` (``golf`` prints it as ``golf: error: ...``, exit status 1)."""
    first, last = parse_deals(args.deals)
    variants = parse_variants(args.variant or ["app-facil"])
    best = bool(getattr(args, "best", True))
    limit = getattr(args, "limit", None)
    quiet = bool(getattr(args, "quiet", False))
    output = args.output or default_output(variants, first, last)
    plot = getattr(args, "plot", None)
    if plot:
        folder = os.path.dirname(os.path.abspath(plot))
        if not os.path.isdir(folder):
            raise GolfError(f"--plot {plot}: no such folder {folder}")
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise GolfError(f"--output {output}: no such folder {folder}")
    if args.scheduler:
        _import_distributed()   # fail before reading or repairing anything
    resume = read_results(output, variants, first, last, best, limit)
    total = (last - first + 1) * len(variants)
    tasks = survey_tasks(variants, first, last, resume.done)
    # notes about the data are shown even with --quiet, which only silences the progress
    if resume.truncated:
        _err(f"{PROG} survey: note: removed a last line of {output} that was cut off "
             f"mid-write; that deal is solved again")
    if resume.outside:
        _err(f"{PROG} survey: note: {output} holds {resume.outside} record(s) for deals or "
             f"variants outside this survey; they stay in the file and are left out of "
             f"the summary")
    if resume.duplicates:
        _err(f"{PROG} survey: note: {output} repeats {resume.duplicates} record(s); each "
             f"deal and variant is counted once")
    if resume.done and not quiet:
        _err(f"{PROG} survey: resuming from {output}: {len(resume.done)} of {total} "
             f"already solved")
    records = dict(resume.done)
    progress = Progress(total, len(records), enabled=not quiet)
    started = time.perf_counter()
    interrupted = False
    f: IO[str] | None = None     # opened with the first result: no empty file when none comes
    results = _records_from(args, tasks)
    try:
        if tasks:
            progress.update(0)
        for record in results:
            key = (record["deal"], record["variant"])
            if key in records:      # never counted (or written) twice
                continue
            if f is None:
                f = _open_results(output, resume.needs_newline)
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            f.flush()
            records[key] = record
            progress.update()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        results.close()     # stops the workers at once when interrupted
        progress.close()
        if f is not None:
            f.close()
    if interrupted:
        _err(f"{PROG} survey: interrupted with {len(records)} of {total} solved; they are in "
             f"{output}: run the same command again to go on")
        return 130
    summary = summarize(records.values(), variants)
    if plot:
        deals = f"deal {first}" if first == last else f"deals {first}..{last}"
        svg = plot_svg(summary, title=f"Winnable deals, {deals}")
        try:
            with open(plot, "w", encoding="utf-8") as g:
                g.write(svg)
        except OSError as exc:
            raise GolfError(f"cannot write {plot}: {exc.strerror or exc}") from None
    if args.json:
        data = {
            "survey": {"variants": variants, "deals": [first, last], "best": best,
                       "limit": limit, "output": output, "plot": plot,
                       "backend": (f"dask {args.scheduler}" if args.scheduler else "local"),
                       "resumed": len(resume.done), "solved_now": len(tasks),
                       "ignored_outside": resume.outside, "duplicates": resume.duplicates,
                       "repaired": resume.truncated,
                       "seconds": round(time.perf_counter() - started, 3)},
            **summary,
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    deals = f"deal {first}" if first == last else f"deals {first}..{last}"
    how = "best result searched" if best else "won or lost only (--no-best)"
    if limit is not None:
        how += f", at most {limit:,} positions a deal"
    print(f"survey of {deals} under {len(variants)} variant{'s' if len(variants) != 1 else ''}"
          f": {how}; results in {output}")
    print()
    for line in format_summary(summary):
        print(line)
    return 0

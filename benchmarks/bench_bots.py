"""Measured strength of the card game's bots (docs/bots.md): run on demand.

    python benchmarks/bench_bots.py                       # everything, default sizes
    python benchmarks/bench_bots.py --rounds 400 --matches 100 --processes 2 --json out.json
    python benchmarks/bench_bots.py --only selfplay,dominated

Sections:

* ``selfplay``: greedy and random self-play, 2 players, the document's rules (card-golf) on
  2x3, 3x3 and 3x4: mean points per round with a 95% interval (targets of an independent
  simulation: greedy 12.1 / 22.8 / 28.5, random 40.8 / 63.9 / 86.3; greedy must be at or below);
* ``pairings``: heads-up matches to the variant's end, played by ``golf tournament``'s own
  machinery (golfcore.cardgame.tournament.play_match, seats alternating, each bot fed only its
  observation): strong against greedy on card-golf (3x3) and on six-card (goal: strong wins
  >= 65%, Wilson lower bound >= 60%, decision median <= 100 ms, p95 <= 500 ms), expert against
  strong on card-golf (goal: >= 60%, decision p95 <= 2 s) and, when golfcore's OpenSpiel adapter
  is installed (the ``openspiel`` extra; without it the section says so and skips them), strong
  and expert against OpenSpiel's ISMCTSBot at equal CPU time per decision (200 matches each;
  goal: expert >= 55%; see ``ismcts_pairings``). One table: the first bot's share of matches
  won (a shared win counts half) with its Wilson 95% interval, and the first bot's decision
  times, CPU time (the tournament's ``cpu_micros``: ``time.thread_time`` around ``act``, what
  the bot costs) and wall time (``micros``: what a player waits on this machine at its load);
* ``dominated``: dominated moves (golfcore.cardgame.bots.dominated) over greedy's, strong's and
  expert's decisions (goal: 0 over >= 10,000 decisions each);
* ``table4``: a 4-player table strong, greedy, greedy, random (seats rotating): mean points per
  round (goal: strictly ordered strong < greedy < random).

Work is spread over ``--processes`` worker processes (at most 2 on the shared machine). The
seeds are fixed: the same options give the same figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import math
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from golfcore.adapters import MissingExtra
from golfcore.cardgame.bots import dominated, find_bot
from golfcore.cardgame.match import Match
from golfcore.cardgame.tournament import MATCHES, Entrant, parse_entrant, play_match, summarize
from golfcore.runs.stats import percentile

SHAPES = ("2x3", "3x3", "3x4")
TARGETS = {"greedy": {"2x3": 12.1, "3x3": 22.8, "3x4": 28.5},
           "random": {"2x3": 40.8, "3x3": 63.9, "3x4": 86.3}}


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    if len(values) < 2:
        return (values[0] if values else float("nan"), float("nan"))
    return statistics.mean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# -- jobs (run in worker processes) ----------------------------------------------------------------


def job_round(args: tuple[str, list[str], int, bool, dict[str, Any]]) -> dict[str, Any]:
    """One round: the seats' scores, decision times and dominated moves of greedy and strong."""
    variant, names, seed, check, options = args
    match = Match(variant, players=len(names), seed=seed)
    bots = [find_bot(n)(variant, s, seed * 16 + s, **options.get(n, {}))
            for s, n in enumerate(names)]
    times: list[float] = []
    decisions = {"greedy": 0, "strong": 0, "expert": 0}
    bad: list[str] = []
    while not match.round_over:
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat).to_json()
        start = time.perf_counter()
        action = bots[seat].act(obs)
        spent = time.perf_counter() - start
        name = names[seat]
        if name == "strong":
            times.append(spent)
        if check and name in decisions:
            decisions[name] += 1
            why = dominated(obs, action)
            if why is not None:
                bad.append(f"{name} {action}: {why}")
        match.act(seat, action)
    return {"scores": list(match.state.results[-1].scores), "times": times,
            "decisions": decisions, "dominated": bad}


def entrants(labels: list[str]) -> list[Entrant]:
    """The tournament's entrants for ``labels`` (``strong``, ``strong:iterations=48``); the
    tournament times each decision in CPU time and wall time (``cpu_micros``, ``micros``)."""
    return [parse_entrant(label) for label in labels]


def job_pairing(args: tuple[str, list[str], int, int]) -> dict[str, Any]:
    """Match ``k`` of a heads-up pairing through the tournament's own :func:`play_match`
    (seats alternate with ``k``, every decision judged for dominance); its record, plus each
    bot's CPU time per decision (``cpu_micros``, by bot), as ``golf tournament`` writes it."""
    variant, labels, seed, k = args
    return play_match(variant, entrants(labels), seed, k, MATCHES)


# -- sections --------------------------------------------------------------------------------------


def selfplay(pool: Any, rounds: int, options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("greedy", "random"):
        for shape in SHAPES:
            variant = f"card-golf+shape={shape}"
            jobs = [(variant, [name, name], seed, False, options) for seed in range(1, rounds + 1)]
            scores = [x for r in pool.map(job_round, jobs, chunksize=8) for x in r["scores"]]
            mean, half = mean_ci(scores)
            target = TARGETS[name][shape]
            out[f"{name} {shape}"] = {"mean": mean, "ci95": half, "target": target,
                                      "rounds": rounds, "met": mean <= target
                                      if name == "greedy" else None}
    return out


#: The pairings: (key, variant, first bot, second bot, goal share, goal lower bound, goal median
#: seconds, goal p95 seconds). The first bot's share of matches is measured.
PAIRINGS: list[tuple[str, str, str, str, float, float | None, float | None, float | None]] = [
    ("strong-greedy-3x3", "card-golf", "strong", "greedy", 0.65, 0.60, 0.1, 0.5),
    ("strong-greedy-six", "six-card", "strong", "greedy", 0.65, 0.60, 0.1, 0.5),
    ("expert-strong-3x3", "card-golf", "expert", "strong", 0.60, None, None, 2.0),
]


#: The goals are stated on this many matches a pairing: with fewer, "met" is not judged.
GOAL_MATCHES = 400


def records_path(directory: str | None, key: str) -> str | None:
    return os.path.join(directory, f"{key}.jsonl") if directory else None


def read_records(path: str | None) -> dict[int, dict[str, Any]]:
    """The records already in ``path`` (a cut-off last line is ignored), by match number."""
    out: dict[int, dict[str, Any]] = {}
    if not path or not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            out[int(record["match"])] = record
    return out


def pairings(pool: Any, matches: int | None, keys: set[str], seed: int, directory: str | None,
             play: bool = True) -> dict[str, Any]:
    """Play (or, with ``play`` false, only read) the pairings' matches; their figures.
    ``matches`` per pairing (``None``: 100, and :data:`ISMCTS_MATCHES` against ISMCTS)."""
    out: dict[str, Any] = {}
    for key, variant, first, second, share_goal, low_goal, median_goal, p95_goal in PAIRINGS:
        if key not in keys:
            continue
        path = records_path(directory, key)
        jobs = [(variant, [first, second], seed, k)
                for k in range(100 if matches is None else matches)]
        records = play_records(pool, job_pairing, jobs, path, play)
        out[key] = pairing_row(variant, first, second, records, share_goal, low_goal,
                               median_goal, p95_goal)
    missing = None
    if keys & {p[0] for p in ISMCTS_PAIRINGS}:
        missing = openspiel_missing()
        if missing is None:
            out.update(ismcts_pairings(pool, ISMCTS_MATCHES if matches is None else matches,
                                       keys, seed, directory, play))
    print_pairings(list(out.values()), ismcts_rows=missing is None)
    if missing is not None:
        print(f"OpenSpiel's ISMCTSBot: not measured, skipped ({missing})")
    return out


def play_records(pool: Any, job: Any, jobs: list[tuple[Any, ...]], path: str | None,
                 play: bool) -> list[dict[str, Any]]:
    """The records of ``jobs`` (match ``k`` is each job's fourth item): those in ``path``
    already, and (``play``) the others played by ``job`` in ``pool``, each appended to
    ``path`` as it comes."""
    done = read_records(path)
    todo = [j for j in jobs if j[3] not in done] if play else []
    sink = open(path, "a", encoding="utf-8") if path and todo else None
    try:
        for record in pool.imap_unordered(job, todo):
            done[int(record["match"])] = record
            if sink:
                sink.write(json.dumps(record) + "\n")
                sink.flush()
    finally:
        if sink:
            sink.close()
    return [done[k] for k in sorted(done)]


def pairing_row(variant: str, first: str, second: str, records: list[dict[str, Any]],
                share_goal: float | None, low_goal: float | None, median_goal: float | None,
                p95_goal: float | None, goal_matches: int = GOAL_MATCHES) -> dict[str, Any]:
    n = len(records)
    won = sum(1.0 / len(r["winners"]) for r in records if 0 in r["winners"])
    low, high = wilson(won, n)
    summary = summarize(records, [first, second])
    row: dict[str, Any] = {"variant": variant, "first": first, "second": second, "matches": n,
                           "rounds": summary["rounds"], "share": won / n if n else None,
                           "wilson95": [low, high], "goal_share": share_goal,
                           "goal_low": low_goal, "goal_median_s": median_goal,
                           "goal_p95_s": p95_goal, "goal_matches": goal_matches,
                           "points_per_round": [r["mean_per_round"] for r in summary["seats"]],
                           "decisions": [r["decisions"] for r in summary["seats"]],
                           "dominated": [r["dominated"] for r in summary["seats"]]}
    for kind, field in (("cpu", "cpu_micros"), ("wall", "micros")):
        times = sorted(t for r in records for t in r.get(field, [[]])[0])
        row[f"{kind}_ms"] = ({"median": percentile(times, 0.5) / 1000,
                              "p95": percentile(times, 0.95) / 1000, "decisions": len(times)}
                             if times else None)
    # a goal is judged on the matches it names (GOAL_MATCHES), never on fewer
    met: bool | None = None if n < goal_matches or share_goal is None else (
        won / n >= share_goal and (low_goal is None or low >= low_goal))
    cpu = row["cpu_ms"]
    time_met = cpu is not None and (median_goal is None or cpu["median"] <= 1000 * median_goal) \
        and (p95_goal is None or cpu["p95"] <= 1000 * p95_goal)
    row["met"] = {"share": met, "time_cpu": time_met}
    return row


# -- against OpenSpiel's ISMCTSBot, at equal CPU time per decision ---------------------------------

#: (key, variant, first bot, goal share): the first bot against OpenSpiel's ISMCTSBot playing
#: through golfcore's OpenSpiel adapter (golfcore.adapters.openspiel.ismcts_seat.ISMCTSSeat).
ISMCTS_PAIRINGS: list[tuple[str, str, str, float | None]] = [
    ("strong-ismcts", "card-golf", "strong", None),
    ("expert-ismcts", "card-golf", "expert", 0.55),
]
#: Matches a pairing against ISMCTS by default, and the number its goal is stated on.
ISMCTS_MATCHES = 200
#: The simulation counts ISMCTS is timed at in the calibration; the greedy self-play rounds
#: whose observations it is timed on.
PROBES = (4, 16)
CALIBRATION_ROUNDS = 1
#: The tournament seed of the calibration's match (the pairings' seed is 20 by default).
CALIBRATION_SEED = 999


def openspiel_missing() -> str | None:
    """Why OpenSpiel's ISMCTSBot cannot play here, or ``None`` when it can."""
    try:
        import golfcore.adapters.openspiel.ismcts_seat  # noqa: F401
    except (MissingExtra, ImportError) as exc:
        return str(exc)
    return None


class ISMCTS:
    """:class:`golfcore.adapters.openspiel.ismcts_seat.ISMCTSSeat` as a tournament entrant
    (the tournament times its decisions as every bot's)."""

    def __init__(self, label: str, variant: str, seat: int, seed: int, **options: Any) -> None:
        from golfcore.adapters.openspiel.ismcts_seat import ISMCTSSeat

        self.bot = ISMCTSSeat(variant, seat, seed, **options)
        self.label = label

    def act(self, observation: Any) -> str:
        action: str = self.bot.act(observation)
        return action


def calibration_observations(variant: str, rounds: int) -> list[dict[str, Any]]:
    """The observations of every decision with a choice (two legal actions or more) in
    ``rounds`` rounds of greedy self-play, heads-up."""
    out = []
    for seed in range(1, rounds + 1):
        match = Match(variant, players=2, seed=7000 + seed)
        bots = [find_bot("greedy")(variant, s, seed * 16 + s) for s in range(2)]
        while not match.round_over:
            seat = match.turn
            assert seat is not None
            obs = match.observation(seat).to_json()
            if len(obs["legal"]) > 1:
                out.append(obs)
            match.act(seat, bots[seat].act(obs))
    return out


def _median_ms(micros: list[int]) -> float:
    return statistics.median(micros) / 1000 if micros else float("nan")


def job_calibrate(args: tuple[str, str, int]) -> dict[str, Any]:
    """How many simulations give ISMCTS the median CPU time per decision of ``opponent``:
    both timed (``time.thread_time``) on the same observations, interleaved, ISMCTS at each
    of :data:`PROBES` simulations; its time taken as linear in the simulations between them."""
    from golfcore.adapters.openspiel.ismcts_seat import ISMCTSSeat

    variant, opponent, rounds = args
    observations = calibration_observations(variant, rounds)
    theirs = [find_bot(opponent)(variant, s, 100 + s) for s in range(2)]
    ours = {k: [ISMCTSSeat(variant, s, 200 + s, simulations=k) for s in range(2)]
            for k in PROBES}
    times: dict[str, list[int]] = {"opponent": [], **{str(k): [] for k in PROBES}}
    for obs in observations:
        seat = obs["seat"]
        for key, bot in [("opponent", theirs[seat])] + [(str(k), ours[k][seat])
                                                        for k in PROBES]:
            start = time.thread_time()
            bot.act(obs)
            times[key].append(round(1e6 * (time.thread_time() - start)))
    target = _median_ms(times["opponent"])
    (k0, k1), (t0, t1) = PROBES, (_median_ms(times[str(k)]) for k in PROBES)
    per = max((t1 - t0) / (k1 - k0), 1e-6)
    simulations = max(1, round(k0 + (target - t0) / per))
    return {"opponent": opponent, "decisions": len(observations), "opponent_cpu_ms": target,
            "ismcts_cpu_ms": {str(k): _median_ms(times[str(k)]) for k in PROBES},
            "ms_per_simulation": per, "simulations": simulations}


def job_calibrate_match(args: tuple[str, str, int, float]) -> dict[str, Any]:
    """The calibration's second step: one match of ``first`` against ISMCTS at the first
    step's ``simulations`` (tournament seed :data:`CALIBRATION_SEED`, not the pairing's), both
    bots' median CPU time per decision in it, and the simulations that make ISMCTS's median
    the first bot's there (``per`` ms a simulation, from the first step)."""
    variant, first, simulations, per = args
    record = job_ismcts_pairing((variant, first, CALIBRATION_SEED, 0, simulations))
    theirs, ours = (_median_ms(times) for times in record["cpu_micros"])
    return {"simulations_tried": simulations, "opponent_cpu_ms": theirs,
            "ismcts_cpu_ms": ours, "decisions": record["decisions"],
            "simulations": max(1, round(simulations + (theirs - ours) / per))}


def ismcts_entrants(first: str, simulations: int) -> list[Entrant]:
    """``first`` (timed) and ISMCTS with ``simulations`` per decision (timed)."""
    label = f"ismcts:simulations={simulations}"
    return entrants([first]) + [Entrant(label, functools.partial(ISMCTS, label),
                                        (("simulations", simulations),))]


def job_ismcts_pairing(args: tuple[str, str, int, int, int]) -> dict[str, Any]:
    """Match ``k`` of ``first`` against ISMCTS, as :func:`job_pairing` plays one."""
    variant, first, seed, k, simulations = args
    return play_match(variant, ismcts_entrants(first, simulations), seed, k, MATCHES)


def calibration(pool: Any, todo: list[tuple[str, str, str]], directory: str | None,
                play: bool) -> dict[str, dict[str, Any]]:
    """Each pairing's calibration, in two steps: :func:`job_calibrate` on observations of
    greedy's play, then :func:`job_calibrate_match` corrects it on one match of the pairing
    itself (the decisions of a match against ISMCTS are not greedy's: the first step alone
    left ISMCTS's median 16% and 27% above strong's and expert's in the matches). Read from
    ``DIR/<key>.calibration.json`` when a run left one there (a resumed run keeps its
    simulations), else measured now (the pairings' calibrations in parallel) and kept
    there."""
    out: dict[str, dict[str, Any]] = {}
    jobs = []
    for key, variant, first in todo:
        path = os.path.join(directory, f"{key}.calibration.json") if directory else None
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                out[key] = json.load(fh)
        elif play:
            jobs.append((key, path, (variant, first, CALIBRATION_ROUNDS)))
    firsts = pool.map(job_calibrate, [j[2] for j in jobs])
    seconds = pool.map(job_calibrate_match, [
        (variant, first, found["simulations"], found["ms_per_simulation"])
        for (_, _, (variant, first, _)), found in zip(jobs, firsts)])
    for (key, path, _), found, match in zip(jobs, firsts, seconds):
        found = {**found, "first_step_simulations": found["simulations"], "match": match,
                 "simulations": match["simulations"]}
        out[key] = found
        if path:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(found, fh, indent=2)
    return out


def ismcts_pairings(pool: Any, matches: int, keys: set[str], seed: int, directory: str | None,
                    play: bool = True) -> dict[str, Any]:
    """strong and expert against OpenSpiel's ISMCTSBot (``ISMCTSSeat``) through golfcore's
    OpenSpiel adapter, heads-up, at equal CPU time per decision: ISMCTS's simulations per
    decision are calibrated first (:func:`calibration`) so that its median CPU time per
    decision is the first bot's; the table shows both medians as measured in the matches."""
    todo = [(key, variant, first) for key, variant, first, _ in ISMCTS_PAIRINGS if key in keys]
    calibrated = calibration(pool, todo, directory, play)
    out: dict[str, Any] = {}
    for key, variant, first, share_goal in ISMCTS_PAIRINGS:
        if key not in calibrated:
            continue
        cal = calibrated[key]
        print(f"calibration of {key}: {first} {cal['opponent_cpu_ms']:.0f} ms CPU median over "
              f"{cal['decisions']} decisions; ISMCTS {cal['ms_per_simulation']:.1f} ms a "
              f"simulation: {cal.get('first_step_simulations', cal['simulations'])} "
              f"simulations a decision")
        if "match" in cal:
            m = cal["match"]
            print(f"  in a match at {m['simulations_tried']}: {first} {m['opponent_cpu_ms']:.0f}"
                  f" ms, ISMCTS {m['ismcts_cpu_ms']:.0f} ms median: {cal['simulations']} "
                  f"simulations a decision")
        sims = int(cal["simulations"])
        jobs = [(variant, first, seed, k, sims) for k in range(matches)]
        records = play_records(pool, job_ismcts_pairing, jobs, records_path(directory, key),
                               play)
        row = pairing_row(variant, first, f"ismcts:simulations={sims}", records, share_goal,
                          None, None, None, ISMCTS_MATCHES)
        theirs = sorted(t for r in records for t in r.get("cpu_micros", [[], []])[1])
        row["second_cpu_ms"] = ({"median": percentile(theirs, 0.5) / 1000,
                                 "p95": percentile(theirs, 0.95) / 1000,
                                 "decisions": len(theirs)} if theirs else None)
        row["calibration"] = cal
        mine, other = row["cpu_ms"], row["second_cpu_ms"]
        row["met"]["equal_time"] = (None if mine is None or other is None
                                    else 0.8 <= other["median"] / mine["median"] <= 1.25)
        row["met"]["time_cpu"] = row["met"]["equal_time"]
        out[key] = row
    return out


def dominated_section(pool: Any, rounds: int, options: dict[str, Any],
                      extra: dict[str, Any] | None) -> dict[str, Any]:
    decisions = {"greedy": 0, "strong": 0, "expert": 0}
    bad: list[str] = []
    variants = ["card-golf", "card-golf+shape=2x3", "card-golf+shape=3x4", "six-card",
                "card-golf+shape=2x2+players=4"]
    jobs = []
    for k in range(rounds):
        variant = variants[k % len(variants)]
        players = 4 if "players=4" in variant else 2
        names = [("strong", "greedy", "random", "expert")[(k + s) % 4] for s in range(players)]
        jobs.append((variant, names, 5000 + k, True, options))
    for r in pool.map(job_round, jobs, chunksize=4):
        bad += r["dominated"]
        for name in decisions:
            decisions[name] += r["decisions"][name]
    count = len(bad)
    if extra:      # the pairings' decisions, judged by the tournament
        for name in decisions:
            decisions[name] += extra["decisions"].get(name, 0)
            count += extra["dominated"].get(name, 0)
    return {"decisions": decisions, "dominated": count, "examples": bad[:10],
            "met": not count and min(decisions.values()) >= 10_000}


def table4(pool: Any, rounds: int, options: dict[str, Any]) -> dict[str, Any]:
    seats = ["strong", "greedy", "greedy", "random"]
    per: dict[str, list[float]] = {"strong": [], "greedy": [], "random": []}
    jobs = []
    for k in range(rounds):
        names = seats[k % 4:] + seats[:k % 4]
        jobs.append(("card-golf", names, 9000 + k, False, options))
    for job, r in zip(jobs, pool.map(job_round, jobs, chunksize=2)):
        for name, score in zip(job[1], r["scores"]):
            per[name].append(score)
    out: dict[str, Any] = {}
    for name, values in per.items():
        mean, half = mean_ci(values)
        out[name] = {"mean": mean, "ci95": half}
    out["met"] = out["strong"]["mean"] < out["greedy"]["mean"] < out["random"]["mean"]
    out["rounds"] = rounds
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per self-play figure")
    parser.add_argument("--matches", type=int, default=None,
                        help="heads-up matches per pairing (default 100, and 200 against "
                             "ISMCTS; the goals ask for 400 and 200)")
    parser.add_argument("--pairings", default=",".join([p[0] for p in PAIRINGS]
                                                       + [p[0] for p in ISMCTS_PAIRINGS]),
                        help="comma-separated pairings to play (default: all)")
    parser.add_argument("--seed", type=int, default=20, help="the pairings' tournament seed")
    parser.add_argument("--records", metavar="DIR",
                        help="keep each pairing's match records in DIR/<pairing>.jsonl; matches "
                             "already there are not played again (a run can be resumed or "
                             "made longer)")
    parser.add_argument("--report-only", action="store_true",
                        help="play nothing: the pairings' table from the records in --records")
    parser.add_argument("--dominated-rounds", type=int, default=600,
                        help="extra mixed rounds checked for dominated moves")
    parser.add_argument("--table-rounds", type=int, default=200, help="4-player rounds")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (<= 2)")
    parser.add_argument("--only", default="selfplay,pairings,dominated,table4",
                        help="comma-separated sections")
    parser.add_argument("--strong", default="",
                        help="strong's options, e.g. iterations=32,objective=round")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    strong: dict[str, Any] = {}
    for item in filter(None, args.strong.split(",")):
        key, _, value = item.partition("=")
        try:
            strong[key] = float(value) if "." in value else int(value)
        except ValueError:
            strong[key] = value           # e.g. objective=round
    options = {"strong": strong}
    sections = set(args.only.split(","))
    if args.report_only:
        sections = {"pairings"}
    report: dict[str, Any] = {"options": vars(args)}
    started = time.time()
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    with Pool(max(1, min(args.processes, 2))) as pool:
        if "selfplay" in sections:
            report["selfplay"] = selfplay(pool, args.rounds, options)
            print_selfplay(report["selfplay"])
        extra: dict[str, Any] | None = None
        if "pairings" in sections:
            print(f"\nheads-up matches to the variant's end (seats alternating), tournament "
                  f"seed {args.seed}: the first bot's share won (shared wins half), Wilson 95%, "
                  f"its decision times (CPU / wall, ms)")
            rows = pairings(pool, args.matches, set(args.pairings.split(",")), args.seed,
                            args.records, play=not args.report_only)
            report["pairings"] = rows
            extra = {"decisions": {}, "dominated": {}}
            for row in rows.values():
                for name, d, bad in zip((row["first"], row["second"]), row["decisions"],
                                        row["dominated"]):
                    extra["decisions"][name] = extra["decisions"].get(name, 0) + d
                    extra["dominated"][name] = extra["dominated"].get(name, 0) + bad
        if "dominated" in sections:
            report["dominated"] = dominated_section(pool, args.dominated_rounds, options, extra)
            d = report["dominated"]
            counts = ", ".join(f"{d['decisions'][n]} {n}" for n in sorted(d["decisions"]))
            print(f"\ndominated moves: {d['dominated']} over {counts} decisions (goal 0 over "
                  f">= 10,000 each) {'MET' if d['met'] else 'NOT MET'}")
            for example in d["examples"]:
                print("   ", example)
        if "table4" in sections:
            report["table4"] = table4(pool, args.table_rounds, options)
            t = report["table4"]
            print(f"\n4 players (strong, greedy, greedy, random), card-golf 3x3, "
                  f"{t['rounds']} rounds: points per round")
            for name in ("strong", "greedy", "random"):
                print(f"  {name:7} {t[name]['mean']:6.2f} ± {t[name]['ci95']:.2f}")
            print(f"  strictly ordered: {'MET' if t['met'] else 'NOT MET'}")
    report["seconds"] = time.time() - started
    print(f"\n{report['seconds']:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
    return 0


def print_selfplay(rows: dict[str, Any]) -> None:
    print("self-play, 2 players, card-golf: points per round (95% interval)")
    print(f"  {'bot/shape':14} {'mean':>7} {'±':>6} {'target':>7}  goal")
    for key, row in rows.items():
        goal = "" if row["met"] is None else ("MET" if row["met"] else "NOT MET")
        print(f"  {key:14} {row['mean']:7.2f} {row['ci95']:6.2f} {row['target']:7.1f}  {goal}")


def print_pairings(rows: list[dict[str, Any]], ismcts_rows: bool = True) -> None:
    """The pairings as one table (Markdown), the goals beside the figures; without
    ``ismcts_rows`` (no OpenSpiel here) a row says the ISMCTS pairings were not measured.
    Against ISMCTS the time goal is equal CPU time: its median is printed beside the first
    bot's, judged met within 20% of it."""
    head = ["pairing", "variant", "matches", "first won", "Wilson 95%", "goal", "met",
            "CPU ms median/p95", "wall ms median/p95", "time goal", "met"]
    lines = [head, ["---"] * len(head)]
    for row in rows:
        low, high = row["wilson95"]
        share = "-" if row["share"] is None else f"{100 * row['share']:.1f}%"
        goal = "-" if row["goal_share"] is None else f">= {100 * row['goal_share']:.0f}%" + (
            f", low >= {100 * row['goal_low']:.0f}%" if row["goal_low"] is not None else "")
        times = []
        for kind in ("cpu", "wall"):
            t = row[f"{kind}_ms"]
            times.append("-" if t is None else f"{t['median']:.0f} / {t['p95']:.0f}")
        tgoal = " / ".join("-" if g is None else f"<= {1000 * g:.0f}"
                           for g in (row["goal_median_s"], row["goal_p95_s"]))
        time_met = "yes" if row["met"]["time_cpu"] else "no"
        if "second_cpu_ms" in row:        # against ISMCTS: equal time
            other = row["second_cpu_ms"]
            tgoal = "equal: ISMCTS " + ("-" if other is None else f"{other['median']:.0f}")
            time_met = {True: "yes", False: "no"}.get(row["met"]["equal_time"], "-")
        interval = "-" if not row["matches"] else f"{100 * low:.1f}-{100 * high:.1f}%"
        judged = ("no goal" if row["goal_share"] is None
                  else f"not judged (< {row['goal_matches']} matches)")
        lines.append([f"{row['first']} vs {row['second']}", row["variant"], str(row["matches"]),
                      share, interval, goal, {True: "yes", False: "no"}.get(
                          row["met"]["share"], judged),
                      times[0], times[1], tgoal, time_met])
    if not ismcts_rows:
        lines.append(["expert, strong vs OpenSpiel ISMCTSBot", "card-golf", "-", "-", "-",
                      "expert >= 55%", "not measured (no open_spiel)", "-", "-", "equal time",
                      "-"])
    for line in lines:
        print("| " + " | ".join(line) + " |")
    print("(time goals judged on CPU time; wall time includes waiting for the shared machine)")


if __name__ == "__main__":
    sys.exit(main())

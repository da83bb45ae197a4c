"""The fair chance in a survey (``golf survey --fair``): its options, the task that computes it
for one deal under one variant, its results file, and its figures per variant.

The fair chance of a deal is the probability that a perfect player who cannot see the stock
wins it (:func:`golfcore.solitaire.search.fair.fair_chance`, ``docs/fair.md``). A survey computes it
for the opening position of every deal, within a budget per deal (:class:`FairOptions`): exact
when the search fits in it, else a bracket (what the exact search proved, and bounds sampled on
orders of the stock). The records go to a results file of their own beside the survey's
(:func:`fair_output`), appended to as they come, so an interrupted survey resumes there too;
:func:`read_fair_results` reads it back and refuses records computed with other options.
:func:`fair_figures` brackets the mean fair chance of a variant's deals.
"""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from golfcore.errors import GolfError
from golfcore.runs import jsonl
from golfcore.solitaire import engine
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.runs.stats import binomial_lower, binomial_upper
from golfcore.solitaire.search.fair import (DEFAULT_POLICY_UNSEEN, DEFAULT_SOLVER_POSITIONS,
                                            fair_chance)
from golfcore.solitaire.search.fair_bracket import CONFIDENCE, SIDE_ALPHA, combine
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.survey.results import Resume, resume_file
from golfcore.solitaire.survey.tasks import Record

__all__ = ["FAIR_FIELDS", "FairOptions", "fair_deal", "fair_figures", "fair_output",
           "read_fair_results"]

#: The fields of a fair-chance record, in the order they are written: ``value`` is the exact
#: value (``null`` for a bracket), ``low`` and ``high`` the bracket (equal to ``value`` when
#: exact), ``proved_low`` and ``proved_high`` what the exact search proved, then the bracket's
#: counts (:class:`~golfcore.solitaire.search.fair_bracket.Bracket`; 0 and ``null`` when exact).
FAIR_FIELDS = ("deal", "variant", "exact", "value", "low", "high", "proved_low", "proved_high",
               "samples", "policy_wins", "clairvoyant_wins", "undecided", "states", "stopped",
               "seconds", "options")

#: The defaults of a survey's budget per deal: the exact search may visit this many
#: information states, the bracket samples this many orders, and each of the non-peeking
#: policy's decisions may search this many states. A few seconds a deal.
DEFAULT_STATES = 5000
DEFAULT_SAMPLES = 40
DEFAULT_POLICY_STATES = 500


@dataclass(frozen=True)
class FairOptions:
    """The budget of the fair chance of each deal (the options of ``golf survey --fair``):
    :func:`~golfcore.solitaire.search.fair.fair_chance`'s ``states``, ``seconds``, ``samples``,
    ``seed``, ``policy_states``, ``policy_unseen`` and ``solver_positions``. Without
    ``seconds`` the answers do not depend on the machine: a survey run twice, or interrupted and
    resumed, gives the same. ``seconds`` caps the exact search only: every bracket samples
    ``samples`` orders."""

    states: int | None = DEFAULT_STATES
    seconds: float | None = None
    samples: int = DEFAULT_SAMPLES
    seed: int = 1
    policy_states: int = DEFAULT_POLICY_STATES
    policy_unseen: int = DEFAULT_POLICY_UNSEEN
    solver_positions: int = DEFAULT_SOLVER_POSITIONS

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        """The options as the command's flags, for messages."""
        return ", ".join([
            f"--fair-states {self.states}" if self.states is not None else "no --fair-states",
            f"--fair-seconds {self.seconds:g}" if self.seconds is not None
            else "no --fair-seconds",
            f"--fair-samples {self.samples}", f"--fair-seed {self.seed}",
            f"--fair-policy-states {self.policy_states}", f"policy_unseen {self.policy_unseen}",
            f"solver_positions {self.solver_positions}"])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FairOptions:
        return cls(**data)


def fair_deal(variant: str, deal: int, options: FairOptions) -> Record:
    """The fair chance of deal ``deal``'s opening position under ``variant``, as a record
    (JSON-ready). Top level and picklable, like :func:`~.tasks.solve_deal`: it runs in worker
    processes and on Dask workers."""
    rules = rule_set(variant)
    position = engine.start_deal(rules, deal).position
    result = fair_chance(rules, position, states=options.states, seconds=options.seconds,
                         samples=options.samples, seed=options.seed,
                         policy_states=options.policy_states,
                         policy_unseen=options.policy_unseen,
                         solver_positions=options.solver_positions)
    bracket = result.bracket
    return {
        "deal": deal,
        "variant": variant,
        "exact": result.exact,
        "value": result.value,
        "low": result.low,
        "high": result.high,
        "proved_low": result.low if bracket is None else bracket.proved_low,
        "proved_high": result.high if bracket is None else bracket.proved_high,
        "samples": 0 if bracket is None else bracket.samples,
        "policy_wins": 0 if bracket is None else bracket.policy_wins,
        "clairvoyant_wins": None if bracket is None else bracket.clairvoyant_wins,
        "undecided": 0 if bracket is None else bracket.undecided,
        "states": result.states,
        "stopped": result.stopped,
        "seconds": round(result.seconds, 6),
        "options": options.to_json(),
    }


def fair_figures(records: Sequence[Record]) -> dict[str, Any]:
    """The fair chance over the deals of ``records`` (one fair record a deal, one variant):
    ``n`` deals, ``exact`` of them exact (``share_exact``), ``mean`` their mean fair chance when
    every one is exact (else ``None``), and ``bracket``, ``[low, high]``, which holds that mean
    with probability at least ``confidence`` (``None`` when every deal is exact: then it is the
    mean). ``seconds`` is the time spent in all.

    The bracket adds the exact values to a bracket of the sum over the other deals: what their
    exact searches proved (certain), intersected with Clopper and Pearson's one-sided bounds
    on their sampled orders pooled (the policy's wins of all of them for the lower side, the
    clairvoyant's for the upper, each at
    :data:`~golfcore.solitaire.search.fair_bracket.SIDE_ALPHA`). Pooling needs the same number of
    orders for every deal (a survey's options give it); a sum of trials of different chances is
    less spread than as many trials of their mean chance (Hoeffding, 1956), so the bounds keep
    their rate. It is a statement about these deals, not about the deals not surveyed."""
    exact = [r for r in records if r["exact"]]
    sampled = [r for r in records if not r["exact"]]
    n = len(records)
    known = math.fsum(float(r["low"]) for r in exact)
    out: dict[str, Any] = {
        "n": n, "exact": len(exact), "share_exact": len(exact) / n if n else None,
        "mean": known / n if n and not sampled else None, "bracket": None, "confidence": None,
        "sampled_deals": len(sampled),
        "seconds": math.fsum(float(r["seconds"]) for r in records)}
    if not n:
        out["bracket"] = [0.0, 1.0]
    elif not sampled:
        out["bracket"] = [known / n, known / n]
    else:
        low, high = _sum_bracket(sampled)
        out["bracket"] = [(known + low) / n, (known + high) / n]
        out["confidence"] = CONFIDENCE
    return out


def _sum_bracket(records: Sequence[Record]) -> tuple[float, float]:
    """Bounds on the sum of the fair chances of bracketed deals (see :func:`fair_figures`):
    the sum of what was proved, intersected with the pooled sampled bounds when every deal
    sampled as many orders (and the clairvoyant's, when every deal has them)."""
    m = len(records)
    proved = (math.fsum(float(r["proved_low"]) for r in records),
              math.fsum(float(r["proved_high"]) for r in records))
    counts = {r["samples"] for r in records}
    if len(counts) != 1 or 0 in counts:
        return proved
    total = m * counts.pop()
    sampled_low = m * binomial_lower(sum(r["policy_wins"] for r in records), total, SIDE_ALPHA)
    wins = [r["clairvoyant_wins"] for r in records]
    sampled_high = (float(m) if None in wins
                    else m * binomial_upper(sum(wins), total, SIDE_ALPHA))
    return combine(*proved, sampled_low, sampled_high)


def fair_output(output: str) -> str:
    """The fair-chance results file beside the survey's ``output``: ``NAME.fair.jsonl`` for
    ``NAME.jsonl`` (else ``output`` + ``.fair.jsonl``). An ``output`` that exists and is not a
    regular file (``/dev/null``) is written to for both, and read for neither."""
    try:
        if not stat.S_ISREG(os.stat(output).st_mode) and not os.path.isdir(output):
            return output
    except (OSError, ValueError):
        pass
    stem = output[:-len(".jsonl")] if output.endswith(".jsonl") else output
    return stem + ".fair.jsonl"


def _probability(value: Any) -> bool:
    return jsonl.number(value, 0.0, 1.0)


def _options(value: Any) -> bool:
    """``value`` is the JSON of :class:`FairOptions`: each field of its type and range."""
    if not isinstance(value, dict) or set(value) != set(FairOptions.__dataclass_fields__):
        return False
    seconds = value["seconds"]
    return ((value["states"] is None or jsonl.whole(value["states"], 1))
            and (seconds is None or (jsonl.number(seconds, 0.0, 1e9) and seconds > 0))
            and jsonl.whole(value["samples"], 1) and jsonl.whole(value["seed"], 0)
            and jsonl.whole(value["policy_states"], 0)
            and jsonl.whole(value["policy_unseen"], 0)
            and jsonl.whole(value["solver_positions"], 1))


#: What each field of a fair record must hold: a test, and what it expects, for the message.
_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "deal": (lambda v: jsonl.whole(v, 1, MAX_DEAL), f"a deal number from 1 to {MAX_DEAL}"),
    "variant": (jsonl.text, "a variant name"),
    "exact": (lambda v: isinstance(v, bool), "true or false"),
    "value": (lambda v: v is None or _probability(v), "null or a number from 0 to 1"),
    "low": (_probability, "a number from 0 to 1"),
    "high": (_probability, "a number from 0 to 1"),
    "proved_low": (_probability, "a number from 0 to 1"),
    "proved_high": (_probability, "a number from 0 to 1"),
    "samples": (jsonl.whole, "a whole number >= 0"),
    "policy_wins": (jsonl.whole, "a whole number >= 0"),
    "clairvoyant_wins": (lambda v: v is None or jsonl.whole(v), "null or a whole number >= 0"),
    "undecided": (jsonl.whole, "a whole number >= 0"),
    "states": (jsonl.whole, "a whole number >= 0"),
    "stopped": (lambda v: v in (None, "states", "seconds"), 'null, "states" or "seconds"'),
    "seconds": (lambda v: jsonl.number(v, 0.0, 1e9), "a number of seconds from 0 to 1e9"),
    "options": (_options, "the fair options ({\"states\": ..., \"seconds\": ..., "
                          "\"samples\": ..., \"seed\": ..., \"policy_states\": ..., "
                          "\"policy_unseen\": ..., \"solver_positions\": ...})"),
}
assert tuple(_FIELDS) == FAIR_FIELDS


def _check_record(data: Any, where: str) -> Record:
    record = jsonl.check_record(data, where, "fair survey", _FIELDS, ("deal", "variant", "low"))
    question = "is this the results file of a fair survey (of this version of golfcore)?"
    if not record["proved_low"] <= record["low"] <= record["high"] <= record["proved_high"]:
        raise GolfError(f"{where}: the bracket {jsonl.show(record['low'])} to "
                        f"{jsonl.show(record['high'])} is not within what was proved, "
                        f"{jsonl.show(record['proved_low'])} to "
                        f"{jsonl.show(record['proved_high'])}: {question}")
    if record["exact"] != (record["value"] is not None) or (
            record["exact"] and not record["low"] == record["value"] == record["high"]):
        raise GolfError(f"{where}: an exact value has low and high equal to it, and only an "
                        f"exact value has a value: {question}")
    counts = record["samples"], record["policy_wins"], record["clairvoyant_wins"]
    if counts[1] > counts[0] or (counts[2] is not None and
                                 not record["undecided"] <= counts[2] <= counts[0]):
        raise GolfError(f"{where}: more wins than orders sampled: {question}")
    return record


def read_fair_results(path: str, variants: Sequence[str], first: int, last: int,
                      options: FairOptions, repair: bool = True) -> Resume:
    """Read a fair-chance results file to resume a survey, as :func:`~.results.read_results`
    reads the survey's: a last line cut off mid-write is removed, records of other deals or
    variants are counted in ``outside``, each ``(deal, variant)`` is taken once. A record
    computed with other :class:`FairOptions`, or anything that is not a fair record, is
    :class:`GolfError` (naming the file, the line and what differs), and the file is left as
    it is."""
    mine = options.to_json()

    def refuse(record: Record) -> str | None:
        if record["options"] == mine:
            return None
        theirs = FairOptions.from_json(record["options"]).describe()
        return (f"{path} holds fair chances computed with other options ({theirs}; this one: "
                f"{options.describe()}): resuming would mix them. Run with the same options, "
                f"or give another --fair-output")

    return resume_file(path, "fair survey", variants, first, last, _check_record, refuse,
                       repair)

"""The fair chance in a survey (``golf survey --fair``): its options, the task that computes it
for one deal under one variant, and its results file.

The fair chance of a deal is the probability that a perfect player who cannot see the stock
wins it (:func:`golfcore.solitaire.search.fair.fair_chance`, ``docs/fair.md``). A survey computes it
for the opening position of every deal, within a budget per deal (:class:`FairOptions`): exact
when the search fits in it, else estimated by the non-peeking policy on sampled orders. The
records go to a results file of their own beside the survey's (:func:`fair_output`), appended
to as they come, so an interrupted survey resumes there too; :func:`read_fair_results` reads it
back and refuses records computed with other options.
"""

from __future__ import annotations

import os
import stat
from dataclasses import asdict, dataclass
from typing import Any, Callable, Sequence

from golfcore.errors import GolfError
from golfcore.runs import jsonl
from golfcore.solitaire import engine
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.search.fair import DEFAULT_POLICY_UNSEEN, fair_chance
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.survey.results import Resume, resume_file
from golfcore.solitaire.survey.tasks import Record

__all__ = ["FAIR_FIELDS", "FairOptions", "fair_deal", "fair_output", "read_fair_results"]

#: The fields of a fair-chance record, in the order they are written.
FAIR_FIELDS = ("deal", "variant", "value", "exact", "low", "high", "states", "samples",
               "stopped", "seconds", "options")

#: The defaults of a survey's budget per deal: the exact search may visit this many
#: information states, the estimate samples this many orders, and each of the estimate's
#: decisions may search this many states. About a second a deal (2 cores: 50 deals under 4
#: variants in a few minutes).
DEFAULT_STATES = 5000
DEFAULT_SAMPLES = 40
DEFAULT_POLICY_STATES = 500


@dataclass(frozen=True)
class FairOptions:
    """The budget of the fair chance of each deal (the options of ``golf survey --fair``):
    :func:`~golfcore.solitaire.search.fair.fair_chance`'s ``states``, ``seconds``, ``samples``,
    ``seed``, ``policy_states`` and ``policy_unseen``. Without ``seconds`` the answers do not
    depend on the machine: a survey run twice, or interrupted and resumed, gives the same."""

    states: int | None = DEFAULT_STATES
    seconds: float | None = None
    samples: int = DEFAULT_SAMPLES
    seed: int = 1
    policy_states: int = DEFAULT_POLICY_STATES
    policy_unseen: int = DEFAULT_POLICY_UNSEEN

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        """The options as the command's flags, for messages."""
        return ", ".join([
            f"--fair-states {self.states}" if self.states is not None else "no --fair-states",
            f"--fair-seconds {self.seconds:g}" if self.seconds is not None
            else "no --fair-seconds",
            f"--fair-samples {self.samples}", f"--fair-seed {self.seed}",
            f"--fair-policy-states {self.policy_states}", f"policy_unseen {self.policy_unseen}"])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "FairOptions":
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
                         policy_unseen=options.policy_unseen)
    return {
        "deal": deal,
        "variant": variant,
        "value": result.value,
        "exact": result.exact,
        "low": result.low,
        "high": result.high,
        "states": result.states,
        "samples": result.samples,
        "stopped": result.stopped,
        "seconds": round(result.seconds, 6),
        "options": options.to_json(),
    }


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
            and jsonl.whole(value["policy_unseen"], 0))


#: What each field of a fair record must hold: a test, and what it expects, for the message.
_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "deal": (lambda v: jsonl.whole(v, 1, MAX_DEAL), f"a deal number from 1 to {MAX_DEAL}"),
    "variant": (jsonl.text, "a variant name"),
    "value": (_probability, "a number from 0 to 1"),
    "exact": (lambda v: isinstance(v, bool), "true or false"),
    "low": (_probability, "a number from 0 to 1"),
    "high": (_probability, "a number from 0 to 1"),
    "states": (jsonl.whole, "a whole number >= 0"),
    "samples": (jsonl.whole, "a whole number >= 0"),
    "stopped": (lambda v: v in (None, "states", "seconds"), 'null, "states" or "seconds"'),
    "seconds": (lambda v: jsonl.number(v, 0.0, 1e9), "a number of seconds from 0 to 1e9"),
    "options": (_options, "the fair options ({\"states\": ..., \"seconds\": ..., "
                          "\"samples\": ..., \"seed\": ..., \"policy_states\": ..., "
                          "\"policy_unseen\": ...})"),
}
assert tuple(_FIELDS) == FAIR_FIELDS


def _check_record(data: Any, where: str) -> Record:
    record = jsonl.check_record(data, where, "fair survey", _FIELDS, ("deal", "variant", "value"))
    if not record["low"] <= record["value"] <= record["high"]:
        raise GolfError(f"{where}: value {jsonl.show(record['value'])} is not within low "
                        f"{jsonl.show(record['low'])} and high {jsonl.show(record['high'])}: "
                        f"is this the results file of a fair survey?")
    if record["exact"] and not record["low"] == record["value"] == record["high"]:
        raise GolfError(f"{where}: an exact value has low and high equal to it: is this the "
                        f"results file of a fair survey?")
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

"""An engine's known differences from the documents: ``specs/engines/NAME.yaml``.

Each entry names a case (and optionally the engine's variant), the rule ids the engine departs
from, why, and where the difference is recorded upstream::

    engine: aisleriot
    differences:
      - case: c4-07-king-ends-chain
        variant: golf                 # optional: every variant of the engine when absent
        rules: [C4-07]
        reason: Aisleriot lets a queen go on a king.
        upstream: https://gitlab.gnome.org/GNOME/aisleriot/-/issues/1   # optional

:func:`apply_known` turns a failure the file lists into a :data:`KNOWN` result with the entry's
reason; a failure it does not list stays a failure, and an entry whose case passes is reported
(:func:`stale`), so that the file follows the engine. The file is read like a spec file
(YAML 1.2 core schema, no tags, bounded), and every problem is an error naming its line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from golfcore.conformance.model import SpecError
from golfcore.conformance.report import FAIL, KNOWN, PASS, CaseResult, Report
from golfcore.conformance.suite import SPECS_DIR, known_rule_ids
from golfcore.conformance.yaml12 import load_yaml, plain

__all__ = ["Difference", "read_known", "known_file", "apply_known", "stale", "FIELDS"]

#: The fields of an entry, and those it must have.
FIELDS = {"case", "variant", "rules", "reason", "upstream"}
REQUIRED = ("case", "rules", "reason")


@dataclass(frozen=True)
class Difference:
    """One known difference: a case (under one variant of the engine, or all), the rule ids
    the engine departs from, why, and its upstream record."""

    case: str
    rules: tuple[str, ...]
    reason: str
    variant: str | None = None
    upstream: str = ""
    line: int = 0

    def matches(self, result: CaseResult) -> bool:
        return result.case.id == self.case and self.variant in (None, result.variant)


def known_file(engine: str) -> Path:
    """Where the shipped suite keeps ``engine``'s known differences."""
    return SPECS_DIR / "engines" / f"{engine}.yaml"


def read_known(path: str | Path, engine: str | None = None) -> list[Difference]:
    """The differences of a known-differences file; a :class:`SpecError` (file and line) for
    anything wrong in it. A missing file has none."""
    p = Path(path)
    name = str(path)
    if not p.exists():
        return []
    try:
        root = load_yaml(p.read_text(encoding="utf-8"), name)
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(name, None, f"cannot read the file: {exc}") from None
    top = root.value
    if not isinstance(top, dict) or "differences" not in top or "engine" not in top:
        raise SpecError(name, root.line, "expected a mapping with 'engine' and 'differences'")
    if engine is not None and plain(top["engine"]) != engine:
        raise SpecError(name, top["engine"].line, f"this file is {plain(top['engine'])!r}'s, "
                                                  f"not {engine!r}'s")
    entries = top["differences"]
    if not isinstance(entries.value, list):
        raise SpecError(name, entries.line, "'differences' must be a list")
    out: list[Difference] = []
    seen: set[tuple[str, str | None]] = set()
    for node in entries.value:
        data = plain(node)
        if not isinstance(data, dict):
            raise SpecError(name, node.line, "each difference is a mapping (case, rules, "
                                             "reason...)")
        unknown = sorted(set(data) - FIELDS)
        if unknown:
            raise SpecError(name, node.line, f"unknown field {unknown[0]!r}: expected "
                                             f"{', '.join(sorted(FIELDS))}")
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            raise SpecError(name, node.line, f"a difference needs {', '.join(missing)}")
        if not isinstance(data["reason"], str) or len(data["reason"].split()) < 3:
            raise SpecError(name, node.value["reason"].line,
                            "'reason' must say in words why the engine differs")
        rules = data["rules"]
        if not isinstance(rules, list) or not rules or not all(isinstance(r, str)
                                                               for r in rules):
            raise SpecError(name, node.value["rules"].line, "'rules' must list rule ids")
        for rule in rules:
            if ":" not in rule and rule not in known_rule_ids():
                raise SpecError(name, node.value["rules"].line,
                                f"unknown rule id {rule!r}: not in specs/RULES.md")
        key = (str(data["case"]), data.get("variant"))
        if key in seen:
            raise SpecError(name, node.line, f"case {key[0]!r} is listed twice")
        seen.add(key)
        out.append(Difference(str(data["case"]), tuple(rules), data["reason"],
                              data.get("variant"), str(data.get("upstream", "")), node.line))
    return out


def apply_known(report: Report, differences: Iterable[Difference]) -> Report:
    """``report`` with each failure that ``differences`` list made a :data:`KNOWN` result."""
    differences = list(differences)
    results = []
    for result in report.results:
        found = next((d for d in differences if d.matches(result)), None)
        if result.status == FAIL and found is not None:
            result = replace(result, status=KNOWN, reason=found.reason,
                             upstream=found.upstream, departs=found.rules)
        results.append(result)
    report.results = results
    return report


def stale(report: Report, differences: Iterable[Difference]) -> list[Difference]:
    """The differences whose case ran and passed everywhere it ran: no longer seen."""
    out = []
    for d in differences:
        ran = [r for r in report.results if d.matches(r) and r.status in (PASS, KNOWN, FAIL)]
        if ran and all(r.status == PASS for r in ran):
            out.append(d)
    return out

"""What a conformance run yields, and how it is shown.

A :class:`CaseResult` per case and variant (:data:`PASS`, :data:`FAIL` with its
:class:`Failure` values in the spec's own terms, :data:`KNOWN`: a failure the engine's file of
known differences lists, with its reason, or :data:`SKIP` with the reason); a
:class:`Report` gathers them with the spec errors, as a rule ids × variants matrix.
:func:`format_summary` (a line per rule id with its counts), :func:`format_matrix` (the whole
grid) and :func:`format_report` print it; :func:`coverage` and
:func:`uncovered` say which rule ids of the catalogue (``specs/RULES.md``) its cases name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from golfcore.conformance.model import Case, SpecError
from golfcore.conformance.suite import known_rule_ids

PASS, FAIL, SKIP = "pass", "fail", "skip"
#: A failure that the engine's known differences (``specs/engines/NAME.yaml``) list.
KNOWN = "known"


@dataclass(frozen=True)
class Failure:
    """One expectation that did not hold, in the spec's own terms."""

    path: str
    line: int
    step: int
    step_text: str
    field: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}: step {self.step} ({self.step_text}): {self.field}: "
                f"expected {json.dumps(self.expected, ensure_ascii=False)}, "
                f"got {json.dumps(self.actual, ensure_ascii=False)}")

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "step": self.step,
                "action": self.step_text, "field": self.field, "expected": self.expected,
                "actual": self.actual}


@dataclass(frozen=True)
class CaseResult:
    """How one case went under one variant: ``status`` pass, fail, known or skip, the failed
    checks, and why it was skipped (or, for a known difference, the difference's reason)."""

    case: Case
    variant: str
    status: str
    failures: tuple[Failure, ...] = ()
    reason: str = ""
    #: for a known difference: where it is recorded upstream (an issue's address), if anywhere
    upstream: str = ""
    #: for a known difference: the rule ids the engine departs from (the file's ``rules``)
    departs: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {"path": self.case.path, "line": self.case.line, "id": self.case.id,
               "rules": list(self.case.rules), "variant": self.variant, "status": self.status,
               "reason": self.reason, "failures": [f.to_json() for f in self.failures]}
        if self.upstream:
            out["upstream"] = self.upstream
        if self.departs:
            out["departs"] = list(self.departs)
        return out


@dataclass
class Report:
    """A run of a suite against an engine: every case's result, the spec files' errors."""

    results: list[CaseResult] = field(default_factory=list)
    errors: list[SpecError] = field(default_factory=list)
    engine: str = ""
    #: the suites' own catalogues (format 4) by name
    #: (:class:`~golfcore.conformance.catalogue.Catalogue`)
    catalogues: dict[str, Any] = field(default_factory=dict)
    #: what the engine said it plays (:class:`~golfcore.conformance.offers.Offer`), if it did
    offers: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and all(r.status != FAIL for r in self.results)

    def counts(self) -> dict[str, int]:
        out = {PASS: 0, FAIL: 0, SKIP: 0, KNOWN: 0}
        for r in self.results:
            out[r.status] += 1
        out["errors"] = len(self.errors)
        return out

    def variants(self) -> list[str]:
        seen: list[str] = []
        for r in self.results:
            if r.variant not in seen:
                seen.append(r.variant)
        return seen

    def matrix(self) -> dict[str, dict[str, str]]:
        """rule id → variant → pass / fail / known / skip (fail beats known beats pass beats
        skip)."""
        rank = {FAIL: 4, KNOWN: 3, PASS: 2, SKIP: 1}
        out: dict[str, dict[str, str]] = {}
        for r in self.results:
            for rule in r.case.rules:
                cell = out.setdefault(rule, {})
                old = cell.get(r.variant)
                if old is None or rank[r.status] > rank[old]:
                    cell[r.variant] = r.status
        return {k: out[k] for k in sorted(out, key=_rule_key)}

    def covered(self) -> set[str]:
        return {rule for r in self.results for rule in r.case.rules}

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "ok": self.ok, "counts": self.counts(),
                "matrix": self.matrix(), "results": [r.to_json() for r in self.results],
                "errors": [{"path": e.path, "line": e.line, "message": e.message}
                           for e in self.errors]}


def _rule_key(rule: str) -> tuple[int, str, int]:
    """golfcore's families in order (APP, C4, CG), then the suites' own ids by name."""
    family, _, number = rule.partition("-")
    return ({"APP": 0, "C4": 1, "CG": 2}.get(family, 3), family,
            int(number) if number.isdigit() else 0)


MARKS = {PASS: "pass", FAIL: "FAIL", SKIP: "skip", KNOWN: "known", None: "-"}


def format_matrix(report: Report) -> str:
    """The report's table: a line per rule id, a column per variant, each cell its status."""
    variants = report.variants()
    matrix = report.matrix()
    width = max([len("rule")] + [len(r) for r in matrix]) + 2
    cols = [max(len(v), 4) + 2 for v in variants]
    lines = ["rule".ljust(width) + "".join(v.ljust(c) for v, c in zip(variants, cols))]
    for rule, cells in matrix.items():
        lines.append(rule.ljust(width) + "".join(MARKS[cells.get(v)].ljust(c)
                                                 for v, c in zip(variants, cols)))
    return "\n".join(line.rstrip() for line in lines)


#: The widest rule id :func:`format_summary` shows whole (a longer one is cut, ending in ``…``).
SUMMARY_ID = 60


def rule_counts(report: Report) -> dict[str, dict[str, int]]:
    """rule id → how many (case, variant) results of its cases passed, failed and were
    skipped, and under how many variants (``variants``), in catalogue order."""
    out: dict[str, dict[str, int]] = {}
    seen: dict[str, set[str]] = {}
    for r in report.results:
        for rule in r.case.rules:
            counts = out.setdefault(rule, {PASS: 0, FAIL: 0, SKIP: 0, KNOWN: 0, "variants": 0})
            counts[r.status] += 1
            seen.setdefault(rule, set()).add(r.variant)
            counts["variants"] = len(seen[rule])
    return {k: out[k] for k in sorted(out, key=_rule_key)}


def format_summary(report: Report) -> str:
    """One line per rule id with its counts (passed, failed, skipped, variants; known
    differences too when there are any), within 100 columns whatever the number of variants
    (the whole grid: :func:`format_matrix`)."""
    counts = rule_counts(report)
    width = min(max([len("rule")] + [len(r) for r in counts]), SUMMARY_ID) + 2
    keys: tuple[str, ...] = (PASS, FAIL, SKIP, "variants")
    heads: tuple[str, ...] = ("passed", "failed", "skipped", "variants")
    if any(c[KNOWN] for c in counts.values()):
        keys, heads = (PASS, FAIL, KNOWN, SKIP, "variants"), \
            ("passed", "failed", "known", "skipped", "variants")
    lines = ["rule".ljust(width) + "  ".join(heads)]
    for rule, c in counts.items():
        shown = rule if len(rule) <= SUMMARY_ID else rule[:SUMMARY_ID - 1] + "…"
        cells = [str(c[k]).rjust(len(h)) for k, h in zip(keys, heads)]
        lines.append(shown.ljust(width) + "  ".join(cells))
    return "\n".join(lines)


def format_report(report: Report, wide: bool = False) -> str:
    """The report as ``golf conform`` prints it: the engine, the summary per rule id (the whole
    rule × variant grid when ``wide``), then each spec error and failure."""
    table = format_matrix(report) if wide else format_summary(report)
    parts = [f"engine: {report.engine}", table]
    failures = [r for r in report.results if r.status == FAIL]
    if report.errors:
        parts.append("spec errors:\n" + "\n".join(f"  {e}" for e in report.errors))
    known = [r for r in report.results if r.status == KNOWN]
    if known:
        lines = ["known differences:"]
        for r in known:
            lines.append(f"  {r.case.id} [{r.variant}] ({', '.join(r.departs or r.case.rules)}): "
                         f"{r.reason}"
                         + (f" ({r.upstream})" if r.upstream else ""))
        parts.append("\n".join(lines))
    if failures:
        lines = ["failures:"]
        for r in failures:
            lines.append(f"  {r.case.id} [{r.variant}] ({', '.join(r.case.rules)})")
            lines += [f"    {f}" for f in r.failures]
        parts.append("\n".join(lines))
    c = report.counts()
    parts.append(f"{c[PASS]} passed, {c[FAIL]} failed, "
                 + (f"{c[KNOWN]} known differences, " if c[KNOWN] else "")
                 + f"{c[SKIP]} skipped, {c['errors']} spec errors")
    return "\n\n".join(parts)


def coverage(report: Report, families: tuple[str, ...] | None = None) -> dict[str, bool]:
    """Every rule id of the catalogue (``specs/RULES.md``: APP, C4 and CG; only ``families``
    when given), in catalogue order, with whether a case of the report names it."""
    covered = report.covered()
    ids = [r for r in known_rule_ids() if families is None or r.split("-")[0] in families]
    return {rule: rule in covered for rule in sorted(ids, key=_rule_key)}


def uncovered(report: Report, families: tuple[str, ...] | None = None) -> list[str]:
    """Rule ids of the catalogue that no case names: every family of ``specs/RULES.md`` (APP,
    C4, CG) unless ``families`` says which."""
    return [rule for rule, named in coverage(report, families).items() if not named]


def coverage_by_catalogue(report: Report) -> dict[str, dict[str, bool]]:
    """Coverage per catalogue, each rule id as a case cites it with whether a case of the report
    names it: golfcore's (:data:`~golfcore.conformance.catalogue.GOLFCORE`, ``specs/RULES.md``)
    unless the run declares catalogues of its own and no case cites golfcore's ids, then each
    suite's own catalogue (``house:HR-01``), in its table's order."""
    from golfcore.conformance.catalogue import GOLFCORE

    covered = report.covered()
    out: dict[str, dict[str, bool]] = {}
    if not report.catalogues or any(":" not in rule for rule in covered):
        out[GOLFCORE] = coverage(report)
    for name, catalogue in report.catalogues.items():
        out[name] = {catalogue.cited(i): catalogue.cited(i) in covered for i in catalogue.ids}
    return out

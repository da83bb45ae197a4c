"""Results across engines: ``results.json`` and a static page (``golf conform --html DIR``).

:func:`results_data` gathers the reports of one run of the suite against several engines (each
with its offers and its known differences) into one JSON value; :func:`write_results` writes it,
and :func:`write_html` writes the page: a table of rule ids × engine and variant, each cell its
status (pass, fail, known difference, skip) linking to the rule's section, which quotes the
rule of ``specs/RULES.md`` and, for each case, the document's words, its file and line, and how
every engine did with the reason of each skip and known difference. The page is one file with
its style inline, no script, readable without a network.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golfcore.conformance.known import Difference
from golfcore.conformance.report import FAIL, KNOWN, PASS, SKIP, Report, _rule_key
from golfcore.conformance.suite import SPECS_DIR

__all__ = ["EngineRun", "results_data", "write_results", "write_html", "rule_texts",
           "RESULTS_FORMAT", "render_html"]

#: The version of ``results.json``'s layout.
RESULTS_FORMAT = 1
STATUSES = (PASS, FAIL, KNOWN, SKIP)
LABELS = {PASS: "pass", FAIL: "fail", KNOWN: "known difference", SKIP: "skip"}


@dataclass
class EngineRun:
    """One engine's run: its name (as ``--engine`` names it), its report, its offers and the
    known differences that no longer show."""

    name: str
    report: Report
    offers: list[dict[str, Any]] = field(default_factory=list)
    known_file: str = ""
    stale: list[Difference] = field(default_factory=list)
    #: the perft count files checked against the engine (``--perft``)
    perft: list[Any] = field(default_factory=list)


def rule_texts() -> dict[str, str]:
    """Rule id → its statement in ``specs/RULES.md``."""
    out = {}
    for line in (SPECS_DIR / "RULES.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*((?:APP|C4|CG)-\d+)\s*\|\s*(.*?)\s*\|", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _relative(path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(SPECS_DIR.resolve().parent))
    except ValueError:
        return path


def results_data(runs: Sequence[EngineRun], paths: Iterable[str]) -> dict[str, Any]:
    """One JSON value with every engine's results, the cases they ran and the rules cited."""
    from golfcore.version import __version__

    cases: dict[str, dict[str, Any]] = {}
    engines = []
    for run in runs:
        for r in run.report.results:
            c = r.case
            cases.setdefault(c.id, {"path": _relative(c.path), "line": c.line,
                                    "rules": list(c.rules), "game": c.game,
                                    "document": c.document, "quote": c.quote})
        engines.append({
            "name": run.name, "engine": run.report.engine, "ok": run.report.ok,
            "counts": run.report.counts(), "offers": run.offers, "known_file": run.known_file,
            "stale": [{"case": d.case, "variant": d.variant, "reason": d.reason}
                      for d in run.stale],
            "results": [{k: v for k, v in r.to_json().items() if k not in ("path", "line")}
                        for r in run.report.results],
            "perft": [r.to_json() for r in run.perft],
            "errors": [{"path": e.path, "line": e.line, "message": e.message}
                       for e in run.report.errors]})
    texts = rule_texts()
    cited = sorted({rule for c in cases.values() for rule in c["rules"]}, key=_rule_key)
    return {"format": RESULTS_FORMAT, "golfcore": __version__,
            "specs": [_relative(str(p)) for p in paths], "engines": engines,
            "rules": {rule: texts.get(rule, "") for rule in cited}, "cases": cases}


def write_results(path: str | Path, data: dict[str, Any]) -> None:
    """Write :func:`results_data`'s value to ``path`` as JSON."""
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")


def _columns(data: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for engine in data["engines"]:
        for r in engine["results"]:
            key = (engine["name"], r["variant"])
            if key not in out:
                out.append(key)
    return out


def _cell(results: list[dict[str, Any]]) -> str | None:
    """The status a cell shows: fail beats known beats pass beats skip."""
    if not results:
        return None
    rank = {SKIP: 0, PASS: 1, KNOWN: 2, FAIL: 3}
    return max((r["status"] for r in results), key=rank.__getitem__)


STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a;background:#fff;line-height:1.4}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #767676;padding:.25rem .5rem}
th{background:#f0f0f0;text-align:left}td.pass{background:#d7f5dd}td.fail{background:#ffd6d6}
td.known{background:#fff1c2}td.skip{background:#ececec}td a{color:#1a1a1a}
.scroll{overflow-x:auto}blockquote{margin:.25rem 0 .5rem 1rem;font-style:italic}
a{color:#0645ad}code{font-size:.95em}
"""


def _status_text(status: str | None) -> str:
    return "not run" if status is None else LABELS[status]


def _slug(rule: str) -> str:
    """A rule id as a fragment that is also a plain CSS identifier: ``textarena:TA-01`` →
    ``textarena_TA-01`` (a suite's namespace is lower case, its ids upper case: no clash)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", rule)


def render_html(data: dict[str, Any]) -> str:
    """The page of :func:`results_data`'s value."""
    esc = html.escape
    columns = _columns(data)
    by_rule: dict[str, dict[tuple[str, str], list[dict[str, Any]]]] = {}
    by_case: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for engine in data["engines"]:
        for r in engine["results"]:
            key = (engine["name"], r["variant"])
            for rule in r["rules"]:
                by_rule.setdefault(rule, {}).setdefault(key, []).append(r)
            by_case.setdefault(r["id"], {})[key] = r
    rules = sorted(by_rule, key=_rule_key)
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>golfcore conformance results</title>", f"<style>{STYLE}</style>",
           "</head>", "<body>", "<main>", "<h1>golfcore conformance results</h1>",
           f"<p>golfcore {esc(data['golfcore'])}; specs: "
           f"{esc(', '.join(data['specs']))}.</p>", "<h2>Engines</h2>", "<ul>"]
    for engine in data["engines"]:
        c = engine["counts"]
        out.append(f"<li><strong>{esc(engine['name'])}</strong> ({esc(engine['engine'])}): "
                   f"{c[PASS]} passed, {c[FAIL]} failed, {c.get(KNOWN, 0)} known "
                   f"differences, {c[SKIP]} skipped"
                   + (f"; {len(engine['stale'])} known differences no longer seen"
                      if engine["stale"] else "") + "</li>")
    out += ["</ul>", "<h2>Rules by engine</h2>", '<div class="scroll">',
            "<table>", "<caption>Each cell: the worst status of the rule's cases under that "
            "engine and variant; it links to the rule's cases.</caption>",
            "<thead><tr><th scope=\"col\">Rule</th>"]
    out += [f'<th scope="col">{esc(e)}<br>{esc(v)}</th>' for e, v in columns]
    out.append("</tr></thead><tbody>")
    for rule in rules:
        anchor = f"rule-{_slug(rule)}"
        row = [f'<tr><th scope="row"><a href="#{anchor}">{esc(rule)}</a></th>']
        for col in columns:
            status = _cell(by_rule[rule].get(col, []))
            cls = f' class="{status}"' if status else ""
            row.append(f'<td{cls}><a href="#{anchor}">{_status_text(status)}</a></td>')
        out.append("".join(row) + "</tr>")
    out += ["</tbody></table>", "</div>", "<h2>Rules and their cases</h2>"]
    for rule in rules:
        out.append(f'<section id="rule-{_slug(rule)}" aria-labelledby="h-{_slug(rule)}">')
        out.append(f'<h3 id="h-{_slug(rule)}">{esc(rule)}</h3>')
        out.append(f"<p>{esc(data['rules'].get(rule, ''))}</p>")
        ids = sorted({r["id"] for rs in by_rule[rule].values() for r in rs})
        for case_id in ids:
            case = data["cases"][case_id]
            out.append(f"<h4>{esc(case_id)}</h4>")
            out.append(f"<p><code>{esc(case['path'])}:{case['line']}</code>, "
                       f"{esc(case['document'])}:</p>")
            out.append(f'<blockquote lang="es">{esc(case["quote"])}</blockquote>')
            out.append("<ul>")
            for col, r in by_case.get(case_id, {}).items():
                why = f": {esc(r['reason'])}" if r.get("reason") else ""
                if r.get("departs"):
                    why += f" (departs from {esc(', '.join(r['departs']))})"
                if r.get("upstream"):
                    why += f' (<a href="{esc(r["upstream"])}">upstream</a>)'
                if r["status"] == FAIL and r.get("failures"):
                    f = r["failures"][0]
                    why = (f": step {f['step']} ({esc(str(f['action']))}), {esc(f['field'])}: "
                           f"expected {esc(json.dumps(f['expected'], ensure_ascii=False))}, got "
                           f"{esc(json.dumps(f['actual'], ensure_ascii=False))}")
                out.append(f"<li>{esc(col[0])}, {esc(col[1])}: "
                           f"{_status_text(r['status'])}{why}</li>")
            out.append("</ul>")
        out.append("</section>")
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def write_html(folder: str | Path, data: dict[str, Any]) -> Path:
    """Write ``index.html`` and ``results.json`` into ``folder`` (made if missing)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    write_results(target / "results.json", data)
    page = target / "index.html"
    page.write_text(render_html(data), encoding="utf-8")
    return page

"""The page of results across engines (`golf conform --html DIR`) in a real browser: axe-core
finds nothing on it, and every cell's link leads to its rule's section with the cases' quotes,
with pass, fail, known difference and skip cells all present."""

from __future__ import annotations

import sys
from pathlib import Path

from a11y import axe_audit
from golfcore.conformance.engines import InProcessEngine
from golfcore.conformance.known import Difference, apply_known
from golfcore.conformance.results import EngineRun, results_data, write_html
from golfcore.conformance.runner import FAIL, run
from golfcore.conformance.specfile import default_paths

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_engine_offers import Renamed  # noqa: E402


def page_of_results(folder: Path) -> Path:
    paths = default_paths()
    ours = run(paths, InProcessEngine())
    liar = run(paths, Renamed({"liar": "cards4"}, [
        {"variant": "liar", "plays": "app-facil", "own": {"undo": "undoes without a limit"}}]))
    first = next(r for r in liar.results if r.status == FAIL)
    apply_known(liar, [Difference(first.case.id, first.case.rules, "it plays Cards4's kings")])
    runs = [EngineRun("golfcore", ours), EngineRun("liar", liar,
                                                   [o.to_json() for o in liar.offers])]
    return write_html(folder, results_data(runs, map(str, paths)))


def test_the_results_page_is_accessible_and_its_cells_lead_to_the_cases(browser, tmp_path):
    page_file = page_of_results(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(page_file.as_uri())
        classes = set(page.eval_on_selector_all("td[class]", "els => els.map(e => e.className)"))
        assert {"pass", "fail", "known", "skip"} <= classes
        audit = axe_audit(page)
        assert audit["violations"] == [], audit["violations"]
        targets = set(page.eval_on_selector_all("td a", "els => els.map(e => e.hash)"))
        for target in targets:
            assert page.locator(f"section{target} blockquote").count() >= 1, target
        page.locator("td.known a").first.click()
        assert "it plays Cards4's kings" in page.locator(f"section{page.evaluate('location.hash')}"
                                                         ).inner_text()
    finally:
        page.close()

"""Helpers of the accessibility and language tests of `golf web` (tests/browser).

* :func:`axe_audit`: axe-core (bundled by the ``axe-playwright-python`` package) run on the
  page as it is: every rule axe runs by default (WCAG 2.0–2.2 A and AA, and best practices);
  the failing elements counted by impact.
* :func:`foreign_words`: the words of the other language that a player of ``lang`` can see or
  hear on the page: its text, the names and titles of its controls, its options, the live
  region and the document's title, but not what is marked ``lang`` as the other language.
  The words of each language are those of the page's string tables (``strings-es.js``,
  ``strings-en.js``) and of the server's texts (:mod:`golfcore.web.i18n`) that the other
  language does not use.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from golfcore.web import i18n

STATIC = Path(__file__).resolve().parents[2] / "golfcore" / "web" / "static"
IMPACTS = ("critical", "serious", "moderate", "minor")
#: The words the checks take: letters only, 4 or more (shorter ones are shared too often).
WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)


def _strings(lang: str) -> list[str]:
    text = (STATIC / f"strings-{lang}.js").read_text(encoding="utf-8")
    values = [json.loads(m) for m in re.findall(r':\s*("(?:[^"\\]|\\.)*")', text)]
    server = [t[lang] for t in i18n.ERRORS.values()] + \
             [t[lang] for t in i18n.VARIANT_TITLES.values()]
    return values + server


def _words(texts: list[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{\w+\}", " ", text))}


def language_words() -> dict[str, set[str]]:
    """Per language, the words only that language's texts use."""
    es, en = _words(_strings("es")), _words(_strings("en"))
    return {"es": es - en, "en": en - es}


#: What a player sees or hears: visible text, names, titles, placeholders, options, the live
#: region; skipping elements marked as another language than the page's.
SEEN = """
(lang) => {
  const out = [];
  const other = (el) => {
    const l = el.closest("[lang]");
    return l && l.lang && !l.lang.startsWith(lang);
  };
  const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || other(el)) continue;
    if (el.closest("script, style")) continue;
    const inLive = el.closest("#announcer");
    if (!inLive && !(el.closest("option") ? shown(el.closest("select")) : shown(el))) continue;
    out.push(n.textContent);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (other(el) || !shown(el)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"])
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  out.push(document.title);
  return out;
}
"""


def seen_texts(page: Any, lang: str) -> list[str]:
    return page.evaluate(SEEN, lang)


def foreign_words(page: Any, lang: str, words: dict[str, set[str]]) -> dict[str, str]:
    """The other language's words on the page, each with the text it was found in."""
    other = words["en" if lang == "es" else "es"]
    found: dict[str, str] = {}
    for text in seen_texts(page, lang):
        for word in WORD.findall(text):
            if word.lower() in other:
                found.setdefault(word, text.strip()[:120])
    return found


_AXE: Any = None


def axe_audit(page: Any) -> dict[str, Any]:
    """axe-core's verdict on the page as it is now: ``counts`` (failing elements per impact)
    and ``violations`` (rule, impact, how many elements, the first elements' selectors)."""
    global _AXE
    if _AXE is None:
        from axe_playwright_python.sync_playwright import Axe
        _AXE = Axe()
    # label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text) is
    # one of axe's experimental rules: turned on here
    results = _AXE.run(page, options={
        "resultTypes": ["violations"],
        "rules": {"label-content-name-mismatch": {"enabled": True}}}).response
    counts = {impact: 0 for impact in IMPACTS}
    violations = []
    for v in results["violations"]:
        counts[v.get("impact") or "minor"] += len(v["nodes"])
        violations.append({"rule": v["id"], "impact": v.get("impact"), "count": len(v["nodes"]),
                           "help": v.get("help"),
                           "targets": [n.get("target") for n in v["nodes"][:3]]})
    return {"counts": counts, "violations": violations}


#: The WCAG colour functions the pages' contrast checks share (statements of a JavaScript
#: function body): ``rgb(css colour)`` its components (alpha too, when given), ``lum(rgb)``
#: the relative luminance of the first three, ``contrast(l1, l2)`` the ratio of two luminances.
COLOURS = """
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
"""


#: Every text drawn straight on the felt (no panel, dialog, card or button behind it): its
#: colour's contrast with the felt's lightest colour (axe cannot judge text on a gradient).
FELT_CONTRAST = """
() => {
""" + COLOURS + """  const probe = document.createElement("div");
  probe.style.color = getComputedStyle(document.documentElement).getPropertyValue("--felt-light");
  document.body.appendChild(probe);
  const felt = lum(rgb(getComputedStyle(probe).color));
  probe.remove();
  const onFelt = (el) => {
    for (let x = el; x && x !== document.body; x = x.parentElement) {
      const cs = getComputedStyle(x);
      const bg = rgb(cs.backgroundColor);
      const opaque = bg.length === 4 ? bg[3] : (bg.length === 3 ? 1 : 0);
      const dark = bg.length >= 3 && lum(bg.slice(0, 3)) < felt;
      if ((opaque > 0 && !dark) || cs.backgroundImage !== "none") return false;
    }
    return true;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || !el.checkVisibility()
        || el.closest(".visually-hidden")) continue;
    if (!onFelt(el)) continue;
    const fg = lum(rgb(getComputedStyle(el).color));
    const ratio = (Math.max(fg, felt) + 0.05) / (Math.min(fg, felt) + 0.05);
    out.push({ text: n.textContent.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100 });
  }
  return out;
}
"""


def low_contrast_on_felt(page: Any, least: float = 4.5) -> list[dict[str, Any]]:
    """The texts on the felt whose contrast with its lightest colour is under ``least``."""
    return [x for x in page.evaluate(FELT_CONTRAST) if x["ratio"] < least]

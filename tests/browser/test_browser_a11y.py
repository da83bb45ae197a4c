"""Every screen of `golf web`, at a phone's size and a desktop's, in Spanish and in English:
the page is switched to the language from the other one, then every screen is visited and
checked (docs/web.md, "Accessibility"):

* axe-core finds no serious or critical failure on it (WCAG 2.0–2.2 A and AA, and 2.5.3:
  a control's name contains its visible text);
* every text drawn on the felt has a contrast of 4.5:1 at least with the felt's lightest
  colour (axe leaves text on a gradient undecided);
* none of the other language's words is seen or heard on it (text, control names, options,
  the live region), server errors included: a bad code's message, a refusal;
* a screenshot of it is saved (build/screenshots/), for a person to look at.

Each walk writes what axe found per screen to build/a11y/<lang>-<size>.json.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from a11y import axe_audit, foreign_words, language_words, low_contrast_on_felt
from conftest import ROOT
from golfcore import Game
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.solver import solver_for
from test_browser_cardgame import take_turn

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
LOCALES = {"es": "es-ES", "en": "en-US"}
REPORTS = ROOT / "build" / "a11y"


def _keys_of_line(deal: int) -> list[str]:
    """The keys that win Fácil deal ``deal`` (the solver's line): a column's number or space."""
    g = Game("app-facil", deal=deal)
    result = solver_for(rule_set("app-facil")).solve(g.position, best=False)
    assert result.winnable and result.line
    return [" " if move.is_draw else str(move.column) for move in result.line]


COURSE = "GR1-T-AAAAAAB"


def _hole_keys() -> list[str]:
    """The keys that play hole 1 of :data:`COURSE` to its end: the first legal play, else a
    draw (as the engine allows)."""
    from golfcore.web.courses import parse_course
    g = Game("traditional", deal=parse_course(COURSE).deal(1))
    keys = []
    while g.summary()["status"] == "playing":
        plays = [m for m in g.summary()["legal"] if m != "draw"]
        if plays:
            assert g.play(int(plays[0])).accepted
            keys.append(plays[0])
        else:
            assert g.draw().accepted
            keys.append(" ")
    return keys


class Walk:
    """One page walked through every screen, checked at each."""

    def __init__(self, app: Any, lang: str, size: str, shot: Any) -> None:
        self.app, self.page, self.lang, self.size, self.shot = app, app.page, lang, size, shot
        self.words = language_words()
        self.report: dict[str, Any] = {}
        self.problems: list[str] = []

    def check(self, screen: str) -> None:
        self.page.wait_for_timeout(50)          # the last redraw's frame
        audit = axe_audit(self.page)
        self.report[screen] = audit
        bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            self.problems.append(f"{screen}: axe: {json.dumps(bad, ensure_ascii=False)}")
        low = low_contrast_on_felt(self.page)
        audit["felt_contrast_below_4_5"] = len(low)
        if low:
            self.problems.append(f"{screen}: text on the felt under 4.5:1: {low}")
        foreign = foreign_words(self.page, self.lang, self.words)
        if foreign:
            self.problems.append(f"{screen}: words of the other language on the "
                                 f"{self.lang} page: {foreign}")
        self.shot(self.page, screen)

    def keys(self, keys: list[str]) -> None:
        """Press each key once the page has taken the one before (the moves count)."""
        moves = int(self.app("moves").inner_text())
        for key in keys:
            self.page.keyboard.press(key)
            moves += 1
            self.app.expect("moves").to_have_text(self.app.number(moves))


def walk_every_screen(app: Any, lang: str, size: str, shot: Any) -> Walk:
    walk = Walk(app, lang, size, shot)
    page = app.page
    app.booted()
    app.open_settings()                        # folded behind «Ajustes» on a phone
    app("lang").select_option(lang)
    app.close_settings()
    app.expect("tab-solitaire").to_have_text("Solitario" if lang == "es" else "Solitaire")
    walk.check("solitaire")

    # «Nueva partida», with the server's message for a code it cannot read
    app.open_new_dialog()
    app("code-input").fill("GO1-X-ZZZ")
    app("start").click()
    app.expect("code-error").to_be_visible()
    walk.check("new-game-bad-code")
    app("code-input").fill("")
    page.keyboard.press("Escape")
    app.expect("new-dialog").to_be_hidden()

    # a refused touch, then a hint
    app.start_code("GO1-E-AAAAAAC")            # deal 2: columns 3 and 5 may be played
    app.play(1)
    app.expect("message").to_have_text(re.compile(r"\w"))
    app("hint").click()
    app.expect("message").to_have_text(re.compile(r"\w"))
    walk.check("solitaire-refusal-hint")

    page.keyboard.press("?")
    app.expect("help-panel").to_be_visible()
    walk.check("help")
    page.keyboard.press("Escape")
    app.expect("help-panel").to_be_hidden()

    # a won game, by the keyboard
    app.start_code("GO1-E-AAAAAAB")
    walk.keys(_keys_of_line(1))
    app.expect("won-dialog").to_be_visible()
    walk.check("won")
    page.keyboard.press("Escape")

    # a lost game: deal 4, drawing the whole stock
    app.start_code("GO1-E-AAAAAAE")
    walk.keys([" "] * Game("app-facil", deal=4).summary()["stock"])
    app.expect("blocked-dialog").to_be_visible()
    walk.check("blocked")
    page.keyboard.press("Escape")

    # the 9-hole round: the first hole played out, its scorecard with «Siguiente hoyo»
    app.open_new_dialog()
    app("code-input").fill(COURSE)
    app("start-round").click()
    app.expect("course-code").to_have_text(COURSE)
    walk.keys(_hole_keys())
    app.expect("next-hole").to_be_visible()
    app("hint").click()                       # a hint over the finished hole: none to give
    walk.check("round-hole-over")

    app("stats-link").click()
    app.expect("stats-cardgame").to_be_visible()
    walk.check("stats")

    app("tab-cardgame").click()
    app.expect("cg-start").to_be_visible()
    walk.check("cardgame-setup")

    # a match against the computer: the table, then the round's result
    app("cg-players").select_option("3")
    app("cg-shape").select_option("2x2")
    app("cg-seat-1").select_option("bot:greedy")
    app("cg-seat-2").select_option("bot:random")
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    walk.check("cardgame-table")
    play_round(app, seats=(0,))
    app.expect("round-result").to_be_visible()
    walk.check("cardgame-round-result")

    # two people on this device: the «pass the device» screen
    app("cg-new").click()
    app.expect("cg-start").to_be_visible()
    app("cg-players").select_option("2")
    app("cg-seat-1").select_option("human")
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    app("cg-draw").click()                     # seat 0 draws and keeps the card: seat 1's turn
    app.expect("cg-held").to_be_visible()
    app("place-0-1").click()
    app.expect("cg-pass").to_be_visible()
    walk.check("cardgame-pass")
    return walk


def play_round(app: Any, seats: tuple[int, ...]) -> None:
    """Play seat 0's turns until the round is over (the computers play theirs)."""
    from conftest import latest_observation, wait_until
    page = app.page
    for _ in range(80):
        version, obs = wait_until(page, lambda: latest_observation(app.frames, 0),
                                  "seat 0's observation")
        if obs["step"] == "over":
            return
        if obs["turn"] in seats and obs["legal"]:
            take_turn(app, 0, obs)
        wait_until(page, lambda v=version: latest_observation(app.frames, 0)[0] > v,
                   f"the table to move on from version {version}")
    raise AssertionError("the round did not end within 80 actions")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_screen_accessible_and_in_one_language(open_page, make_app, shot, lang, size):
    width, height = SIZES[size]
    other = "en" if lang == "es" else "es"
    app = make_app(open_page(viewport={"width": width, "height": height},
                             locale=LOCALES[other]))
    walk = walk_every_screen(app, lang, size, lambda page, screen: shot(page, screen))
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"{lang}-{size}.json").write_text(
        json.dumps(walk.report, indent=1, ensure_ascii=False), encoding="utf-8")
    assert len(walk.report) >= 12, sorted(walk.report)
    assert not walk.problems, "\n".join(walk.problems)

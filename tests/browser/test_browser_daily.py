"""The daily deal in a real browser (docs/web.md, Daily deal): the new-game dialog's «Reto
diario» shows the player's date and the deal's difficulty, deals the code the rule gives for
that date, and once it is won the statistics show the day and the streak. The page runs in a
time zone 14 hours ahead of UTC, where the date is often the server's tomorrow."""

from __future__ import annotations

import datetime as dt
import json
import re
from zoneinfo import ZoneInfo

from a11y import axe_audit, foreign_words, language_words

from golfcore import Game
from golfcore.solitaire.daily import daily_deal
from golfcore.solitaire.search.solver import solver_for

ZONE = "Pacific/Kiritimati"
SIZES = {"1920x1080": (1920, 1080), "1280x800": (1280, 800), "390x844": (390, 844)}
LEVELS = {"es": {"easy": "fácil", "medium": "media", "hard": "difícil"},
          "en": {"easy": "easy", "medium": "medium", "hard": "hard"}}


def test_play_the_daily_deal_and_see_the_streak(open_page, make_app, shot):
    day = dt.datetime.now(ZoneInfo(ZONE)).date()
    expected = daily_deal(day)
    app = make_app(open_page(timezone_id=ZONE))
    app.open_new_dialog()
    app.expect("daily").to_be_visible()
    app.expect("daily-difficulty").to_contain_text(LEVELS["es"][expected.difficulty.level])
    measured = expected.difficulty                          # what was measured, no more
    app.expect("daily-difficulty").to_contain_text(
        f"probabilidad justa {int(measured.chance * 100 + 0.5)}\u00a0%, exacta" if measured.exact
        else f"se ganaron {measured.wins} de {measured.samples} órdenes del mazo")
    app.expect("daily-date").to_contain_text(str(day.year))
    app.expect("daily-date").to_contain_text(f"{day.day} de ")

    # accessible, in one language, at every size, in both languages
    words = language_words()
    page = app.page
    problems = []
    for lang in ("es", "en"):
        page.locator("#new-cancel").click()
        app.expect("new-dialog").to_be_hidden()
        app.open_settings()                         # folded on a narrow window
        app("lang").select_option(lang)
        app.close_settings()
        app.open_new_dialog()
        app.expect("daily-difficulty").to_contain_text(LEVELS[lang][expected.difficulty.level])
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            audit = axe_audit(page)
            bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
            if bad:
                problems.append(f"{lang} {size}: {json.dumps(bad, ensure_ascii=False)}")
            foreign = foreign_words(page, lang, words)
            if foreign:
                problems.append(f"{lang} {size}: words of the other language: {foreign}")
            shot(page, f"dialog-{lang}-{size}")
            box = app("daily-start").bounding_box()
            assert box and box["y"] + box["height"] <= height, f"{lang} {size}: off screen"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#new-cancel").click()
    for theme in ("dark", "contrast", "light"):                # the themes, at one size
        app.open_settings()
        app("theme").select_option(theme)
        app.close_settings()
        app.open_new_dialog()
        bad = [v for v in axe_audit(page)["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            problems.append(f"{theme}: {json.dumps(bad, ensure_ascii=False)}")
        if theme != "light":
            shot(page, f"dialog-{theme}")
        page.locator("#new-cancel").click()
    assert not problems, problems
    app.open_settings()
    app("lang").select_option("es")
    app.close_settings()
    app.open_new_dialog()

    # deal it: the rule's code for the player's date
    app("daily-start").click()
    app.expect("new-dialog").to_be_hidden()
    app.expect("game-code").to_have_text(expected.code)
    game = Game("app-facil", deal=expected.deal)
    line = solver_for(game.rules).solve(game.position, best=False).line
    for move in line:
        app.draw() if move.is_draw else app.play(move.column)
        assert game.act(0, move).accepted
        app.expect_waste(game.summary()["waste"])          # landed before the next
    app.expect("won-dialog").to_be_visible()
    page.locator("#won-close").click()

    app("stats-link").click()
    panel = app("stats-daily")
    app.expect(panel).to_be_visible()
    app.expect(panel).to_contain_text(re.compile(r"Días jugados\s*1\b"))
    app.expect(panel).to_contain_text(re.compile(r"Racha actual \(días\)\s*1\b"))
    app.expect(panel).to_contain_text(re.compile(r"Mejor racha \(días\)\s*1\b"))
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        audit = axe_audit(page)
        assert not [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
        shot(page, f"stats-{size}")

    # the day's 9-hole course, from the same dialog
    page.set_viewport_size({"width": 1280, "height": 800})
    app("tab-solitaire").click()
    app.open_new_dialog()
    app("daily-round").click()
    app.expect("new-dialog").to_be_hidden()
    app.expect("game-code").to_have_text(Game("traditional",
                                              deal=_first(expected.course)).code or "")


def _first(course: str) -> int:
    from golfcore.web.courses import parse_course
    return parse_course(course).deal(1)

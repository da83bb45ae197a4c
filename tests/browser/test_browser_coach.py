"""The coach in a real browser (docs/web.md, "The coach"): off by default; switched on, the
indicator beside the board says whether the deal can still be won, changes with the move that
loses it and is announced then; after the game the review lists that move. axe-core on the
indicator and the review at three sizes in both languages.

Deal 18 of app-clasico (GO1-C-AAAAAAS) is winnable and playing column 5 first (the A♠) loses
it, then 16 draws block the game: checked with golfcore first. (Not an app-facil deal: the
statistics test of tests/browser/test_browser_fixes.py counts the app-facil games of the
session's server.)
"""

from __future__ import annotations

import json
from typing import Any

from a11y import axe_audit, foreign_words, language_words, low_contrast_on_felt

from golfcore import Game
from golfcore.solitaire.search.solver import solver_for

VARIANT, DEAL, COLUMN = "app-clasico", 18, 5
SIZES = {"wide": (1920, 1080), "desktop": (1280, 800), "phone": (390, 844)}
TEXTS = {"es": {"lost": "Ya no se puede ganar", "review": "Revisión", "move": "Jugada 1:",
                "cost": "costó la partida", "card": "A, as de picas, columna 5"},
         "en": {"lost": "No longer winnable", "review": "Review", "move": "Move 1:",
                "cost": "cost the win", "card": "A, ace of spades, column 5"}}


def losing_game() -> Game:
    game = Game(VARIANT, deal=DEAL)
    solver = solver_for(game.rules)
    assert solver.solve(game.position, best=False).winnable is True
    game.play(str(COLUMN))
    assert solver.solve(game.position, best=False).winnable is False
    return game


def announced(app: Any) -> list[str]:
    return app("announcer").locator("p").all_inner_texts()


def audit(app: Any, screen: str, lang: str, words: dict[str, set[str]],
          problems: list[str]) -> None:
    # the live region is a log of what was said, each line in the language of its moment
    app.page.evaluate("document.getElementById('announcer').replaceChildren()")
    app.page.wait_for_timeout(50)
    bad = [v for v in axe_audit(app.page)["violations"] if v["impact"] in ("serious", "critical")]
    if bad:
        problems.append(f"{screen}: axe: {json.dumps(bad, ensure_ascii=False)}")
    low = low_contrast_on_felt(app.page)
    if low:
        problems.append(f"{screen}: text on the felt under 4.5:1: {low}")
    foreign = foreign_words(app.page, lang, words)
    if foreign:
        problems.append(f"{screen}: words of the other language: {foreign}")


def themes(app: Any, screen: str, words: dict[str, set[str]], problems: list[str],
           shot: Any) -> None:
    """The screen in the dark and high-contrast themes, at the last size and language."""
    for theme in ("dark", "contrast"):
        app.open_settings()                        # folded behind «Ajustes» on a phone
        app("theme").select_option(theme)
        app.close_settings()
        audit(app, f"{screen}-{theme}", app.page.evaluate("document.documentElement.lang"),
              words, problems)
        shot(app.page, f"{screen}-{theme}")
    app.open_settings()
    app("theme").select_option("auto")
    app.close_settings()


def test_the_coach_sees_the_win_lost_and_reviews_the_game(app, shot, until):
    game = losing_game()
    app.start_code(Game(VARIANT, deal=DEAL).code)
    # off by default: no switch on, no verdict, no coach request
    app.expect("coach-switch").not_to_be_checked()
    app.expect("coach-status").to_be_hidden()
    assert "coach" not in app.frames.sent_commands()

    app("coach-switch").check()
    app.expect("coach-status").to_have_text("Aún se puede ganar")
    until(app.page, lambda: "Entrenador: Aún se puede ganar" in announced(app),
          "the first verdict announced")
    shot(app.page, "winnable")
    app.play(COLUMN)
    app("hint").click()                # while the coach searches: it waits, never `busy`
    app.expect("coach-status").to_have_text(TEXTS["es"]["lost"])
    until(app.page, lambda: "hint" in [m.get("cmd") for m in app.frames.sent if isinstance(m, dict)]
          and any("hint" in m for m in app.frames.received if isinstance(m, dict)),
          "the hint's reply")
    assert not [m for m in app.frames.received if isinstance(m, dict) and m.get("error") == "busy"]
    until(app.page, lambda: f"Entrenador: {TEXTS['es']['lost']}" in announced(app),
          "the change announced")
    shot(app.page, "lost")
    # the same verdict after the next move: not announced again
    app.draw()
    app.expect("moves").to_have_text(app.number(2))
    app.expect("coach-status").to_have_text(TEXTS["es"]["lost"])
    assert sum(TEXTS["es"]["lost"] in line for line in announced(app)) == 1
    for moves in range(3, game.summary()["stock"] + 2):
        app.draw()
        app.expect("moves").to_have_text(app.number(moves))
    app.expect("blocked-dialog").to_be_visible()
    app.expect(app("blocked-dialog").get_by_test_id("coached-note")).to_have_text(
        "Partida jugada con el entrenador, que ve el mazo.")
    shot(app.page, "blocked")

    app("blocked-dialog").get_by_test_id("review-button").click()
    app.expect("review-dialog").to_be_visible()
    first = app("review-move").first
    app.expect(first).to_contain_text(TEXTS["es"]["move"])
    app.expect(first).to_contain_text(TEXTS["es"]["card"])
    app.expect(first).to_contain_text(TEXTS["es"]["cost"])

    words, problems = language_words(), []
    for lang in ("es", "en"):
        app.open_settings()
        app("lang").select_option(lang)
        app.close_settings()
        app.expect(app("review-move").first).to_contain_text(TEXTS[lang]["cost"])
        for size, (width, height) in SIZES.items():
            app.page.set_viewport_size({"width": width, "height": height})
            audit(app, f"review-{lang}-{size}", lang, words, problems)
            shot(app.page, f"review-{lang}-{size}")
    themes(app, "review", words, problems, shot)
    app.page.locator("#review-close").click()
    app.expect("review-dialog").to_be_hidden()
    app.page.locator("#blocked-close").click()
    app.expect("blocked-dialog").to_be_hidden()
    for lang in ("en", "es"):
        app.open_settings()
        app("lang").select_option(lang)
        app.close_settings()
        app.expect("coach-status").to_have_text(TEXTS[lang]["lost"])
        for size, (width, height) in SIZES.items():
            app.page.set_viewport_size({"width": width, "height": height})
            audit(app, f"board-{lang}-{size}", lang, words, problems)
            shot(app.page, f"board-{lang}-{size}")
    themes(app, "board", words, problems, shot)
    assert not problems, "\n".join(problems)

    # the switch is kept in the page's settings
    app.page.reload()
    app.expect("coach-switch").to_be_checked()
    app.expect("coach-status").to_have_text(TEXTS["es"]["lost"])

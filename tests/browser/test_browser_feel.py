"""The feel of cards in a real browser (docs/web.md, "The feel of cards"): cards that fly (and
none under "reduce motion"), drag and drop, the moment you win, sounds off by default, the
themes, and the first visit's tutorial.

Every deal used here is checked with golfcore first, so that a failure points at the page.
"""

from __future__ import annotations

import re
from typing import Any

from a11y import COLOURS, axe_audit, low_contrast_on_felt
from golfcore import Game
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.solver import solver_for
from test_browser_cardgame import set_up, take_turn

VARIANT = "app-facil"
WIN_DEAL = 1            # GO1-E-AAAAAAB: the solver wins it
PLAY_DEAL = 2           # GO1-E-AAAAAAC: waste 2S, column 3's free card AC fits
NOT_ADJACENT_ES = "Debe ser de un valor superior o inferior"
SIZES = {"desktop": (1920, 1080), "laptop": (1280, 800), "phone": (390, 844)}

#: Counts every Element.animate() call and every AudioContext made, from the page's start.
WATCH = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations++;
  return animate.apply(this, args);
};
window.__audio = 0;
const Real = window.AudioContext;
if (Real) window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__audio++; }
};
"""

FLYING = "() => document.getAnimations().some((a) => a.id === 'card-flight')"


def open_app(open_page: Any, make_app: Any, *, motion: bool, **options: Any) -> Any:
    options["reduced_motion"] = "no-preference" if motion else "reduce"
    opened = open_page(**options)
    opened.context.add_init_script(WATCH)
    opened.page.reload()
    return make_app(opened)


def flights(app: Any) -> int:
    return int(app.page.evaluate("window.__animations"))


def winning_keys(deal: int) -> list[str]:
    g = Game(VARIANT, deal=deal)
    result = solver_for(rule_set(VARIANT)).solve(g.position, best=False)
    assert result.winnable and result.line
    return [" " if move.is_draw else str(move.column) for move in result.line]


def press_all(app: Any, keys: list[str]) -> None:
    """Each key once the page has taken the one before (the moves count)."""
    moves = int(app("moves").inner_text())
    for key in keys:
        app.page.keyboard.press(key)
        moves += 1
        app.expect("moves").to_have_text(app.number(moves))


def drag(page: Any, source: Any, target: Any, midway: Any = None) -> None:
    """A mouse drag from the middle of ``source`` to the middle of ``target``; ``midway()`` is
    called before the button is released."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    if midway:
        midway()
    page.mouse.up()


# -- cards in flight ------------------------------------------------------------------------------

PAUSE = """() => document.getAnimations().filter((a) => a.id === 'card-flight')
  .forEach((a) => { a.pause(); a.currentTime = 90; })"""
RESUME = "() => document.getAnimations().forEach((a) => a.play())"


def test_cards_fly_unless_motion_is_reduced(open_page, make_app, until, card_game, shot):
    g = Game(VARIANT, deal=PLAY_DEAL)
    assert g.summary()["waste"] == "2S" and g.play(3).accepted
    app = open_app(open_page, make_app, motion=True)
    app.start_code(Game(VARIANT, deal=PLAY_DEAL).code)
    app.play(3)
    # the board is right at once; the card's flight to the waste runs over it
    app.page.wait_for_function(FLYING, polling="raf")
    app.page.evaluate(PAUSE)                       # caught in flight, for a person to look at
    app.expect_waste("AC")
    app.expect("moves").to_have_text(app.number(1))
    shot(app.page, "in-flight")
    app.page.evaluate(RESUME)
    app.draw()
    app.page.wait_for_function(FLYING, polling="raf")
    app.expect("moves").to_have_text(app.number(2))
    # keys are not held up by a flight: undo at once, twice
    app.page.keyboard.press("u")
    app.expect_waste("AC")
    app.page.keyboard.press("u")
    app.expect_waste("2S")
    # the card game: a card drawn flies from the stock to the hand (a card turned up at the
    # start of a round turns over where it is)
    set_up(app, ["human", "bot:greedy"])
    def my_turn() -> Any:
        latest = card_game.latest(app.frames, 0)
        return latest if latest and latest[1]["turn"] == 0 and latest[1]["legal"] else None

    _, obs = until(app.page, my_turn, "seat 0's turn")
    before = flights(app)
    take_turn(app, 0, obs)
    app.page.wait_for_function(f"() => window.__animations > {before}")

    still = open_app(open_page, make_app, motion=False, viewport={"width": 390, "height": 844})
    still.start_code(Game(VARIANT, deal=PLAY_DEAL).code)
    still.play(3)
    still.expect_waste("AC")
    still.draw()
    still.expect("moves").to_have_text(still.number(2))
    still.page.keyboard.press("u")
    still.expect_waste("AC")
    assert flights(still) == 0, "with reduced motion no card should be animated"
    assert still.page.evaluate("document.getAnimations().length") == 0


# -- drag and drop --------------------------------------------------------------------------------

def test_drag_a_free_card_onto_the_waste(app, shot):
    g = Game(VARIANT, deal=PLAY_DEAL)
    app.start_code(g.code)
    free = g.summary()["free"]
    wrong = next(c for c in range(1, 8) if g.play(c).reason == "not-adjacent")
    app("interactive").check()
    # a drop of a card that does not fit is refused as a tap on it would be
    drag(app.page, app.free(wrong), app("waste"), lambda: shot(app.page, "dragging"))
    app.expect("message").to_contain_text(NOT_ADJACENT_ES)
    app.expect_waste("2S")
    app.expect("moves").to_have_text(app.number(0))
    # a drop beside the piles puts the card back: nothing is sent
    sent = len(app.frames.sent_commands())
    drag(app.page, app.free(3), app("undo"))
    app.page.wait_for_timeout(200)
    assert app.frames.sent_commands()[sent:].count("play") == 0
    app.expect(app.free(3)).to_have_attribute("data-card", free[2])
    # the card that fits, dragged by a finger (touch pointer events), is played once
    box = app.free(3).bounding_box()
    waste = app("waste").bounding_box()
    app.page.evaluate("""([a, b]) => {
      const at = (type, x, y, el) => el.dispatchEvent(new PointerEvent(type, {bubbles: true,
        cancelable: true, pointerId: 7, pointerType: "touch", isPrimary: true, button: 0,
        clientX: x, clientY: y}));
      const card = document.querySelector('[data-testid="column-3"] button[data-free="true"]');
      at("pointerdown", a[0], a[1], card);
      for (let i = 1; i <= 6; i++) {
        at("pointermove", a[0] + (b[0] - a[0]) * i / 6, a[1] + (b[1] - a[1]) * i / 6, document);
      }
      at("pointerup", b[0], b[1], document);
    }""", [[box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
           [waste["x"] + waste["width"] / 2, waste["y"] + waste["height"] / 2]])
    app.expect_waste("AC")
    app.expect("moves").to_have_text(app.number(1))
    # taps and keys are unchanged
    app.draw()
    app.expect("moves").to_have_text(app.number(2))
    assert app.frames.sent_commands().count("play") == 2
    shot(app.page, "dragged")


# -- the moment you win ---------------------------------------------------------------------------

def test_the_moment_you_win(open_page, make_app, shot):
    keys = winning_keys(WIN_DEAL)
    app = open_app(open_page, make_app, motion=True, viewport={"width": 1920, "height": 1080})
    app.start_code(Game(VARIANT, deal=WIN_DEAL).code)
    press_all(app, keys)
    app.expect("won-dialog").to_be_visible()
    app.expect("confetti").to_be_attached()
    assert app.page.evaluate(
        "document.querySelectorAll('[data-testid=confetti] .piece').length") >= 20
    assert app.page.evaluate("document.getAnimations().length") > 0
    # announced as before: the dialog is an alert dialog, and the live region says so
    assert app("won-dialog").get_attribute("role") == "alertdialog"
    app.expect("announcer").to_contain_text("Partida ganada")
    app.expect("won-dialog").to_contain_text(re.compile(r"Puntos|Puntuación|\d"))
    app.page.wait_for_timeout(500)
    shot(app.page, "won-1920")
    for theme in ("light", "dark", "contrast"):
        app("theme").select_option(theme)        # the header stays usable over a dialog
        audit = axe_audit(app.page)
        bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, (theme, bad)
        if theme != "light":
            shot(app.page, f"won-1920-{theme}")

    still = open_app(open_page, make_app, motion=False, viewport={"width": 390, "height": 844})
    still.start_code(Game(VARIANT, deal=WIN_DEAL).code)
    press_all(still, keys)
    still.expect("won-dialog").to_be_visible()
    assert still.page.evaluate("document.querySelectorAll('[data-testid=confetti]').length") == 0
    assert still.page.evaluate("document.getAnimations().length") == 0
    assert flights(still) == 0
    shot(still.page, "won-390-still")


# -- sounds ---------------------------------------------------------------------------------------

def test_sounds_are_off_until_switched_on(open_page, make_app):
    app = open_app(open_page, make_app, motion=False)
    app.start_code(Game(VARIANT, deal=PLAY_DEAL).code)
    app.expect("sound").not_to_be_checked()
    app.play(3)
    app.draw()
    app.expect("moves").to_have_text(app.number(2))
    assert app.page.evaluate("window.__audio") == 0, "no sound may be made while sounds are off"
    app("sound").check()
    app.page.wait_for_function("() => window.__audio === 1")
    app.draw()
    app.expect("moves").to_have_text(app.number(3))
    # remembered over a reload; still no audio until a sound is due
    app.page.reload()
    app.booted()
    app.expect("sound").to_be_checked()
    assert app.page.evaluate("window.__audio") == 0
    app.draw()
    app.page.wait_for_function("() => window.__audio === 1")


# -- themes ---------------------------------------------------------------------------------------

CONTRASTS = """
() => {
""" + COLOURS + """  const ratio = (a, b) => contrast(lum(rgb(a)), lum(rgb(b)));  // of CSS colours
  const css = (name) => {
    const p = document.createElement("i");
    p.style.color = `var(${name})`;
    document.body.append(p);
    const c = getComputedStyle(p).color;
    p.remove();
    return c;
  };
  return { text: ratio(css("--ink"), css("--panel")),
           felt: ratio(css("--on-felt"), css("--felt-light")),
           muted: ratio(css("--muted"), css("--panel")) };
}
"""


def theme_of(app: Any) -> dict[str, Any]:
    return app.page.evaluate("""() => ({theme: document.documentElement.dataset.theme,
      scheme: document.querySelector('meta[name=color-scheme]').content,
      panel: getComputedStyle(document.querySelector('.dialog')).backgroundColor})""")


def test_themes_follow_the_system_and_the_switch(open_page, make_app, shot):
    app = make_app(open_page(color_scheme="dark"))
    app.booted()
    app.expect("theme").to_have_value("auto")
    assert theme_of(app)["theme"] == "dark" and theme_of(app)["scheme"] == "dark"
    app.page.emulate_media(color_scheme="light")
    app.page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    assert theme_of(app)["scheme"] == "light"
    app.page.emulate_media(forced_colors="active")
    app.page.wait_for_function("() => document.documentElement.dataset.theme === 'contrast'")
    app.page.emulate_media(forced_colors="none", contrast="more")
    app.page.wait_for_function("() => document.documentElement.dataset.theme === 'contrast'")
    app.page.emulate_media(contrast="no-preference")
    app.page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    light = app.page.evaluate(CONTRASTS)
    # the switch wins over the system, and is remembered
    app("theme").select_option("dark")
    assert theme_of(app)["theme"] == "dark"
    app.page.reload()
    app.booted()
    app.expect("theme").to_have_value("dark")
    assert theme_of(app)["theme"] == "dark" and theme_of(app)["scheme"] == "dark"
    dark = app.page.evaluate(CONTRASTS)
    app("theme").select_option("contrast")
    contrast = app.page.evaluate(CONTRASTS)
    assert theme_of(app)["theme"] == "contrast"
    for name, c in {"light": light, "dark": dark, "contrast": contrast}.items():
        assert min(c.values()) >= 4.5, f"{name}: {c}"
    assert min(contrast.values()) >= 7 and contrast["text"] > light["text"] \
        and contrast["felt"] > light["felt"] + 5, (light, contrast)
    app("theme").select_option("light")
    assert theme_of(app)["theme"] == "light"


def test_the_saved_theme_is_on_before_the_scripts_run(open_page, make_app):
    """On a slow network the page is drawn before its modules arrive: a saved dark or high
    contrast theme is already on then (theme-boot.js), not the light felt. (No service worker:
    the files it fetches are out of the test's reach, and it is not what draws the page.)"""
    app = make_app(open_page(service_workers="block"))
    app.booted()
    page = app.page
    held: list[Any] = []
    for theme in ("dark", "contrast"):
        app("theme").select_option(theme)
        held.clear()
        page.route("**/static/app.js", lambda route: held.append(route))   # not answered yet
        page.reload(wait_until="commit")
        page.wait_for_function("() => document.getElementById('board') !== null")
        assert held and page.evaluate("document.getElementById('game-code') === null || "
                                      "!document.querySelector('[data-testid=game-code]')"
                                      ".textContent"), "the page's modules ran already"
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        held[0].continue_()
        page.unroute("**/static/app.js")
        app.booted()
        assert theme_of(app)["theme"] == theme
    app("theme").select_option("auto")


def test_every_theme_accessible_at_every_size_in_both_languages(open_page, make_app, shot):
    app = make_app(open_page())
    page = app.page
    app.start_code(Game(VARIANT, deal=PLAY_DEAL).code)
    app("interactive").check()
    app.play(1)                                         # a refusal on the board, in each theme
    problems = []
    for theme in ("dark", "contrast", "light"):
        app.open_settings()                        # folded behind «Ajustes» on a phone
        app("theme").select_option(theme)
        for lang in ("es", "en"):
            app.open_settings()
            app("lang").select_option(lang)
            app.close_settings()
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(50)
                screens = ["board", "tutorial"] if theme != "light" else ["tutorial"]
                for screen in screens:
                    if screen == "tutorial":
                        app("help").click()
                        app("tutorial-open").click()
                        app.expect("tutorial").to_be_visible()
                        app("tutorial-next").click()
                    where = f"{theme}-{lang}-{size}-{screen}"
                    audit = axe_audit(page)
                    bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
                    if bad:
                        problems.append(f"{where}: {bad}")
                    if screen == "board":
                        low = low_contrast_on_felt(page)
                        if low:
                            problems.append(f"{where}: low contrast on the felt: {low}")
                    if lang == "es" or screen == "board":
                        shot(page, where)
                    if screen == "tutorial":
                        page.keyboard.press("Escape")
                        app.expect("tutorial").to_be_hidden()
    # the other screens, in Spanish at one size (the colours do not change with the size):
    # the card-game table, the statistics, «Nueva partida»
    app.open_settings()
    app("lang").select_option("es")
    app.close_settings()
    set_up(app, ["human", "bot:greedy"])
    for theme in ("dark", "contrast"):
        app.open_settings()
        app("theme").select_option(theme)
        app.close_settings()
        for size, (w, h) in [("laptop", SIZES["laptop"])]:
            page.set_viewport_size({"width": w, "height": h})
            for screen in ("cardgame", "stats", "new"):
                if screen == "cardgame":
                    app("tab-cardgame").click()
                    app.expect("board-0").to_be_visible()
                elif screen == "stats":
                    app("stats-link").click()
                    app.expect("stats-page").to_contain_text(re.compile(r"\w"))
                    page.wait_for_timeout(200)
                else:
                    app("new-game").click()
                    app.expect("new-dialog").to_be_visible()
                where = f"{theme}-es-{size}-{screen}"
                audit = axe_audit(page)
                bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
                if bad:
                    problems.append(f"{where}: {bad}")
                shot(page, where)
                if screen == "new":
                    page.keyboard.press("Escape")
                    app.expect("new-dialog").to_be_hidden()
    assert not problems, "\n".join(problems)


# -- the tutorial ---------------------------------------------------------------------------------

def test_the_tutorial_on_a_first_visit(open_page, make_app, shot):
    app = make_app(open_page(first_visit=True, viewport={"width": 390, "height": 844}))
    page = app.page
    app.expect("tutorial").to_be_visible()
    app.expect("tutorial-step").to_have_text("Paso 1 de 5")
    app.expect("tutorial").to_contain_text("carta libre")
    app.expect("tutorial-next").to_be_focused()
    shot(page, "first-visit-es")
    # by the keyboard: Enter on «Siguiente» moves on, the focus stays there
    page.keyboard.press("Enter")
    app.expect("tutorial-step").to_have_text("Paso 2 de 5")
    app.expect("tutorial-next").to_be_focused()
    # the new step is said by the dialog's live region
    assert page.locator(".tutorial-page").get_attribute("aria-live") == "polite"
    app.expect("tutorial-picture").to_be_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    app.expect("tutorial-step").to_have_text("Paso 5 de 5")
    app.expect("tutorial").to_contain_text("Juego de cartas")
    shot(page, "first-visit-es-last")
    # Tab stays inside the dialog
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('[data-testid=tutorial]')"
                             ".contains(document.activeElement)")
    app("tutorial-skip").click()
    app.expect("tutorial").to_be_hidden()
    app.booted()
    app.play(3)                                          # the page plays as usual behind it
    # not shown again
    page.reload()
    app.booted()
    page.wait_for_timeout(300)
    app.expect("tutorial").to_be_hidden()
    # opened again from the help panel, in English after a switch
    app.open_settings()                            # folded behind «Ajustes» on a phone
    app("lang").select_option("en")
    app.close_settings()
    app("help").click()
    app("tutorial-open").click()
    app.expect("tutorial").to_be_visible()
    app.expect("tutorial-step").to_have_text("Step 1 of 5")
    app.expect("tutorial").to_contain_text("free card")
    page.keyboard.press("Escape")
    app.expect("tutorial").to_be_hidden()

    english = make_app(open_page(first_visit=True, locale="en-US"))
    english.expect("tutorial").to_be_visible()
    english.expect("tutorial-step").to_have_text("Step 1 of 5")
    english.expect("tutorial-next").to_have_text("Next")
    shot(english.page, "first-visit-en")
    english("tutorial-skip").click()
    english.expect("tutorial").to_be_hidden()

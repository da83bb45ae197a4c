"""What keyboard, screen-reader, zoom and reduced-motion users rely on in `golf web`
(docs/web.md, "Accessibility"): dialogs keep the focus and give it back, tabs and the rule
choice move with the arrow keys, a card-game turn is played by keys with the focus kept at the
table, every play, draw, hint, computer's move and turn is announced through one live region
that is never rebuilt, zooming makes cards bigger, a zoomed header does not cover the screen,
reduced motion stops every animation, and a chosen deal is shown to every seat."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from conftest import wait_until

ACTIVE = ("() => { const a = document.activeElement; "
          "return a ? (a.dataset.testid || a.id || a.tagName) : null; }")
INSIDE = ("(testid) => !!document.activeElement"
          " && !!document.activeElement.closest(`[data-testid='${testid}']`)")
RUNNING = "() => document.getAnimations().filter(a => a.playState === 'running').length"


def announced(page: Any) -> str:
    return page.get_by_test_id("announcer").inner_text()


def test_dialogs_keep_the_focus_and_give_it_back(app):
    page = app.page
    app.start_code("GO1-E-AAAAAAC")
    app("stock").focus()
    page.keyboard.press("n")
    app.expect("new-dialog").to_be_visible()
    page.wait_for_function(INSIDE, arg="new-dialog")
    for _ in range(14):                      # round and round: never the board behind it
        page.keyboard.press("Tab")
        assert page.evaluate(INSIDE, "new-dialog"), page.evaluate(ACTIVE)
    for _ in range(4):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(INSIDE, "new-dialog"), page.evaluate(ACTIVE)
    app("code-input").focus()
    page.keyboard.press("Escape")
    app.expect("new-dialog").to_be_hidden()
    assert page.evaluate(ACTIVE) == "stock", "closing the dialog gives the focus back"
    app.expect("moves").to_have_text(app.number(0))      # nothing behind it was pressed
    # the help panel, opened from a card
    app.free(3).focus()
    page.keyboard.press("?")
    app.expect("help-panel").to_be_visible()
    page.wait_for_function(INSIDE, arg="help-panel")
    page.keyboard.press("Tab")
    assert page.evaluate(INSIDE, "help-panel")
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.dataset.column") == "3"


def test_tabs_and_the_rule_choice_move_with_the_arrow_keys(app):
    page = app.page
    app.booted()
    app("tab-solitaire").focus()
    page.keyboard.press("ArrowRight")
    app.expect("tab-cardgame").to_be_focused()
    app.expect("tab-cardgame").to_have_attribute("aria-selected", "true")
    app.expect("cg-start").to_be_visible()
    page.keyboard.press("ArrowRight")
    app.expect("stats-link").to_be_focused()
    app.expect("stats-page").to_be_visible()
    page.keyboard.press("Home")
    app.expect("tab-solitaire").to_be_focused()
    app.expect("tab-solitaire").to_have_attribute("aria-selected", "true")
    # only the selected tab is in the Tab order
    tab_order = "() => [...document.querySelectorAll('[role=tab]')].map(t => t.tabIndex)"
    assert page.evaluate(tab_order) == [0, -1, -1]
    app.open_new_dialog()
    app("rule-facil").click()
    page.keyboard.press("ArrowRight")
    app.expect("rule-clasico").to_be_focused()
    app.expect("rule-clasico").to_have_attribute("aria-checked", "true")
    app.expect("more-rules").to_have_value("app-clasico")
    page.keyboard.press("ArrowLeft")
    app.expect("rule-facil").to_have_attribute("aria-checked", "true")


def test_a_card_game_turn_by_keys_keeps_the_focus_at_the_table(app, until, card_game):
    page = app.page
    app.booted()
    app("tab-cardgame").click()
    app("cg-shape").select_option("2x2")
    app("cg-start").focus()
    page.keyboard.press("Enter")
    app.expect("board-0").to_be_visible()
    # the setup form is gone: the focus is at the table, on what seat 0 can do
    app.expect("cg-draw").to_be_focused()
    page.keyboard.press("Enter")                         # «Robar del mazo»
    app.expect("cg-held").to_be_visible()
    focused = page.evaluate(ACTIVE)
    assert focused and focused.startswith("place-0-"), \
        f"after drawing, the focus goes to a place to touch, not the top: {focused}"
    page.keyboard.press("Enter")                         # replace that place
    until(page, lambda: (o := card_game.latest(app.frames, 0)) and o[1]["turn"] == 1,
          "seat 1's turn")
    assert page.evaluate("() => !!document.activeElement.closest('.cg-table')"), \
        page.evaluate(ACTIVE)
    # the computer's move and the turn coming back are announced
    until(page, lambda: "Jugador 2 ha" in announced(page), "the computer's move announced")
    until(page, lambda: "Tu turno" in announced(page), "seat 0's turn announced")


def test_plays_draws_and_hints_are_announced_by_one_live_region(app):
    page = app.page
    app.start_code("GO1-E-AAAAAAC")               # deal 2: waste 2S, column 3's AC playable
    page.evaluate("() => { window.__announcer = document.getElementById('announcer'); }")
    live = app("announcer")
    expect(live).to_have_attribute("aria-live", "polite")
    app.play(3)
    expect(live).to_contain_text("A, as de tréboles al descarte")
    app.draw()
    expect(live).to_contain_text("Robas del mazo")
    page.keyboard.press("h")
    expect(live).to_contain_text("Pista")
    app.play(1)                                   # refused: its reason is said too
    expect(app("message")).to_have_text(re.compile(r"\w"))
    assert app("message").inner_text() in announced(page)
    assert page.evaluate("() => window.__announcer === document.getElementById('announcer')"), \
        "the live region must not be rebuilt"
    # a playable card says so, and has a mark besides its colour
    playable = page.locator("#columns button.playable").first
    assert playable.get_attribute("aria-label").endswith(", se puede jugar")
    mark = playable.evaluate("el => getComputedStyle(el, '::after').content")
    assert mark not in ("none", "normal", ""), mark


def card_px(page: Any) -> float:
    """The width of a column's card in device pixels."""
    return page.evaluate("() => document.querySelector('#columns button.card')"
                         ".getBoundingClientRect().width * devicePixelRatio")


def test_zoom_makes_cards_bigger_and_the_header_leaves_room(open_page, make_app):
    # zoom in a browser = fewer CSS pixels in the same window, each drawn bigger
    sizes = {}
    for zoom in (1, 2, 4):
        app = make_app(open_page(f"zoom{zoom}", viewport={"width": 1280 // zoom,
                                                          "height": 1024 // zoom},
                                 device_scale_factor=zoom))
        app.booted()
        sizes[zoom] = card_px(app.page)
        if zoom == 4:
            # 400 %: 320x256 CSS pixels. Scrolled, the header does not stay over the board
            page = app.page
            page.evaluate("() => window.scrollTo(0, 400)")
            page.wait_for_timeout(50)
            covered = page.evaluate("() => Math.max(0, document.getElementById('topbar')"
                                    ".getBoundingClientRect().bottom)")
            assert covered <= 256 * 0.25, f"the header covers {covered} of 256 pixels"
        app.opened.context.close()
    assert sizes[1] < sizes[2] < sizes[4], f"card widths in device pixels by zoom: {sizes}"


def test_reduced_motion_stops_every_animation(open_page, make_app, until, card_game):
    def animated(motion: str) -> int:
        app = make_app(open_page(motion, reduced_motion=motion))
        page = app.page
        app.start_code("GO1-E-AAAAAAC")
        app("hint").click()
        expect(page.locator("#view-solitaire .hinted")).to_have_count(1)
        count = page.evaluate(RUNNING)
        # the card game: a computer's move glows, a place just played is marked
        app("tab-cardgame").click()
        app("cg-shape").select_option("2x2")
        app("cg-start").click()
        app("cg-draw").click()
        app.expect("cg-held").to_be_visible()
        app("place-0-1").click()
        until(page, lambda: page.locator(".just-acted, .just-played").count() > 0,
              "a move marked as just played")
        count += page.evaluate(RUNNING)
        app.opened.context.close()
        return count

    assert animated("no-preference") > 0, "without the preference the page animates"
    assert animated("reduce") == 0, "with reduced motion nothing may run"


def test_a_chosen_deal_is_shown_to_every_seat(open_page, make_app, web_server):
    from websockets.sync.client import connect

    host = web_server.url.split("//", 1)[1].rstrip("/")
    with connect(f"ws://{host}/ws") as ws:
        ws.send(json.dumps({"id": 1, "cmd": "new", "game": "card-game", "seed": 7,
                            "seat_kinds": ["human", "human"], "here": [0, 1]}))
        reply = json.loads(ws.recv())
    assert reply["ok"] is True, reply
    pages = {}
    for seat, locale in ((0, "es-ES"), (1, "en-US")):
        pages[seat] = make_app(open_page(f"seat{seat}", url=f"{web_server.url}#join="
                                                           f"{reply['tokens'][str(seat)]}",
                                         locale=locale))
    expect(pages[0]("cg-chosen-deal")).to_contain_text("conoce todas las cartas")
    expect(pages[1]("cg-chosen-deal")).to_contain_text("knows every card")
    # a match dealt from a secret says nothing of the kind
    own = pages[0]
    own("cg-new").click()
    own("cg-shape").select_option("2x2")
    own("cg-start").click()
    own.expect("board-0").to_be_visible()
    wait_until(own.page, lambda: own.frames.last_with("tokens"), "the new match")
    own.expect("cg-chosen-deal").to_have_count(0)

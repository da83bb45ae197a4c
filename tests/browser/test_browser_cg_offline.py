"""The card-game table while the server is away (docs/web.md, "While the server is away"), as
the solitaire's board: with a drawn card in hand, the banner; every control of the table (the
stock, the discard, the places, the replace/discard choice, «Nueva partida de cartas»)
`aria-disabled` and looking paused; nothing calling for a tap (no playable mark or outline,
no glow on the board to act); a tap refused at once with the notice and never sent; axe-core
finds no serious failure at the three sizes."""

from __future__ import annotations


from playwright.sync_api import expect

from a11y import axe_audit
from test_browser_cardgame import set_up
from test_browser_fixes import forgive_refused_sockets

SIZES = {"desktop": (1920, 1080), "laptop": (1280, 800), "phone": (390, 844)}

#: What each control of the table looks like: its opacity, and whether its look says "paused".
LOOK = """(el) => { const cs = getComputedStyle(el);
  return {opacity: Number(cs.opacity), cursor: cs.cursor, disabled: el.ariaDisabled}; }"""

#: What still calls for a tap on the paused table: a playable place's mark (↑) or outline, the
#: glow of the board to act.
CALLS = """() => {
  const out = [];
  for (const el of document.querySelectorAll(".cg-play .playable")) {
    const mark = getComputedStyle(el, "::after");
    if (mark.content !== "none" && mark.display !== "none") out.push(`${el.dataset.testid} mark`);
    if (getComputedStyle(el).boxShadow !== "none") out.push(`${el.dataset.testid} outline`);
  }
  for (const el of document.querySelectorAll(".cg-play .cg-board.to-act"))
    if (getComputedStyle(el).boxShadow !== "none") out.push(`${el.dataset.testid} glow`);
  return out;
}"""


def test_the_card_game_table_is_paused_while_the_server_is_away(open_page, make_app, own_server,
                                                                card_game, until, shot,
                                                                problems):
    app = make_app(open_page(url=own_server.url))
    page = app.page
    set_up(app, ["human", "bot:greedy"])
    until(page, lambda: (card_game.latest(app.frames, 0) or (0, {}))[1].get("turn") == 0
          and "draw" in card_game.latest(app.frames, 0)[1]["legal"], "seat 0 to draw")
    app("cg-draw").click()                         # seat 0 holds a card: places to touch
    app.expect("cg-held").to_be_visible()
    expect(app("board-0").locator(".playable").first).to_be_visible()

    own_server.stop()
    expect(app("offline-banner")).to_be_visible()
    controls = ["cg-stock", "cg-discard", "cg-new", "place-0-1", "place-0-4"]
    for testid in ("cg-mode-replace", "cg-mode-discard"):
        if app(testid).count():
            controls.append(testid)
    for testid in controls:
        expect(app(testid)).to_have_attribute("aria-disabled", "true")
        look = app(testid).evaluate(LOOK)
        assert look["opacity"] < 0.6 and look["cursor"] == "not-allowed", (testid, look)
    # nothing calls for a tap: no playable mark or outline, no glowing board to act
    calls = page.evaluate(CALLS)
    assert calls == [], calls
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        bad = [v for v in axe_audit(page)["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], (size, bad)
        shot(page, f"cg-disconnected-{size}")
    page.set_viewport_size({"width": 1280, "height": 800})

    # a tap on a place, on the discard, on the replace/discard choice (which changes only the
    # page): each refused at once with the notice, nothing sent, nothing changed
    sent = [m for m in app.frames.sent if isinstance(m, dict) and m.get("cmd") == "act"]
    pressed = {t: app(t).get_attribute("aria-pressed") for t in controls if "mode" in t}
    for testid in ["place-0-1", "cg-discard"] + list(pressed):
        app(testid).click(force=True)
        expect(page.locator("#notice"), testid).to_be_visible()
        expect(page.locator("#notice")).to_contain_text("no se ha enviado")
        page.locator("#notice").evaluate("(el) => { el.hidden = true; }")
    assert {t: app(t).get_attribute("aria-pressed") for t in pressed} == pressed
    # and the key X, which switches that choice: refused the same way, the choice unchanged
    page.locator("body").press("x")
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("no se ha enviado")
    assert {t: app(t).get_attribute("aria-pressed") for t in pressed} == pressed
    assert [m for m in app.frames.sent if isinstance(m, dict) and m.get("cmd") == "act"] == sent
    app.expect("cg-held").to_be_visible()           # still holding the card, as it was
    forgive_refused_sockets(problems)

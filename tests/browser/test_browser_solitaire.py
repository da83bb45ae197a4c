"""The solitaire in a real browser: `golf web`'s page driven by clicks and keys (docs/web.md,
"What tests and front ends can rely on").

Every deal used here is checked with golfcore itself first (the solver, or the engine playing
the same actions), so that a failure points at the page or the server, not at the deal.
"""

from __future__ import annotations

from typing import Any

import pytest

from golfcore import Game
from golfcore.solitaire.moves import Move
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.solver import solver_for

VARIANT = "app-facil"
#: Deal 1 (GO1-E-AAAAAAB): the solver wins it; no free card is next to the waste's 10H at first.
WIN_DEAL = 1
#: Deal 2 (GO1-E-AAAAAAC): the waste is 2S and column 3's free card the AC (playable).
PLAY_DEAL = 2
#: Deal 4 (GO1-E-AAAAAAE): drawing the whole stock at once loses.
LOSE_DEAL = 4
BLOCKED_ES = "No quedan movimientos posibles"
NOT_ADJACENT_ES = "Debe ser de un valor superior o inferior"
BLOCKED_CARD_ES = "Esta carta está bloqueada"


def game(deal: int) -> Game:
    return Game(VARIANT, deal=deal)


def shown_message(app: Any) -> str:
    """The refusal message as a person sees it: its text when visible, else ''."""
    return app("message").evaluate(
        "el => (el.hidden || el.offsetParent === null || getComputedStyle(el).visibility"
        " === 'hidden') ? '' : el.textContent.trim()")


def test_win_a_facil_deal_by_clicking_the_solvers_line(app, shot):
    g = game(WIN_DEAL)
    result = solver_for(rule_set(VARIANT)).solve(g.position, best=False)
    assert result.winnable and result.line, f"the solver should win deal {WIN_DEAL}: {result}"
    app.start_code(g.code)
    app.expect("waste").to_have_attribute("data-card", g.summary()["waste"])
    shot(app.page, "start")
    for count, move in enumerate(result.line, 1):
        if move.is_draw:
            app.draw()
        else:
            app.play(move.column)
        assert g.act(0, move).accepted
        summary = g.summary()
        try:
            app.expect_waste(summary["waste"])
            if count % 10 == 0:
                app.expect("moves").to_have_text(app.number(count))
        except AssertionError as exc:
            raise AssertionError(f"move {count} of the solver's line ({move}) on {g.code}: the "
                                 f"page should show waste {summary['waste']} and {count} "
                                 f"moves: {exc}") from None
    assert g.summary()["status"] == "won"
    score = g.summary()["score"]["value"]
    app.expect("won-dialog").to_be_visible()
    app.expect("moves").to_have_text(app.number(len(result.line)))
    app.expect("won-dialog").to_contain_text(app.number(score))
    app.expect("points").to_have_text(app.number(score))
    shot(app.page, "won")


def test_refusals_show_their_message_with_interactive_rules(app, shot):
    g = game(WIN_DEAL)
    app.start_code(g.code)
    app("interactive").check()
    waste = g.summary()["waste"]
    # column 1's free card (4H) is not next to the waste's TH
    assert g.play(1).reason == "not-adjacent"
    app.play(1)
    app.expect("message").to_contain_text(NOT_ADJACENT_ES)
    shot(app.page, "not-adjacent")
    # column 1's first card (JD) is covered
    assert g.play("1.1").reason == "blocked-card"
    app("column-1").locator("button").first.click()
    app.expect("message").to_contain_text(BLOCKED_CARD_ES)
    shot(app.page, "blocked-card")
    app.expect_waste(waste)
    app.expect("moves").to_have_text(app.number(0))


def test_no_refusal_message_without_interactive_rules(app):
    g = game(WIN_DEAL)
    app.start_code(g.code)
    app("interactive").uncheck()
    app.play(1)                                        # not next to the waste
    app("column-1").locator("button").first.click()    # covered
    # a draw afterwards: once its card is on the waste, the page has dealt with both clicks
    assert g.draw().accepted
    app.draw()
    app.expect_waste(g.summary()["waste"])
    app.expect("moves").to_have_text(app.number(1))
    assert shown_message(app) == "", (
        f"with «reglas interactivas» off, refused clicks should show nothing, but the page "
        f"shows {shown_message(app)!r}")


def test_undo_brings_back_the_waste_and_the_column(app):
    g = game(PLAY_DEAL)
    app.start_code(g.code)
    before = app.board()
    assert before["waste"] == "2S" and g.summary()["free"][2] == "AC"
    assert g.play(3).accepted
    app.play(3)
    app.expect_waste("AC")
    app.expect("moves").to_have_text(app.number(1))
    app.expect(app("column-3").locator("button")).to_have_count(len(before["columns"][2]) - 1)
    app.expect("points").to_have_text(app.number(g.summary()["score"]["value"]))
    app("undo").click()
    assert g.undo().accepted and g.moves == 1
    app.expect_waste("2S")
    app.expect(app("column-3").locator("button")).to_have_count(len(before["columns"][2]))
    # docs/protocol.md: the move counter counts draws and plays; undo never lowers it
    app.expect("moves").to_have_text(app.number(g.moves))
    app.expect("points").to_have_text(app.number(g.summary()["score"]["value"]))
    after = app.board()
    assert after["columns"] == before["columns"], "undo should bring column 3's card back"
    assert after["stock"] == before["stock"]


def test_blocked_dialog_and_its_undo(app, shot):
    g = game(LOSE_DEAL)
    stock = g.summary()["stock"]
    wastes = []
    for _ in range(stock):
        assert g.draw().accepted
        wastes.append(g.summary()["waste"])
    assert g.summary()["status"] == "lost", f"drawing the whole stock should lose {g.code}"
    app.start_code(g.code)
    for card in wastes:
        app.draw()
        app.expect_waste(card)
        if card != wastes[-1]:
            assert app("blocked-dialog").is_hidden(), "the game is not lost before the last draw"
    app.expect("blocked-dialog").to_be_visible()
    app.expect("moves").to_have_text(app.number(stock))
    app.expect("blocked-dialog").to_contain_text(BLOCKED_ES)
    app.expect("stock").to_have_attribute("data-count", "0")
    shot(app.page, "blocked")
    app("blocked-undo").click()
    app.expect("blocked-dialog").to_be_hidden()
    app.expect_waste(wastes[-2])
    app.expect("stock").to_have_attribute("data-count", "1")
    app.expect("moves").to_have_text(app.number(stock))      # undo never lowers it
    shot(app.page, "after-undo")


def test_reload_resumes_the_same_game(app):
    g = game(PLAY_DEAL)
    app.start_code(g.code)
    for _ in range(4):
        plays = [m for m in g.legal(0) if not m.is_draw]
        move = plays[0] if plays else Move.parse("draw")
        assert g.act(0, move).accepted
        if move.is_draw:
            app.draw()
        else:
            app.play(move.column)
        app.expect_waste(g.summary()["waste"])
    app("undo").click()                 # the undo history is saved too
    assert g.undo().accepted
    app.expect_waste(g.summary()["waste"])
    app.expect("moves").to_have_text(app.number(g.moves))
    before = app.board()
    app.page.reload()
    app.expect("game-code").to_have_text(g.code)
    app.expect_waste(g.summary()["waste"])
    app.expect("moves").to_have_text(app.number(g.moves))
    app.expect("points").to_have_text(before["points"])
    after = app.board()
    assert after == before, f"after a reload the page should show the same game:\n" \
                            f"before {before}\nafter  {after}"
    # and play on from there: undo still takes back the earlier play
    app("undo").click()
    assert g.undo().accepted
    app.expect_waste(g.summary()["waste"])


def drafts(app: Any) -> list[dict[str, Any]]:
    """The replies to the page's draft deals (``new`` with ``draft: true``), oldest first."""
    return [m for m in app.frames.received if isinstance(m, dict) and m.get("draft") is True]


def test_a_first_visit_saves_nothing_until_the_first_move(app, web_server, until):
    app.booted()
    first, = until(app.page, lambda: drafts(app), "the first visit's draft deal")
    assert "tokens" not in first and first["state"]["variant"] == VARIANT
    app.expect("game-code").to_have_text(first["state"]["code"])
    app.page.reload()                          # a reload before any move: a table again
    app.booted()
    second = until(app.page, lambda: drafts(app)[1:], "the reload's draft deal")[0]
    app.expect("game-code").to_have_text(second["state"]["code"])
    assert second["table"] != first["table"]
    for table in (first["table"], second["table"]):
        assert web_server.query("SELECT * FROM tables WHERE id = ?", table) == [], \
            f"an unplayed draft ({table}) reached the database"
    # one move: the table is saved with it, and a reload resumes it
    g = Game.from_code(second["state"]["code"])
    plays = [m for m in g.legal(0) if not m.is_draw]
    move = plays[0] if plays else Move.parse("draw")
    assert g.act(0, move).accepted
    if move.is_draw:
        app.draw()
    else:
        app.play(move.column)
    app.expect_waste(g.summary()["waste"])
    app.expect("moves").to_have_text(app.number(1))
    until(app.page, lambda: web_server.query("SELECT version FROM tables WHERE id = ?",
                                             second["table"]) == [{"version": 1}],
          "the played table in the database at version 1")
    before = app.board()
    app.page.reload()
    app.expect("game-code").to_have_text(second["state"]["code"])
    app.expect("moves").to_have_text(app.number(1))
    assert app.board() == before
    assert len(drafts(app)) == 2, "the reload opened the saved table, it dealt no draft"
    assert web_server.query("SELECT COUNT(*) AS n FROM actions WHERE table_id = ?",
                            second["table"]) == [{"n": 1}]


def test_keyboard_shortcuts(app, until):
    g = game(PLAY_DEAL)
    app.start_code(g.code)
    page = app.page
    page.locator("body").click(position={"x": 5, "y": 5})     # no field has the focus
    assert g.play(3).accepted
    page.keyboard.press("3")
    app.expect_waste("AC")
    page.keyboard.press("u")
    app.expect_waste("2S")
    app.expect("moves").to_have_text(app.number(1))
    assert g.undo().accepted and g.draw().accepted
    page.keyboard.press(" ")
    app.expect_waste(g.summary()["waste"])
    app.expect("stock").to_have_attribute("data-count", str(g.summary()["stock"]))
    page.keyboard.press("Control+z")
    app.expect_waste("2S")
    page.keyboard.press("5")                    # AH onto 2S
    app.expect_waste("AH")
    page.keyboard.press("U")
    app.expect_waste("2S")
    page.keyboard.press("1")                    # 6S is not next to 2S: refused, with its message
    app.expect("message").to_contain_text(NOT_ADJACENT_ES)
    hints = app.frames.sent_commands().count("hint")
    page.keyboard.press("h")
    until(page, lambda: app.frames.sent_commands().count("hint") > hints,
          "H to ask the server for a hint")
    page.keyboard.press("?")
    app.expect("help-panel").to_be_visible()
    for key in ("1", "7", "U", "Z", "H", "N", "?"):
        app.expect("help-panel").to_contain_text(key)
    page.keyboard.press("Escape")
    if app("help-panel").is_visible():          # no Escape: its own button closes it
        app("help-panel").get_by_role("button").last.click()
    app.expect("help-panel").to_be_hidden()
    page.keyboard.press("n")
    app.expect("new-dialog").to_be_visible()
    app.expect_waste("2S")                      # none of the keys played behind the dialog


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)],
                         ids=["phone-390x844", "desktop-1280x800"])
def test_board_screenshot(open_page, make_app, shot, width, height):
    phone = width < 600
    opened = open_page(f"{width}x{height}", viewport={"width": width, "height": height},
                       is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
    app = make_app(opened)
    g = game(WIN_DEAL)
    app.start_code(g.code)
    for n in range(1, 8):
        app.expect(app.free(n)).to_be_visible()
    app.expect("stock").to_be_visible()
    app.expect("waste").to_be_visible()
    shot(opened.page, f"board-{width}x{height}")
    overflow = opened.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"the board is {overflow}px wider than the {width}px viewport"
    for n in range(1, 8):
        box = app(f"column-{n}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, \
            f"column {n} is outside the {width}px viewport: {box}"
    if phone:                                   # a tap plays on a touch screen
        assert g.draw().accepted
        app("stock").tap()
        app.expect_waste(g.summary()["waste"])


def test_redeal_button_under_a_variant_with_redeals(app, shot):
    """A variant with passes through the stock (none is built in; the page offers what the
    server lists, so the test adds the option to the select as a third party's variant would
    appear): the redeal button shows only once the stock is out, turns the waste over, hides,
    and undo brings it back; the space key redeals too."""
    app.open_new_dialog()
    app("more-rules").evaluate(
        "s => { const o = document.createElement('option'); o.value = 'cards4+redeals=1';"
        " o.textContent = 'redeals'; s.appendChild(o); s.value = o.value; }")
    app("start").click()
    app.expect("new-dialog").to_be_hidden()
    app.expect("moves").to_have_text(app.number(0))
    stock = int(app("stock").get_attribute("data-count"))
    assert stock == 16
    app.expect("redeal").to_be_hidden()
    for left in range(stock - 1, -1, -1):
        app.draw()
        app.expect("stock").to_have_attribute("data-count", str(left))
    waste = app("waste").get_attribute("data-card")
    app.expect("redeal").to_be_visible()
    app.expect("redeal").to_have_text("Dar la vuelta al descarte")
    app.expect(app.page.locator("#variant-name")).to_have_text("Golf clásico de Cards4 + redeals=1")
    shot(app.page, "stock-out")
    app("redeal").click()
    app.expect("stock").to_have_attribute("data-count", str(stock))
    app.expect_waste(waste)                             # the top card stays
    app.expect("redeal").to_be_hidden()
    app.expect("moves").to_have_text(app.number(stock + 1))
    app("undo").click()
    app.expect("stock").to_have_attribute("data-count", "0")
    app.expect("redeal").to_be_visible()
    app.page.locator("body").click(position={"x": 5, "y": 5})
    app.page.keyboard.press(" ")                        # the stock's key, with the stock out
    app.expect("stock").to_have_attribute("data-count", str(stock))
    app.expect("redeal").to_be_hidden()

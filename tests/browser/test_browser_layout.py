"""The page laid out for its player (docs/web.md, "The table's layout"), at 1920x1080,
1280x800 and 390x844:

* the card game with 2, 4 and 6 seats (and 6 seats of the widest board, 3x4): the player's own
  board, the stock, the discard and the actions are in the window without scrolling, and so are
  the opponents' boards, smaller than one's own but readable; «Robar del mazo» stands out from
  the felt (3:1) and its text from it (4.5:1); the playable mark stays out of the rank and suit's
  corner; axe-core finds nothing on the table at each size, in both languages;
* on a phone: the settings are folded behind «Ajustes» (and work by the keyboard), every
  control is 44 pixels high at least, and the solitaire's board fills the screen.

Screenshots of every size and seat count are saved (build/screenshots/).
"""

from __future__ import annotations

import json
from typing import Any

from a11y import COLOURS, axe_audit, low_contrast_on_felt

SIZES = {"desktop-1920x1080": (1920, 1080), "laptop-1280x800": (1280, 800),
         "phone-390x844": (390, 844)}
PHONE = (390, 844)

#: The boxes (in the window's coordinates) of what must be in view at the card-game table.
TABLE_BOXES = """
() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height }; };
  const one = (id) => { const el = document.querySelector(`[data-testid="${id}"]`);
    return el && el.getClientRects().length ? box(el) : null; };
  const boards = [...document.querySelectorAll(".cg-play [data-testid^='board-']")];
  const card = (sel) => { const el = document.querySelector(sel); return el ? box(el) : null; };
  return {
    scrollY: window.scrollY, width: innerWidth, height: innerHeight,
    overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    mine: one("board-0"), stock: one("cg-stock"), discard: one("cg-discard"),
    actions: [...document.querySelectorAll(".cg-actions button")]
      .map((b) => ({ id: b.dataset.testid, ...box(b) })),
    others: boards.filter((b) => b.dataset.testid !== "board-0")
      .map((b) => ({ id: b.dataset.testid, ...box(b) })),
    mineCard: card(".cg-board.mine .card"), otherCard: card(".cg-board.other .card"),
  };
}
"""

#: Contrast of a control with the felt (its background against each of the felt's colours,
#: the lowest) and of its text with its background, from the computed colours.
CONTRAST = """
(el) => {
""" + COLOURS + """  const probe = document.createElement("div");
  document.body.appendChild(probe);
  const felts = ["--felt", "--felt-light", "--felt-dark"].map((name) => {
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(name);
    return lum(rgb(getComputedStyle(probe).color));
  });
  probe.remove();
  const cs = getComputedStyle(el);
  const bg = rgb(cs.backgroundColor);
  const opaque = bg.length === 3 || (bg.length === 4 && bg[3] === 1);
  const back = opaque ? lum(bg) : null;
  return {
    background: cs.backgroundColor, color: cs.color, opaque,
    againstFelt: back === null ? 0 : Math.min(...felts.map((f) => contrast(back, f))),
    text: back === null ? 0 : contrast(lum(rgb(cs.color)), back),
  };
}
"""

#: Every playable card's mark (its ::after badge) and its rank-and-suit corner, as boxes.
MARKS = """
(root) => [...root.querySelectorAll("button.card.playable")].filter((c) => c.querySelector(".idx"))
  .map((card) => {
    const r = card.getBoundingClientRect();
    const cs = getComputedStyle(card, "::after");
    const w = parseFloat(cs.width), h = parseFloat(cs.height);
    const left = cs.left !== "auto" ? r.left + parseFloat(cs.left)
      : r.right - parseFloat(cs.right) - w;
    const top = cs.top !== "auto" ? r.top + parseFloat(cs.top)
      : r.bottom - parseFloat(cs.bottom) - h;
    const i = card.querySelector(".idx").getBoundingClientRect();
    return { card: card.dataset.testid || card.getAttribute("aria-label"),
             mark: { x: left, y: top, right: left + w, bottom: top + h },
             idx: { x: i.left, y: i.top, right: i.right, bottom: i.bottom } };
  })
"""

#: Every control a finger touches that is shown (the cards aside: the columns and boards
#: are their own targets), with its size; a checkbox counts with its label.
TARGETS = """
() => [...document.querySelectorAll("button, select, input[type=checkbox], a[href]")]
  .filter((el) => el.checkVisibility() && !el.classList.contains("card") && !el.closest("[inert]"))
  .filter((el) => !(el.tagName === "A" && el.closest("p, li")))
  .map((el) => {
    const target = el.type === "checkbox" ? el.closest("label") || el : el;
    const r = target.getBoundingClientRect();
    return { what: el.dataset.testid || el.id || el.textContent.trim().slice(0, 30) || el.tagName,
             w: Math.round(r.width), h: Math.round(r.height) };
  })
"""


def inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return bool(box) and box["x"] >= -1 and box["y"] >= -1 and \
        box["right"] <= width + 1 and box["bottom"] <= height + 1


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["right"] and b["x"] < a["right"]
            and a["y"] < b["bottom"] and b["y"] < a["bottom"])


def clear_of_corner(mark: dict[str, Any]) -> bool:
    """The playable mark neither covers the rank and suit nor sits in their row (an index as
    wide as "10♦" would run into it)."""
    return not overlap(mark["mark"], mark["idx"]) and mark["mark"]["y"] >= mark["idx"]["bottom"]


def resize(page: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def new_table(app: Any, players: int, shape: str) -> None:
    """A match of one person against ``players - 1`` computers, from the setup form."""
    app("tab-cardgame").click()
    if app("cg-new").is_visible():
        app("cg-new").click()
    app.expect("cg-start").to_be_visible()
    app("cg-shape").select_option(shape)
    app("cg-players").select_option(str(players))
    for seat in range(1, players):
        app(f"cg-seat-{seat}").select_option("bot:greedy")
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    app.expect("cg-draw").to_be_visible()          # seat 0 plays first


def check_table_in_view(app: Any, label: str, players: int) -> dict[str, Any]:
    width, height = app.page.viewport_size["width"], app.page.viewport_size["height"]
    seen = app.page.evaluate(TABLE_BOXES)
    where = f"{label} ({players} seats)"
    assert seen["scrollY"] == 0, f"{where}: the page is scrolled: {seen['scrollY']}"
    assert seen["overflowX"] <= 1, f"{where}: the page is {seen['overflowX']}px too wide"
    for name in ("mine", "stock", "discard"):
        assert inside(seen[name], width, height), \
            f"{where}: {name} is not in the {width}x{height} window: {seen[name]}"
    assert seen["actions"], f"{where}: no action on the table"
    for button in seen["actions"]:
        assert inside(button, width, height), f"{where}: {button['id']} is out of view: {button}"
    assert len(seen["others"]) == players - 1, seen["others"]
    for board in seen["others"]:
        assert inside(board, width, height), f"{where}: {board['id']} is out of view: {board}"
    mine, other = seen["mineCard"]["w"], seen["otherCard"]["w"]
    assert other < mine, \
        f"{where}: opponents' cards ({other}px) should be smaller than one's own ({mine}px)"
    assert other >= 22, f"{where}: opponents' cards are {other}px wide: too small to read"
    assert mine >= 44, f"{where}: one's own cards are {mine}px wide: too small to touch"
    return seen


def test_the_card_table_is_in_view_at_every_size(app, shot):
    page = app.page
    app.booted()
    for players, shape in ((2, "3x3"), (4, "3x3"), (6, "3x3"), (6, "3x4")):
        new_table(app, players, shape)
        for label, (width, height) in SIZES.items():
            resize(page, width, height)
            check_table_in_view(app, label, players)
            if shape == "3x3" or label.startswith("phone"):
                shot(page, f"{players}-seats-{shape}-{label}")
            # the main action stands out from the felt, and its text from it
            contrast = app("cg-draw").evaluate(CONTRAST)
            assert contrast["againstFelt"] >= 3, \
                f"{label}: «Robar del mazo» against the felt: {contrast}"
            assert contrast["text"] >= 4.5, f"{label}: «Robar del mazo»'s text: {contrast}"
        resize(page, 1280, 800)

    # holding a card drawn from the stock: the held card and both modes are in view too, and
    # every place of one's board is marked as playable, away from its rank and suit
    app("cg-draw").click()
    app.expect("cg-held").to_be_visible()
    app.expect("cg-mode-discard").to_be_visible()
    for label, (width, height) in SIZES.items():
        resize(page, width, height)
        check_table_in_view(app, label, 6)
        held = app("cg-held").bounding_box()
        held = held and {"x": held["x"], "y": held["y"], "right": held["x"] + held["width"],
                         "bottom": held["y"] + held["height"]}
        assert inside(held, width, height), f"{label}: the held card is out of view: {held}"
        if label.startswith("phone"):
            shot(page, f"6-seats-holding-{label}")


def test_opponents_are_readable_and_the_table_accessible(app, shot, until, card_game):
    """Six seats, one turn played so that the computers turn cards up; then at each size, in
    both languages: the opponents' ranks are big enough to read, the marks clear of them, and
    axe finds nothing."""
    page = app.page
    app.booted()
    new_table(app, 6, "3x3")
    app("cg-draw").click()
    app.expect("cg-held").to_be_visible()
    app("place-0-1").click()
    until(page, lambda: (card_game.latest(app.frames, 0) or (0, {}))[1].get("turn") == 0
          and card_game.latest(app.frames, 0)[1].get("step") == "draw",
          "the computers' turns, back to seat 0", seconds=20)
    app.expect(page.locator(".cg-board.other .card .idx").first).to_be_visible()
    problems = []
    for lang in ("en", "es"):
        resize(page, 1920, 1080)
        app.open_settings()
        app("lang").select_option(lang)
        app.close_settings()
        app.expect("cg-draw").to_have_text("Draw from the stock" if lang == "en"
                                           else "Robar del mazo")
        for label, (width, height) in SIZES.items():
            resize(page, width, height)
            check_table_in_view(app, label, 6)
            fonts = page.evaluate(
                "() => [...document.querySelectorAll('.cg-board.other .card .idx')]"
                ".map((el) => parseFloat(getComputedStyle(el).fontSize))")
            assert fonts and min(fonts) >= 11, f"{label}: opponents' ranks at {min(fonts)}px"
            for mark in app("board-0").evaluate(MARKS):
                assert clear_of_corner(mark), f"{label}: the mark crowds the corner: {mark}"
            audit = axe_audit(page)
            bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
            if bad:
                problems.append(f"{lang} {label}: axe: {json.dumps(bad, ensure_ascii=False)}")
            low = low_contrast_on_felt(page)
            if low:
                problems.append(f"{lang} {label}: text on the felt under 4.5:1: {low}")
            if lang == "es":
                shot(page, f"6-seats-mid-game-{label}")
    assert not problems, "\n".join(problems)


def test_phone_settings_fold_fingers_fit_and_the_solitaire_fills_the_screen(open_page, make_app,
                                                                           shot):
    app = make_app(open_page(viewport={"width": PHONE[0], "height": PHONE[1]},
                             is_mobile=True, has_touch=True))
    page = app.page
    app.start_code("GO1-E-AAAAAAC")              # deal 2: columns 3 and 5 may be played
    problems = []

    # the settings: folded behind «Ajustes», which opens them by the keyboard
    app.expect("settings-toggle").to_be_visible()
    app.expect("settings-toggle").to_have_attribute("aria-expanded", "false")
    app.expect("settings").to_be_hidden()
    app.expect("lang").to_be_hidden()
    header = app.page.locator("#topbar").bounding_box()
    assert header["height"] <= 112, f"the header takes {header['height']}px of the phone"
    app("settings-toggle").focus()
    page.keyboard.press("Enter")
    app.expect("settings").to_be_visible()
    app.expect("settings-toggle").to_have_attribute("aria-expanded", "true")
    app.expect("lang").to_be_focused()
    page.keyboard.press("Tab")
    app.expect("interactive").to_be_focused()
    page.keyboard.press("Space")
    app.expect("interactive").not_to_be_checked()
    page.keyboard.press("Space")
    app.expect("interactive").to_be_checked()
    shot(page, "settings-open")
    for lang in ("en", "es"):
        app("lang").select_option(lang)
        audit = axe_audit(page)
        bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            problems.append(f"settings {lang}: axe: {json.dumps(bad, ensure_ascii=False)}")
    page.keyboard.press("Escape")
    app.expect("settings").to_be_hidden()
    app.expect("settings-toggle").to_be_focused()

    # the solitaire's board: from the first column to the piles, most of the screen's height
    seen = page.evaluate("""() => {
      const r = (sel) => document.querySelector(sel).getBoundingClientRect();
      return { top: r("#columns").top, bottom: Math.max(r(".piles").bottom, r("#columns").bottom),
               scrollH: document.documentElement.scrollHeight, scrollY: window.scrollY };
    }""")
    assert seen["bottom"] <= PHONE[1], f"the solitaire's board goes below the screen: {seen}"
    assert seen["bottom"] - seen["top"] >= 0.55 * PHONE[1], \
        f"the solitaire's board uses {seen['bottom'] - seen['top']:.0f} of {PHONE[1]}px: {seen}"
    assert PHONE[1] - seen["bottom"] <= 0.15 * PHONE[1], f"empty felt under the board: {seen}"
    for mark in page.locator("#columns").evaluate(MARKS):
        assert clear_of_corner(mark), f"the playable mark crowds the corner: {mark}"
    assert page.locator("#columns button.playable").count() >= 1
    shot(page, "solitaire")
    for lang in ("en", "es"):
        app.open_settings()
        app("lang").select_option(lang)
        app.close_settings()
        audit = axe_audit(page)
        bad = [v for v in audit["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            problems.append(f"solitaire {lang}: axe: {json.dumps(bad, ensure_ascii=False)}")

    # 44 pixels for a finger: on the solitaire, the new-game dialog and the card-game table
    small = [t for t in page.evaluate(TARGETS) if t["h"] < 44 or t["w"] < 44]
    app.open_new_dialog()
    small += [t for t in page.evaluate(TARGETS) if t["h"] < 44 or t["w"] < 44]
    page.keyboard.press("Escape")
    app.expect("new-dialog").to_be_hidden()
    new_table(app, 6, "3x3")
    small += [t for t in page.evaluate(TARGETS) if t["h"] < 44 or t["w"] < 44]
    places = page.evaluate(
        "() => [...document.querySelectorAll('.cg-board.mine button.card, .cg-pile')]"
        ".map((b) => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); })")
    assert min(places) >= 44, f"one's own places and the piles: {min(places)}px"
    assert not small, f"controls smaller than 44x44 on a phone: {small}"
    assert not problems, "\n".join(problems)

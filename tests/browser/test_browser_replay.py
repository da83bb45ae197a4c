"""Replays and share links in a real browser (docs/web.md, "Replays and share links"):

* a solitaire game played, then replayed: stepped forward and back, jumped with the slider and
  the keys; its share link, the deal's and the code's copy buttons (the Clipboard API, and the
  fallback that leaves the link selected);
* share links: a deal opened only once the person confirms (and never in place of a game in
  progress without asking), a replay link, a crafted fragment refused with a message and
  nothing sent to the server;
* a finished card-game match replayed from its own table and from its replay code, its code
  copied; a code typed into the card game's setup; a replay of a match that is not over
  refused (the page's own connection asking, as an attacker's script would);
* the viewer checked by axe-core at three sizes in both languages, with screenshots.
"""

from __future__ import annotations

import json
import random
from typing import Any

from a11y import WORD, axe_audit, language_words

CLIPBOARD = ["clipboard-read", "clipboard-write"]
SIZES = {"desktop": (1920, 1080), "laptop": (1280, 800), "phone": (390, 844)}
#: GO1-E-AAAAAAB drawn, its column 4 played on the 8 of hearts, drawn again.
MOVES = "d4d"


def clipboard(page: Any) -> str:
    return page.evaluate("navigator.clipboard.readText()")


#: The texts of the replay viewer: what it shows, and the names of its parts.
VIEWER_TEXTS = """() => {
  const d = document.querySelector('[data-testid=replay-dialog]');
  const out = [d.innerText];
  for (const el of d.querySelectorAll('[aria-label], [aria-valuetext], [title]'))
    for (const a of ['aria-label', 'aria-valuetext', 'title'])
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
  return out;
}"""


def foreign_in_viewer(page: Any, lang: str, words: dict[str, set[str]]) -> set[str]:
    """The other language's words in the viewer (the page's live region keeps what it said
    before a switch: not the viewer's)."""
    other = words["en" if lang == "es" else "es"]
    return {w for text in page.evaluate(VIEWER_TEXTS) for w in WORD.findall(text)
            if w.lower() in other}


def set_lang(page: Any, lang: str) -> None:
    """The language select, changed while a dialog holds the focus (as a mouse would)."""
    page.evaluate(f"document.querySelector('[data-testid=lang]').value = '{lang}';"
                  "document.querySelector('[data-testid=lang]')"
                  ".dispatchEvent(new Event('change'))")


def serious(page: Any) -> list[dict[str, Any]]:
    return [v for v in axe_audit(page)["violations"] if v["impact"] in ("serious", "critical")]


def audit_viewer(app: Any, shot: Any, name: str) -> None:
    """axe-core and the other language's words on the open viewer, at every size, in both
    languages; a screenshot at each size."""
    page = app.page
    words = language_words()
    problems = []
    for lang in ("es", "en"):
        set_lang(page, lang)
        app.expect("replay-forward").to_have_text("Siguiente" if lang == "es" else "Next")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            bad = serious(page)
            if bad:
                problems.append(f"{name} {lang} {size}: {json.dumps(bad)}")
            foreign = foreign_in_viewer(page, lang, words)
            if foreign:
                problems.append(f"{name} {lang} {size}: other language: {foreign}")
            if lang == "es":
                shot(page, f"{name}-{size}")
    page.set_viewport_size({"width": 1280, "height": 800})
    set_lang(page, "es")
    for theme in ("dark", "contrast", "light"):              # the themes' colours too
        page.evaluate(f"document.querySelector('[data-testid=theme]').value = '{theme}';"
                      "document.querySelector('[data-testid=theme]')"
                      ".dispatchEvent(new Event('change'))")
        app.expect(page.locator("html")).to_have_attribute("data-theme", theme)
        bad = serious(page)
        if bad:
            problems.append(f"{name} {theme}: {json.dumps(bad)}")
        if theme != "light":
            shot(page, f"{name}-{theme}")
    assert not problems, "\n".join(problems)


def test_a_solitaire_game_is_replayed_and_its_links_copied(open_page, make_app, shot):
    app = make_app(open_page(permissions=CLIPBOARD))
    page = app.page
    app.start_code("GO1-E-AAAAAAB")
    app.draw()
    app.expect_waste("8H")
    app.play(4)
    app.expect("moves").to_have_text(app.number(2))
    app.draw()
    app.expect("moves").to_have_text(app.number(3))

    # the code and the deal's link, copied
    app("copy-code").click()
    app.expect(page.locator("#notice")).to_contain_text("GO1-E-AAAAAAB")
    assert clipboard(page) == "GO1-E-AAAAAAB"
    app("copy-link").click()
    origin = page.evaluate("location.origin")
    app.expect(page.locator("#notice")).to_contain_text("#deal=")
    assert clipboard(page) == f"{origin}/#deal=GO1-E-AAAAAAB"

    app("replay-open").click()
    app.expect("replay-dialog").to_be_visible()
    app.expect("replay-step").to_have_text("Jugada 0 de 3: el reparto")
    app.expect("replay-back").to_be_disabled()
    board = app("replay-board")
    app.expect(board.get_by_role("img", name="Descarte: 10 de corazones")).to_be_visible()
    app("replay-forward").click()
    app.expect("replay-step").to_have_text(
        "Jugada 1 de 3: Robas del mazo: 8 de corazones al descarte")
    app.expect(board.get_by_role("img", name="Mazo: 15 cartas")).to_be_visible()
    app("replay-forward").click()
    app.expect("replay-step").to_contain_text("Jugada 2 de 3: 7 de picas al descarte")
    app.expect(board.get_by_role("img", name="Columna 4: J, jota de tréboles, 9 de picas, "
                                              "R, rey de picas, 4 de tréboles")).to_be_visible()
    app("replay-back").click()
    app.expect("replay-step").to_contain_text("Jugada 1 de 3")
    # the slider jumps; the keys step (the focus is in the dialog)
    app("replay-slider").fill("3")
    app.expect("replay-step").to_contain_text("Jugada 3 de 3")
    app.expect("replay-forward").to_be_disabled()
    app("replay-first").focus()
    page.keyboard.press("Home")
    app.expect("replay-step").to_contain_text("Jugada 0 de 3")
    page.keyboard.press("ArrowRight")
    app.expect("replay-step").to_contain_text("Jugada 1 de 3")
    page.keyboard.press("End")
    app.expect("replay-step").to_contain_text("Jugada 3 de 3")
    app.expect(page.locator("#announcer")).to_contain_text("Jugada 3 de 3")

    # the replay's share link: the code and the moves, copied
    link = f"{origin}/#replay=GO1-E-AAAAAAB.{MOVES}"
    app.expect("replay-link").to_have_value(link)
    app("replay-copy-link").click()
    app.expect(page.locator("#notice")).to_contain_text("Enlace copiado")
    assert clipboard(page) == link

    audit_viewer(app, shot, "solitaire-replay")

    # without the Clipboard API (refused) and no copy command: the link is left selected
    page.evaluate("navigator.clipboard.writeText = () => Promise.reject(new Error('no'));"
                  "document.execCommand = () => false")
    app("replay-copy-link").click()
    assert page.evaluate("(() => { const i = document.activeElement; return i.dataset.testid"
                         " + ' ' + i.value.slice(i.selectionStart, i.selectionEnd); })()") \
        == f"replay-link {link}"
    page.keyboard.press("Escape")
    app.expect("replay-dialog").to_be_hidden()
    app.expect("moves").to_have_text(app.number(3))       # the game itself is as it was


def test_share_links_ask_first_and_crafted_ones_are_refused(open_page, make_app, web_server,
                                                            shot):
    app = make_app(open_page(url=f"{web_server.url}#deal=GO1-E-AAAAAAC"))
    page, frames = app.page, app.frames
    app.expect("link-dialog").to_be_visible()
    app.expect("link-body").to_contain_text("GO1-E-AAAAAAC")
    assert page.evaluate("location.hash") == ""              # a reload does not ask again
    assert not [m for m in frames.sent if isinstance(m, dict) and m.get("code")], \
        "nothing of the link may reach the server before the person confirms"
    assert not serious(page)
    shot(page, "deal-link")
    app("link-open").click()
    app.expect("link-dialog").to_be_hidden()
    app.expect("game-code").to_have_text("GO1-E-AAAAAAC")

    # a game in progress: a deal link says it leaves it, and cancelling keeps it
    legal = frames.last_state()["legal"]
    if legal[0] == "draw":
        app.draw()
    else:
        app.play(int(legal[0]))
    app.expect("moves").to_have_text(app.number(1))
    page.evaluate("location.hash = '#deal=GO1-E-AAAAAAD'")
    app.expect("link-dialog").to_be_visible()
    app.expect("link-body").to_contain_text("Dejarás la partida que estás jugando")
    app("link-cancel").click()
    app.expect("link-dialog").to_be_hidden()
    app.expect("game-code").to_have_text("GO1-E-AAAAAAC")
    app.expect("moves").to_have_text(app.number(1))

    # a replay link: the viewer, the game on screen unchanged
    page.evaluate(f"location.hash = '#replay=GO1-E-AAAAAAB.{MOVES}'")
    app.expect("link-body").to_contain_text("GO1-E-AAAAAAB")
    app("link-open").click()
    app.expect("replay-dialog").to_be_visible()
    app.expect("replay-step").to_have_text("Jugada 0 de 3: el reparto")
    page.keyboard.press("Escape")
    app.expect("game-code").to_have_text("GO1-E-AAAAAAC")

    # crafted fragments: refused with a message, nothing sent
    sent = len(frames.sent)
    for crafted in ("#replay=GO1-E-AAAAAAB.d4d%3Cimg%20src%3Dx%3E", "#deal=GO1-E-AAAAAAB%00",
                    "#deal=" + "A" * 3000, "#replay=GO1-E-AAAAAAB." + "d" * 501,
                    "#replay=GK1-G233-AAAAAAB", "#deal=%E0%A4%A"):
        page.evaluate(f"location.hash = {json.dumps(crafted)}")
        app.expect("link-dialog").to_be_visible()
        app.expect("link-body").to_have_text(
            "Este enlace no es un reparto ni una repetición válidos: no se ha hecho nada.")
        app.expect("link-open").to_be_hidden()
        if crafted.startswith("#deal=A"):
            assert not serious(page)
            shot(page, "bad-link")
        app("link-cancel").click()
        app.expect("link-dialog").to_be_hidden()
    assert len(frames.sent) == sent, frames.sent[sent:]
    assert not page.locator("img[src=x]").count()


def _finished_match(db: Any, players: int = 2) -> tuple[str, list[str], str]:
    """A match dealt from a secret, played to its end and saved in the server's database as
    ``golf web`` saves one (another process on the same file): its id, tokens and code."""
    from golfcore.cardgame.match import Match
    from golfcore.web.resume import snapshot_due
    from golfcore.web.seats import draft_seats, placed
    from golfcore.web.store import Store
    from golfcore.web.tables import LiveCardGame

    with Store(db) as store:
        draft = LiveCardGame("", 0, draft_seats(["human"] * players),
                             Match("card-golf+shape=2x2", players=players))
        record = store.create_table(game=draft.game_name, variant=draft.variant,
                                    seat_kinds=draft.kinds, snapshot=draft.snapshot(),
                                    summary=draft.summary())
        table, last, rng = placed(draft, record), 0, random.Random(5)
        while not table.match.is_over:
            seat = next(s for s in range(players) if table.match.legal(s))
            request = {"cmd": "act", "seat": seat,
                       "action": str(rng.choice(table.match.legal(seat)))}
            step = table.handle("act", request, (seat,))
            assert step.table is not None
            due = snapshot_due(table, step.table, last)
            store.record_action(table.id, version=step.table.version, seat=seat,
                                request=request, summary=step.table.summary(),
                                snapshot=step.table.snapshot() if due else None)
            last = step.table.version if due else last
            table = step.table
        tokens = [s.token for s in table.seats]
        code = table.match.code
    assert code and code.startswith("GK1-")
    return table.id, tokens, code


def test_a_finished_match_is_replayed_and_a_match_not_over_never(open_page, make_app,
                                                                  web_server, shot):
    table, tokens, code = _finished_match(web_server.db)
    opened = open_page(permissions=CLIPBOARD)
    app = make_app(opened)
    page = app.page
    saved = {"cardgame": {"table": table, "tokens": tokens}, "current": "cardgame"}
    page.evaluate(f"localStorage.setItem('golf.tables', {json.dumps(json.dumps(saved))})")
    page.reload()
    app.expect("match-over").to_be_visible()
    app.expect("cg-code").to_have_text(code)
    assert not serious(page)
    shot(page, "match-over")
    app("cg-copy-code").click()
    app.expect(page.locator("#notice")).to_contain_text(code)
    assert clipboard(page) == code
    app("cg-replay").click()
    app.expect("replay-dialog").to_be_visible()
    app.expect("replay-step").to_contain_text("Jugada 0 de ")
    app.expect("replay-board-1").to_be_visible()
    app("replay-forward").click()
    app.expect("replay-step").to_contain_text("Jugador ")
    page.keyboard.press("End")
    app.expect("replay-forward").to_be_disabled()
    origin = page.evaluate("location.origin")
    app.expect("replay-link").to_have_value(f"{origin}/#replay={code}")
    audit_viewer(app, shot, "cardgame-replay")
    page.keyboard.press("Escape")

    # the replay code typed into the setup: the same deal, a new match (a chosen deal)
    app("cg-new").click()
    app.expect("cg-start").to_be_visible()
    app("cg-code-input").fill("GC1-G2")
    app("cg-start").click()
    app.expect("cg-code-error").to_have_text(
        "Ese código no sirve: un código del juego de cartas es como GC1-G233-AAAAAAB (regla, "
        "jugadores, filas y columnas, y 7 letras), y uno de repetición empieza por GK1- y "
        "tiene 4 grupos de 7 letras.")
    app("cg-code-input").fill("GC1-Q233-AAAAAAB")              # no variant has the letter Q
    app("cg-start").click()
    app.expect("cg-code-error").to_contain_text("Ese código no sirve")
    app("cg-code-input").fill(code.lower())
    app.expect("cg-players").to_be_disabled()
    app.expect("cg-players").to_have_value("2")                # the code's players
    app("cg-seat-1").select_option("bot:greedy")
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    app.expect("cg-chosen-deal").to_be_visible()
    started = app.frames.last_with("tokens")
    assert started["observations"]["0"]["shape"] == [2, 2]

    # the attack: this match is not over, and a replay of it is refused
    reply = page.evaluate("window.golfApp.net.request('replay', {})")
    assert reply["ok"] is False and reply["error"] == "not-over", reply
    assert "steps" not in reply and set(reply["messages"]) == {"es", "en"}


def test_a_match_in_progress_is_never_replayed_by_its_code(open_page, make_app, web_server):
    """The referee's replay code of a match still being played (which no seat has seen) finds
    nothing: only a finished match is replayed."""
    from golfcore.cardgame.match import Match
    from golfcore.web.seats import draft_seats
    from golfcore.web.store import Store
    from golfcore.web.tables import LiveCardGame

    with Store(web_server.db) as store:
        draft = LiveCardGame("", 0, draft_seats(["human", "human"]),
                             Match("card-golf+shape=2x2", players=2))
        store.create_table(game=draft.game_name, variant=draft.variant, seat_kinds=draft.kinds,
                           snapshot=draft.snapshot(), summary=draft.summary())
    code = draft.match.code
    app = make_app(open_page(url=f"{web_server.url}#replay={code}"))
    app.expect("link-dialog").to_be_visible()
    app("link-open").click()
    app.expect(app.page.locator("#notice")).to_have_text(
        "No hay ninguna partida terminada con ese código en este servidor.")
    app.expect("replay-dialog").to_be_hidden()
    replies = [m for m in app.frames.received if isinstance(m, dict) and "steps" in m]
    assert not replies

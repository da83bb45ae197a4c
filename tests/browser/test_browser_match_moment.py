"""The end of a card-game match is a moment for its winner (docs/web.md, "The feel of cards"):
a match of one round (TextArena's Golf, 2x2 boards) between two people at one device is played
to its end; the match-over panel shows the suits and «¡Enhorabuena, Jugador N!» for the seat
that won, a shower of confetti falls, the winner is said once in the live region; a language
switch redraws it in English without a second shower; under "reduce motion" (a reload) the
panel is the same and nothing falls; axe-core finds nothing at the three sizes in both
languages."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from a11y import axe_audit, foreign_words, language_words
from test_browser_cardgame import take_turn

SIZES = {"desktop": (1920, 1080), "laptop": (1280, 800), "phone": (390, 844)}


def play_match_at_one_device(app: Any, card_game: Any, until: Any) -> dict[str, Any]:
    """Both seats played here, the device passed between them; seat 0's last observation."""
    page, frames = app.page, app.frames
    for _ in range(80):
        version, obs = until(page, lambda: card_game.latest(frames, 0), "seat 0's observation")
        if obs["over"]:
            return obs
        seat = obs["turn"]
        place = app(f"place-{seat}-1")
        expect(app("cg-pass").or_(place)).to_be_visible()
        if app("cg-pass").is_visible():
            app("cg-pass").click()
            expect(place).to_be_visible()
        def newest(s: int = seat, v: int = version) -> Any:
            found = card_game.latest(frames, s)
            return found if found and found[0] >= v else None

        _, mine = until(page, newest, f"seat {seat}'s observation at version {version}")
        take_turn(app, seat, mine)
        until(page, lambda v=version: card_game.latest(frames, 0)[0] > v,
              f"the table to move on from version {version}")
    raise AssertionError("the match did not end within 80 actions")


def check_sizes(page: Any, lang: str, shot: Any, shots: tuple[str, ...]) -> None:
    words = language_words()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        audit = axe_audit(page)
        assert audit["violations"] == [], (lang, size, json.dumps(audit["violations"]))
        assert foreign_words(page, lang, words) == {}, (lang, size)
        if size in shots:
            shot(page, f"moment-{lang}-{size}")


def test_the_end_of_a_match_is_a_moment_for_its_winner(open_page, make_app, card_game,
                                                        until, shot):
    app = make_app(open_page(reduced_motion="no-preference"))
    page = app.page
    app.booted()
    app("tab-cardgame").click()
    app("cg-variant").select_option("textarena-golf")     # one round: the match ends with it
    app("cg-shape").select_option("2x2")
    for seat in (0, 1):
        app(f"cg-seat-{seat}").select_option("human")
    app("cg-start").click()
    obs = play_match_at_one_device(app, card_game, until)

    winners = obs["winners"]
    names = ", ".join(f"Jugador {s + 1}" for s in winners)
    over = app("match-over")
    expect(over).to_be_visible()
    expect(over).to_have_attribute("data-moment", "won")
    expect(app("cg-moment")).to_have_text(f"¡Enhorabuena, {names}!")
    expect(over.locator(".won-suits svg")).to_have_count(4)
    expect(page.get_by_test_id("confetti")).to_have_count(1)      # falling, for about 3 s
    shot(page, "moment-falling")
    said = app("announcer").inner_text()
    assert said.count("¡Enhorabuena") == 1 and re.search(r"Ganan?: Jugador", said), said
    check_sizes(page, "es", shot, tuple(SIZES))

    app.open_settings()                             # folded on a phone's width
    app("lang").select_option("en")                 # redrawn, not celebrated again
    app.close_settings()
    moment = f"Well done, {names.replace('Jugador', 'Seat')}!"
    expect(app("cg-moment")).to_have_text(moment)
    said = app("announcer").inner_text()
    assert said.count("¡Enhorabuena") == 1 and "Well done" not in said, said

    # under "reduce motion" (and in English from the start of the page): the same panel,
    # nothing falls
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    expect(app("cg-moment")).to_have_text(moment)
    expect(app("match-over")).to_have_attribute("data-moment", "won")
    expect(page.get_by_test_id("confetti")).to_have_count(0)
    expect(app("announcer")).to_contain_text(moment)
    check_sizes(page, "en", shot, ("phone",))
    expect(page.get_by_test_id("confetti")).to_have_count(0)

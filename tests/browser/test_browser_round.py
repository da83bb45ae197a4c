"""The traditional 9-hole round in a real browser: play a hole to its end, read its strokes on
the scorecard, deal the next hole (docs/web.md: `start-round`, `scorecard`, `next-hole`)."""

from __future__ import annotations

from golfcore import Game
from golfcore.web.courses import parse_course


def strokes_cell(app, strokes: int):
    """A cell of the scorecard showing ``strokes`` (the first: the total may show it too)."""
    return app("scorecard").get_by_role("cell", name=str(strokes), exact=True).first


def test_nine_hole_scorecard(app, until, shot):
    frames = app.frames
    app.open_new_dialog()
    app("start-round").click()
    app.expect("new-dialog").to_be_hidden()
    app.expect("scorecard").to_be_visible()
    first = until(app.page, lambda: frames.last_with("round"), "the round's first state")
    course = parse_course(first["round"]["code"])
    assert first["round"]["hole"] == 1 and first["round"]["strokes"] == [], first["round"]
    hole1 = Game(first["state"]["variant"], deal=course.deal(1))
    app.expect("game-code").to_have_text(course.game_code(1))
    app.expect("moves").to_have_text(app.number(0))
    shot(app.page, "hole-1")
    # play the hole to its end: the first legal play, else a draw (as the engine allows)
    played = 0
    while hole1.summary()["status"] == "playing":
        legal = hole1.summary()["legal"]
        shown = until(app.page, lambda n=played: frames.last_state()["moves"] == n
                      and frames.last_state()["legal"], f"the state after {played} moves")
        assert shown == legal, "the page's state should list the legal moves golfcore lists"
        plays = [m for m in legal if m != "draw"]
        if plays:
            assert hole1.play(int(plays[0])).accepted
            app.play(int(plays[0]))
        else:
            assert hole1.draw().accepted
            app.draw()
        played += 1
        app.expect_waste(hole1.summary()["waste"])
    app.expect("moves").to_have_text(app.number(played))
    strokes = hole1.summary()["score"]["value"]
    assert isinstance(strokes, int), hole1.summary()["score"]
    done = until(app.page, lambda: (m := frames.last_with("round")) and m["round"]["strokes"]
                 and m, "the round's first finished hole")
    assert done["round"]["strokes"] == [strokes], (
        f"the server should count hole 1 as golfcore does: {strokes} strokes; it says "
        f"{done['round']}")
    app.expect(strokes_cell(app, strokes)).to_be_visible()
    app.expect("next-hole").to_be_visible()
    shot(app.page, "hole-1-over")
    app("next-hole").click()
    app.expect("game-code").to_have_text(course.game_code(2))
    app.expect("moves").to_have_text(app.number(0))
    app.expect("next-hole").to_be_hidden()
    app.expect(strokes_cell(app, strokes)).to_be_visible()     # hole 1 stays on the card
    hole2 = Game(first["state"]["variant"], deal=course.deal(2))
    app.expect_waste(hole2.summary()["waste"])
    shot(app.page, "hole-2")

"""Golf, the card game, in a real browser (docs/web.md): a round against a computer opponent
(by clicks, and by the keyboard shortcuts alone), and two people at one table from two browsers,
each seeing only what their seat may see.

The pages are played by clicking what the contract names (`cg-stock`, `place-N-P`, `cg-next`);
which action to take is read from the observations the page received (their `legal` list). At
the end the match is rebuilt with golfcore from the server's database (its deal and its action
log), and every observation each page received is compared with golfcore's own
``Match.observation`` at that version: no face-down card of another seat, no stock order, no code.
"""

from __future__ import annotations

from typing import Any

SHAPE = "2x2"              # four cards a board: a round of a few turns each


def set_up(app: Any, kinds: list[str], *, every_person_here: bool = True) -> str:
    """Start a card-game match of ``kinds`` from the setup form; the table id."""
    app.booted()
    app("tab-cardgame").click()
    app.expect("cg-start").to_be_visible()
    app("cg-variant").select_option("card-golf")
    app("cg-shape").select_option(SHAPE)
    app("cg-players").select_option(str(len(kinds)))
    for seat, kind in enumerate(kinds):
        app(f"cg-seat-{seat}").select_option(kind)
    if not every_person_here:
        app("cg-here").uncheck()
    app("cg-start").click()
    app.expect("board-0").to_be_visible()
    reply = app.frames.last_with("tokens")
    assert reply and reply.get("ok") and reply.get("table"), \
        f"the page's `new` should be accepted: {reply}"
    return reply["table"]


def expect_table(app: Any, obs: dict[str, Any], *, boards: bool = True) -> None:
    """The page shows ``obs``: whose turn, stock count, discard, and (``boards``) every place
    of every board."""
    try:
        app.expect("cg-turn").to_have_attribute("data-seat", "" if obs["turn"] is None
                                                else str(obs["turn"]))
        app.expect("cg-stock").to_have_attribute("data-count", str(obs["stock_count"]))
        app.expect("cg-discard").to_have_attribute("data-card", obs["discard"] or "")
        for seat, board in enumerate(obs["boards"] if boards else []):
            for place, card in enumerate(board, 1):
                app.expect(f"place-{seat}-{place}").to_have_attribute("data-card", card or "")
    except AssertionError as exc:
        raise AssertionError(f"the page should show seat {obs['seat']}'s observation "
                             f"{obs}: {exc}") from None


def take_turn(app: Any, seat: int, obs: dict[str, Any]) -> str:
    """Click one of ``seat``'s legal actions: reveal, draw, or replace a face-down card (so the
    round moves towards its end); the action chosen."""
    legal = obs["legal"]
    assert legal, f"seat {seat} has nothing to do: {obs}"
    reveal = [a for a in legal if a.startswith("reveal ")]
    if reveal:
        app(f"place-{seat}-{reveal[0].split()[1]}").click()
        return reveal[0]
    if "draw" in legal:
        app("cg-stock").click()
        return "draw"
    places = [int(a.split()[1]) for a in legal if a.startswith("replace ")]
    assert places, f"seat {seat} holds a card but may not replace any: {legal}"
    down = [p for p in places if obs["boards"][seat][p - 1] is None]
    place = (down or places)[0]
    app(f"place-{seat}-{place}").click()
    return f"replace {place}"


def test_card_game_round_against_the_computer(app, until, card_game, web_server, shot):
    table = set_up(app, ["human", "bot:greedy"])
    frames = app.frames
    page = app.page
    shot(page, "start")
    turns = 0
    while True:
        version, obs = until(page, lambda: card_game.latest(frames, 0), "seat 0's observation")
        if obs["step"] == "over":
            break
        if obs["turn"] == 0 and obs["legal"]:
            expect_table(app, obs)                   # nobody else can move now
            take_turn(app, 0, obs)
            turns += 1
            assert turns < 60, "the round should end within 60 actions of seat 0"
        until(page, lambda v=version: card_game.latest(frames, 0)[0] > v,
              f"the table to move on from version {version} (turn of seat {obs['turn']})")
    expect_table(app, obs)
    result = obs["result"]
    app.expect("round-result").to_be_visible()
    for score in result["scores"]:
        app.expect(app("round-result").get_by_role("cell", name=str(score), exact=True)
                   .first).to_be_visible()
    shot(page, "round-result")
    replay = card_game.replay(web_server, table)
    assert list(replay.final.totals) == obs["totals"] == result["scores"]
    app("cg-next").click()
    app.expect("round-result").to_be_hidden()
    until(page, lambda: card_game.latest(frames, 0)[1]["round"] == 2, "round 2")
    version, obs = card_game.latest(frames, 0)
    if obs["turn"] == 0:
        expect_table(app, obs)
    shot(page, "round-2")
    checked = card_game.check_hidden(frames, {0}, card_game.replay(web_server, table), "page")
    assert checked > turns


def test_two_browsers_at_one_table_see_only_their_own_cards(open_page, make_app, until,
                                                            card_game, web_server, shot):
    a = make_app(open_page("A"))
    table = set_up(a, ["human", "human"], every_person_here=False)
    links = a("cg-links").locator("a")
    a.expect(links).to_have_count(2)
    link = links.nth(1).get_attribute("href")
    assert link and link.startswith(web_server.url.rstrip("/")), link
    b = make_app(open_page("B", url=link))
    b.expect("board-1").to_be_visible()
    apps = {0: a, 1: b}

    def synced() -> Any:
        seen = [card_game.latest(apps[s].frames, s) for s in (0, 1)]
        if None in seen or seen[0][0] != seen[1][0]:
            return None
        return seen

    actions = 0
    while True:
        (version, obs_a), (_, obs_b) = until(a.page, synced, "both pages at one version")
        if obs_a["step"] == "over":
            break
        seat = obs_a["turn"]
        obs = (obs_a, obs_b)[seat]
        assert obs["legal"], f"seat {seat} is to act but has no legal action: {obs}"
        expect_table(apps[seat], obs, boards=False)       # its page is up to date
        take_turn(apps[seat], seat, obs)
        actions += 1
        assert actions < 80, "the round should end within 80 actions"
        until(a.page, lambda s=seat, v=version: card_game.latest(apps[s].frames, s)[0] > v,
              f"seat {seat}'s action at version {version}")
    for seat, app in apps.items():
        expect_table(app, (obs_a, obs_b)[seat])      # every card, face up now, on both pages
        app.expect("round-result").to_be_visible()
        shot(app.page, f"seat-{seat}-round-result")
    replay = card_game.replay(web_server, table)
    assert len(replay.views) - 1 == actions, "every click should be one saved action"
    # the check below is not empty: each page was sent views in which the other seat had
    # face-down cards (null), and cards of it face up
    for seat, app in apps.items():
        other = [obs["boards"][1 - seat] for message in app.frames.received
                 for obs in card_game.observations_in(message)]
        assert any(None in board for board in other) and \
            any(card is not None for board in other for card in board), other
    checked_a = card_game.check_hidden(a.frames, {0}, replay, "browser A (seat 0)")
    checked_b = card_game.check_hidden(b.frames, {1}, replay, "browser B (seat 1)")
    assert checked_a >= actions and checked_b >= actions, (checked_a, checked_b, actions)


def sent_actions(frames: Any) -> list[str]:
    """The ``act`` requests a page sent, in order (their action text)."""
    return [m["action"] for m in frames.sent if isinstance(m, dict) and m.get("cmd") == "act"]


def test_card_game_round_with_the_keyboard_only(app, until, card_game, web_server, shot):
    """docs/web.md, the card game's shortcuts: one person against bot:greedy plays a whole round
    with the keys alone (D, space, T, X, the place numbers), deals the next with Enter; no key
    acts behind a dialog, from a focused select, or when it is nobody's turn."""
    table = set_up(app, ["human", "bot:greedy"])
    frames, page = app.frames, app.page
    # every person plays here: the per-seat links are there, labelled optional
    app.expect("cg-links").to_have_attribute("data-optional", "true")
    app.expect("cg-links").to_contain_text("opcional")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    until(page, lambda: card_game.latest(frames, 0)[1]["turn"] == 0, "seat 0's first turn")
    app.expect("cg-turn").to_have_attribute("data-seat", "0")

    page.keyboard.press("?")
    app.expect("help-panel").to_be_visible()
    keys = app("help-panel").locator('table[data-keys="cardgame"]')
    for key in ("D", "Espacio", "T", "1", "9", "0", "X", "Intro"):
        app.expect(keys).to_contain_text(key)
    app.expect(keys).to_contain_text("tomar la carta del descarte")
    shot(page, "help-panel")
    page.keyboard.press("d")                    # seat 0's turn, but behind the help: nothing
    page.keyboard.press("Escape")
    app.expect("help-panel").to_be_hidden()
    app("lang").focus()
    page.keyboard.press("t")                    # into a focused select: nothing
    page.evaluate("document.activeElement.blur()")

    expected: list[str] = []
    used: set[str] = set()
    draws = 0
    while True:
        version, obs = until(page, lambda: card_game.latest(frames, 0), "seat 0's observation")
        if obs["step"] == "over":
            break
        if obs["turn"] == 0 and obs["legal"]:
            expect_table(app, obs)              # the page shows it: the keys act on it
            legal = obs["legal"]
            down = [p for p, card in enumerate(obs["boards"][0], 1) if card is None]
            reveal = [a for a in legal if a.startswith("reveal ")]
            if reveal:
                presses, action = [reveal[0].split()[1]], reveal[0]
            elif "draw" in legal:
                # space, T, D in turn (D when the discard may not be taken)
                choice = ("space", "t", "d")[draws % 3]
                draws += 1
                if choice == "t" and "take" not in legal:
                    choice = "d"
                used.add(choice)
                presses, action = {"space": (["Space"], "draw"), "t": (["t"], "take"),
                                   "d": (["d"], "draw")}[choice]
            else:
                discard = [int(a.split()[1]) for a in legal if a.startswith("discard ")]
                replace = [int(a.split()[1]) for a in legal if a.startswith("replace ")]
                if discard and "x" not in used:
                    used.add("x")
                    presses, action = ["x", str(discard[0])], f"discard {discard[0]}"
                else:
                    place = ([p for p in replace if p in down] or replace)[0]
                    presses, action = [str(place)], f"replace {place}"
            for key in presses:
                page.keyboard.press(key)
                if key == "x":                  # the mode "discard the drawn card, turn one up"
                    app.expect("cg-mode-discard").to_have_attribute("aria-pressed", "true")
            expected.append(action)
            assert len(expected) < 60, "the round should end within 60 actions of seat 0"
            sent = len(expected)
            until(page, lambda n=sent: len(sent_actions(frames)) >= n,
                  f"the keys {presses} to send {action!r}")
            assert sent_actions(frames) == expected, \
                f"the keys {presses} should send exactly {action!r}: {sent_actions(frames)}"
        until(page, lambda v=version: card_game.latest(frames, 0)[0] > v,
              f"the table to move on from version {version} (turn of seat {obs['turn']})")
    assert used >= {"space", "d", "t", "x"}, f"the round ended before every key was used: {used}"
    expect_table(app, obs)
    app.expect("round-result").to_be_visible()
    app.expect("cg-next").to_be_visible()
    shot(page, "round-result")

    page.keyboard.press("d")                    # nobody's turn: nothing
    page.keyboard.press("1")
    page.keyboard.press("n")                    # N is «Nueva partida», never the next round
    app.expect("new-dialog").to_be_visible()
    page.keyboard.press("Escape")
    app.expect("new-dialog").to_be_hidden()
    app.expect("round-result").to_be_visible()
    page.keyboard.press("Enter")
    app.expect("round-result").to_be_hidden()
    expected.append("next")
    # round 2, and seat 0 to act: nobody else acts now, so the database stays as it is read
    def round_2_seat_0() -> bool:
        obs = card_game.latest(frames, 0)[1]
        return obs["round"] == 2 and obs["turn"] == 0

    until(page, round_2_seat_0, "round 2, seat 0's turn")
    assert sent_actions(frames) == expected, sent_actions(frames)
    checked = card_game.check_hidden(frames, {0}, card_game.replay(web_server, table), "page")
    assert checked >= len(expected)


def test_every_level_is_offered_with_its_name_and_description(app):
    """The computer seats offer every registered bot (expert included) by its name in the
    page's language, and show the chosen level's one-line description under the seat."""
    from golfcore.cardgame.bots import bot_info
    app.booted()
    app("tab-cardgame").click()
    app.expect("cg-start").to_be_visible()
    lang = app.page.evaluate("document.documentElement.lang") or "es"
    lang = "en" if lang.startswith("en") else "es"
    offered = app("cg-seat-1").locator("option").evaluate_all(
        "els => els.map(e => [e.value, e.textContent])")
    word = {"es": "Ordenador", "en": "Computer"}[lang]
    expected = [[f"bot:{b['name']}", f"{word} ({b['titles'][lang]})"] for b in bot_info()]
    assert offered[1:] == expected and offered[0][0] == "human"
    for b in bot_info():
        app("cg-seat-1").select_option(f"bot:{b['name']}")
        app.expect("cg-seat-note-1").to_have_text(b["descriptions"][lang])
    app("cg-seat-1").select_option("human")
    app.expect("cg-seat-note-1").to_be_hidden()

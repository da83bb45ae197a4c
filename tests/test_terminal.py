"""The full-screen terminal game of ``golf play``: played to the end through a real
pseudo-terminal in both languages, and its pure parts (keys, texts, screens, sessions) without
one."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pty_game import PtyGame  # noqa: E402

from golfcore.cardgame.bots.spec import parse_bot  # noqa: E402
from golfcore.cardgame.match import Match  # noqa: E402
from golfcore.cli import main  # noqa: E402
from golfcore.solitaire.game import Game  # noqa: E402
from golfcore.solitaire.search.solver import solver_for  # noqa: E402
from golfcore.terminal import keys as k  # noqa: E402
from golfcore.terminal.card_session import CardSession  # noqa: E402
from golfcore.terminal.solitaire_session import SolitaireSession  # noqa: E402
from golfcore.terminal.texts import Texts, default_lang, page_strings  # noqa: E402

#: A deal the solver wins (its line is asked of the solver in the test), and a card-game code.
WON_CODE = "GO1-E-AAAAAAC"
MATCH_CODE = "GC1-S222-AAAAAAE"       # six-card golf on 2x2 boards, two players: short rounds


def winning_keys(code: str) -> tuple[str, int]:
    """The keys that play the solver's winning line of ``code``, and its number of moves."""
    game = Game.from_code(code)
    result = solver_for(game.rules).solve(game.position, best=False)
    assert result.winnable
    return "".join(" " if move.is_draw else str(move.column) for move in result.line), len(
        result.line)


def key_of(action: str) -> str:
    """The keys of one card-game action, as the page's shortcuts type it."""
    kind, *place = action.split()
    if kind in ("draw", "take", "next"):
        return {"draw": "d", "take": "t", "next": "\r"}[kind]
    if kind == "discard":
        return "x" + (place_key(int(place[0])) if place else "")
    return place_key(int(place[0]))


def place_key(place: int) -> str:
    return {10: "0", 11: "-", 12: "="}.get(place, str(place))


def match_keys(code: str, seats: list[str], lang: str) -> tuple[str, CardSession]:
    """The keys that play a whole match of ``code`` at the player's seat as the greedy bot
    would, typed into a session like the terminal's, and that session at the end."""
    specs = [None if s == "me" else parse_bot(s) for s in seats]
    match = Match.from_code(code)
    session = CardSession(match, specs, Texts(lang), lambda: Match(code))
    me = parse_bot("greedy").make(match.variant.name, session.me, 99)
    typed = []
    for _ in range(5000):
        if session.match.is_over:
            break
        obs = session.match.observation(session.me)
        action = "next" if obs.step == "over" else me.act(obs.to_json())
        keys = key_of(action)
        for key in keys:
            assert session.press(key)
        assert not session.message, session.message
        typed.append(keys)
    assert session.match.is_over
    return "".join(typed), session


# -- through a pseudo-terminal ---------------------------------------------------------------


@pytest.mark.parametrize("lang, won, moves", [("es", "¡Partida ganada!", "movimientos"),
                                              ("en", "You won!", "moves")])
def test_the_solitaire_is_won_key_by_key_in_a_terminal(lang, won, moves):
    keys, count = winning_keys(WON_CODE)
    game = PtyGame([WON_CODE, "--lang", lang])
    game.wait_for(Texts(lang).t("term.keys.solitaire"))      # the last line drawn
    assert game.screen.lines()[2].split() == [str(n) for n in range(1, 8)]
    game.send("4" if lang == "es" else "U")            # a refused move (or nothing to undo)
    game.send(keys)
    game.wait_for(won)
    game.wait_for(f"{count} {moves}")
    screen = game.screen.text()
    assert f"{count} {moves}" in screen
    game.send("q")
    assert game.finish() == 0
    out = game.output()
    assert f"golf play {WON_CODE} " in out and f"won, {count} moves" in out


def test_the_solitaire_in_a_terminal_undoes_hints_and_shows_its_help():
    game = PtyGame(["--number", "2", "--variant", "app-facil", "--lang", "en"])
    game.wait_for("Stock: 16")
    game.send(" ")
    game.wait_for("Stock: 15")
    game.send("u")
    game.wait_for("Stock: 16")
    game.send("h")
    game.wait_for("Hint: ")
    game.send("?")
    game.wait_for("Keyboard shortcuts")
    game.send("\x1b")
    game.wait_for("Stock: 16")
    game.send("Q")
    assert game.finish() == 0


@pytest.mark.parametrize("lang, over, winner", [("en", "Match over", "Winner"),
                                                ("es", "Partida terminada", "Gana")])
def test_a_card_game_match_against_a_bot_is_played_to_the_end_in_a_terminal(lang, over, winner):
    keys, session = match_keys(MATCH_CODE, ["me", "greedy"], lang)
    game = PtyGame([MATCH_CODE, "--seats", "me,greedy", "--lang", lang])
    game.wait_for("1 ##")
    game.send(keys)
    game.wait_for(over)
    game.wait_for(Texts(lang).t("term.noMatchYet"))      # the last line of that screen
    screen = game.screen.text()
    match = session.match
    assert re.search(rf"{winner}\w*: ", screen)
    total = Texts(lang).t("cg.result.total")
    assert total in screen
    for seat, points in enumerate(match.totals):
        row = next(line for line in game.screen.lines()
                   if line.strip().startswith(Texts(lang).t("cg.seatName", n=seat + 1)))
        assert row.split()[-1] == str(points)
    game.send("q")
    assert game.finish() == 0
    out = game.output()
    assert f"golf analyse {MATCH_CODE} " in out
    assert "totals " + ", ".join(f"player {s + 1}: {t}" for s, t in
                                 enumerate(match.totals)) in out


def test_without_a_terminal_and_without_moves_golf_play_says_what_to_do(capsys):
    assert main(["play"]) == 2
    err = capsys.readouterr().err
    assert "not a terminal" in err and "es: " in err
    assert main(["play", MATCH_CODE]) == 2
    assert "not a terminal" in capsys.readouterr().err
    assert main(["play", "--interactive", WON_CODE]) == 2
    assert "--interactive needs a terminal" in capsys.readouterr().err
    assert main(["play", WON_CODE, "draw", "--seats", "me,greedy"]) == 2
    assert "takes no moves" in capsys.readouterr().err


def test_golf_play_with_a_code_and_no_moves_still_prints_where_the_game_stands(capsys):
    assert main(["play", WON_CODE]) == 0
    assert "status" in capsys.readouterr().out


# -- keys --------------------------------------------------------------------------------------


def test_the_solitaire_keys_are_the_pages():
    assert [k.solitaire_key(str(n)) for n in range(1, 8)] == [
        k.KeyAction(k.PLAY, n) for n in range(1, 8)]
    assert k.solitaire_key("8") is None and k.solitaire_key("0") is None
    assert k.solitaire_key(" ") == k.KeyAction(k.DRAW)
    assert {k.solitaire_key(key) for key in ("u", "U", k.CTRL_Z)} == {k.KeyAction(k.UNDO)}
    assert {k.solitaire_key(key) for key in ("h", "H")} == {k.KeyAction(k.HINT)}
    assert k.solitaire_key("n") == k.KeyAction(k.NEW) and k.solitaire_key("?").name == k.HELP
    assert k.solitaire_key("\x1b").name == k.CLOSE and k.solitaire_key("q").name == k.QUIT


def test_the_card_game_keys_are_the_pages():
    assert {k.card_key(key) for key in (" ", "d", "D")} == {k.KeyAction(k.DRAW)}
    assert k.card_key("t") == k.KeyAction(k.TAKE) and k.card_key("X").name == k.DISCARD
    assert k.card_key("\r") == k.card_key("\n") == k.KeyAction(k.NEXT)
    assert [k.card_key(key).number for key in "1234567890-="] == list(range(1, 13))
    assert k.card_key("'").number == 11 and k.card_key("¡").number == 12
    assert k.place_action("reveal", "replace", 3) == "reveal 3"
    assert k.place_action("hold", "replace", 3) == "replace 3"
    assert k.place_action("hold", "discard", 3) == "discard 3"
    assert k.place_action("draw", "discard", 3) == "replace 3"   # refused: must draw first


# -- texts -------------------------------------------------------------------------------------


def test_the_page_strings_are_read_in_both_languages():
    es, en = page_strings("es"), page_strings("en")
    assert set(es) == set(en) and len(es) > 150
    assert es["won.title"] == "¡Partida ganada!" and en["cg.result.total"] == "Total"
    texts = Texts("es")
    assert texts.tn("won.moves", 1) == "1 movimiento"
    assert texts.tn("won.moves", 3) == "3 movimientos"
    assert Texts("en").t("cg.turnYou", n=2) == "Your turn (seat 2)"


def test_the_language_follows_the_locale_as_the_page_follows_the_browser():
    assert default_lang({"LANG": "en_GB.UTF-8"}) == "en"
    assert default_lang({"LANG": "es_ES.UTF-8"}) == "es"
    assert default_lang({"LC_ALL": "en_US.UTF-8", "LANG": "es_ES"}) == "en"
    assert default_lang({"LANG": "C.UTF-8"}) == "es" and default_lang({}) == "es"


# -- the screens and the sessions -------------------------------------------------------------


def fits(lines: list[str]) -> bool:
    return len(lines) <= 23 and all(len(line) <= 80 for line in lines)


def test_the_solitaire_screen_shows_what_the_player_sees_and_fits():
    game = Game.from_code(WON_CODE)
    session = SolitaireSession(game, Texts("en"))
    lines = session.lines()
    assert fits(lines)
    columns = game.observation(0).position.columns
    for row in range(5):
        assert lines[3 + row].split() == [c.unicode() for c in (col[row] for col in columns)]
    assert f"Waste: {game.observation(0).waste_top.unicode()}" in lines[9]
    assert "Stock: 16" in lines[9]
    # nothing of the stock's order is drawn
    stock = {c.unicode() for c in game.position.stock} - {c.unicode() for col in columns
                                                            for c in col}
    assert not any(card in "\n".join(lines) for card in stock)


def test_a_refused_solitaire_move_says_why_in_the_screens_language():
    game = Game.from_code("GO1-C-AAAAAAB")
    illegal = next(n for n in range(1, 8) if str(n) not in game.observation(0).legal)
    session = SolitaireSession(game, Texts("es"))
    session.press(str(illegal))
    assert session.message and session.message == session.lines()[-1]
    assert game.moves == 0


def test_the_card_screen_never_shows_a_hidden_card_and_fits_six_seats():
    match = Match("card-golf+shape=3x4", players=6, seed=3)
    specs = [None] + [parse_bot("greedy")] * 5
    session = CardSession(match, specs, Texts("es"), lambda: match)
    for key in "d1d2t3":
        session.press(key)
        lines = session.lines()
        assert fits(lines), "\n".join(lines)
        obs = session.match.observation(0)
        mine = [line for line in lines if re.match(r"^ +1 ", line)][0:1]
        assert mine
        shown = " ".join(lines[lines.index(mine[0]):lines.index(mine[0]) + 3]).split()
        cards = [text for text in shown if not text.isdigit()]
        expected = ["##" if c is None else c.unicode() for c in obs.boards[0]]
        assert cards == expected
        backs = sum(line.count("##") for line in lines)
        assert backs == sum(c is None for board in obs.boards for c in board)


def test_a_card_session_plays_bots_from_their_own_seats_to_the_end():
    _, session = match_keys("GC1-G333-AAAAAAB", ["greedy", "me", "random"], "en")
    match = session.match
    assert match.is_over and session.me == 1
    lines = session.lines()
    assert fits(lines) and "Match over" in lines[2]
    assert f"Match code: {match.code}" in lines
    farewell = session.farewell()
    assert farewell[1].startswith(f"golf analyse {match.code} ")


def test_ctrl_c_leaves_the_full_screen_game_with_status_130():
    game = PtyGame([WON_CODE, "--lang", "en"])
    game.wait_for(Texts("en").t("term.keys.solitaire"))
    os.kill(game.proc.pid, signal.SIGINT)
    assert game.finish() == 130
    assert "golf: interrupted" in game.output()


def test_n_deals_a_new_game_and_a_new_match():
    session = SolitaireSession(Game.from_code(WON_CODE), Texts("en"))
    session.press(" ")
    session.press("n")
    assert session.game.moves == 0 and session.played == [] and len(session.games) == 2
    assert session.game.variant.name == "app-facil"
    match = Match.from_code(MATCH_CODE)
    fresh = []

    def new_match() -> Match:
        fresh.append(Match(match.variant.name, players=2))
        return fresh[-1]

    cards = CardSession(match, [None, parse_bot("greedy")], Texts("es"), new_match)
    cards.press("n")
    assert fresh and cards.match is fresh[0] and not cards.match.chosen_deal

"""docs/pettingzoo.md and docs/openspiel.md document every entry of the adapters' observation
vectors and every action id in tables; these tests read the tables and hold them to the encoder
(golfcore.adapters.encoding), for several variants, board shapes and numbers of players, so the
documentation cannot drift. Plain Python: no optional dependency."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from golfcore.adapters import encoding as enc
from golfcore.cardgame.actions import Action
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import rule_set
from golfcore.cards import Card
from golfcore.solitaire.moves import DRAW_MOVE, Move

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ("pettingzoo.md", "openspiel.md")
SUITS = "CDHS"


@dataclass(frozen=True)
class Row:
    start: int
    stop: int            # one past the last entry
    piece: str
    size: str            # a formula of P (players) and S (places)


def table(page: str, marker: str) -> list[list[str]]:
    """The cells of the table right after ``<!-- marker -->`` on ``page``."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    at = lines.index(f"<!-- {marker} -->")
    rows = []
    for line in lines[at + 3:]:           # the marker, the header, the rule
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    assert rows, f"{page}: no table after {marker}"
    return rows


def layout_rows(page: str, marker: str) -> list[Row]:
    out = []
    for cells in table(page, marker):
        first, _, last = cells[0].partition("–")
        out.append(Row(int(first), int(last or first) + 1, cells[1].strip("`"), cells[2]))
    return out


def value(formula: str, **names: int) -> int:
    """A documented formula (``54·P·S``, ``2 + S + (N − 1)``) with the names given."""
    text = formula.replace("·", "*").replace("−", "-").replace("×", "*")
    assert re.fullmatch(r"[0-9PSN+*() -]+", text), formula
    return int(eval(text, {"__builtins__": {}}, names))   # digits, P, S, N and + - * only


def card_id(card: Card) -> int:
    """The card id as the pages define it: 13·k + rank − 1 (k: clubs 0 ... spades 3), 52 the
    joker."""
    return 52 if card.is_joker else 13 * SUITS.index(card.suit) + card.rank - 1


# -- the card game ----------------------------------------------------------------------------

TABLES = [(2, "card-golf"), (2, "six-card"), (3, "card-golf+shape=2x4"), (4, "card-golf"),
          (6, "card-golf+shape=2x2"), (5, "six-card+shape=3x4")]


@pytest.mark.parametrize("page", PAGES)
def test_the_documented_card_vector_is_the_encoders(page):
    rows = layout_rows(page, "observation layout: card")
    assert [r.piece for r in rows] == [p.name for p in enc.card_layout(2, 9).pieces]
    # the ranges shown are those of 2 players on 3x3: contiguous, 1,098 entries
    assert rows[0].start == 0 and all(a.stop == b.start for a, b in zip(rows, rows[1:]))
    assert rows[-1].stop == enc.card_layout(2, 9).size == 1098
    offsets = enc.card_layout(2, 9).offsets()
    assert all(offsets[r.piece] == (r.start, r.stop) for r in rows)
    for players, variant in TABLES:
        size = rule_set(variant).size
        pieces = enc.card_layout(players, size).pieces
        assert [value(r.size, P=players, S=size) for r in rows] == [p.size for p in pieces]
        total = enc.card_layout(players, size).size
        assert total == 54 * players * size + 4 * players + 118   # the pages' formula
    text = " ".join((DOCS / page).read_text(encoding="utf-8").split())   # lines rejoined
    assert "1,098 for 2 players on card-golf's 3×3" in text
    assert f"{enc.card_layout(2, 6).size} for 2 on six-card's 2×3" in text
    assert f"{enc.card_layout(4, 9).size:,} for 4 on 3×3" in text


def test_both_pages_give_the_same_card_tables():
    for marker in ("observation layout: card", "action ids: card", "observation layout: solitaire",
                   "action ids: solitaire"):
        assert table(PAGES[0], marker) == table(PAGES[1], marker), marker


def test_the_information_state_tensor_adds_the_documented_pieces():
    pytest.importorskip("pyspiel")
    from golfcore.adapters.openspiel import card_view

    rows = layout_rows("openspiel.md", "observation layout: card-recall")
    assert [r.piece for r in rows] == [p.name for p in card_view.RECALL_PIECES]
    assert rows[0].start == 1098 and all(a.stop == b.start for a, b in zip(rows, rows[1:]))
    assert [r.stop - r.start for r in rows] == [p.size for p in card_view.RECALL_PIECES]
    assert rows[-1].stop == 1205 == 54 * 2 * 9 + 4 * 2 + 225


def _offsets(players: int, size: int) -> dict[str, int]:
    """Where each documented piece starts for this table (sizes from the page's formulas)."""
    out, at = {}, 0
    for r in layout_rows("pettingzoo.md", "observation layout: card"):
        out[r.piece] = at
        at += value(r.size, P=players, S=size)
    return out


def _played(variant: str, players: int, seed: int, actions: int) -> Match:
    """``actions`` actions (each seat its last legal one), then a draw from the stock."""
    match = Match(variant, players=players, seed=seed)
    for _ in range(actions):
        seat = match.turn
        assert seat is not None
        match.act(seat, match.legal(seat)[-1])
    seat = match.turn
    assert seat is not None and "draw" in map(str, match.legal(seat))
    match.act(seat, "draw")
    return match


@pytest.mark.parametrize("variant, players, seed, actions", [
    ("card-golf", 2, 3, 8), ("six-card", 3, 5, 12), ("card-golf+shape=2x4", 4, 8, 20)])
def test_a_known_observation_sets_the_documented_entries(variant, players, seed, actions):
    """Each entry the table documents is set as it says, from a real seat's observation (a
    card drawn from the stock is held: its drawer sees it, the others see 53)."""
    match = _played(variant, players, seed, actions)
    size = rule_set(variant).size
    for me in range(players):
        seen = match.observation(me).to_json()
        vector = enc.encode_card(seen, players=players, size=size)
        at = _offsets(players, size)
        expected = [0.0] * len(vector)
        for r in range(players):
            board = seen["boards"][(me + r) % players]
            for n in range(1, size + 1):
                card = board[n - 1]
                slot = 53 if card is None else card_id(Card.parse(card))
                expected[at["boards"] + 54 * (size * r + n - 1) + slot] = 1.0
        top = seen["discard"]
        expected[at["discard"] + (53 if top is None else card_id(Card.parse(top)))] = 1.0
        held = seen["held"]
        if held is not None:
            slot = 53 if held["card"] is None else card_id(Card.parse(held["card"]))
            expected[at["held"] + slot] = 1.0
            expected[at["held_from"] + (0 if held["from"] == "stock" else 1)] = 1.0
        steps = ["dealing", "reveal", "draw", "hold", "over"]
        expected[at["step"] + steps.index(seen["step"])] = 1.0
        for key in ("turn", "ender"):
            if seen[key] is not None:
                expected[at[key] + (seen[key] - me) % players] = 1.0
        for seat in seen["last_turns"]:
            expected[at["last_turns"] + (seat - me) % players] = 1.0
        expected[at["counts"]] = seen["stock_count"] / 100
        expected[at["counts"] + 1] = seen["discard_count"] / 100
        for r in range(players):
            expected[at["totals"] + r] = float(seen["totals"][(me + r) % players])
        expected[at["round"]] = float(seen["round"])
        assert vector == expected
        assert held is not None and (held["card"] is None) == (me != match.turn)
    assert any(c is not None for b in seen["boards"] for c in b), "a face-up card is checked"


@pytest.mark.parametrize("page", PAGES)
def test_every_card_game_action_id_is_documented(page):
    rows = table(page, "action ids: card")
    for variant in ("card-golf", "six-card", "card-golf+shape=2x2", "card-golf+shape=3x4"):
        size = rule_set(variant).size
        ids = []
        for action, formula, shown in rows:
            text = action.strip("`")
            places = range(1, size + 1) if text.endswith(" N") else [None]
            for n in places:
                act = Action.parse(text[:-1] + str(n) if n is not None else text)
                number = value(formula, S=size, **({"N": n} if n is not None else {}))
                assert enc.card_action_id(act, size) == number, (variant, act)
                assert enc.card_action(number, size) == act
                ids.append(number)
            if size == 9:      # the "on 3x3" column
                first, _, last = shown.partition("–")
                assert (int(first), int(last or first)) == (min(ids[-len(places):]),
                                                            max(ids[-len(places):]))
        assert sorted(ids) == list(range(enc.card_action_count(size)))


# -- the solitaire ----------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_the_documented_solitaire_vector_is_the_encoders(page):
    rows = layout_rows(page, "observation layout: solitaire")
    layout = enc.solitaire_layout()
    assert [(r.piece, r.start, r.stop) for r in rows] == [
        (name, a, b) for name, (a, b) in layout.offsets().items()]
    assert [value(r.size) for r in rows] == [p.size for p in layout.pieces]
    assert layout.size == rows[-1].stop == 2051
    assert "2,051 entries in every variant" in " ".join(
        (DOCS / page).read_text(encoding="utf-8").split())


def test_a_known_solitaire_view_sets_the_documented_entries():
    columns = [[Card.parse(t) for t in column.split()] for column in
               ("7C 9C", "KD", "", "2S 3S 4S 5S 6S 7S", "JK", "AH", "TD QH")]
    waste = [Card.parse("4C"), Card.parse("8D")]
    unseen = [Card.parse("6S"), Card.parse("JK"), Card.parse("6S")]
    vector = enc.encode_solitaire(columns, waste, unseen)
    expected = [0.0] * 2051
    expected[card_id(waste[-1])] = 1.0
    for n, column in enumerate(columns, 1):
        for d in range(5):
            slot = card_id(column[-1 - d]) if d < len(column) else 53
            expected[54 + 54 * (5 * (n - 1) + d) + slot] = 1.0
    for card in unseen:
        expected[1944 + card_id(card)] += 1.0
    for card in waste:
        expected[1997 + card_id(card)] += 1.0
    expected[2050] = len(unseen) / 54
    assert vector == expected


@pytest.mark.parametrize("page", PAGES)
def test_every_solitaire_action_id_is_documented(page):
    (play, play_id), (draw, draw_id) = table(page, "action ids: solitaire")
    assert play.startswith("play column N") and draw == "`draw`"
    for n in range(1, 8):
        assert enc.solitaire_action_id(Move.play(n)) == value(play_id, N=n)
    assert enc.solitaire_action_id(DRAW_MOVE) == value(draw_id) == enc.SOLITAIRE_ACTIONS - 1

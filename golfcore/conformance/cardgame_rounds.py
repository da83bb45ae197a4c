"""The card game's boards, rounds and seats as spec files write them.

A board is written as rows of cards, a face-down card in parentheses:

    - |
      5H (KD) 7C
      (2S) 2S (JK)
      QH QC (9D)

(rows on lines of their own, or separated by ``/``, or a list of row texts; commas separate
long names such as ``rey de picas``). In an expectation a face-down card is ``?``: an
observation never shows it. Seats count from 0, board places from 1, row by row.

:func:`board_places` reads a board; :func:`hand_set_round` a round set up by hand, in the
protocol's canonical JSON and checked against a variant (shape, copies of each card, seats);
:func:`round_as_written` the same unchecked, for a start that must be refused;
:func:`check_seat` a seat at the table; :func:`cards_with_line` a list of cards.
"""

from __future__ import annotations

import re
from typing import Any

from golfcore.conformance.model import SpecError
from golfcore.conformance.yaml12 import Node, plain


def round_as_written(node: Node, path: str) -> dict[str, Any]:
    fields = node.value
    boards = []
    for seat, board_node in enumerate(fields["boards"].value):
        places = board_places(board_node, path, f"round: the board of seat {seat}", "", None,
                              unknown_allowed=False)
        boards.append([{"card": str(card), "up": up} for card, up, _ in places])
    rnd: dict[str, Any] = {"boards": boards}
    for key in ("stock", "discard"):
        rnd[key] = [str(c) for c, _ in cards_with_line(fields.get(key), path, f"round: {key}")]
    rnd["turn"] = fields["turn"].value if "turn" in fields else 0
    rnd["step"] = fields["step"].value if "step" in fields else "draw"
    if "held" in fields:
        held = cards_with_line(fields["held"], path, "round: held")
        rnd["held"] = " ".join(str(c) for c, _ in held)
    for key in ("held_from", "ender", "last_turns"):
        if key in fields:
            rnd[key] = plain(fields[key])
    return rnd


def hand_set_round(node: Node, path: str, variant: str, rules: Any) -> tuple[dict[str, Any], int]:
    """A hand-set round in the protocol's canonical JSON, checked against ``variant``; and its
    number of players."""
    from golfcore.cardgame.saves import round_from_json
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    boards_node = fields["boards"]
    players = len(boards_node.value)
    if not 2 <= players <= 6:
        raise SpecError(path, boards_node.line, f"round: {players} boards: a match has 2 to 6 "
                                                f"players, one board each")
    placed: list[tuple[Any, int]] = []          # every card with its line, for the copy count
    boards = []
    for seat, board_node in enumerate(boards_node.value):
        places = board_places(board_node, path, f"round: the board of seat {seat}", variant,
                              rules.shape, unknown_allowed=False)
        boards.append([{"card": str(card), "up": up} for card, up, _ in places])
        placed += [(card, line) for card, _, line in places]
    rnd: dict[str, Any] = {"boards": boards}
    for key in ("stock", "discard"):
        cards = cards_with_line(fields.get(key), path, f"round: {key}")
        rnd[key] = [str(c) for c, _ in cards]
        placed += cards
    rnd["turn"] = check_seat(fields.get("turn"), path, "round: turn", players, default=0)
    rnd["step"] = fields["step"].value if "step" in fields else "draw"
    if "held" in fields:
        held = cards_with_line(fields["held"], path, "round: held")
        if len(held) != 1:
            raise SpecError(path, fields["held"].line, "round: 'held' is one card")
        rnd["held"] = str(held[0][0])
        placed += held
    for key in ("held", "held_from"):
        if (key in fields) != (rnd["step"] == "hold"):
            line = fields[key].line if key in fields else node.line
            raise SpecError(path, line, "round: a card is 'held' (with 'held_from': stock or "
                                        "discard) exactly when 'step' is 'hold'")
    if "held_from" in fields:
        rnd["held_from"] = fields["held_from"].value
    if "ender" in fields:
        rnd["ender"] = check_seat(fields["ender"], path, "round: ender", players)
    if "last_turns" in fields:
        rnd["last_turns"] = [check_seat(n, path, "round: last_turns", players)
                             for n in fields["last_turns"].value]
    counts: dict[Any, int] = {}
    for card, line in placed:
        counts[card] = counts.get(card, 0) + 1
        if counts[card] > rules.counts.get(card, 0):
            holds = rules.counts.get(card, 0)
            raise SpecError(path, line, f"round: too many copies of {card}: {variant}'s "
                                        f"{len(rules.deck)}-card shoe holds "
                                        f"{holds if holds else 'none'}")
    try:
        round_from_json(rules, rnd, players)
    except _GolfError as exc:
        raise SpecError(path, node.line, f"{exc} (under {variant})") from None
    return rnd, players


def check_seat(node: Node | None, path: str, what: str, players: int, default: int = 0) -> int:
    if node is None:
        return default
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise SpecError(path, node.line, f"{what}: unknown seat {value!r}: seats go from 0 to "
                                         f"{players - 1}")
    return value


def cards_with_line(node: Node | None, path: str, what: str) -> list[tuple[Any, int]]:
    """Cards of a text (white space or commas) or a list, each with its line."""
    from golfcore.errors import CardError
    from golfcore.notation import parse_card, parse_cards

    if node is None or node.value is None:
        return []
    try:
        if isinstance(node.value, str):
            return [(c, node.line) for c in (parse_cards(node.value) if node.value.strip()
                                             else ())]
        return [(parse_card(item.value), item.line) for item in node.value]
    except CardError as exc:
        raise SpecError(path, node.line, f"{what}: {exc}") from None


_ROW_ITEM = re.compile(r"\([^()]*\)|[^\s()]+")


def board_places(node: Node, path: str, what: str, variant: str, shape: tuple[int, int] | None,
                 unknown_allowed: bool) -> list[tuple[Any, bool, int]]:
    """A board's places as (card, face up, line); ``None`` for a ``?`` (expectations only).
    With ``shape`` None (a refused start's round), any number of rows and cards."""
    from golfcore.errors import CardError
    from golfcore.notation import parse_card

    rows: list[tuple[str, int]] = []
    if isinstance(node.value, str):
        block = "\n" in node.value.strip()
        for k, text in enumerate(node.value.split("\n")):
            rows += [(part, node.line + 1 + k if block else node.line)
                     for part in text.split("/")]
    else:
        for item in node.value:
            rows += [(part, item.line) for part in str(item.value).split("/")]
    rows = [(text, line) for text, line in rows if text.strip()]
    n_rows, n_cols = shape if shape is not None else (len(rows), None)
    size_text = f"{variant}'s boards are {n_rows}x{n_cols}"
    if len(rows) != n_rows:
        raise SpecError(path, node.line, f"{what} has {len(rows)} rows: {size_text}")
    out: list[tuple[Any, bool, int]] = []
    for r, (text, line) in enumerate(rows, start=1):
        if "," in text:
            items = [t.strip() for t in text.split(",")]
        else:
            items = _ROW_ITEM.findall(text)
            if "".join(items) != "".join(text.split()):
                raise SpecError(path, line, f"{what}, row {r}: unbalanced parentheses in "
                                            f"{text.strip()!r}")
        if n_cols is not None and len(items) != n_cols:
            raise SpecError(path, line, f"{what}, row {r} has {len(items)} cards: {size_text}")
        for item in items:
            down = item.startswith("(") and item.endswith(")")
            name = item[1:-1].strip() if down else item
            if name == "?":
                if not unknown_allowed or down:
                    raise SpecError(path, line, f"{what}, row {r}: '?' (a face-down card) is "
                                                f"for expectations; a round names every card")
                out.append((None, False, line))
                continue
            if down and unknown_allowed:
                raise SpecError(path, line, f"{what}, row {r}: {item!r}: an observation never "
                                            f"shows a face-down card: write '?'")
            try:
                out.append((parse_card(name), not down, line))
            except CardError as exc:
                raise SpecError(path, line, f"{what}, row {r}: {exc}") from None
    return out

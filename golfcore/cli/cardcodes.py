"""The card game's codes in ``golf deal`` and ``golf analyse``.

* ``golf deal GC1-...`` (a match code) or ``golf deal GK1-...`` (a replay code): the first
  round's deal as the referee sees it: every seat's board (every card, face down or not), the
  discard's turned-up card and the stock in draw order. A code fixes the whole match, but the
  later rounds are dealt as the match reaches them (from the same seed or secret), so the deal
  shown is the first round's.
* ``golf analyse CODE ACTION...``: the match replayed from its code, action by action (each
  action is the turn's seat's; ``next`` deals the next round), with what each action did to
  which card, each round's points when it ends and the match's result. The card game has no
  solver: the analysis is the replay and its scoring, nothing is judged.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from typing import Any

from golfcore.cards import Card
from golfcore.cardgame import actions as a
from golfcore.cardgame.actions import Action
from golfcore.cardgame.match import Match
from golfcore.cardgame.state import MatchState, RoundResult
from golfcore.cli.common import bilingual
from golfcore.cli.output import OK, error, print_json, print_lines
from golfcore.codes import MATCH_PREFIX, REPLAY_PREFIX
from golfcore.errors import GolfError

#: The stock's cards a line of ``golf deal``.
STOCK_LINE = 15


def is_card_code(text: str | None) -> bool:
    """Whether ``text`` is written as a card-game code (``GC1-...`` or ``GK1-...``)."""
    if not isinstance(text, str):
        return False
    head = text.strip().upper()
    return head.startswith((MATCH_PREFIX + "-", REPLAY_PREFIX + "-"))


def seat_name(seat: int | None) -> str:
    """``player 1`` for seat 0 (seats are shown from 1, as the web shows them)."""
    return "nobody" if seat is None else f"player {seat + 1}"


def header(code: str, match: Match) -> str:
    rows, columns = match.rules.shape
    return (f"{code.strip().upper()}: {match.variant.name}, {match.players} players, "
            f"board {rows}x{columns}")


# -- golf deal ----------------------------------------------------------------------------------


def run_deal(args: argparse.Namespace) -> int:
    """``golf deal GC1-...|GK1-...``: the first round's deal, every card shown."""
    for option, given in (("--number", args.number is not None), ("--variant", args.variant),
                          ("--winnable", args.winnable),
                          ("--difficulty", args.difficulty is not None),
                          ("--tries", args.tries is not None),
                          ("--samples", args.samples is not None),
                          ("--limit", args.limit is not None),
                          ("--seconds", args.seconds is not None)):
        if given:
            args.parser.error(bilingual(
                f"{option} is for the solitaire's deals: a card-game code fixes its variant, "
                f"players and cards itself", f"{option} es para los repartos del solitario: un "
                "código del juego de cartas fija él mismo su variante, jugadores y cartas"))
    if args.format == "spanish":
        args.parser.error(bilingual(
            "--format spanish is for the solitaire's deals: give text, unicode or json",
            "--format spanish es para los repartos del solitario: usa text, unicode o json"))
    match = Match.from_code(args.code)
    if args.format == "json":
        print_json(match.referee(), args.pretty)
        return OK
    style = Card.unicode if args.format == "unicode" else Card.__str__
    print_lines(deal_lines(args.code, match, style))
    return OK


def deal_lines(code: str, match: Match, style: Any = Card.__str__) -> list[str]:
    """The first round of ``match`` as the referee sees it: each board row by row (a face-up
    card in brackets), the discard and the stock, top first."""
    rnd = match.state.current
    rows, columns = match.rules.shape
    lines = [f"# {header(code, match)}",
             "# the referee's view of round 1: every card; [ ] is face up, the rest face down",
             f"# {seat_name(rnd.turn)} plays first"]
    for seat, board in enumerate(rnd.boards):
        lines.append(f"{seat_name(seat)}:")
        for row in range(rows):
            cells = []
            for column in range(columns):
                place = row * columns + column
                text = style(board.cards[place])
                cells.append(f"[{text}]" if board.up[place] else f" {text} ")
            lines.append("  " + " ".join(f"{c:<5}" for c in cells).rstrip())
    top = style(rnd.discard[-1]) if rnd.discard else "-"
    lines.append(f"discard: {top}")
    lines.append(f"stock: {len(rnd.stock)} cards, top first:" + ("" if rnd.stock else " -"))
    for start in range(0, len(rnd.stock), STOCK_LINE):
        lines.append("  " + " ".join(style(c) for c in rnd.stock[start:start + STOCK_LINE]))
    return lines


# -- golf analyse -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One replayed action: its number, the round, the seat, the action and what it did."""

    index: int
    round: int
    seat: int
    action: Action
    did: str
    result: RoundResult | None          # the round's result, when this action ended it
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"step": self.index, "round": self.round, "seat": self.seat,
                "action": str(self.action), "did": self.did,
                "round_result": None if self.result is None else self.result.to_json(),
                "totals": list(self.totals)}


def read_actions(words: list[str]) -> list[Action]:
    """The actions of ``golf analyse``'s arguments: each one argument (``'replace 5'``) or a
    kind and its place as two (``replace 5``); :class:`GolfError` naming a bad one."""
    tokens = [w for text in words for w in text.split()]
    found: list[Action] = []
    i = 0
    while i < len(tokens):
        text = tokens[i]
        if (i + 1 < len(tokens) and re.fullmatch(r"[0-9]{1,6}", tokens[i + 1])
                and text.lower() not in ("draw", "robar", "take", "tomar", "next", "siguiente")):
            text = f"{text} {tokens[i + 1]}"
            i += 1
        try:
            found.append(Action.parse(text))
        except GolfError as exc:
            raise GolfError(f"action {len(found) + 1}: {exc}") from None
        i += 1
    return found


def replay(match: Match, actions: list[Action]) -> list[Step]:
    """Every action played in turn by the seat to act (any seat may deal the next round); a
    refused one is a :class:`GolfError` in both languages, after which nothing is shown."""
    steps = []
    for index, action in enumerate(actions, start=1):
        before = match.state
        seat = match.turn if match.turn is not None else 0
        result = match.act(seat, action)
        if not result.accepted:
            raise GolfError(f"action {index} {str(action)!r} ({seat_name(seat)}) refused: "
                            f"{result.reason}\n"
                            f"  es: {result.messages.get('es', result.reason)}\n"
                            f"  en: {result.messages.get('en', result.reason)}")
        after = match.state
        ended = (after.results[-1] if len(after.results) > len(before.results) else None)
        steps.append(Step(index, before.round_number, seat, action, what_it_did(before, after,
                                                                                 action),
                          ended, after.totals))
    return steps


def what_it_did(before: MatchState, after: MatchState, action: Action) -> str:
    """What ``action`` did, card by card (the replay is the referee's: every card is known)."""
    rnd, new = before.current, after.current
    if action.kind in (a.DRAW, a.TAKE):
        return f"{'drew' if action.kind == a.DRAW else 'took'} {new.held}"
    if action.kind == a.NEXT:
        return f"dealt round {after.round_number}"
    place = action.place
    if place is None:
        return f"discarded {rnd.held}"
    board = rnd.boards[rnd.turn]
    if action.kind == a.REPLACE:
        return f"put {rnd.held} at place {place + 1}, discarded {board.cards[place]}"
    if action.kind == a.DISCARD:
        return f"discarded {rnd.held}, turned up {board.cards[place]} at place {place + 1}"
    return f"turned up {board.cards[place]} at place {place + 1}"


def run_analyse(args: argparse.Namespace) -> int:
    """``golf analyse GC1-...|GK1-... ACTION...``: the match replayed with its points."""
    if (args.fair or args.variant is not None or args.samples is not None
            or args.limit is not None or args.seconds is not None):
        args.parser.error(bilingual(
            "--fair, --variant, --samples, --limit and --seconds are for the solitaire: a "
            "card-game code fixes its variant, and the card game has no solver or fair chance "
            "to judge moves by",
            "--fair, --variant, --samples, --limit y --seconds son para el solitario: un código "
            "del juego de cartas fija su variante, y el juego de cartas no tiene solver ni "
            "probabilidad justa con que juzgar las jugadas"))
    match = Match.from_code(args.input)
    try:
        steps = replay(match, read_actions(args.moves))
    except GolfError as exc:
        return error(str(exc))
    if args.json:
        print_json({"input": args.input, "variant": match.variant.name,
                    "players": match.players, "steps": [s.to_json() for s in steps],
                    "over": match.is_over, "totals": list(match.totals),
                    "winners": list(match.winners) if match.is_over else None},
                   args.pretty)
        return OK
    print_lines(analysis_lines(args.input, match, steps))
    return OK


def analysis_lines(code: str, match: Match, steps: list[Step]) -> list[str]:
    """The replay for people: one line an action, each round's points, the result."""
    lines = [header(code, match)]
    shown_round = 0
    for step in steps:
        if step.round != shown_round and step.action.kind != a.NEXT:
            lines.append(f"round {step.round}")
            shown_round = step.round
        lines.append(f"  {step.index:>3}. {seat_name(step.seat):<9} {str(step.action):<11} "
                     f"{step.did}")
        if step.result is not None:
            lines += round_lines(step.round, step.result, step.totals)
    if match.is_over:
        names = ", ".join(seat_name(s) for s in match.winners)
        lines.append(f"match over: {'winner' if len(match.winners) == 1 else 'winners'} "
                     f"{names} (the lowest total)")
    elif match.round_over:
        lines.append(f"round {match.state.round_number} over: 'next' deals the next round")
    else:
        lines.append(f"round {match.state.round_number} goes on: {seat_name(match.turn)} to act "
                     f"({len(steps)} {'action' if len(steps) == 1 else 'actions'} replayed)")
    return lines


def round_lines(number: int, result: RoundResult, totals: tuple[int, ...]) -> list[str]:
    """A round's end: each seat's board points, round points and total."""
    ender = (f"{seat_name(result.ender)} ended it" if result.ender is not None
             else "the stock ran out")
    penalty = ", the ender's penalty applied" if result.penalised else ""
    lines = [f"  round {number} over: {ender}{penalty}"]
    for seat, (board, score) in enumerate(zip(result.board_scores, result.scores)):
        zero = (f"; lines at 0: places {', '.join(str(p + 1) for p in result.cancelled[seat])}"
                if result.cancelled[seat] else "")
        lines.append(f"    {seat_name(seat):<9} board {board:>3}, round {score:>3}, total "
                     f"{totals[seat]:>4}{zero}")
    return lines

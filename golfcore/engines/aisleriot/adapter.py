"""golfcore's protocol spoken by GNOME Aisleriot's Golf (:class:`AisleriotEngine`).

Every decision comes from Aisleriot's own Scheme, run by the harness (:mod:`.process`,
``harness.scm``): whether a move is accepted, which moves are legal, the end of the game, the
score, undo, the hint and the perft counts. golfcore only translates: it deals its numbered
deals and reads positions (so that Aisleriot's slots can be set to them), names cards, and
keeps what Aisleriot has no notion of (the move counter, the deal number).
"""

from __future__ import annotations

from typing import Any

from golfcore.cards import Card, deck
from golfcore.conformance.engines import EngineError
from golfcore.engines.aisleriot.process import Harness, aisleriot_version

#: The one variant: Aisleriot's Golf.
VARIANT = "golf"
TITLE = "GNOME Aisleriot, Golf"
#: The protocol's features this engine has.
FEATURES = ["position", "deal", "undo", "hint", "score", "perft"]
#: The golfcore rules Aisleriot's golf.scm plays (its README says why), and what it plays
#: that golfcore has no rule for.
PLAYS = "cards4"
OWN = {
    "scoring": "Aisleriot's own score: one point for each card moved to the waste "
               "(golf.scm: add-to-score! 1), nothing for a draw, no penalty for the cards "
               "left; undo takes the point back",
    "messages": "Aisleriot gives no message for a refused move (the card goes back) nor for "
                "a lost game; its status bar says \"Stock left: N\"",
}
SUITS = "CDHS"                # Aisleriot: club 0, diamond 1, heart 2, spade 3
STOCK, WASTE = 0, 1           # Aisleriot's slots; the columns are slots 2 to 8


def to_aisleriot(card: Card) -> list[int]:
    return [card.rank, SUITS.index(card.suit)]


def from_aisleriot(card: list[Any]) -> str:
    return str(Card(int(card[0]), SUITS[int(card[1])]))


class AisleriotEngine:
    """An engine under test (:class:`golfcore.conformance.engines.Engine`): Aisleriot's Golf."""

    def __init__(self, timeout: float = 10.0, perft_timeout: float = 3600.0) -> None:
        self.harness = Harness(timeout)
        self.perft_timeout = perft_timeout
        self.version = aisleriot_version()
        self.raw: dict[str, Any] | None = None     # the harness's last state
        self.moves = 0
        self.deal: int | None = None

    def __str__(self) -> str:
        return f"aisleriot {self.version} (golf.go, Guile {self.harness.hello.get('guile')})"

    def close(self) -> None:
        self.harness.close()

    # -- the protocol ----------------------------------------------------------------------------

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        cmd = message.get("cmd")
        handler = getattr(self, "_" + str(cmd).replace("-", "_"), None) \
            if cmd in ("hello", "new", "state", "legal", "play", "draw", "undo", "hint",
                       "perft", "quit") else None
        if handler is None:
            reply = bad("bad-request", f"Aisleriot's Golf cannot {cmd!r}: it answers hello, "
                                       f"new, state, legal, play, draw, undo, hint, perft, quit")
        elif cmd not in ("hello", "new", "quit") and self.raw is None:
            reply = bad("no-game", "no game yet: send 'new' first")
        else:
            reply = handler(message)
        if "id" in message:
            reply = {"id": message["id"], **reply}
        return reply

    def _hello(self, message: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "protocol": 1, "engine": str(self),
                "variants": [{"name": VARIANT, "game": "solitaire", "title": TITLE}],
                "features": FEATURES,
                "offers": [{"variant": VARIANT, "game": "solitaire", "title": TITLE,
                            "plays": PLAYS, "features": FEATURES, "own": OWN}]}

    def _quit(self, message: dict[str, Any]) -> dict[str, Any]:
        self.close()
        return {"ok": True, "bye": True}

    def _new(self, message: dict[str, Any]) -> dict[str, Any]:
        from golfcore.errors import GolfError
        from golfcore.solitaire.position import Position

        unknown = sorted(set(message) - {"cmd", "id", "game", "variant", "position", "deal",
                                         "code"})
        if unknown:
            return bad("bad-request", f"unknown field(s) {', '.join(unknown)}")
        if message.get("game", "solitaire") != "solitaire":
            return bad("bad-request", "Aisleriot's Golf is the solitaire only")
        if message.get("variant", VARIANT) != VARIANT:
            return bad("bad-input", f"Aisleriot plays one Golf, variant {VARIANT!r}, not "
                                    f"{message.get('variant')!r}")
        if "code" in message:
            return bad("bad-request", "Aisleriot's Golf has no game codes: give a deal "
                                      "number or a position")
        starts = [k for k in ("position", "deal") if k in message]
        if len(starts) != 1:
            return bad("bad-request", "give exactly one of 'position' and 'deal'")
        try:
            if "deal" in message:
                position, number = dealt(message["deal"]), message["deal"]
            else:
                raw = message["position"]
                position = Position.from_text(raw) if isinstance(raw, str) else \
                    Position.from_json(raw)
                position.check(deck(0))
                if position.passes:
                    raise GolfError("Aisleriot's Golf has no passes through the stock")
                number = None
        except GolfError as exc:
            return bad("bad-input", str(exc))
        self.raw = self.harness.ask([
            "new", [to_aisleriot(c) for c in position.stock],
            [to_aisleriot(c) for c in reversed(position.waste)],
            [[to_aisleriot(c) for c in reversed(column)] for column in position.columns]])
        self.moves, self.deal = 0, number
        return {"ok": True, "state": self.state()}

    def _state(self, message: dict[str, Any]) -> dict[str, Any]:
        self.raw = self.harness.ask(["state"])
        dragged = {s - 1 for s in self.raw["legal"] if s != STOCK}
        clicked = {s - 1 for s in self.raw["clickable"]}
        if dragged != clicked:      # golf.scm tests a drag and a tap alike
            raise EngineError(f"Aisleriot's Golf plays columns {sorted(clicked)} on a tap "
                              f"but {sorted(dragged)} on a drag")
        return {"ok": True, "state": self.state()}

    def _legal(self, message: dict[str, Any]) -> dict[str, Any]:
        reply = self._state(message)
        return {"ok": True, "legal": reply["state"]["legal"], "state": reply["state"]}

    def _play(self, message: dict[str, Any]) -> dict[str, Any]:
        """A touch of a card: in Aisleriot a tap (press and release, no drag) on a card runs
        the game's button-clicked on its slot, whichever card of the slot was under the
        pointer; golf.scm then plays the slot's top card if it fits the waste."""
        from golfcore.errors import CardError
        from golfcore.notation import parse_card

        assert self.raw is not None
        slots = self.raw["slots"]
        if "card" in message:
            try:
                card = str(parse_card(str(message["card"])))
            except CardError as exc:
                return bad("bad-input", str(exc))
            where = [(slot, i) for slot, cards in enumerate(slots)
                     for i, c in enumerate(cards) if from_aisleriot(c) == card]
            if not where:
                return self._refused("play", card, "no such card on Aisleriot's board")
            slot, index = where[0]
            if slot == STOCK:       # face down: the player sees no such card to touch
                return self._refused("play", card, "that card lies face down in the stock")
        else:
            column, row = message.get("column"), message.get("row")
            if not isinstance(column, int) or isinstance(column, bool) or \
                    (row is not None and (not isinstance(row, int) or isinstance(row, bool))):
                return bad("bad-input", "'column' (and 'row') must be whole numbers")
            if not 1 <= column <= 7:
                return self._refused("play", None, f"Aisleriot's Golf has no column {column}")
            slot = column + 1
            index = 0 if row is None else len(slots[slot]) - row
            if not 0 <= index < len(slots[slot]):      # no card under the pointer
                return self._refused("play", None, f"no card at row {row} of column {column}"
                                     if row is not None else f"column {column} is empty")
        touched = from_aisleriot(slots[slot][index])
        reply = self._move("play", ["click", slot], touched)
        if reply["ok"]:
            reply["card"] = reply["state"]["waste"]
        return reply

    def _draw(self, message: dict[str, Any]) -> dict[str, Any]:
        reply = self._move("draw", ["click", STOCK], None)
        if reply["ok"]:
            reply["card"] = reply["state"]["waste"]
        return reply

    def _undo(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.raw is not None
        waste = self.raw["slots"][WASTE]
        back = from_aisleriot(waste[0]) if waste else None
        self.raw = self.harness.ask(["undo"])
        if not self.raw["ok"]:
            return self._refused("undo", None, "Aisleriot's undo is off: nothing to undo",
                                 self.raw.get("refused"))
        return {"ok": True, "action": "undo", "card": back, "state": self.state()}

    def _hint(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("strategy", "aisleriot") != "aisleriot":
            return bad("bad-request", f"Aisleriot has one hint, its game's own (strategy "
                                      f"'aisleriot'), not {message.get('strategy')!r}")
        self.raw = self.harness.ask(["hint"])
        hint = self.raw["hint"]
        if isinstance(hint, list):
            raise EngineError(f"Aisleriot's hint {hint[1]!r} names no move")
        text = None if hint is None else "draw" if hint == STOCK else str(hint - 1)
        return {"ok": True, "hint": text, "strategy": "aisleriot", "state": self.state()}

    def _perft(self, message: dict[str, Any]) -> dict[str, Any]:
        depth, divide = message.get("depth"), message.get("divide", False)
        if not isinstance(depth, int) or isinstance(depth, bool) or not 0 <= depth <= 60:
            return bad("bad-input", "'depth' must be a whole number from 0 to 60")
        got = self.harness.ask(["perft", depth, bool(divide)], timeout=self.perft_timeout)
        split = got.get("divide")
        named = None if split is None else {
            ("draw" if int(k) == STOCK else str(int(k) - 1)): v for k, v in split.items()}
        if divide and named is None:
            named = {}
        return {"ok": True, "perft": {"count": got["count"], "divide": named},
                "seconds": got.get("seconds")}

    # -- helpers -------------------------------------------------------------------------------

    def _move(self, action: str, request: list[Any], card: str | None) -> dict[str, Any]:
        self.raw = self.harness.ask(request)
        if not self.raw["ok"]:
            return self._refused(action, card, f"Aisleriot refused: {self.raw['refused']}",
                                 self.raw["refused"])
        self.moves += 1
        return {"ok": True, "action": action, "card": card, "state": self.state()}

    def _refused(self, action: str, card: str | None, message: str,
                 refused_by: str | None = None) -> dict[str, Any]:
        reply: dict[str, Any] = {"ok": False, "action": action, "card": card,
                                 "message": message, "state": self.state()}
        if refused_by:
            reply["refused_by"] = refused_by
        return reply

    def state(self) -> dict[str, Any]:
        """golfcore's state object, read from Aisleriot's slots."""
        assert self.raw is not None
        slots = self.raw["slots"]
        columns = [[from_aisleriot(c) for c in reversed(slots[s])] for s in range(2, 9)]
        waste = [from_aisleriot(c) for c in reversed(slots[WASTE])]
        legal = [str(s - 1) for s in sorted(self.raw["legal"]) if s != STOCK]
        if STOCK in self.raw["legal"]:
            legal.append("draw")
        status = {"won": "won", "over": "lost"}.get(self.raw["status"], "playing")
        return {"variant": VARIANT, "status": status, "moves": self.moves,
                "waste": waste[-1] if waste else None, "stock": len(slots[STOCK]),
                "tableau": sum(map(len, columns)),
                "free": [c[-1] if c else None for c in columns], "legal": legal,
                "score": {"kind": "points", "value": self.raw["score"]},
                "undoable": self.raw["history"],
                "position": {"columns": columns, "stock": None,
                             "stock_count": len(slots[STOCK]), "waste": waste},
                "code": None, "deal": self.deal}


def dealt(number: Any) -> Any:
    """golfcore's deal ``number`` as Aisleriot's Golf starts it from golfcore's cards: one
    card on the waste, 16 in the stock (the rules golfcore deals it under: ``cards4``)."""
    from golfcore.solitaire import engine
    from golfcore.solitaire.deal import check_deal_number
    from golfcore.solitaire.rules import rule_set

    check_deal_number(number)
    return engine.start_deal(rule_set(PLAYS), number).position


def bad(error: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": error, "message": message}

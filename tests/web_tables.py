"""Real tables for the store's tests: games played through :mod:`golfcore.web.tables` and saved
in a real database file as ``golf web`` saves them (each action a row of the log, with a
snapshot when :func:`golfcore.web.resume.snapshot_due` says so)."""

from __future__ import annotations

import random
from typing import Any

from golfcore.cardgame.match import Match
from golfcore.solitaire.game import Game
from golfcore.web.seats import HUMAN, draft_seats, placed
from golfcore.web.tables import LiveCardGame, LiveSolitaire, LiveTable
from golfcore.web.resume import snapshot_due
from golfcore.web.store import Store


class Saved:
    """A live table and the store it is saved in; :meth:`act` plays and saves one action."""

    def __init__(self, store: Store, draft: LiveTable) -> None:
        record = store.create_table(game=draft.game_name, variant=draft.variant,
                                    seat_kinds=[s.kind for s in draft.seats],
                                    snapshot=draft.snapshot(), summary=draft.summary())
        self.store, self.table, self.last_snapshot = store, placed(draft, record), 0

    @property
    def id(self) -> str:
        return self.table.id

    def act(self, cmd: str, **fields: Any) -> dict[str, Any]:
        request = {"cmd": cmd, **fields}
        seat = fields.get("seat", 0)
        step = self.table.handle(cmd, request, (seat,))
        assert step.table is not None, step.reply
        due = snapshot_due(self.table, step.table, self.last_snapshot)
        self.store.record_action(self.id, version=step.table.version, seat=seat,
                                 request=request, summary=step.table.summary(),
                                 snapshot=step.table.snapshot() if due else None)
        if due:
            self.last_snapshot = step.table.version
        self.table = step.table
        return step.reply

    def play(self, count: int) -> Saved:
        """``count`` solitaire actions: the first legal move, ``undo`` when there is none."""
        for _ in range(count):
            assert isinstance(self.table, LiveSolitaire)
            legal = self.table.game.legal(0)
            if not legal:
                self.act("undo")
            elif str(legal[0]) == "draw":
                self.act("draw")
            else:
                self.act("play", column=int(str(legal[0]).split(".")[0]))
        return self

    def deal(self, count: int, seed: int = 1, slow: bool = False) -> Saved:
        """``count`` card-game actions: a legal action (chosen with ``seed``) of whoever may
        act; ``slow``: drawing from the stock and discarding whenever it may (the stock runs
        out sooner)."""
        rng = random.Random(seed)
        for _ in range(count):
            assert isinstance(self.table, LiveCardGame)
            match = self.table.match
            if match.is_over:
                break
            seat = next(s for s in range(match.players) if match.legal(s))
            legal = [str(a) for a in match.legal(seat)]
            if slow:
                legal = [a for a in legal if a == "draw"] or [
                    a for a in legal if a.startswith("discard")] or legal
            self.act("act", seat=seat, action=rng.choice(legal))
        return self


def solitaire(store: Store, code: str = "GO1-C-AAAAAAB", actions: int = 0) -> Saved:
    draft = LiveSolitaire("", 0, draft_seats([HUMAN]), Game.from_code(code))
    return Saved(store, draft).play(actions)


def card_game(store: Store, kinds: list[str], actions: int = 0, variant: str = "card-golf",
              seed: int | None = 1) -> Saved:
    """A match dealt from ``seed`` (``None``: from a secret, as nobody chose it)."""
    draft = LiveCardGame("", 0, draft_seats(kinds),
                           Match(variant, players=len(kinds), seed=seed))
    return Saved(store, draft).deal(actions)

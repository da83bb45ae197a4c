"""The engine object: golfcore's protocol requests answered by TextArena's ``Golf-v0``.

One :class:`TextArenaEngine` holds one TextArena environment, made with
``textarena.make("Golf-v0")`` (its default wrappers included) and driven only through its
``reset`` and ``step``. ``new`` resets it: with ``seed`` and ``players`` TextArena deals its own
game; with a ``round`` the adapter then writes that round into TextArena's state
(:func:`golfcore.engines.textarena.table.write_round`). ``act`` sends TextArena's action text
(:mod:`golfcore.engines.textarena.actions`) for the seat whose turn it is, and reports what
TextArena did: accepted, or refused with its reason in ``messages.en``. ``observe`` and
``legal`` read TextArena's state (:func:`golfcore.engines.textarena.table.observation`).

What the adapter answers without TextArena, because TextArena's ``step`` cannot be asked: an
action for a seat whose turn it is not (TextArena's ``step`` always acts for the player to
act), a seat off the table, any action once ``step`` has said the game is done, and golfcore
actions TextArena has no action for (``bad-input``). An exception raised inside TextArena is
an ``internal-error`` reply, and the game cannot go on.
"""

from __future__ import annotations

from typing import Any

from golfcore.cardgame.actions import Action
from golfcore.conformance.engines import EngineError, check_timeout
from golfcore.engines.textarena.actions import Untranslatable, refusal, to_textarena
from golfcore.engines.textarena.table import RoundError, observation, write_round
from golfcore.errors import GolfError

#: TextArena's environment, and the name the offer gives it.
ENV_ID = "Golf-v0"
#: The golfcore variant that describes what it plays (variants/cardgame/textarena.py).
PLAYS = "textarena-golf"
TITLE = "TextArena's Golf (Golf-v0): 2x3 boards, one 52-card deck, one round"
#: What TextArena plays in a slot that no golfcore rule says.
OWN = {
    "setup": "TextArena deals two of each board's six cards face up, at random: nobody "
             "chooses them and there is no reveal step",
    "stock": "TextArena ends the round when a player asks to draw from an empty deck; until "
             "then the discard can still be taken (the deck is never refilled)",
    "messages": "TextArena's refusals are its own English sentences; a second invalid move in "
                "a row loses the game (two players) or eliminates the player",
}
FIELDS = {
    "hello": set(), "quit": set(),
    "new": {"game", "variant", "players", "seed", "round", "code", "seats", "seat_kinds"},
    "act": {"seat", "action"}, "observe": {"seat"}, "legal": {"seat"},
}


def _textarena() -> Any:
    try:
        import textarena
    except ImportError:
        raise EngineError("TextArena is not installed: pip install textarena (the engine "
                          "'textarena' drives its Golf-v0)") from None
    return textarena


class TextArenaEngine:
    """golfcore's protocol over TextArena's ``Golf-v0`` (``make`` builds one)."""

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = check_timeout(timeout)
        self.ta = _textarena()
        from importlib.metadata import version

        self.version = version("textarena")
        self.env: Any = None
        self.golf: Any = None
        self.variant = ENV_ID
        self.chosen = False
        self.ended = False
        self.scored = False
        self.broken: str | None = None

    def __str__(self) -> str:
        return f"textarena {self.version} ({ENV_ID})"

    def close(self) -> None:
        self.env = self.golf = None

    # -- requests -----------------------------------------------------------------------------

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        try:
            reply = self._answer(message)
        except Exception as exc:     # TextArena's fault or the adapter's: said, never hidden
            reply = _error("internal-error", f"{type(exc).__name__}: {exc}")
        if "id" in message:
            reply = {"id": message["id"], **reply}
        return reply

    def _answer(self, message: dict[str, Any]) -> dict[str, Any]:
        cmd = message.get("cmd") if isinstance(message, dict) else None
        if cmd not in FIELDS:
            return _error("bad-request", f"command {cmd!r}: TextArena's Golf-v0 answers "
                                         f"{', '.join(FIELDS)} (it is the card game only)")
        extra = sorted(set(message) - FIELDS[cmd] - {"cmd", "id"})
        if extra:
            return _error("bad-request", f"unknown field(s) of {cmd!r}: {', '.join(extra)}")
        if cmd == "hello":
            return self._hello()
        if cmd == "quit":
            return {"ok": True, "bye": True}
        if cmd == "new":
            return self._new(message)
        if self.golf is None:
            return _error("no-game", "no match yet: send 'new' with 'game': 'card-game'")
        if self.broken is not None:
            return _error("internal-error", self.broken)
        seat = message.get("seat")
        if cmd == "act":
            return self._act(seat, message.get("action"))
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.golf.state.num_players):
            return _error("bad-input", f"seat {seat!r} is not at this table")
        seen = self._observation(seat)
        if cmd == "legal":
            return {"ok": True, "legal": seen["legal"], "observation": seen}
        return {"ok": True, "observation": seen}

    def _hello(self) -> dict[str, Any]:
        variant = {"name": ENV_ID, "game": "card-game", "title": TITLE}
        return {"ok": True, "protocol": 1, "engine": str(self), "variants": [variant],
                "features": ["card-game"],
                "offers": [{"variant": ENV_ID, "game": "card-game", "title": TITLE,
                            "plays": PLAYS, "features": ["card-game"], "own": dict(OWN)}]}

    def _new(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("game") != "card-game":
            return _error("bad-input", "TextArena's Golf-v0 is the card game: send 'new' with "
                                       "'game': 'card-game'")
        variant = message.get("variant", ENV_ID)
        if variant not in (ENV_ID, PLAYS):
            return _error("bad-input", f"unknown variant {variant!r}: this engine plays "
                                       f"{ENV_ID} (golfcore's {PLAYS})")
        for field, why in (("code", "TextArena has no match codes"),
                           ("seats", "this engine plays every seat"),
                           ("seat_kinds", "this engine plays every seat")):
            if field in message:
                return _error("bad-input", f"{field!r}: {why}")
        rnd = message.get("round")
        seed = message.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            return _error("bad-input", f"seed {seed!r}: a whole number")
        if rnd is not None:
            if "players" in message:
                return _error("bad-input", "a round says its players: one board each")
            if not isinstance(rnd, dict) or not isinstance(rnd.get("boards"), list):
                return _error("bad-input", "a round is an object with 'boards'")
            players = len(rnd["boards"])
        else:
            players = message.get("players", 2)
        env = self.ta.make(ENV_ID)
        try:
            env.reset(num_players=players, seed=seed)
        except (ValueError, TypeError, AssertionError) as exc:
            return _error("bad-input", f"TextArena's Golf-v0 refuses {players!r} players: "
                                       f"{exc}")
        golf = env
        while hasattr(golf, "env") and not hasattr(golf, "deck"):
            golf = golf.env          # through the wrappers, to the Golf environment itself
        if rnd is not None:
            try:
                write_round(golf, rnd)
            except RoundError as exc:
                return _error("bad-input", f"TextArena's Golf-v0 cannot hold this round: {exc}")
        self.env, self.golf = env, golf
        self.variant = variant
        self.chosen = rnd is not None or seed is not None
        self.ended = self.scored = False
        self.broken = None
        return {"ok": True, "game": "card-game", "variant": variant, "code": None,
                "players": players, "seats": list(range(players)), "chosen_deal": self.chosen}

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self.golf, seat, self.variant, self.chosen, self.ended, self.scored)

    def _act(self, seat: Any, action: Any) -> dict[str, Any]:
        if isinstance(seat, bool) or not isinstance(seat, int):
            return _error("bad-input", f"seat {seat!r}: a seat is a whole number")
        try:
            parsed = Action.parse(action)
        except GolfError as exc:
            return _error("bad-input", str(exc))
        text = str(parsed)
        state = self.golf.state
        if not 0 <= seat < state.num_players:
            return self._refused(text, None, "no-such-seat",
                                 f"There is no seat {seat} at this table of "
                                 f"{state.num_players}")
        if self.ended:
            return self._refused(text, seat, "match-over",
                                 "TextArena's game is over: its step said it is done")
        if seat != state.current_player_id:
            return self._refused(text, seat, "not-your-turn",
                                 f"It is Player {state.current_player_id}'s turn: TextArena's "
                                 f"step acts for the player to act")
        try:
            command = to_textarena(parsed, self.golf.num_columns)
        except Untranslatable as exc:
            return _error("bad-input", str(exc))
        before = len(state.observations[seat])
        lost_before = bool(state.game_info[seat].get("invalid_move"))
        try:
            done, _info = self.env.step(command)
        except Exception as exc:     # a fault of TextArena itself: report it, stop the game
            self.broken = (f"TextArena's Golf-v0 raised {type(exc).__name__} on {command!r}: "
                           f"{exc}")
            return _error("internal-error", self.broken)
        self.ended = bool(done)
        why = refusal(state.observations[seat][before:])
        lost = not lost_before and bool(state.game_info[seat].get("invalid_move"))
        if lost:
            reason = state.game_info[seat].get("reason") or "an invalid move"
            ending = ("TextArena ends the game: this player loses" if done
                      else "TextArena eliminates this player")
            return self._refused(text, seat, None,
                                 f"{reason} (a second invalid move in a row: {ending})")
        if why is not None:
            return self._refused(text, seat, None, why)
        self.scored = self.ended
        return {"ok": True, "action": text, "observation": self._observation(seat)}

    def _refused(self, text: str, seat: int | None, reason: str | None,
                 message: str) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": False, "action": text}
        if reason is not None:
            out["reason"] = reason
        out["messages"] = {"en": message}
        out["observation"] = self._observation(seat)
        return out


def _error(error: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": error, "message": message}

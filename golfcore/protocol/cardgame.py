"""The card game's protocol commands: ``new`` (a secret deal, a seed, a code or a round set up
by hand), ``observe``, ``legal``, ``act`` and ``referee``.

:class:`CardGameTable` holds one :class:`~golfcore.cardgame.match.Match`, the seats this
session plays (every seat unless ``new`` named some) and the computers that play the others
(``seat_kinds``, :mod:`golfcore.protocol.computers`). The session
(:mod:`golfcore.protocol.server`) dispatches the card game's commands to it.

``new`` without ``seed``, ``code`` or ``round`` deals from a fresh secret; with one of them the
deal is chosen, and every observation says so (``chosen_deal: true``).

Hidden information is a guarantee: every reply addressed to a seat (``observe``, ``legal``,
``act``) is built from that seat's observation (:meth:`Match.observation`, or the spectator's
view for ``observe`` with ``seat: null``) and nothing else. Only ``referee`` sends hidden cards, and
only to a session that plays every seat (without ``seats`` or ``seat_kinds``). Errors carry no
observation at all. A match code holds the seed (a replay code the secret) that deals every
round, hence every hidden card: a session that named its seats gets ``code: null`` in the reply
to ``new``, and observations (built by the match) hold it only once the match is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from golfcore.protocol.perft import FIELDS as PERFT_FIELDS, perft_reply
from golfcore.cardgame.actions import Action
from golfcore.cardgame.engine import check_players, check_seed
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import rule_set
from golfcore.cardgame.saves import round_from_json
from golfcore.errors import GolfError
from golfcore.protocol.computers import Computers, check_seat_kinds, humans

GAME = "card-game"
DEFAULT_VARIANT = "card-golf"

#: The fields each command takes (besides ``cmd`` and ``id``); ``new`` also takes ``game``.
FIELDS: dict[str, set[str]] = {
    "new": {"variant", "players", "seed", "code", "round", "seats", "seat_kinds"},
    "observe": {"seat"}, "legal": {"seat"}, "act": {"seat", "action"}, "referee": set(),
    "perft": PERFT_FIELDS,
}

#: Error kinds of this game's commands (besides ``bad-input``).
NOT_YOUR_SEAT = "not-your-seat"
NOT_REFEREE = "not-referee"


class RequestError(GolfError):
    """A request this session may not make: ``kind`` is the reply's ``error``; ``messages``,
    when given, the same in Spanish and English (``{"es": ..., "en": ...}``) for a player."""

    def __init__(self, kind: str, message: str,
                 messages: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.messages = messages


def start(request: dict[str, Any]) -> CardGameTable:
    """The match a ``new`` request asks for; :class:`GolfError` when it cannot be started."""
    variant = request.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise GolfError(f"'variant' must be a variant name such as 'card-golf', got {variant!r}")
    if "code" in request and "round" in request:
        raise GolfError("'new' takes either 'code' or 'round', not both")
    kinds = check_seat_kinds(request["seat_kinds"]) if "seat_kinds" in request else None
    if kinds is not None and "players" in request and request["players"] != len(kinds):
        raise GolfError(f"'players' is {request['players']!r} but 'seat_kinds' names "
                        f"{len(kinds)} seats")
    if "code" in request:
        match = _from_code(request, variant)
    elif "round" in request:
        match = _from_round(request, variant)
    else:
        players = request.get("players", None if kinds is None else len(kinds))
        seed = request.get("seed")
        match = Match(rule_set(variant or DEFAULT_VARIANT),
                      players=None if players is None else check_players(players),
                      seed=None if seed is None else check_seed(seed))
    seats = _seats(request["seats"], match.players) if "seats" in request else None
    if kinds is not None:
        if len(kinds) != match.players:
            raise GolfError(f"'seat_kinds' names {len(kinds)} seats but the match has "
                            f"{match.players} players")
        if seats is not None and seats != humans(kinds):
            raise GolfError(f"with 'seat_kinds' the session plays every human seat "
                            f"({', '.join(map(str, humans(kinds)))}): 'seats' must name "
                            f"exactly those, or be left out")
    return CardGameTable(match, seats, kinds)


def _from_code(request: dict[str, Any], variant: str | None) -> Match:
    given = sorted({"players", "seed"} & set(request))
    if given:
        raise GolfError(f"a match code gives the players and the seed: 'new' with 'code' takes "
                        f"no {' or '.join(map(repr, given))}")
    code = request["code"]
    if not isinstance(code, str):
        raise GolfError(f"'code' must be a match code such as 'GC1-G233-AAAAAAB', got {code!r}")
    match = Match.from_code(code)
    if variant is not None:
        # the variant must be one the code can name: same letter, same shape
        wanted = Match(rule_set(variant), players=match.players, deal=match.state.deal)
        if wanted.code != match.code:
            raise GolfError(f"code {code!r} names variant {match.variant.name} with "
                            f"{match.players} players, not {variant}")
    return match


def _from_round(request: dict[str, Any], variant: str | None) -> Match:
    rules = rule_set(variant or DEFAULT_VARIANT)
    data = request["round"]
    boards = data.get("boards") if isinstance(data, dict) else None
    if not isinstance(boards, list):
        raise GolfError("'round' must be an object with 'boards' (one list of places per "
                        "player), 'stock', 'discard', 'turn' and 'step'")
    players = check_players(len(boards))
    if "players" in request and request["players"] != players:
        raise GolfError(f"'players' is {request['players']!r} but the round has {players} "
                        f"boards: the players are taken from the boards")
    seed = check_seed(request.get("seed", 1))
    return Match(rules, players=players, seed=seed,
                 round_state=round_from_json(rules, data, players))


def _seats(value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise GolfError(f"'seats' must be a non-empty list of seats from 0 to {players - 1}, "
                        f"got {value!r}")
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise GolfError(f"'seats': {seat!r} is not a seat at this table: seats go from 0 "
                            f"to {players - 1}")
    if len(set(value)) != len(value):
        raise GolfError(f"'seats' names a seat twice: {value!r}")
    return tuple(sorted(value))


class CardGameTable:
    """One card-game match being played through the protocol, and the seats this session plays.

    ``seats=None`` (no ``seats`` in ``new``) is a local table or a referee: every seat, and the
    referee's view. Named seats are a player's session: only those seats, no referee's view.
    ``kinds`` (``seat_kinds``) names computer seats: the session plays the human ones, the
    server the others (:mod:`golfcore.protocol.computers`), and there is no referee's view.
    """

    game_name = GAME
    fields = FIELDS

    def __init__(self, match: Match, seats: tuple[int, ...] | None = None,
                 kinds: tuple[str, ...] | None = None) -> None:
        self.match = match
        self.is_referee = seats is None and kinds is None
        if kinds is not None:
            seats = humans(kinds)
        self.seats: tuple[int, ...] = tuple(range(match.players)) if seats is None else seats
        self.kinds = kinds
        self.computers = None if kinds is None else Computers(match.variant.name, kinds)
        self._opening = self._play_computers()
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "observe": self._observe, "legal": self._legal, "act": self._act,
            "referee": self._referee, "perft": self._perft,
        }

    def started(self) -> dict[str, Any]:
        """The reply to the ``new`` that started this match (with ``seat_kinds``: the kinds,
        and what the computers did before a human's first turn)."""
        out: dict[str, Any] = {
            "game": GAME, "variant": self.match.variant.name, "code": self._code(),
            "players": self.match.players, "seats": list(self.seats),
            "chosen_deal": self.match.chosen_deal}
        if self.kinds is not None:
            out.update(seat_kinds=list(self.kinds), computers=self._opening)
        return out

    def _play_computers(self) -> list[dict[str, Any]]:
        return [] if self.computers is None else self.computers.play(self.match)

    def _code(self) -> str | None:
        """The match code, as far as this session may know it: the code holds the seed, which
        deals every card, so a player's session gets it only once the match is over."""
        return self.match.code if self.is_referee or self.match.is_over else None

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: the spectator), as JSON; like every observation, it
        holds the match code only once the match is over (:meth:`Match.observation`)."""
        return self.match.observation(seat).to_json()

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out ``cmd`` (one of :data:`FIELDS`' commands but ``new``)."""
        return self._commands[cmd](request)

    def on_error(self) -> dict[str, Any]:
        """What an error about this match carries: nothing (an error is addressed to no seat,
        so it shows no observation)."""
        return {}

    # -- seats -------------------------------------------------------------------------------------

    def _seat(self, request: dict[str, Any], cmd: str, spectator: bool) -> int | None:
        """The request's ``seat``, checked: a seat at the table that this session plays
        (``None``, the spectator, only when ``spectator``)."""
        last = self.match.players - 1
        if "seat" not in request:
            raise GolfError(f"'{cmd}' needs 'seat': a seat from 0 to {last}"
                            + (", or null for the spectator's view" if spectator else ""))
        seat = request["seat"]
        if seat is None:
            if spectator:
                return None
            raise GolfError(f"'{cmd}' needs a seat from 0 to {last}: only 'observe' takes "
                            f"null (the spectator's view)")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise GolfError(f"'seat' must be a whole number from 0 to {last}, got {seat!r}")
        if not 0 <= seat <= last:
            raise GolfError(f"seat {seat} is not at this table: seats go from 0 to {last}")
        if seat not in self.seats:
            raise RequestError(NOT_YOUR_SEAT, f"seat {seat} is not yours: this session plays "
                                              f"seat(s) {', '.join(map(str, self.seats))}")
        return seat

    # -- commands ----------------------------------------------------------------------------------

    def _observe(self, request: dict[str, Any]) -> dict[str, Any]:
        seat = self._seat(request, "observe", spectator=True)
        return {"observation": self._view(seat)}

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        seat = self._seat(request, "legal", spectator=False)
        assert seat is not None
        view = self._view(seat)
        return {"legal": list(view["legal"]), "observation": view}

    def _act(self, request: dict[str, Any]) -> dict[str, Any]:
        raw = request.get("seat")
        if (isinstance(raw, int) and not isinstance(raw, bool)
                and not 0 <= raw < self.match.players):
            # an action for a seat that is not at the table is an illegal action like any
            # other: refused by the engine (no-such-seat), answered with the spectator's view
            seat: int | None = raw
        else:
            seat = self._seat(request, "act", spectator=False)
        assert seat is not None
        if "action" not in request:
            raise GolfError("'act' needs 'action': a text such as 'draw' or 'replace 5', or an "
                            "object such as {\"type\": \"replace\", \"place\": 5}")
        action = Action.parse(request["action"])
        result = self.match.act(seat, action)
        reply: dict[str, Any] = {"ok": result.accepted, "action": str(result.action)}
        if not result.accepted:
            reply["reason"] = result.reason
            reply["messages"] = result.messages
        elif self.computers is not None:
            reply["computers"] = self._play_computers()
        on_table = 0 <= seat < self.match.players
        reply["observation"] = self._view(seat if on_table else None)
        return reply

    def _referee(self, request: dict[str, Any]) -> dict[str, Any]:
        if not self.is_referee:
            raise RequestError(NOT_REFEREE, f"this session plays seat(s) "
                                            f"{', '.join(map(str, self.seats))} only: the "
                                            f"referee's view (every hidden card) is for a "
                                            f"session that plays every seat ('new' without "
                                            f"'seats')")
        return {"referee": self.match.referee()}

    def _perft(self, request: dict[str, Any]) -> dict[str, Any]:
        from golfcore.cardgame import perft

        if not self.is_referee:      # the counts follow hidden cards (when a round ends...)
            raise RequestError(NOT_REFEREE, f"this session plays seat(s) "
                                            f"{', '.join(map(str, self.seats))} only: 'perft' "
                                            f"counts every seat's actions over hidden cards, "
                                            f"for a session that plays every seat ('new' "
                                            f"without 'seats')")
        rules, state = self.match.rules, self.match.state
        return perft_reply(request, lambda d, n: perft.perft(rules, state, d, n),
                           lambda d, n: perft.divide(rules, state, d, n))

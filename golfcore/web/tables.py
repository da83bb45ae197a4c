"""The tables ``golf web`` plays: a solitaire game, a 9-hole round, or a card-game match.

A table here is an immutable value: its id, its version (the number of accepted actions), its
seats, and the game. :meth:`handle` answers one request for the seats a connection holds and
returns a :class:`Step`: the reply, and the table after the action when an action was accepted
(the app saves that table, :meth:`snapshot` and :meth:`summary`, before it sends the reply).
The game commands are ``golf serve``'s own (:mod:`golfcore.protocol.solitaire`,
:mod:`golfcore.protocol.cardgame`) run on a copy of the game, so the replies are exactly
``golf serve``'s, with ``table`` and ``version`` added and what a browser may not see left out:

* the solitaire's ``state`` is its player's observation as ``golf serve`` sends it
  (:func:`~golfcore.protocol.solitaire.state_of`: ``state.position.stock`` is ``null``, the
  stock's order is the game's secret);
* the card game answers only for the seats the connection holds (``not-your-seat``), never the
  referee's view (``not-referee``), and a match code only once the match is over.

Snapshots (what :meth:`snapshot` saves and :func:`golfcore.web.resume.resume` loads): a solitaire
table is :meth:`Game.to_json` plus ``round`` (``null``, or ``{code, hole, finished}``: the course
code, the hole being played and the summary entries of the finished holes); a card-game table is
:meth:`Match.to_json`. Summaries are the format :mod:`golfcore.web.stats` reads.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from golfcore.cardgame.bots.spec import BotSpec
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError
from golfcore.framework.compose import find_variant
from golfcore.protocol import cardgame as cg_protocol
from golfcore.protocol import computers
from golfcore.protocol import solitaire as sol_protocol
from golfcore.protocol.cardgame import CardGameTable, RequestError
from golfcore.protocol.solitaire import SEARCH_LIMIT, SolitaireTable, bounded_hint, state_of
from golfcore.solitaire import hints
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.scoring import HOLES, PAR
from golfcore.web.courses import Course, game_entry, start_course
from golfcore.web.exports import HUMAN
from golfcore.web.records import SeatRecord, TableRecord

SOLITAIRE = sol_protocol.GAME
CARD_GAME = cg_protocol.GAME
#: How many random deals a ``winnable: true`` search tries before it gives up.
WINNABLE_TRIES = 100
#: The solitaire's actions (saved, versioned) and the card game's.
SOLITAIRE_ACTIONS = ("play", "draw", "redeal", "undo", "next-hole")
CARD_GAME_ACTIONS = ("act",)
STALE = "stale"
NOT_FOUND = "not-found"
BOT = "bot:"
#: A chosen deal (``seed``, ``code``, ``round``) for a table other people would join.
CHOSEN_DEAL_SHARED = "chosen-deal-shared"
_CHOSEN_DEAL_SHARED = {
    "es": "Solo se puede elegir el reparto (semilla, código o ronda) en una mesa cuyos "
          "jugadores humanos estén todos en esta conexión: quien elige el reparto conoce "
          "todas las cartas",
    "en": "A deal may be chosen (seed, code or round) only for a table whose human seats are "
          "all held by this connection: whoever chooses the deal knows every card",
}

_NEXT_HOLE_REFUSALS = {
    "not-a-round": {"es": "Esta partida no es un recorrido de 9 hoyos",
                    "en": "This game is not a 9-hole round"},
    "hole-not-over": {"es": "El hoyo no ha terminado", "en": "The hole is not over yet"},
    "round-complete": {"es": "El recorrido ha terminado: los 9 hoyos están jugados",
                       "en": "The round is complete: all 9 holes are played"},
}


@dataclass(frozen=True)
class Step:
    """What a request did: the ``reply`` (without ``id``), and when an action was accepted,
    the ``table`` after it and ``last`` (``{seat, action, by}``, what the pushes say)."""

    reply: dict[str, Any]
    table: LiveTable | None = None
    last: dict[str, Any] | None = None


class StaleError(RequestError):
    """An action sent with a ``version`` that is not the table's current one."""

    def __init__(self, message: str) -> None:
        super().__init__(STALE, message)


def check_version(request: dict[str, Any], version: int) -> None:
    """Refuse an action whose ``version`` is given and is not ``version``."""
    if "version" not in request:
        return
    given = request["version"]
    if isinstance(given, bool) or not isinstance(given, int):
        raise GolfError(f"'version' must be the table's version, a whole number, got {given!r}")
    if given != version:
        raise StaleError(f"version {given} is stale: the table is at version {version} "
                         f"(someone else acted first); here is the current state")


def _strip(request: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in request.items() if k not in names}


@functools.lru_cache(maxsize=256)
def bot_spec(kind: str) -> BotSpec:
    """The bot (and options) of a computer seat's kind ``bot:...``, checked as a new table's
    are (:func:`golfcore.protocol.computers.bot_kind`: a table imported from a file is held to
    the same client limits); looked up once per kind: reading entry points is slow."""
    return computers.bot_kind(0, kind)


def bot_seed(table_id: str, seat: int) -> int:
    """The seed of the computer player at ``seat`` of a table: the same after a restart."""
    digest = hashlib.sha256(f"{table_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big") % MAX_DEAL + 1


# -- the solitaire -----------------------------------------------------------------------------


def start_solitaire(request: dict[str, Any],
                    randbelow: Callable[[int], int] = secrets.randbelow
                    ) -> tuple[Game, Course | None]:
    """The game (and round) a solitaire ``new`` asks for, but ``winnable: true``
    (:func:`find_winnable`): a code, a deal, a position, a round, or a random deal."""
    base = _strip(request, "winnable", "round", "draft", "game", "cmd", "id")
    if request.get("round") not in (None, False):
        given = sorted(set(base) & {"code", "deal", "position"})
        if given or request.get("winnable") not in (None, False):
            raise GolfError(f"'round' deals its own holes: 'new' with 'round' takes no "
                            f"{' or '.join(map(repr, given or ['winnable']))}")
        return start_course(request["round"], request.get("variant"), randbelow)
    if not {"code", "deal", "position"} & set(base):
        base["deal"] = randbelow(MAX_DEAL) + 1
    return sol_protocol.start(base).game, None


def check_winnable(request: dict[str, Any]) -> bool:
    """Whether a solitaire ``new`` asks for a winnable deal (after checking the field)."""
    value = request.get("winnable", False)
    if not isinstance(value, bool):
        raise GolfError(f"'winnable' must be true or false, got {value!r}")
    if value:
        given = sorted(set(request) & {"code", "deal", "position", "round"})
        if request.get("draft") not in (None, False):
            given.append("draft")
        if given:
            raise GolfError(f"'winnable' deals a random deal: it takes no "
                            f"{' or '.join(map(repr, given))}")
        variant = request.get("variant", sol_protocol.DEFAULT_VARIANT)
        if not isinstance(variant, str):
            raise GolfError(f"'variant' must be a variant name, got {variant!r}")
        find_variant(variant)
    return value


def check_draft(request: dict[str, Any]) -> bool:
    """Whether a solitaire ``new`` asks for a draft: a table dealt and played in memory, saved
    with its first accepted action (and forgotten when its connection leaves it unplayed)."""
    value = request.get("draft", False)
    if not isinstance(value, bool):
        raise GolfError(f"'draft' must be true or false, got {value!r}")
    return value


def find_winnable(variant: str, *, tries: int = WINNABLE_TRIES, limit: int = SEARCH_LIMIT,
                  progress: Callable[[int], None] = lambda tried: None,
                  stopped: Callable[[], bool] = lambda: False,
                  randbelow: Callable[[int], int] = secrets.randbelow) -> Game | None:
    """A random deal of ``variant`` that the solver proves winnable, trying at most ``tries``
    deals with ``limit`` positions each; ``None`` when none was found (or ``stopped()``).
    ``progress(tried)`` is called after each deal. Slow: run it in a thread."""
    from golfcore.solitaire.search.solver import solver_for

    first = Game(variant, deal=1)
    solver = solver_for(first.rules)
    for tried in range(1, tries + 1):
        if stopped():
            return None
        game = Game(first.rules, deal=randbelow(MAX_DEAL) + 1)
        found = solver.solve(game.position, best=False, limit=limit).winnable
        progress(tried)
        if found:
            return game
    return None


@dataclass(frozen=True)
class LiveSolitaire:
    """A solitaire table: one game, or the current hole of a 9-hole round."""

    id: str
    version: int
    seats: tuple[SeatRecord, ...]
    game: Game
    course: Course | None = None
    game_name: str = field(default=SOLITAIRE, init=False)
    #: The commands saved as actions (and replayed when the table is resumed).
    actions: ClassVar[tuple[str, ...]] = SOLITAIRE_ACTIONS
    #: What is worked out once about this value (its game's summary): a table is never
    #: changed, an action makes a new one (whose game is a copy).
    _memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False,
                                  repr=False)

    @property
    def variant(self) -> str:
        return self.game.variant.name

    def state(self) -> dict[str, Any]:
        """``state_of(self.game)`` (what the player sees), made once."""
        state = self._memo.get("state")
        if state is None:
            state = self._memo["state"] = state_of(self.game)
        return state

    def snapshot(self) -> dict[str, Any]:
        return {**self.game.to_json(),
                "round": None if self.course is None else self.course.to_json()}

    def summary(self) -> dict[str, Any]:
        state = self.state()                            # game_entry(self.game), made once
        entry = {"deal": state["deal"], "code": state["code"], "status": state["status"],
                 "moves": state["moves"], "score": state["score"]}
        course = self.course
        if course is None:
            return {"status": entry["status"], "games": [entry], "round": None}
        complete = course.complete(self.game)
        return {"status": "over" if complete else "playing",
                "games": [*course.finished, entry],
                "round": {"code": str(course.code), "variant": course.variant, "holes": HOLES,
                          "par": PAR, "strokes": course.strokes(self.game),
                          "complete": complete}}

    def _tag(self, reply: dict[str, Any]) -> dict[str, Any]:
        out = {**reply, "table": self.id, "version": self.version}
        if self.course is not None:
            out["round"] = self.course.info(self.game)
        return out

    def view(self, held: Sequence[int]) -> dict[str, Any]:
        """What a connection at this table is shown: ``state`` (and ``round``)."""
        return self._tag({"state": self.state()})

    def on_error(self, held: Sequence[int]) -> dict[str, Any]:
        return self.view(held)

    def bot_turn(self) -> tuple[int, str] | None:
        return None

    def handle(self, cmd: str, request: dict[str, Any], held: Sequence[int]) -> Step:
        """One solitaire command: ``golf serve``'s, or ``next-hole``."""
        if cmd in SOLITAIRE_ACTIONS:
            check_version(request, self.version)
        if cmd == "next-hole":
            return self._next_hole()
        if cmd == "state":                             # golf serve's replies, made once
            return Step(self._tag({"state": self.state()}))
        if cmd == "legal":
            return Step(self._tag({"legal": list(self.state()["legal"]),
                                   "state": self.state()}))
        request = _strip(request, "version")
        if cmd == "hint":
            request = bounded_hint(request)
        game = copy.copy(self.game) if cmd in SOLITAIRE_ACTIONS else self.game
        reply = SolitaireTable(game).handle(cmd, request)
        if cmd not in SOLITAIRE_ACTIONS or not reply.get("ok", True):
            return Step(self._tag(reply))
        after = replace(self, game=game, version=self.version + 1)
        after._memo["state"] = reply["state"]          # state_of the new game
        last = {"seat": 0, "action": reply["action"], "card": reply["card"], "by": "human"}
        return Step(after._tag(reply), after, last)

    def _next_hole(self) -> Step:
        course, game = self.course, self.game
        reason = ("not-a-round" if course is None else "round-complete"
                  if course.complete(game) else None if game.is_over else "hole-not-over")
        if reason is not None or course is None:
            return Step(self._tag({"ok": False, "action": "next-hole", "reason": reason,
                                   "messages": _NEXT_HOLE_REFUSALS[str(reason)],
                                   "state": state_of(game)}))
        hole = course.hole + 1
        after = replace(self, version=self.version + 1,
                        game=Game(course.variant, deal=course.code.deal(hole)),
                        course=replace(course, hole=hole,
                                       finished=course.finished + (game_entry(game),)))
        reply = {"action": "next-hole", "card": None, "state": state_of(after.game)}
        last = {"seat": 0, "action": "next-hole", "card": None, "by": "human"}
        return Step(after._tag(reply), after, last)

    def started(self, held: Sequence[int]) -> dict[str, Any]:
        """The reply to the ``new`` or ``open`` that seated a connection here."""
        return self.view(held)


def is_search(cmd: str, request: dict[str, Any]) -> bool:
    """Whether a request runs a search (a thread, one at a time per connection): a hint whose
    strategy searches (the solver's or the fair hint's)."""
    if cmd == "hint":
        return hints.is_search(request.get("strategy"))
    return cmd == "new" and request.get("game", SOLITAIRE) == SOLITAIRE \
        and request.get("winnable") is True


# -- the card game -----------------------------------------------------------------------------


def check_seat_kinds(value: Any) -> list[str]:
    """``seat_kinds`` of a card-game ``new``: 2-6 of ``human`` / ``bot:NAME[:KEY=VALUE,...]``,
    one human, as ``golf serve`` takes them (:func:`golfcore.protocol.computers.check_seat_kinds`:
    a bot's options only within its client limits)."""
    return list(computers.check_seat_kinds(value))


def _check_here(value: Any, kinds: Sequence[str]) -> tuple[int, ...]:
    humans = [i for i, kind in enumerate(kinds) if kind == HUMAN]
    if value is None:
        return tuple(humans)
    if not isinstance(value, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                          for s in value):
        raise GolfError(f"'here' must be a list of the human seats this connection plays "
                        f"({', '.join(map(str, humans))}), got {value!r}")
    for seat in value:
        if seat not in humans:
            raise GolfError(f"'here': seat {seat} is not a human seat of this table: the "
                            f"human seats are {', '.join(map(str, humans))}")
    if len(set(value)) != len(value):
        raise GolfError(f"'here' names a seat twice: {value!r}")
    return tuple(sorted(value))


def start_card_game(request: dict[str, Any]) -> tuple[Match, list[str], tuple[int, ...]]:
    """The match, the seat kinds and the seats of the connection (``here``) that a card-game
    ``new`` asks for. A chosen deal (``seed``, ``code``, ``round``: its chooser knows every
    card) is refused with ``chosen-deal-shared`` unless this connection holds every human
    seat; without them the match is dealt from a fresh secret."""
    base = _strip(request, "seat_kinds", "here", "game", "cmd", "id")
    kinds = None
    if "seat_kinds" in request:
        kinds = check_seat_kinds(request["seat_kinds"])
        if "players" in request:
            raise GolfError("'seat_kinds' gives the number of players: 'new' with "
                            "'seat_kinds' takes no 'players'")
        if "code" not in request and "round" not in request:
            base["players"] = len(kinds)
    match = cg_protocol.start(base).match
    if kinds is None:
        kinds = [HUMAN] * match.players
    elif len(kinds) != match.players:
        raise GolfError(f"'seat_kinds' has {len(kinds)} seats but the match has "
                        f"{match.players} players")
    here = _check_here(request.get("here"), kinds)
    humans = tuple(i for i, kind in enumerate(kinds) if kind == HUMAN)
    if match.chosen_deal and here != humans:
        others = ", ".join(str(seat) for seat in humans if seat not in here)
        raise RequestError(CHOSEN_DEAL_SHARED, f"{_CHOSEN_DEAL_SHARED['en']}: this table "
                           f"leaves human seat(s) {others} to others; leave out 'seed', "
                           f"'code' and 'round' for a secret deal", dict(_CHOSEN_DEAL_SHARED))
    return match, kinds, here


@dataclass(frozen=True)
class LiveCardGame:
    """A card-game table: one match, seats of people and computers."""

    id: str
    version: int
    seats: tuple[SeatRecord, ...]
    match: Match
    game_name: str = field(default=CARD_GAME, init=False)
    #: The commands saved as actions (and replayed when the table is resumed).
    actions: ClassVar[tuple[str, ...]] = CARD_GAME_ACTIONS

    @property
    def variant(self) -> str:
        return self.match.variant.name

    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    def snapshot(self) -> dict[str, Any]:
        return self.match.to_json()

    def summary(self) -> dict[str, Any]:
        match = self.match
        return {"status": "over" if match.is_over else "playing", "players": match.players,
                "seat_kinds": self.kinds, "totals": list(match.totals),
                "winners": list(match.winners), "rounds": len(match.state.results),
                "code": match.code if match.is_over else None}

    def observations(self, held: Sequence[int]) -> dict[str, Any]:
        """``{seat: observation}`` for each seat in ``held``, never another."""
        return {str(seat): self.match.observation(seat).to_json() for seat in held}

    def view(self, held: Sequence[int]) -> dict[str, Any]:
        return {"table": self.id, "version": self.version,
                "observations": self.observations(held)}

    def on_error(self, held: Sequence[int]) -> dict[str, Any]:
        return {"table": self.id, "version": self.version}

    def bot_turn(self) -> tuple[int, str] | None:
        """The computer seat to act now and its bot (its seat kind without ``bot:``), or
        ``None`` (a person's turn, between rounds, after the match)."""
        seat = self.match.turn
        if seat is None or not self.kinds[seat].startswith(BOT):
            return None
        if not self.match.legal(seat):
            return None
        return seat, self.kinds[seat][len(BOT):]

    def bot_action(self, seat: int, name: str) -> str:
        """The action the computer at ``seat`` chooses, from its observation only. Slow for
        some bots: run it in a thread."""
        bot = bot_spec(BOT + name).make(self.variant, seat=seat, seed=bot_seed(self.id, seat))
        return bot.act(self.match.observation(seat).to_json())

    def handle(self, cmd: str, request: dict[str, Any], held: Sequence[int],
               by: str = "human") -> Step:
        """One card-game command for the seats ``held``: ``golf serve``'s, as a player's
        session (never the referee)."""
        if cmd == "referee":
            raise RequestError(cg_protocol.NOT_REFEREE, "the referee's view (every hidden "
                                                        "card) is never sent to a browser")
        if cmd == "act":
            check_version(request, self.version)
        request = _strip(request, "version")
        match = copy.copy(self.match) if cmd == "act" else self.match
        reply = CardGameTable(match, tuple(held)).handle(cmd, request)
        tagged = {**reply, "table": self.id, "version": self.version}
        if cmd != "act" or not reply.get("ok", True):
            return Step(tagged)
        after = replace(self, match=match, version=self.version + 1)
        last = {"seat": request.get("seat"), "action": reply["action"], "by": by}
        return Step({**reply, "table": self.id, "version": after.version}, after, last)

    def started(self, held: Sequence[int]) -> dict[str, Any]:
        match = self.match
        return {"game": CARD_GAME, "variant": self.variant,
                "code": match.code if match.is_over else None, "players": match.players,
                **self.view(held)}


LiveTable = LiveSolitaire | LiveCardGame


# -- from and to the store ---------------------------------------------------------------------


def draft_seats(kinds: Sequence[str]) -> tuple[SeatRecord, ...]:
    """Seats of a table not saved yet (no id, no tokens)."""
    return tuple(SeatRecord(i, kind, None) for i, kind in enumerate(kinds))


def placed(table: LiveTable, record: TableRecord) -> LiveTable:
    """``table`` as saved: the id, version and seats (with their tokens) of ``record``."""
    return replace(table, id=record.id, version=record.version, seats=record.seats)


def seat_list(table: LiveTable) -> list[dict[str, Any]]:
    """``seats`` of a reply: ``[{seat, kind}]``."""
    return [{"seat": s.seat, "kind": s.kind} for s in table.seats]


def tokens(table: LiveTable) -> dict[str, str]:
    """``{seat: token}`` of every person's seat (for the creator to hand out)."""
    return {str(s.seat): s.token for s in table.seats if s.token is not None}


__all__ = ["CARD_GAME", "HUMAN", "LiveCardGame", "LiveSolitaire", "LiveTable", "NOT_FOUND",
           "SEARCH_LIMIT", "SOLITAIRE", "STALE", "StaleError", "Step", "WINNABLE_TRIES",
           "check_draft", "check_seat_kinds", "check_version", "check_winnable", "draft_seats",
           "find_winnable", "is_search", "placed", "seat_list",
           "start_card_game", "start_solitaire", "tokens"]

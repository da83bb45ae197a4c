"""A saved table brought back, and the checks of a table brought in from an export.

The database keeps each table as an event log (:mod:`golfcore.web.store`): snapshots taken
every so often, and every accepted action as its request. :func:`resume` loads the latest
snapshot and replays the actions after it, by answering each logged request again
(:meth:`LiveSolitaire.handle` / :meth:`LiveCardGame.handle`) for the seat that made it: the
engine is deterministic, so the table comes back exactly (position, undo history, move counter,
score, round and hole; match, rounds and the shuffle's state), and an action the replay refuses
is an error, never skipped.

:func:`snapshot_due` says when the server writes a snapshot with an action: every
:data:`SNAPSHOT_EVERY` actions, when a 9-hole round moves to its next hole, when a card-game
round or match ends or the next round is dealt, and when the card game reshuffles its discard
into the stock (so that no replay ever depends on a shuffle).

:func:`import_problems` checks the contents of an exported table before anything is written:
every snapshot must load and be exactly what the table loaded from it saves (nothing dropped or
changed by loading), the table re-dealt from what deals it (the card game's seed or secret, the
solitaire's deal or course code; not a game set up by hand) and replayed through the logged
actions must lead exactly to each snapshot (the first difference is named), and the table's
summary, variant and seats must be those of the table replayed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from golfcore.cardgame.match import Match
from golfcore.errors import GolfError
from golfcore.solitaire.game import Game
from golfcore.web.tables import CARD_GAME, LiveCardGame, LiveSolitaire, LiveTable, SOLITAIRE
from golfcore.web.courses import Course, course_from_json
from golfcore.web.stats import is_date
from golfcore.web.exports import snapshots_of
from golfcore.web.messages import GAME_COMMANDS
from golfcore.web.records import LoggedAction, SeatRecord, TableRecord
from golfcore.web.stats import Problem

#: The most actions between two snapshots of a table (so a resume replays at most that many).
SNAPSHOT_EVERY = 32


def from_snapshot(game: str, table_id: str, version: int, seats: tuple[SeatRecord, ...],
                  snapshot: dict[str, Any]) -> LiveTable:
    """The table a snapshot holds, at ``version``; :class:`GolfError` for a snapshot that
    cannot be a table of that game with those seats."""
    if not isinstance(snapshot, dict):
        raise GolfError("a snapshot must be a JSON object")
    data = dict(snapshot)
    try:
        if game == CARD_GAME:
            match = Match.from_json(data)
            if match.players != len(seats):
                raise GolfError(f"the match has {match.players} players but the table has "
                                f"{len(seats)} seats")
            return LiveCardGame(table_id, version, seats, match)
        if game != SOLITAIRE:
            raise GolfError(f"unknown game {game!r}")
        if len(seats) != 1:
            raise GolfError(f"a solitaire table has one seat, not {len(seats)}")
        saved_round = data.pop("round", None)
        daily = data.pop("daily", None)
        if daily is not None and not is_date(daily):
            raise GolfError("a snapshot's 'daily' must be a date YYYY-MM-DD")
        played = Game.from_json(data)
        course = None if saved_round is None else course_from_json(saved_round,
                                                                    f"table {table_id}")
    except GolfError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise GolfError(f"the snapshot cannot be read: {type(exc).__name__}") from None
    return LiveSolitaire(table_id, version, seats, played, course, daily)


def replay(table: LiveTable, action: LoggedAction) -> LiveTable:
    """``table`` after one logged action; :class:`GolfError` when it is not the table's next
    action or is refused."""
    request = action.request
    cmd = request.get("cmd") if isinstance(request, dict) else None
    if action.version != table.version + 1:
        raise GolfError(f"action {action.version} does not follow version {table.version}")
    if not isinstance(cmd, str) or cmd not in table.actions:
        raise GolfError(f"action {action.version}: {str(cmd)[:40]!r} is not an action of a "
                        f"{table.game_name} table")
    unknown = sorted(set(request) - GAME_COMMANDS[table.game_name][cmd] - {"cmd"})
    if unknown:
        raise GolfError(f"action {action.version}: unknown field(s) "
                        f"{', '.join(repr(str(f)[:40]) for f in unknown[:5])}")
    seat = 0 if table.game_name == SOLITAIRE else action.seat
    if seat is None or table.game_name == CARD_GAME and request.get("seat") != seat:
        raise GolfError(f"action {action.version}: the request's seat is not the seat logged")
    held = (seat,)
    try:
        step = table.handle(cmd, request, held)
    except GolfError as exc:
        raise GolfError(f"action {action.version} is refused when replayed: {exc}") from None
    if step.table is None:
        reason = step.reply.get("reason") or step.reply.get("error") or "refused"
        raise GolfError(f"action {action.version} is refused when replayed: {reason}")
    return step.table


def resume(record: TableRecord) -> LiveTable:
    """The table a saved record resumes: its latest snapshot, then the actions after it."""
    try:
        table = from_snapshot(record.game, record.id, record.snapshot_version, record.seats,
                              record.snapshot)
        for action in record.tail:
            table = replay(table, action)
    except GolfError as exc:
        raise GolfError(f"table {record.id} cannot be resumed: {exc}") from None
    if table.version != record.version:
        raise GolfError(f"table {record.id} cannot be resumed: its log ends at version "
                        f"{table.version}, not at its version {record.version}")
    return table


def snapshot_due(before: LiveTable, after: LiveTable, last: int) -> bool:
    """Whether the server saves a snapshot of ``after`` with the action that made it from
    ``before`` (``last``: the version of the table's latest snapshot)."""
    if after.version - last >= SNAPSHOT_EVERY:
        return True
    if isinstance(before, LiveSolitaire) and isinstance(after, LiveSolitaire):
        return after.course is not before.course          # a new hole
    if isinstance(before, LiveCardGame) and isinstance(after, LiveCardGame):
        old, new = before.match, after.match
        return (new.round_over != old.round_over or new.is_over != old.is_over
                or new.state.round_number != old.state.round_number
                or len(new.state.current.stock) > len(old.state.current.stock))
    return True


# -- imports --------------------------------------------------------------------------------------


def import_problems(table: dict[str, Any], path: str) -> Iterator[Problem]:
    """What is wrong with the contents of an exported table whose form is checked
    (:func:`golfcore.web.exports.export_problems`): the first problem, as
    ``(JSON path, problem)``."""
    try:
        yield from _contents(table, path)
    except (ValueError, OverflowError, RecursionError) as exc:
        yield path, f"cannot be read: {type(exc).__name__}"


def _contents(table: dict[str, Any], path: str) -> Iterator[Problem]:
    seats = tuple(SeatRecord(s["seat"], s["kind"], s["token"]) for s in table["seats"])
    actions = [LoggedAction(a["version"], a["seat"], a["request"], a["at"])
               for a in table["actions"]]
    snapshots = snapshots_of(table)
    where = [f"{path}.snapshots[{i}].snapshot" for i in range(len(snapshots))] \
        if "snapshots" in table else [f"{path}.snapshot"]
    current: LiveTable | None = None
    for index, (version, snapshot) in enumerate(snapshots):
        try:
            loaded = from_snapshot(table["game"], table["id"], version, seats, snapshot)
        except GolfError as exc:
            yield where[index], f"cannot be loaded: {exc}"
            return
        saved = loaded.snapshot()
        if saved != snapshot:           # something the loading dropped or changed
            yield where[index], (f"not a table play reaches: "
                                 f"{_first_difference(snapshot, saved, 'snapshot')}")
            return
        if current is None:
            current = _dealt(loaded)
            since = "the deal"
        else:
            since = f"snapshot {index - 1}"
        if current is not None:
            current, problem = _replayed(current, actions, version, path)
            if problem is not None:
                yield problem
                return
            expected = current.snapshot()
            if expected != saved:
                how = ("not the table as dealt" if version == 0 else
                       f"not the table that {since} and the actions after it give")
                yield where[index], (f"{how}: {_first_difference(saved, expected, 'snapshot')}")
                return
        if loaded.variant != table["variant"]:
            yield f"{path}.variant", (f"the snapshot is a game of {loaded.variant!r}, not "
                                      f"{table['variant']!r}")
            return
        current = loaded
    assert current is not None
    current, problem = _replayed(current, actions, table["version"], path)
    if problem is not None:
        yield problem
        return
    expected = current.summary()
    if table["summary"] != expected:
        yield f"{path}.summary", (f"not the summary of the table its snapshots and actions "
                                  f"give: {_first_difference(table['summary'], expected)}")


def _dealt(table: LiveTable) -> LiveTable | None:
    """The table at version 0 that ``table`` was dealt as, from what deals it (the card
    game's seed or secret, the solitaire's deal number or course code); ``None`` for a game
    whose first position or round was set up by hand (nothing deals it again)."""
    if isinstance(table, LiveCardGame):
        state = table.match.state
        if state.set_by_hand:
            return None
        match = Match(table.match.rules, players=state.players, deal=state.deal)
        return LiveCardGame(table.id, 0, table.seats, match)
    if isinstance(table, LiveSolitaire):
        course = table.course
        if course is not None:
            first = Course(course.code, course.variant)
            return LiveSolitaire(table.id, 0, table.seats,
                                 Game(course.variant, deal=course.code.deal(1)), first,
                                 table.daily)
        if table.game.deal is None:
            return None
        return LiveSolitaire(table.id, 0, table.seats,
                             Game(table.game.rules, deal=table.game.deal), daily=table.daily)
    return None


def _replayed(table: LiveTable, actions: Sequence[LoggedAction], until: int,
              path: str) -> tuple[LiveTable, Problem | None]:
    """``table`` after the actions up to version ``until``, or the first problem."""
    while table.version < until:
        index = table.version
        try:
            table = replay(table, actions[index])
        except GolfError as exc:
            return table, (f"{path}.actions[{index}]", str(exc))
    return table, None


def _first_difference(given: Any, expected: Any, where: str = "summary") -> str:
    """Where two JSON values first differ, and how."""
    if isinstance(given, dict) and isinstance(expected, dict):
        for key in sorted(set(given) | set(expected), key=str):
            if key not in given or key not in expected:
                return f"{where}.{key} is {'missing' if key not in given else 'extra'}"
            if given[key] != expected[key]:
                return _first_difference(given[key], expected[key], f"{where}.{key}")
    if isinstance(given, list) and isinstance(expected, list) and len(given) == len(expected):
        for index, (one, other) in enumerate(zip(given, expected)):
            if one != other:
                return _first_difference(one, other, f"{where}[{index}]")
    return f"{where} is {str(given)[:80]}, the table says {str(expected)[:80]}"

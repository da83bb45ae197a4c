"""Spec files, cases and steps as values, and :class:`SpecError`, a problem with its place.

What :func:`golfcore.conformance.specfile.load` returns: a :class:`SpecFile` of :class:`Case`
values (a game, a start, :class:`Step` values with their expectations) and the
:class:`SpecError` values of what could not be read. The games a case may be of:
:data:`SOLITAIRE` and :data:`CARD_GAME`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from golfcore.errors import GolfError

#: The games a case may be of (its ``game:``; the solitaire when it says none).
SOLITAIRE, CARD_GAME = "solitaire", "card-game"
GAMES = (SOLITAIRE, CARD_GAME)


class SpecError(GolfError):
    """A problem in a spec file, with its place."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Step:
    """One step: an action (or none, for a pure check) and what to expect after it."""

    index: int
    line: int
    #: solitaire: "play", "draw", "redeal", "undo", "hint", "solve" or None (a check);
    #: card game: "act" or "observe"
    action: str | None
    #: play: column, "column.row" or a card text; act: the canonical action text
    target: Any = None
    repeat: int = 1
    expect: dict[str, Any] = field(default_factory=dict)
    expect_by_variant: dict[str, dict[str, Any]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)   # expectation key -> line
    seat: int | None = None                  # card game: who acts or observes (None: spectator)

    def expectations(self, variant: str) -> dict[str, Any]:
        merged = dict(self.expect)
        merged.update(self.expect_by_variant.get(variant, {}))
        return merged

    def describe(self) -> str:
        if self.action is None:
            return "check"
        if self.action == "act":
            return f"seat {self.seat}: {self.target}"
        if self.action == "observe":
            return "observe as " + ("a spectator" if self.seat is None else f"seat {self.seat}")
        if self.action == "play":
            text = f"play {self.target}"
        else:
            text = self.action
        return f"{text} x{self.repeat}" if self.repeat > 1 else text


@dataclass(frozen=True)
class Case:
    """One case of a spec file: where it is, the rules it checks and quotes, the variants and
    engine features it needs, its start, and its steps with what each expects."""

    path: str
    line: int
    id: str
    rules: tuple[str, ...]
    document: str
    quote: str
    variants: tuple[str, ...]
    features: tuple[str, ...]
    start: dict[str, Any]
    steps: tuple[Step, ...]
    description: str = ""
    decision: str = ""
    #: "solitaire" or "card-game"; a card-game case's ``start`` holds the protocol's fields
    #: of ``new`` (``round`` in canonical JSON, ``players``, ``seed`` or ``code``)
    game: str = SOLITAIRE
    #: format 3: the start must be refused: ``{"error": kind, "message": pattern or None}``;
    #: such a case has no steps, and its ``start`` holds the protocol's fields of ``new`` as
    #: written (cards canonical where they parse), unchecked
    start_error: dict[str, Any] | None = None
    #: what the case assumes of the rules in play
    #: (:class:`golfcore.conformance.assumptions.Assumes`): its own ``assumes`` and ``checks``
    #: (format 6), else derived from the variants it names; ``None`` for a case made by hand
    assumes: Any = None


@dataclass
class SpecFile:
    """One spec file as read: its cases, and the errors that kept any out."""

    path: str
    cases: list[Case]
    errors: list[SpecError]
    #: format 4: the file's own catalogue (a :class:`golfcore.conformance.catalogue.Catalogue`)
    catalogue: Any = None

"""The progress bar of ``golf survey``: :class:`golfcore.runs.progress.Progress` counting solves
(one
deal under one variant)."""

from __future__ import annotations

from golfcore.runs import progress
from golfcore.runs.progress import format_duration

__all__ = ["Progress", "format_duration"]


class Progress(progress.Progress):
    """The survey's progress bar: ``survey [####....] 12/40  30.0%  2.5 solves/s  ETA 11s``."""

    LABEL = "survey"
    UNIT = "solves"

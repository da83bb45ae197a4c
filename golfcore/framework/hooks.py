"""The markers every game's hook specifications and every rule plugin use.

``@hookspec`` marks a function of a game's hookspecs module (its documentation is the contract:
what it decides and how answers combine); ``@hookimpl`` marks a rule's method implementing one.
Both games share the pluggy project name ``golfcore``: a rule set's plugin manager holds one
game's specs only, so a rule of the other game fails its ``check_pending()``.
"""

from __future__ import annotations

import pluggy

PROJECT = "golfcore"

#: The markers of golfcore's hooks: ``@hookspec`` declares one (the hook specifications of
#: each game), ``@hookimpl`` marks a rule plugin's method that implements one.
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

"""Deprecations: how a public name, signature or meaning of golfcore changes (``docs/api.md``).

Something public that changes keeps working for at least one minor version, and each use of the
old form warns with a :class:`GolfDeprecationWarning` that says what to write instead, when it
was deprecated and the first version that may remove it. The CHANGELOG lists it under
**Deprecated**.

* :func:`warn_deprecated` warns about one use;
* :func:`deprecated_names` gives a module the ``__getattr__`` that keeps an old module-level name
  working (PEP 562), warning on each access;
* :func:`renamed_method` makes a class's old method name call the new one, warning.

``golf`` shows these warnings once each on standard error (Python hides a
:class:`DeprecationWarning` outside ``__main__``), so that a plugin's user learns what its author
must change.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

#: The minor version that deprecated the names of this release, and the first that may remove
#: them: one minor version at least in between (``docs/api.md``).
SINCE = "0.2"
REMOVED_IN = "0.3"


class GolfDeprecationWarning(DeprecationWarning):
    """A use of golfcore's public API that is deprecated: the message says what to write
    instead, since when, and from which version it may stop working."""


def message(what: str, instead: str, since: str = SINCE, removed_in: str = REMOVED_IN) -> str:
    """The text of a deprecation: ``what`` is deprecated since ``since``; write ``instead``."""
    return (f"{what} is deprecated since golfcore {since} and may stop working in "
            f"{removed_in}: {instead}")


def warn_deprecated(what: str, instead: str, *, since: str = SINCE,
                    removed_in: str = REMOVED_IN, stacklevel: int = 2) -> None:
    """Warn that ``what`` is deprecated, saying ``instead`` (what to write), ``since`` and
    ``removed_in``; ``stacklevel`` as :func:`warnings.warn` (2: the caller's caller)."""
    warnings.warn(message(what, instead, since, removed_in), GolfDeprecationWarning,
                  stacklevel=stacklevel + 1)


def deprecated_names(module: str, names: dict[str, tuple[Callable[[], Any], str]]
                     ) -> Callable[[str], Any]:
    """A module ``__getattr__`` for old names: ``names`` maps an old name to a function giving
    its value and the text saying what to write instead. Each access warns."""

    def __getattr__(name: str) -> Any:
        found = names.get(name)
        if found is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value, instead = found
        warn_deprecated(f"{module}.{name}", instead)
        return value()

    return __getattr__


F = TypeVar("F", bound=Callable[..., Any])


def renamed_method(new: F, old_name: str, owner: str) -> F:
    """The method ``old_name`` of class ``owner``, now called ``new.__name__``: it warns, then
    calls ``new`` with the same arguments."""

    @functools.wraps(new)
    def old(*args: Any, **kwargs: Any) -> Any:
        warn_deprecated(f"{owner}.{old_name}()", f"call {owner}.{new.__name__}() instead")
        return new(*args, **kwargs)

    old.__name__ = old_name
    old.__qualname__ = f"{owner}.{old_name}"
    old.__doc__ = f"Deprecated: use :meth:`{new.__name__}`."
    return old  # type: ignore[return-value]


def show_in_command_line() -> None:
    """Let the ``golf`` command print each golfcore deprecation once (they are hidden by default
    outside ``__main__``); an explicit ``-W`` or ``PYTHONWARNINGS`` still decides."""
    import sys

    if not sys.warnoptions:
        warnings.filterwarnings("default", category=GolfDeprecationWarning)


__all__ = ["GolfDeprecationWarning"]

"""What the adapter tests share: importing an optional library, skipped where it is absent.

CI installs the extras (``.ci/run`` installs ``.[test]``, which brings them), so there the
tests are required: under ``CI`` a missing library fails the test instead of skipping it.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str, extra: str) -> ModuleType:
    """``module``, or a skip naming the extra to install (a failure in CI)."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"the {extra!r} extra is not installed "
                                              f"(pip install -e '.[{extra}]')")

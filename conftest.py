"""Root conftest: the spec collector, and bytecode caches for the test run."""

import asyncio
import compileall
import os
import sys
from pathlib import Path

import pytest

# Load the spec collector even with PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 (it is also a pytest11
# entry point, registered under this same name, so it is never loaded twice).
pytest_plugins = ["golfcore.conformance.pytest_plugin"]

# Where PYTHONDONTWRITEBYTECODE is set (this project's machines set it), Python caches no
# bytecode: every `golf` or `python -m pytest` process a test starts compiles golfcore anew
# (about 0.25 s of CPU each), and every xdist worker rewrites and compiles every test module
# (about 6 s each). The test run writes those caches (``__pycache__/``, ignored by git): the
# first process compiles the packages, pytest keeps its rewritten test modules, and every later
# process only reads them. Nothing else changes: the processes still start from the sources,
# and a source that changed since is compiled again.
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    if "PYTEST_XDIST_WORKER" not in os.environ:
        _ROOT = Path(__file__).resolve().parent
        for _package in ("golfcore", "variants", "specs"):
            compileall.compile_dir(_ROOT / _package, quiet=1)


@pytest.fixture(autouse=True)
def _no_running_loop_left_by_the_browser_tests(request):
    """Playwright's sync API (the browser tests' session-wide fixture) leaves its event loop
    set as the running loop of the worker's main thread between its calls, so a later test in
    the same worker that calls ``asyncio.run`` would be refused ("cannot be called from a
    running event loop"). Outside the browser tests, that loop is hidden while the test runs."""
    loop = asyncio._get_running_loop()
    if loop is None or request.node.nodeid.startswith("tests/browser/"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)

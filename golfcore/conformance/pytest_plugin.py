"""pytest plugin: collect conformance spec files as test items.

Registered through the ``pytest11`` entry point, so ``pytest specs/`` works wherever golfcore is
installed; the repository's ``conftest.py`` also names it in ``pytest_plugins`` so that it works
with plugin autoloading off (``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1``). One item per case and
variant; a failure reads in the spec's own terms (file, line, step, expected, actual), with no
traceback. ``--golf-program CMD`` runs the cases against another engine through the protocol.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golfcore.conformance.runner import (FAIL, SKIP, CaseResult, Engine, InProcessEngine,
                                         ProgramEngine, Runner)
from golfcore.conformance.specfile import Case, SpecError, load

_SPEC_SNIFF = re.compile(r"^format:\s*\S", re.M)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("golfcore", "golfcore conformance specs")
    group.addoption("--golf-program", metavar="CMD", default=None,
                    help="run the YAML specs against an engine speaking the golfcore protocol")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix in (".yaml", ".yml"):
        try:
            head = file_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        if _SPEC_SNIFF.search(head) and re.search(r"^cases:", head, re.M):
            return SpecFileCollector.from_parent(parent, path=file_path)
    return None


class _Shared:
    runner: Runner | None = None
    engine: Engine | None = None


def _runner(config: pytest.Config) -> Runner:
    shared = config.stash.setdefault(_KEY, _Shared())
    if shared.runner is None:
        program = config.getoption("--golf-program", None)
        shared.engine = InProcessEngine() if program is None else ProgramEngine(program)
        shared.runner = Runner(shared.engine)
    return shared.runner


_KEY = pytest.StashKey[_Shared]()


def pytest_unconfigure(config: pytest.Config) -> None:
    shared = config.stash.get(_KEY, None)
    if shared is not None and shared.engine is not None:
        shared.engine.close()


class SpecFileCollector(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        spec = load(self.path)
        for error in spec.errors:
            yield SpecErrorItem.from_parent(self, name=f"line-{error.line or 0}", error=error)
        for case in spec.cases:
            for variant in case.variants:
                yield SpecItem.from_parent(self, name=f"{case.id}[{variant}]", case=case,
                                           variant=variant)


class SpecFailed(Exception):
    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.case.id)
        self.result = result


class SpecItem(pytest.Item):
    def __init__(self, *, case: Case, variant: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.variant = variant
        for rule in case.rules:
            self.add_marker(pytest.mark.golf_rule(rule))

    def runtest(self) -> None:
        result = _runner(self.config).run_case(self.case, self.variant)
        if result.status == SKIP:
            pytest.skip(result.reason)
        if result.status == FAIL:
            raise SpecFailed(result)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, SpecFailed):
            result = excinfo.value.result
            lines = [f"{self.case.id} [{self.variant}] ({', '.join(self.case.rules)})",
                     f"  quote: «{self.case.quote}»"]
            lines += [f"  {failure}" for failure in result.failures]
            return "\n".join(lines)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"{self.case.id} [{self.variant}]"


class SpecErrorItem(pytest.Item):
    """A broken spec is a failing item of its own; the file's other cases still run."""

    def __init__(self, *, error: SpecError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        return str(self.error)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, (self.error.line or 1) - 1, "spec error"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "golf_rule(id): the rule id a spec case checks")

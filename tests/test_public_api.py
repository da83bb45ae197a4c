"""The public API as docs/api.md defines it: every public module's ``__all__`` is importable,
documented and warning-free, and every module and name the documentation imports is public."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import types
import warnings
from collections.abc import Iterator
from dataclasses import is_dataclass
from pathlib import Path

import pytest

import golfcore
from golfcore.adapters import MissingExtra
from tests.markdown_examples import ROOT, Block, documents, parse

API = ROOT / "docs" / "api.md"


def public_modules() -> list[str]:
    """The modules of docs/api.md's table under *What is public*."""
    text = API.read_text(encoding="utf-8")
    section = text.split("## What is public", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(golfcore[\w.]*)` \|", section, re.M)


PUBLIC = public_modules()


def load(name: str) -> types.ModuleType:
    try:
        return importlib.import_module(name)
    except MissingExtra as error:       # an adapter whose optional library is not installed
        pytest.skip(str(error))


def python_code(block: Block) -> str:
    """A Python block's code (a doctest's ``>>>`` and ``...`` lines only)."""
    if block.kind != "doctest":
        return block.body
    return "".join(line[4:] + "\n" for line in block.body.splitlines()
                   if line.startswith((">>> ", "... ")))


def documented_imports() -> Iterator[tuple[str, str | None, str]]:
    """Each golfcore import of the documents' Python blocks: (module, name or None, where)."""
    for doc in documents():
        for block in parse(doc):
            if block.lang != "python":
                continue
            for node in ast.walk(ast.parse(python_code(block))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("golfcore"):
                    for alias in node.names:
                        yield node.module or "", alias.name, block.label
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.name.startswith("golfcore"):
                            yield alias.name, None, block.label


@functools.cache
def commented_constants() -> frozenset[str]:
    """The module-level names of golfcore's sources that a ``#:`` comment documents: the names
    assigned on the lines right after it, up to a blank line (``#: CG-01: 2 to 6 players.`` over
    ``MIN_PLAYERS, MAX_PLAYERS = 2, 6`` documents both)."""
    names: set[str] = set()
    target = re.compile(r"([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::[^=]+)?=(?!=)")
    for path in Path(golfcore.__file__).parent.rglob("*.py"):
        commented = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#:"):
                commented = True
            elif not line.strip():
                commented = False
            elif commented and (found := target.match(line)):
                names.update(n.strip() for n in found.group(1).split(","))
    return frozenset(names)


def has_docstring(module: types.ModuleType, name: str) -> bool:
    """Whether the public ``name`` of ``module`` is documented: a class, function or module by
    its own docstring (not one a dataclass makes up), any other value (a constant, a marker, a
    type alias) by a ``#:`` comment or by the module's docstring."""
    value = getattr(module, name)
    if isinstance(value, type) or inspect.isroutine(value) or inspect.ismodule(value) \
            or hasattr(value, "__wrapped__"):
        doc = getattr(value, "__doc__", None)
        if isinstance(value, type) and is_dataclass(value) and doc \
                and doc.startswith(f"{value.__name__}("):
            return False
        return bool(doc and doc.strip())
    return name in commented_constants() or re.search(
        rf"(``|:data:`){re.escape(name)}\b", module.__doc__ or "") is not None


def test_the_policy_lists_modules():
    assert "golfcore" in PUBLIC and len(PUBLIC) == len(set(PUBLIC)) >= 20
    assert "## Deprecated in 0.2" in API.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_exists_and_is_documented(name):
    module = load(name)
    public = getattr(module, "__all__", None)
    assert isinstance(public, list) and public, f"{name} has no __all__"
    assert len(public) == len(set(public)), f"{name}.__all__ names something twice"
    assert module.__doc__, f"{name} has no docstring"
    for entry in public:
        assert not entry.startswith("_") or entry == "__version__", f"{name}.{entry}"
        assert hasattr(module, entry), f"{name}.__all__ lists {entry!r}, which does not exist"
        assert has_docstring(module, entry), f"{name}.{entry} is not documented"


@pytest.mark.parametrize("name", PUBLIC)
def test_star_import_warns_nothing(name):
    load(name)
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec(f"from {name} import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(importlib.import_module(name).__all__)


def test_every_documented_import_is_public():
    """A module the documentation imports from is in docs/api.md, and so is each name it
    imports (a submodule imported by name is that module)."""
    missing: list[str] = []
    seen = 0
    for module_name, name, where in documented_imports():
        seen += 1
        if name is not None:
            module = importlib.import_module(module_name)
            if inspect.ismodule(getattr(module, name, None)):
                module_name, name = f"{module_name}.{name}", None
            elif name not in getattr(module, "__all__", ()):
                missing.append(f"{where}: {module_name}.{name} is not in its __all__")
        if module_name not in PUBLIC:
            missing.append(f"{where}: {module_name} is not listed in docs/api.md")
    assert seen > 30
    assert not missing, "\n".join(missing)


def test_a_dataclass_without_a_docstring_is_not_documented():
    """The check above can fail: a made-up docstring and an undocumented constant do."""
    fake = types.ModuleType("fake", "A module.")

    @dataclass_without_doc
    class Point:
        x: int

    fake.Point = Point
    fake.NEVER_COMMENTED_LIMIT = 7
    fake.KING = 13              # a #: comment documents golfcore.cards.KING
    assert not has_docstring(fake, "Point")
    assert not has_docstring(fake, "NEVER_COMMENTED_LIMIT")
    assert has_docstring(fake, "KING")


def dataclass_without_doc(cls: type) -> type:
    from dataclasses import dataclass

    return dataclass(cls)

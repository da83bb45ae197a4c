"""The tests import the working tree; this one checks what a user gets: a built wheel installed
in a fresh virtual environment, with its entry points."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

# Building a wheel and a virtual environment takes a while: CI runs it with the slow tests.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("installed")
    wheels = work / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(wheels), str(ROOT)], check=True, cwd=work)
    wheel = next(wheels.glob("golfcore-*.whl"))
    env_dir = work / "venv"
    # System site-packages provide pluggy and PyYAML; golfcore itself comes from the wheel.
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, cwd=work)
    return env_dir, work


def run(env_dir: Path, cwd: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run(args, check=True, capture_output=True, text=True, cwd=cwd,
                          env=env).stdout


def test_wheel_imports_from_site_packages(installed):
    env_dir, work = installed
    out = run(env_dir, work, str(env_dir / "bin" / "python"), "-c",
              "import golfcore, golfcore_variants; print(golfcore.__file__); "
              "print(golfcore_variants.__file__)")
    for line in out.splitlines():
        assert str(env_dir) in line and str(ROOT) not in line


def test_wheel_console_script_lists_the_variants(installed):
    env_dir, work = installed
    out = run(env_dir, work, str(env_dir / "bin" / "golf"), "variants")
    for name in ("app-facil", "app-clasico", "cards4", "traditional", "putt-putt", "relaxed",
                 "jokers", "empty-waste"):
        assert name in out


def test_wheel_deals_pysolfc_deal_one(installed):
    env_dir, work = installed
    out = run(env_dir, work, str(env_dir / "bin" / "golf"), "deal", "GO1-C-AAAAAAB")
    assert "8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H" in out


def test_every_package_of_the_tree_is_in_the_wheel():
    """pyproject.toml lists packages by hand (the variants and specs are renamed on install):
    every folder with an __init__.py under golfcore/ and variants/ must be listed."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = set()
    for top, name in (("golfcore", "golfcore"), ("variants", "golfcore_variants")):
        for init in (ROOT / top).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / top).parts
            found.add(".".join((name,) + parts))
    assert found - listed == set()

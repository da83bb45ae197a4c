"""pytest collects the YAML specs: with the pytest11 entry point, with plugin autoloading off
(through conftest.py), against another engine, and a failure reads in the spec's own terms."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from golfcore import cli

ROOT = Path(__file__).resolve().parent.parent
OPENING = ROOT / "specs" / "app" / "opening.yaml"

#: The shared small spec with a wrong expectation: the card played is 9C, not 9D.
WRONG = (ROOT / "tests" / "data" / "nine-on-eight.spec.tmpl").read_text(encoding="utf-8").replace(
    "{card}", "9D")


def pytest_run(*args: str, autoload: bool = True, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    if autoload:
        env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    else:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def test_collected_with_plugin_autoload_off():
    done = pytest_run(str(OPENING), autoload=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_a_failure_reads_in_the_specs_terms(tmp_path):
    spec = tmp_path / "wrong.yaml"
    spec.write_text(WRONG, encoding="utf-8")
    # outside the repository: the pytest11 entry point alone collects it
    done = pytest_run(str(spec), "--rootdir", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 1
    out = done.stdout
    assert "nine-on-eight [cards4] (APP-03)" in out
    assert f"{spec}:19: step 1 (play 1): card: expected \"9D\", got \"9C\"" in out
    assert "Traceback" not in out and "def runtest" not in out


def test_specs_are_collected_one_item_per_case_and_variant_and_run_through_the_protocol():
    """One item per case and variant, run against another engine (golf serve, through the
    protocol)."""
    done = pytest_run(str(OPENING), "-vv", f"--golf-program={sys.executable} -m golfcore.cli serve")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "app-05-opening[app-facil] PASSED" in done.stdout
    assert "app-05-opening[app-clasico] PASSED" in done.stdout
    assert "2 passed" in done.stdout


def test_golf_conform_reports_the_matrix_and_failures(tmp_path, capsys):
    spec = tmp_path / "wrong.yaml"
    spec.write_text(WRONG, encoding="utf-8")
    assert cli.main(["conform", str(OPENING)]) == 0
    out = capsys.readouterr().out
    assert "APP-05       2       0        0         2" in out and "2 passed, 0 failed" in out
    assert cli.main(["conform", str(OPENING), "--wide"]) == 0
    assert "APP-05  pass       pass" in capsys.readouterr().out
    assert cli.main(["conform", str(spec)]) == 1
    out = capsys.readouterr().out
    assert "APP-03       0       1        0         1" in out
    assert cli.main(["conform", str(spec), "--wide"]) == 1
    assert "APP-03  FAIL" in capsys.readouterr().out
    assert f"{spec}:19: step 1 (play 1): card: expected \"9D\", got \"9C\"" in out


def test_golf_conform_coverage_and_missing_paths(capsys):
    assert cli.main(["conform", str(OPENING), "--coverage"]) == 1   # one file covers few ids
    out = capsys.readouterr().out
    assert "rule ids with no case: APP-06" in out
    assert cli.main(["conform", "no/such/dir"]) == 1
    assert "no such spec file or folder" in capsys.readouterr().err


def _readme_command() -> list[str]:
    """The command specs/README.md gives to collect specs outside the repository with plugin
    autoloading off, as words (its path placeholder last)."""
    readme = (ROOT / "specs" / "README.md").read_text(encoding="utf-8")
    [line] = [ln for ln in readme.splitlines()
              if ln.startswith("PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 pytest ")]
    return line.split()


def test_the_readme_command_collects_specs_outside_the_repository_and_checks_quotes(tmp_path):
    """With autoloading off, outside the repository (no conftest.py), the command of
    specs/README.md collects spec files, and the loader checks their quotes there too."""
    env_word, pytest_word, *options, placeholder = _readme_command()
    assert (env_word, pytest_word, placeholder) == ("PYTEST_DISABLE_PLUGIN_AUTOLOAD=1", "pytest",
                                                    "path/to/my-specs/")
    assert options == ["-p", "golfcore.conformance.pytest_plugin"]
    specs = tmp_path / "my-specs"
    specs.mkdir()
    (specs / "good.yaml").write_text(WRONG.replace("9D", "9C"), encoding="utf-8")
    (specs / "misquoted.yaml").write_text(
        WRONG.replace("9D", "9C").replace("El palo no importa.", "El palo sí importa.")
        .replace("nine-on-eight", "misquoted"), encoding="utf-8")
    done = pytest_run(*options, str(specs), "--rootdir", str(tmp_path), autoload=False,
                      cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed, 1 passed" in done.stdout
    assert (f"{specs / 'misquoted.yaml'}:7: the quote is not verbatim in "
            f"000_1b3790e1f4f7ecc2.txt") in done.stdout

"""golf conform's summary: a line per rule id with its counts, within 100 columns; the whole
rule × variant grid only with --wide."""

from __future__ import annotations

import subprocess
import sys


def conform(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "golfcore.cli", "conform", "specs/app",
                           "specs/card-game", *args], capture_output=True, text=True,
                          timeout=300)


def test_the_summary_fits_100_columns_and_counts_each_rule():
    done = conform()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    head = lines.index("rule    passed  failed  skipped  variants")
    rows = {line.split()[0]: [int(n) for n in line.split()[1:]]
            for line in lines[head + 1:] if line.strip() and line[0].isupper()}
    assert {"APP-01", "CG-01"} <= set(rows)
    passed, failed, skipped, variants = rows["APP-01"]
    assert failed == 0 and skipped == 0 and passed >= variants >= 2
    total = lines[-1]
    assert total.endswith("0 failed, 0 skipped, 0 spec errors")


def test_wide_prints_the_whole_grid():
    done = conform("--wide")
    assert done.returncode == 0, done.stderr
    header = next(line for line in done.stdout.splitlines() if line.startswith("rule "))
    assert "app-facil" in header and "card-golf" in header and "passed" not in header
    assert max(len(line) for line in done.stdout.splitlines()) > 100

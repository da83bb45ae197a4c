"""The solver on the command line: golf solve, golf deal --winnable, golf analyse, and
golf play --hint-strategy; and golfcore.solitaire.search.analysis underneath.

Solver calls are kept few and on fast deals: deal 2 (easy under every variant), deal 1 (winnable
only with the king-ace wrap) and deal 12 under app-clasico, whose third move can throw the win
away.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore import Game  # noqa: E402
from golfcore.solitaire import engine  # noqa: E402
from golfcore.solitaire.search.analysis import (  # noqa: E402
    LOST_AFTER, NEVER_LOST, NEVER_WINNABLE, AnalysisError, analyse)
from golfcore.solitaire.search.boards import format_bhs  # noqa: E402
from golfcore.cli import main  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402
from golfcore.solitaire.search.solver import solver_for  # noqa: E402

ORACLE = ROOT / "tests" / "data" / "golf-pysolfc-1-200.jsonl"
#: The oracle's names for the rules of app-facil and app-clasico.
ORACLE_RULES = {"app-facil": "king-ace wrap, queen on a king",
                "app-clasico": "no-wrap, queen on a king"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def oracle(n: int) -> dict:
    return json.loads(ORACLE.read_text(encoding="utf-8").splitlines()[n - 1])


def expected(n: int, variant: str) -> bool:
    return oracle(n)["winnable"][ORACLE_RULES[variant]]


@pytest.fixture
def boards(tmp_path):
    """Deal 2 as a black-hole-solver board and as a position text file, and deal 1 as an
    oracle record."""
    position = Game("app-facil", deal=2).position
    bhs = tmp_path / "deal2.board"
    bhs.write_text(format_bhs(position), encoding="utf-8")
    text = tmp_path / "deal2.txt"
    text.write_text(position.to_text(), encoding="utf-8")
    record = tmp_path / "deal1.json"
    record.write_text(json.dumps(oracle(1)), encoding="utf-8")
    return bhs, text, record


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


# -- golf solve -----------------------------------------------------------------------------------


def test_solve_codes_and_files_in_one_call_match_the_oracle(capsys, boards):
    bhs, text, record = boards
    assert (expected(1, "app-facil"), expected(1, "app-clasico")) == (True, False)
    assert expected(2, "app-facil") and expected(2, "app-clasico")
    # the codes' letters pick the variant; files without one are solved under app-facil
    code, out, err = run(capsys, "solve", "GO1-E-AAAAAAB", "GO1-C-AAAAAAB", str(bhs), str(text),
                         "--json", "--best")
    assert code == 0 and err == ""
    lines = json_lines(out)
    assert [(d["input"], d["variant"], d["format"]) for d in lines] == [
        ("GO1-E-AAAAAAB", "app-facil", "code"), ("GO1-C-AAAAAAB", "app-clasico", "code"),
        (str(bhs), "app-facil", "bhs"), (str(text), "app-facil", "text")]
    assert [d["winnable"] for d in lines] == [
        expected(1, "app-facil"), expected(1, "app-clasico"), expected(2, "app-facil"),
        expected(2, "app-facil")]
    for data in lines:
        assert {"line", "best", "visited", "seconds", "complete"} <= set(data)
        assert data["complete"] is True
    assert lines[0]["deal"] == 1 and lines[2]["deal"] is None
    # a winning line wins when replayed
    game = Game("app-facil", deal=1)
    for move in lines[0]["line"]:
        assert game.act(0, move).accepted
    assert game.outcome.value == "won" and lines[0]["best"]["removed"] == 35
    # deal 1 is lost under app-clasico: the best result, and the line reaching it
    assert lines[1]["best"] == {"removed": 29, "outcome": "lost",
                                "score": {"kind": "points", "value": 230}}
    assert lines[1]["line"]

    # --variant overrides: the same files (and an oracle record) under app-clasico; without
    # --best (the default) only the verdict is searched
    code, out, err = run(capsys, "solve", str(bhs), str(text), str(record), "--json",
                         "--variant", "app-clasico")
    assert code == 0 and err == ""
    lines = json_lines(out)
    assert [d["variant"] for d in lines] == ["app-clasico"] * 3
    assert [d["winnable"] for d in lines] == [
        expected(2, "app-clasico"), expected(2, "app-clasico"), expected(1, "app-clasico")]
    assert lines[2]["deal"] == 1 and lines[2]["best"] is None     # not searched by default
    code, out, _ = run(capsys, "solve", str(record), "--json", "--variant", "app-clasico",
                       "--best", "--no-best")               # the last of the pair wins
    assert code == 0 and json.loads(out)["best"] is None


def test_solve_reports_unreadable_inputs_and_still_solves_the_others(capsys, boards, tmp_path):
    bhs, _, _ = boards
    bad = tmp_path / "bad.board"
    bad.write_text(bhs.read_text(encoding="utf-8").replace("QD 5C", "QD 5X"), encoding="utf-8")
    code, out, err = run(capsys, "solve", str(bad), "GO1-C-AAAAAAC", str(tmp_path / "missing"),
                         str(bhs), "--json")
    assert code == 1
    assert [(d["input"], d["winnable"]) for d in json_lines(out)] == [
        ("GO1-C-AAAAAAC", True), (str(bhs), True)]
    errors = err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"golf: error: {bad}, line 3: column 1, card 2: unknown card")
    assert errors[1].startswith(f"golf: error: {tmp_path / 'missing'}: no such file")


def test_solve_text_output_stdin_and_limit(capsys, monkeypatch, boards):
    bhs, _, _ = boards
    monkeypatch.setattr(sys, "stdin", io.StringIO(bhs.read_text(encoding="utf-8")))
    code, out, err = run(capsys, "solve", "-", "GO1-C-AAAAAAB")
    assert code == 0 and err == ""
    first, second = out.split("\n\n")
    assert first.startswith("-: app-facil (bhs)")
    fields = dict(line.strip().split(":", 1) for line in first.splitlines()[1:])
    assert fields["winnable"].strip() == "yes"
    line = fields["line"].split("(")[0].split()
    assert line[:3] == ["3", "draw", "2"]
    assert "positions in" in fields["searched"]
    assert second.startswith("GO1-C-AAAAAAB: app-clasico, deal 1 (code)")
    assert "winnable:  no" in second and "not searched (--best searches it)" in second
    # a node limit may leave the answer unknown; that is not an error
    code, out, _ = run(capsys, "solve", "GO1-C-AAAAAAB", "--limit", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["winnable"] is None and data["complete"] is False
    code, _, err = run(capsys, "solve", "GO1-C-AAAAAAB", "--variant", "app-facl")
    assert code == 1 and "did you mean 'app-facil'?" in err


# -- golf deal --winnable -------------------------------------------------------------------------


def test_deal_winnable_skips_deals_the_solver_proves_lost(capsys):
    code, out, err = run(capsys, "deal", "--winnable", "--variant", "app-clasico")
    assert code == 0 and err == ""
    assert "# code: GO1-C-AAAAAAC" in out and "# deal: 2" in out
    assert "(1 skipped)" in out
    winning = next(line for line in out.splitlines() if line.startswith("# winning line: "))
    game = Game.from_code("GO1-C-AAAAAAC")
    assert game.position == Game("app-clasico", position=_read(out)).position
    for move in winning.split(": ", 1)[1].split():
        assert game.act(0, move).accepted
    assert game.outcome.value == "won"
    code, out, _ = run(capsys, "deal", "--winnable", "--variant", "app-clasico", "--number", "2",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["deal"] == 2 and data["code"] == "GO1-C-AAAAAAC"
    assert data["winning_line"][:3] == ["3", "draw", "2"] and data["searched_from"] == 2


def _read(out: str):
    from golfcore import Position

    return Position.from_text(out)


# -- golf analyse ---------------------------------------------------------------------------------


def _losing_game() -> tuple[str, list[str]]:
    """Deal 12 under app-clasico: follow the solver's winning line for two moves, then the
    first legal move after which the solver says the deal is lost."""
    rules = rule_set("app-clasico")
    solver = solver_for(rules)
    state = engine.start_deal(rules, 12)
    result = solver.solve(state.position, best=False)
    assert result.winnable
    moves = [str(m) for m in result.line[:2]]
    for move in moves:
        state = engine.apply(rules, state, move).state
    for move in engine.legal_moves(rules, state):
        after = engine.apply(rules, state, move).state
        if solver.solve(after.position, best=False).winnable is False:
            return "GO1-C-AAAAAAM", moves + [str(move)]
    raise AssertionError("no losing move found")


def test_analyse_names_the_first_losing_move(capsys):
    code_, moves = _losing_game()
    code, out, err = run(capsys, "analyse", code_, *moves)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{code_}: app-clasico, deal 12"
    header = lines[1]
    assert header.split() == ["step", "move", "action", "winnable", "best", "result", "still",
                              "reachable"]
    winnable, best = header.index("winnable"), header.index("best")
    rows = lines[2:-1]
    assert [row.split()[0] for row in rows] == ["0", "1", "2", "3"]
    assert [row[winnable:best].strip() for row in rows] == ["yes", "yes", "yes", "no"]
    assert rows[0][best:] == "35 cards removed, 350 points (won)"
    assert rows[3][best:].endswith("(lost)") and moves[2] in rows[3].split()
    assert lines[-1] == f"the deal could no longer be won after move 3 ({moves[2]})"
    # the alias and JSON
    code, out, _ = run(capsys, "analyze", code_, *moves, "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == LOST_AFTER
    assert data["first_losing_move"] == {"index": 3, "move": moves[2]}
    assert [s["winnable"] for s in data["steps"]] == [True, True, True, False]
    assert data["steps"][1]["searched"] is False      # it followed the line of step 0


def test_analyse_verdicts_and_errors(capsys):
    code, out, _ = run(capsys, "analyse", "GO1-E-AAAAAAC", "3", "draw", "2")
    assert code == 0 and out.splitlines()[-1] == "the win was never lost"
    code, out, _ = run(capsys, "analyse", "GO1-C-AAAAAAB", "draw", "--json")
    data = json.loads(out)
    assert data["verdict"] == NEVER_WINNABLE and data["first_losing_move"] is None
    assert data["verdict_text"] == "the deal was never winnable"
    assert data["steps"][0]["best"]["removed"] == 29
    code, out, err = run(capsys, "analyse", "GO1-E-AAAAAAC", "3", "1")
    assert code == 1 and out == ""
    assert err.startswith("golf: error: move 2 '1' (6S) refused: not-adjacent")
    code, _, err = run(capsys, "analyse", "GO1-E-AAAAAAC", "3", "undo")
    assert code == 1 and "undo is not accepted" in err


def test_analysis_api():
    rules = rule_set("app-facil")
    start = engine.start_deal(rules, 2)
    report = analyse(rules, start, ["3", "draw", "4H"])      # a card works as a move
    assert report.verdict == NEVER_LOST and report.first_losing_move is None
    assert [s.index for s in report.steps] == [0, 1, 2, 3]
    assert report.steps[3].played == "2" and str(report.steps[3].card) == "4H"
    assert all(s.best_removed == 35 and s.winnable for s in report.steps)
    assert report.to_json()["verdict_text"] == "the win was never lost"
    with pytest.raises(AnalysisError) as info:
        analyse(rules, start, ["3", "draw", "xyz"])
    assert (info.value.index, info.value.move, info.value.reason) == (3, "xyz", "not-a-move")


# -- golf play --hint-strategy --------------------------------------------------------------------


def test_play_hint_strategy_solver(capsys):
    # Deal 5 under app-clasico, ten moves along a winning line: the legal hint (6) loses the
    # win, the solver's hint (7) keeps it.
    moves = "1 4 7 7 draw 6 2 4 3 draw".split()
    game = Game.from_code("GO1-C-AAAAAAF")
    for move in moves:
        game.act(0, move)
    solver = solver_for(game.rules)
    for hint, winnable in (("6", False), ("7", True)):
        after = engine.apply(game.rules, game.state, hint).state
        assert solver.solve(after.position, best=False).winnable is winnable

    def hint_of(out: str) -> str:
        return next(line for line in out.splitlines() if line.startswith("hint:")).split()[1]

    code, out, _ = run(capsys, "play", "GO1-C-AAAAAAF", *moves)
    assert code == 0 and hint_of(out) == "6"
    code, out, _ = run(capsys, "play", "GO1-C-AAAAAAF", *moves, "--hint-strategy", "legal")
    assert code == 0 and hint_of(out) == "6"
    code, out, _ = run(capsys, "play", "GO1-C-AAAAAAF", *moves, "--hint-strategy", "solver")
    assert code == 0 and hint_of(out) == "7"
    code, out, _ = run(capsys, "play", "GO1-C-AAAAAAF", *moves, "--hint-strategy", "solver",
                       "--json")
    data = json.loads(out)
    assert code == 0 and (data["hint"], data["hint_strategy"]) == ("7", "solver")
    code, _, err = run(capsys, "play", "GO1-C-AAAAAAF", "--hint-strategy", "best")
    assert code == 2 and "invalid choice" in err

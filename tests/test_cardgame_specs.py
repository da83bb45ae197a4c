"""The card game's conformance specs (specs/card-game/, format 2): they cover every CG rule and
every refusal, they pass on golfcore in process and through `golf serve`, a wrong expectation
fails in the spec's terms, broken card-game specs name file and line, and the coverage report
covers every rule id of RULES.md."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest

from golfcore.cardgame import actions
from golfcore.conformance.runner import (FAIL, PASS, InProcessEngine, ProgramEngine, coverage,
                                         format_report, run, uncovered)
from golfcore.conformance.specfile import (CARD_GAME, SPECS_DIR, discover, known_rule_ids, load,
                                           loads, plain, load_yaml, schema)

FOLDER = SPECS_DIR / "card-game"
FILES = discover([FOLDER])
CASES = [case for path in FILES for case in load(path).cases]
SERVE = [sys.executable, "-m", "golfcore.cli", "serve"]


# -- the corpus ----------------------------------------------------------------------------------


def test_the_card_game_files_load_and_are_card_game_cases():
    assert len(FILES) >= 6
    for path in FILES:
        spec = load(path)
        assert spec.errors == [], "\n".join(map(str, spec.errors))
        assert spec.cases and all(c.game == CARD_GAME for c in spec.cases), path


def test_every_cg_rule_is_named_by_a_card_game_case():
    wanted = {r for r in known_rule_ids() if r.startswith("CG-")}
    assert wanted == {f"CG-0{n}" for n in range(1, 10)}
    assert wanted <= {rule for case in CASES for rule in case.rules}


def _expected_reasons() -> set[str]:
    return {expect["reason"] for case in CASES for step in case.steps
            for expect in (step.expect, *step.expect_by_variant.values()) if "reason" in expect}


def test_every_refusal_reason_is_expected_somewhere():
    """Every reason code of golfcore/cardgame/actions.py is pinned by some case."""
    assert set(actions.REASONS) - _expected_reasons() == set()


def test_the_documents_worked_examples_are_there():
    by_id = {case.id: case for case in CASES}
    for case_id, scores in (("cg-07-alicia-11-against-9-and-17-scores-22", [22, 9, 17]),
                            ("cg-07-alicia-4-against-5-and-3-scores-14", [14, 5, 3])):
        case = by_id[case_id]
        assert case.rules[0] == "CG-07"
        assert case.start["round"]["turn"] == 0 and len(case.start["round"]["boards"]) == 3
        assert case.steps[-1].expect["result"]["scores"] == scores
        assert case.steps[-1].expect["result"]["penalised"] is True


def test_decision_cases_say_so():
    """The RULES.md decisions of CG-02, CG-05 and CG-07 each have a case that tests them."""
    decided = {rule for case in CASES if case.decision for rule in case.rules}
    assert {"CG-02", "CG-05", "CG-07"} <= decided


def test_the_files_validate_against_the_published_schema():
    """An external validator (the whole schema, if/then included) agrees with the loader."""
    validator = jsonschema.Draft202012Validator(schema())
    for path in discover([SPECS_DIR]):
        data = plain(load_yaml(path.read_text(encoding="utf-8"), str(path)))
        assert list(validator.iter_errors(data)) == [], path


# -- running -------------------------------------------------------------------------------------


def test_the_card_game_suite_passes_in_process():
    report = run([FOLDER], InProcessEngine())
    assert report.errors == [], format_report(report)
    assert report.results and all(r.status == PASS for r in report.results), \
        format_report(report)
    assert len(report.results) == sum(len(c.variants) for c in CASES)
    matrix = report.matrix()
    assert {f"CG-0{n}" for n in range(1, 10)} <= set(matrix)
    assert matrix["CG-07"]["card-golf"] == PASS


def test_the_card_game_suite_through_golf_serve_gives_the_same_results():
    engine = ProgramEngine(" ".join(SERVE))
    try:
        piped = run([FOLDER / "round-end.yaml", FOLDER / "refusals.yaml"], engine)
    finally:
        engine.close()
    inproc = run([FOLDER / "round-end.yaml", FOLDER / "refusals.yaml"], InProcessEngine())
    assert piped.results and [r.to_json() for r in piped.results] == \
        [r.to_json() for r in inproc.results]


#: A small valid card-game spec: seat 0 draws the Q♥ and discards it, turning up its last card.
GOOD = """\
format: 2
cases:
  - id: small-end
    game: card-game
    rules: [CG-06]
    source:
      document: 004_82719e71a93dbb06.txt
      quote: Para terminar la ronda, hay que descubrir todas las cartas de su tablero.
    variants: [card-golf]
    start:
      round:
        boards:
          - |
            AH 2C 3D
            KH KS 3C
            AD KC (AS)
          - (2H) 3S AC / KD 2D KH / AH KS KC
        stock: QH JD
        discard: 8D
    steps:
      - as: 0
        act: draw
      - as: 0
        act: discard 9
        expect:
          ender: 0
          last_turns: [1]
          discard: QH
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_small_spec_passes(tmp_path):
    report = run([_write(tmp_path / "good.yaml", GOOD)], InProcessEngine())
    assert [r.status for r in report.results] == [PASS], format_report(report)


def test_a_wrong_expectation_fails_with_file_line_step_expected_actual(tmp_path):
    spec = _write(tmp_path / "wrong.yaml", GOOD.replace("discard: QH", "discard: Q♠"))
    report = run([spec], InProcessEngine())
    [result] = report.results
    assert result.status == FAIL and not report.ok
    [failure] = result.failures
    assert (failure.path, failure.line, failure.step) == (str(spec), 28, 2)
    assert (failure.field, failure.expected, failure.actual) == ("discard", "QS", "QH")
    assert str(failure).startswith(f"{spec}:28: step 2 (seat 0: discard 9): discard: ")


def test_an_unexpected_refusal_fails_the_case(tmp_path):
    spec = _write(tmp_path / "refused.yaml", GOOD.replace("act: discard 9", "act: discard 1"))
    [result] = run([spec], InProcessEngine()).results
    assert result.status == FAIL
    assert result.failures[0].field == "accepted"
    assert result.failures[0].actual["reason"] == "already-face-up"


def test_a_partial_board_expectation_checks_only_the_seats_it_names(tmp_path):
    spec = _write(tmp_path / "boards.yaml", GOOD.replace(
        "          discard: QH\n",
        "          discard: QH\n          boards: {1: \"? 3S AC / KD 2D KH / AH KS KC\"}\n"))
    assert [r.status for r in run([spec], InProcessEngine()).results] == [PASS]
    spec = _write(tmp_path / "boards2.yaml", GOOD.replace(
        "          discard: QH\n",
        "          discard: QH\n          boards: {1: \"2H 3S AC / KD 2D KH / AH KS KC\"}\n"))
    [result] = run([spec], InProcessEngine()).results
    assert result.status == FAIL and result.failures[0].field == "boards"


# -- broken card-game specs name file and line ---------------------------------------------------


def _errors(text: str) -> list[str]:
    spec = loads(text, "bad.yaml")
    assert not spec.cases
    return [str(e) for e in spec.errors]


@pytest.mark.parametrize("what, old, new, line, words", [
    ("bad card in a block board", "KH KS 3C", "KH XS 3C", 15, "unknown card 'XS'"),
    ("bad card in a one-line board", "(2H) 3S AC", "(2H) 3Z AC", 17, "unknown card '3Z'"),
    ("a row too short", "KH KS 3C", "KH KS", 15,
     "the board of seat 0, row 2 has 2 cards: card-golf's boards are 3x3"),
    ("too few rows", " / AH KS KC", "", 17,
     "the board of seat 1 has 2 rows: card-golf's boards are 3x3"),
    ("a board for another shape", "[card-golf]", "[card-golf+shape=2x4]", 13,
     "the board of seat 0 has 3 rows: card-golf+shape=2x4's boards are 2x4"),
    ("too many copies", "stock: QH JD", "stock: QH AH", 18,
     "too many copies of AH: card-golf's 108-card shoe holds 2"),
    ("too many jokers", "stock: QH JD", "stock: JK JK JK JK JK", 18,
     "too many copies of JK: card-golf's 108-card shoe holds 4"),
    ("unknown seat acting", "- as: 0\n        act: draw", "- as: 2\n        act: draw", 21,
     "step 1: as: unknown seat 2: seats go from 0 to 1"),
    ("unknown seat observing", "- as: 0\n        act: draw",
     "- observe: 3\n        expect: {turn: 0}", 21, "step 1: observe: unknown seat 3"),
    ("unknown seat in a board expectation", "          discard: QH",
     "          boards: {4: \"? ? ? / ? ? ? / ? ? ?\"}", 28,
     "step 2: expect: boards: unknown seat 4"),
    ("unknown seat to play", "discard: 8D", "discard: 8D\n        turn: 2", 20,
     "round: turn: unknown seat 2"),
    ("face-down card in an expectation", "          discard: QH",
     "          boards: {0: \"AH 2C 3D / KH KS 3C / AD KC (AS)\"}", 28,
     "an observation never shows a face-down card: write '?'"),
    ("unknown action", "act: discard 9", "act: pass", 24, "unknown action 'pass'"),
    ("unknown reason", "          discard: QH", "          reason: not-now", 28,
     "step 2: unknown reason 'not-now'"),
    ("held without hold", "discard: 8D", "discard: 8D\n        held: 5S\n        held_from: stock",
     20, "a card is 'held' (with 'held_from': stock or discard) exactly when 'step' is 'hold'"),
    ("a solitaire variant", "[card-golf]", "[cards4]", 9,
     "variant 'cards4' is a solitaire variant, and this case is a card-game case"),
    ("a code of another variant", "      round:\n", "      code: GC1-S223-AAAAAAB\n      round:\n",
     11, "start: a 'round' goes alone or with 'seed'"),
    ("unknown game", "game: card-game", "game: poker", 4, "unknown game 'poker'"),
    ("format 1 with a game", "format: 2", "format: 1", 4,
     "'game' needs 'format: 2': a format 1 file holds solitaire cases only"),
    ("format 7", "format: 2", "format: 7", 1,
     "format 7: this runner reads formats 1, 2, 3, 4, 5 and 6"),
    ("unknown field", "      round:\n", "      colour: red\n      round:\n", 11,
     "unknown field 'colour'"),
    ("a quote not in the document", "Para terminar la ronda", "Para empezar la ronda", 8,
     "the quote is not verbatim in 004_82719e71a93dbb06.txt"),
])
def test_bad_card_game_specs_name_file_and_line(what, old, new, line, words):
    assert old in GOOD, what
    errors = _errors(GOOD.replace(old, new, 1))
    assert len(errors) == 1, errors
    [error] = errors
    assert error.startswith(f"bad.yaml:{line}: "), error
    assert words in error, error


def _with_start(start: str) -> str:
    head, rest = GOOD.split("    start:\n", 1)
    return head + f"    start: {start}\n    steps:" + rest.split("    steps:", 1)[1]


def test_a_code_must_name_the_variant():
    [error] = _errors(_with_start("{code: GC1-S223-AAAAAAB}"))
    assert error.startswith("bad.yaml:10: ")
    assert "is not a match of card-golf (letter G, 3x3 boards)" in error
    [error] = _errors(_with_start("{code: GC1-G233-AAAAAAB}").replace("[card-golf]",
                                                                     "[card-golf+shape=2x4]"))
    assert "(letter G, 2x4 boards)" in error


def test_a_variant_without_jokers_holds_none():
    text = GOOD.replace("[card-golf]", "[card-golf+two-decks=0]").replace("stock: QH JD",
                                                                        "stock: QH JK")
    [error] = _errors(text)
    assert error == ("bad.yaml:18: round: too many copies of JK: card-golf+two-decks=0's "
                     "104-card shoe holds none")


def test_a_seat_off_the_table_is_allowed_only_to_expect_a_refusal():
    text = GOOD.replace("- as: 0\n        act: draw", "- as: 5\n        act: draw\n"
                        "        expect: {accepted: false}\n      - as: 0\n        act: draw")
    spec = loads(text, "ok.yaml")
    assert spec.errors == [] and [s.seat for s in spec.cases[0].steps][:2] == [5, 0]


def test_a_broken_case_hides_neither_its_siblings_nor_other_files(tmp_path):
    broken = GOOD.replace("small-end", "broken").replace("KH KS 3C", "KH XS 3C")
    sibling = GOOD.split("cases:\n", 1)[1].replace("small-end", "sibling")
    _write(tmp_path / "a.yaml", broken + sibling)
    _write(tmp_path / "b.yaml", GOOD.replace("small-end", "other-file"))
    report = run([tmp_path], InProcessEngine())
    assert [str(e) for e in report.errors] == [
        f"{tmp_path / 'a.yaml'}:15: round: the board of seat 0, row 2: unknown card 'XS': "
        + str(report.errors[0]).split("unknown card 'XS': ", 1)[1]]
    assert sorted((r.case.id, r.status) for r in report.results) == [
        ("other-file", PASS), ("sibling", PASS)]


def test_cards_in_any_notation_compare_canonical():
    text = GOOD.replace("stock: QH JD", "stock: [reina de corazones, J♦]").replace(
        "discard: QH", "discard: Q♥")
    spec = loads(text, "any.yaml")
    assert spec.errors == []
    [case] = spec.cases
    assert case.start["round"]["stock"] == ["QH", "JD"]
    assert case.steps[1].expect["discard"] == "QH"
    assert case.start["round"]["boards"][0][8] == {"card": "AS", "up": False}


# -- coverage ------------------------------------------------------------------------------------


# (that the shipped suite covers all 41 rule ids is checked on its one in-process run,
# tests/test_specs.py::test_the_whole_suite_passes_in_process)


def test_an_id_with_no_case_is_reported_uncovered(tmp_path):
    _write(tmp_path / "one.yaml", GOOD)
    report = run([tmp_path], InProcessEngine())
    cover = coverage(report)
    assert len(cover) == 41
    assert [rule for rule, named in cover.items() if named] == ["CG-06"]
    missing = uncovered(report)
    assert len(missing) == 40 and "CG-06" not in missing
    assert {"APP-01", "C4-14", "CG-01", "CG-09"} <= set(missing)
    assert uncovered(report, ("CG",)) == [f"CG-0{n}" for n in (1, 2, 3, 4, 5, 7, 8, 9)]


def test_golf_conform_coverage_names_cg_ids(tmp_path, capsys):
    from golfcore.cli import main

    _write(tmp_path / "one.yaml", GOOD)
    code = main(["conform", "--coverage", "--json", str(tmp_path)])
    data = json.loads(capsys.readouterr().out)
    assert code != 0
    assert "CG-06" in data["matrix"] and "CG-09" in data["uncovered"]
    assert len(data["uncovered"]) == 40

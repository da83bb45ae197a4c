"""The conformance spec corpus (specs/**/*.yaml): it loads, it quotes its documents, it covers
every rule of the three documents, it tells every pair of solitaire variants apart, it passes on
golfcore itself, and broken specs fail clearly, naming file and line. (The card game's own
checks are in test_cardgame_specs.py.)"""

from __future__ import annotations

import itertools
import re
import textwrap
from pathlib import Path

import pytest

from golfcore.conformance.runner import (FAIL, PASS, InProcessEngine, coverage, format_report,
                                         run, uncovered)
from golfcore.conformance.specfile import (SPECS_DIR, Case, discover, known_rule_ids, load,
                                           load_yaml, loads)
from golfcore.conformance.specfile import plain

#: The eight built-in variants that the corpus must tell apart, pair by pair.
VARIANTS = ("app-facil", "app-clasico", "cards4", "traditional", "putt-putt", "relaxed",
            "jokers", "empty-waste")

SPEC_FILES = discover([SPECS_DIR])


def _all_cases() -> list[Case]:
    cases: list[Case] = []
    for path in SPEC_FILES:
        cases += load(path).cases
    return cases


CASES = _all_cases()


# -- (1) every file loads -----------------------------------------------------------------------


def test_the_corpus_has_its_folders():
    folders = {p.relative_to(SPECS_DIR).parts[0] for p in SPEC_FILES}
    assert {"app", "cards4", "traditional", "bibliography", "variants", "card-game"} <= folders


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: str(p.relative_to(SPECS_DIR)))
def test_spec_file_loads_without_errors(path):
    spec = load(path)
    assert spec.errors == [], "\n".join(map(str, spec.errors))
    assert spec.cases, f"{path}: no cases"


def test_case_ids_are_unique_across_the_suite():
    seen: dict[str, str] = {}
    for case in CASES:
        assert case.id not in seen, f"{case.path}:{case.line}: id {case.id!r} also in " \
                                    f"{seen[case.id]}"
        seen[case.id] = f"{case.path}:{case.line}"


def _needed_features(case: Case) -> set[str]:
    """The protocol features a case uses, as far as its text shows them."""
    from golfcore.cards import JOKER
    from golfcore.conformance.specfile import position_from_spec

    if case.game == "card-game":
        needed = {"code"} if "code" in case.start else set()
        for step in case.steps:
            for expect in [step.expect, *step.expect_by_variant.values()]:
                needed |= {"messages"} & set(expect)
        if any("+" in v for v in case.variants):
            needed.add("compose")
        return needed
    needed = {next(iter(case.start))}                      # code, deal or position
    needed -= {"kpatience"}     # a verdict case's KPatience deal: kpatience-deal, else position
    for step in case.steps:
        if step.action in ("undo", "hint", "redeal"):
            needed.add(step.action)
        for expect in [step.expect, *step.expect_by_variant.values()]:
            needed |= {"score", "messages", "code", "deal"} & set(expect)
            needed |= {FEATURE_OF[key] for key in FEATURE_OF if key in expect}
    if any("+" in v for v in case.variants):
        needed.add("compose")
    if case.start_error is not None:         # an impossible position is no position to inspect
        return needed
    bases = {v.split("+")[0] for v in case.variants}
    if "position" in case.start:
        position = position_from_spec(case.start["position"])
        if JOKER in position.cards():
            needed.add("jokers")
        if not position.waste:
            needed.add("empty-waste")
    if bases == {"jokers"}:
        needed.add("jokers")
    if bases == {"empty-waste"}:
        needed.add("empty-waste")
    return needed


#: Format 3 expectations and the feature an engine needs to report them.
FEATURE_OF = {"undoable": "undo", "score_kind": "score"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_lists_the_features_it_needs(case):
    """So that an engine lacking a feature skips the case instead of failing it."""
    missing = _needed_features(case) - set(case.features)
    assert not missing, f"{case.path}:{case.line}: case {case.id} needs features {sorted(missing)}"


# -- (2) quotes are the documents' words --------------------------------------------------------

_QUOTES = str.maketrans({"«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‟": '"',
                         "‘": "'", "’": "'", "‚": "'", "‛": "'"})


def _normalise(text: str) -> str:
    """White space and typographic quotes only: the words must be the document's."""
    return " ".join(text.translate(_QUOTES).split())


def _document(name: str, case: Case | None = None) -> str:
    if ":" in name and case is not None:   # a document of the spec file's own catalogue
        catalogue = load(Path(case.path)).catalogue
        assert catalogue is not None and name.startswith(catalogue.name + ":")
        return _normalise(catalogue.document_text(name.split(":", 1)[1]) or "")
    return _normalise((SPECS_DIR / "sources" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_quote_is_verbatim(case):
    assert _normalise(case.quote) in _document(case.document, case), (
        f"{case.path}:{case.line}: case {case.id}: the quote is not in {case.document}: "
        f"«{case.quote}»")


def test_normalising_keeps_words():
    assert _normalise("«Debe  ser»\n de") == '"Debe ser" de'
    assert _normalise("El palo no importa.") not in _document("002_a6a0bf2322249e69.txt")


# -- (3) every rule of the catalogue is checked ----------------------------------------------------


def test_every_rule_of_the_catalogue_is_named_by_a_case():
    wanted = known_rule_ids()
    assert len(wanted) == 18 + 14 + 9
    named = {rule for case in CASES for rule in case.rules}
    assert sorted(wanted - named) == []


def test_the_loader_checks_quotes_itself():
    """The same check as test_quote_is_verbatim, made by the loader for any file."""
    errors = _errors(_good(**{"quote: El palo no importa.": "quote: El palo sí importa."}))
    assert errors == ["bad.yaml:7: the quote is not verbatim in 000_1b3790e1f4f7ecc2.txt (only "
                      "white space and the style of quotation marks may differ)"]


# -- (4) every pair of variants is told apart ---------------------------------------------------


def _tells_apart(case: Case, a: str, b: str) -> bool:
    if a not in case.variants or b not in case.variants:
        return False
    return any(step.expectations(a) != step.expectations(b) for step in case.steps
               if a in step.expect_by_variant or b in step.expect_by_variant)


def pair_table() -> dict[tuple[str, str], list[str]]:
    """(A, B) → ids of the cases whose expectations differ between A and B."""
    return {(a, b): [c.id for c in CASES if _tells_apart(c, a, b)]
            for a, b in itertools.combinations(VARIANTS, 2)}


def test_the_eight_variants_exist():
    from golfcore.framework.registry import registry

    assert set(VARIANTS) <= {v.name for v in registry("solitaire")}


@pytest.mark.parametrize("a, b", list(itertools.combinations(VARIANTS, 2)),
                         ids=lambda v: v)
def test_every_pair_of_variants_is_told_apart(a, b):
    assert pair_table()[(a, b)], f"no case lists both {a} and {b} with expectations that differ"


def test_pairs_are_told_apart_in_specs_variants():
    """The dedicated folder alone separates every pair."""
    folder = SPECS_DIR / "variants"
    for a, b in itertools.combinations(VARIANTS, 2):
        assert any(_tells_apart(c, a, b) for c in CASES if Path(c.path).parent == folder), (a, b)


# -- (5) the suite passes on golfcore ------------------------------------------------------------


def test_the_whole_suite_passes_in_process():
    report = run([SPECS_DIR], InProcessEngine())
    assert report.errors == [], format_report(report)
    assert report.ok, format_report(report)
    assert [r for r in report.results if r.status == FAIL] == []
    assert report.counts()[PASS] >= len(CASES)
    # every case ran under each of its variants, none skipped by golfcore
    assert all(r.status == PASS for r in report.results), format_report(report)
    # the coverage matrix lists all 41 rule ids, in the catalogue's order, every one covered
    cover = coverage(report)
    assert len(cover) == 41 and set(cover) == set(known_rule_ids())
    assert list(cover)[:1] == ["APP-01"] and list(cover)[-1] == "CG-09"
    assert all(cover.values()) and uncovered(report) == []


# -- (6) a wrong expectation fails in the spec's own terms --------------------------------------

#: A small valid spec whose expected card is the placeholder {card} (9C is right).
GOOD = (Path(__file__).parent / "data" / "nine-on-eight.spec.tmpl").read_text(encoding="utf-8")


def _write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_wrong_expectation_fails_with_file_line_step_expected_actual(tmp_path):
    spec = _write(tmp_path / "wrong.yaml", GOOD.replace("{card}", "9D"))
    report = run([spec], InProcessEngine())
    assert not report.ok
    [result] = report.results
    assert result.status == FAIL
    [failure] = result.failures
    message = str(failure)
    assert f"{spec}:19:" in message                # the line of 'card: 9D'
    assert "step 1 (play 1)" in message
    assert 'card: expected "9D", got "9C"' in message
    assert (failure.path, failure.line, failure.step) == (str(spec), 19, 1)
    assert (failure.expected, failure.actual) == ("9D", "9C")
    assert message in format_report(report)


def test_the_right_expectation_passes(tmp_path):
    spec = _write(tmp_path / "right.yaml", GOOD.replace("{card}", "9♣"))
    report = run([spec], InProcessEngine())
    assert report.ok and [r.status for r in report.results] == [PASS]


# -- (7) broken specs give clear errors naming file and line -------------------------------------


def _errors(text: str, name: str = "bad.yaml") -> list[str]:
    spec = loads(textwrap.dedent(text), name)
    assert not spec.cases
    return [str(e) for e in spec.errors]


def _good(**changes: str) -> str:
    text = GOOD.replace("{card}", "9C")
    for old, new in changes.items():
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("what, change, line, words", [
    ("malformed YAML", {"    steps:\n": "    steps: [\n"}, None, "malformed YAML"),
    ("unknown field", {"    variants:": "    colour: red\n    variants:"}, 3,
     "unknown field 'colour'"),
    ("unknown card in an expectation", {"card: 9C": "card: XS"}, 16, "unknown card 'XS'"),
    ("unknown card in the position", {"1: 9C": "1: 9C 1Z"}, 14, "unknown card '1Z'"),
    ("unknown card to play", {"play: 1": "play: 9X"}, 16, "unknown card '9X'"),
    ("duplicate card", {"1: 9C": "1: 9C 8C"}, 11, "duplicate card 8C"),
    ("unknown variant", {"[cards4]": "[cards5]"}, 8, "unknown variant 'cards5'"),
    ("impossible position", {"1: 9C": "1: 3C 4C 5C 6C 7C 9C"}, 11,
     "column 1 holds 6 cards"),
    ("unknown rule id", {"[APP-03]": "[APP-99]"}, 4, "unknown rule id 'APP-99'"),
    ("unknown document", {"000_1b3790e1f4f7ecc2.txt": "nope.txt"}, 6,
     "unknown document 'nope.txt'"),
    ("duplicate key", {"    variants: [cards4]": "    variants: [cards4]\n    variants: [relaxed]"},
     9, "duplicate key 'variants'"),
])
def test_bad_spec_errors_name_file_and_line(what, change, line, words):
    errors = _errors(_good(**change))
    assert len(errors) == 1, errors
    [error] = errors
    assert words in error
    if line is None:
        assert re.match(r"bad\.yaml:\d+: ", error), error
    else:
        assert error.startswith(f"bad.yaml:{line}: "), error


def test_malformed_yaml_names_its_line():
    [error] = _errors("format: 1\ncases:\n  - id: x\n   rules: [APP-01\n")
    assert re.match(r"bad\.yaml:[45]: malformed YAML", error), error


def test_yaml_11_traps_stay_strings():
    node = load_yaml("a: no\nb: on\nc: 3:2\nd: off\ne: yes\nf: 10S\ng: 0x1A\n", "traps.yaml")
    assert plain(node) == {"a": "no", "b": "on", "c": "3:2", "d": "off", "e": "yes",
                           "f": "10S", "g": "0x1A"}


@pytest.mark.parametrize("word", ["no", "on", "off", "yes"])
def test_a_variant_named_like_a_yaml_11_bool_is_an_unknown_variant(word):
    [error] = _errors(_good(**{"[cards4]": f"[{word}]"}))
    assert error.startswith("bad.yaml:8: ")
    assert f"unknown variant '{word}'" in error


def test_a_ratio_like_card_is_an_unknown_card_not_a_number():
    [error] = _errors(_good(**{"play: 1": "play: 3:2"}))
    assert error.startswith("bad.yaml:16: ") and "unknown card '3:2'" in error


BAD_AND_GOOD = """\
format: 1
cases:
  - id: broken
    rules: [APP-03]
    source: {document: 000_1b3790e1f4f7ecc2.txt, quote: El palo no importa.}
    variants: [no]
    start: {position: "stock: 2D\\nwaste: 8C\\n1: 9C\\n"}
    steps:
      - play: 1
  - id: fine-sibling
    rules: [APP-03]
    source: {document: 000_1b3790e1f4f7ecc2.txt, quote: El palo no importa.}
    variants: [relaxed]
    start: {position: "stock: 2D\\nwaste: 8C\\n1: 9C\\n"}
    steps:
      - play: 1
        expect: {accepted: true, card: 9C, status: won}
"""


def test_one_bad_case_hides_neither_its_siblings_nor_other_files(tmp_path):
    _write(tmp_path / "a-good.yaml", GOOD.replace("{card}", "9C"))
    bad = _write(tmp_path / "b-mixed.yaml", BAD_AND_GOOD)
    _write(tmp_path / "c-broken.yaml", "format: 1\ncases: [\n")
    _write(tmp_path / "d-good.yaml", GOOD.replace("{card}", "9C").replace("nine-on-eight",
                                                                          "nine-again"))
    report = run([tmp_path], InProcessEngine())
    messages = [str(e) for e in report.errors]
    assert len(messages) == 2, messages
    assert messages[0].startswith(f"{bad}:6: ") and "unknown variant 'no'" in messages[0]
    assert messages[1].startswith(f"{tmp_path / 'c-broken.yaml'}:") and \
        "malformed YAML" in messages[1]
    ran = sorted((Path(r.case.path).name, r.case.id, r.status) for r in report.results)
    assert ran == [("a-good.yaml", "nine-on-eight", PASS),
                   ("b-mixed.yaml", "fine-sibling", PASS),
                   ("d-good.yaml", "nine-again", PASS)]
    assert not report.ok                      # spec errors make the run fail
    assert "spec errors:" in format_report(report)

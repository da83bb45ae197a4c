"""Issue 10, the spec format and its loader: refused starts, the format 3 expectations, a loader
that answers any file (however broken or hostile) with a SpecError naming file and line, fast
and in bounded memory, and a `golf conform` that never succeeds silently."""

from __future__ import annotations

import textwrap
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golfcore import cli
from golfcore.conformance.runner import FAIL, PASS, SKIP, InProcessEngine, ProgramEngine, run
from golfcore.conformance.specfile import SPECS_DIR, SpecError, load, loads

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "tests" / "data" / "nine-on-eight.spec.tmpl").read_text(encoding="utf-8").replace(
    "{card}", "9C")
OPENING = SPECS_DIR / "app" / "opening.yaml"


def _write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _errors(text: str, name: str = "bad.yaml") -> list[str]:
    spec = loads(text, name)
    return [str(e) for e in spec.errors]


# -- item 4: a case can say that its start must be refused --------------------------------------

REFUSED = """\
format: 3
cases:
  - id: refused
    rules: [APP-16]
    source:
      document: 000_1b3790e1f4f7ecc2.txt
      quote: "La letra central indica la regla: E para Fácil, C para Clásico;"
    variants: [app-facil]
    features: [code]
    start: {code: CODE}
    start_error: ERROR
"""


def _refused(code: str, error: str = "bad-input") -> str:
    return REFUSED.replace("CODE", code).replace("ERROR", error)


def test_a_start_that_must_be_refused_passes_when_refused(tmp_path):
    spec = _write(tmp_path / "refused.yaml", _refused("GO1-C-AAAAAAB"))
    report = run([spec], InProcessEngine())
    assert [r.status for r in report.results] == [PASS] and report.ok


def test_a_start_that_must_be_refused_fails_when_the_engine_starts_a_game(tmp_path):
    spec = _write(tmp_path / "accepted.yaml", _refused("GO1-E-AAAAAAB"))
    report = run([spec], InProcessEngine())
    [result] = report.results
    assert result.status == FAIL
    [failure] = result.failures
    assert failure.field == "start_error" and failure.expected == {"error": "bad-input"}
    assert failure.actual["accepted"] is True
    assert str(failure).startswith(f"{spec}:3: step 0 (start): start_error: ")


def test_a_start_error_may_pin_the_kind_and_a_message_pattern(tmp_path):
    right = _refused("GO1-C-AAAAAAB", "{error: bad-input, message: 'names variant app-clasico'}")
    wrong_kind = _refused("GO1-C-AAAAAAB", "bad-request")
    wrong_words = _refused("GO1-C-AAAAAAB", "{error: bad-input, message: '^unknown letter'}")
    results = [run([_write(tmp_path / f"{i}.yaml", text)], InProcessEngine()).results[0]
               for i, text in enumerate((right, wrong_kind, wrong_words))]
    assert [r.status for r in results] == [PASS, FAIL, FAIL]
    assert results[1].failures[0].actual == {"error": "bad-input"}
    assert "names variant app-clasico" in results[2].failures[0].actual["message"]


@pytest.mark.parametrize("change, line, words", [
    (("format: 3", "format: 2"), 11, "'start_error' needs 'format: 3' (this file says format 2)"),
    (("start_error: bad-input", "start_error: bad-input\n    steps: [draw]"), 12,
     "a case whose start must be refused ('start_error') has no 'steps'"),
    (("    start_error: bad-input\n", ""), 3, "a case needs 'steps' (or 'start_error'"),
    (("start_error: bad-input", "start_error: {error: bad-input, message: '(['}"), 11,
     "start_error: message: not a regular expression"),
    (("start_error: bad-input", "start_error: no-game"), 11, "start_error"),
])
def test_a_refused_start_is_checked_like_any_field(change, line, words):
    [error] = _errors(_refused("GO1-C-AAAAAAB").replace(*change))
    assert error.startswith(f"bad.yaml:{line}: ") and words in error, error


def test_an_impossible_position_or_round_is_sent_as_written():
    cases = {c.id: c for c in load(SPECS_DIR / "app" / "refused-starts.yaml").cases}
    case = cases["app-01-card-twice-is-refused"]
    assert case.start == {"position": {"columns": [["8H", "5C"], ["8H"]], "stock": ["2C"],
                                       "waste": ["3C"]}}
    rounds = {c.id: c for c in load(SPECS_DIR / "card-game" / "refused-starts.yaml").cases}
    shape = rounds["cg-02-a-board-of-another-shape-is-refused"].start["round"]
    assert [len(board) for board in shape["boards"]] == [6, 6]
    assert rounds["cg-01-a-turn-off-the-table-is-refused"].start["round"]["turn"] == 5


def test_the_refused_starts_give_the_same_results_through_golf_serve():
    files = [SPECS_DIR / "app" / "refused-starts.yaml",
             SPECS_DIR / "card-game" / "refused-starts.yaml"]    # one engine process for both
    engine = ProgramEngine("python -m golfcore.cli serve")
    try:
        piped = run(files, engine)
    finally:
        engine.close()
    assert piped.ok and len(piped.results) >= 20
    assert [r.to_json() for r in piped.results] == \
        [r.to_json() for r in run(files, InProcessEngine()).results]


# -- item 5: undoable, code, deal and the score's kind ------------------------------------------

KEYS = """\
format: 3
cases:
  - id: keys
    rules: [C4-13]
    source:
      document: 002_a6a0bf2322249e69.txt
      quote: Cards4 registra victoria o derrota por partida y no acumula golpes.
    variants: [VARIANT]
    features: [deal, code, undo, score]
    start: {deal: 1}
    steps:
      - draw: true
        expect: EXPECT
"""


@pytest.mark.parametrize("variant, expect", [
    ("traditional",
     "{score: null, score_kind: strokes, undoable: 1, code: GO1-T-AAAAAAB, deal: 1}"),
    ("cards4", "{score: null, score_kind: result, undoable: 1, code: go1-k-aaaaaab, deal: 1}"),
    ("app-facil", "{score: 0, score_kind: points, undoable: 1, code: GO1-E-AAAAAAB, deal: 1}"),
])
def test_the_format_3_expectations_pass_on_the_right_values(tmp_path, variant, expect):
    spec = _write(tmp_path / "keys.yaml",
                  KEYS.replace("VARIANT", variant).replace("EXPECT", expect))
    report = run([spec], InProcessEngine())
    assert report.errors == [] and [r.status for r in report.results] == [PASS]


@pytest.mark.parametrize("key, wrong, actual", [
    ("score_kind", "strokes", "result"),      # score: null alone cannot tell these apart
    ("undoable", "0", 1),
    ("code", "GO1-C-AAAAAAB", "GO1-K-AAAAAAB"),
    ("deal", "2", 1),
])
def test_the_format_3_expectations_fail_on_wrong_values(tmp_path, key, wrong, actual):
    text = KEYS.replace("VARIANT", "cards4").replace("EXPECT", f"{{score: null, {key}: {wrong}}}")
    report = run([_write(tmp_path / "keys.yaml", text)], InProcessEngine())
    [result] = report.results
    assert result.status == FAIL
    [failure] = result.failures
    assert (failure.field, failure.actual, failure.line) == (key, actual, 13)


def test_the_format_3_expectations_need_format_3():
    text = KEYS.replace("VARIANT", "cards4").replace("EXPECT", "{undoable: 1}")
    [error] = _errors(text.replace("format: 3", "format: 1"))
    assert error == "bad.yaml:13: the expectation 'undoable' needs 'format: 3' (this file says " \
                    "format 1)"
    assert _errors(text.replace("{undoable: 1}", "{score_kind: golf}"))[0].startswith(
        "bad.yaml:13: cases.0.steps.0.expect.score_kind: ")


def test_the_shipped_suite_uses_every_format_3_field():
    used: set[str] = set()
    for path in [SPECS_DIR / "app" / "refused-starts.yaml", SPECS_DIR / "app" / "undoable.yaml",
                 SPECS_DIR / "card-game" / "refused-starts.yaml", SPECS_DIR / "app" / "codes.yaml",
                 SPECS_DIR / "traditional" / "strokes.yaml"]:
        for case in load(path).cases:
            if case.start_error is not None:
                used.add("start_error:" + case.game)
            for step in case.steps:
                for expect in (step.expect, *step.expect_by_variant.values()):
                    used |= set(expect) & {"undoable", "code", "deal", "score_kind"}
    assert used >= {"start_error:solitaire", "start_error:card-game", "undoable", "code",
                    "deal", "score_kind"}


# -- item 6: quotes are checked by the loader, for any file ------------------------------------


@pytest.mark.parametrize("quote", ["' '", '"«»"', "'\t'"])
def test_a_quote_without_words_is_not_verbatim(quote):
    [error] = _errors(GOOD.replace("quote: El palo no importa.", f"quote: {quote}"))
    assert error.startswith("bad.yaml:7: the quote has no words")


@pytest.mark.parametrize("document", ["../RULES.md", "../README.md", "sources", "."])
def test_a_document_is_a_file_of_sources_not_a_path(document):
    text = GOOD.replace("000_1b3790e1f4f7ecc2.txt", document).replace(
        "quote: El palo no importa.", "quote: The rule catalogue")
    [error] = _errors(text)
    assert error.startswith(f"bad.yaml:6: unknown document {document!r}")


def test_golf_conform_checks_the_quotes_of_a_file_outside_the_repository(tmp_path, capsys):
    spec = _write(tmp_path / "misquoted.yaml",
                  GOOD.replace("El palo no importa.", "El palo sí importa."))
    assert cli.main(["conform", str(spec)]) == 1
    out = capsys.readouterr().out
    assert f"{spec}:7: the quote is not verbatim in 000_1b3790e1f4f7ecc2.txt" in out


# -- spec-file fuzzing: reproducers --------------------------------------------------------------

#: A few hundred bytes that expand to 9**9 strings.
BILLION_LAUGHS = ('format: 1\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
                  + "".join(f"{b}: &{b} [{','.join(['*' + a] * 9)}]\n"
                            for a, b in zip("abcdefgh", "bcdefghi"))
                  + "cases: *i\n")


@pytest.mark.parametrize("what, text, line, words", [
    ("a NUL character", GOOD.replace("cases:", "cases:\x00"), 2, "U+0000 is not allowed"),
    ("a recursive alias", "format: 1\ncases: &a [*a]\n", 2, "recursive alias"),
    ("a recursive alias in a case", "format: 1\ncases:\n  - &a {id: x, rules: *a}\n", 3,
     "recursive alias"),
    ("deep brackets", "format: 1\ncases: " + "[" * 5000 + "]" * 5000 + "\n", 2,
     "nested more than 64 levels"),
    ("deep mappings", "format: 1\ncases: " + "{a: " * 3000 + "}" * 3000 + "\n", 2,
     "nested more than 64 levels"),
    ("a 5,000-digit number", GOOD.replace("format: 1", "format: " + "1" * 5000), 1,
     "a number of 5000 digits"),
    ("a 5,000-digit column", GOOD.replace("play: 1", "play: " + "7" * 5000), 16,
     "a number of 5000 digits"),
    ("legal: ['²']", GOOD.replace("accepted: true", "legal: ['²']"), 16,
     "step 1: expect: unknown move '²'"),
    ("a 5,000-digit move", GOOD.replace("accepted: true", f"legal: ['{'7' * 5000}']"), 16,
     "step 1: expect: unknown move '7777"),
    ("a 5,000-digit column text", GOOD.replace("play: 1", f"play: '{'7' * 5000}'"), 16,
     "play: a number of 5000 characters"),
    ("a billion laughs", BILLION_LAUGHS, 2, "aliases expand to more than 10000 values"),
    ("repeat: 1000000000", GOOD.replace("- play: 1", "- play: 1\n        repeat: 1000000000"),
     17, "1000000000 is greater than the maximum of 1000"),
    ("repeat: 2.0", GOOD.replace("- play: 1", "- play: 1\n        repeat: 2.0"), 17,
     "2.0 is not of type 'integer'"),
    ("an unknown tag on a list", GOOD.replace("[APP-03]", "!foo [APP-03]"), 4,
     "unknown tag '!foo' on a list"),
    ("an unknown tag on a scalar", GOOD.replace("cards4]", "!foo cards4]"), 8,
     "unknown tag '!foo'"),
    ("an unknown tag on a mapping", GOOD.replace("    source:\n", "    source: !foo\n"), 5,
     "unknown tag '!foo' on a mapping"),
    ("a YAML 1.1 tag", GOOD.replace("quote: El", "quote: !!binary El"), 7,
     "unknown tag '!!binary'"),
    ("a bad explicit int", "format: !!int one\ncases: []\n", 1, "'one' is not a valid int"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 and "\n" not in v else "")
def test_a_hostile_spec_file_gets_a_spec_error_with_its_line(what, text, line, words):
    started = time.perf_counter()
    spec = loads(text, "bad.yaml")
    assert time.perf_counter() - started < 30, what   # a hang guard, not a speed test
    assert not spec.cases
    [error] = spec.errors
    assert error.line == line and words in error.message, (what, str(error))


def test_a_billion_laughs_is_refused_in_constant_memory():
    tracemalloc.start()
    try:
        spec = loads(BILLION_LAUGHS, "laughs.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(BILLION_LAUGHS.encode()) < 600
    assert spec.errors and peak < 20_000_000


def test_a_nul_in_a_file_is_reported_by_golf_conform(tmp_path, capsys):
    spec = tmp_path / "nul.yaml"
    spec.write_bytes(GOOD.replace("cases:", "cases:\x00").encode())
    assert cli.main(["conform", str(spec)]) == 1
    assert f"{spec}:2: malformed YAML: the character U+0000" in capsys.readouterr().out


def test_a_file_read_again_is_parsed_once_and_a_changed_file_anew(tmp_path):
    """The YAML of a text read before is not parsed again; what the file says now is what
    loads, even when it changed within the same second and kept its size; and each load gives
    new cases, so changing one load's values cannot change another's."""
    from golfcore.conformance import yaml12

    spec = _write(tmp_path / "nine.yaml", GOOD)
    first = load(spec)
    parsed = yaml12._shared.cache_info()
    again = load(spec)
    assert yaml12._shared.cache_info().hits == parsed.hits + 1
    assert again.errors == first.errors == [] and again.cases == first.cases
    assert again.cases[0] is not first.cases[0]
    assert again.cases[0].steps[0].expect is not first.cases[0].steps[0].expect
    spec.write_text(GOOD.replace("9C", "9D"), encoding="utf-8")      # the same size
    assert load(spec).cases[0].steps[0].expect["card"] == "9D"
    assert loads(GOOD.replace("9C", "9D"), "other.yaml").cases[0].path == "other.yaml"
    broken = GOOD.replace("cases:", "cases: [")
    assert [e.line for e in loads(broken, "b.yaml").errors] == \
        [e.line for e in loads(broken, "b.yaml").errors] != []


# -- spec-file fuzzing: mutations of the real files ---------------------------------------------

SOURCES = [p.read_text(encoding="utf-8") for p in (
    SPECS_DIR / "app" / "opening.yaml", SPECS_DIR / "app" / "refused-starts.yaml",
    SPECS_DIR / "traditional" / "strokes.yaml", SPECS_DIR / "card-game" / "turn.yaml")]

#: What a hostile or careless author puts in a spec file (each crashed or hung the loader).
HOSTILE = ["\x00", "[" * 400, "&r [*r]", "9" * 5000, "!foo ", "!!binary ", "\uffff", "²",
           "&a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
           "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c]\n",
           "repeat: 1000000000\n", "2.0", "1e400"]
#: What an ordinary edit inserts.
INSERTS = ["&a ", "*a", "-1", "[", "]", "{", "}", ": ", "- ", "'", '"', "\n", "  ", "\t", "#",
           "~", "<<: *a\n", "? ", "|\n", ">-\n", "%YAML 1.1\n---\n", "---\n", "...\n", "JK",
           "10♠", "❶", "play: 3\n", "expect: {legal: [draw]}"]

hostile = st.tuples(st.sampled_from(["insert", "replace"]), st.integers(min_value=0),
                    st.just(1), st.sampled_from(HOSTILE))
edit = st.tuples(st.sampled_from(["delete", "duplicate", "replace", "insert", "lines"]),
                 st.integers(min_value=0), st.integers(min_value=1, max_value=40),
                 st.sampled_from(INSERTS))


def _mutate(text: str, edits: list[tuple[str, int, int, str]]) -> str:
    for kind, at, size, insert in edits:
        if kind == "lines":
            lines = text.split("\n")
            i = at % len(lines)
            text = "\n".join(lines[:i] + lines[i:i + size] * 2 + lines[i + size:])
            continue
        i = at % (len(text) + 1)
        if kind == "delete":
            text = text[:i] + text[i + size:]
        elif kind == "duplicate":
            text = text[:i] + text[i:i + size] * 2 + text[i + size:]
        elif kind == "replace":
            text = text[:i] + insert + text[i + len(insert):]
        else:
            text = text[:i] + insert + text[i:]
    return text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(SOURCES))), hostile, st.lists(edit, max_size=3))
def test_fuzz_the_loader_answers_only_with_spec_errors(source, attack, edits):
    """Real spec files with one hostile insert and a few ordinary edits: the loader loads
    them or reports SpecErrors, without hanging, and nothing else escapes."""
    text = _mutate(SOURCES[source], [attack, *edits])
    started = time.perf_counter()
    spec = loads(text, "fuzz.yaml")                # raises nothing but what the test reports
    assert time.perf_counter() - started < 30   # a hang guard, not a speed test
    for error in spec.errors:
        assert isinstance(error, SpecError) and error.path == "fuzz.yaml"
        assert error.line is None or 1 <= error.line <= text.count("\n") + 1


# -- golf conform: no silent success, no traceback ---------------------------------------------


def test_golf_conform_on_a_folder_without_specs_fails(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("not a spec\n", encoding="utf-8")
    assert cli.main(["conform", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"golf: error: no spec file (*.yaml, *.yml) under {tmp_path}" in err


def test_golf_conform_fails_when_no_case_ran(capsys):
    assert cli.main(["conform", str(OPENING), "--variant", "cards4"]) == 1
    assert "no case ran under cards4: nothing was checked" in capsys.readouterr().err


@pytest.mark.parametrize("args, words", [
    (["--program", ""], "the engine's command is empty"),
    (["--program", "   "], "the engine's command is empty"),
    (["--program", "'x"], "cannot read the engine's command \"'x\": No closing quotation"),
    (["--timeout", "nan"], "timeout nan: expected a number of seconds above 0"),
    (["--timeout", "inf"], "timeout inf: expected"),
    (["--timeout", "1e308"], "timeout 1e+308: expected"),
    (["--timeout", "-1"], "timeout -1.0: expected"),
    (["--timeout", "0"], "timeout 0.0: expected"),
    (["--timeout", "soon"], "'soon' is not a number of seconds"),
    (["--variant", ""], "an empty variant name"),
])
def test_golf_conform_refuses_bad_options_as_usage_errors(args, words, capsys):
    assert cli.main(["conform", str(OPENING), *args]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "Traceback" not in captured.err + captured.out
    assert "passed" not in captured.out          # nothing ran, in process or otherwise


def test_the_runner_refuses_an_empty_or_unreadable_command():
    from golfcore.conformance.runner import EngineError, engine_for

    for command in ("", "'x"):
        with pytest.raises(EngineError):
            engine_for(command)
    with pytest.raises(EngineError):
        ProgramEngine("golf serve", timeout=float("nan"))



REDEAL = """\
format: 5
cases:
  - id: a-pass
    rules: [C4-04]
    source:
      document: 002_a6a0bf2322249e69.txt
      quote: ni volver a recorrer el mazo
    variants: [cards4+redeals=1]
    features: [position, compose, redeal]
    start:
      position: |
        stock: 2S
        waste: 4C
        1: 9C
    steps:
      - draw
      - STEP
"""


@pytest.mark.parametrize("step", ["redeal", "redeal: true\n        expect: {stock: 1}"])
def test_a_redeal_step_needs_format_5(step):
    text = REDEAL.replace("STEP", step)
    assert _errors(text) == []
    [error, *_] = _errors(text.replace("format: 5", "format: 4"))
    assert error == "bad.yaml:17: the action 'redeal' needs 'format: 5' (this file says format 4)"


def test_a_redeal_step_runs_and_an_engine_without_the_feature_skips_it(tmp_path):
    spec = _write(tmp_path / "redeal.yaml", REDEAL.replace(
        "STEP", "redeal: true\n        expect: {accepted: true, stock: 1, waste: 2S}"))
    report = run([spec], InProcessEngine())
    assert report.errors == [] and [r.status for r in report.results] == [PASS]
    wrong = _write(tmp_path / "wrong.yaml", REDEAL.replace(
        "STEP", "redeal: true\n        expect: {accepted: true, stock: 0}"))
    [result] = run([wrong], InProcessEngine()).results
    assert result.status == FAIL and result.failures[0].field == "stock"
    [result] = run([spec], EngineWithoutRedeals()).results
    assert result.status == SKIP and "engine lacks redeal" in result.reason


class EngineWithoutRedeals(InProcessEngine):
    """golfcore, saying in its hello that it has no passes through the stock (an older engine)."""

    def request(self, message):
        reply = super().request(message)
        if message.get("cmd") == "hello":
            reply = {**reply, "features": [f for f in reply["features"] if f != "redeal"]}
        return reply

"""The JSON Schema of spec files (``specs/schema.json``): validation, with messages and lines.

:func:`schema` is the schema; :func:`schema_errors` validates a loaded value against it (or a
part of it), an integer being an int (jsonschema also takes 2.0), and returns a
:class:`~golfcore.conformance.model.SpecError` per problem, with the line of the offending
value and a message in the spec's terms (``unknown field 'x': expected one of ...``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from golfcore.conformance.model import SpecError
from golfcore.conformance.suite import SPECS_DIR
from golfcore.conformance.yaml12 import Node


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of spec files (``specs/schema.json``)."""
    return json.loads((SPECS_DIR / "schema.json").read_text(encoding="utf-8"))


def _line_of(node: Node, path: Iterator[Any] | list[Any]) -> int:
    for key in path:
        value = node.value
        if isinstance(value, dict) and key in value:
            node = value[key]
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            node = value[key]
        else:
            break
    return node.line


def schema_errors(node: Node, data: Any, subschema: dict[str, Any], path: str,
                  prefix: list[Any]) -> list[SpecError]:
    import jsonschema

    root = dict(schema())
    resolver_schema = {**subschema, "$defs": root["$defs"]}
    validator = _validator_class()(resolver_schema)
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        best = jsonschema.exceptions.best_match([err])
        where = list(best.absolute_path)
        label = ".".join(str(p) for p in prefix + where) or "(top level)"
        out.append(SpecError(path, _line_of(node, where), f"{label}: {_schema_message(best)}"))
    return out


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    """The schema's validator, where an integer is an int (jsonschema also takes 2.0)."""
    import jsonschema

    base = jsonschema.validators.validator_for(schema())
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


#: What each pattern of the schema asks for, in words (a pattern error quotes no regex).
PATTERNS = {
    "^[a-z0-9][a-z0-9-]*$": "an id: lower-case letters, digits and dashes (c4-07-king-ends-chain)",
    "^[1-7]$": "a column number from 1 to 7",
    "^[0-5]$": "a seat number from 0 to 5",
    "^((APP|C4|CG)-[0-9]{2}|[a-z][a-z0-9-]*:[A-Za-z][A-Za-z0-9]*-[0-9]+)$":
        "a rule id: golfcore's (APP-01, C4-07, CG-05: specs/RULES.md) or, for a suite's own "
        "rules, its catalogue's name and id (house:HR-01, with 'catalogue:' at the top of the "
        "file, format 4)",
}


def _schema_message(err: Any) -> str:
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        extra = sorted(set(err.instance) - set(allowed)) if isinstance(err.instance, dict) else []
        return (f"unknown field {', '.join(map(repr, extra))}: expected one of "
                f"{', '.join(allowed)}")
    if err.validator == "pattern":
        what = PATTERNS.get(err.validator_value)
        return (f"{err.instance!r} is not {what}" if what
                else f"{err.instance!r} does not have the form this field needs")
    if err.validator == "oneOf" and isinstance(err.instance, (str, int)):
        return f"{err.instance!r} is not a valid value here"
    return err.message

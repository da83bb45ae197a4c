"""``golf variants``: list the installed variants of every game, show one, or compare two.

* ``golf variants [--json]``: every variant of every game (the solitaire's, the card game's,
  built-in and third-party), with its game, code letter, title, origin and rules slot by slot;
* ``golf variants --show V [--json]``: one variant of any game, which may be composed
  (``traditional+draw-any-time``);
* ``golf variants --diff A B [--json]``: slot by slot, how two variants of one game differ;
  variants of two different games cannot be compared (``golf: error: ...``, exit status 1).

Rules are described from the variant framework alone (:func:`effective_rules` and the game's
registry), so every game's variants are shown alike.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NamedTuple

from golfcore.cli.common import letters
from golfcore.cli.options import add_json_arguments
from golfcore.cli.output import OK, out, plural, print_json, print_lines, table, widths
from golfcore.framework.compose import diff, effective_rules, find_variant, resolve
from golfcore.framework.registry import all_variants, registry
from golfcore.framework.variant import Variant


class RuleLine(NamedTuple):
    """One slot of a variant, for people and for ``--json``."""

    slot: str
    rule: str
    label: str              # the rule with its value: undo-limit=100
    summary: str
    rule_ids: tuple[str, ...]


def options(variant: Variant) -> dict[str, Any]:
    """The variant's parameters, parsed, with every rule's default filled in."""
    return resolve(effective_rules(variant), variant.params, registry(variant.game),
                   variant.name)


def rule_lines(variant: Variant) -> list[RuleLine]:
    """The variant's rules, one per slot, defaults included, in its game's slot order
    (:func:`effective_rules` sorts by the game's ``slot_key``)."""
    reg = registry(variant.game)
    values = options(variant)
    lines = []
    for slot, name in effective_rules(variant).items():
        rule = reg.rule(name)
        label = f"{name}={values[rule.param.name]}" if rule.param is not None else name
        lines.append(RuleLine(slot, name, label, rule.summary, tuple(rule.rule_ids)))
    return lines


def variant_json(variant: Variant) -> dict[str, Any]:
    """Everything ``golf variants --json`` says about one variant."""
    return {
        "name": variant.name,
        "game": variant.game,
        "title": variant.title,
        "letter": variant.letter,
        "legacy_letters": list(variant.legacy_letters),
        "aliases": list(variant.aliases),
        "origin": variant.origin,
        "composed": variant.is_composed,
        "summary": variant.summary,
        "rule_ids": list(variant.rule_ids),
        "options": options(variant),
        "rules": [{"slot": line.slot, "rule": line.rule, "label": line.label,
                   "summary": line.summary, "rule_ids": list(line.rule_ids)}
                  for line in rule_lines(variant)],
    }


def rule_rows(variant: Variant) -> list[tuple[str, str, str, str]]:
    """The variant's rules as table rows: slot, rule with its value, summary, [rule ids]."""
    return [(line.slot, line.label, line.summary,
             f"[{' '.join(line.rule_ids)}]" if line.rule_ids else "")
            for line in rule_lines(variant)]


def variant_text(variant: Variant, column_widths: Sequence[int] | None = None) -> list[str]:
    """One variant for people: a head line, its summary and aliases, then its rules."""
    head = [variant.name, f"letter {letters(variant)}", f"game {variant.game}", variant.title,
            f"from {variant.origin or '?'}"]
    lines = ["   ".join(head)]
    if variant.summary and not variant.is_composed:
        lines.append(f"  {variant.summary}")
    if variant.aliases:
        lines.append(f"  also called: {', '.join(variant.aliases)}")
    lines += table(rule_rows(variant), indent="    ", column_widths=column_widths)
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--diff", nargs=2, metavar=("A", "B"),
                       help="show, slot by slot, where variant A and variant B (of one game) "
                            "differ (composed variants such as cards4+jokers=2 are accepted)")
    which.add_argument("--show", metavar="V",
                       help="show one variant of any game, which may be composed "
                            "(traditional+draw-any-time)")
    add_json_arguments(parser, "each variant (--diff: the differences)")


def run(args: argparse.Namespace) -> int:
    """``golf variants [--json]``, ``golf variants --show V``, ``golf variants --diff A B``."""
    if args.diff is not None:
        return _diff(args.diff[0], args.diff[1], args.json, args.pretty)
    if args.show is not None:
        variant = find_variant(args.show)
        if args.json:
            print_json(variant_json(variant), args.pretty)
        else:
            print_lines(variant_text(variant))
        return OK
    found = all_variants()
    if args.json:
        for v in found:                             # one object a line
            print_json(variant_json(v), args.pretty)
        return OK
    rows = [("name", "letter", "game", "title", "from")]
    rows += [(v.name, letters(v), v.game, v.title, v.origin or "?") for v in found]
    print_lines(table(rows))
    # The rule tables of one game share one alignment; games' rules are too unlike to share.
    shared = {game: widths([row for v in found if v.game == game for row in rule_rows(v)])
              for game in {v.game for v in found}}
    for variant in found:
        out()
        print_lines(variant_text(variant, shared[variant.game]))
    return OK


def _diff(left_name: str, right_name: str, as_json: bool, pretty: bool = False) -> int:
    """``golf variants --diff A B``; variants of two games raise :class:`VariantError`."""
    left, right = find_variant(left_name), find_variant(right_name)
    differences = diff(left, right)
    if as_json:
        print_json({"left": left.name, "right": right.name,
                    "differences": [{"slot": d.slot, "left": d.left, "right": d.right,
                                     "rule_ids": list(d.rule_ids)} for d in differences]},
                   pretty)
        return OK
    if not differences:
        out(f"{left.name} and {right.name}: no differences")
        return OK
    count = len(differences)
    out(f"{left.name} and {right.name}: {plural(count, 'difference')}")
    rows = [("slot", left.name, right.name, "rules")]
    rows += [(d.slot, d.left, d.right, " ".join(d.rule_ids)) for d in differences]
    print_lines(table(rows, indent="  "))
    return OK

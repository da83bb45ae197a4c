"""What the plugin tests share: golfcore's own registry of a game with a test's rules added, as a
plugin author tries them before publishing them."""

from __future__ import annotations

from golfcore.framework.registry import Registry, registry
from golfcore.framework.variant import Rule


def with_rules(*rules: type[Rule], game: str = "solitaire") -> Registry:
    """golfcore's registry of ``game`` (its rules and variants, from where they came) plus
    ``rules``, each added as the plugin ``test``."""
    base = registry(game)
    reg = Registry(base.kind)
    for name, rule in base.rules.items():
        reg.add_rule(rule, base.rule_origins[name], base.rule_distributions[name])
    for variant in base:
        reg.add_variant(variant, variant.origin)
    for rule in rules:
        reg.add_rule(rule, "test")
    return reg

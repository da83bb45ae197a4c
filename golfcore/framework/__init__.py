"""The variant/rule framework both games share.

* :mod:`~golfcore.framework.games`: what a *game* is to the framework (its hook specifications,
  its slots and default rules, its entry-point groups);
* :mod:`~golfcore.framework.variant`: :class:`Rule` plugins, :class:`Variant` definitions and
  how variant strings such as ``cards4+jokers=2`` compose;
* :mod:`~golfcore.framework.registry`: the per-game registries that load rules and variants from
  entry points, built-ins exactly as a third party's;
* :mod:`~golfcore.framework.ruleset`: the base of each game's ``RuleSet``: one pluggy plugin
  manager per rule set, checked with ``check_pending()``.
"""

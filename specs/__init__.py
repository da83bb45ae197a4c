"""golfcore's conformance suite, shipped as data (installed as ``golfcore_specs``).

The YAML files here are the suite; ``schema.json`` describes them, ``README.md`` tells how to
write a runner, ``RULES.md`` numbers the rules and ``sources/`` holds the three documents the
cases quote. Nothing here is code but this docstring.
"""

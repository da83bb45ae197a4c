"""The conformance machinery both games share: spec files, the runner, the pytest plugin.

Spec files, one job a module:

* :mod:`~golfcore.conformance.specfile`: the entry points: load and check YAML spec files,
  every problem with its file and line (``load``, ``loads``, ``discover``, ``default_paths``;
  it re-exports the public names of the modules below);
* :mod:`~golfcore.conformance.model`: spec files, cases and steps as values, and ``SpecError``;
* :mod:`~golfcore.conformance.yaml12`: the YAML 1.2 loader that keeps every value's line, with
  its limits (tags, nesting, aliases, numbers);
* :mod:`~golfcore.conformance.schema`: the JSON Schema of spec files, and its messages;
* :mod:`~golfcore.conformance.suite`: the shipped suite's files: ``SPECS_DIR``, the rule
  catalogue, the source documents that quotes are checked against;
* :mod:`~golfcore.conformance.common_checks`: the meaning checks every case shares (rule ids,
  quote, variants) and a refused start's expectation;
* :mod:`~golfcore.conformance.solitaire_cases`: solitaire starts and steps, read and checked;
* :mod:`~golfcore.conformance.cardgame_cases`: card-game starts and steps, read and checked;
* :mod:`~golfcore.conformance.cardgame_rounds`: card-game boards (rows, face-down cards in
  parentheses), hand-set rounds and seats.

Running them:

* :mod:`~golfcore.conformance.runner`: run cases against an engine that speaks the protocol and
  build a report (``Runner``, ``run``; it re-exports the public names of the modules below);
* :mod:`~golfcore.conformance.engines`: the engines: in process, or another program over a pipe;
* :mod:`~golfcore.conformance.compare`: replies compared with expectations, for each game;
* :mod:`~golfcore.conformance.report`: results, the rule ids × variants matrix, coverage;
* :mod:`~golfcore.conformance.pytest_plugin`: collect spec files as pytest items.
"""

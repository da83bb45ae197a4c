"""The conformance machinery both games share: spec files, the runner, the pytest plugin.

* :mod:`~golfcore.conformance.specfile`: load and check YAML spec files, every problem with its
  file and line;
* :mod:`~golfcore.conformance.runner`: run cases against an engine that speaks the protocol (in
  process, or another program over a pipe) and report a rule ids × variants matrix;
* :mod:`~golfcore.conformance.pytest_plugin`: collect spec files as pytest items.
"""

"""golfcore's version, written here only: ``pyproject.toml`` reads it when the package is built
(``[tool.setuptools.dynamic]``), ``golf --version`` and the protocol's ``hello`` print it, and
``CHANGELOG.md`` says what each version changed."""

#: golfcore's version (Semantic Versioning; ``docs/api.md``, *Versions*).
__version__ = "0.1.0"

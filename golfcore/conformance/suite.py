"""The shipped suite's reference files: where it lives, its rule catalogue, its source documents.

:data:`SPECS_DIR` is ``specs/`` of the checkout, or the data package ``golfcore_specs``
installed; :func:`known_rule_ids` are the rule ids of ``specs/RULES.md``; :func:`documents`
are the files of ``specs/sources/`` a case may quote, and :func:`document_text` their words as
:func:`normalise_quote` leaves them, for checking that a quote is verbatim.
"""

from __future__ import annotations

import re
from functools import lru_cache, cache
from pathlib import Path


def _specs_dir() -> Path:
    import golfcore_specs

    return Path(golfcore_specs.__file__).resolve().parent


#: Where the shipped suite lives: ``specs/`` of the checkout, or ``golfcore_specs`` installed.
SPECS_DIR = _specs_dir()


@lru_cache(maxsize=1)
def known_rule_ids() -> frozenset[str]:
    """golfcore's rule ids (``APP-01``, ``C4-04``, ``CG-01`` ...), from ``specs/RULES.md``."""
    text = (SPECS_DIR / "RULES.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r"^\| ((?:APP|C4|CG)-\d\d) \|", text, flags=re.M))


_QUOTE_MARKS = str.maketrans({"«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‟": '"',
                              "‘": "'", "’": "'", "‚": "'", "‛": "'"})


def normalise_quote(text: str) -> str:
    """White space and typographic quotation marks only: the words must be the document's."""
    return " ".join(text.translate(_QUOTE_MARKS).split())


@lru_cache(maxsize=1)
def documents() -> frozenset[str]:
    """The documents a case may quote: the file names of ``specs/sources/`` (names only: a
    path such as ``../RULES.md`` is not a document)."""
    return frozenset(p.name for p in (SPECS_DIR / "sources").iterdir() if p.is_file())


@cache
def document_text(name: str) -> str:
    return normalise_quote((SPECS_DIR / "sources" / name).read_text(encoding="utf-8"))

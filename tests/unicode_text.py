"""Any text, for property tests: the alphabet of Hypothesis's default ``st.text()``.

``st.text()`` draws from ``st.characters(codec="utf-8")``: every code point but the surrogates.
On a clean checkout (CI's), Hypothesis first encodes all 1,114,112 code points to work out that
codec's table (about 2 s of CPU in every test process, cached only in ``.hypothesis/``); naming
the same alphabet by category (every category but ``Cs``, the surrogates) gives the same
characters without that table.
"""

from hypothesis import strategies as st

#: One character of any text: every Unicode code point except the surrogates.
ANY_CHARACTER = st.characters(exclude_categories=["Cs"])


def any_text(*, max_size: int) -> st.SearchStrategy[str]:
    """Strings of at most ``max_size`` characters from :data:`ANY_CHARACTER`."""
    return st.text(ANY_CHARACTER, max_size=max_size)

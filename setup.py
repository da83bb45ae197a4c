"""The optional compiled kernel of the fair chance (everything else is in pyproject.toml).

``golfcore.solitaire.search._fairkernel`` is an accelerator only: when no C compiler is there,
the build skips it (``optional=True``) and the pure-Python engine gives the same answers."""

from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "golfcore.solitaire.search._fairkernel",
    sources=["golfcore/solitaire/search/_fairkernel.c"],
    # no fused multiply-add: every double is rounded as the pure-Python engine rounds it
    extra_compile_args=["-O2", "-ffp-contract=off"],
    optional=True,
)])

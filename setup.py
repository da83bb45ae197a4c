"""The optional compiled kernels (everything else is in pyproject.toml).

``golfcore.solitaire.search._fairkernel`` (the fair chance) and ``_winkernel`` (the solver's
win search) are accelerators only: when no C compiler is there, the build skips them
(``optional=True``) and the pure-Python searches give the same answers."""

from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "golfcore.solitaire.search._fairkernel",
    sources=["golfcore/solitaire/search/_fairkernel.c"],
    # no fused multiply-add: every double is rounded as the pure-Python engine rounds it
    extra_compile_args=["-O2", "-ffp-contract=off"],
    optional=True,
), Extension(
    "golfcore.solitaire.search._winkernel",
    sources=["golfcore/solitaire/search/_winkernel.c"],
    extra_compile_args=["-O2"],
    optional=True,
)])

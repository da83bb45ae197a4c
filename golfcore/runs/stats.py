"""Figures shared by the commands that measure many games (``golf survey``, ``golf tournament``):
the Wilson interval of a proportion, Clopper and Pearson's one-sided bounds, percentiles,
Student's t quantiles, the interval of a
mean per round over matches of several rounds and the interval of a mean of chances.

Plain Python (no SciPy); each function says which formula it uses.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

#: z for a two-sided 95 % interval: the 97.5th percentile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``n`` trials.

    With p = successes/n: (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n). Unlike the normal
    approximation p ± z·√(p(1-p)/n) it stays inside [0, 1] and is not empty at 0 or n.
    ``n == 0`` gives (0, 1): nothing is known.
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    return _wilson(successes / n, n, z)


def _wilson(p: float, n: int, z: float) -> tuple[float, float]:
    """Wilson's interval around a mean ``p`` of ``n`` values in [0, 1] (n >= 1)."""
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return low, high


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted data, interpolating linearly between ranks (the
    default of NumPy's ``percentile``). :class:`ValueError` for no data."""
    if not ordered:
        raise ValueError("no data")
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        for numerator in (m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                          -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def binomial_lower(successes: int, n: int, alpha: float) -> float:
    """Clopper and Pearson's one-sided lower confidence bound for a chance p from ``successes``
    in ``n`` independent trials: the p at which P(at least ``successes``) is ``alpha``. It
    lies above p with probability at most ``alpha``, for every p and n (exact, not an
    approximation), and the more so when each trial's chance, given what came before, is at
    least p. 0 for no success; bisection on :func:`_incomplete_beta` to 1e-12, rounded down."""
    _check_trials(successes, n, alpha)
    if successes == 0:
        return 0.0
    # P(X >= k) = I_p(k, n - k + 1), increasing in p
    return _bisect(lambda p: _incomplete_beta(successes, n - successes + 1, p) >= alpha)[0]


def binomial_upper(successes: int, n: int, alpha: float) -> float:
    """Clopper and Pearson's one-sided upper confidence bound: the p at which P(at most
    ``successes``) is ``alpha``; below p with probability at most ``alpha`` (exact; the more
    so when each trial's chance, given what came before, is at most p). 1 when every trial
    succeeded; rounded up."""
    _check_trials(successes, n, alpha)
    if successes >= n:
        return 1.0
    # P(X <= k) = 1 - I_p(k + 1, n - k), decreasing in p
    return _bisect(lambda p: 1.0 - _incomplete_beta(successes + 1, n - successes, p)
                   <= alpha)[1]


def _check_trials(successes: int, n: int, alpha: float) -> None:
    if not 0 <= successes <= n or n < 1:
        raise ValueError(f"need 0 <= successes <= n and n >= 1, got {successes} of {n}")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"need 0 < alpha < 1, got {alpha}")


def _bisect(above: Callable[[float], bool]) -> tuple[float, float]:
    """The interval ``(low, high)``, narrower than 1e-12, holding the point in [0, 1] where
    ``above`` (false, then true as p grows) turns true."""
    low, high = 0.0, 1.0
    while high - low > 1e-12:
        middle = (low + high) / 2.0
        if above(middle):
            high = middle
        else:
            low = middle
    return low, high


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t distribution with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on
    :func:`t_cdf`, to 1e-10): ``t_quantile(0.975, 10)`` is 2.228."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"need 0 < p < 1, got {p}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        high *= 2.0
    while high - low > 1e-10 * max(1.0, high):
        middle = (low + high) / 2.0
        if t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def ratio_interval(totals: Sequence[float], counts: Sequence[float],
                   confidence: float = 0.95) -> tuple[float | None, float | None, float | None]:
    """The mean per unit over clusters, with its interval: ``(mean, low, high)``.

    Cluster j holds ``counts[j]`` units whose values sum to ``totals[j]`` (a match of several
    rounds and the points scored in them). The mean is ΣT/ΣR; units of one cluster are not
    independent, so the interval is the ratio estimator's: standard error
    √(Σ(T_j − mean·R_j)² / (n(n−1))) / R̄ over the n clusters, times Student's t with n − 1
    degrees of freedom. With one unit a cluster it is the usual t interval of a mean.
    No cluster gives ``(None, None, None)``; one cluster gives the mean and no interval.
    """
    if len(totals) != len(counts):
        raise ValueError("totals and counts differ in length")
    n = len(totals)
    units = math.fsum(counts)
    if n == 0 or units <= 0:
        return None, None, None
    mean = math.fsum(totals) / units
    if n == 1:
        return mean, None, None
    residuals = math.fsum((t - mean * r) ** 2 for t, r in zip(totals, counts))
    error = math.sqrt(residuals / (n * (n - 1))) / (units / n)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * error
    return mean, mean - half, mean + half


#: How :func:`mean_interval` made its interval: Student's t, or the conservative bound.
T_INTERVAL = "t"
WILSON_BOUND = "wilson-bound"


def mean_interval(values: Sequence[float], confidence: float = 0.95
                  ) -> tuple[float | None, float, float, str | None]:
    """The mean of ``values`` (chances, each in [0, 1]) with its interval:
    ``(mean, low, high, how)``.

    The interval is Student's t interval of the mean, mean ± t(n−1) · s/√n with s the sample
    standard deviation, cut to [0, 1] (``how`` is ``"t"``). Where it says nothing (fewer than
    two values, or all equal: s = 0), it is the conservative bound for a mean of n values in
    [0, 1]: a value in [0, 1] with mean m varies at most as a coin of chance m does, so Wilson's
    interval around m with n trials holds it (``how`` is ``"wilson-bound"``). No value gives
    ``(None, 0.0, 1.0, None)``.
    """
    n = len(values)
    if n == 0:
        return None, 0.0, 1.0, None
    mean = min(1.0, max(0.0, math.fsum(values) / n))
    spread = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    if spread <= 0.0:
        z = Z95 if confidence == 0.95 else statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
        low, high = _wilson(mean, n, z)
        return mean, low, high, WILSON_BOUND
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * math.sqrt(spread / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half), T_INTERVAL

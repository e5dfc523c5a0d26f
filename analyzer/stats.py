"""Confidence intervals for what the simulations measure. Pure numpy, vectorised:
every function takes scalars or arrays alike."""

from __future__ import annotations

import numpy as np

Z95 = 1.96


def wilson(successes, n, z: float = Z95):
    """Wilson score interval (lo, hi) for a rate of `successes` out of `n`.

    Unlike the plain normal interval it stays inside [0, 1] and is sensible at
    0 or n successes, which rare races and lopsided match-ups produce. NaN where n = 0.
    """
    k = np.asarray(successes, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        z2n = z * z / n
        centre = (p + z2n / 2) / (1 + z2n)
        half = z * np.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # Rounding can push the ends a hair past 0 or 1, or past the rate itself, when
    # k = 0 or k = n.
    lo = np.clip(np.minimum(centre - half, p), 0.0, 1.0)
    hi = np.clip(np.maximum(centre + half, p), 0.0, 1.0)
    return lo[()], hi[()]


def mean_se(values, axis=None):
    """(mean, standard error of the mean) of a sample; the SE is NaN for fewer than 2."""
    x = np.asarray(values, dtype=np.float64)
    n = x.size if axis is None else x.shape[axis]
    return mean_se_from_sums(n, x.sum(axis=axis), (x * x).sum(axis=axis))


def mean_se_from_sums(n, total, total_sq):
    """(mean, standard error) from running sums, so a long run needs no stored sample."""
    n = np.asarray(n, dtype=np.float64)
    total = np.asarray(total, dtype=np.float64)
    total_sq = np.asarray(total_sq, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(n > 0, total / n, np.nan)
        # Sample variance with Bessel's correction. VC and counts are whole numbers, so
        # the sums are exact in float64 and the subtraction loses nothing that matters;
        # clip the tiny negatives rounding can still leave.
        var = np.maximum(total_sq - n * mean * mean, 0.0) / (n - 1)
        se = np.where(n > 1, np.sqrt(var / n), np.nan)
    return mean[()], se[()]


def normal_interval(mean, se, z: float = Z95):
    """(lo, hi) = mean -/+ z * se: the 95% interval of a mean over many games."""
    mean = np.asarray(mean, dtype=np.float64)
    se = np.asarray(se, dtype=np.float64)
    return (mean - z * se)[()], (mean + z * se)[()]

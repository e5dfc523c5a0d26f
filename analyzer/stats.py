"""Confidence intervals for what the simulations measure. Pure numpy, vectorised:
every function takes scalars or arrays alike."""

from __future__ import annotations

import warnings

import numpy as np

Z95 = 1.96
# Said instead of an interval that the games or resamples cannot support (a single
# game, or games that all agree): never a zero-width "95% interval".
TOO_FEW = "too few games for an interval"
# A percentile bootstrap's 95% ends need resamples beyond them; fewer is refused.
MIN_RESAMPLES = 20


def has_interval(lo, hi):
    """Whether (lo, hi) is a real interval: both ends finite and hi above lo."""
    lo = np.asarray(lo, dtype=np.float64)
    hi = np.asarray(hi, dtype=np.float64)
    return (np.isfinite(lo) & np.isfinite(hi) & (hi > lo))[()]


def honest(lo, hi):
    """(lo, hi) with NaN where they make no interval (see has_interval)."""
    ok = has_interval(lo, hi)
    return np.where(ok, lo, np.nan)[()], np.where(ok, hi, np.nan)[()]


def percentile_interval(samples, axis: int = 0):
    """The 95% percentile interval of bootstrap `samples` along `axis` (NaN samples
    left out), NaN where the resamples give no interval (none, or all alike)."""
    x = np.asarray(samples, dtype=np.float64)
    if x.shape[axis] == 0:
        shape = np.delete(np.array(x.shape), axis)
        return np.full(shape, np.nan)[()], np.full(shape, np.nan)[()]
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN slice: no interval
        lo, hi = np.nanpercentile(x, (2.5, 97.5), axis=axis)
    return honest(lo, hi)


def interval_text(lo, hi, fmt=lambda v: f"{v:g}", sep: str = " to ") -> str:
    """ "lo to hi", or TOO_FEW when there is no interval."""
    if not has_interval(lo, hi):
        return TOO_FEW
    return f"{fmt(lo)}{sep}{fmt(hi)}"


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


def logit(p):
    p = np.asarray(p, dtype=np.float64)
    return np.log(p / (1 - p))[()]


def fit_logistic(x, wins, games, iterations: int = 50):
    """Grouped-binomial logistic regression logit(p) = a + b x by iteratively
    reweighted least squares: ((a, b), 2x2 covariance). Half a win and one game are
    added per point (a Jeffreys-style nudge) so a point at 0 or 100% stays finite.

    The covariance assumes independent points; points played on the same seeds
    (common random numbers) are positively correlated, which makes the slope's
    interval from it conservative (wider than it needs to be)."""
    x = np.asarray(x, dtype=np.float64)
    k = np.asarray(wins, dtype=np.float64) + 0.5
    n = np.asarray(games, dtype=np.float64) + 1.0
    design = np.column_stack([np.ones_like(x), x])
    beta = np.zeros(2)
    beta[0] = logit(k.sum() / n.sum())
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(design @ beta)))
        w = n * p * (1 - p)
        info = design.T @ (design * w[:, None])
        step = np.linalg.solve(info, design.T @ (k - n * p))
        beta = beta + step
        if np.max(np.abs(step)) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(-(design @ beta)))
    info = design.T @ (design * (n * p * (1 - p))[:, None])
    return beta, np.linalg.inv(info)


def logistic_at(beta, x):
    """The fitted rate at x."""
    return (1.0 / (1.0 + np.exp(-(beta[0] + beta[1] * np.asarray(x, dtype=np.float64)))))[()]


def solve_logistic(beta, cov, target: float, z: float = Z95):
    """(x, lo, hi): where the fitted rate equals `target`, with a delta-method
    interval. NaN when the slope is not positive (the rate does not rise with x)."""
    a, b = beta
    if not b > 0:
        return np.nan, np.nan, np.nan
    t = logit(target)
    x = (t - a) / b
    grad = np.array([-1.0 / b, -(t - a) / (b * b)])
    se = float(np.sqrt(max(grad @ cov @ grad, 0.0)))
    return float(x), float(x - z * se), float(x + z * se)

"""The statistics the studies print, in one place: confidence intervals, rank
correlation, multiple-testing control, bootstrap resamples and the logistic fit.

The arithmetic comes from scipy.stats and statsmodels, imported where a function
needs them (together about 1.5 s, more than a short command's games); Wilson's
interval, which every command prints, is its closed form, checked against
statsmodels' proportion_confint in tests/test_stats_libraries.py. This module only
fixes the choices the tables rely on (a 95% interval at z = 1.96 exactly, NaN instead of an
interval the games cannot support, seeded resamples) so every study reads them the
same way. Vectorised: the interval functions take scalars or arrays alike."""

from __future__ import annotations

import math
import warnings

import numpy as np

Z95 = 1.96
# Said instead of an interval that the games or resamples cannot support (a single
# game, or games that all agree): never a zero-width "95% interval".
TOO_FEW = "too few games for an interval"
# A percentile bootstrap's 95% ends need resamples beyond them; fewer is refused.
MIN_RESAMPLES = 20


def has_interval(lo, hi, within=(-np.inf, np.inf), estimate=None):
    """Whether (lo, hi) is a real interval: both ends finite, hi above lo, both inside
    the possible range `within` (a normal interval reaching past it, a win-rate
    difference beyond 100 points, says the games are too few for the normal
    approximation it rests on) and holding `estimate` when one is given."""
    lo = np.asarray(lo, dtype=np.float64)
    hi = np.asarray(hi, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        # a width of rounding error alone (games that all agree, summed in floats) is none
        wide = hi - lo > 1e-9 * np.maximum(1.0, np.maximum(np.abs(lo), np.abs(hi)))
        ok = np.isfinite(lo) & np.isfinite(hi) & wide & (lo >= within[0]) & (hi <= within[1])
        if estimate is not None:
            est = np.asarray(estimate, dtype=np.float64)
            ok &= (lo <= est) & (est <= hi)
    return ok[()]


def honest(lo, hi, within=(-np.inf, np.inf), estimate=None):
    """(lo, hi) with NaN where they make no interval (see has_interval)."""
    ok = has_interval(lo, hi, within, estimate)
    return np.where(ok, lo, np.nan)[()], np.where(ok, hi, np.nan)[()]


# The possible range of a difference of two rates (win rates as fractions).
RATE_DIFFERENCE = (-1.0, 1.0)


def percentile_interval(samples, axis: int = 0, spread_only: bool = True):
    """The 95% percentile interval of bootstrap `samples` along `axis` (NaN samples
    left out), NaN where the resamples give no interval (none, or all alike; with
    spread_only=False resamples all alike give their one value at both ends)."""
    x = np.asarray(samples, dtype=np.float64)
    if x.shape[axis] == 0:
        shape = np.delete(np.array(x.shape), axis)
        return np.full(shape, np.nan)[()], np.full(shape, np.nan)[()]
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN slice: no interval
        lo, hi = np.nanpercentile(x, (2.5, 97.5), axis=axis)
    return honest(lo, hi) if spread_only else (lo[()], hi[()])


def interval_text(
    lo, hi, fmt=lambda v: f"{v:g}", sep: str = " to ", within=(-np.inf, np.inf), estimate=None
) -> str:
    """ "lo to hi", or TOO_FEW when there is no interval (see has_interval)."""
    if not has_interval(lo, hi, within, estimate):
        return TOO_FEW
    return f"{fmt(lo)}{sep}{fmt(hi)}"


def enough_digits(values, digits: int, most: int = 4) -> int:
    """The fewest decimals, from `digits` up to `most`, that print every one of
    `values` apart from the others and a non-zero one apart from zero: an interval
    that leaves out 0 never reads "-0.0", nor one with width "+0.0 to +0.0"."""
    vals = [float(v) for v in values if np.isfinite(v)]
    for d in range(digits, most + 1):
        shown = [round(v, d) for v in vals]
        apart = len(set(shown)) == len(set(vals))
        if apart and all(s != 0 or v == 0 for s, v in zip(shown, vals, strict=True)):
            return d
    return most


def estimate_text(est, lo, hi, digits: int = 1, sign: str = "+", unit: str = "", **check) -> str:
    """ "est (lo to hi)" with enough decimals to tell the three apart (enough_digits),
    or "est (too few games for an interval)"; `check` goes to has_interval."""
    if not np.isfinite(est):
        return "n/a"
    if not has_interval(lo, hi, estimate=est, **check):
        return f"{est + 0.0:{sign}.{digits}f}{unit} ({TOO_FEW})"
    d = enough_digits((est, lo, hi), digits)
    return f"{est:{sign}.{d}f}{unit} ({lo:{sign}.{d}f}{unit} to {hi:{sign}.{d}f}{unit})"


def wilson(successes, n, z: float = Z95):
    """Wilson score interval (lo, hi) for a rate of `successes` out of `n`
    (the closed form of statsmodels' proportion_confint, method "wilson").

    Unlike the plain normal interval it stays inside [0, 1] and is sensible at
    0 or n successes, which rare races and lopsided match-ups produce. NaN where n = 0.
    """
    k = np.asarray(successes, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        z2 = z * z
        centre = (k + z2 / 2.0) / (n + z2)
        half = z * np.sqrt(k * (n - k) / n + z2 / 4.0) / (n + z2)
        lo, hi = centre - half, centre + half
    # Rounding can push the ends a hair past the rate itself, or past 0 and 1, when
    # k = 0 or k = n.
    lo = np.where(n > 0, np.clip(np.minimum(lo, p), 0.0, 1.0), np.nan)
    hi = np.where(n > 0, np.clip(np.maximum(hi, p), 0.0, 1.0), np.nan)
    return lo[()], hi[()]


def alpha_of(z: float) -> float:
    """The two-sided level whose normal quantile is z (0.05 for 1.959964...): the
    libraries take a level, the tables were written at z = 1.96 exactly."""
    return math.erfc(z / math.sqrt(2.0))


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


def fit_logistic(x, wins, games):
    """Grouped-binomial logistic regression logit(p) = a + b x (statsmodels' GLM,
    binomial family): ((a, b), 2x2 covariance). Half a win and one game are added per
    point (a Jeffreys-style nudge) so a point at 0 or 100% stays finite.

    The covariance assumes independent points; points played on the same seeds
    (common random numbers) are positively correlated, which makes the slope's
    interval from it conservative (wider than it needs to be)."""
    # lazy: scipy and statsmodels load only for the tests that need them
    from statsmodels.genmod.families import Binomial
    from statsmodels.genmod.generalized_linear_model import GLM

    x = np.asarray(x, dtype=np.float64)
    k = np.asarray(wins, dtype=np.float64) + 0.5
    n = np.asarray(games, dtype=np.float64) + 1.0
    design = np.column_stack([np.ones_like(x), x])
    # The rate per point weighted by its games is the grouped binomial likelihood.
    with warnings.catch_warnings(), np.errstate(divide="ignore", invalid="ignore"):
        # Two points fit exactly: statsmodels warns of "perfect prediction" and of a
        # residual scale it divides by zero degrees of freedom for; the binomial fit
        # uses neither (its scale is 1).
        warnings.simplefilter("ignore")
        fit = GLM(k / n, design, family=Binomial(), var_weights=n).fit(tol=1e-12, maxiter=100)
    return np.asarray(fit.params, dtype=np.float64), np.asarray(fit.cov_params(), np.float64)


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


def two_rate_p(wins_a, games_a, wins_b, games_b) -> float:
    """Two-sided p-value that two rates differ (the pooled two-sample z-test of
    statsmodels' proportions_ztest, in closed form); NaN where the games cannot say."""
    n_a, n_b = float(games_a), float(games_b)
    if not (n_a > 0 and n_b > 0):
        return math.nan
    pooled = (float(wins_a) + float(wins_b)) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return math.nan
    z = (float(wins_a) / n_a - float(wins_b) / n_b) / se
    return math.erfc(abs(z) / math.sqrt(2.0))


def separable(wins_a, games_a, wins_b, games_b, alpha: float = 0.05) -> bool:
    """Whether two rates are told apart at `alpha` (two_rate_p)."""
    p = two_rate_p(wins_a, games_a, wins_b, games_b)
    return bool(np.isfinite(p) and p < alpha)


# ------------------------------------------------------------ rank correlation
# Spearman's rho: var(atanh(rho)) ~ 1.06 / (n - 3) (Fieller, Hartley and Pearson 1957).
SPEARMAN_VAR = 1.06


def spearman(a, b) -> float:
    """Spearman's rank correlation of two equally long samples (scipy.stats.spearmanr,
    ties at their mean rank); NaN when either sample is all alike."""
    # lazy: scipy and statsmodels load only for the tests that need them
    from scipy.stats import spearmanr

    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.size < 2 or np.all(a == a[0]) or np.all(b == b[0]):
        return np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(spearmanr(a, b).statistic)


def spearman_rows(a, b) -> np.ndarray:
    """spearman(a[i], b[i]) for every row i of two equally shaped 2-D arrays at once
    (a bootstrap's resamples): ranks by scipy.stats.rankdata, ties at their mean
    rank, then each row's Pearson correlation of the ranks, as spearmanr computes
    it; NaN for a row where either sample is all alike. One call instead of one
    spearmanr call (about a millisecond of overhead) per row."""
    # lazy: scipy and statsmodels load only for the tests that need them
    from scipy.stats import rankdata

    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    out = np.full(a.shape[0], np.nan)
    if a.shape[1] < 2:
        return out
    alike = np.all(a == a[:, :1], axis=1) | np.all(b == b[:, :1], axis=1)
    ra = rankdata(a, axis=1)
    rb = rankdata(b, axis=1)
    ra -= ra.mean(axis=1, keepdims=True)
    rb -= rb.mean(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        rho = (ra * rb).sum(axis=1) / np.sqrt((ra * ra).sum(axis=1) * (rb * rb).sum(axis=1))
    out[~alike] = np.clip(rho[~alike], -1.0, 1.0)
    return out


def fisher_interval(rho: float, m: int, var: float = SPEARMAN_VAR) -> tuple[float, float]:
    """95% interval of a rank correlation over m items, through Fisher's z."""
    if not np.isfinite(rho) or m <= 3:
        return np.nan, np.nan
    z = math.atanh(min(max(rho, -0.999999), 0.999999))
    half = Z95 * math.sqrt(var / (m - 3))
    return math.tanh(z - half), math.tanh(z + half)


# --------------------------------------------------------- multiple testing
def benjamini_hochberg(p_values) -> np.ndarray:
    """BH-adjusted p-values (q-values; statsmodels' multipletests, "fdr_bh"): a
    hypothesis is rejected at FDR q when its adjusted value is <= q. NaN stays NaN and
    does not count as a test."""
    # lazy: scipy and statsmodels load only for the tests that need them
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(p_values, np.float64)
    out = np.full(p.shape, np.nan)
    ok = np.isfinite(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method="fdr_bh")[1]
    return out


# ---------------------------------------------------------------- bootstrap
def bootstrap_resamples(statistic, n: int, resamples: int, rng) -> np.ndarray:
    """statistic(idx) on `resamples` bootstrap resamples of n items: an array with
    the resamples along axis 0. scipy.stats.bootstrap draws the indices from `rng`
    as rng.integers(0, n, (resamples, n)), the same draws as a loop of
    rng.integers(0, n, n), so a seed gives the same resamples as it always has. NaN
    results stay in (percentile_interval leaves them out).

    Resamples scipy cannot draw stay with their study: stratified by seat
    (robustness), paired across two arms with a second level of combo games
    (compare), hashed per game (balance's seat coins). New draws would move their
    printed intervals; they take their ends from percentile_interval."""
    # lazy: scipy and statsmodels load only for the tests that need them
    from scipy.stats import bootstrap

    first = np.asarray(statistic(np.arange(n)))
    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        # The confidence interval scipy computes beside the draws is not used: a NaN
        # resample (a bot that drew no game) only makes it warn.
        warnings.simplefilter("ignore")
        result = bootstrap(
            (np.arange(n),), lambda idx: np.ravel(statistic(idx)), n_resamples=resamples,
            vectorized=False, method="percentile", rng=rng,
        )  # fmt: skip
    draws = np.asarray(result.bootstrap_distribution, dtype=np.float64)
    return np.moveaxis(draws.reshape(first.shape + (resamples,)), -1, 0)

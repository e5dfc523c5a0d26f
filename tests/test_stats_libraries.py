"""The statistics from scipy and statsmodels give the numbers the hand-written
versions gave. Each old formula stays here as the oracle (as it was in
analyzer/stats.py and the studies), checked over a range of inputs far finer than
any table prints (rates to 0.1 points, correlations to 0.01, tokens to 0.1)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.stats import (
    alpha_of,
    benjamini_hochberg,
    bootstrap_resamples,
    fit_logistic,
    logit,
    percentile_interval,
    solve_logistic,
    spearman,
    wilson,
)

TIGHT = 1e-9  # far below every printed precision


# ------------------------------------------------------------------ oracles
def old_wilson(successes, n, z=1.96):
    k = np.asarray(successes, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        z2n = z * z / n
        centre = (p + z2n / 2) / (1 + z2n)
        half = z * np.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    lo = np.clip(np.minimum(centre - half, p), 0.0, 1.0)
    hi = np.clip(np.maximum(centre + half, p), 0.0, 1.0)
    return lo[()], hi[()]


def old_benjamini_hochberg(p_values):
    p = np.asarray(p_values, np.float64)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    m = ok.size
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    scaled = p[order] * m / np.arange(1, m + 1)
    out[order] = np.minimum(np.minimum.accumulate(scaled[::-1])[::-1], 1.0)
    return out


def old_spearman(a, b):  # studies/players.py and studies/robustness.py
    ra = pd.Series(a).rank().to_numpy(np.float64)
    rb = pd.Series(b).rank().to_numpy(np.float64)
    if ra.std() == 0 or rb.std() == 0:
        return np.nan
    return float(np.corrcoef(ra, rb)[0, 1])


def old_fit_logistic(x, wins, games, iterations=50):
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


# -------------------------------------------------------------------- tests
def test_wilson_matches_the_formula_over_a_grid_of_counts():
    rng = np.random.default_rng(11)
    n = np.concatenate([np.arange(1, 60), rng.integers(60, 200_000, 400)])
    for k in (np.zeros_like(n), n, n // 2, n // 7, rng.integers(0, n + 1), n - 1):
        for z in (1.96, 2.576, 1.0):
            new, old = wilson(k, n, z), old_wilson(k, n, z)
            np.testing.assert_allclose(new, old, rtol=0, atol=TIGHT)
    lo, hi = wilson(np.array([0, 3]), np.array([0, 0]))
    assert np.isnan(lo).all() and np.isnan(hi).all()
    # scalars stay scalars, and the ends hold the rate at 0 and n wins
    lo, hi = wilson(0, 25)
    assert np.ndim(lo) == 0 and lo == 0.0 and hi == pytest.approx(old_wilson(0, 25)[1])
    assert wilson(25, 25)[1] == 1.0


def test_wilson_is_statsmodels_wilson_interval():
    """The closed form (kept so no command pays statsmodels' import for its
    intervals) is statsmodels' proportion_confint, method "wilson", at every z."""
    from scipy.stats import norm
    from statsmodels.stats.proportion import proportion_confint

    rng = np.random.default_rng(12)
    n = np.concatenate([np.arange(1, 80), rng.integers(80, 500_000, 600)])
    for k in (np.zeros_like(n), n, n // 3, rng.integers(0, n + 1), n - 1):
        for z in (1.96, 2.576, 1.0, 3.3):
            alpha = alpha_of(z)
            assert alpha == pytest.approx(2 * norm.sf(z), rel=1e-12)
            lo, hi = proportion_confint(k, n, alpha=alpha, method="wilson")
            new_lo, new_hi = wilson(k, n, z)
            np.testing.assert_allclose(new_lo, np.clip(np.minimum(lo, k / n), 0, 1), atol=TIGHT)
            np.testing.assert_allclose(new_hi, np.clip(np.maximum(hi, k / n), 0, 1), atol=TIGHT)


def test_no_statistics_library_is_imported_until_a_function_needs_it():
    """Every command prints intervals; importing scipy.stats and statsmodels costs
    more than a short command's games, so analyzer.stats imports them lazily."""
    import subprocess
    import sys

    code = (
        "import sys, analyzer.stats as s; s.wilson(3, 10); s.interval_text(0.1, 0.2);"
        "print(sorted(m for m in sys.modules if m.startswith(('scipy', 'statsmodels'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_benjamini_hochberg_matches_the_step_up_over_many_sets():
    rng = np.random.default_rng(5)
    for size in (1, 2, 3, 10, 47, 320):
        for _ in range(20):
            p = rng.random(size) ** rng.uniform(0.3, 4)
            p[rng.random(size) < 0.1] = np.nan
            p[rng.random(size) < 0.2] = p[0]  # ties
            np.testing.assert_allclose(
                benjamini_hochberg(p), old_benjamini_hochberg(p), rtol=0, atol=1e-15
            )
    assert np.isnan(benjamini_hochberg([np.nan, np.nan])).all()
    assert benjamini_hochberg([]).shape == (0,)


def test_spearman_matches_pearson_of_average_ranks():
    rng = np.random.default_rng(9)
    for size in (2, 3, 5, 16, 20, 320):
        for _ in range(25):
            a = rng.normal(size=size)
            b = a * rng.uniform(-1, 1) + rng.normal(size=size)
            if size > 3:
                a[: size // 3] = np.round(a[: size // 3], 0)  # ties
                b[::4] = b[0]
            old, new = old_spearman(a, b), spearman(a, b)
            assert (np.isnan(old) and np.isnan(new)) or abs(old - new) < 1e-12
    assert np.isnan(spearman([1, 1, 1], [1, 2, 3])) and np.isnan(old_spearman([1, 1, 1], [1, 2, 3]))
    assert np.isnan(spearman([0.5], [0.2]))


def test_spearman_by_name_matches_pandas_rank_corr():
    """studies/balance.py correlated two name -> rate tables with pandas (ranks, then
    Pearson, aligned by name); now by name through stats.spearman."""
    rng = np.random.default_rng(3)
    names = [f"race{i}" for i in range(16)]
    for _ in range(30):
        now = dict(zip(names, rng.random(16), strict=True))
        before = pd.Series(rng.random(16), index=names[::-1])  # another order
        old = pd.Series(now).rank().corr(before.rank())
        new = spearman(*pd.DataFrame({"a": now, "b": before}).dropna().to_numpy().T)
        assert abs(old - new) < 1e-12
        before[names[4]] = np.nan  # a race without games: left out of both
        now[names[4]] = np.nan
        old = pd.Series(now).rank().corr(before.rank())
        new = spearman(*pd.DataFrame({"a": now, "b": before}).dropna().to_numpy().T)
        assert abs(old - new) < 1e-12


@pytest.mark.parametrize("case", range(12))
def test_logistic_fit_matches_the_hand_written_irls(case):
    rng = np.random.default_rng(case)
    points = int(rng.integers(2, 9))
    x = np.sort(rng.choice(np.arange(-6, 7), points, replace=False)).astype(float)
    games = rng.integers(1, 4000, points)
    rate = 1 / (1 + np.exp(-(rng.normal(0, 1) + rng.uniform(-0.2, 0.6) * x)))
    wins = rng.binomial(games, rate)
    if case % 4 == 0:
        wins[0], wins[-1] = 0, games[-1]  # points at 0 and 100%
    (beta, cov), (b0, c0) = fit_logistic(x, wins, games), old_fit_logistic(x, wins, games)
    np.testing.assert_allclose(beta, b0, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(cov, c0, rtol=1e-6, atol=1e-12)
    fair = float(rng.uniform(0.2, 0.5))
    new, old = solve_logistic(beta, cov, fair), solve_logistic(b0, c0, fair)
    np.testing.assert_allclose(new, old, rtol=1e-6, atol=1e-6)


def test_bootstrap_resamples_draw_what_the_hand_loop_drew():
    """studies/tournament.py drew rng.integers(0, games, games) per resample; scipy
    draws the same indices from the same generator, NaN results kept."""
    values = np.random.default_rng(1).normal(size=(37, 3))

    def statistic(idx):
        if idx.min() > 0:  # a resample without game 0: no value, as a bot without games
            return np.full(4, np.nan)
        return np.concatenate([values[idx].mean(0), [idx.sum()]])

    rng = np.random.default_rng(7)
    old = np.stack([statistic(rng.integers(0, 37, 37)) for _ in range(300)])
    new = bootstrap_resamples(statistic, 37, 300, np.random.default_rng(7))
    assert new.shape == old.shape
    np.testing.assert_array_equal(new, old)
    assert np.isnan(new[:, 0]).any()  # the NaN resamples are kept, not redrawn
    np.testing.assert_array_equal(percentile_interval(new), percentile_interval(old))
    two_d = bootstrap_resamples(lambda i: values[i].mean(0).reshape(3, 1), 37, 50, 2)
    assert two_d.shape == (50, 3, 1)


def test_paired_percentiles_match_the_quantile_of_finite_resamples():
    """studies/compare.py took np.quantile of the finite resamples, no spread needed."""
    rng = np.random.default_rng(2)
    for _ in range(50):
        d = rng.normal(size=int(rng.integers(10, 500)))
        d[rng.random(d.size) < 0.05] = np.nan
        d[rng.random(d.size) < 0.02] = np.inf
        boot = d[np.isfinite(d)]
        old = np.quantile(boot, [0.025, 0.975])
        new = percentile_interval(np.where(np.isfinite(d), d, np.nan), spread_only=False)
        np.testing.assert_array_equal(new, old)
    same = percentile_interval(np.full(20, 0.25), spread_only=False)
    assert same == (0.25, 0.25) and np.isnan(percentile_interval(np.full(20, 0.25))).all()


def test_spearman_rows_matches_spearman_row_by_row():
    """The bootstrap's correlations, all resamples in one call (stats.spearman_rows),
    equal scipy's spearmanr (stats.spearman) on each row, ties, alike rows and all."""
    from analyzer.stats import spearman_rows

    rng = np.random.default_rng(11)
    for size in (2, 3, 16, 320):
        a = rng.normal(size=(40, size))
        b = a * rng.uniform(-1, 1, (40, 1)) + rng.normal(size=(40, size))
        a[:, : size // 3] = np.round(a[:, : size // 3])  # ties
        b[::5] = b[::5, :1]  # every fifth row all alike: NaN
        a[3] = 7.0
        rows = spearman_rows(a, b)
        for i in range(len(a)):
            one = spearman(a[i], b[i])
            assert (np.isnan(one) and np.isnan(rows[i])) or abs(one - rows[i]) < 1e-12, (size, i)
        assert np.isnan(rows[::5]).all() and np.isnan(rows[3])
    assert np.isnan(spearman_rows(np.ones((3, 1)), np.ones((3, 1)))).all()

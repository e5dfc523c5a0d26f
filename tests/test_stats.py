"""Intervals against values worked out by hand or published."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.stats import mean_se, mean_se_from_sums, normal_interval, wilson


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (50, 100, 0.403830, 0.596170),
        (0, 10, 0.0, 0.277540),
        (10, 10, 0.722460, 1.0),
        (1, 10, 0.017875, 0.404150),
        (250, 1000, 0.224153, 0.277761),
    ],
)
def test_wilson_known_values(k, n, lo, hi):
    got_lo, got_hi = wilson(k, n)
    assert got_lo == pytest.approx(lo, abs=1e-4)
    assert got_hi == pytest.approx(hi, abs=1e-4)


def test_wilson_is_vectorised_and_nan_without_games():
    k = np.array([50, 0, 10, 3])
    n = np.array([100, 10, 10, 0])
    lo, hi = wilson(k, n)
    assert lo.shape == hi.shape == (4,)
    for i in range(3):
        assert (lo[i], hi[i]) == wilson(k[i], n[i])
    assert np.isnan(lo[3]) and np.isnan(hi[3])


def test_wilson_contains_the_rate_and_narrows_with_games():
    rates = np.array([0.1, 0.25, 0.5, 0.9])
    small = wilson(rates * 100, 100)
    large = wilson(rates * 10000, 10000)
    assert np.all(small[0] <= rates) and np.all(rates <= small[1])
    assert np.all(large[1] - large[0] < small[1] - small[0])


def test_wider_interval_for_larger_z():
    lo95, hi95 = wilson(30, 100)
    lo99, hi99 = wilson(30, 100, z=2.576)
    assert lo99 < lo95 and hi99 > hi95


def test_mean_and_standard_error():
    mean, se = mean_se([1, 2, 3, 4])
    assert mean == 2.5
    assert se == pytest.approx(np.std([1, 2, 3, 4], ddof=1) / 2)
    assert se == pytest.approx(0.645497, abs=1e-6)
    lo, hi = normal_interval(mean, se)
    assert lo == pytest.approx(2.5 - 1.96 * 0.645497, abs=1e-5)
    assert hi == pytest.approx(2.5 + 1.96 * 0.645497, abs=1e-5)


def test_mean_se_edge_cases_and_axis():
    mean, se = mean_se([5])
    assert mean == 5 and np.isnan(se)
    mean, se = mean_se([])
    assert np.isnan(mean) and np.isnan(se)
    mean, se = mean_se([[1, 2], [3, 5]], axis=0)
    np.testing.assert_allclose(mean, [2.0, 3.5])
    np.testing.assert_allclose(se, [1.0, 1.5])


def test_running_sums_match_the_whole_sample():
    rng = np.random.default_rng(3)
    x = rng.integers(20, 120, size=5000)
    n = total = total_sq = 0
    for part in np.array_split(x, 7):
        n += len(part)
        total += part.sum()
        total_sq += (part.astype(np.float64) ** 2).sum()
    assert mean_se_from_sums(n, total, total_sq) == pytest.approx(mean_se(x))
    assert mean_se(x)[1] == pytest.approx(x.std(ddof=1) / np.sqrt(len(x)))


def test_wilson_always_contains_the_rate():
    n = np.arange(1, 400)
    for k in (np.zeros_like(n), n, n // 3):
        lo, hi = wilson(k, n)
        assert (lo <= k / n).all() and (hi >= k / n).all()

"""Racing the combos (analyzer/studies/sequential.py), by simulation: no engine, only
Bernoulli games, so each check takes a second or two."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.stats import Z95, benjamini_hochberg, wilson
from analyzer.studies import sequential as S

NULL = 0.25
# True rates spread like a 4-player combo table's, and a dense band about the fair
# share, where a combo is stopped at one look and not at another.
RATES = np.concatenate([np.linspace(0.05, 0.6, 12), NULL + np.linspace(-0.08, 0.08, 17)])
BAND = (np.abs(RATES - NULL) > 0.015) & (np.abs(RATES - NULL) < 0.075)
COPIES = 8  # each race has len(RATES) * COPIES arms, about a combo table's size


def _simulate(cap: int, reps: int, seed: int, interval=None, keep: int = 0):
    """Coverage of each true rate in RATES over `reps` races: the share of arms whose
    interval held it. `interval(race)`: another interval at the stopping time. `keep`
    0 (no arm kept playing for the table's ends) stops the most, the hardest case."""
    rng = np.random.default_rng(seed)
    truth = np.tile(RATES, COPIES)
    held = np.zeros(truth.size)
    games = 0
    for _ in range(reps):
        race, _cum = S.race_arrays(truth, cap, NULL, rng, keep)
        lo, hi = (race.lo, race.hi) if interval is None else interval(race)
        held += (lo <= truth) & (truth <= hi)
        games += race.n.sum()
    coverage = held.reshape(COPIES, -1).sum(0) / (COPIES * reps)
    return coverage, games / (reps * cap * truth.size)


def _naive(race):
    """The plain 95% Wilson interval on the games an arm played: what a table shows
    when it ignores that the arm was stopped when its data looked decided."""
    return wilson(race.wins, race.n)


def test_schedule_splits_the_error_over_the_looks():
    assert S.schedule(1100) == ((275, 550, 1100), (0.10, 0.10, 0.80))
    looks, spend = S.schedule(400)
    assert looks == (100, 200, 400) and sum(spend) == pytest.approx(1.0)
    looks, spend = S.schedule(200)  # the first look would have 50: its error goes last
    assert looks == (100, 200) and spend == pytest.approx((0.1, 0.9))
    # too few games for two looks: the fixed-size study, its 1.96 and nothing else
    for cap in (10, 80, 150, 198):
        assert S.schedule(cap) == ((cap,), (1.0,))
    assert S.look_z(1.0) == Z95
    assert S.look_z(0.8) == pytest.approx(2.0537, abs=1e-4)


def test_one_look_is_the_fixed_study():
    rng = np.random.default_rng(3)
    race, cum = S.race_arrays(np.full(50, 0.3), 150, NULL, rng)
    assert not race.adaptive and (race.n == 150).all()
    lo, hi = wilson(cum[:, -1], 150)
    assert np.array_equal(race.lo, lo) and np.array_equal(race.hi, hi)
    assert np.allclose(race.p, S.score_p(cum[:, -1], 150, NULL))


@pytest.mark.parametrize("cap,keep", [(400, 0), (1100, 0), (1100, S.KEEP)])
def test_intervals_cover_at_least_94_percent_under_the_stopping_rule(cap, keep):
    coverage, used = _simulate(cap, 60 if cap > 400 else 100, seed=cap, keep=keep)
    assert used < 0.8  # the racing stops arms early (else this checks nothing)
    assert coverage.mean() >= 0.95
    assert coverage[BAND].mean() >= 0.94  # where the stopping bites
    assert coverage.min() >= 0.92  # each rate, allowing for 500-odd races' noise


def test_naive_intervals_at_the_stopping_time_cover_less():
    """The check can fail: the plain 95% interval at the stopping time, on the very
    same races, covers the rates that are stopped at some looks and not others less
    than 94% of the time."""
    ours, _ = _simulate(400, 100, seed=11)
    naive, _ = _simulate(400, 100, seed=11, interval=_naive)
    assert naive[BAND].mean() < 0.94 < ours[BAND].mean()


def test_no_false_calls_beyond_the_rate_under_the_null():
    """Every arm at the fair share: a call is a false discovery; Benjamini-Hochberg
    keeps a race with any at about 5% of races (all nulls true: FDR = family error)."""
    rng = np.random.default_rng(21)
    with_a_call = 0
    reps = 300
    for _ in range(reps):
        race, _ = S.race_arrays(np.full(40, NULL), 400, NULL, rng, keep=0)
        q, labels = race.calls()
        with_a_call += any(labels)
        assert (race.p >= 0).all() and (race.p <= 1).all()
    assert with_a_call / reps <= 0.07


def test_calls_are_benjamini_hochberg_on_every_look():
    """Stopping an arm once called changes no call: the labels equal Benjamini-Hochberg
    on the p-values the arms would have had had every arm played every look."""
    rng = np.random.default_rng(8)
    truth = np.tile(RATES, COPIES)
    for keep in (0, S.KEEP) * 8:
        race, cum = S.race_arrays(truth, 1100, NULL, rng, keep)
        looks, spend = race.looks, race.spend
        full = np.ones(truth.size)
        for n, w in zip(looks, spend, strict=True):
            full = np.minimum(full, np.minimum(1.0, S.score_p(cum[:, n - 1], n, NULL) / w))
        q_full = benjamini_hochberg(full)
        _q, labels = race.calls()
        assert [lab != "" for lab in labels] == (q_full <= S.FDR_Q).tolist()
        # and an arm that stopped kept its direction and its games' wins
        stopped = race.n < 1100
        assert (race.wins[stopped] == cum[stopped, race.n[stopped] - 1]).all()
        assert stopped.any()


def test_a_look_interval_leaves_out_the_null_exactly_when_its_p_value_does():
    """Wilson's interval is the score test's inversion: the tables' interval and call
    cannot disagree at a look."""
    n = 275
    k = np.arange(0, n + 1)
    for w in (0.05, 0.1, 0.8, 1.0):
        z = S.look_z(w)
        lo, hi = wilson(k, n, z)
        out = (lo > NULL) | (hi < NULL)
        p = S.score_p(k, n, NULL)
        level = S.ALPHA * w if w < 1 else 2 * (1 - __import__("scipy").stats.norm.cdf(Z95))
        assert (out == (p < level)).all()

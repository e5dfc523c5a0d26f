"""The house-rule study (analyzer compare): paired differences and their intervals."""

import dataclasses
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer import load_game
from analyzer.stats import honest
from analyzer.studies.compare import (
    COMPARE_COLUMNS,
    METRICS,
    Arm,
    changed_rows,
    combo_resamples,
    paired_rows,
    resamples,
    run_compare,
)
from analyzer.studies.compare_page import findings, write_compare
from analyzer.studies.settings import CompareSettings as S

SWOW = load_game("swow")  # the game these tests play (the default run's)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _arm(vc, win=None, combo_wins=None, declines=None, round_sum=None):
    games, players = vc.shape
    win = (vc == vc.max(1, keepdims=True)).astype(np.int8) if win is None else win
    combos = np.array([[0, 0], [0, 1], [1, 0]], np.int64)
    if combo_wins is None:
        combo_wins = np.zeros((3, 4), np.int8)
    declines = np.ones((games, players), np.int32) if declines is None else declines
    round_sum = np.full(games, 3 * players, np.int64) if round_sum is None else round_sum
    return Arm("x", "x.toml", players, ("heuristic",) * players, win, vc, declines, round_sum,
               combos, combo_wins, 0, [], [])  # fmt: skip


def _by_metric(rows):
    return {r["metric"]: r for r in rows}


def test_an_arm_against_itself_is_exactly_zero():
    rng = np.random.default_rng(5)
    a = _arm(rng.integers(40, 90, (200, 4)).astype(np.int32),
             combo_wins=rng.integers(0, 2, (3, 4)).astype(np.int8))  # fmt: skip
    for r in paired_rows(a, a, 200, 4, 50, seed=1):
        # games that all agree support no interval: none is printed, none is significant
        assert r["delta"] == 0 and np.isnan(r["delta_lo"]) and np.isnan(r["delta_hi"]), r
        assert not r["significant"]


def test_a_known_shift_is_measured_exactly():
    rng = np.random.default_rng(6)
    vc = rng.integers(40, 90, (300, 3)).astype(np.int32)
    base, shifted = _arm(vc), _arm(vc + 2)
    rows = _by_metric(paired_rows(base, shifted, 300, 4, 50, seed=1))
    # Every player scores 2 more in every game: the mean moves by exactly 2 with no
    # spread in the paired differences (no interval of width, so none is printed), and
    # the spread of scores does not move at all.
    for metric in ("mean_score", "winning_score"):
        assert rows[metric]["delta"] == pytest.approx(2.0)
        assert np.isnan(rows[metric]["delta_lo"]) and not rows[metric]["significant"]
    assert rows["score_sd"]["delta"] == pytest.approx(0.0, abs=1e-12)
    assert rows["winning_margin"]["delta"] == pytest.approx(0.0)


def test_combo_spread_and_decline_round():
    games = 100
    vc = np.full((games, 2), 50, np.int32)
    flat = np.zeros((3, 4), np.int8)
    flat[:, :2] = 1  # every combo wins half its games
    spread = np.zeros((3, 4), np.int8)
    spread[0, :] = 1  # one combo wins all, the others none
    late = np.full(games, 2 * 5, np.int64)  # each of 2 declines in round 5
    rows = _by_metric(
        paired_rows(_arm(vc, combo_wins=flat), _arm(vc, combo_wins=spread, round_sum=late),
                    games, 4, 100, seed=2)
    )  # fmt: skip
    assert rows["combo_win_sd"]["baseline"] == 0.0
    assert rows["combo_win_sd"]["value"] == pytest.approx(np.std([1, 0, 0], ddof=1))
    assert rows["combo_win_range"]["delta"] == pytest.approx(1.0)
    assert rows["decline_round"]["baseline"] == pytest.approx(3.0)
    assert rows["decline_round"]["delta"] == pytest.approx(2.0)
    assert np.isnan(rows["decline_round"]["delta_lo"])  # every resample alike: no interval


def test_paired_mean_interval_is_the_normal_interval_of_the_differences():
    rng = np.random.default_rng(7)
    vc = rng.integers(40, 90, (400, 4)).astype(np.int32)
    noisy = vc + rng.integers(-3, 4, vc.shape).astype(np.int32)
    r = _by_metric(paired_rows(_arm(vc), _arm(noisy), 400, 4, 20, seed=1))["mean_score"]
    diff = noisy.mean(1) - vc.mean(1)
    half = 1.96 * diff.std(ddof=1) / np.sqrt(400)
    assert r["delta"] == pytest.approx(diff.mean())
    assert r["delta_hi"] - r["delta"] == pytest.approx(half)


def _old_whole_sample(arm, games, combo_games):
    """_whole_sample as it was before the resamples were shared (the reference)."""
    from analyzer.engine.layout import MAX_POWERS

    vc = arm.vc[games].astype(np.float64)
    declined = arm.declines.sum(1)[games].sum()
    keys = arm.combos[:, 0] * MAX_POWERS + arm.combos[:, 1]
    rates = np.take_along_axis(arm.combo_wins, combo_games[keys], axis=1).mean(axis=1)
    gpc = arm.combo_wins.shape[1]
    noise = (rates * (1 - rates)).mean() / (gpc - 1)  # the binomial noise, taken out since
    if arm.team:
        for f in np.unique(arm.combo_faction):
            mine = arm.combo_faction == f
            rates[mine] -= rates[mine].mean()
    return {
        "score_sd": float(vc.std(ddof=1)),
        "decline_round": float(arm.decline_round_sum[games].sum() / declined)
        if declined
        else np.nan,
        "combo_win_sd": float(np.sqrt(max(rates.var(ddof=1) - noise, 0.0)))
        if rates.size > 1
        else np.nan,
        "combo_win_range": float(rates.max() - rates.min()) if rates.size else np.nan,
    }


def _old_pooled(arm, col, i, picks):
    """(win rate, games) of the combos with race (col 0) or power (col 1) i, its combo
    games resampled by `picks`, as it was (the reference)."""
    from analyzer.engine.layout import MAX_POWERS

    mask = arm.combos[:, col] == i
    if not mask.any():
        return np.nan, 0
    keys = arm.combos[:, 0] * MAX_POWERS + arm.combos[:, 1]
    wins = np.take_along_axis(arm.combo_wins[mask], picks[keys[mask]], axis=1)
    return float(wins.mean()), int(wins.size)


def _old_bootstraps(base, arm, items, games, gpc, bootstrap, seed):
    """The per-pair bootstrap loops as they were: the whole-sample deltas and the
    changed items' pooled differences, one resample and one item at a time."""
    from analyzer.engine.layout import MAX_POWERS, MAX_RACES

    n_keys = MAX_RACES * MAX_POWERS
    rng = np.random.default_rng([seed, 0xC0A1])
    deltas = {m: np.empty(bootstrap) for m in ("score_sd", "decline_round", "combo_win_sd",
                                               "combo_win_range")}  # fmt: skip
    for i in range(bootstrap):
        picks = rng.integers(0, games, games)
        combo_picks = rng.integers(0, gpc, (n_keys, gpc))
        b, s = (
            _old_whole_sample(base, picks, combo_picks),
            _old_whole_sample(arm, picks, combo_picks),
        )
        for m in deltas:
            deltas[m][i] = s[m] - b[m]
    rng = np.random.default_rng([seed, 0xC0A2])
    draws = np.full((bootstrap, len(items)), np.nan)
    for k in range(bootstrap):
        picks = rng.integers(0, gpc, (n_keys, gpc))
        for j, (kind, i, _name) in enumerate(items):
            col = 0 if kind == "race" else 1
            draws[k, j] = _old_pooled(arm, col, i, picks)[0] - _old_pooled(base, col, i, picks)[0]
    return deltas, draws


def test_shared_resamples_give_the_rows_of_each_pair_alone():
    rng = np.random.default_rng(11)
    games, gpc, bootstrap, seed = 150, 7, 60, 4
    combos = np.array([[r, p] for r in range(3) for p in range(4)], np.int64)

    def arm(name, pairs, team=False):
        vc = rng.integers(20, 90, (games, 4)).astype(np.int32)
        win = (vc == vc.max(1, keepdims=True)).astype(np.int8)
        a = Arm(name, f"{name}.toml", 4, ("heuristic",) * 4, win, vc,
                rng.integers(0, 3, (games, 4)).astype(np.int32),
                rng.integers(0, 40, games).astype(np.int64), pairs,
                rng.integers(0, 2, (len(pairs), gpc)).astype(np.int8), 0, [], [])  # fmt: skip
        if team:
            a.team, a.team_win, a.combo_faction = True, win.copy(), pairs[:, 0] % 2
        return a

    every = [arm("base", combos), arm("one", combos[combos[:, 0] != 1]),
             arm("two", combos[1:], team=True), arm("three", combos, team=True)]  # fmt: skip
    items = [("race", 0, "A"), ("race", 1, "B"), ("power", 0, "x"), ("power", 3, "w")]
    samples = resamples(every, games, gpc, bootstrap, seed)
    wins = combo_resamples(every, gpc, bootstrap, seed)
    for i, k in [(0, 1), (0, 2), (2, 3)]:  # a team arm against a team arm reads its spreads
        base, a = every[i], every[k]
        shared = paired_rows(base, a, games, gpc, bootstrap, seed, (samples[i], samples[k]))
        alone = paired_rows(base, a, games, gpc, bootstrap, seed)
        deltas, draws = _old_bootstraps(base, a, items, games, gpc, bootstrap, seed)
        for r in [*shared, *alone]:
            if r["metric"] in deltas:
                d = deltas[r["metric"]]
                lo, hi = np.nanpercentile(np.where(np.isfinite(d), d, np.nan), (2.5, 97.5))
                lo, hi = honest(lo, hi, estimate=r["delta"])  # none that leaves out its delta
                assert np.allclose((r["delta_lo"], r["delta_hi"]), (lo, hi), rtol=0, atol=0,
                                   equal_nan=True), r["metric"]  # fmt: skip
        assert pd.DataFrame(shared).equals(pd.DataFrame(alone))
        changed = changed_rows(base, a, items, gpc, bootstrap, seed, (wins[i], wins[k]))
        assert pd.DataFrame(changed).equals(
            pd.DataFrame(changed_rows(base, a, items, gpc, bootstrap, seed))
        )
        for j, r in enumerate(changed):
            if r["games"] and r["games_baseline"]:
                lo, hi = np.nanpercentile(draws[:, j], (2.5, 97.5))
                assert (r["delta_lo"], r["delta_hi"]) == (lo, hi), r["name"]
            else:
                assert np.isnan(r["delta_lo"]) and np.isnan(draws[:, j]).all()


@pytest.fixture(scope="module")
def small_study():
    scenarios = (SCENARIOS / "baseline-3p.toml", SCENARIOS / "extra-round.toml")
    settings = S(scenarios, games=600, games_per_combo=4, seed=3, bootstrap=40, game=SWOW)
    return run_compare(settings, progress=False)


def test_the_printed_rules_scenario_equals_the_built_in_baseline(small_study):
    t = small_study.table
    same = t[t.scenario == "Baseline, 3 players"]
    assert len(same) == len([m for m in METRICS if not m.endswith("_team_win")])  # standard
    assert (same.delta == 0).all() and same.delta_lo.isna().all() and same.delta_hi.isna().all()
    said = [f for f in findings(small_study) if f.startswith("**Baseline, 3 players**")]
    assert len(said) == 1 and "the same scores as under its baseline" in said[0]
    extra_round = [f for f in findings(small_study) if "round" in f.lower()]
    assert extra_round and "the same scores" not in extra_round[0]


def test_an_extra_round_raises_the_scores(small_study):
    t = small_study.table.set_index(["scenario", "metric"])
    name = [s for s in small_study.table.scenario.unique() if "round" in s.lower()]
    assert name, small_study.table.scenario.unique()
    row = t.loc[(name[0], "mean_score")]
    assert row.delta > 5 and row.significant


def test_tables_and_files(small_study, tmp_path):
    t = small_study.table
    assert list(t.columns) == list(COMPARE_COLUMNS)
    assert set(t.metric) == {m for m in METRICS if not m.endswith("_team_win")}  # standard arms
    out = write_compare(small_study, tmp_path / "cmp", game=load_game("swow"))
    for name in ("compare.csv", "compare.parquet", "arms.csv", "forest.png", "summary.md"):
        assert (out / name).exists(), name
    back = pd.read_csv(out / "compare.csv")
    assert len(back) == len(t)
    assert "paired" in (out / "summary.md").read_text()


def test_a_banned_race_appears_nowhere(tmp_path):
    settings = S((SCENARIOS / "no-tauren.toml",), games=50, games_per_combo=2, seed=1,
                 bootstrap=10, game=SWOW)  # fmt: skip
    r = run_compare(settings, progress=False)
    out = write_compare(r, tmp_path / "cmp", game=load_game("swow"))
    # Named only where the study says what the house rule changes: as not played.
    changed = pd.read_csv(out / "changed.csv")
    assert changed[["kind", "name", "games"]].values.tolist() == [["race", "Tauren", 0]]
    for f in out.iterdir():
        if f.suffix in (".csv", ".md") and f.name != "changed.csv":
            text = "\n".join(
                line
                for line in f.read_text().replace("Tauren banned", "").splitlines()
                if "not played (banned)" not in line
            )
            assert "Tauren" not in text, f.name


def test_same_seed_same_table():
    kw = dict(games=300, games_per_combo=3, seed=9, bootstrap=20)
    a = run_compare(S((SCENARIOS / "no-murlocs.toml",), **kw, game=SWOW), progress=False)
    b = run_compare(S((SCENARIOS / "no-murlocs.toml",), **kw, game=SWOW), progress=False)
    pd.testing.assert_frame_equal(a.table, b.table)


def test_seed_changes_the_games():
    kw = dict(games=300, games_per_combo=3, bootstrap=20)
    a = run_compare(S((SCENARIOS / "no-murlocs.toml",), seed=1, **kw, game=SWOW), progress=False)
    b = run_compare(S((SCENARIOS / "no-murlocs.toml",), seed=2, **kw, game=SWOW), progress=False)
    assert not np.allclose(a.table.value, b.table.value)


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "compare", *map(str, args)],
        capture_output=True, text=True,
    )  # fmt: skip


def test_cli_refuses_a_bad_scenario(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[scenario]\nname = "x"\ndescription = "y"\nplayers = 4\n[rules]\nstart_coinz = 3\n'
    )
    r = _cli(bad, "--games", "10")
    assert r.returncode == 2
    assert "start_coinz" in r.stderr and "Did you mean 'start_coins'" in r.stderr
    assert "Traceback" not in r.stderr


def test_cli_refuses_a_baseline_of_another_player_count(tmp_path):
    r = _cli(SCENARIOS / "no-murlocs.toml", "--baseline", SCENARIOS / "baseline-3p.toml",
             "--games", "10", "--out", tmp_path / "x")  # fmt: skip
    assert r.returncode == 2 and "--baseline" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x").exists()


def test_cli_writes_the_folder(tmp_path):
    r = _cli(SCENARIOS / "no-faction-bonus.toml", "--games", "200", "--games-per-combo", "2",
             "--out", tmp_path / "cmp")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "cmp" / "compare.csv").exists()
    assert "Report written" in r.stdout


def test_self_comparison_through_a_given_baseline():
    sc = SCENARIOS / "no-murlocs.toml"
    settings = S((sc,), baseline=sc, games=100, games_per_combo=2, seed=4, bootstrap=10, game=SWOW)
    r = run_compare(settings, progress=False)
    assert (r.table.delta == 0).all()
    assert dataclasses.is_dataclass(r)


def test_the_spread_of_combo_win_rates_is_corrected_for_sampling_noise():
    """Combos whose true rates spread by 5 points read about 5 points at 60 games a combo
    and at 500: the binomial noise of a combo's games is taken out, not added."""
    from analyzer.studies.compare import _sampling_variance

    rng = np.random.default_rng(11)
    true = np.clip(rng.normal(0.25, 0.05, 4000), 0.01, 0.99)
    for gpc in (60, 500):
        rates = rng.binomial(gpc, true) / gpc
        raw = rates.std(ddof=1)
        corrected = np.sqrt(rates.var(ddof=1) - _sampling_variance(rates, gpc))
        assert corrected == pytest.approx(true.std(ddof=1), abs=0.004), gpc
        assert raw > corrected + (0.01 if gpc == 60 else 0.0005)

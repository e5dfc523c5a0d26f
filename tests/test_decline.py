"""The decline-timing study (analyzer decline)."""

from pathlib import Path

import numba
import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.engine import layout as L
from analyzer.errors import InputError
from analyzer.rulesets.swow.tables import default_tables
from analyzer.studies.combos import allowed_combos
from analyzer.studies.common import parse_combo_names, start_tokens
from analyzer.studies.decline import (
    CURVE_COLUMNS,
    _plan,
    chart_names,
    findings,
    public_curves,
    run_decline,
    summary_markdown,
    token_groups,
    write_decline,
)
from analyzer.studies.settings import DeclineSettings

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
BEST_COLUMNS = ["players", "group", "among", "family", "value", "rule", "games", "win_rate",
                "win_lo", "win_hi", "mean_vc", "default_win_rate", "win_diff", "win_diff_lo",
                "win_diff_hi", "p_adjusted", "beats_default"]  # fmt: skip


@pytest.fixture(scope="module")
def small():
    return run_decline(
        DeclineSettings(3, 24, 5, tokens=[0, 3, 5], rounds=[2, 6], game=SWOW), progress=False
    )


def test_tables_have_one_row_per_group_and_rule(small, tmp_path):
    c = public_curves(small)
    assert list(c.columns)[: len(CURVE_COLUMNS)] == list(CURVE_COLUMNS)
    assert len(small.groups) == 3 and set(small.groups.group) == {"few", "middle", "many"}
    # 3 groups x 5 rules; decline_tokens = 5 is the default rule, so no extra row.
    assert len(c) == 15 and (c.games == 24).all()
    assert c.is_default.sum() == 3 and (c[c.is_default].value == 5).all()
    assert ((c.win_lo <= c.win_rate) & (c.win_rate <= c.win_hi)).all()
    assert set(BEST_COLUMNS) <= set(small.best.columns)
    assert len(small.best) == 3 * 3  # per group: best decline_tokens, best decline_round, both
    out = write_decline(small, tmp_path / "out", game=load_game("swow"))
    for name in ("decline.csv", "decline.parquet", "best.csv", "best.parquet", "groups.csv",
                 *chart_names(small), "summary.md"):  # fmt: skip
        assert (out / name).exists(), name
    assert chart_names(small) == ["curves-3p.png"]
    text = summary_markdown(small)
    for needed in ("Ruleset:", "Bots:", "seed: 5", "Not fully modeled", "Estimated numbers"):
        assert needed in text
    assert findings(small)


def test_chunk_size_and_threads_do_not_change_the_tables():
    settings = DeclineSettings(
        [2, 4], 30, 9, combos="Orcs+Fishing,Tauren+Mining", tokens=[1, 5], rounds=[3], game=SWOW
    )
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        a = run_decline(settings, progress=False, chunk=7)
    finally:
        numba.set_num_threads(threads)
    b = run_decline(settings, progress=False, chunk=1000)
    pd.testing.assert_frame_equal(a.curves, b.curves)
    pd.testing.assert_frame_equal(a.best, b.best)


def test_decline_round_declines_exactly_once_in_that_round(small):
    c = small.curves
    rnd = c[c.family == "decline_round"]
    # The forced pick is made in round 1, so in round r >= 2 the race is old enough:
    # the seat declines once, in round r, and never again.
    assert (rnd.mean_decline_round == rnd.value.astype(float)).all()
    assert (rnd.mean_declines == 1.0).all()
    never = c[(c.family == "decline_tokens") & (c.value == 0)]
    assert (never.mean_declines == 0).all() and never.mean_decline_round.isna().all()


def test_the_default_against_itself_is_exactly_zero(small):
    d = small.curves[small.curves.is_default]
    for col in ("win_vs_default", "win_vs_default_lo", "win_vs_default_hi", "vc_vs_default"):
        assert (d[col] == 0).all(), col


def test_never_declining_loses_clearly():
    # A measured property of the game and the bots, not an identity: holding one
    # race all game long scores far less than declining by the default rule.
    r = run_decline(DeclineSettings(4, 200, 3, tokens=[0, 5], rounds=[], game=SWOW), progress=False)
    never = r.curves[r.curves.value == 0]
    assert (never.win_vs_default_hi < 0).all()
    assert (never.vc_vs_default_hi < -5).all()


def test_groups_by_tokens_are_balanced_and_ordered():
    tables = default_tables()
    pairs = allowed_combos(tables)
    groups = token_groups(tables, pairs)
    assert [g[0] for g in groups] == ["few", "middle", "many"]
    assert sum(len(g[1]) for g in groups) == len(pairs)
    sizes = [len(g[1]) for g in groups]
    assert max(sizes) - min(sizes) <= len(pairs) // 3
    assert groups[0][3] < groups[1][2] and groups[1][3] < groups[2][2]
    for _, members, lo, hi in groups:
        assert all(lo <= start_tokens(tables, r, p) <= hi for r, p in members)


def test_every_seat_is_tested_equally_and_forced_from_its_group():
    tables = default_tables()
    plan = _plan(4, 40, 2, tables, "heuristic", None, None, [5], None)
    assert np.bincount(plan.seat).tolist() == [30, 30, 30, 30]
    assert (plan.forced[:, L.F_SEAT] == plan.seat).all()
    for j, (_, members, _, _) in enumerate(plan.groups):
        rows = plan.forced[plan.group == j]
        assert len(rows) == 40
        assert {(int(r), int(p)) for r, p in rows[:, [L.F_RACE, L.F_POWER]]} <= set(members)


def test_combo_names_are_read_and_misspellings_refused():
    tables = default_tables()
    assert len(parse_combo_names("night_elves+battle master, Orcs+Fishing", tables)) == 2
    with pytest.raises(InputError, match="Did you mean 'Fishing'"):
        parse_combo_names("Orcs+Fishng", tables)


def test_cli_bad_combo_exits_2_with_the_closest_match():
    done = runner.invoke(app, ["decline", "--combos", "Orcs+Fishing,Taurn+Mining"])
    assert done.exit_code == 2
    assert "Did you mean 'Tauren'?" in done.output and "Traceback" not in done.output
    done = runner.invoke(app, ["decline", "--players", "2,6"])
    assert done.exit_code == 2 and "--players" in done.output


def test_cli_runs_a_scenario(tmp_path):
    out = tmp_path / "d"
    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "baseline-3p.toml"
    done = runner.invoke(
        app, ["decline", "--scenario", str(scenario), "--games", "6", "--out", str(out)]
    )
    assert done.exit_code == 0, done.output
    assert "baseline-3p.toml" in (out / "summary.md").read_text()
    assert set(pd.read_csv(out / "decline.csv").players) == {3}


def test_every_column_is_documented_in_the_studies_manual(small):
    readme = (Path(__file__).resolve().parents[1] / "docs" / "studies.md").read_text()
    section = readme.split("## The decline-timing study")[1].split("\n## ")[0]
    tables = (public_curves(small), small.best, small.groups)
    missing = [c for t in tables for c in t.columns if c not in section]
    assert not missing

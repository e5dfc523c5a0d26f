"""The combo-value study (analyzer combos)."""

import dataclasses

import numpy as np
import pandas as pd

from analyzer import load_game
from analyzer.engine import layout as L
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.tables import default_tables
from analyzer.stats import benjamini_hochberg
from analyzer.studies.combos import run_combos, significance
from analyzer.studies.combos_page import write_combos
from analyzer.studies.settings import CombosSettings as S

SWOW = load_game("swow")  # the game these tests play (the default run's)

DOCUMENTED = ["race", "power", "games", "win_rate", "win_lo", "win_hi", "mean_vc", "significant",
              "vc_delta", "vc_delta_lo", "vc_delta_hi", "race_vc", "p_value", "race_modeled",
              "power_modeled", "badge_estimated"]  # fmt: skip


def test_tiny_run_has_every_combo_and_finite_intervals(tmp_path):
    r = run_combos(S(3, 8, seed=3, game=SWOW), progress=False)
    c = r.combos
    assert len(c) == 320 and set(DOCUMENTED) <= set(c.columns)
    assert (c.games == 8).all()
    for col in ("win_lo", "win_hi", "vc_delta_lo", "vc_delta_hi", "race_vc"):
        assert np.isfinite(c[col]).all(), col
    out = write_combos(r, tmp_path / "out", game=load_game("swow"))
    for name in ("combos.csv", "combos.parquet", "races.csv", "powers.csv", "summary.md",
                 "heatmap.png", "top_bottom.png"):  # fmt: skip
        assert (out / name).exists()


def test_chunk_size_does_not_change_the_tables():
    pick = [(0, 0), (3, 5), (13, 11)]
    a = run_combos(S(3, 50, seed=7, combos=pick, game=SWOW), progress=False, chunk=17)
    b = run_combos(S(3, 50, seed=7, combos=pick, game=SWOW), progress=False, chunk=1000)
    pd.testing.assert_frame_equal(a.combos, b.combos)
    pd.testing.assert_frame_equal(a.races, b.races)


def _gnomes_boosted():
    """The default tables with 5 more Gnomes tokens on the banner and in the box."""
    base = default_tables()
    tab = base.race_tab.copy()
    tab[ids.GNOMES, L.RT_BANNER] += 5
    tab[ids.GNOMES, L.RT_BOX] += 5
    return dataclasses.replace(base, race_tab=tab)


def test_a_boosted_race_comes_out_on_top_and_significant():
    strong = _gnomes_boosted()
    pick = [(ids.GNOMES, ids.FARMER), (ids.HUMANS, ids.FARMER), (ids.WORGEN, ids.FARMER)]
    c = run_combos(S(3, 300, seed=2, tables=strong, combos=pick, game=SWOW), progress=False).combos
    top = c.sort_values("win_rate").iloc[-1]
    assert top.race == "Gnomes" and top.significant == "strong"


def test_a_banned_race_never_appears():
    base = default_tables()
    tab = base.race_tab.copy()
    tab[ids.ORCS, L.RT_ALLOWED] = 0
    r = run_combos(
        S(3, 3, seed=1, tables=dataclasses.replace(base, race_tab=tab), game=SWOW), progress=False
    )
    assert "Orcs" not in set(r.combos.race) and len(r.combos) == 300


def test_benjamini_hochberg_on_known_p_values():
    p = [0.01, 0.04, 0.03, 0.005, 0.5]
    # sorted 0.005, 0.01, 0.03, 0.04, 0.5 -> x5/rank: .025, .025, .05, .05, .5
    assert np.allclose(benjamini_hochberg(p), [0.025, 0.05, 0.05, 0.025, 0.5])
    p_values = [0.001, 0.002, 0.9, 0.04, 0.045, 0.046]
    _, labels = significance(p_values, [0.1, -0.1, 0.2, 0.05, -0.05, 0.05])
    # q-values: 0.006, 0.006, 0.9, 0.0552, 0.0552, 0.0552
    assert labels == ["strong", "weak", "", "", "", ""]


def test_a_raced_run_stops_the_decided_combo_and_keeps_the_rest_as_fixed(monkeypatch):
    """Racing (studies/sequential.py): the boosted combo is called strong early and
    stops; the others play every game, the same games as a fixed run; the chunk size
    changes nothing. (Three combos are all among a table's top five: none would stop
    with the ends kept playing.)"""
    from analyzer.studies import sequential

    monkeypatch.setattr(sequential, "KEEP", 0)
    strong = _gnomes_boosted()
    pick = [(ids.GNOMES, ids.FARMER), (ids.HUMANS, ids.FARMER), (ids.KOBOLDS, ids.FARMER)]
    settings = S(3, 400, seed=2, tables=strong, combos=pick, adaptive=True, game=SWOW)
    raced = run_combos(settings, progress=False, chunk=37)
    again = run_combos(settings, progress=False, chunk=1000)
    pd.testing.assert_frame_equal(raced.combos, again.combos)
    pd.testing.assert_frame_equal(raced.races, again.races)
    fixed = run_combos(dataclasses.replace(settings, adaptive=False), progress=False)
    c, f = raced.combos.set_index("race"), fixed.combos.set_index("race")
    assert raced.looks == (100, 200, 400) and fixed.looks == ()
    assert c.loc["Gnomes", "games"] < 400 and c.loc["Gnomes", "significant"] == "strong"
    assert raced.n_games < fixed.n_games
    full = c.games == 400
    assert full.sum() >= 1
    for col in ("games", "wins", "mean_vc"):
        assert (c.loc[full, col] == f.loc[full, col]).all(), col
    # the raced interval is wider than the fixed one on the same games: it pays for a look
    for race in c.index[full]:
        assert (
            c.loc[race, "win_hi"] - c.loc[race, "win_lo"]
            > f.loc[race, "win_hi"] - f.loc[race, "win_lo"]
        )
    # race rates: every combo's first 100 games
    assert (raced.races.games == 100).all()
    from analyzer.studies.combos_page import findings

    assert any("games per combo vary" in line.lower() for line in findings(raced))

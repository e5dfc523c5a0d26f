"""compare names what a house rule changes: the win rate of each race and power whose
own numbers it changes or which it bans, under both rule sets on the same seeds, with
the paired difference's interval, in changed.csv, summary.md and the terminal."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.studies.compare import changed_items

SCENARIO = """\
[scenario]
name = "{name}"
description = "A test house rule."
players = 3

{body}
"""


def _write(tmp_path, name, body):
    path = tmp_path / f"{name}.toml"
    path.write_text(SCENARIO.format(name=name, body=body), encoding="utf-8")
    return path


def test_a_banner_change_and_a_ban_name_their_race_and_nothing_else(tmp_path):
    banner = _write(tmp_path, "banner", "[races]\nbanner = { tauren = 7 }")
    ban = _write(tmp_path, "ban", '[races]\nbanned = ["tauren"]')
    out = tmp_path / "cmp"
    args = ["compare", str(banner), str(ban), "--games", "200", "--games-per-combo", "10",
            "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    changed = pd.read_csv(out / "changed.csv")
    assert list(zip(changed.scenario, changed.kind, changed.name, strict=True)) == [
        ("banner", "race", "Tauren"), ("ban", "race", "Tauren"),
    ]  # fmt: skip
    first, banned = changed.iloc[0], changed.iloc[1]
    assert first.games_baseline == first.games == 20 * 10  # 20 powers, 10 games each
    assert first.baseline_lo <= first.baseline <= first.baseline_hi
    assert first.delta_lo <= first.delta <= first.delta_hi
    assert first.delta == first.value - first.baseline
    assert banned.games == 0 and np.isnan(banned.value) and np.isnan(banned.delta_lo)
    assert banned.baseline == first.baseline  # the same baseline games
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "### The races and powers banner changes" in summary
    assert "not played (banned)" in summary
    assert "banner: the win rates of what it changes" in result.output
    assert "Tauren (race)" in result.output and "banned" in result.output


def test_a_combo_ban_counts_for_both_a_race_ban_for_the_race_alone():
    def arm(pairs):
        return SimpleNamespace(combos=np.array(pairs, np.int64).reshape(-1, 2))

    tables = SimpleNamespace(race_tab=np.zeros((3, 2)), power_tab=np.zeros((2, 2)),
                             race_names=["A", "B", "C"], power_names=["x", "y"])  # fmt: skip
    every = [(r, p) for r in range(3) for p in range(2)]
    no_b = arm([c for c in every if c[0] != 1])
    no_a_y = arm([c for c in every if c != (0, 1)])
    assert changed_items(tables, tables, arm(every), arm(every)) == []
    assert changed_items(tables, tables, arm(every), no_b) == [("race", 1, "B")]
    assert changed_items(tables, tables, arm(every), no_a_y) == [
        ("race", 0, "A"),
        ("power", 1, "y"),
    ]
    other = SimpleNamespace(**{**vars(tables), "power_tab": np.array([[0, 0], [0, 1]])})
    assert changed_items(tables, other, arm(every), arm(every)) == [("power", 1, "y")]

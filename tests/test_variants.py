"""Choosing a ruleset's variant by name (analyzer/variants.py): the rule parameter
the engine reads, a clear error for an unknown name, and what a variant run reports."""

from __future__ import annotations

import pandas as pd
import pytest

from analyzer import load_game
from analyzer.errors import InputError
from analyzer.rulesets.swow.ids import NEUTRAL
from analyzer.rulesets.swow.tables import default_tables
from analyzer.simulate import simulate
from analyzer.variants import variant_name, with_variant

SWOW = load_game("swow")  # the game these tests play (the default run's)


def test_a_variant_is_a_rule_parameter_and_standard_is_the_default():
    base = default_tables()
    assert variant_name(base) == "standard"
    bfa = with_variant(base, "bfa")
    assert bfa.parameters.variant == 1 and variant_name(bfa) == "bfa"
    assert with_variant(base, None) is base
    assert with_variant(base, "standard") is base


def test_an_unknown_variant_names_the_choices_and_the_closest():
    with pytest.raises(InputError) as err:
        with_variant(default_tables(), "bfaa")
    text = str(err.value)
    assert "--variant = 'bfaa'" in text and "standard, bfa" in text
    assert "Did you mean 'bfa'?" in text


def test_a_four_player_variant_run_keeps_the_neutral_banners_in_the_box(tmp_path):
    """Ruling B2 holds in the engine itself: nobody seats the Neutral column."""
    tables = with_variant(default_tables(), "bfa")
    sim = simulate(SWOW, 4, 12, 5, "heuristic", tables=tables, out_dir=tmp_path, progress=False)
    races = pd.read_parquet(tmp_path / "races.parquet")
    neutral = {r.name for r in tables.ruleset.races if r.faction == NEUTRAL}
    assert len(races) > 12 and not set(races["race"].astype(str)) & neutral
    summary = sim.summary
    assert list(summary["faction"]) == ["Alliance 1", "Horde 1", "Alliance 2", "Horde 2"]
    wins = summary["team_wins"].tolist()
    assert wins[0] == wins[2] and wins[1] == wins[3]  # allies win together
    assert wins[0] + wins[1] >= 12  # every game has a winner (a shared one counts twice)
    assert (summary["team_win_lo"] <= summary["team_win_rate"]).all()


def test_a_standard_run_has_no_team_columns():
    sim = simulate(SWOW, 2, 2, 5, "heuristic", progress=False)
    assert "faction" not in sim.summary and "team_wins" not in sim.summary


def test_a_scenario_chooses_the_variant_by_name(tmp_path):
    from analyzer.scenario import load_scenario

    path = tmp_path / "teams.toml"
    path.write_text(
        '[scenario]\nname = "teams"\ndescription = "allies"\nvariant = "bfa"\nplayers = 5\n',
        "utf-8",
    )
    assert variant_name(load_scenario(path, load_game("swow")).tables()) == "bfa"
    path.write_text(
        '[scenario]\nname = "teams"\ndescription = "allies"\nvariant = "bfA2"\nplayers = 5\n',
        "utf-8",
    )
    with pytest.raises(InputError) as err:
        load_scenario(path, load_game("swow"))
    assert "scenario.variant = 'bfA2'" in str(err.value) and "Did you mean 'bfa'" in str(err.value)


def test_simulate_plays_the_variant_from_the_command_line(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    args = ["simulate", "--variant", "bfa", "--players", "5", "--games", "4", "--out", tmp_path]
    done = CliRunner().invoke(app, [str(a) for a in args])
    assert done.exit_code == 0, done.output
    assert "Battle for Azeroth: a seat's team wins" in done.output
    seats = pd.read_parquet(tmp_path / "seats.parquet")
    assert {"faction", "team_score", "team_win"} <= set(seats.columns)


@pytest.mark.parametrize("command", ["simulate", "combos", "decline", "players", "balance"])
def test_an_unknown_variant_exits_2_before_playing(command):
    from typer.testing import CliRunner

    from analyzer.cli import app

    done = CliRunner().invoke(app, [command, "--variant", "bfq"])
    assert done.exit_code == 2
    assert "--variant = 'bfq'" in done.output and "Did you mean 'bfa'?" in done.output

"""The Python API of the package's face (analyzer/notebook.py): names in (a ruleset,
races, powers, bots, a scenario path), pandas DataFrames out, the same numbers as the
studies' own functions, and a misspelt name refused with the closest one."""

from pathlib import Path

import pandas as pd
import pytest

import analyzer
from analyzer import load_game
from analyzer.errors import InputError

SWOW = load_game("swow")  # the game these tests play (the default run's)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_play_by_names_gives_the_simulation_tables():
    from analyzer.simulate import simulate

    t = analyzer.play("swow", 30, bots="aggressive", seed=4, progress=False)
    assert list(t) == ["seats", "races", "powers"]
    assert all(isinstance(df, pd.DataFrame) for df in t.values())
    same = simulate(SWOW, 4, 30, 4, "aggressive", progress=False)
    pd.testing.assert_frame_equal(t.seats, same.summary)
    assert repr(t).startswith("Tables(seats: 4 rows")
    assert "<b>seats</b>; also races, powers" in t._repr_html_()
    with pytest.raises(AttributeError, match="the tables are seats, races, powers"):
        _ = t.combos


def test_combos_by_race_and_power_names_are_the_study_on_their_ids():
    from analyzer.studies.combos import run_combos
    from analyzer.studies.settings import CombosSettings

    game = analyzer.load_game("swow")
    t = analyzer.combos(game, 2, races=["orcs", "Tauren"], powers="Battle_Master", seed=3,
                        players=3, progress=False)  # fmt: skip
    pairs = [(game.race_id("Orcs"), game.power_id("Battle Master")),
             (game.race_id("Tauren"), game.power_id("Battle Master"))]  # fmt: skip
    study = run_combos(CombosSettings(3, 2, 3, combos=pairs, game=SWOW), progress=False)
    pd.testing.assert_frame_equal(t.combos, study.combos)
    assert set(t.combos.race) == {"Orcs", "Tauren"} and set(t.combos.power) == {"Battle Master"}


def test_a_misspelt_name_is_refused_with_the_closest_one():
    with pytest.raises(InputError, match="Did you mean 'Tauren'"):
        analyzer.combos("swow", 2, races="Taurne", progress=False)
    with pytest.raises(InputError) as err:
        analyzer.play("swow", 10, bots="agressive", progress=False)
    assert str(err.value).startswith("analyzer.play: bots = 'agressive': unknown bot or style")
    assert "Did you mean 'aggressive'" in str(err.value)
    with pytest.raises(InputError, match="already plays swow"):
        analyzer.play("classic", 10)


def test_compare_takes_scenario_paths_and_a_scenario_plays_its_own_bots():
    t = analyzer.compare("swow", SCENARIOS / "no-tauren.toml", games=40, games_per_combo=2,
                         progress=False)  # fmt: skip
    assert list(t) == ["compare", "arms"] and set(t.compare.scenario) == {"Tauren banned"}
    played = analyzer.play("swow", 10, scenario=str(SCENARIOS / "baseline-3p.toml"),
                           progress=False)  # fmt: skip
    assert len(played.seats) == 3  # the scenario's player count

"""Scenario files: the shipped ones load, their overrides land in the engine's tables
exactly, a banned race is never played, and a bad file is refused with a problem
naming the file, the key and (for a typo) the closest valid name."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.cli.check import validate_path
from analyzer.engine import layout as L
from analyzer.errors import InputError
from analyzer.players.params import HEURISTIC_PARAMS, RANDOM_PARAMS, default_vector
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.ruleset import CONTENT_DIR
from analyzer.rulesets.swow.tables import default_tables
from analyzer.scenario import POWER_KEYS, RACE_KEYS, RULE_KEYS, SCENARIO_KEYS, load_scenario
from analyzer.simulate import simulate

SWOW = load_game("swow")  # the game these tests play (the default run's)

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SHIPPED = sorted(SCENARIOS.glob("*.toml"))
HOUSE_RULES = (
    "double-faction-bonus",
    "no-faction-bonus",
    "ten-starting-coins",
    "seven-combo-column",
    "no-reinforcement-die",
    "extra-round",
    "no-murlocs",
    "no-tauren",
    "no-blacksmith",
    "badges-plus-one",
    "badges-minus-one",
    "no-travel-cost",
)
runner = CliRunner()


def shipped(name: str):
    return load_scenario(SCENARIOS / f"{name}.toml", load_game("swow"))


def write(tmp_path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


HEAD = '[scenario]\nname = "test"\ndescription = "a test"\nplayers = 4\n'


def problems_of(tmp_path, text: str) -> list:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as exc:
        load_scenario(path, load_game("swow"))
    assert all(p.file == str(path) for p in exc.value.problems)
    assert validate_path(path, load_game("swow")) == exc.value.problems
    return exc.value.problems


def find(problems, key: str, hint: str | None = None):
    found = [p for p in problems if p.key == key]
    assert found, f"no problem at {key}: {[str(p) for p in problems]}"
    if hint is not None:
        assert f"Did you mean {hint!r}?" in str(found[0])
    return found[0]


# ----------------------------------------------------------------- shipped files
def test_the_promised_scenarios_are_shipped():
    names = {p.stem for p in SHIPPED}
    assert {"example", *(f"baseline-{n}p" for n in (2, 3, 4, 5)), *HOUSE_RULES} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_scenario_loads_and_validates(path):
    scenario = load_scenario(path, load_game("swow"))
    assert validate_path(path, load_game("swow")) == []
    assert scenario.name and len(scenario.description) > 40
    assert len(scenario.policies) == scenario.players == len(scenario.policy_params)
    scenario.tables()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_baseline_is_the_shipped_ruleset(players):
    scenario = shipped(f"baseline-{players}p")
    assert scenario.players == players and scenario.policies == ("heuristic",) * players
    tables, default = scenario.tables(), default_tables()
    for name in ("params", "race_tab", "power_tab", "marker_tab", "caps"):
        np.testing.assert_array_equal(getattr(tables, name), getattr(default, name))
    np.testing.assert_array_equal(scenario.policy_params[0], default_vector("heuristic"))


def test_the_example_shows_every_key_and_changes_no_rule():
    text = (SCENARIOS / "example.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert set(data["scenario"]) == set(SCENARIO_KEYS)
    assert set(data["rules"]) == set(RULE_KEYS)
    assert set(data["races"]) | {"allowed"} == set(RACE_KEYS)
    assert set(data["powers"]) | {"allowed"} == set(POWER_KEYS)
    assert text.count("# allowed = [") == 2  # the alternative to banned, commented out
    assert set(data["seats"][0]) == {"policy", *HEURISTIC_PARAMS}
    assert set(data["seats"][3]) == {"policy", *RANDOM_PARAMS}
    scenario = load_scenario(SCENARIOS / "example.toml", load_game("swow"))
    np.testing.assert_array_equal(scenario.tables().params, default_tables().params)
    np.testing.assert_array_equal(scenario.tables().race_tab, default_tables().race_tab)
    np.testing.assert_array_equal(scenario.tables().power_tab, default_tables().power_tab)
    assert scenario.policies == ("heuristic", "heuristic", "heuristic", "random")


# ---------------------------------------------------- overrides land in the tables
def _changed_params(name: str) -> dict[int, tuple[int, int]]:
    """Index -> (baseline, scenario) of every params entry the scenario changes."""
    new, old = shipped(name).tables().params, default_tables().params
    return {int(i): (int(old[i]), int(new[i])) for i in np.flatnonzero(new != old)}


@pytest.mark.parametrize(
    ("name", "index", "value"),
    [
        ("double-faction-bonus", L.PAR_FACTION_BONUS, 2),
        ("no-faction-bonus", L.PAR_FACTION_BONUS, 0),
        ("ten-starting-coins", L.PAR_START_COINS, 10),
        ("seven-combo-column", L.PAR_COLUMN_SIZE, 7),
        ("no-reinforcement-die", L.PAR_USE_DIE, 0),
        ("extra-round", L.PAR_EXTRA_ROUNDS, 1),
        ("no-murlocs", L.PAR_MURLOCS, 0),
        ("no-travel-cost", L.PAR_TRAVEL_COST, 0),
    ],
)
def test_a_rule_change_moves_exactly_its_number(name, index, value):
    assert {i: new for i, (_, new) in _changed_params(name).items()} == {index: value}
    tables, default = shipped(name).tables(), default_tables()
    np.testing.assert_array_equal(tables.race_tab, default.race_tab)
    np.testing.assert_array_equal(tables.power_tab, default.power_tab)


def test_a_banned_race_and_power_leave_the_draft():
    default = default_tables()
    race_tab = shipped("no-tauren").tables().race_tab
    assert race_tab[ids.TAUREN, L.RT_ALLOWED] == 0
    assert race_tab[: len(ids.RACES), L.RT_ALLOWED].sum() == len(ids.RACES) - 1
    np.testing.assert_array_equal(
        np.delete(race_tab, ids.TAUREN, 0), np.delete(default.race_tab, ids.TAUREN, 0)
    )
    power_tab = shipped("no-blacksmith").tables().power_tab
    assert power_tab[ids.BLACKSMITH, L.PT_ALLOWED] == 0
    assert power_tab[: len(ids.POWERS), L.PT_ALLOWED].sum() == len(ids.POWERS) - 1
    assert shipped("no-blacksmith").banned_powers == ("blacksmith",)
    assert shipped("no-tauren").banned_races == ("tauren",)


@pytest.mark.parametrize(("name", "delta"), [("badges-plus-one", 1), ("badges-minus-one", -1)])
def test_badge_delta_moves_every_estimated_badge(name, delta):
    ruleset = default_tables().ruleset
    badges = shipped(name).tables().power_tab[:, L.PT_BADGE]
    estimated = [p.badge_source == "estimate" for p in ruleset.powers]
    assert sum(estimated) == len(ruleset.powers) - 1  # all but Herbalist
    for i, power in enumerate(ruleset.powers):
        assert badges[i] == power.badge + (delta if estimated[i] else 0), power.key


def test_banner_badge_seats_and_boards_overrides(tmp_path):
    path = write(
        tmp_path,
        HEAD
        + '[[seats]]\npolicy = "heuristic"\ndecline_tokens = 3\n'
        + '[[seats]]\npolicy = "random"\nabandon = 0\n'
        + '[[seats]]\npolicy = "random"\n[[seats]]\npolicy = "heuristic"\n'
        + "[rules]\nrounds = 12\nboards = { large = 2, medium = 1, small = 1 }\n"
        + "die_faces = [1, 1, 1, 1, 1, 1]\n"
        + "[races]\nbanner = { orcs = 8 }\n"
        + "[powers]\nbadge = { sailing = 2 }\nbadge_delta = 1\n",
    )
    scenario = load_scenario(path, load_game("swow"))
    tables = scenario.tables()
    assert scenario.policies == ("heuristic", "random", "random", "heuristic")
    np.testing.assert_array_equal(
        scenario.policy_params[0], default_vector("heuristic", decline_tokens=3)
    )
    np.testing.assert_array_equal(scenario.policy_params[1], default_vector("random", abandon=0))
    np.testing.assert_array_equal(scenario.policy_params[2], default_vector("random"))
    assert not scenario.policy_params.flags.writeable
    assert tables.race_tab[ids.ORCS, L.RT_BANNER] == 8
    assert tables.race_tab[ids.TROLLS, L.RT_BANNER] == default_tables().race_tab[ids.TROLLS, 0]
    # An explicit badge is taken as written; the delta moves the other estimates.
    assert tables.power_tab[ids.SAILING, L.PT_BADGE] == 2
    assert tables.power_tab[ids.FARMER, L.PT_BADGE] == 5
    assert tables.params[L.PAR_ROUNDS + 2] == 12
    assert tables.params[L.PAR_ROUNDS + 3] == default_tables().params[L.PAR_ROUNDS + 3]
    boards = tables.params[L.PAR_BOARDS + 6 : L.PAR_BOARDS + 9]
    assert boards.tolist() == [2, 1, 1]
    assert tables.params[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6].tolist() == [1] * 6


def test_a_ruleset_folder_next_to_the_scenario(tmp_path):
    shutil.copytree(CONTENT_DIR, tmp_path / "mine")
    text = (tmp_path / "mine" / "ruleset.toml").read_text(encoding="utf-8")
    text = text.replace("start_coins = 5", "start_coins = 6", 1)
    (tmp_path / "mine" / "ruleset.toml").write_text(text, encoding="utf-8")
    scenario = load_scenario(
        write(tmp_path, HEAD.replace("players", 'ruleset = "mine"\nplayers')), load_game("swow")
    )
    assert scenario.tables().params[L.PAR_START_COINS] == 6


def test_a_ruleset_folder_without_its_boards_is_refused_naming_them(tmp_path):
    """SWoW's content part reads a folder in its form (rulesets/swow/house_rules.py
    load_folder): a folder without boards.toml is refused, naming what it lacks."""
    (tmp_path / "mine").mkdir()
    shutil.copy(CONTENT_DIR / "ruleset.toml", tmp_path / "mine" / "ruleset.toml")
    with pytest.raises(InputError) as caught:
        load_scenario(
            write(tmp_path, HEAD.replace("players", 'ruleset = "mine"\nplayers')), load_game("swow")
        )
    assert str(caught.value).startswith(
        f"{tmp_path / 'mine'}: (folder) = 'boards.toml': missing: a folder of Small World "
        "of Warcraft content holds ruleset.toml and boards.toml"
    )


# ------------------------------------------------------------ a banned race in play
def test_a_banned_race_is_never_played(tmp_path):
    scenario = shipped("no-tauren")
    sim = simulate(
        SWOW,
        scenario.players,
        300,
        7,
        scenario.policies,
        out_dir=tmp_path,
        check=True,
        progress=False,
        policy_params=scenario.policy_params,
        tables=scenario.tables(),
    )
    races = pd.read_parquet(tmp_path / "races.parquet")
    assert len(races) > 300 and races.game.nunique() == 300
    assert "Tauren" not in set(races.race)
    assert sim.error_games == 0
    assert sim.race_summary.set_index("race").loc["Tauren", "picks"] == 0


# ------------------------------------------------------------------ refusals
def test_a_misspelt_key_gets_a_hint(tmp_path):
    problems = problems_of(tmp_path, HEAD + "[rules]\nstart_coin = 10\n[racse]\n")
    find(problems, "rules.start_coin", hint="start_coins")
    find(problems, "racse", hint="races")


def test_wrong_types_are_named(tmp_path):
    text = HEAD.replace("players = 4", 'players = "4"') + (
        '[rules]\nfaction_bonus = "2"\nuse_die = 0\ndie_faces = [0, 0, 1]\n'
        '[[seats]]\npolicy = "heuristic"\naggression = "high"\n'
    )
    problems = problems_of(tmp_path, text)
    assert "whole number" in find(problems, "scenario.players").message
    assert "whole number" in find(problems, "rules.faction_bonus").message
    assert "true or false" in find(problems, "rules.use_die").message
    assert "6 whole numbers" in find(problems, "rules.die_faces").message
    assert "number" in find(problems, "seats[0].aggression").message


def test_out_of_range_numbers_are_refused(tmp_path):
    text = HEAD.replace("players = 4", "players = 6") + (
        "[rules]\ncolumn_size = 11\nstart_coins = -1\nrounds = 21\n"
        "die_faces = [0, 0, 0, 1, 2, 7]\n"
        '[[seats]]\npolicy = "random"\nabandon = 1.5\n'
    )
    problems = problems_of(tmp_path, text)
    assert "from 2 to 5" in find(problems, "scenario.players").message
    assert "from 1 to 10" in find(problems, "rules.column_size").message
    assert "from 0 to 1,000" in find(problems, "rules.start_coins").message
    assert "from 0 to 6" in find(problems, "rules.die_faces[5]").message
    assert "from 0 to 1" in find(problems, "seats[0].abandon").message


def test_too_many_rounds_in_all(tmp_path):
    problems = problems_of(tmp_path, HEAD + "[rules]\nrounds = 15\nextra_rounds = 6\n")
    assert "21 rounds" in find(problems, "rules.extra_rounds").message


def test_unknown_names_get_a_hint(tmp_path):
    text = HEAD + (
        '[races]\nbanned = ["Tauren", "dwarfs"]\nbanner = { trols = 3 }\n'
        '[powers]\nallowed = ["farmr"]\n[[seats]]\npolicy = "heuristc"\n'
    )
    problems = problems_of(tmp_path, text)
    find(problems, "races.banned[0]", hint="tauren")
    find(problems, "races.banned[1]", hint="dwarves")
    find(problems, "races.banner.trols", hint="trolls")
    find(problems, "powers.allowed[0]", hint="farmer")
    find(problems, "seats[0].policy", hint="heuristic")


def test_unknown_ruleset_and_bot_parameter(tmp_path):
    text = HEAD.replace("players", 'ruleset = "sow"\nplayers')
    text += '[[seats]]\npolicy = "random"\ndecline_tokens = 2\n'
    problems = problems_of(tmp_path, text)
    find(problems, "scenario.ruleset", hint="swow")
    find(problems, "seats[0].decline_tokens")


def test_too_few_races_for_the_column_and_the_players(tmp_path):
    # 5 players and a column of 6 need 16 races: every one of the box.
    text = HEAD.replace("players = 4", "players = 5") + '[races]\nbanned = ["tauren"]\n'
    problem = find(problems_of(tmp_path, text), "races.banned")
    assert "15 races are left" in problem.message and "need 16" in problem.message
    text = HEAD.replace("players = 4", "players = 5") + "[rules]\ncolumn_size = 7\n"
    find(problems_of(tmp_path, text), "rules.column_size")
    text = HEAD + '[powers]\nallowed = ["farmer", "ranger", "mining"]\n'
    assert "need 14" in find(problems_of(tmp_path, text), "powers.allowed").message


def test_seats_must_match_the_players(tmp_path):
    text = HEAD + '[[seats]]\npolicy = "random"\n[[seats]]\npolicy = "random"\n'
    assert "every one of the 4 players" in find(problems_of(tmp_path, text), "seats").message


def test_badge_delta_below_zero_and_boards_beyond_the_box(tmp_path):
    text = HEAD + "[powers]\nbadge_delta = -4\n[rules]\nboards = { large = 3 }\n"
    problems = problems_of(tmp_path, text)
    assert "Garrisoned (-1)" in find(problems, "powers.badge_delta").message
    find(problems, "rules.boards.large")


def test_banned_and_allowed_together(tmp_path):
    text = HEAD + '[races]\nbanned = ["orcs"]\nallowed = ["orcs"]\n'
    assert "not both" in find(problems_of(tmp_path, text), "races.allowed").message


# ------------------------------------------------------------------------ CLI
def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_cli_validate_a_scenario(tmp_path):
    good = SCENARIOS / "no-tauren.toml"
    result = run("validate", good)
    assert result.exit_code == 0 and result.stdout.strip() == f"OK: {good} (scenario)"
    bad = write(tmp_path, HEAD + "[rules]\nfaction_bonus = -1\n")
    result = run("validate", bad)
    assert result.exit_code == 2
    expected = f"{bad}: rules.faction_bonus = -1: must be a whole number from 0 to 20."
    assert expected in result.stdout
    assert "Traceback" not in result.output


def test_cli_simulate_with_a_scenario(tmp_path):
    path = write(
        tmp_path,
        HEAD.replace("players = 4", "players = 3")
        + '[[seats]]\npolicy = "heuristic"\n[[seats]]\npolicy = "random"\n'
        + '[[seats]]\npolicy = "random"\n[races]\nbanned = ["orcs"]\n',
    )
    out = tmp_path / "run"
    result = run("simulate", "--scenario", path, "--games", 150, "--out", out, "--check")
    assert result.exit_code == 0, result.output
    assert "test: 3 players, 150 games" in result.stdout
    assert "Invariant violations: 0 games" in result.stdout
    seats = pd.read_parquet(out / "seats.parquet")
    assert seats.groupby("seat").policy.first().tolist() == ["heuristic", "random", "random"]
    assert "Orcs" not in set(pd.read_parquet(out / "races.parquet").race)
    # --policies replaces the seats; the rules stay.
    result = run("simulate", "--scenario", path, "-g", 50, "--policies", "random", "--out", out)
    assert result.exit_code == 0, result.output
    assert set(pd.read_parquet(out / "seats.parquet").policy) == {"random"}
    assert "Orcs" not in set(pd.read_parquet(out / "races.parquet").race)


def test_cli_simulate_refuses_a_bad_scenario(tmp_path):
    result = run("simulate", "--scenario", tmp_path / "none.toml", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "cannot read this file" in result.stderr
    result = run("simulate", "--scenario", SCENARIOS / "baseline-4p.toml", "--players", 3)
    assert result.exit_code == 2 and "command line: --players = 3" in result.stderr
    bad = write(tmp_path, HEAD + '[races]\nbanned = ["Tauren"]\n')
    result = run("simulate", "--scenario", bad, "--games", 10)
    assert result.exit_code == 2 and "Did you mean 'tauren'?" in result.stderr


def test_seat_coins_start_a_seat_richer(tmp_path):
    path = write(tmp_path, HEAD + "[rules]\nseat_coins = [0, 0, 0, 1000]\n")
    sc = load_scenario(path, load_game("swow"))
    assert sc.parameters.seat_coins == (0, 0, 0, 1000, 0)
    sim = simulate(SWOW, 4, 40, 1, sc.policies, progress=False, tables=sc.tables(), check=True)
    assert sim.error_games == 0
    # 1,000 coins more than anyone can score: the last seat wins every game.
    assert sim.summary.win_rate.tolist() == [0.0, 0.0, 0.0, 1.0]
    assert sim.summary.mean_vc.iloc[3] >= 1000


def test_seat_coins_need_one_number_per_seat(tmp_path):
    problems = problems_of(tmp_path, HEAD + "[rules]\nseat_coins = [0, 1, 2]\n")
    assert "list of 4 whole numbers" in find(problems, "rules.seat_coins").message
    problems = problems_of(tmp_path, HEAD + "[rules]\nseat_coins = [0, 1, 2, 1001]\n")
    assert "from 0 to 1,000" in find(problems, "rules.seat_coins[3]").message

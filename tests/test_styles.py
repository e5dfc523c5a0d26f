"""Bot styles (analyzer/players/styles.py, styles.toml): the file is checked, every
command that names bots takes style names, and the styles play differently."""

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.errors import InputError
from analyzer.players.params import HEURISTIC_PARAMS, default_vector
from analyzer.players.styles import bot_of, load_styles, parse_styles, styles_lines

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
REQUIRED = ("default", "expansive", "aggressive", "defensive", "coin-saver")


def test_the_shipped_file_has_the_required_styles_each_described():
    styles = load_styles()
    for name in REQUIRED:
        assert name in styles and len(styles[name].description) > 30, name
    assert styles["default"].overrides == ()
    np.testing.assert_array_equal(bot_of("default")[1], default_vector("heuristic"))
    vectors = {name: bot_of(name)[1].tobytes() for name in REQUIRED}
    assert len(set(vectors.values())) == len(REQUIRED)  # no two alike
    assert "aggression = 1.2" in "\n".join(styles_lines(["aggressive"]))


def _problems(data):
    with pytest.raises(InputError) as exc:
        parse_styles(data, "my-styles.toml")
    return str(exc.value)


def test_a_bad_styles_file_names_file_key_value_and_closest_choice():
    text = _problems({"bold": {"policy": "heuristik", "description": "x"}})
    assert "my-styles.toml: bold.policy = 'heuristik'" in text and "'heuristic'" in text
    text = _problems({"bold": {"policy": "heuristic", "description": "x", "agression": 1}})
    assert "bold.agression" in text and "Did you mean 'aggression'" in text
    text = _problems({"bold": {"policy": "heuristic", "description": "x", "reserve": -1}})
    assert "bold.reserve = -1" in text and "from 0 to 100" in text
    assert "cannot be a style name" in _problems({"random": {"policy": "random"}})
    assert "this key is required" in _problems({"bold": {"policy": "heuristic"}})


def test_an_unknown_style_on_the_command_line_exits_2_with_the_closest_match():
    result = runner.invoke(app, ["simulate", "-g", "1", "--bots", "agressive"])
    assert result.exit_code == 2
    assert "Did you mean 'aggressive'" in result.output and "Traceback" not in result.output


def test_an_edited_styles_file_is_used(tmp_path, monkeypatch):
    path = tmp_path / "styles.toml"
    path.write_text('[bold]\npolicy = "heuristic"\ndescription = "d"\naggression = 2.5\n')
    monkeypatch.setenv("ANALYZER_STYLES", str(path))
    policy, vector = bot_of("bold")
    assert policy == "heuristic" and vector[HEURISTIC_PARAMS["aggression"][0]] == 2.5
    with pytest.raises(InputError):
        bot_of("aggressive")  # only the edited file's styles exist now


def test_a_scenario_seat_may_name_a_style_and_override_it():
    from analyzer.scenario import parse_scenario

    raw = {
        "scenario": {"name": "s", "description": "d", "players": 2},
        "seats": [{"policy": "aggressive", "reserve": 1}, {"policy": "coin-saver"}],
    }
    sc = parse_scenario(raw, "x.toml", Path("."), load_game("swow"))
    assert sc.policies == ("aggressive", "coin-saver")
    expected = bot_of("aggressive")[1]
    expected[HEURISTIC_PARAMS["reserve"][0]] = 1
    np.testing.assert_array_equal(sc.policy_params[0], expected)
    np.testing.assert_array_equal(sc.policy_params[1], bot_of("coin-saver")[1])


@pytest.fixture(scope="module")
def played():
    """Each style in seat 1 against three default seats, on the same 240 games."""
    from analyzer.simulate import simulate

    return {
        name: simulate(SWOW, 4, 240, 3, [name, "default", "default", "default"], progress=False)
        for name in REQUIRED
    }


def test_styles_name_themselves_in_the_summary(played):
    assert list(played["aggressive"].summary.policy) == ["aggressive"] + ["default"] * 3
    assert set(played["aggressive"].policy_summary.policy) == {"aggressive", "default"}


def test_the_styles_play_measurably_differently(played):
    """Same seeds, different style in seat 1: the seat's VC moves, and each style
    moves what it is built to move."""
    vc = {name: sim.summary.mean_vc[0] for name, sim in played.items()}
    assert len({round(v, 3) for v in vc.values()}) == len(REQUIRED)
    base = played["default"].summary
    # expansive keeps its race active longer: fewer declines than the default
    assert played["expansive"].summary.mean_declines[0] < base.mean_declines[0] - 0.1
    # the styles' seat-1 win rates spread over more than their own noise
    wins = np.array([sim.summary.win_rate[0] for sim in played.values()])
    assert wins.max() - wins.min() > 0.05


def test_a_study_plays_a_scenario_of_styles_and_names_them(tmp_path):
    from analyzer.studies.common import bots_text, scenario_counts
    from analyzer.studies.players import run_players, summary_markdown
    from analyzer.studies.settings import PlayersSettings

    path = tmp_path / "styles.toml"
    path.write_text(
        '[scenario]\nname = "s"\ndescription = "d"\nplayers = 4\n'
        '[[seats]]\npolicy = "aggressive"\n',
        encoding="utf-8",
    )
    tables, bots, params, counts, _ = scenario_counts(path, None, "players", game=load_game("swow"))
    assert bots[4] == ("aggressive",) * 4
    result = run_players(
        PlayersSettings(counts, 40, 2, 0, tables, bots, params, game=SWOW), progress=False
    )
    text = summary_markdown(result)
    assert "4 aggressive (aggression 1.2, leader_focus 0.8)" in text
    assert bots_text(["heuristic"] * 4) == "4 heuristic"


def _picks(name, games=200):
    """(mean column position picked, mean coins paid) of four seats of one style."""
    from analyzer.engine import layout as L
    from analyzer.gameloop import api
    from analyzer.results import instance_rows
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.simulate import seat_bots

    ids, params = seat_bots([name] * 4, 4)
    result = api.play_batch(api.engine_tables(default_tables()), 4, 9, 0, games, ids, params)
    _, rows = instance_rows(result)
    return rows[:, L.I_SLOT].mean(), rows[:, L.I_PAID].mean()


def test_combo_pricing_buys_deeper_than_the_flat_pick_and_the_coin_saver_less():
    """docs/bots.md's before/after: the flat pick (a token worth one coin) almost always
    takes the top slots; pricing tokens by the turns left buys deeper; a coin-saver
    pays less than the default."""
    flat_slot, flat_paid = _picks("flat-pick")
    slot, paid = _picks("default")
    saver_slot, saver_paid = _picks("coin-saver")
    assert flat_slot < 0.4 and slot > 2 * flat_slot and paid > 2 * flat_paid
    assert saver_paid < 0.75 * paid


def test_the_check_command_checks_a_styles_file(tmp_path):
    """`analyzer check` knows a bot styles file: the shipped one is fine, and a value
    out of its range (a ruleset's own bot parameter too) is named by file and key."""
    from analyzer.cli.check import file_kind, validate_path
    from analyzer.players.styles import STYLES_FILE

    assert validate_path(STYLES_FILE, load_game("swow")) == []
    bad = tmp_path / "styles.toml"
    bad.write_text('[eager]\npolicy = "heuristic"\ndescription = "x"\nworgen_hand = 500\n')
    assert file_kind({"eager": {"policy": "heuristic"}}) == "bot styles"
    (problem,) = validate_path(bad, load_game("swow"))
    assert str(problem) == f"{bad}: eager.worgen_hand = 500: must be a number from 0 to 100."

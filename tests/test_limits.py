"""Every number within the engine's range, or refused (analyzer/model/limits.py): the
values that used to wrap scores or break games are refused by `validate` and by a
run, every number at the top of its range plays correct games, one above it is
refused, and docs/limits.md gives the same ranges."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.model import limits
from analyzer.rulesets.swow.ruleset import COMPONENT_LIMITS, RULESET_PATH

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def scenario(tmp_path: Path, rules: str, seats: str = "", players: int = 4) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(
        f'[scenario]\nname = "Limits"\ndescription = "Numbers at the ends of their ranges."\n'
        f"players = {players}\n{seats}\n[rules]\n{rules}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "rule", ["faction_bonus = 300000000", "start_coins = 2147483647", "start_coins = 1001"]
)
def test_values_that_wrapped_scores_are_refused_by_validate_and_by_a_run(tmp_path, rule):
    path = scenario(tmp_path, rule)
    checked = run("validate", path)
    assert checked.exit_code == 2
    key = rule.split(" = ")[0]
    assert f"rules.{key}" in checked.output and str(path) in checked.output
    played = run("simulate", "--scenario", path, "-g", 4)
    assert played.exit_code == 2 and f"rules.{key}" in played.stderr
    assert "Traceback" not in played.output


@pytest.mark.parametrize("component", ["markers", "champion"])
def test_a_ruleset_without_the_pieces_the_engine_plays_is_refused(tmp_path, component):
    text = RULESET_PATH.read_text(encoding="utf-8")
    text, n = re.subn(rf"^{component} = \d+", f"{component} = 0", text, flags=re.M)
    assert n == 1
    path = tmp_path / "ruleset.toml"
    path.write_text(text, encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 2
    assert f"components.{component}" in result.output and str(path) in result.output


@pytest.mark.parametrize("key", sorted(limits.RULE_NUMBERS))
def test_one_past_either_end_of_a_rule_number_is_refused(tmp_path, key):
    low, high = limits.RULE_NUMBERS[key]
    for value in (low - 1, high + 1):
        result = run("validate", scenario(tmp_path, f"{key} = {value}"))
        assert result.exit_code == 2, (key, value)
        assert f"rules.{key}" in result.output


def _play(path: Path, games: int = 40):
    from analyzer.scenario import load_scenario
    from analyzer.simulate import simulate

    sc = load_scenario(path, load_game("swow"))
    return simulate(SWOW, sc.players, games, 3, sc.policies, check=True, progress=False,
                    tables=sc.tables(), policy_params=sc.policy_params)  # fmt: skip


@pytest.mark.parametrize("end", ["top", "bottom"])
def test_every_rule_number_at_either_end_plays_correct_games(tmp_path, end):
    pick = 1 if end == "top" else 0
    numbers = {k: v[pick] for k, v in limits.RULE_NUMBERS.items()}
    numbers["column_size"] = min(numbers["column_size"], 6)  # room for 5 players' races
    lines = [f"{k} = {v}" for k, v in numbers.items()]
    face = limits.DIE_FACE[pick]
    lines.append(f"die_faces = [{', '.join([str(face)] * 6)}]")
    lines.append(f"rounds = {limits.ROUNDS[pick]}")
    from analyzer.rulesets.swow.ruleset import load_ruleset

    boxes = {r.key: r.box for r in load_ruleset().races}
    banners = ", ".join(f"{k} = {v if end == 'top' else 1}" for k, v in boxes.items())
    badge = limits.BADGE[pick]
    tail = f"\n[races]\nbanner = {{ {banners} }}\n[powers]\nbadge = {{ fishing = {badge} }}"
    path = scenario(tmp_path, "\n".join(lines) + tail, players=5)
    checked = run("validate", path)
    assert checked.exit_code == 0, checked.output
    sim = _play(path)
    assert sim.error_games == 0, sim.errors
    vc = sim.summary.mean_vc.to_numpy()
    assert np.all(vc >= 0) and np.all(vc < 2**31)
    if end == "top":  # 1,000 coins to start: every score is at least that
        assert np.all(vc >= 1000)


def test_bot_parameters_have_ranges(tmp_path):
    for key, value in (("decline_tokens", 1e300), ("aggression", 1e9), ("abandon", 2.0)):
        policy = "random" if key == "abandon" else "heuristic"
        seats = f'[[seats]]\npolicy = "{policy}"\n{key} = {value}\n'
        result = run("validate", scenario(tmp_path, "", seats))
        assert result.exit_code == 2 and f"seats[0].{key}" in result.output, key


@pytest.mark.parametrize(
    "args, key",
    [
        (["replay", "--game", 2**62 + 1], "--game"),
        (["combos", "--cost", 10**30], "--cost"),
        (["combos", "--games-per-combo", 10**7], "--games-per-combo"),
        (["simulate", "--games", 10**13], "--games"),
        (["simulate", "--chunk", 10**8], "--chunk"),
        (["decline", "--games", 10**9], "--games"),
        (["players", "--games", 10**8], "--games"),
        (["players", "--games-per-combo", 10**7], "--games-per-combo"),
        (["compare", ROOT / "scenarios" / "extra-round.toml", "--games", 10**8], "--games"),
        (["bench", "--repeats", 1000], "--repeats"),
    ],
)
def test_huge_options_are_refused_before_anything_is_played(args, key, monkeypatch):
    from analyzer.gameloop import api

    def never(*a, **k):
        raise AssertionError("a game was played")

    monkeypatch.setattr(api, "play_batch", never)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert key in result.stderr and "Traceback" not in result.output


def test_a_study_too_large_for_memory_is_refused_before_it_plays(monkeypatch):
    from analyzer.gameloop import api

    monkeypatch.setattr(api, "play_batch", lambda *a, **k: pytest.fail("played"))
    result = run("decline", "--players", "2,3", "--games", 4_000_000)
    assert result.exit_code == 2
    assert "10,000,000" in result.stderr


def test_docs_list_every_range():
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    tables = {
        **limits.RULE_NUMBERS,
        **{f"components.{k}": v for k, v in COMPONENT_LIMITS.items()},
        **limits.BOT_PARAMETERS,
        **limits.OPTIONS,
        "die_faces": limits.DIE_FACE,
        "rounds": limits.ROUNDS,
        "extra_rounds": limits.EXTRA_ROUNDS,
        "seat_coins": limits.SEAT_COINS,
        "banner": limits.BANNER,
        "box": limits.BOX,
        "badge": limits.BADGE,
        "badge_delta": limits.BADGE_DELTA,
        "boards_in_box": limits.BOARDS_IN_BOX,
    }

    def show(x):
        return f"{x:,}" if isinstance(x, int) else f"{x:g}"

    for key, (low, high) in tables.items():
        row = f"| `{key}` | {show(low)} | {show(high)} |"
        assert row in text, row

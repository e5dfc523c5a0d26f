"""Choosing the ruleset: --ruleset on the commands, a scenario's `ruleset` key, their
errors (exit 2, one paragraph, the valid choices), and what carries the ruleset into
the outputs. The second ruleset is tests/plain_ruleset, played in a process of its own
(a process plays one ruleset); half-built rulesets are made in a temporary folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import pandas as pd
import pytest
from engine_cache import engine_cache_base
from typer.testing import CliRunner

import analyzer.engine  # noqa: F401  (this run plays swow: tests/conftest.py loads it)
from analyzer import ruleset_registry, rulesets
from analyzer.cli import app
from analyzer.errors import InputError
from analyzer.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
PLAIN = "tests.plain_ruleset"
runner = CliRunner()


@pytest.fixture(autouse=True)
def plain_importable(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))  # tests.plain_ruleset, by its dotted name


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_paragraph(text: str) -> str:
    assert "Traceback" not in text
    return " ".join(text.split())


@pytest.fixture
def half_built(tmp_path, monkeypatch):
    """A ruleset package with content but no engine hooks yet (classic's state before
    its engine lands), importable as halfpkg.half."""
    package = tmp_path / "halfpkg" / "half"
    package.mkdir(parents=True)
    (tmp_path / "halfpkg" / "__init__.py").write_text("")
    (package / "__init__.py").write_text('"""Content only."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    return "halfpkg.half"


def scenario(tmp_path: Path, head: str, body: str = "", name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(
        f'[scenario]\nname = "test"\ndescription = "a test"\nplayers = 3\n{head}\n{body}',
        encoding="utf-8",
    )
    return path


# ------------------------------------------------------------------ the names
def test_swow_is_playable_and_listed_first():
    assert ruleset_registry.shipped_rulesets()[0] == "swow"
    assert "swow" in ruleset_registry.playable_rulesets()
    assert ruleset_registry.missing_parts("swow") == []
    assert ruleset_registry.missing_parts(PLAIN) == []


def test_classic_is_choosable_exactly_when_its_engine_and_content_are_there():
    missing = ruleset_registry.missing_parts("classic")
    assert ("classic" in ruleset_registry.playable_rulesets()) == (missing == [])
    problem = ruleset_registry.ruleset_problem("classic", "command line", "--ruleset")
    if missing:
        assert "its engine is not built yet" in problem.message
        assert all(part.replace(".", "/") + ".py" in problem.message for part in missing)
    else:
        assert problem is None


def test_an_unknown_ruleset_is_refused_with_the_choices_and_closest_name():
    result = run("simulate", "--ruleset", "swwo", "-g", 10)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert "--ruleset = 'swwo': no such ruleset" in text
    assert "Valid choices: swow" in text and "Did you mean 'swow'?" in text


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "-g", 10],
        ["bots", "-g", 10],
        ["bench", "-g", 10, "--no-startup"],
        ["combos", "-g", 1],
        ["decline", "-g", 1],
        ["players", "-g", 1],
        ["balance", "-g", 1],
        ["replay"],
        ["report", "--scale", 0.01],
    ],
)
def test_a_half_built_ruleset_says_its_engine_is_not_built(command, half_built):
    result = run(*command, "--ruleset", half_built)
    assert result.exit_code == 2, result.output
    text = one_paragraph(result.output)
    assert "its engine is not built yet" in text and "hooks/rules.py" in text
    assert "Valid choices: swow" in text


def test_the_engine_binds_to_no_ruleset_before_a_game_is_loaded():
    # Not even the one the environment names: it is read when a command runs.
    code = (
        "import analyzer\n"
        "try:\n    import analyzer.gameloop.api\n"
        "except analyzer.NoGameLoaded as exc:\n    print(exc)\n"
        "game = analyzer.load_game('classic')\n"
        "import analyzer.engine\nprint(analyzer.engine.BOUND_RULESET, game.title)"
    )
    env = dict(os.environ, **{rulesets.RULESET_ENV: "swow"})
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    refusal, bound = done.stdout.splitlines()
    assert refusal.startswith("analyzer.engine was imported before a game was loaded: call ")
    assert "analyzer.load_game(NAME) first" in refusal and "'classic'" in refusal
    assert bound == "classic Small World"


def test_a_ruleset_is_chosen_once_per_process():
    # This test process plays swow: another ruleset needs a process of its own.
    result = run("simulate", "-g", 10, "--ruleset", PLAIN)
    assert result.exit_code == 2
    assert "already plays swow" in one_paragraph(result.output)


# ------------------------------------------------------------------ scenarios
def test_a_scenario_and_the_option_must_agree(tmp_path):
    path = scenario(tmp_path, 'ruleset = "swow"')
    result = run("simulate", "-g", 10, "--scenario", path, "--ruleset", PLAIN)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert str(path) in text and "scenario.ruleset = 'swow'" in text
    assert f"--ruleset is {PLAIN}" in text


def test_a_scenario_names_its_ruleset_and_the_run_plays_it(tmp_path):
    path = scenario(tmp_path, 'ruleset = "swow"')
    result = run("simulate", "-g", 12, "--scenario", path)
    assert result.exit_code == 0, result.output
    assert load_scenario(path, analyzer.load_game("swow")).played == "swow"


def test_a_scenario_of_a_half_built_ruleset_is_refused(tmp_path, half_built):
    path = scenario(tmp_path, f'ruleset = "{half_built}"')
    result = run("simulate", "-g", 10, "--scenario", path)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert f"{path}: scenario.ruleset = '{half_built}'" in text
    assert "its engine is not built yet" in text
    assert run("validate", path).exit_code == 2


def test_compared_scenarios_must_be_of_one_ruleset(tmp_path):
    a = scenario(tmp_path, 'ruleset = "swow"', name="a.toml")
    b = scenario(tmp_path, f'ruleset = "{PLAIN}"', name="b.toml")
    result = run("compare", a, b, "-g", 10)
    assert result.exit_code == 2
    assert "must all be for the same ruleset" in one_paragraph(result.output)


def test_a_misspelt_ruleset_in_a_scenario_names_the_choices(tmp_path):
    path = scenario(tmp_path, 'ruleset = "sowv"')
    with pytest.raises(InputError) as caught:
        load_scenario(path, analyzer.load_game("swow"))
    text = str(caught.value)
    assert "scenario.ruleset = 'sowv': neither a ruleset nor a folder" in text
    assert "Valid choices: swow" in text


def test_a_scenario_of_another_ruleset_than_the_run_plays_is_refused(tmp_path):
    path = scenario(tmp_path, f'ruleset = "{PLAIN}"')
    with pytest.raises(InputError) as caught:
        load_scenario(path, analyzer.load_game("swow"))
    assert "this run plays the swow ruleset" in str(caught.value)
    assert f"--ruleset {PLAIN}" in str(caught.value)


@pytest.fixture
def other_form(tmp_path, monkeypatch):
    """A playable ruleset whose content is not in SWoW's form (as classic's may be)."""
    package = tmp_path / "formpkg" / "other"
    (package / "hooks").mkdir(parents=True)
    for init in (tmp_path / "formpkg", package, package / "hooks"):
        (init / "__init__.py").write_text("")
    for part in ("rules", "bots", "turn", "precompile"):
        (package / "hooks" / f"{part}.py").write_text("")
    (package / "layout.py").write_text("")
    (package / "tables.py").write_text(
        "from types import SimpleNamespace\n"
        "_RACES = (SimpleNamespace(key='elves'),)\n"
        "TERRAIN_NAMES = ('Plain',)\n"
        "def default_content():\n"
        "    return SimpleNamespace(races=_RACES, powers=()), ()\n"
        "def compile_tables(ruleset, faces, parameters=None):\n"
        "    return 'compiled tables'\n"
        "def default_tables():\n"
        "    return 'printed tables'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    # As if this process had loaded it: its scenarios are read as the played ruleset's.
    monkeypatch.setattr(ruleset_registry, "_BOUND", "formpkg.other")
    return "formpkg.other"


def test_another_form_of_content_plays_its_printed_rules_and_takes_no_house_rules(
    tmp_path, other_form
):
    played = rulesets.Game(other_form)  # as load_game would give it
    sc = load_scenario(scenario(tmp_path, f'ruleset = "{other_form}"'), played)
    assert sc.parameters is None and sc.banned_races == () and sc.played == other_form
    assert sc.tables() == "printed tables"
    ruled = scenario(tmp_path, f'ruleset = "{other_form}"', "[rules]\nrounds = 9\n", "r.toml")
    with pytest.raises(InputError) as caught:
        load_scenario(ruled, played)
    assert "rules = {'rounds': 9}: house rules are not read for the formpkg.other ruleset" in str(
        caught.value
    )


# ------------------------------------------------------------------ outputs
def test_every_table_carries_its_ruleset(tmp_path):
    out = tmp_path / "run"
    assert run("simulate", "-p", 2, "-g", 30, "--out", out).exit_code == 0
    for name in ("seats", "races"):
        assert set(pd.read_parquet(out / f"{name}.parquet").ruleset) == {"swow"}
    study = tmp_path / "bots"
    assert run("bots", "-p", 2, "-g", 20, "--out", study).exit_code == 0
    assert set(pd.read_csv(study / "summary.csv").ruleset) == {"swow"}


def fresh_process(*args) -> subprocess.CompletedProcess:
    """`analyzer ARGS` in a process of its own, the plain ruleset importable, the engine
    caches under this session's cache folder (side by side, one per ruleset)."""
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=engine_cache_base(),
        PYTHONPATH=str(ROOT),
    )
    env.pop(rulesets.RULESET_ENV, None)
    command = [sys.executable, "-m", "analyzer", *map(str, args)]
    return subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_another_ruleset_runs_in_its_own_process_with_its_own_cache(tmp_path):
    out = tmp_path / "plain"
    done = fresh_process("simulate", "--ruleset", PLAIN, "-p", 2, "-g", 30, "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(pd.read_parquet(out / "seats.parquet").ruleset) == {PLAIN}
    bench = fresh_process(
        "bench", "--ruleset", PLAIN, "--json", "--no-startup", "-g", "20", "-r", "1"
    )
    assert bench.returncode == 0, bench.stderr[-2000:]
    rows = json.loads(bench.stdout)["games"]
    assert {row["ruleset"] for row in rows} == {PLAIN}
    assert {"players", "policy", "games_per_s"} <= set(rows[0])
    base = Path(numba.config.CACHE_DIR).parent
    assert Path(numba.config.CACHE_DIR).name.startswith("engine-swow-")
    assert [p for p in base.glob("engine-tests-plain_ruleset-*") if p.is_dir()]


# ------------------------------------------------------------------ one decision
@pytest.fixture
def user_env(monkeypatch):
    """ANALYZER_RULESET as a user sets it."""

    def set_to(value: str) -> None:
        monkeypatch.setenv(rulesets.RULESET_ENV, value)

    return set_to


def test_a_misspelt_environment_ruleset_is_refused_not_ignored(user_env):
    user_env("clasic")
    result = run("simulate", "-g", 10)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert "environment: ANALYZER_RULESET = 'clasic': no such ruleset" in text
    assert "Did you mean 'classic'?" in text


def test_the_environment_form_is_played_not_overridden(user_env):
    # This process plays swow: the environment's classic is honoured (so refused here,
    # where another ruleset is bound), never silently replaced by swow.
    user_env("classic")
    result = run("simulate", "-g", 10)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert "environment: ANALYZER_RULESET = 'classic'" in text and "already plays swow" in text


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "-g", 10, "--ruleset", "swow"],
        ["combos", "-g", 1, "--ruleset", "swow"],
        ["report", "--ruleset", "swow", "--scale", 0.01],
    ],
)
def test_the_environment_and_an_option_that_disagree_are_refused(user_env, args):
    user_env("classic")
    result = run(*args)
    assert result.exit_code == 2, result.output
    text = one_paragraph(result.output)
    assert "environment: ANALYZER_RULESET = 'classic'" in text
    assert "unset ANALYZER_RULESET" in text


def test_the_team_study_refuses_a_ruleset_the_environment_names_without_a_team_variant(
    tmp_path,
):
    """`analyzer teams` plays the team variant of its ruleset (the default one, or the
    environment's): classic has none, so naming it is refused in one paragraph with the
    remedy (in a process of its own: this one plays swow)."""
    env = dict(os.environ, **{rulesets.RULESET_ENV: "classic"})
    out = tmp_path / "teams"
    command = [sys.executable, "-m", "analyzer", "teams", "--games", "2", "--out", str(out)]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    text = one_paragraph(done.stdout + done.stderr)
    assert "environment: ANALYZER_RULESET = 'classic'" in text and "Traceback" not in text
    assert "plays a variant in teams, and Small World has none" in text
    assert "unset ANALYZER_RULESET" in text and not out.exists()


def test_the_environment_and_a_scenario_that_disagree_are_refused(tmp_path, user_env):
    user_env("classic")
    path = scenario(tmp_path, 'ruleset = "swow"')
    result = run("simulate", "-g", 10, "--scenario", path)
    assert result.exit_code == 2
    text = one_paragraph(result.output)
    assert f"{path}: scenario.ruleset = 'swow'" in text and "ANALYZER_RULESET is classic" in text


def test_a_scenario_variant_and_the_option_that_disagree_are_refused(tmp_path):
    path = scenario(tmp_path, 'variant = "bfa"')
    for command in (["simulate", "-g", 10], ["combos", "-g", 1], ["decline", "-g", 1]):
        result = run(*command, "--scenario", path, "--variant", "standard")
        assert result.exit_code == 2, result.output
        text = one_paragraph(result.output)
        assert f"{path}: scenario.variant = 'bfa'" in text and "--variant is standard" in text
        assert "\n\n" not in result.output.strip()
    # When they agree, the run plays it and says so.
    result = run("simulate", "-g", 8, "--scenario", path, "--variant", "bfa")
    assert result.exit_code == 0, result.output
    assert "Ruleset: Small World of Warcraft (swow), variant: bfa" in result.output


def test_compared_scenarios_must_play_one_variant(tmp_path):
    a = scenario(tmp_path, 'variant = "bfa"', name="a.toml")
    b = scenario(tmp_path, "", name="b.toml")
    c = scenario(tmp_path, 'variant = "standard"', name="c.toml")
    result = run("compare", a, c, b, "-g", 10)
    assert result.exit_code == 2
    assert "the scenarios of one run must all play the same variant" in one_paragraph(result.output)


@pytest.mark.parametrize(
    "args, said",
    [
        (["simulate", "-p", 2, "-g", 6], "variant: standard"),
        (["simulate", "-p", 4, "-g", 6, "--variant", "bfa"], "variant: bfa"),
        (["replay", "-p", 2], "variant: standard"),
        (["validate", ROOT / "scenarios" / "example.toml"], "variant: standard"),
    ],
)
def test_every_command_says_the_ruleset_and_variant_it_plays(args, said):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert f"Ruleset: Small World of Warcraft (swow), {said}" in result.output


def test_every_table_and_summary_records_the_ruleset_and_variant(tmp_path):
    out = tmp_path / "run"
    assert run("simulate", "-p", 4, "-g", 8, "--variant", "bfa", "--out", out).exit_code == 0
    for name in ("seats", "races"):
        frame = pd.read_parquet(out / f"{name}.parquet")
        assert set(frame.ruleset) == {"swow"} and set(frame.variant) == {"bfa"}
    study = tmp_path / "bots"
    assert run("bots", "-p", 2, "-g", 20, "--out", study).exit_code == 0
    assert set(pd.read_csv(study / "summary.csv").variant) == {"standard"}
    text = (study / "summary.md").read_text()
    assert "Ruleset: Small World of Warcraft (swow), variant: standard." in text


@pytest.mark.slow
def test_the_environment_form_works_as_documented(tmp_path):
    out = tmp_path / "plain"
    env = dict(os.environ, NUMBA_CACHE_DIR=engine_cache_base(), PYTHONPATH=str(ROOT))
    env[rulesets.RULESET_ENV] = PLAIN
    command = [sys.executable, "-m", "analyzer", "simulate", "-p", 2, "-g", 30, "--out", out]
    done = subprocess.run(
        list(map(str, command)), env=env, cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"Ruleset: {PLAIN} ({PLAIN}), variant: standard" in done.stderr
    assert set(pd.read_parquet(out / "seats.parquet").ruleset) == {PLAIN}


def test_a_content_folder_or_file_names_the_ruleset_it_belongs_to(tmp_path):
    """`analyzer validate FOLDER` plays the ruleset whose files the folder holds when
    no option or scenario names one: each ruleset's files.py claims its own."""
    from analyzer.rulesets import content_ruleset

    rulesets = ROOT / "analyzer" / "rulesets"
    assert content_ruleset(rulesets / "classic" / "content") == "classic"
    assert content_ruleset(rulesets / "classic" / "content" / "maps.toml") == "classic"
    assert content_ruleset(rulesets / "swow" / "content") == "swow"
    assert content_ruleset(rulesets / "swow" / "content" / "boards.toml") == "swow"
    other = tmp_path / "notes.toml"
    other.write_text('title = "not content"\n')
    assert content_ruleset(other) is None
    assert content_ruleset(tmp_path / "missing") is None

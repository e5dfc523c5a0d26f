"""The original game through the commands a user runs (each in a process of its
own: a process plays one ruleset). The classic engine's cache is shared with the
classic test run (`pytest --ruleset classic`), so only the first compiles it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from engine_cache import engine_cache_base

ROOT = Path(__file__).resolve().parents[1]


def analyzer(*args) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=engine_cache_base())
    env.pop("ANALYZER_RULESET", None)
    command = [sys.executable, "-m", "analyzer", *map(str, args)]
    return subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=900)


@pytest.mark.slow
def test_the_classic_combo_table_has_all_280_combos(tmp_path):
    out = tmp_path / "combos"
    done = analyzer(
        "combos", "--ruleset", "classic", "--players", 4, "--games-per-combo", 2, "--out", out
    )
    assert done.returncode == 0, done.stderr[-3000:]
    table = pd.read_csv(out / "combos.csv")
    assert len(table) == 14 * 20 == 280
    assert set(table.ruleset) == {"classic"}
    assert {"Amazons", "Wizards"} <= set(table.race) and {"Spirit", "Wealthy"} <= set(table.power)


@pytest.mark.slow
def test_a_classic_scenario_takes_house_rules_and_refuses_boards(tmp_path):
    rules = tmp_path / "classic-rules.toml"
    rules.write_text(
        '[scenario]\nname = "rich ratmen"\ndescription = "d"\nruleset = "classic"\nplayers = 3\n'
        "[rules]\nstart_coins = 9\n"
        "[races]\nbanner = { ratmen = 10 }\n"
        '[powers]\nbanned = ["spirit"]\n'
    )
    done = analyzer("simulate", "--scenario", rules, "--games", 40, "--out", tmp_path / "run")
    assert done.returncode == 0, done.stderr[-3000:]
    races = pd.read_parquet(tmp_path / "run" / "races.parquet")
    assert "Spirit" not in set(races.power.astype(str))
    assert set(races[races.race.astype(str) == "Ratmen"].tokens) <= {10 + b for b in range(11)}
    # compare plays a classic house rule too (its races have no faction: no team arm)
    args = ("--games", 4, "--games-per-combo", 2, "--out", tmp_path / "cmp")
    done = analyzer("compare", rules, *args)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "combo_win_sd" in set(pd.read_csv(tmp_path / "cmp" / "compare.csv").metric)

    boards = tmp_path / "classic-boards.toml"
    boards.write_text(
        '[scenario]\nname = "b"\ndescription = "d"\nruleset = "classic"\nplayers = 3\n'
        "[rules]\nboards = { large = 1, medium = 0, small = 0 }\n"
    )
    done = analyzer("simulate", "--scenario", boards, "--games", 4, "--out", tmp_path / "b")
    assert done.returncode == 2
    assert "rules.boards" in done.stderr and "one map printed for each player count" in done.stderr


def test_a_report_of_the_classic_ruleset_chooses_it_before_loading_the_engine(tmp_path):
    # a bad --scale is checked after the ruleset is chosen: reaching that check
    # proves no engine of another ruleset was loaded first
    done = analyzer("report", "--ruleset", "classic", "--scale", 0, "--out", tmp_path / "r")
    assert done.returncode == 2
    assert "--scale" in done.stderr and "already plays" not in done.stderr


def test_validate_checks_the_classic_content_folder():
    folder = ROOT / "analyzer" / "rulesets" / "classic" / "content"
    done = analyzer("validate", folder)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith(f"OK: {folder} (ruleset folder)")
    # Without --ruleset, the folder's own ruleset is the one named (its files say which).
    assert "Ruleset: Small World (classic), variant: standard" in done.stderr
    maps = analyzer("validate", folder / "maps.toml")
    assert maps.returncode == 0 and "Ruleset: Small World (classic)" in maps.stderr


def test_validate_names_the_bad_key_of_a_classic_folder(tmp_path):
    content = ROOT / "analyzer" / "rulesets" / "classic" / "content"
    for name in ("ruleset.toml", "maps.toml"):
        (tmp_path / name).write_text((content / name).read_text("utf-8"), "utf-8")
    ruleset = tmp_path / "ruleset.toml"
    text = ruleset.read_text("utf-8")
    assert "\nbanner = 6  #" in text  # the Amazons' banner, the first race's
    ruleset.write_text(text.replace("\nbanner = 6  #", '\nbanner = "six"  #', 1), "utf-8")
    done = analyzer("validate", tmp_path)
    assert done.returncode == 2
    assert f"{ruleset}: races.amazons.banner = 'six': must be a whole number." in done.stdout
    assert "Traceback" not in done.stdout + done.stderr

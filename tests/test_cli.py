"""The `analyzer` command: instant help, exit code 2 with a readable message for bad
input, and complete output files or none at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.results import RACE_COLUMNS, SEAT_COLUMNS
from analyzer.rulesets.swow.ruleset import RULESET_PATH

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def light_import(code: str) -> None:
    """Run code in a fresh interpreter and fail if it pulled in a heavy module."""
    check = "; ".join(
        [code, "import sys", "heavy = {'numba', 'pandas', 'pyarrow'} & set(sys.modules)"]
        + ["assert not heavy, heavy"]
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_importing_the_package_and_the_cli_is_light():
    light_import("import analyzer")
    light_import("import analyzer.cli")


def test_numpy_loaded_after_the_package_starts_no_blas_threads():
    """A BLAS thread per core would spin between the statistics' matrix products and
    take CPU from the engine (docs/speed.md); the package asks for one BLAS thread."""
    code = (
        "import os, analyzer, numpy\n"
        "numpy.ones((64, 64)) @ numpy.ones((64, 64))\n"
        "print(len(os.listdir('/proc/self/task')))"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}  # as a user's
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 1  # the interpreter's own thread alone


def test_help_works_without_importing_the_engine():
    code = (
        "import sys, analyzer.cli as cli\n"
        "sys.argv = ['analyzer', '--help']\n"
        "try:\n    cli.main()\nexcept SystemExit as exc:\n    assert exc.code == 0, exc.code"
    )
    light_import(code)
    result = run("--help")
    assert result.exit_code == 0
    for command in ("simulate", "validate", "bench", "bots", "report", "combos", "compare"):
        assert command in result.output


def test_validate_accepts_the_shipped_files():
    result = run("validate", RULESET_PATH)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"OK: {RULESET_PATH} (ruleset)"
    boards = RULESET_PATH.with_name("boards.toml")
    assert run("validate", boards).stdout.strip() == f"OK: {boards} (boards)"


def test_validate_names_the_bad_key(tmp_path):
    text = RULESET_PATH.read_text(encoding="utf-8")
    assert 'faction = "Horde"' in text
    bad = tmp_path / "ruleset.toml"
    bad.write_text(text.replace('faction = "Horde"', 'faction = "Hord"', 1), encoding="utf-8")
    result = run("validate", bad)
    assert result.exit_code == 2
    assert ".faction = 'Hord'" in result.stdout
    assert "Did you mean 'Horde'?" in result.stdout
    assert "Traceback" not in result.output


def test_validate_missing_file():
    result = run("validate", "no/such/file.toml")
    assert result.exit_code == 2
    assert "cannot read this file" in result.output


def test_simulate_writes_both_parquet_files(tmp_path):
    out = tmp_path / "run"
    result = run("simulate", "--players", 3, "--games", 200, "--seed", 5, "--out", out)
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.stdout and "win rate" in result.stdout
    # The two tables, and the list of what the analyzer wrote there (analyzer/output.py).
    names = sorted(p.name for p in out.iterdir())
    assert names == [".analyzer-output.json", "races.parquet", "seats.parquet"]
    seats = pd.read_parquet(out / "seats.parquet")
    races = pd.read_parquet(out / "races.parquet")
    assert tuple(seats.columns) == SEAT_COLUMNS
    assert tuple(races.columns) == RACE_COLUMNS
    assert len(seats) == 200 * 3
    assert sorted(seats.game.unique()) == list(range(200))
    assert seats.win.dtype == bool and set(seats.policy) == {"heuristic"}
    assert races.round_declined.dtype == "Int32"
    # NA exactly where the race never went into decline, never the engine's -1.
    assert races.round_declined.isna().any() and (races.round_declined.dropna() >= 1).all()
    assert (races.vc_decline[races.round_declined.isna()] == 0).all()
    assert set(races.seat) == {0, 1, 2}


def test_simulate_row_group_per_chunk(tmp_path):
    result = run("simulate", "-p", 2, "-g", 250, "--chunk", 100, "--out", tmp_path, "--check")
    assert result.exit_code == 0, result.output
    assert "Invariant violations: 0 games" in result.stdout
    assert pq.ParquetFile(tmp_path / "seats.parquet").num_row_groups == 3
    assert pq.ParquetFile(tmp_path / "races.parquet").num_row_groups == 3


def test_bad_policy_gets_a_hint():
    result = run("simulate", "--players", 2, "--games", 10, "--policies", "heuristc,random")
    assert result.exit_code == 2
    assert "--policies" in result.stderr
    assert "Did you mean 'heuristic'?" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "key"),
    [
        (["--players", "6"], "--players"),
        (["--games", "0"], "--games"),
        (["--chunk", "0"], "--chunk"),
        (["--players", "3", "--policies", "random,random"], "--policies"),
        (["--threads", "0"], "--threads"),
    ],
)
def test_bad_numbers_exit_2(args, key):
    result = run("simulate", *args)
    assert result.exit_code == 2, result.output
    assert f"command line: {key} = " in result.stderr


def fail_on_call(monkeypatch, call: int, exc: BaseException):
    """Make the engine's play_batch raise `exc` on its call number `call`."""
    from analyzer.gameloop import api

    real = api.play_batch
    calls = []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) == call:
            raise exc
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "play_batch", flaky)


def test_error_mid_run_leaves_no_files(tmp_path, monkeypatch):
    fail_on_call(monkeypatch, 2, RuntimeError("engine blew up"))
    out = tmp_path / "run"
    result = run("simulate", "-p", 2, "-g", 200, "--chunk", 100, "--out", out)
    assert isinstance(result.exception, RuntimeError)
    assert not out.exists()  # the folder made for the run is gone with it


def test_interrupt_exits_130_and_leaves_no_files(tmp_path, monkeypatch):
    fail_on_call(monkeypatch, 2, KeyboardInterrupt())
    out = tmp_path / "run"
    result = run("simulate", "-p", 2, "-g", 200, "--chunk", 100, "--out", out)
    assert result.exit_code == 130
    assert not out.exists()


def test_failed_run_keeps_the_previous_files(tmp_path, monkeypatch):
    assert run("simulate", "-p", 2, "-g", 50, "--out", tmp_path).exit_code == 0
    before = pd.read_parquet(tmp_path / "seats.parquet")
    fail_on_call(monkeypatch, 2, KeyboardInterrupt())
    assert run("simulate", "-p", 2, "-g", 300, "--chunk", 100, "--out", tmp_path).exit_code == 130
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".analyzer-output.json", "races.parquet", "seats.parquet"]
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "seats.parquet"), before)


def test_bench_json(monkeypatch):
    result = run("bench", "--games", 20, "--repeats", 1, "--json", "--no-startup")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    rows = out["games"]
    assert [(r["players"], r["policy"]) for r in rows] == [
        (n, p) for n in (2, 3, 4, 5) for p in ("heuristic", "random")
    ] + [(4, "lookahead, 1 seat"), (4, "search, 1 seat")]
    for row in rows:
        assert set(row) == {"ruleset", "players", "policy", "threads", "games_per_s",
                            "goal_games_per_s"}  # fmt: skip
        assert row["ruleset"] == "swow" and row["games_per_s"] > 0
    goals = {(r["players"], r["policy"]): r["goal_games_per_s"] for r in rows}
    assert goals[(4, "heuristic")] == 20_000 and goals[(4, "lookahead, 1 seat")] == 60
    assert goals[(4, "search, 1 seat")] == 10
    assert goals[(2, "random")] is None
    # Thread scaling: 1 thread, then up to this process's count; one thread is
    # perfect scaling by definition.
    scaling = out["scaling"]
    assert scaling[0]["threads"] == 1 and scaling[0]["efficiency"] == 1.0
    assert all(row["games_per_s"] > 0 for row in scaling)
    assert out["startup"] is None
    assert "Warm-up" in result.stderr and "Threads" in result.stderr
    assert "First game" not in result.stderr


def test_bench_prints_each_figure_beside_its_goal():
    from analyzer.bench import thread_counts
    from analyzer.speed_goals import goal_text

    assert goal_text(21_000, 20_000, True) == "goal >= 20,000: met"
    assert goal_text(5_000, 20_000, True) == "goal >= 20,000: not met (25%)"
    assert goal_text(30.0, 15.0, False, "s") == "goal <= 15 s: not met (50%)"
    assert goal_text(0.8, 1.0, False) == "goal <= 1: met"
    assert thread_counts(1) == [1] and thread_counts(2) == [1, 2]
    assert thread_counts(6) == [1, 2, 4, 6] and thread_counts(8) == [1, 2, 4, 8]


def test_first_game_script_plays_in_a_fresh_process():
    # The script `analyzer bench` times with a cold and a warm cache; here the
    # test session's warm cache, so that it only loads.
    from analyzer.bench import first_game_seconds

    assert first_game_seconds(load_game("swow")) > 0


def test_report_writes_a_complete_folder(tmp_path):
    out = tmp_path / "reports" / "baseline-3p"
    result = run("bots", "--games", 120, "--players", 3, "--seed", 2, "--out", out)
    assert result.exit_code == 0, result.output
    assert str(out) in result.stdout
    names = {p.name for p in out.iterdir()}
    assert names == {
        ".analyzer-output.json",
        "seats.parquet",
        "races.parquet",
        "summary.csv",
        "race_summary.csv",
        "power_summary.csv",
        "summary.md",
        "heuristic-vs-random",
    }
    assert [p.name for p in out.parent.iterdir()] == ["baseline-3p"]  # no temp folders
    summary = pd.read_csv(out / "summary.csv")
    assert set(summary.batch) == {"all heuristic", "heuristic vs random"}
    assert len(summary) == 6
    text = (out / "summary.md").read_text(encoding="utf-8")
    for part in ("Seat order advantage", "Rests on estimates / not modeled", "Wilson"):
        assert part in text
    from analyzer.rulesets.swow.tables import default_tables

    ruleset = default_tables().ruleset
    for item in (*ruleset.races, *ruleset.powers, *ruleset.markers):
        if item.modeled != "full":
            assert f"- {item.name} (`{item.modeled}`): {item.missing}" in text
    assert "Special power token numbers:" in text and "Board faces:** modeled" in text


def test_interrupted_report_leaves_nothing(tmp_path, monkeypatch):
    fail_on_call(monkeypatch, 2, KeyboardInterrupt())
    out = tmp_path / "reports" / "baseline-2p"
    result = run("bots", "--games", 50, "--players", 2, "--out", out)
    assert result.exit_code == 130
    assert not out.parent.exists()  # no folder made for the run is left


def test_replay_prints_one_game_the_same_way_twice():
    first = run("replay", "--players", 3, "--seed", 4, "--game", 2)
    assert first.exit_code == 0, first.output
    assert "picks" in first.stdout and "conquers" in first.stdout and "final:" in first.stdout
    assert first.stdout.count(" VC, rank ") == 3
    assert run("replay", "--players", 3, "--seed", 4, "--game", 2).stdout == first.stdout
    assert run("replay", "--players", 3, "--seed", 4, "--game", 3).stdout != first.stdout


def test_replay_refuses_a_negative_game():
    result = run("replay", "--game", -1)
    assert result.exit_code == 2 and "--game" in result.output


def test_the_fresh_report_timer_starts_without_a_game():
    """tools/time_fresh_report.py reads the goals before any game is loaded (it only
    clones and times): importing it must not import the engine."""
    code = (
        "import importlib.util, sys; "
        "spec = importlib.util.spec_from_file_location('t', 'tools/time_fresh_report.py'); "
        "spec.loader.exec_module(importlib.util.module_from_spec(spec)); "
        "print('analyzer.engine' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"

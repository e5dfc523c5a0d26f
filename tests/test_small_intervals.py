"""Honest intervals at small sizes: settings that cannot give an interval are refused
before any game is played (exit 2), and games that cannot support one say "too few
games for an interval" instead of a zero-width 95% interval."""

from __future__ import annotations

import re

import numpy as np
import pytest
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.stats import TOO_FEW, interval_text, percentile_interval

runner = CliRunner()
# "+0 to +0", "+0.0 pp to +0.0 pp", "12.0% to 12.0%": an interval of width zero
ZERO_WIDTH = re.compile(r"([+-]?\d+(?:\.\d+)?(?: pp|%)?) to \1(?![\d.])")


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_resamples_that_all_agree_give_no_interval():
    lo, hi = percentile_interval(np.zeros((50, 2)))
    assert np.isnan(lo).all() and np.isnan(hi).all()
    assert interval_text(0.0, 0.0) == TOO_FEW and interval_text(np.nan, 1.0) == TOO_FEW
    lo, hi = percentile_interval(np.arange(100.0))
    assert 0 < lo < hi < 99 and interval_text(lo, hi) != TOO_FEW


@pytest.fixture
def no_game(monkeypatch):
    """Any game played fails the test: refusals come before the first one."""
    from analyzer.gameloop import api

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(api, "play_batch", refuse)


@pytest.mark.parametrize(
    "args, key",
    [
        (["tournament", "--bootstrap", 0], "--bootstrap"),
        (["tournament", "--bootstrap", 5], "--bootstrap"),
        (["tournament", "--games", 1], "--games"),
        (["decline", "--games", 1], "--games"),
        (["robustness", "--decline-games", 1], "--decline-games"),
        (["robustness", "--bootstrap", 0], "--bootstrap"),
    ],
)
def test_degenerate_settings_are_refused_before_any_game(tmp_path, no_game, args, key):
    result = run(*args, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert f"command line: {key} = " in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_tournament_of_few_games_says_so_instead_of_a_zero_width_interval(tmp_path):
    # The default bot beats the random bot in both games: every resample agrees.
    out = tmp_path / "t"
    result = run("tournament", "--bots", "default,random", "-p", 2, "-g", 2, "--bootstrap", 20,
                 "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = (out / "summary.md").read_text()
    assert TOO_FEW in result.output and TOO_FEW in summary
    assert not ZERO_WIDTH.search(result.output) and not ZERO_WIDTH.search(summary)


def test_a_decline_study_of_two_games_prints_no_zero_width_interval(tmp_path):
    out = tmp_path / "d"
    result = run("decline", "-p", 2, "--games", 2, "--out", out)
    assert result.exit_code == 0, result.output
    summary = (out / "summary.md").read_text()
    for text in (result.output, summary):
        assert not ZERO_WIDTH.search(text), ZERO_WIDTH.search(text).group(0)
    assert TOO_FEW in summary  # some paired differences are alike in both games

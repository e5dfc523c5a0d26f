"""tools/bot_strength.py, which measures the bots' strength tables of docs/bots.md:
its pairing and its refusals."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "bot_strength.py"


def run(monkeypatch, *args: str):
    spec = importlib.util.spec_from_file_location("bot_strength", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(sys, "argv", ["bot_strength.py", *args])
    return tool.main()


def test_a_bot_against_itself_gains_nothing_on_the_same_games(monkeypatch, capsys):
    # The bot's seat and the other bot alone in that seat play the very same games.
    args = ("--bot", "heuristic", "--against", "heuristic", "--games-per-seat", "3", "--paired")
    assert run(monkeypatch, *args) == 0
    line = capsys.readouterr().out
    assert "in 12 games" in line
    assert "paired gain +0.0 points (95%: +0.0 to +0.0)" in line
    share = line.split("games, ")[1].split("%")[0]
    assert f"heuristic alone in the same seats {share}%" in line


def test_the_team_variant_only_in_its_ruleset_and_unknown_bots_refused(monkeypatch, capsys):
    with pytest.raises(SystemExit) as stopped:
        run(monkeypatch, "--ruleset", "classic", "--variant", "bfa")
    assert stopped.value.code == 2
    with pytest.raises(SystemExit) as stopped:
        run(monkeypatch, "--against", "heuristc")
    assert stopped.value.code == 2
    assert "heuristic" in capsys.readouterr().err

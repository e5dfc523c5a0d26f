"""`analyzer --help` reads well: commands grouped in panels, one-line summaries, an
example in every command's help that names only options the command has, and the top
line naming the three games. Help stays quick."""

from __future__ import annotations

import resource
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from analyzer.cli import COMMANDS, PANELS, app

ROOT = Path(__file__).resolve().parents[1]
CLICK = typer.main.get_command(app)
runner = CliRunner()
BY_COMMAND = {name: (panel, summary, example) for name, _, panel, summary, example in COMMANDS}


def test_every_command_has_a_panel_a_summary_and_an_example():
    assert set(BY_COMMAND) == set(CLICK.commands)
    for name, (panel, summary, example) in BY_COMMAND.items():
        assert panel in PANELS, name
        assert CLICK.commands[name].rich_help_panel == panel, name
        # One short sentence: it fits the 80-column list on one line.
        assert "\n" not in summary and len(summary) <= 60, (name, summary)
        assert summary[0].isupper() and summary[-1] in ".?", (name, summary)
        assert example.startswith(f"analyzer {name}"), (name, example)


def test_the_top_help_groups_commands_and_names_the_three_games():
    result = runner.invoke(app, ["--help"], terminal_width=200)
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for game in (
        "Small World of Warcraft",
        "Battle for Azeroth",
        "the original Small World",
        "Warcraft: the Board Game",
    ):
        assert game in text, game
    where = [result.output.index(f"─ {panel} ") for panel in PANELS]
    assert where == sorted(where), "panels out of order"
    for name, (panel, summary, _) in BY_COMMAND.items():
        line = next(row for row in result.output.splitlines() if f" {name} " in row)
        assert summary in line, (name, line)
        # Each command sits under its own panel's title.
        above = result.output[: result.output.index(line)]
        assert max(PANELS, key=lambda p: above.rfind(f"─ {p} ")) == panel, name


@pytest.mark.parametrize("name", sorted(BY_COMMAND))
def test_each_command_help_shows_a_working_example(name):
    example = BY_COMMAND[name][2]
    result = runner.invoke(app, [name, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert f"Example: {example}" in " ".join(result.output.split())
    # The example names only options the command has, and files that exist.
    command = CLICK.commands[name]
    options = {opt for param in command.params for opt in param.opts if opt.startswith("-")}
    words = shlex.split(example)[2:]
    for word in words:
        if word.startswith("-"):
            assert word in options or word.replace("--no-", "--") in options, (name, word)
        elif word.endswith(".toml"):
            assert (ROOT / word).is_file(), (name, word)
    parsed = command.make_context(name, words, resilient_parsing=True)
    assert parsed.params is not None


def test_help_paragraphs_never_break_mid_sentence():
    # A paragraph of a command's help is one line of its text: the terminal wraps it.
    for name, command in CLICK.commands.items():
        for paragraph in command.help.split("\n\n"):
            assert "\n" not in paragraph, (name, paragraph)


def test_help_is_quick():
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "--help"], capture_output=True, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr
    # CPU time, not wall clock: other jobs on a shared machine do not move it.
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert cpu < 1.5, f"analyzer --help took {cpu:.2f} s of CPU"

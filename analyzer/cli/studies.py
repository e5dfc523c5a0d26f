"""The study commands, one per study of the registry (analyzer/studies/registry.py),
all running the same sequence: decide the ruleset and variant, check the options
(the study's checks turn them into its settings), check the output folder, play on
this process's threads or a cluster, write, and print the study's answer card."""

from __future__ import annotations

import re

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from analyzer.cli.common import CLI, check_out, choose_ruleset, err, games_on, guarded, set_threads
from analyzer.cli.options import with_options
from analyzer.errors import InputError, Problem, closest
from analyzer.rulesets import RULESET_ENV, Game, decide_game, environment_ruleset
from analyzer.studies.protocol import Study


def run_study(study: Study, values: dict) -> None:
    """The sequence every study command runs (see the module's text)."""
    scenarios = []
    for name in study.scenario_options:
        value = values.get(name)
        if value is not None:
            scenarios += list(value) if isinstance(value, list | tuple) else [value]
    if study.team_only:
        game = choose_ruleset(None, only=team_game(study.name), command=study.name)
    else:
        game = choose_ruleset(values.get("ruleset"), scenarios, values.get("variant"))
    values = {**values, "game": game}  # the Game the study plays, handed down
    settings = study.step("check")(values, err)

    # A file of the user's named like one the study writes is refused before any game.
    writes = ["summary.md", *(f"{table}.csv" for table in study.tables)]
    out = check_out(
        values["out"],
        values["force"],
        study.step("default_out")(settings),
        writes=writes,
        game=game,
    )
    force = values["force"]
    if study.games_on == "threads":
        set_threads(values.get("threads"))
        result = study.step("run")(settings, None, err)
        folder = study.step("write")(result, out, force, game=game)
    else:
        workers, cluster = values.get("workers"), values.get("cluster")
        with games_on(workers, cluster, values.get("threads")) as (backend, where):
            result = study.step("run")(settings, backend, err)
            folder = study.step("write")(result, out, force, game=game)
            if study.timing is not None:
                for line in study.step("timing")(result, where, settings):
                    typer.echo(line)
    show_answer(study.step("answer")(result, folder))


def team_game(command: str) -> Game:
    """The team variant of the ruleset a command that plays one plays (the default, or
    the one ANALYZER_RULESET names): the first of its content's TEAM_VARIANTS; exit 2
    for a ruleset with none."""
    ruleset = decide_game(None, command=command)  # binds the ruleset: its content answers
    team = next(iter(ruleset.content().TEAM_VARIANTS), None)
    if team is None:
        named = environment_ruleset() is not None
        where, key = ("environment", RULESET_ENV) if named else (CLI, f"analyzer {command}")
        raise InputError(
            Problem(where, key, ruleset.ruleset,
                    f"`analyzer {command}` plays a variant in teams, and {ruleset.title} has "
                    "none" + (f": unset {RULESET_ENV} to play the default ruleset's" if named
                              else ""))
        )  # fmt: skip
    return Game(ruleset.ruleset, team)


NUMBER = re.compile(r"^[+-]?\d")  # a column of numbers is right-aligned


def show_answer(lines) -> None:
    """A study's answer card: sentences as they are, headline tables drawn by rich."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.present.answer import AnswerTable

    console = Console()
    for line in lines:
        if not isinstance(line, AnswerTable):
            typer.echo(line)
            continue
        # Light rules and no wrapping in cells (the last column's words excepted), so an
        # 80-column terminal reads a row on one line.
        table = Table(title=line.title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        last = len(line.columns) - 1
        for i, name in enumerate(line.columns):
            numbers = all(NUMBER.match(row[i]) for row in line.rows if row[i] not in ("", "..."))
            table.add_column(name, justify="right" if numbers else "left", no_wrap=i < last)
        for row in line.rows:
            table.add_row(*row)
        if (
            console.measure(table, options=console.options.update(max_width=10**4)).maximum
            <= console.width
        ):
            console.print(table)
        else:  # too wide to read on one line a row: one row per paragraph instead
            typer.echo(record_text(line))
        if line.note:
            typer.echo(line.note)


def record_text(table) -> str:
    """A table too wide for the terminal as a paragraph per row: its first cell,
    then each other column's name and value on a line of its own."""
    out = [table.title, ""]
    for row in table.rows:
        if row[0] == "...":
            out.append("...")
            continue
        out.append(f"{table.columns[0]}: {row[0]}")
        out += [
            f"    {name}: {cell}" for name, cell in zip(table.columns[1:], row[1:], strict=True)
        ]
    return "\n".join(out)


def study_command(study: Study):
    """The typer callback of `study`: its declared options, then run_study."""

    def command(**values) -> None:
        run_study(study, values)

    return guarded(with_options(command, study.options, study.name))


def add_study(app: typer.Typer, study: Study, **command_options) -> None:
    """Register `study` as a command; command_options (help, panel, ...) as for app.command."""
    app.command(study.name, **{"help": study.help, **command_options})(study_command(study))


def in_help_order(commands: tuple, studies: dict) -> tuple:
    """The commands in the order `--help` lists them: `commands` (a study's name, or a
    (name, function) pair) as given, then every study of the registry they leave out,
    in the registry's order, so a study added there always gets its command. A name
    that is no study is refused, naming the file to edit and the closest study."""

    for entry in commands:
        if isinstance(entry, str) and entry not in studies:
            guess = closest(entry, studies)
            hint = f" (did you mean {guess!r}?)" if guess else ""
            raise LookupError(
                f"analyzer/cli/__init__.py: COMMANDS names {entry!r}, which is no study of "
                f"analyzer/studies/registry.py{hint}; the studies are {', '.join(studies)}."
            )
    listed = {e for e in commands if isinstance(e, str)}
    return tuple(commands) + tuple(name for name in studies if name not in listed)

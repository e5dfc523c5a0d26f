"""The options every command writes the same way, written once, and the typer
parameters of a study's declared options (analyzer/studies/protocol.py)."""

from __future__ import annotations

import inspect
from pathlib import Path

import typer

from analyzer.studies.protocol import NO_DEFAULT, Option, Shared
from analyzer.studies.registry import PLAYERS_LIST_HELP

THREADS = typer.Option(
    None, "--threads", help="Engine threads (numba); default: every core.", show_default=False
)
WORKERS = typer.Option(
    None,
    "--workers",
    help="Play on a local Dask cluster of this many worker processes (same results as "
    "without it; needs the cluster extra).",
    show_default=False,
)
CLUSTER = typer.Option(
    None,
    "--cluster",
    metavar="ADDRESS",
    help="Play on the Dask cluster whose scheduler is at ADDRESS, like tcp://host:8786 "
    "(same results as without it; see `dask scheduler`, `dask worker`).",
    show_default=False,
)
CHECK = typer.Option(False, "--check", help="Check invariants after every turn.")
RULESET = typer.Option(
    None,
    "--ruleset",
    metavar="NAME",
    help="The game to play: swow (Small World of Warcraft, the default) or classic (the "
    "original Small World); default: the scenario's ruleset.",
    show_default=False,
)
VARIANT = typer.Option(
    None,
    "--variant",
    metavar="NAME",
    help="A variant of the ruleset: standard, or bfa (Battle for Azeroth, SWoW's team "
    "variant); default: the scenario's, else standard.",
    show_default=False,
)
SCENARIO_HELP = "Scenario file (TOML): its ruleset, rules and bots."
SCENARIO = typer.Option(None, "--scenario", help=SCENARIO_HELP)
BOTS_HELP = (
    "Bots or styles by seat, comma separated (heuristic, random, or a style of "
    "analyzer/players/styles.toml like aggressive); one name plays every seat. Replaces "
    "a scenario's seats and their parameters."
)
BOTS = typer.Option(
    None, "--bots", "--policies", metavar="NAMES", help=BOTS_HELP, show_default=False
)
FORCE = typer.Option(
    False,
    "--force",
    help="Write into an --out folder that also holds files of yours; they are left "
    "untouched (a file with the name of one this command writes is still refused). "
    "Another command's results there are replaced, after saying which files go.",
)
SEED_HELP = "Run seed: same seed, same games."
PLAYERS_HELP = "Players, 2 to 5."


def _seed(help: str = SEED_HELP):
    return typer.Option(1, "--seed", "-s", help=help)


# name -> (type, default, flags, help, metavar, show_default): one entry per shared option
SHARED = {
    "players": (int, 4, ("--players", "-p"), PLAYERS_HELP, None, True),
    # a count, or the scenario's (compare: only checked against the scenarios')
    "counted": (int | None, None, ("--players", "-p"), PLAYERS_HELP, None, False),
    # one count or several, like 4 or 2,3,4,5
    "counts": (str | None, None, ("--players", "-p"), PLAYERS_LIST_HELP, None, False),
    "seed": (int, 1, ("--seed", "-s"), SEED_HELP, None, True),
    "bots": (str | None, None, ("--bots", "--policies"), BOTS_HELP, "NAMES", False),
    "scenario": (Path | None, None, ("--scenario",), SCENARIO_HELP, None, True),
    "out": (Path | None, None, ("--out",), "Report folder.", None, False),
}
# name -> (type, the typer option): used as they are
FIXED = {
    "check": (bool, CHECK),
    "force": (bool, FORCE),
    "threads": (int | None, THREADS),
    "workers": (int | None, WORKERS),
    "cluster": (str | None, CLUSTER),
    "ruleset": (str | None, RULESET),
    "variant": (str | None, VARIANT),
}


def parameter(option: Option | Shared) -> inspect.Parameter:
    """The typer parameter of one declared option."""
    if isinstance(option, Shared):
        kind = option.kind or option.name
        if kind in FIXED and option.help is None:
            kind_type, info = FIXED[kind]
            return _param(option.name, kind_type, info)
        kind_type, default, flags, help, metavar, show = SHARED[kind]
        default = default if option.default is NO_DEFAULT else option.default
        info = typer.Option(
            default, *flags, help=option.help or help, metavar=metavar, show_default=show
        )
        return _param(option.name, kind_type, info)
    if option.argument:
        info = typer.Argument(option.default, help=option.help)
    else:
        info = typer.Option(
            option.default, *option.flags, help=option.help, metavar=option.metavar,
            show_default=option.show_default,
        )  # fmt: skip
    return _param(option.name, option.type, info)


def _param(name: str, kind, info) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=kind)


def with_options(function, options, name: str):
    """`function(**values)` as a typer callback taking `options` (its --help lists them
    in this order)."""
    params = [parameter(o) for o in options]
    function.__signature__ = inspect.Signature(params)
    function.__annotations__ = {p.name: p.annotation for p in params}
    function.__name__ = name.replace("-", "_")
    return function


SEED = _seed()
SEED_SHORT = _seed("Run seed.")
PLAYERS = typer.Option(4, "--players", "-p", help=PLAYERS_HELP)

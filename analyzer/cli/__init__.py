"""The `analyzer` command.

Nothing heavy is imported at module level (no numba, engine or pandas): `analyzer
--help` must be instant and never compile. Each command imports what it needs.

common.py   the sequence every command shares (errors, ruleset, output folder, backend)
options.py  the options every command writes the same way, written once
studies.py  one command per study of analyzer/studies/registry.py
play.py     simulate, validate, bench, replay
report.py   report
battles.py  battle, battle-study, battle-report, battle-bench
"""

from __future__ import annotations

import inspect

import typer
from typer.core import TyperGroup

from analyzer.cli import battles, play, report
from analyzer.cli.common import (
    EXIT_INTERRUPTED,
    Stopped,
    catch_stop_signals,
    guarded,
    raw_arguments_check,
)
from analyzer.cli.common import set_threads as _set_threads
from analyzer.cli.studies import add_study, in_help_order
from analyzer.studies.registry import BY_NAME, TOURNAMENT_LOOKAHEAD_GAMES

__all__ = [
    "EXIT_INTERRUPTED", "TOURNAMENT_LOOKAHEAD_GAMES", "Stopped", "_set_threads", "app", "guarded",
    "main",
]  # fmt: skip


class _CheckedGroup(TyperGroup):
    """The command group, checking the command line as typed (what the parsed
    options no longer show: an option given twice, an empty --out)."""

    def parse_args(self, ctx, args):
        rest = super().parse_args(ctx, args)
        raw_arguments_check(self, ctx, [*ctx._protected_args, *ctx.args])
        return rest


app = typer.Typer(
    cls=_CheckedGroup,
    help="Balance and strategy answers by Monte Carlo for Small World of Warcraft (with its "
    "Battle for Azeroth team variant), the original Small World, and Warcraft: the Board "
    "Game battles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _show_version(asked: bool) -> None:
    if asked:
        # lazy: only --version reads the package's metadata
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("smallworld-analyzer")
        except PackageNotFoundError:  # run from a source tree that was never installed
            number = "unknown (not installed)"
        typer.echo(f"analyzer {number}")
        raise typer.Exit()


@app.callback()
def _options(
    show: bool = typer.Option(
        False,
        "--version",
        help="Print the analyzer's version and exit.",
        is_eager=True,
        callback=_show_version,
    ),
) -> None:
    """Balance and strategy answers by Monte Carlo."""


# The panels of `analyzer --help`, in the order it shows them.
STUDIES, GAMES, BOTS, BATTLES, TOOLS = (
    "Studies", "Games", "Bots", "Warcraft: the Board Game battles", "Tools",
)  # fmt: skip
PANELS = (STUDIES, GAMES, BOTS, BATTLES, TOOLS)

# Every command in the order --help lists it: its name (a study of the registry when the
# callback is None), its panel, its one-line summary and an example run.
COMMANDS = (
    ("report", report.report, STUDIES, "Every study, one page per ruleset, and an index.",
     "analyzer report --scale 0.1"),
    ("combos", None, STUDIES, "How strong each race and power combo is.",
     "analyzer combos --players 4 --games-per-combo 200"),
    ("decline", None, STUDIES, "When to put a race in decline.",
     'analyzer decline --players 4 --games 500 --combos "Orcs+Fishing"'),
    ("players", None, STUDIES, "What 2 to 5 players change: seats, scores, ranks.",
     "analyzer players --players 2,3,4 --games 2000 --games-per-combo 0"),
    ("compare", None, STUDIES, "House rules against the printed rules, paired games.",
     "analyzer compare scenarios/no-tauren.toml --games 2000 --games-per-combo 20"),
    ("balance", None, STUDIES, "Banner, badge and seat-coin numbers that balance it.",
     "analyzer balance --players 4 --games-per-combo 50 --seat-players 4"),
    ("robustness", None, STUDIES, "Do the headline findings hold with other bots?",
     "analyzer robustness --games-per-combo 40 --decline-games 100"),
    ("confirm", None, STUDIES, "Do the headline findings hold with strong bots?",
     "analyzer confirm --from reports/swow-4p --strong lookahead-lite --games 200"),
    ("teams", None, STUDIES, "Battle for Azeroth: which faction wins, and allied bots.",
     "analyzer teams --players 4,5 --games 2000 --duel-games 500"),
    ("simulate", play.simulate, GAMES, "Play games; win rate and mean VC per seat.",
     "analyzer simulate --players 3 --games 10000 --bots heuristic,random,random --out out/run"),
    ("replay", play.replay, GAMES, "One game's event log, move by move.",
     "analyzer replay --players 3 --seed 7 --game 2"),
    ("bots", None, BOTS, "Check the bots: heuristic against heuristic and random.",
     "analyzer bots --games 2000"),
    ("tune", None, BOTS, "Search the heuristic's parameters for a stronger bot.",
     "analyzer tune --generations 3 --population 8 --games 200"),
    ("tournament", None, BOTS, "Bots and styles against each other: matrix and ratings.",
     "analyzer tournament --bots default,tuned,aggressive,random --games 20"),
    ("battle", battles.battle, BATTLES, "One battle's odds, exact and by Monte Carlo.",
     'analyzer battle --attacker "2 melee s2, 1 ranged s2" '
     '--defender "2 melee s3, 1 flying s3" --best'),
    ("battle-study", battles.battle_study, BATTLES, "Win chance over army sizes; upgrades.",
     'analyzer battle-study --attacker "melee s3" --defender "ranged s2" --most 6'),
    ("battle-report", battles.battle_report, BATTLES, "The battles page (HTML and Markdown).",
     "analyzer battle-report --games 20000"),
    ("battle-bench", battles.battle_bench, BATTLES, "Speed of the battle engines.",
     "analyzer battle-bench"),
    ("validate", play.validate, TOOLS, "Check a scenario, ruleset or board file.",
     "analyzer validate scenarios/example.toml"),
    ("bench", play.bench, TOOLS, "Games per second of a ruleset, 2 to 5 players.",
     "analyzer bench --ruleset classic --repeats 1 --no-startup"),
)  # fmt: skip


def command_help(text: str, example: str | None) -> str:
    """A command's help: each paragraph on one line (the terminal wraps it, never
    mid-sentence at a source line's end), then its example."""
    paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(text).split("\n\n")]
    return "\n\n".join([*paragraphs, f"Example: {example}"] if example else paragraphs)


# A study of the registry left out of COMMANDS still gets its command (in_help_order),
# under Studies with the registry's summary, until it is given a line here.
_DETAILS = {name: rest for name, _, *rest in COMMANDS}
_ORDER = tuple(name if callback is None else (name, callback) for name, callback, *_ in COMMANDS)
for _entry in in_help_order(_ORDER, BY_NAME):
    _name, _callback = (_entry, None) if isinstance(_entry, str) else _entry
    _panel, _summary, _example = _DETAILS.get(_name) or (STUDIES, BY_NAME[_name].summary, None)
    _text = BY_NAME[_name].help if _callback is None else _callback.__doc__
    _options = dict(help=command_help(_text, _example), short_help=_summary, rich_help_panel=_panel)
    if _callback is None:
        add_study(app, BY_NAME[_name], **_options)
    else:
        app.command(_name, **_options)(_callback)


def main() -> None:
    catch_stop_signals()
    app()


if __name__ == "__main__":
    main()

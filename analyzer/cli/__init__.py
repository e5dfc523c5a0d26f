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

import typer

from analyzer.cli import battles, play, report
from analyzer.cli.common import EXIT_INTERRUPTED, Stopped, catch_stop_signals, guarded
from analyzer.cli.common import set_threads as _set_threads
from analyzer.cli.studies import add_study, in_help_order
from analyzer.studies.registry import BY_NAME, TOURNAMENT_LOOKAHEAD_GAMES

__all__ = [
    "EXIT_INTERRUPTED", "TOURNAMENT_LOOKAHEAD_GAMES", "Stopped", "_set_threads", "app", "guarded",
    "main",
]  # fmt: skip

app = typer.Typer(
    help="Monte Carlo balance and strategy analyzer for Small World of Warcraft.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

# The commands in the order --help lists them: a name of the study registry, or a
# command of its own (a study left out here is listed after them: in_help_order).
COMMANDS = (
    ("simulate", play.simulate), ("validate", play.validate), ("bench", play.bench),
    "bots", ("report", report.report), "combos", "compare", ("replay", play.replay),
    "decline", "players", "balance", "teams", ("battle", battles.battle),
    ("battle-study", battles.battle_study), ("battle-report", battles.battle_report),
    ("battle-bench", battles.battle_bench), "tune", "tournament", "robustness",
)  # fmt: skip
for _entry in in_help_order(COMMANDS, BY_NAME):
    if isinstance(_entry, str):
        add_study(app, BY_NAME[_entry])
    else:
        app.command(_entry[0])(_entry[1])


def main() -> None:
    catch_stop_signals()
    app()


if __name__ == "__main__":
    main()

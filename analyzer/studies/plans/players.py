"""The player-count study's settings and steps (analyzer/studies/players.py plays it)."""

from __future__ import annotations

from analyzer.errors import InputError, Problem
from analyzer.studies import players
from analyzer.studies.headlines import seats_table
from analyzer.studies.plans.common import (
    CLI,
    ReportEntry,
    bots_by_count,
    speed_line,
    study_setup,
    variant_tables,
    written,
)
from analyzer.studies.players import check_players, findings
from analyzer.studies.settings import PlayersSettings


def check(o: dict, log) -> PlayersSettings:

    counts, tables, bots, params, name, skipped = study_setup(
        o["scenario"], o["players"], "players", True, o["game"]
    )
    if o["bots"] is not None:
        bots, params = bots_by_count(o["bots"], counts), None
    tables = variant_tables(o["game"], o["variant"], tables, counts)
    for n, reason in skipped.items():
        log(f"Skipping {n} players, which the scenario does not allow: {reason}")
    if not counts:
        raise InputError(
            Problem(CLI, "--scenario", str(o["scenario"]),
                    "the scenario is valid for no player count")
        )  # fmt: skip

    check_players(o["games"], o["games_per_combo"], o["seed"])
    return PlayersSettings(
        counts, o["games"], o["seed"], o["games_per_combo"], tables, bots, params, o["check"],
        name, skipped, game=o["game"],
    )  # fmt: skip


def default_out(s: PlayersSettings):
    return players.default_out(s.players)


def run(s: PlayersSettings, backend=None, log=None):
    return players.run_players(s, backend=backend)


timing = speed_line


def answer(result, folder) -> list[str]:
    return [seats_table(result)] + [f"- {line}" for line in findings(result)] + [written(folder)]


def report(s, ctx) -> ReportEntry:
    settings = PlayersSettings(
        ctx.counts,
        s.players_games,
        ctx.seed,
        s.players_games_per_combo,
        bots=ctx.by_count,
        game=ctx.game,
    )
    stamp = {"seed": ctx.seed, "games": s.players_games, "counts": ctx.counts,
             "games_per_combo": s.players_games_per_combo}  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who)

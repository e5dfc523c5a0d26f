"""The decline study's settings and steps (analyzer/studies/decline.py plays it)."""

from __future__ import annotations

from analyzer.studies import decline
from analyzer.studies.common import parse_combo_names
from analyzer.studies.decline import check_decline, findings
from analyzer.studies.headlines import decline_table
from analyzer.studies.plans.common import (
    ReportEntry,
    bots_by_count,
    speed_line,
    study_setup,
    variant_tables,
    written,
)
from analyzer.studies.settings import DeclineSettings


def check(o: dict, log) -> DeclineSettings:

    counts, tables, bots, params, name, _ = study_setup(
        o["scenario"], o["players"], "decline", False, o["game"]
    )
    if o["bots"] is not None:
        bots, params = bots_by_count(o["bots"], counts), None
    tables = variant_tables(o["game"], o["variant"], tables, counts)

    check_decline(o["games"], o["seed"], list(range(11)), None)
    if o["combos"] is not None:
        for n in counts:  # refuse a bad name before anything is compiled
            printed = o["game"].content().default_tables()
            parse_combo_names(o["combos"], printed if tables is None else tables[n])
    return DeclineSettings(
        counts,
        o["games"],
        o["seed"],
        tables,
        bots,
        params,
        o["combos"],
        o["check"],
        name,
        game=o["game"],
    )


def default_out(s: DeclineSettings):
    return decline.default_out(s.players)


def run(s: DeclineSettings, backend=None, log=None):
    return decline.run_decline(s, backend=backend)


timing = speed_line


def answer(result, folder) -> list[str]:
    return [decline_table(result)] + [f"- {line}" for line in findings(result)] + [written(folder)]


def report(s, ctx) -> ReportEntry:
    settings = DeclineSettings(
        ctx.players, s.decline_games, ctx.seed, bots=ctx.seats, game=ctx.game
    )
    stamp = {"players": ctx.players, "seed": ctx.seed, "games": s.decline_games}
    return ReportEntry(settings, stamp | ctx.who)

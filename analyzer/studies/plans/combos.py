"""The combo study's settings and steps (analyzer/studies/combos.py plays it)."""

from __future__ import annotations

from analyzer.simulate import resolve_policies
from analyzer.studies import combos, combos_page
from analyzer.studies.combos import check_study
from analyzer.studies.headlines import combos_table
from analyzer.studies.plans.common import (
    ReportEntry,
    bots_by_count,
    combo_scenario,
    speed_line,
    variant_tables,
    written,
)
from analyzer.studies.settings import CombosSettings


def check(o: dict, log) -> CombosSettings:
    tables, policies, params, players = None, "heuristic", None, o["players"]
    if o["scenario"] is not None:
        tables, policies, params, players = combo_scenario(o["scenario"], players, o["game"])
    players = 4 if players is None else players
    if o["bots"] is not None:
        policies, params = bots_by_count(o["bots"], [players])[players], None
    forced_bot = o["forced_bot"]
    if forced_bot is not None:
        forced_bot = resolve_policies(forced_bot, 1, "--forced-bot")[0]

    tables = variant_tables(o["game"], o["variant"], tables)

    check_study(players, o["games_per_combo"], o["seed"], o["cost"])
    return CombosSettings(
        players, o["games_per_combo"], o["seed"], o["cost"], tables, policies, params,
        forced_bot, o["check"], adaptive=not o.get("fixed", False), game=o["game"],
    )  # fmt: skip


def default_out(s: CombosSettings):
    return combos_page.default_out(s.players)


def run(s: CombosSettings, backend=None, log=None):
    return combos.run_combos(s, backend=backend)  # looked up as it runs (a test stops it)


timing = speed_line


def answer(result, folder) -> list[str]:
    label = result.combos.significant
    return [
        combos_table(result),
        f"After Benjamini-Hochberg, {(label == 'strong').sum()} of {len(label)} combos are "
        f"significantly strong and {(label == 'weak').sum()} significantly weak.",
        written(folder),
    ]


def report(s, ctx) -> ReportEntry:
    settings = CombosSettings(
        ctx.players, s.games_per_combo, ctx.seed, bots=ctx.seats, adaptive=True, game=ctx.game
    )
    stamp = {
        "players": ctx.players, "seed": ctx.seed, "games_per_combo": s.games_per_combo,
        "adaptive": True,
    }  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who)

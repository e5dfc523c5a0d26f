"""The combo study's settings and steps (analyzer/studies/combos.py plays it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.studies.plans.common import ReportEntry, combo_scenario, speed_line, written


@dataclass(frozen=True)
class CombosSettings:
    players: int = 4
    games_per_combo: int = 200
    seed: int = 1
    cost: int = 0
    tables: Any = None  # None: the played ruleset's printed rules
    bots: Any = "heuristic"  # by seat, or one for every seat
    bot_params: Any = None
    forced_bot: str | None = None  # the forced seat's style (None: the seat's own bot)
    check: bool = False  # the engine's invariant checks after every turn
    combos: Any = None  # (race id, power id) pairs to play (None: every allowed one)
    # stop a combo once its call is settled (studies/sequential.py); False: every combo
    # plays games_per_combo (the studies that pool combos, like balance, need that)
    adaptive: bool = False
    # keep the games for another study of this process that plays the same table
    # (backends/shared.py); never changes the results
    shared: bool = False


def check(o: dict, log) -> CombosSettings:
    tables, policies, params, players = None, "heuristic", None, o["players"]
    if o["scenario"] is not None:
        tables, policies, params, players = combo_scenario(o["scenario"], players)
    players = 4 if players is None else players
    if o["bots"] is not None:
        from analyzer.studies.plans.common import bots_by_count

        policies, params = bots_by_count(o["bots"], [players])[players], None
    forced_bot = o["forced_bot"]
    if forced_bot is not None:
        from analyzer.simulate import resolve_policies

        forced_bot = resolve_policies(forced_bot, 1, "--forced-bot")[0]
    from analyzer.studies.plans.common import variant_tables

    tables = variant_tables(o["variant"], tables)
    from analyzer.studies.combos import check_study

    check_study(players, o["games_per_combo"], o["seed"], o["cost"])
    return CombosSettings(
        players, o["games_per_combo"], o["seed"], o["cost"], tables, policies, params,
        forced_bot, o["check"], adaptive=not o.get("fixed", False),
    )  # fmt: skip


def default_out(s: CombosSettings):
    from analyzer.studies.combos import default_out

    return default_out(s.players)


def run(s: CombosSettings, backend=None, log=None):
    from analyzer.studies.combos import run_combos

    return run_combos(s, backend=backend)


timing = speed_line


def answer(result, folder) -> list[str]:
    from analyzer.studies.headlines import combos_table

    label = result.combos.significant
    return [
        combos_table(result),
        f"After Benjamini-Hochberg, {(label == 'strong').sum()} of {len(label)} combos are "
        f"significantly strong and {(label == 'weak').sum()} significantly weak.",
        written(folder),
    ]


def report(s, ctx) -> ReportEntry:
    settings = CombosSettings(
        ctx.players, s.games_per_combo, ctx.seed, bots=ctx.seats, adaptive=True
    )
    stamp = {
        "players": ctx.players, "seed": ctx.seed, "games_per_combo": s.games_per_combo,
        "adaptive": True,
    }  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who)

"""The house-rule comparison's settings and steps (analyzer/studies/compare.py plays it)."""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.scenario import load_scenario
from analyzer.studies import compare, compare_page
from analyzer.studies.compare import check_distinct, check_study, with_bots
from analyzer.studies.compare_page import findings
from analyzer.studies.headlines import compare_tables
from analyzer.studies.plans.common import CLI, ReportEntry, plain, written
from analyzer.studies.settings import CompareSettings


def check(o: dict, log) -> CompareSettings:
    games, gpc, seed, players = o["games"], o["games_per_combo"], o["seed"], o["players"]
    check_study(games, gpc, seed, 400)
    loaded = [load_scenario(path, o["game"]) for path in o["scenarios"]]
    if players is not None:
        wrong = [sc for sc in loaded if sc.players != players]
        if wrong:
            raise InputError(
                [
                    Problem(
                        CLI, "--players", players,
                        f"the scenario {sc.path} is for {sc.players} players; leave --players "
                        "out or name scenarios of that count",
                    )
                    for sc in wrong
                ]
            )  # fmt: skip
    base = load_scenario(o["baseline"], o["game"]) if o["baseline"] is not None else None
    if base is not None:
        same = [p for p in o["scenarios"] if Path(p).resolve() == Path(o["baseline"]).resolve()]
        if same:
            raise InputError(
                Problem(
                    CLI, "--baseline", str(o["baseline"]),
                    f"is the same file as the scenario {same[0]}: a scenario compared with "
                    "itself changes nothing; name another baseline, or leave --baseline out "
                    "(the printed rules)",
                )
            )  # fmt: skip

    check_distinct(loaded)
    if o["bots"] is not None:
        for sc in [*loaded, *([base] if base is not None else [])]:
            with_bots(sc, o["bots"])  # refuse a bad name before anything is played
    return CompareSettings(tuple(loaded), base, games, gpc, seed, o["bots"], game=o["game"])


def default_out(s: CompareSettings):
    return compare_page.default_out()


def run(s: CompareSettings, backend=None, log=None):
    return compare.run_compare(s, backend=backend)


def timing(result, where: str, s: CompareSettings) -> list[str]:
    n_arms = len(s.scenarios) + len(result.n_players)
    return [
        f"{n_arms} arms in {result.seconds:.1f} s ({where}). "
        f"{int(result.table.significant.sum())} of {len(result.table)} paired differences "
        "leave out zero at 95%."
    ]


def answer(result, folder) -> list[str]:
    return [*compare_tables(result), *plain(findings(result)), written(folder)]


def report(s, ctx) -> ReportEntry | None:
    if not ctx.rules:  # no shipped house rule for this player count: nothing to compare
        return None
    settings = CompareSettings(
        tuple(ctx.rules),
        None,
        s.compare_games,
        s.compare_games_per_combo,
        ctx.seed,
        ctx.bots,
        game=ctx.game,
    )
    stamp = {"players": ctx.players, "seed": ctx.seed, "games": s.compare_games,
             "games_per_combo": s.compare_games_per_combo,
             "rules": [p.name for p in ctx.rules]}  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who, tuple(ctx.rules))

"""The balance study's settings and steps (analyzer/studies/balance.py plays it)."""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.model.limits import MAX_STUDY_GAMES, range_text
from analyzer.studies import balance
from analyzer.studies.balance import check_balance, findings
from analyzer.studies.balance_teams import TeamBalance, run_team_balance
from analyzer.studies.common import parse_counts, scenario_counts, team_variant
from analyzer.studies.headlines import balance_table
from analyzer.studies.plans.common import (
    CLI,
    ReportEntry,
    bots_by_count,
    combo_scenario,
    plain,
    variant_tables,
    written,
)
from analyzer.studies.settings import BalanceSettings
from analyzer.variants import variant_name


def check(o: dict, log) -> BalanceSettings:
    scenario, players, seat_styles = o["scenario"], o["players"], o["bots"]
    tables, policies, params, name = None, "heuristic", None, None
    if scenario is not None:
        tables, policies, params, players = combo_scenario(scenario, players, o["game"])
        name = str(scenario)
    players = 4 if players is None else players
    gpc, seed = o["games_per_combo"], o["seed"]
    check_balance(players, gpc, seed, o["seat_games"], o["check_games_per_combo"])
    if not 1 <= o["rounds"] <= 5:
        raise InputError(
            Problem(CLI, "--rounds", o["rounds"], "must be a whole number from 1 to 5")
        )
    counts = parse_counts(o["seat_players"], "--seat-players")
    seat_tables = seat_policies = seat_params_by = None
    if scenario is not None:
        seat_tables, seat_policies, seat_params_by, counts, skipped = scenario_counts(
            scenario, counts, "balance", skip_invalid=True, game=o["game"]
        )
        for n, reason in skipped.items():
            log(f"Seats: skipping {n} players, which the scenario does not allow: {reason}")
    if seat_styles is not None:
        policies, params = bots_by_count(seat_styles, [players])[players], None
        names = [p for p in seat_styles.split(",") if p.strip()]
        # A list by seat fits the study's own count; the seat study then plays that
        # count only unless one name is given.
        if len(names) > 1:
            counts = tuple(n for n in counts if n == players) or (players,)
        seat_policies, seat_params_by = bots_by_count(seat_styles, counts), None
    tables = variant_tables(o["game"], o["variant"], tables)

    if tables is not None and team_variant(tables):
        # The team variant balances the factions at `players` (balance_teams.py): the
        # seat counts and their tables are the standard game's question.
        check_team_balance(players, o["seat_games"])
        return BalanceSettings(
            players, gpc, seed, (players,), o["seat_games"], o["check_games_per_combo"],
            o["rounds"], tables, policies, params, scenario=name, game=o["game"],
        )  # fmt: skip
    seat_tables = variant_tables(o["game"], o["variant"], seat_tables, counts)
    return BalanceSettings(
        players, gpc, seed, counts, o["seat_games"], o["check_games_per_combo"], o["rounds"],
        tables, policies, params, seat_tables, seat_policies, seat_params_by, name, game=o["game"],
    )  # fmt: skip


def check_team_balance(players: int, games: int) -> None:
    """The team variant's own limits: 2 to 5 players, and games on every arm."""
    problems = []
    if players not in (2, 3, 4, 5):
        problems.append(Problem(CLI, "--players", players,
                                "Battle for Azeroth is played by 2 to 5 players"))  # fmt: skip
    if isinstance(games, bool) or not 100 <= games <= MAX_STUDY_GAMES:
        problems.append(Problem(CLI, "--seat-games", games,
                                "games of every arm in the team variant: "
                                + range_text(100, MAX_STUDY_GAMES)))  # fmt: skip
    if problems:
        raise InputError(problems)


def is_team(s: BalanceSettings) -> bool:
    return s.tables is not None and team_variant(s.tables)


def default_out(s: BalanceSettings):
    if is_team(s):
        return Path("reports") / f"balance-{variant_name(s.tables)}-{s.players}p"
    return balance.default_out(s.players)


def run(s: BalanceSettings, backend=None, log=None):
    if is_team(s):
        return run_team_balance(s, backend=backend)

    return balance.run_balance(s, backend=backend)


def timing(result, where: str, s=None) -> list[str]:
    return [
        f"{result.n_games:,} games in {result.seconds:.0f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {where})."
    ]


def answer(result, folder) -> list[str]:
    if isinstance(result, TeamBalance):
        return [*plain(findings(result)), written(folder, ".")]

    return (
        [balance_table(result)]
        + plain(findings(result))
        + [
            written(folder, "."),
            f"Check the suggestion with: analyzer compare {folder / 'suggested.toml'}",
        ]
    )


def report(s, ctx) -> ReportEntry:
    settings = BalanceSettings(
        ctx.players, s.balance_games_per_combo, ctx.seed, tuple(ctx.counts),
        s.balance_seat_games, s.balance_check_games_per_combo, bots=ctx.seats,
        seat_bots=ctx.by_count, game=ctx.game,
    )  # fmt: skip
    stamp = {"players": ctx.players, "seed": ctx.seed, "games_per_combo": s.balance_games_per_combo,
             "seat_games": s.balance_seat_games,
             "check_games_per_combo": s.balance_check_games_per_combo}  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who)

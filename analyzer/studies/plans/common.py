"""What the studies' checks share: a scenario's rules and bots at one or several player
counts, --bots at each count, --variant applied to the rules, and the lines every
command prints when it is done."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.errors import InputError, Problem
from analyzer.variants import with_variant

CLI = "command line"


def variant_tables(game, name: str | None, tables, counts=None):
    """`tables` playing --variant NAME: one set of tables, or a dict of them by player
    count; None stands for the printed rules of `game` (the Game played; a dict over
    `counts` when given). An unknown name is refused with the valid ones (exit 2)."""
    if name is None:
        return tables
    printed = game.content().default_tables()
    if tables is None and counts is not None:
        tables = dict.fromkeys(counts, printed)
    if isinstance(tables, dict):
        return {n: with_variant(t, name) for n, t in tables.items()}
    return with_variant(printed if tables is None else tables, name)


def bots_by_count(bots: str, counts) -> dict:
    """--bots at each player count: one name plays every seat at every count; a list by
    seat fits one count only. Exit 2 for an unknown name (with the closest one) or a
    list of the wrong length."""
    # lazy: `analyzer --help` reads this module; the engine loads as a study runs
    from analyzer.simulate import resolve_policies

    names = [p for p in bots.split(",") if p.strip()]
    if len(names) > 1 and len(counts) > 1:
        raise InputError(
            Problem(
                CLI, "--bots", bots,
                f"a list of bots by seat fits one player count, and this study plays "
                f"{', '.join(map(str, counts))}: give one name for every seat, or one count",
            )
        )  # fmt: skip
    return {n: resolve_policies(bots, n, "--bots") for n in counts}


def combo_scenario(path: Path, players: int | None, game):
    """(tables, bots, bot parameters, players) of a scenario file `game` plays."""
    # lazy: `analyzer --help` reads this module; the engine loads as a study runs
    from analyzer.scenario import load_scenario

    sc = load_scenario(path, game)
    if players is not None and players != sc.players:
        raise InputError(
            Problem(
                CLI, "--players", players,
                f"the scenario {path} is for {sc.players} players; leave --players out",
            )
        )  # fmt: skip
    return sc.tables(), list(sc.policies), sc.policy_params, sc.players


def study_setup(scenario: Path | None, players: str | None, study: str, all_counts: bool, game):
    """(counts, tables, bots, bot parameters, scenario name, skipped counts) of a study
    that plays one or several player counts; a scenario's rules and bots apply at every
    count. Without --players: 4 players, or the scenario's count; every count from 2 to 5
    when all_counts (then the counts a scenario is not valid for are skipped, and said)."""
    # lazy: `analyzer --help` reads this module; the engine loads as a study runs
    from analyzer.studies.common import ALL_COUNTS, parse_counts, scenario_counts

    counts = None if players is None else parse_counts(players)
    if counts is None and all_counts:
        counts = ALL_COUNTS
    if scenario is None:
        return counts or (4,), None, "heuristic", None, None, {}
    skip = players is None and all_counts
    tables, bots, params, counts, skipped = scenario_counts(
        scenario, counts, study, skip, game=game
    )
    return counts, tables, bots, params, str(scenario), skipped


def speed_line(result, where: str, settings=None) -> list[str]:
    """Games, seconds and games per second of a played study."""
    return [
        f"{result.n_games} games in {result.seconds:.1f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {where})."
    ]


def written(folder: Path, end: str = "") -> str:
    return f"Report written to {folder}/ (start with {folder / 'summary.md'}){end}"


def plain(lines) -> list[str]:
    """Findings as terminal lines: a dash each, no Markdown bold."""
    return ["- " + line.replace("**", "") for line in lines]


@dataclass(frozen=True)
class ReportContext:
    """What the report hands every study: its player count and seed, the bots by seat
    (`seats`) and by count for the studies that play 2 to 5 players (`by_count`), the
    shipped house rules of the count, and the field as text (--bots, or the ruleset's
    headline field)."""

    players: int
    seed: int
    seats: tuple[str, ...]
    by_count: dict
    rules: tuple[Path, ...]
    bots: str
    folder: Path | None = None  # the page's folder (confirm and robustness read its studies)
    game: Any = field(kw_only=True)  # the Game the page plays (load_game's handle)

    @property
    def counts(self) -> list[int]:
        return list(self.by_count)

    @property
    def who(self) -> dict:
        """Every study's stamp names the bots that play it, each with its parameters as
        played (a style's from the styles file in use) and its description."""
        # lazy: `analyzer --help` reads this module; the engine loads as a study runs
        from analyzer.players.styles import bot_of, describe

        names = dict.fromkeys(
            [*self.seats, *(n for seats in self.by_count.values() for n in seats)]
        )
        played = {}
        for name in names:
            policy, vector = bot_of(name, "--bots")
            played[name] = [policy, [float(x) for x in vector], describe(name)]
        return {"bots": ",".join(self.seats), "played": played}


@dataclass(frozen=True)
class ReportEntry:
    """A study in the report: its settings, the stamp its folder is reused by (with
    the code and the files `inputs`), and those files."""

    settings: Any
    stamp: dict
    inputs: tuple[Path, ...] = ()

"""Battle for Azeroth's own study: faction win rates per player count against each
faction's fair share, where the advantage comes from, seats within a faction, allied
bots against bots that ignore the alliance (analyzer/studies/teams.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.errors import InputError, Problem, closest
from analyzer.model.limits import MAX_STUDY_GAMES, range_text
from analyzer.studies import teams
from analyzer.studies.common import check_seed, parse_counts
from analyzer.studies.headlines import teams_table
from analyzer.studies.plans.common import CLI, bots_by_count, plain, written
from analyzer.studies.settings import TeamsSettings
from analyzer.studies.teams import alliance_duel, faction_rates, write_teams

SEATINGS = ("printed", "exchanged")


@dataclass
class TeamsResult:
    factions: Any
    duels: list
    fixes: tuple = ()


def read_fixes(folders: str | None) -> tuple:
    """The verified.csv of each balance folder of --fix-from (comma-separated), each
    written by `analyzer balance --variant bfa`; exit 2 for a folder without one."""
    out, problems = [], []
    for name in [f.strip() for f in (folders or "").split(",") if f.strip()]:
        path = Path(name) / "verified.csv"
        table = pd.read_csv(path) if path.is_file() else None
        if table is None or not {"lever", "proposed", "faction"} <= set(table.columns):
            problems.append(Problem(CLI, "--fix-from", name,
                                    "a folder written by `analyzer balance` in Battle for "
                                    "Azeroth (with its verified.csv of factions)"))  # fmt: skip
            continue
        out.append(table)
    if problems:
        raise InputError(problems)
    return tuple(out)


def check(o: dict, log) -> TeamsSettings:
    counts = parse_counts(o["players"])
    problems = check_seed(o["seed"])
    seating = o.get("seating", "printed")
    if seating not in SEATINGS:
        guess = closest(str(seating), SEATINGS)
        hint = f" (did you mean {guess!r}?)" if guess else ""
        problems.append(Problem(CLI, "--seating", seating,
                                f"one of {', '.join(SEATINGS)}{hint}"))  # fmt: skip
    for key, value, least in (("--games", o["games"], 1), ("--duel-games", o["duel_games"], 0)):
        if isinstance(value, bool) or not least <= value <= MAX_STUDY_GAMES:
            problems.append(Problem(CLI, key, value, range_text(least, MAX_STUDY_GAMES)))
    if problems:
        raise InputError(problems)
    by_count = bots_by_count(o["bots"], counts) if o["bots"] is not None else None
    return TeamsSettings(
        counts,
        o["games"],
        o["duel_games"],
        o["seed"],
        by_count,
        seating,
        not o.get("no_parts", False),
        read_fixes(o.get("fix_from")),
        game=o["game"],
    )


def default_out(s: TeamsSettings) -> Path:
    return Path("reports") / "teams"


def run(s: TeamsSettings, backend=None, log=None) -> TeamsResult:
    exchanged = s.seating == "exchanged"
    result = faction_rates(
        s.players, s.games, s.seed, bots=s.bots, exchanged=exchanged, parts=s.parts, game=s.game
    )
    duels = [
        alliance_duel(n, s.duel_games, s.seed, game=s.game)
        for n in s.players
        if n in (4, 5) and s.duel_games
    ]
    return TeamsResult(result, duels, s.fixes)


def write(result: TeamsResult, out, force: bool = False, *, game) -> Path:
    return write_teams(result.factions, result.duels, out, force, fixes=result.fixes, game=game)


def findings(result: TeamsResult) -> list[str]:
    return teams.findings(result.factions, result.duels)


def answer(result: TeamsResult, folder) -> list[str]:
    return [teams_table(result.factions), *plain(findings(result)), written(folder)]

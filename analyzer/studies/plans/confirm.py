"""The confirm study's settings and steps (analyzer/studies/confirm.py plays it)."""

from __future__ import annotations

from pathlib import Path

from analyzer.engine.layout import MAX_PLAYERS
from analyzer.errors import InputError, Problem
from analyzer.model.limits import MAX_STUDY_GAMES, range_text
from analyzer.simulate import resolve_policies
from analyzer.studies import confirm
from analyzer.studies.common import check_seed
from analyzer.studies.confirm import answer_table, counts_text, log_lines
from analyzer.studies.confirm_claims import SOURCES, check_source
from analyzer.studies.plans.common import CLI, ReportEntry, written
from analyzer.studies.settings import ConfirmSettings


def default_source(players: int, game) -> Path:
    """The report page of `game`'s ruleset (`analyzer report --ruleset NAME` writes it
    there: report/site.py's default_out, which this layer cannot import)."""
    return Path("reports") / f"{game.ruleset.replace('.', '-')}-{players}p"


def check_confirm(players, strong, games, seed, team_games, source, balance_changes=0) -> None:
    """InputError (exit 2) for a bad option, before any game: the strong bot must be a
    name of the player registry (players/styles.py), the games in range, the source a
    folder holding findings."""
    problems = check_seed(seed)
    if isinstance(players, bool) or not 2 <= players <= MAX_PLAYERS:
        problems.append(Problem(CLI, "--players", players, f"must be 2 to {MAX_PLAYERS}"))
    for key, value, least in (("--games", games, 2), ("--team-games", team_games, 0),
                              ("--balance-changes", balance_changes, 0)):  # fmt: skip
        if isinstance(value, bool) or not least <= value <= MAX_STUDY_GAMES:
            problems.append(Problem(CLI, key, value, range_text(least, MAX_STUDY_GAMES)))
    if problems:
        raise InputError(problems)
    names = [p for p in str(strong).split(",") if p.strip()]
    if len(names) != 1:
        raise InputError(Problem(CLI, "--strong", strong, "name one bot or style"))
    resolve_policies(strong, 2, "--strong")

    check_source(Path(source))


def check(o: dict, log) -> ConfirmSettings:
    source = o["source"] if o["source"] is not None else default_source(o["players"], o["game"])
    strong = str(o["strong"]).strip().lower()
    changes = o["balance_changes"]
    check_confirm(o["players"], strong, o["games"], o["seed"], o["team_games"], source, changes)
    return ConfirmSettings(o["players"], strong, o["games"], o["seed"], str(source),
                           o["team_games"], changes, game=o["game"])  # fmt: skip


def default_out(s: ConfirmSettings):
    return confirm.default_out(s.players)


def run(s: ConfirmSettings, backend=None, log=None):
    return confirm.run_confirm(s, backend=backend, log=log)


def timing(result, where: str, s=None) -> list[str]:
    return [line[:-1] + f" ({where})." for line in log_lines(result)]


def answer(result, folder) -> list:
    return [answer_table(result), f"Verdicts: {counts_text(result)}.", written(folder)]


def report(s, ctx) -> ReportEntry | None:
    """The findings of this report page's own studies, played again (read from its folder
    once they are written: the confirm section comes last)."""
    if ctx.folder is None:
        return None
    settings = ConfirmSettings(ctx.players, s.confirm_strong, s.confirm_games, ctx.seed,
                               str(ctx.folder), s.confirm_team_games,
                               s.confirm_balance_changes, game=ctx.game)  # fmt: skip
    stamp = {"players": ctx.players, "seed": ctx.seed, "strong": s.confirm_strong,
             "games": s.confirm_games, "team_games": s.confirm_team_games,
             "balance_changes": s.confirm_balance_changes}  # fmt: skip
    inputs = tuple(Path(ctx.folder) / study / name
                   for study, names in SOURCES.items() for name in names)  # fmt: skip
    return ReportEntry(settings, stamp | ctx.who, inputs)

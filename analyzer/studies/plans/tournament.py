"""The bots' tournament's settings and steps (analyzer/studies/tournament.py plays it)."""

from __future__ import annotations

from analyzer.studies import tournament
from analyzer.studies.headlines import tournament_table
from analyzer.studies.plans.common import written
from analyzer.studies.settings import TournamentSettings
from analyzer.studies.tournament import (
    check_tournament,
    parse_bots,
    rating_text,
    run_tournament,
    write_tournament,
)


def check(o: dict, log) -> TournamentSettings:
    names = parse_bots(o["bots"])
    check_tournament(
        names, o["players"], o["games"], o["seed"], o["bootstrap"], o["lookahead_games"]
    )
    return TournamentSettings(
        names,
        o["players"],
        o["games"],
        o["seed"],
        o["bootstrap"],
        o["lookahead_games"],
        game=o["game"],
    )


def default_out(s: TournamentSettings):
    return tournament.default_out()


def run(s: TournamentSettings, backend=None, log=None):
    return run_tournament(s)


def write(result, out, force: bool = False, *, game):
    return write_tournament(result, out, force, game=game)


def findings(result) -> list[str]:
    return [
        f"{r.bot}: rating {rating_text(result, r)}, "
        f"wins {100 * r.win_rate:.1f}% of {r.seat_games} seat-games"
        for r in result.ratings.itertuples()
    ]


def answer(result, folder) -> list[str]:
    lines = [f"{result.games_played} games in {result.seconds:.1f} s.", tournament_table(result)]
    return lines + [written(folder)]

"""The bots' tournament's settings and steps (analyzer/studies/tournament.py plays it)."""

from __future__ import annotations

from analyzer.studies.plans.common import written
from analyzer.studies.settings import TournamentSettings


def check(o: dict, log) -> TournamentSettings:
    from analyzer.studies.tournament import check_tournament, parse_bots

    names = parse_bots(o["bots"])
    check_tournament(
        names, o["players"], o["games"], o["seed"], o["bootstrap"], o["lookahead_games"]
    )
    return TournamentSettings(
        names, o["players"], o["games"], o["seed"], o["bootstrap"], o["lookahead_games"]
    )


def default_out(s: TournamentSettings):
    from analyzer.studies.tournament import default_out

    return default_out()


def run(s: TournamentSettings, backend=None, log=None):
    from analyzer.studies.tournament import run_tournament

    return run_tournament(s)


def write(result, out, force: bool = False):
    from analyzer.studies.tournament import write_tournament

    return write_tournament(result, out, force)


def findings(result) -> list[str]:
    from analyzer.studies.tournament import rating_text

    return [
        f"{r.bot}: rating {rating_text(result, r)}, "
        f"wins {100 * r.win_rate:.1f}% of {r.seat_games} seat-games"
        for r in result.ratings.itertuples()
    ]


def answer(result, folder) -> list[str]:
    from analyzer.studies.headlines import tournament_table

    lines = [f"{result.games_played} games in {result.seconds:.1f} s.", tournament_table(result)]
    return lines + [written(folder)]

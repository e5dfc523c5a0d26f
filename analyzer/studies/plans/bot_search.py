"""The heuristic's parameter search (analyzer/studies/tune.py: its settings object is
TuneSettings there)."""

from __future__ import annotations

from analyzer.studies import tune
from analyzer.studies.plans.common import written
from analyzer.studies.tune import TuneSettings, check_tune, run_tune, write_tune


def check(o: dict, log):
    settings = TuneSettings(
        players=o["players"], generations=o["generations"], population=o["population"],
        games=o["games"], validate_games=o["validate_games"], final_games=o["final_games"],
        field=o["field"].lower(), start=o["start"].lower(), seed=o["seed"],
        responder=(o.get("responder") or "").lower(), game=o["game"],
    )  # fmt: skip
    check_tune(settings)
    return settings


def default_out(s):
    return tune.default_out()


def run(s, backend=None, log=None):
    return run_tune(s, log=log)


def write(result, out, force: bool = False, *, game):
    return write_tune(result, out, force, game=game)


def findings(result) -> list[str]:
    f = result.final
    return [
        f"Winner's head-to-head on {f['games']} paired games: {100 * f['gain']:+.1f} points "
        f"({100 * f['gain_lo']:+.1f} to {100 * f['gain_hi']:+.1f}); "
        + ("good enough to ship as a style." if result.ships else "not enough to ship.")
    ]


def answer(result, folder) -> list[str]:
    head = f"{result.games_played} games in {result.seconds:.1f} s. "
    return [head + findings(result)[0], written(folder)]

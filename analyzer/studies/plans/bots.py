"""The bots' own check: all heuristic, and one heuristic against random bots
(analyzer/studies/bots.py plays and writes it in one step)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from analyzer.simulate import check_run
from analyzer.studies import bots
from analyzer.studies.plans.common import ReportEntry
from analyzer.studies.settings import BotsSettings


@dataclass
class BotsRun:
    """The check's games are played while its folder is written (write)."""

    settings: BotsSettings
    backend: object = None
    folder: Path | None = field(default=None)


def check(o: dict, log) -> BotsSettings:
    check_run(o["players"], o["games"], o["seed"], 1)
    return BotsSettings(o["players"], o["games"], o["seed"], game=o["game"])


def default_out(s: BotsSettings):
    return bots.default_out(s.players)


def run(s: BotsSettings, backend=None, log=None) -> BotsRun:
    return BotsRun(s, backend)


def write(result: BotsRun, out, force: bool = False, *, game) -> Path:
    s = result.settings
    result.folder = bots.write_report(
        game, out, n_players=s.players, n_games=s.games, seed=s.seed, force=force,
        backend=result.backend,
    )  # fmt: skip
    return result.folder


def findings(result: BotsRun) -> list[str]:
    """What the bots' check found, read back from its summary.csv."""
    t = pd.read_csv(result.folder / "summary.csv")
    both = t[t.batch == "all heuristic"]
    vs = t[t.batch == "heuristic vs random"]
    n = len(both)
    out = []
    if len(vs):
        h = vs.iloc[0]
        out.append(
            f"The heuristic bot is a real player: in seat 1 against {n - 1} random bots it wins "
            f"{100 * h.win_rate:.1f}% ({100 * h.win_lo:.1f}% to {100 * h.win_hi:.1f}%, "
            f"{int(h.games):,} games), against a fair share of {100 / n:.0f}%."
        )
    if n:
        best, worst = both.loc[both.win_rate.idxmax()], both.loc[both.win_rate.idxmin()]
        out.append(
            f"Between heuristic bots, seat {int(best.seat) + 1} wins most "
            f"({100 * best.win_rate:.1f}%, {100 * best.win_lo:.1f}% to {100 * best.win_hi:.1f}%) "
            f"and seat {int(worst.seat) + 1} least ({100 * worst.win_rate:.1f}%, "
            f"{100 * worst.win_lo:.1f}% to {100 * worst.win_hi:.1f}%)."
        )
    return out


def answer(result: BotsRun, folder) -> list[str]:
    return [f"Report written to {folder}/ (start with {folder / 'summary.md'})"]


def report(s, ctx) -> ReportEntry:
    settings = BotsSettings(ctx.players, s.bot_games, ctx.seed, game=ctx.game)
    return ReportEntry(settings, {"players": ctx.players, "seed": ctx.seed, "games": s.bot_games})

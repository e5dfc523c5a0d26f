"""The baseline report: a real run of heuristic bots plus one heuristic bot against
random ones, written as Parquet, CSV and a Markdown summary that says what the
numbers rest on. The folder appears complete or not at all."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.simulate import Simulation, simulate
from analyzer.studies.common import write_csv, write_folder

BATCH_ALL = "all heuristic"
BATCH_VS = "heuristic vs random"
VS_FOLDER = "heuristic-vs-random"


def default_out(n_players: int) -> Path:
    return Path("reports") / f"baseline-{n_players}p"


def write_report(
    game,
    out: Path | None = None,
    n_players: int = 4,
    n_games: int = 20000,
    seed: int = 1,
    chunk: int = 20000,
    progress: bool = True,
    force: bool = False,
    backend=None,
) -> Path:
    """Run both batches of `game` (the Game load_game gives) and write the report
    folder; returns its path. `backend` plays the games (analyzer/backends; default:
    in this process)."""
    out = Path(out) if out is not None else default_out(n_players)
    tables = game.default_tables()
    started = time.perf_counter()

    def fill(temp: Path) -> None:
        common = dict(n_games=n_games, seed=seed, chunk=chunk, check=True, progress=progress)
        common.update(tables=tables, backend=backend)
        both = simulate(game, n_players, policies="heuristic", parquet_dir=temp, **common)
        mixed = ["heuristic"] + ["random"] * (n_players - 1)
        (temp / VS_FOLDER).mkdir()
        vs = simulate(game, n_players, policies=mixed, parquet_dir=temp / VS_FOLDER, **common)
        frames = {BATCH_ALL: both, BATCH_VS: vs}
        for name, attr in (
            ("summary", "summary"),
            ("race_summary", "race_summary"),
            ("power_summary", "power_summary"),
        ):
            joined = pd.concat(
                [getattr(s, attr).assign(batch=b) for b, s in frames.items()], ignore_index=True
            )
            joined = joined[["batch"] + [c for c in joined.columns if c != "batch"]]
            write_csv(joined, temp, name, game)
        text = summary_markdown(both, vs, tables, time.perf_counter() - started)
        (temp / "summary.md").write_text(text, encoding="utf-8")

    return write_folder(out, fill, force, game)


# ------------------------------------------------------------------ Markdown
def _pct(x: float) -> str:
    return "n/a" if np.isnan(x) else f"{100 * x:.1f}%"


def _num(x: float, digits: int = 1) -> str:
    return "n/a" if np.isnan(x) else f"{x:.{digits}f}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _seat_table(sim: Simulation) -> str:
    rows = [
        [
            f"{r.seat + 1}",
            r.policy,
            f"{r.games}",
            f"{r.wins}",
            _pct(r.win_rate),
            f"{_pct(r.win_lo)} to {_pct(r.win_hi)}",
            f"{_num(r.mean_vc)} ± {_num(1.96 * r.vc_se)}",
            _num(r.mean_declines, 2),
        ]
        for r in sim.summary.itertuples()
    ]
    header = ["seat", "bot", "games", "wins", "win rate", "95% interval (Wilson)", "mean VC"]
    return _table(header + ["declines"], rows)


def _kind_table(frame: pd.DataFrame, name: str) -> str:
    ordered = frame.sort_values("mean_vc", ascending=False, na_position="last")
    rows = [
        [
            getattr(r, name) + ("" if r.modeled == "full" else " ⚠"),
            r.modeled,
            f"{r.picks}",
            f"{r.games}",
            _num(r.mean_vc_active),
            _num(r.mean_vc_decline),
            f"{_num(r.mean_vc)} ± {_num(1.96 * r.vc_se)}",
        ]
        for r in ordered.itertuples()
    ]
    header = [name, "modeled", "picks", "games", "VC active", "VC in decline", "VC total"]
    return _table(header, rows)


def _seat_advantage(sim: Simulation) -> list[str]:
    fair = 1 / sim.n_players
    s = sim.summary
    lines = [
        f"With the same bot in every seat, each seat should win {_pct(fair)} of the games "
        "if the turn order gave no advantage (seat 1 plays first in every round).",
        "",
    ]
    for r in s.itertuples():
        if r.win_lo > fair:
            verdict = "above a fair share"
        elif r.win_hi < fair:
            verdict = "below a fair share"
        else:
            verdict = "consistent with a fair share"
        lines.append(
            f"- Seat {r.seat + 1}: {_pct(r.win_rate)} ({_pct(r.win_lo)} to {_pct(r.win_hi)}), "
            f"{verdict}; mean VC {_num(r.mean_vc)}."
        )
    best, worst = s.loc[s.win_rate.idxmax()], s.loc[s.win_rate.idxmin()]
    lines += [
        "",
        f"Best seat {best.seat + 1} wins {_pct(best.win_rate)}, worst seat {worst.seat + 1} "
        f"{_pct(worst.win_rate)}: a spread of {100 * (best.win_rate - worst.win_rate):.1f} "
        "percentage points.",
    ]
    return lines


def _not_modeled(tables) -> list[str]:
    rs = tables.ruleset
    lines = [
        "## ⚠ Rests on estimates / not modeled",
        "",
        "Every number above comes from the engine playing the rules as the ruleset file "
        "describes them. Where a rule is not played, or a number is our guess, the results "
        "for that race, power or marker (and, through them, every other number) can be off.",
        "",
    ]
    for label, items in (
        ("Races", rs.races),
        ("Special powers", rs.powers),
        ("Markers", rs.markers),
    ):
        missing = [x for x in items if x.modeled != "full"]
        lines.append(f"**{label} not fully modeled** ({len(missing)} of {len(items)}):")
        lines.append("")
        lines += [f"- {x.name} (`{x.modeled}`): {x.missing}" for x in missing] or ["- none"]
        lines.append("")
    estimates = rs.estimates()
    badges = [k for k in estimates if k.startswith("powers.") and k.endswith(".badge")]
    if len(badges) == len(rs.powers):
        lines.append(
            "**Special power token numbers:** all of them (the badge numbers) are estimates."
        )
        lines.append("")
    else:
        lines.append(
            f"**Special power token numbers:** {len(badges)} of {len(rs.powers)} badge numbers "
            "are estimates: " + ", ".join(k.split(".")[1] for k in badges) + "."
        )
        lines.append("")
    others = [k for k in estimates if k not in badges]
    if others:
        lines += [f"**Other estimated numbers:** {', '.join(f'`{k}`' for k in others)}.", ""]
    lines += [
        "**Board faces:** modeled, not transcribed. Region counts follow public fan data; the "
        "geometry, terrain and symbols are generated (tools/make_boards.py), because the "
        "printed boards have not been transcribed. Board-dependent results (terrain powers, "
        "Entry regions, seat order) rest on that model.",
        "",
    ]
    return lines


def summary_markdown(both: Simulation, vs: Simulation, tables, seconds: float) -> str:
    rs = tables.ruleset
    n = both.n_players
    fair = 1 / n
    heur = vs.summary.iloc[0]
    seat1 = both.summary.iloc[0]
    lines = [
        f"# Baseline report: {n} players",
        "",
        f"Written by `analyzer report` on {dt.date.today().isoformat()} in {seconds:.0f} s.",
        "",
        "## What was run",
        "",
        f"- Ruleset: {rs.name} (`{Path(rs.path).name}`), {len(tables.faces)} modeled board faces.",
        f"- Players: {n}. Seed: {both.seed}. Games: {both.n_games} per batch (games 0 to "
        f"{both.n_games - 1} of the seed).",
        f"- Batch 1, {BATCH_ALL}: the heuristic bot (default parameters) in every seat. "
        "Games in `seats.parquet` and `races.parquet`.",
        f"- Batch 2, {BATCH_VS}: the heuristic bot in seat 1, the random bot in seats 2 to "
        f"{n}. Games in `{VS_FOLDER}/`.",
        "- Invariants checked after every turn: "
        f"{both.error_games + vs.error_games} games with a violation"
        + (f" ({_errors(both, vs)})." if both.error_games + vs.error_games else "."),
        "- A tie on VC and on tokens on the boards counts as a win for every tied seat, so "
        "win rates can add up to a little over 100%.",
        "- Intervals are 95%: Wilson for win rates, normal (± 1.96 standard errors) for means.",
        "",
        "## Win rates",
        "",
        f"### Batch 1: {BATCH_ALL}",
        "",
        _seat_table(both),
        "",
        f"### Batch 2: {BATCH_VS}",
        "",
        _seat_table(vs),
        "",
        f"The heuristic bot in seat 1 wins {_pct(heur.win_rate)} ({_pct(heur.win_lo)} to "
        f"{_pct(heur.win_hi)}) against random bots, against {_pct(seat1.win_rate)} in the same "
        f"seat against heuristic bots; a fair share would be {_pct(fair)}.",
        "",
        "## Seat order advantage",
        "",
        *_seat_advantage(both),
        "",
        f"## Mean VC per race ({BATCH_ALL})",
        "",
        "VC scored by a race instance while active and in decline; ⚠ marks a race whose "
        "rules are not fully modeled.",
        "",
        _kind_table(both.race_summary, "race"),
        "",
        f"## Mean VC per special power ({BATCH_ALL})",
        "",
        _kind_table(both.power_summary, "power"),
        "",
        *_not_modeled(tables),
        "## Files",
        "",
        "- `summary.csv`, `race_summary.csv`, `power_summary.csv`: the tables above, both "
        "batches (column `batch`).",
        "- `seats.parquet`, `races.parquet`: every game of batch 1, one row per seat and one "
        f"per race picked; `{VS_FOLDER}/` holds the same for batch 2.",
        "",
    ]
    return "\n".join(lines)


def _errors(*sims: Simulation) -> str:
    counts: dict[str, int] = {}
    for s in sims:
        for name, k in s.errors.items():
            counts[name] = counts.get(name, 0) + k
    return ", ".join(f"{name}: {k}" for name, k in counts.items())

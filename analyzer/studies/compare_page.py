"""The compare study's folder and page: its tables (CSV and Parquet), forest charts,
summary.md and findings (analyzer/studies/compare.py plays it). `result` is the
study's CompareStudy; the study imports this module, not the other way round."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from analyzer.precision import MAX_HALF_WIDTH, TOO_FEW, too_wide
from analyzer.present.charts import KEY_METRICS, forest_plot
from analyzer.present.metrics import METRICS
from analyzer.stats import interval_text
from analyzer.studies import common
from analyzer.studies.common import pct


# ------------------------------------------------------------------ output
def default_out() -> Path:
    return Path("reports") / "compare"


def write_compare(result, out_dir=None, force: bool = False, *, game) -> Path:
    """Write compare.csv/.parquet, arms.csv, the forest plot and summary.md; the
    folder appears complete or not at all."""

    def fill(temp: Path) -> None:
        common.write_table(result.table, temp, "compare", game)
        common.write_table(result.changed, temp, "changed", game)
        common.write_csv(result.arms, temp, "arms", game)
        forest_plot(result, temp / "forest.png")
        forest_plot(result, temp / "key-metrics.png", only=KEY_METRICS, cols=len(KEY_METRICS))
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    return common.write_folder(
        Path(out_dir) if out_dir is not None else default_out(), fill, force, game
    )


def in_unit(metric: str, x: float, signed: bool = False) -> str:
    """x in the metric's unit: a rate in percent (points when signed), the rest plain."""
    if not np.isfinite(x):
        return "n/a"
    unit = METRICS[metric][1]
    sign = "+" if signed else ""
    if unit == "rate":
        return f"{100 * x:{sign}.1f}" + (" pts" if signed else "%")
    return f"{x:{sign}.2f}"


def delta_text(r) -> str:
    """A metric's paired difference with its 95% interval, or why it has none."""
    span = interval_text(r.delta_lo, r.delta_hi, lambda v: in_unit(r.metric, v, True))
    return f"{in_unit(r.metric, r.delta, True)} ({span})"


def findings(result) -> list[str]:
    """Short sentences on what changed significantly, generated from the numbers."""
    out = []
    t = result.table
    for name, rows in t.groupby("scenario", sort=False):
        sig = rows[rows.significant]
        if (rows.delta == 0).all() and not np.isfinite(rows.delta_lo).any():
            # Not "no evidence of a change": paired games came out identical.
            out.append(
                f"**{name}**: every game ended with the same scores as under its baseline: with "
                "these bots the change never comes into play (for example a column slot "
                "they never take)."
            )
            continue
        if sig.empty:
            out.append(f"**{name}**: no metric moved beyond its 95% interval.")
            continue
        parts = [f"{r.label.lower()} {delta_text(r)}" for r in sig.itertuples()]
        out.append(f"**{name}**: " + "; ".join(parts) + ".")
    return out + changed_findings(result)


def _no_call(lo: float, hi: float) -> str:
    return TOO_FEW if too_wide(lo, hi) else f"no change beyond {100 * MAX_HALF_WIDTH:.0f} points"


SHOWN_CHANGED = 6  # changed races and powers named in a finding, the largest moves first


def _rate_text(rate: float, games: int) -> str:
    return pct(rate) if games else "not played (banned)"


def changed_findings(result) -> list[str]:
    """A sentence per scenario on the win rates of the races and powers it changes."""
    out = []
    for name, rows in result.changed.groupby("scenario", sort=False):
        # a race or power banned outright first, then the largest moves
        rows = rows.assign(size=rows.delta.abs().fillna(2.0)).sort_values(
            "size", ascending=False, kind="stable"
        )
        parts = []
        for r in rows.head(SHOWN_CHANGED).itertuples():
            text = f"{r.name} ({r.kind}) {_rate_text(r.baseline, r.games_baseline)} -> "
            text += _rate_text(r.value, r.games)
            if np.isfinite(r.delta_lo):
                text += (
                    f" ({100 * r.delta:+.1f} points, 95% {100 * r.delta_lo:+.1f} to "
                    f"{100 * r.delta_hi:+.1f}"
                    + ("" if r.significant else "; " + _no_call(r.delta_lo, r.delta_hi))
                    + ")"
                )
            parts.append(text)
        more = len(rows) - SHOWN_CHANGED
        tail = f"; and {more} more (changed.csv)" if more > 0 else ""
        out.append(
            f"**{name}**, the win rates of what it changes (its forced combos): "
            + "; ".join(parts) + tail + "."
        )  # fmt: skip
    return out


def summary_markdown(result) -> str:
    lines = [
        "# House rules against the printed rules",
        "",
        f"Paired games (common random numbers): {result.games:,} ordinary games and "
        f"{result.games_per_combo} games per combo for each scenario and its baseline, seed "
        f"{result.seed}, players {', '.join(map(str, result.n_players))}. Baselines: "
        + "; ".join(f"{n} players: {b}" for n, b in result.baseline_names.items())
        + ". Intervals are 95%: the normal interval of the mean paired difference, or the "
        "percentile interval of a paired bootstrap for whole-sample statistics. A delta is "
        "marked * when its interval leaves out zero (no correction for the many metrics).",
        "",
        "Bots: "
        + "; ".join(f"{name}: {', '.join(p)}" for name, p in result.policies.items())
        + ".",
        "",
        *_team_lines(result),
        "## Findings",
        "",
        *[f"- {s}" for s in findings(result)],
        "",
        '<details markdown="1">',
        "<summary>Chart: every measure of every house rule, with its 95% interval</summary>",
        "",
        "![Every measure of every house rule against its baseline](forest.png)",
        "",
        "</details>",
        "",
    ]
    # Each house rule's tables folded under its heading: a page of many house rules
    # stays short, its findings above say what moved.
    for name, rows in result.table.groupby("scenario", sort=False):
        lines += [f"## {name}", "", '<details markdown="1">',
                  f"<summary>Every measure of {name} against its baseline</summary>", "",
                  "| metric | baseline | scenario | delta (95%) |",
                  "|---|---|---|---|"]  # fmt: skip
        for r in rows.itertuples():
            star = " *" if r.significant else ""
            lines.append(
                f"| {r.label} | {in_unit(r.metric, r.baseline)} | {in_unit(r.metric, r.value)} | "
                f"{delta_text(r)}{star} |"
            )
        lines.append("")
        mine = result.changed[result.changed.scenario == name]
        if len(mine):
            lines += [f"### The races and powers {name} changes", "",
                      "Win rate of each one's forced combos under both rules, same seeds.", "",
                      "| race or power | baseline (95%) | scenario (95%) | difference (95%) |",
                      "|---|---|---|---|"]  # fmt: skip
            for r in mine.itertuples():
                before = _rated(r.baseline, r.baseline_lo, r.baseline_hi, r.games_baseline)
                after = _rated(r.value, r.value_lo, r.value_hi, r.games)
                lines.append(f"| {r.name} ({r.kind}) | {before} | {after} | {_difference(r)} |")
            lines.append("")
        lines += ["</details>", ""]
    lines += _caveats(result)
    return "\n".join(lines)


def _rated(rate, lo, hi, games) -> str:
    if not games:
        return "not played (banned)"
    return f"{100 * rate:.1f}% ({100 * lo:.1f} to {100 * hi:.1f}%), {games:,} games"


def _difference(r) -> str:
    """A changed race's or power's paired difference, in points."""
    if not np.isfinite(r.delta_lo):
        return interval_text(np.nan, np.nan) if r.games and r.games_baseline else "n/a"
    star = " *" if r.significant else ""
    return f"{100 * r.delta:+.1f} ({100 * r.delta_lo:+.1f} to {100 * r.delta_hi:+.1f}){star}"


def _team_lines(result) -> list[str]:
    if not result.team_arms:
        return []
    return [
        "Battle for Azeroth (team variant) in: " + ", ".join(result.team_arms) + ". Seat win "
        "rates, scores and declines are read the same way in every arm (the seat with the "
        "most VC wins); the team win rates and the combo spreads (team win, forced on a seat "
        "of the race's faction, spread within the factions: rulings.md B9) appear only where the "
        "scenario and its baseline both play the team variant.",
        "",
    ]


def _caveats(result) -> list[str]:
    out = ["## What these numbers rest on", ""]
    if result.not_modeled:
        out.append(
            "⚠ Abilities not (fully) modeled, which play as plain tokens: "
            + ", ".join(result.not_modeled)
            + "."
        )
    if result.estimates:
        out.append(
            "⚠ Numbers that are estimates, not printed facts: " + ", ".join(result.estimates) + "."
        )
    if result.error_games:
        out.append(f"⚠ {result.error_games} games broke an engine invariant.")
    out.append("")
    return out

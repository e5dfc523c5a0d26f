"""Each study's headline table, as the terminal prints it when the study is done
(its answer card, studies/plans/): the strongest and weakest combos, the best
decline rule, the seat advantage, the suggested numbers. Every rate comes with its
95% interval and its games; a call the games cannot make says so."""

from __future__ import annotations

import numpy as np

from analyzer.precision import MAX_HALF_WIDTH, TOO_FEW, too_wide
from analyzer.present.answer import AnswerTable
from analyzer.present.charts import KEY_METRICS
from analyzer.present.metrics import METRICS
from analyzer.stats import TOO_FEW as NO_INTERVAL
from analyzer.stats import enough_digits, interval_text
from analyzer.studies.common import pct
from analyzer.studies.compare_page import in_unit
from analyzer.studies.sequential import WHY
from analyzer.studies.tournament import rating_text

SHOWN = 5  # combos at each end of the combo table
LIMIT = f"{100 * MAX_HALF_WIDTH:.0f} points"  # the widest interval that still decides


def percent_interval(lo: float, hi: float, signed: bool = False) -> str:
    """ "a to b%" (signed: "+a to +b" points), or the words for no interval."""
    text = interval_text(lo, hi, lambda v: f"{100 * v:{'+' if signed else ''}.1f}")
    return text if signed or text == NO_INTERVAL else text + "%"


def _call(label, lo, hi) -> str:
    """strong or weak where the test says so; otherwise whether the games could tell."""
    if label in ("strong", "weak"):
        return label
    return TOO_FEW if too_wide(lo, hi) else "about average"


def combos_table(result) -> AnswerTable:
    """The SHOWN strongest and weakest combos by win rate of the forced seat."""
    c = result.combos.sort_values("win_rate", ascending=False, kind="stable")
    ends = c if len(c) <= 2 * SHOWN else c.iloc[list(range(SHOWN)) + list(range(-SHOWN, 0))]
    rows = []
    for i, r in enumerate(ends.itertuples()):
        if len(c) > 2 * SHOWN and i == SHOWN:
            rows.append(("...", "", "", "", "", ""))
        rows.append((
            f"{r.race} + {r.power}", str(r.games), pct(r.win_rate),
            percent_interval(r.win_lo, r.win_hi), f"{100 * r.win_delta:+.1f} pp",
            _call(r.significant, r.win_lo, r.win_hi),
        ))  # fmt: skip
    return AnswerTable(
        f"Strongest and weakest of {len(c)} combos, {result.n_players} players",
        ("combo", "games", "win rate", "95% interval", "vs fair", "call"),
        tuple(rows),
        f"vs fair: win rate minus the fair share ({pct(fair_share(result))}), in points; "
        "call: strong or weak after Benjamini-Hochberg at 5%, its interval agreeing; "
        f"else {TOO_FEW} when its interval reaches past {LIMIT} either side "
        f"(docs/reading-the-report.md). Bots: {', '.join(dict.fromkeys(result.policies))}."
        + (f" {raced_note()}" if getattr(result, "looks", ()) else ""),
    )


def fair_share(result) -> float:
    """The fair share the combo table's win rates are measured against."""
    c = result.combos
    return float((c.win_rate - c.win_delta).iloc[0]) if len(c) else 1.0 / result.n_players


def raced_note() -> str:
    """A raced combo table's one sentence on why its games vary."""
    return f"{WHY[0].upper()}{WHY[1:]}."


def decline_table(result) -> AnswerTable:
    """The best rule of each group against the default rule, per player count."""
    rows = []
    best = result.best[result.best.among == "all"]  # the best over both families
    for r in best.itertuples():
        if r.is_default:
            verdict = "the default is best"
        elif r.beats_default:
            verdict = "beats the default"
        elif too_wide(r.win_diff_lo, r.win_diff_hi):
            verdict = TOO_FEW
        else:
            verdict = "no better than the default"
        rows.append((
            str(r.players), str(r.group), str(r.rule), pct(r.win_rate),
            percent_interval(r.win_diff_lo, r.win_diff_hi, signed=True), verdict,
        ))  # fmt: skip
    games = ", ".join(str(g) for g in dict.fromkeys(best.games)) or "no"
    return AnswerTable(
        f"The best decline rule of each group ({games} games per rule)",
        ("players", "group", "best rule", "win rate", "vs default (95%)", "call"),
        tuple(rows),
        "vs default: the interval of its win rate's difference in points from the test "
        "seat's own rule on the same seeds; it beats the default when that holds after "
        f"adjusting for the rules compared; {TOO_FEW} when the interval reaches past "
        f"{LIMIT} either side (docs/reading-the-report.md).",
    )


def seats_table(result) -> AnswerTable:
    """Each seat's win rate against its fair share, per player count."""
    rows = []
    for r in result.seats.itertuples():
        if r.significant and np.isfinite(r.advantage_lo):
            verdict = "ahead" if r.advantage > 0 else "behind"
        else:
            verdict = TOO_FEW if too_wide(r.advantage_lo, r.advantage_hi) else "about fair"
        rows.append((
            str(r.players), str(r.seat), str(r.games), pct(r.win_rate),
            f"{100 * r.advantage:+.1f} ("
            + percent_interval(r.advantage_lo, r.advantage_hi, signed=True) + ")",
            verdict,
        ))  # fmt: skip
    return AnswerTable(
        "Seat advantage",
        ("players", "seat", "games", "win rate", "vs fair (95% interval)", "call"),
        tuple(rows),
        "vs fair: points above the fair share (1 / players); about fair: its interval holds 0 "
        f"and stays within {LIMIT}; {TOO_FEW}: it holds 0 and reaches further.",
    )


def balance_table(result) -> AnswerTable:
    """The printed number and the suggested one for every race and power it moves."""
    t = result.table
    moved = t[t.suggested != t.printed]
    rows = []
    for r in moved.itertuples():
        rows.append((
            f"{r.name} ({r.kind})", f"{r.printed} -> {r.suggested}", str(r.games),
            f"{pct(r.win_rate)} ({percent_interval(r.win_lo, r.win_hi)})", _replayed(r),
        ))  # fmt: skip
    return AnswerTable(
        f"Suggested banner and badge numbers, {result.n_players} players "
        f"({len(moved)} of {len(t)} moved)",
        ("race or power", "printed -> suggested", "games", "win rate now (95%)",
         "suggested number replayed (95%)"),
        tuple(rows),
        f"fair share {pct(result.fair)}; every other race and power keeps its number. "
        "Replayed: the suggested number played alone as a house rule on fresh games "
        "(verified.csv); it lands when that interval holds the fair share.",
    )  # fmt: skip


def _replayed(r) -> str:
    """The suggested number's own replay: "24.1% (22.3 to 26.0%) on 2,000 games, lands"."""
    rate = getattr(r, "verified_rate", np.nan)
    if not np.isfinite(rate):
        return "not replayed"
    verdict = {"yes": "lands", "no": "misses"}.get(r.lands, "too few games to tell")
    return (
        f"{pct(rate)} ({percent_interval(r.verified_lo, r.verified_hi)}) on "
        f"{int(r.verified_games):,} games, {verdict}"
    )


def teams_table(factions) -> AnswerTable:
    """Each faction's win rate in the team variant, per player count."""
    rows = tuple(
        (str(r.players), str(r.faction), str(r.games),
         f"{pct(r.win_rate)} ({percent_interval(r.win_lo, r.win_hi)})")
        for r in factions.table.itertuples()
    )  # fmt: skip
    return AnswerTable(
        "Which faction wins Battle for Azeroth",
        ("players", "faction", "games", "win rate (95%)"),
        rows,
        "A faction scores its lower player's victory coins where it has two players (its "
        "one player's otherwise); the highest score wins (docs/rulings.md, faction scores).",
    )


def _change(unit: str, delta, lo, hi, significant) -> str:
    """A paired difference and its interval: rates in points, the rest in their unit."""
    if not np.isfinite(delta):
        return "n/a"
    scale, digits = (100.0, 1) if unit == "rate" else (1.0, 2)
    d, lo, hi = scale * delta, scale * lo, scale * hi
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return f"{d + 0.0:+.{digits}f} ({NO_INTERVAL})"
    digits = enough_digits((d, lo, hi), digits)
    return f"{d:+.{digits}f} ({lo:+.{digits}f} to {hi:+.{digits}f})" + (" *" if significant else "")


def compare_tables(result) -> list[AnswerTable]:
    """Per house rule: its main effects (the key metrics against its baseline), and the
    win rates of the races and powers it changes under both rule sets."""
    out = []
    for name, rows in result.table.groupby("scenario", sort=False):
        key = rows[rows.metric.isin(KEY_METRICS)]
        cells = tuple(
            (str(r.label), in_unit(r.metric, r.baseline), in_unit(r.metric, r.value),
             _change(METRICS[r.metric][1], r.delta, r.delta_lo, r.delta_hi, r.significant))
            for r in key.itertuples()
        )  # fmt: skip
        out.append(AnswerTable(
            f"{name}: what it changes ({result.games:,} paired games)",
            ("measure", "before", "after", "change (95%)"), cells,
        ))  # fmt: skip
        mine = result.changed[result.changed.scenario == name]
        if len(mine):
            cells = tuple(
                (f"{r.name} ({r.kind})", f"{r.games_baseline:,}",
                 pct(r.baseline) if r.games_baseline else "banned",
                 pct(r.value) if r.games else "banned",
                 _change("rate", r.delta, r.delta_lo, r.delta_hi, r.significant))
                for r in mine.itertuples()
            )  # fmt: skip
            out.append(AnswerTable(
                f"{name}: the win rates of what it changes",
                ("race or power", "games", "before", "after", "change (95%)"), cells,
            ))  # fmt: skip
    if out:
        out[-1] = AnswerTable(
            out[-1].title,
            out[-1].columns,
            out[-1].rows,
            "Changes are paired (same seeds), rates in points; *: the interval leaves out 0. "
            "A race's or power's win rate is that of its forced combos "
            f"({result.games_per_combo} games per combo). All measures: summary.md.",
        )
    return out


def tournament_table(result) -> AnswerTable:
    """The bots ranked by rating, each with its interval, seat-games and win rate."""
    rows = tuple(
        (str(r.bot), rating_text(result, r), f"{r.seat_games:,}",
         f"{pct(r.win_rate)} ({percent_interval(r.win_lo, r.win_hi)})")
        for r in result.ratings.itertuples()
    )  # fmt: skip
    return AnswerTable(
        f"The bots ranked, {result.players} players",
        ("bot", "rating (95%)", "seat-games", "win rate (95%)"),
        rows,
        "Rating: Bradley-Terry on the Elo scale, fitted to who finished ahead of whom in "
        "the same games; 95% bootstrap intervals (summary.md).",
    )

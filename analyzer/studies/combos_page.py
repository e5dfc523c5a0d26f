"""The combo study's folder and page: its tables (CSV and Parquet), charts,
summary.md and findings (analyzer/studies/combos.py plays it). `result` is the
study's ComboStudy; the study imports this module, not the other way round."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.present.charts import combo_heatmap, top_bottom_chart
from analyzer.studies import common
from analyzer.studies.sequential import WHY
from analyzer.studies.settings import FDR_Q

TOP_N = 15  # combos listed at each end of the page


def default_out(n_players: int) -> Path:
    return Path("reports") / f"combos-{n_players}p"


def write_combos(result, out_dir=None, force: bool = False, *, game) -> Path:
    """Write the study's folder (CSV, Parquet, charts, summary.md); it appears complete
    or not at all. Returns its path."""
    out = Path(out_dir) if out_dir is not None else default_out(result.n_players)
    return common.write_folder(out, lambda temp: fill_folder(result, temp, game), force, game)


def fill_folder(result, folder: Path, game) -> None:
    """The study's files in `folder` (which the caller stages), for `game` (the Game
    the run plays: its tables' ruleset and variant columns)."""
    common.write_table(result.combos, folder, "combos", game)
    common.write_csv(result.races, folder, "races", game)
    common.write_csv(result.powers, folder, "powers", game)
    combo_heatmap(result, folder / "heatmap.png")
    top_bottom_chart(result, folder / "top_bottom.png")
    (folder / "summary.md").write_text(summary_markdown(result), encoding="utf-8")


def _pct(x: float) -> str:
    return "n/a" if not np.isfinite(x) else f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return "n/a" if not np.isfinite(x) else f"{x:+.1f}"


def _flag(r) -> str:
    marks = []
    if r.race_modeled != "full" or r.power_modeled != "full":
        marks.append("⚠")
    if r.badge_estimated:
        marks.append("≈")
    return " ".join(marks)


def _combo_lines(frame: pd.DataFrame) -> list[str]:
    header = ["combo", "games", "win rate", "95% interval", "VC vs field", "race VC", "sig.", ""]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in frame.itertuples():
        lines.append(
            f"| {r.race} + {r.power} | {r.games} | {_pct(r.win_rate)} | "
            f"{_pct(r.win_lo)} to {_pct(r.win_hi)} | {_num(r.vc_delta)} "
            f"({_num(r.vc_delta_lo)} to {_num(r.vc_delta_hi)}) | {r.race_vc:.1f} | "
            f"{r.significant} | {_flag(r)} |"
        )
    return lines


def _effect_lines(frame: pd.DataFrame, name: str) -> list[str]:
    header = [name, "combos", "games", "win rate", "95% interval", "effect", "VC vs field", ""]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in frame.sort_values("win_rate", ascending=False).itertuples():
        flag = "⚠" if r.modeled != "full" else ""
        if getattr(r, "badge_estimated", False):
            flag = (flag + " ≈").strip()
        lines.append(
            f"| {getattr(r, name)} | {r.combos} | {r.games} | {_pct(r.win_rate)} | "
            f"{_pct(r.win_lo)} to {_pct(r.win_hi)} | {100 * r.effect:+.1f} pp | "
            f"{_num(r.vc_delta)} | {flag} |"
        )
    return lines


def findings(result) -> list[str]:
    """Short sentences for the report, generated from the tables."""
    c = result.combos
    out = []
    fair = result.fair
    strong = c[c.significant == "strong"].sort_values("win_rate", ascending=False)
    weak = c[c.significant == "weak"].sort_values("win_rate")
    if result.team:
        shares = ", ".join(f"{f} {_pct(v)}" for f, v in result.faction_fair.items())
        out.append(
            f"Battle for Azeroth, team play: of {len(c)} combos forced as a first pick on a "
            f"seat of the race's faction ({result.games_per_combo} games each), {len(strong)} "
            f"win their faction significantly more than its fair share and {len(weak)} "
            f"significantly less (Benjamini-Hochberg, q = 0.05). A faction's fair share is "
            f"its team win rate over all its forced combos: {shares}."
        )
    else:
        out.append(
            f"Of {len(c)} combos forced as a first pick ({games_each(result)}), "
            f"{len(strong)} win significantly more than the fair {_pct(fair)} and {len(weak)} "
            "significantly less (Benjamini-Hochberg, q = 0.05)."
            + (f" {raced_sentence(result)}" if result.looks else "")
        )
    for label, rows in (("Strongest", strong), ("Weakest", weak)):
        if len(rows):
            out.append(
                f"{label}: "
                + "; ".join(
                    f"{r.race} + {r.power} {_pct(r.win_rate)} ({_pct(r.win_lo)} to "
                    f"{_pct(r.win_hi)}){' ' + _flag(r) if _flag(r) else ''}"
                    for r in rows.head(3).itertuples()
                )
                + "."
            )
    for name, frame in (("race", result.races), ("power", result.powers)):
        # named alone only when told apart from the runner-up (common.named_first)
        ranked = frame.sort_values("win_rate")
        best, worst = ranked.iloc[-1], ranked.iloc[0]
        out.append(
            f"Best {name} on average: {common.named_first(frame, lambda r, name=name: r[name])} "
            f"({_pct(best.win_lo)} to {_pct(best.win_hi)}); worst: "
            f"{common.named_first(frame, lambda r, name=name: r[name], 'bottom')} "
            f"({_pct(worst.win_lo)} to {_pct(worst.win_hi)})."
        )
    return out


def games_each(result) -> str:
    """ "1100 games each", or for a raced study "138 to 1100 games each"."""
    games = result.combos.games
    if not result.looks or games.min() == games.max():
        return f"{result.games_per_combo} games each"
    return f"{games.min()} to {games.max()} games each"


def raced_sentence(result) -> str:
    """Why games per combo vary (studies/sequential.py), in one sentence."""
    looks = ", ".join(str(n) for n in result.looks)
    saved = 1 - result.n_games / (len(result.combos) * result.games_per_combo)
    return (
        f"{WHY[0].upper()}{WHY[1:]} (looks at {looks} games; {100 * saved:.0f}% of the "
        f"games of a fixed run saved; race and power rates use every combo's first "
        f"{result.looks[0]} games)."
    )


def _team_lines(result) -> list[str]:
    """The team variant's design and fair shares, for the summary."""
    seated = common.faction_seats(result.rules, result.n_players)

    names = result.rules.TEAMS
    seats = "; ".join(
        f"{names[f]} seat{'s' if len(s) > 1 else ''} {', '.join(str(x + 1) for x in s)}"
        for f, s in seated.items()
    )
    lines = [
        f"- Forced pick: first pick of one seat of the race's faction ({seats}), cost "
        f"{result.cost} coin(s), with the power forced alongside it (rulings.md B9); game k of a "
        "combo forces the faction's (k mod its seats)-th seat, so each seat of a faction "
        "takes each of its combos equally often.",
        "- A win is the **team win**: the forced seat's faction wins (the sheet's team "
        "scoring, rulings.md B3; a shared victory counts for each winner).",
        "- Fair share: a combo is measured against **its faction's** team win rate over all "
        "of that faction's forced combos in this study (not 1 / players): "
        + ", ".join(f"{f} {_pct(v)}" for f, v in result.faction_fair.items())
        + ". So `strong` means better for its faction than the faction's average combo; "
        "compare factions by their own win rates (`analyzer teams`).",
    ]
    if result.skipped:
        lines.append(
            f"- Left out: {', '.join(result.skipped)} (no seat of their faction at "
            f"{result.n_players} players: the Neutral races play only at 3 and 5)."
        )
    return lines


def summary_markdown(result) -> str:

    c = result.combos
    # the team variant ranks against each faction's fair share (factions differ a lot)
    key = "win_delta" if result.team else "win_rate"
    ranked = c.sort_values([key, "vc_delta"], ascending=False)
    n_top = min(TOP_N, len(c))
    bots = ", ".join(f"{result.policies.count(p)} {p}" for p in dict.fromkeys(result.policies))
    strong = c[c.significant == "strong"]
    lines = [
        f"# Combo values, {result.n_players} players"
        + (", Battle for Azeroth (team play)" if result.team else ""),
        "",
        f"- Ruleset: {result.ruleset_name}" + (result.variant_text if result.team else ""),
        f"- Bots: {bots} "
        + (
            f"(the forced seat plays {result.forced_bot}; games laid out seat-major)"
            if result.forced_bot
            else "(the forced seat plays the same bot as in its seat)"
        ),
        f"- Players: {result.n_players}; combos: {len(c)}; games per combo: "
        + (
            f"{result.games_per_combo} ({result.n_games} games); seed: {result.seed}"
            if not result.looks
            else f"up to {result.games_per_combo} ({result.n_games} games); seed: "
            f"{result.seed}. {raced_sentence(result)}"
        ),
        *(
            _team_lines(result)
            if result.team
            else [
                f"- Forced pick: first pick of one seat, cost {result.cost} coin(s); game k of a "
                f"combo forces seat k mod {result.n_players}, so every seat takes every combo "
                "equally often.",
                f"- Fair win rate: {_pct(result.fair)}; mean over all forced seats: "
                f"{_pct(result.grand_win_rate)}. Ties count as a win for every tied seat.",
            ]
        ),
        f"- Significance: two-sided test of each combo's win rate against "
        f"{'its faction' + chr(39) + 's fair share' if result.team else _pct(result.fair)}, "
        f"Benjamini-Hochberg at q = {FDR_Q}: {len(strong)} combos "
        f"significantly `strong`, {int((c.significant == 'weak').sum())} significantly "
        "`weak` (after the correction).",
        f"- Time: {result.seconds:.0f} s ({result.n_games / max(result.seconds, 1e-9):.0f} "
        "games/s)"
        + (f"; invariant violations: {result.error_games} games" if result.error_games else ""),
        "",
        "Every number is against these bots. ⚠ marks a combo whose race or power ability is "
        "not (fully) played by the engine; ≈ a power whose badge number is an estimate.",
        "",
        f"## Top {n_top} combos",
        "",
        *_combo_lines(ranked.head(n_top)),
        "",
        f"## Bottom {n_top} combos",
        "",
        *_combo_lines(ranked.tail(n_top).iloc[::-1]),
        "",
        "## Races (averaged over the powers)",
        "",
        *_effect_lines(result.races, "race"),
        "",
        "## Powers (averaged over the races)",
        "",
        *_effect_lines(result.powers, "power"),
        "",
        "## ⚠ Not modeled / estimates",
        "",
        "Not fully modeled: " + (", ".join(result.not_modeled) or "none") + ".",
        "",
        f"Estimated numbers ({len(result.estimates)}): "
        + (", ".join(f"`{k}`" for k in result.estimates) or "none")
        + ".",
        "",
        "Files: combos.csv / combos.parquet (one row per combo), races.csv, powers.csv, "
        "heatmap.png (win-rate delta, hatched where not significant after BH), "
        "top_bottom.png (top and bottom combos with 95% intervals).",
        "",
    ]
    return "\n".join(lines)

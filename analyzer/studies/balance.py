"""What would balance it (`analyzer balance`): the token numbers that make each race
and special power fair, the starting coins per seat that make turn order fair, and
how far each estimated number moves the answers.

Races and powers. For each race (banner tokens) and each power (badge tokens), the
study plays its combos forced as one seat's first pick (as the combo study does) at
several token numbers around the printed one: the same games, seeds and dice at every
number (common random numbers), so the curve moves only because the tokens do. A
logistic fit of the pooled win rate against the tokens gives the number where the
race or power wins its fair share (1 / players, or the run's `fair`), with intervals
from resampling whole games, every number of the curve together (balance_fit.py), and
the predicted rate at the whole numbers near it. The suggestion is the whole number
nearest to it within what the box allows, "no change" when the printed number's win
rate already holds the fair share; where the curve crosses beyond the box, or its
slope is indistinguishable from zero, no token number in the box fixes it and the
number stays printed.

Each number checked. Every suggested number is played alone as a house rule on games
the solver never saw; one that misses is searched again, one whole number at a time,
on fresh games each (balance_verify.py). The number kept is the one every page shows.

Every number at once. The numbers interact (a weaker Tauren makes every other race a
little stronger), so the combo table is played again with all of them: its spread,
and the races and powers still off their fair share there; and the set, written as a
scenario file that `analyzer compare` can check again, is compared on the same seeds
with the printed rules (analyzer compare's metrics: the combo spread, the first and
last seats' win rates). These are side effects: no number moves here.

Seats. Per player count, the games of the printed rules are replayed in thought with
extra coins per seat (a coin is a VC at the end): the integer coins that bring every
seat closest to its fair share, with bootstrap intervals; then those coins are really
played (rules.seat_coins) on the same seeds and the seats' win rates re-measured.

Sensitivity. For every number the ruleset flags as an estimate: how much its power's
win rate and rank move with one token more or less (from the power's curve), and, for
the die, the combo table played with every face one higher and one lower; and which
headline findings (best and worst race and power, strongest combo) would change.

Battle for Azeroth (the team variant) asks another question, answered by
balance_teams.py: a seat wins with its faction, so the study balances the factions
against their fair shares (team_target.py, ruling B10) with the designer's levers.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.backends.shared import GAMES
from analyzer.present.charts import balance_curves, seat_compensation, sensitivity_chart
from analyzer.present.progress import Bar
from analyzer.scenario import load_scenario
from analyzer.simulate import resolve_policies
from analyzer.stats import RATE_DIFFERENCE, TOO_FEW, estimate_text, has_interval
from analyzer.studies import balance_teams, common
from analyzer.studies.balance_curves import (  # noqa: F401  (the study's public names)
    DEFAULT_CHECK_GAMES_PER_COMBO,
    DEFAULT_GAMES_PER_COMBO,
    DEFAULT_SEAT_GAMES,
    MAX_SEAT_COINS,
    OFFSETS,
    WHERE,
    BalanceStudy,
    ComboPlayer,
    allowed_ids,
    apply_changes,
    check_balance,
    main_effects,
    printed_number,
    refuse_team_variant,
    suggest,
    sweep,
    whole_table,
    with_changes,
)
from analyzer.studies.balance_fit import RESAMPLES, predicted_text
from analyzer.studies.balance_seats import (  # noqa: F401
    SEAT_STEPS,
    play_seat_games,
    seat_table,
    seat_wins_with_bonus,
    solve_seat_coins,
)
from analyzer.studies.balance_sensitivity import sensitivity_rows
from analyzer.studies.balance_teams import TeamBalance, write_team_balance
from analyzer.studies.balance_toml import suggestion_toml  # noqa: F401  (the study's)
from analyzer.studies.balance_verify import VERIFIED_COLUMNS, verify  # noqa: F401
from analyzer.studies.common import bots_text, caveat_lines, pct, pp
from analyzer.studies.compare import run_compare
from analyzer.studies.settings import (
    BalanceSettings,  # noqa: F401  (run_balance's)
    CompareSettings,
)


# ------------------------------------------------------------------ the study
def run_balance(settings: BalanceSettings, backend=None, progress: bool = True) -> BalanceStudy:
    """Every part of the study (see the module docstring) on `settings`
    (studies/plans/balance.py: seat_counts, the player counts of the seat compensation,
    default the study's own; seat_tables the rules at each of them, default `tables`).
    `backend`: where the games are played (analyzer/backends; default: in this
    process); it never changes the results."""
    s = settings
    n_players, games_per_combo, seed, tables = s.players, s.games_per_combo, s.seed, s.tables
    policies, policy_params, rounds, scenario = s.bots, s.bot_params, s.rounds, s.scenario
    offsets = OFFSETS if s.offsets is None else s.offsets
    seat_counts, seat_games, check_games_per_combo = s.seat_counts, s.seat_games, s.check_games
    tables_by_count, seat_policies, seat_policy_params = s.seat_tables, s.seat_bots, s.seat_params

    check_balance(n_players, games_per_combo, seed, seat_games, check_games_per_combo, s.fair)
    names = resolve_policies(policies, n_players)
    if tables is None:
        tables = common.printed_tables(s.game)
    seat_counts = tuple(seat_counts or (n_players,))
    tables_by_count = tables_by_count or {n: tables for n in seat_counts}
    for t in (tables, *tables_by_count.values()):
        refuse_team_variant(t, WHERE, "variant")
    # Games for the progress bar (an upper bound: some token numbers fall outside a box).
    combos = len(allowed_ids(tables, "race")) * len(allowed_ids(tables, "power"))
    total = 2 * combos * len(offsets) * games_per_combo  # each combo in a race and a power sweep
    total += combos * check_games_per_combo * 4  # all at once, printed, the die
    total += 2 * combos * check_games_per_combo * (1 + rounds)  # the replays, at most
    total += (1 + SEAT_STEPS) * seat_games * len(seat_counts)
    bar = Bar(total, progress, "balance")
    fair = 1.0 / n_players if s.fair is None else float(s.fair)
    player = ComboPlayer(
        n_players, games_per_combo, seed, names, policy_params, bar, check_games_per_combo,
        backend, fair, game=s.game,
    )  # fmt: skip
    started = time.perf_counter()
    reused = GAMES.reused
    try:
        outcomes: dict = {}
        rows = sweep(player, tables, "race", offsets, outcomes=outcomes)
        rows += sweep(player, tables, "power", offsets, outcomes=outcomes)
        curves = pd.DataFrame(rows)
        table, predicted = suggest(curves, outcomes, tables, fair, seed)
        del outcomes
        verified, table = verify(player, tables, table, fair, check_games_per_combo, rounds)
        changes = {(r.kind, int(r.id)): int(r.suggested) for r in table.itertuples()}
        round_rows = whole_table(player, tables, table, fair)
        # the printed rules' combo table: the player-count study plays it too
        printed_study = player.combos(tables, None, check_games_per_combo, shared=True)
        sensitivity = sensitivity_rows(player, tables, curves, table, printed_study)

        def bar_add(k):
            player.done += k
            bar.update(player.done)

        # The seats' bots: the scenario's at each count, else the study's own bot name.
        seat_bots = seat_policies or {n: names[0] for n in seat_counts}
        seat_params = seat_policy_params or {n: policy_params for n in seat_counts}
        seats = (
            seat_table(seat_counts, seat_games, seed, tables_by_count, seat_bots, seat_params,
                   bar_add, backend)
            if seat_games > 0 else pd.DataFrame()
        )  # fmt: skip
    finally:
        bar.close()
    toml = suggestion_toml(tables, changes, n_players, names, policy_params, scenario)
    whole = _compare_spread(
        tables, toml, n_players, seed, check_games_per_combo, scenario, backend, s.game
    )
    player.done += int(whole.attrs.get("games", 0))
    return BalanceStudy(
        n_players=n_players, games_per_combo=games_per_combo, seed=seed, policies=names,
        ruleset_name=tables.ruleset.name, scenario=scenario, offsets=tuple(offsets),
        curves=curves, table=table, rounds=round_rows, whole=whole, seats=seats,
        sensitivity=sensitivity, suggestion_toml=toml, n_games=player.done,
        seconds=time.perf_counter() - started, not_modeled=tables.not_modeled(),
        estimates=tables.ruleset.estimates(), reused=GAMES.reused - reused,
        verified=verified, predicted=predicted, fair_share=s.fair,
    )  # fmt: skip


def _compare_spread(
    tables, toml: str, n_players, seed, gpc, scenario, backend, game
) -> pd.DataFrame:
    """The combo spread (and the other compare metrics) of the final suggestion
    against the rules it started from, on the same seeds."""
    with tempfile.TemporaryDirectory(prefix="analyzer-balance-") as folder:
        path = Path(folder) / "suggested.toml"
        path.write_text(toml, encoding="utf-8")
        suggested = load_scenario(path, game)  # the suggestion must load like any scenario
        base = load_scenario(scenario, game) if scenario else None
        settings = CompareSettings((suggested,), base, 2000, max(gpc, 2), seed, game=game)
        result = run_compare(settings, backend=backend, progress=False)
    table = result.table.copy()
    # The suggestion was read from a temporary folder: name the file it is written to,
    # so that the table is the same bytes on every run.
    table["file"] = "suggested.toml"
    table.attrs["games"] = int(result.table.games.iloc[0] * 2) if len(table) else 0
    return table


# ------------------------------------------------------------------ the scenario
# ------------------------------------------------------------------ output
def default_out(n_players: int) -> Path:
    return Path("reports") / f"balance-{n_players}p"


def write_balance(result: BalanceStudy, out_dir=None, force: bool = False, *, game) -> Path:
    """Write the study's folder: tables (CSV and Parquet), charts, summary.md and the
    suggestion as a scenario file (suggested.toml); the team variant's its own."""
    if isinstance(result, TeamBalance):
        out = Path("reports") / f"balance-{result.variant}-{result.n_players}p"
        folder = Path(out_dir) if out_dir is not None else out
        return write_team_balance(result, folder, force, game=game)

    def fill(temp: Path) -> None:
        common.write_table(result.table, temp, "balance", game)
        common.write_table(result.curves, temp, "curves", game)
        common.write_table(result.rounds, temp, "whole_table", game)
        common.write_table(result.verified, temp, "verified", game)
        common.write_table(result.predicted, temp, "predicted", game)
        common.write_table(result.whole, temp, "spread", game)
        if len(result.seats):
            common.write_table(result.seats, temp, "seats", game)
            seat_compensation(result, temp / "seats.png")
        common.write_table(result.sensitivity, temp, "sensitivity", game)
        for kind in ("race", "power"):
            balance_curves(result, kind, temp / f"curves-{kind}s.png")
        if "sensitivity.png" in chart_names(result):
            sensitivity_chart(result, temp / "sensitivity.png")
        (temp / "suggested.toml").write_text(result.suggestion_toml, encoding="utf-8")
        # The sensitivity table alone: the report shows it under what the numbers rest on.
        text = "\n".join(sensitivity_markdown(result)) + "\n"
        (temp / "sensitivity.md").write_text(text, encoding="utf-8")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    out = Path(out_dir) if out_dir is not None else default_out(result.n_players)
    return common.write_folder(out, fill, force, game)


def chart_names(result: BalanceStudy) -> list[str]:
    names = ["curves-races.png", "curves-powers.png"]
    if len(result.seats):
        names.append("seats.png")
    if "effect_change" in result.sensitivity and len(result.sensitivity):
        names.append("sensitivity.png")
    return names


def _tokens(kind: str) -> str:
    return "banner" if kind == "race" else "badge"


def _rate(est, lo, hi) -> str:
    """ "24.1% (22.3% to 26.0%)" of a win rate, or its words for no interval."""
    return estimate_text(100 * est, 100 * lo, 100 * hi, sign="", unit="%", within=(0, 100))


def _points(est, lo, hi) -> str:
    """ "+1.2 pp (-0.3 pp to +2.8 pp)" of a difference of win rates."""
    lo_hi = (100 * RATE_DIFFERENCE[0], 100 * RATE_DIFFERENCE[1])
    return estimate_text(100 * est, 100 * lo, 100 * hi, unit=" pp", within=lo_hi)


def _number(value, digits: int = 3) -> str:
    return f"{value:.{digits}f}" if np.isfinite(value) else "n/a"


def _replayed(r) -> str:
    """ "24.1% (22.3% to 26.0%) on 2,000 fresh games" of a verified number."""
    if not np.isfinite(r.verified_rate):
        return ""
    return (
        f"{_rate(r.verified_rate, r.verified_lo, r.verified_hi)} on "
        f"{int(r.verified_games):,} fresh games"
    )


def seat_gap(whole: pd.DataFrame) -> tuple[float, float] | None:
    """(printed, all at once): the first seat's win rate minus the last seat's, from
    the all-at-once comparison's seat rows."""
    w = whole.set_index("metric") if len(whole) else None
    if w is None or not {"first_seat_win", "last_seat_win"} <= set(w.index):
        return None
    first, last = w.loc["first_seat_win"], w.loc["last_seat_win"]
    return float(first.baseline - last.baseline), float(first.value - last.value)


def findings(result: BalanceStudy) -> list[str]:
    """Short generated sentences: what would balance it, each number replayed."""
    if isinstance(result, balance_teams.TeamBalance):
        return balance_teams.findings(result)
    t = result.table
    out = []
    for kind in ("race", "power"):
        part = t[t.kind == kind]
        moved = part[part.suggested != part.printed].sort_values("change")
        if len(moved):
            shown = "; ".join(
                f"{r.name} {r.printed} → {r.suggested} ("
                + ("lands at " if r.lands == "yes" else "misses at " if r.lands == "no"
                   else "too few games to tell: ")
                + f"{_replayed(r)})"
                for r in moved.itertuples()
            )  # fmt: skip
            out.append(
                f"**{kind.capitalize()}s**: {len(moved)} of {len(part)} would need other "
                f"{_tokens(kind)} numbers to win their fair {pct(result.fair)}, each replayed "
                f"alone as a house rule: {shown}."
            )
        stuck = part[~part.reaches_fair]
        if len(stuck):
            out.append(
                f"No token number in the box fixes these {kind}s (left as printed): "
                + ", ".join(f"{r.name} ({pct(r.win_rate)})" for r in stuck.itertuples())
                + "."
            )
        missed = part[part.reaches_fair & (part.lands == "no")]
        if len(missed):
            out.append(
                f"No whole number lands within its interval for these {kind}s (the nearest is "
                "kept): " + ", ".join(f"{r.name} {r.suggested}" for r in missed.itertuples()) + "."
            )
    w = result.whole.set_index("metric") if len(result.whole) else None
    if w is not None and "combo_win_sd" in w.index:
        row = w.loc["combo_win_sd"]
        change = estimate_text(
            100 * row.delta, 100 * row.delta_lo, 100 * row.delta_hi, unit=" points",
            within=(-100, 100),
        )  # fmt: skip
        text = (
            f"With every number at once, the spread of combo win rates (SD) goes "
            f"from {pct(row.baseline)} to {pct(row.value)} ({change}, 95%, paired)"
        )
        gap = seat_gap(result.whole)
        if gap is not None:
            text += (
                f"; the first seat's win rate minus the last seat's goes from "
                f"{100 * gap[0]:+.1f} to {100 * gap[1]:+.1f} points"
            )
        if len(result.rounds) and int(result.rounds.off_fair.iloc[0]):
            r = result.rounds.iloc[0]
            text += f"; still off their fair share together: {r.off_fair_names}"
        out.append(text + ".")
    if len(result.seats):
        for n, part in result.seats.groupby("players"):
            coins = ", ".join(str(int(c)) for c in part.coins)
            worst_before = (part.win_rate - part.fair).abs().max()
            worst_after = (part.win_rate_compensated - part.fair).abs().max()
            out.append(
                f"{n} players: extra starting coins by seat {coins} bring the largest seat "
                f"gap from {100 * worst_before:.1f} to {100 * worst_after:.1f} points "
                f"(re-measured on {int(part.games.iloc[0]):,} games)."
            )
    s = result.sensitivity
    if "headlines_changed" in s:
        moving = s[(s.headlines_changed.notna()) & (s.headlines_changed != "none")]
        if len(moving):
            out.append(
                f"{moving.estimate.nunique()} estimated numbers would change a headline finding "
                "when one step off: " + ", ".join(sorted(set(moving.estimate))) + "."
            )
        else:
            out.append("No estimated number, one step off, changes a headline finding.")
    return out


def _fair_text(r) -> str:
    if not np.isfinite(r.fair_tokens):
        return "nowhere"
    if not has_interval(r.fair_lo, r.fair_hi, estimate=r.fair_tokens):
        return f"{r.fair_tokens:.1f} ({TOO_FEW})"
    # The curve may cross beyond what the box allows: said so, not as a token count.
    lo = f"{r.fair_lo:.1f}" if r.fair_lo >= r.box_low else f"below {r.box_low}"
    hi = f"{r.fair_hi:.1f}" if r.fair_hi <= r.box_high else f"above {r.box_high}"
    return f"{r.fair_tokens:.1f} ({lo} to {hi})"


def _coins(r) -> str:
    """A seat's extra coins and their bootstrap interval: whole coins, so an interval
    whose resamples all agree has no width and is not printed as one."""
    if not has_interval(r.coins_lo, r.coins_hi, estimate=r.coins):
        return f"{r.coins} ({TOO_FEW})"
    return f"{r.coins} ({r.coins_lo} to {r.coins_hi})"


def _predicted_for(result: BalanceStudy, r) -> str:
    p = result.predicted
    if not len(p):
        return ""
    return predicted_text(p[(p.kind == r.kind) & (p.id == r.id)])


def _folded(summary: str) -> list[str]:
    """The opening of a folded block (closed by "</details>"): Markdown inside it renders."""
    return ['<details markdown="1">', f"<summary>{summary}</summary>", ""]


def _table_md(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def sensitivity_markdown(result: BalanceStudy) -> list[str]:
    """The table of estimated numbers and how far each moves the answers."""
    s = result.sensitivity
    lines = []
    badge = s[s.estimate.str.endswith(".badge")] if len(s) else s
    if len(badge):
        rows = []
        for key, part in badge.groupby("estimate", sort=False):
            by = part.set_index("delta")
            now = part[part.win_rate.notna()]
            if not len(now):
                rows.append([f"`{key}`", "", "", "", "", "; ".join(part.note.dropna())])
                continue

            def moved(d, by=by):
                if d not in by.index or not np.isfinite(by.loc[d, "win_rate_moved"]):
                    return "outside its range"
                return f"{pct(by.loc[d, 'win_rate_moved'])} ({pp(by.loc[d, 'effect_change'])})"

            ranks = " / ".join(
                str(int(by.loc[d, "rank_moved"])) if d in by.index and
                np.isfinite(by.loc[d, "rank_moved"]) else "-"
                for d in (-1, 1)
            )  # fmt: skip
            first = now.iloc[0]
            changes = sorted({h for h in part.headlines_changed.dropna() if h != "none"})
            rows.append([f"`{key}`", pct(first.win_rate), moved(-1), moved(1),
                         f"{int(first['rank'])} ({ranks})",
                         "; ".join(changes) or "none"])  # fmt: skip
        lines += _table_md(
            ["estimate", "power win rate", "one token fewer", "one token more",
             "power rank (fewer / more)", "headline findings that change"], rows)  # fmt: skip
        lines.append("")
    die = s[s.estimate == "die_faces"] if len(s) else s
    if len(die):
        lines += _table_md(
            ["estimate", "changed to", "race rank correlation", "power rank correlation",
             "headline findings that change"],
            [[f"`{r.estimate}`", r.name, f"{r.race_rank_spearman:.2f}",
              f"{r.power_rank_spearman:.2f}", r.headlines_changed] for r in die.itertuples()],
        )  # fmt: skip
        lines.append("")
    return lines


def _reused_text(result: BalanceStudy) -> str:
    if not result.reused:
        return ""
    return (
        f" ({result.reused:,} of them the same games as ones played before in this run, "
        "so taken from those instead of played again)"
    )


def summary_markdown(result: BalanceStudy) -> str:
    t = result.table
    lines = [
        f"# What would balance it: {result.ruleset_name}, {result.n_players} players",
        "",
        f"Bots: {bots_text(result.policies)}. Seed {result.seed}. {result.n_games:,} games in "
        f"{result.seconds:.0f} s{_reused_text(result)}. Each race and power played at several "
        f"token numbers ({result.games_per_combo} games per combo and number, every combo of "
        "it forced as one seat's first pick, the same games at every number). The fair share is "
        f"{pct(result.fair)}." + (f" Scenario: {result.scenario}." if result.scenario else ""),
        "",
        "## Findings",
        "",
        *[f"- {f}" for f in findings(result)],
        "",
    ]
    for kind in ("race", "power"):
        part = t[t.kind == kind]
        lines += [f"## {kind.capitalize()}s: {_tokens(kind)} tokens", ""]
        # Every item's row folded under its heading (the findings above name the ones
        # that move): the page stays short, a click opens the whole table.
        lines += _folded(f"Every {kind}: its win rate now, its curve and the number suggested")
        lines += _table_md(
            [kind, "printed", "win rate now (95%)", "games", "per token (95%)",
             "fair at (95%)", "predicted near fair (95%)", "suggested",
             "replayed on fresh games (95%)", "lands", "note"],
            [[r.name + ("" if r.modeled == "full" else " ⚠"), r.printed,
              _rate(r.win_rate, r.win_lo, r.win_hi), f"{r.games:,}",
              _points(r.slope, r.slope_lo, r.slope_hi), _fair_text(r),
              _predicted_for(result, r), r.suggested, _replayed(r) or "not replayed",
              r.lands or "fair already", r.note]
             for r in part.itertuples()],
        )  # fmt: skip
        lines += ["", "</details>", "", f"![{kind}s](curves-{kind}s.png)", ""]
    lines += ["## Every number at once", ""]
    if len(result.rounds):
        r = result.rounds.iloc[0]
        lines += _table_md(
            ["numbers changed", "combo win-rate SD", "range", "still off fair", "games"],
            [[r.changes, pct(r.combo_win_sd), pct(r.combo_win_range),
              r.off_fair_names or "none", f"{r.games:,}"]],
        )  # fmt: skip
        lines.append("")
    changed = t[t.suggested != t.printed]
    lines.append(
        "Every suggestion together (written as `suggested.toml`; `analyzer compare "
        "suggested.toml` checks it): "
        + (", ".join(f"{r.name} {r.printed} → {r.suggested}" for r in changed.itertuples())
           or "no change")
        + "."
    )  # fmt: skip
    lines.append("")
    if len(result.whole):
        lines += _table_md(
            ["metric", "printed", "suggested", "change (95%, paired)"],
            [[r.label, _number(r.baseline), _number(r.value),
              estimate_text(r.delta, r.delta_lo, r.delta_hi, digits=3)]
             for r in result.whole.itertuples()],
        )  # fmt: skip
        lines.append("")
    if len(result.seats):
        lines += ["## Seat compensation: extra starting coins", ""]
        lines += _table_md(
            ["players", "seat", "win rate (95%)", "extra coins (95%)",
             "win rate with them (95%)", "change (95%, paired)"],
            [[r.players, r.seat, _rate(r.win_rate, r.win_lo, r.win_hi),
              _coins(r), _rate(r.win_rate_compensated, r.compensated_lo, r.compensated_hi),
              _points(r.change, r.change_lo, r.change_hi)]
             for r in result.seats.itertuples()],
        )  # fmt: skip
        lines += ["", "![seats](seats.png)", ""]
    lines += ["## How far each estimated number moves the answers", ""]
    lines += _folded("Every estimated number, one step off: its power's win rate and rank")
    lines += [*sensitivity_markdown(result), "</details>", ""]
    if "sensitivity.png" in chart_names(result):
        lines += ["![sensitivity](sensitivity.png)", ""]
    lines += [
        "## How to read it",
        "",
        "- A curve's points are played on the same games (common random numbers), so they "
        "differ only because the tokens do; its intervals come from resampling whole games "
        f"({RESAMPLES} resamples, each drawn game taken at every number of the curve "
        "together, the whole fit repeated on each).",
        "- Each suggested number is then played alone as a house rule on games the solver "
        "never saw: it lands when that 95% interval holds the fair share. One that misses "
        "is tried again one whole number at a time towards the fair share, each on fresh "
        "games; where the rate jumps over the fair share between neighbours, no whole "
        "number lands and the nearest is kept. A curve whose slope is indistinguishable "
        "from zero, or that crosses the fair share beyond the box, has no fix in the box: "
        "its number stays printed.",
        "- A combo's tokens (banner plus badge) are capped by the race's box: beyond that "
        "no number changes anything, and where the fair share lies beyond it the table says so.",
        "- Seat coins are found on the printed rules' games (a coin counts as a VC at the end) "
        "and then really played: the bots may spend them, so the re-measured column is the "
        "answer.",
        "- Win rates are against these bots; another style of play may need other numbers.",
        "",
    ]
    lines += caveat_lines(result.not_modeled, result.estimates)
    return "\n".join(lines)

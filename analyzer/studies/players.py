"""The player-count study: what changes from 2 to 5 players?

Per player count it plays two things on the same seed:

1. `games` games with the same bot in every seat (the heuristic by default): the
   win rate of every seat (turn-order advantage, Wilson 95%), the final scores
   (mean, spread, quantiles), the winning score, and declines per player.
2. The combo study (`run_combos`, every combo forced as one seat's first pick,
   `games_per_combo` games each): how much the strength ranking of every combo,
   and of the races and powers on their own, changes with the player count,
   measured as the Spearman rank correlation of the combos' win-rate deltas between
   every two counts (Fisher 95% interval). Each combo's win rate is measured with
   noise, which pulls a correlation towards 0: `ceiling` is the correlation that
   noise alone would leave if the true strengths were ranked identically at both
   counts (the square root of the product of the two tables' reliabilities).

Game i of a count is always game i of the seed, so the tables do not depend on
chunking or threads.

In Battle for Azeroth (the team variant) a seat's win is its faction's (team_win):
the seat table measures it against the even share of the factions at the table
(1/2 at 2 and 4 players, 1/3 at 3 and 5), the share each faction would win if the
factions were even; the combo study is the team one (ruling B9), its deltas against
each faction's own share. Scores stay individual (final VC of each seat).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model import limits
from analyzer.model.limits import MAX_STUDY_GAMES, check_study_games, range_text
from analyzer.present.charts import rank_correlation_heatmap, score_violins, seat_advantage
from analyzer.present.progress import Bar
from analyzer.simulate import engine_step, resolve_policies, seat_bots
from analyzer.stats import (
    Z95,
    estimate_text,
    fisher_interval,
    mean_se,
    normal_interval,
    spearman,
    wilson,
)
from analyzer.studies import common
from analyzer.studies.combos import run_combos
from analyzer.studies.common import CLI, pct, pp
from analyzer.studies.scoring import Scoring, scoring
from analyzer.studies.settings import (
    CombosSettings,
    PlayersSettings,  # noqa: F401  (run_players')
)
from analyzer.variants import STANDARD

WHERE = "players study"
DEFAULT_GAMES = 20000
DEFAULT_GAMES_PER_COMBO = 100
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass
class PlayersStudy:
    """What `run_players` measured, one table per question (see the README for columns)."""

    players: tuple[int, ...]
    games: int  # all-bot games per count
    games_per_combo: int  # combo-study games per combo and count (0: not run)
    seed: int
    policies: dict[int, tuple[str, ...]]
    ruleset_name: str
    seats: pd.DataFrame
    scores: pd.DataFrame
    score_counts: pd.DataFrame  # players, vc, seats, winners: the whole score distribution
    declines: pd.DataFrame
    rank_correlation: pd.DataFrame
    race_ranks: pd.DataFrame
    power_ranks: pd.DataFrame
    combos: dict[int, pd.DataFrame]  # the combo table of each count (combos.csv columns)
    error_games: int
    seconds: float
    scenario: str | None = None
    skipped: dict[int, str] = field(default_factory=dict)  # counts the scenario does not allow
    not_modeled: list[str] = field(default_factory=list)
    estimates: list[str] = field(default_factory=list)
    variant: str = STANDARD  # a team variant's name: a seat's win is its team's (team_win)
    variant_text: str = ""  # common.variant_note of `variant`, after the page's ruleset

    @property
    def n_games(self) -> int:
        combo_games = sum(int(c["games"].sum()) for c in self.combos.values())
        return self.games * len(self.players) + combo_games


def check_players(games, games_per_combo, seed) -> None:
    problems = common.check_seed(seed)
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_STUDY_GAMES:
        problems.append(Problem(CLI, "--games", games, range_text(1, MAX_STUDY_GAMES)))
    most = limits.OPTIONS["--games-per-combo"][1]
    if not isinstance(games_per_combo, int) or not 0 <= games_per_combo <= most:
        problems.append(
            Problem(CLI, "--games-per-combo", games_per_combo,
                    f"{range_text(0, most)} (0: no combo study)")
        )  # fmt: skip
    if problems:
        raise InputError(problems)


def _per_count(value, n):
    return value[n] if isinstance(value, dict) else value


# ------------------------------------------------------------------ play
def _play_counts(counts, games, seed, tables, policies, policy_params, step, check, bar, backend):
    """Per count n: (bots, and per game: final VC, wins and declines per seat, the rounds
    of the declines, players who declined, and the games with an invariant violation).
    Every count's games go through the backend in one stream."""
    out = {}
    calls = []
    for n in counts:
        names = resolve_policies(_per_count(policies, n), n)
        ids, params = seat_bots(names, n, _per_count(policy_params, n))
        etables = api.engine_tables(tables[n])
        out[n] = [
            names,
            np.zeros((games, n), np.int64),  # final VC
            np.zeros((games, n), np.int64),  # wins
            np.zeros((games, n), np.int64),  # declines
            np.zeros((games, 2), np.int64),  # sum of decline rounds, of first-decline rounds
            np.zeros(games, np.int64),  # players who declined at least once
            0,  # games with an invariant violation
        ]
        for first in range(0, games, step):
            # shared: the house rules' baseline and the balance study's seats play
            # some of the same games again (backends/shared.py)
            calls.append(Chunk(etables, n, seed, first, min(step, games - first), ids, params,
                               check, tag=n, shared=True))  # fmt: skip
    done = 0
    for call, res in or_in_process(backend).play(calls):
        n, m = call.tag, call.n_games
        _, vc, win, decl, rounds, firsts, _ = acc = out[n]
        sl = slice(call.first, call.first + m)
        vc[sl] = res.seats[:, :n, L.S_VC]
        win[sl] = res.seats[:, :n, L.S_WIN]
        decl[sl] = res.seats[:, :n, L.S_DECLINES]
        inst = res.inst
        valid = np.arange(inst.shape[1])[None, :] < res.n_inst[:, None]
        rd = inst[:, :, L.I_ROUND_DECLINED].astype(np.int64)
        declined = valid & (rd >= 0)
        rounds[sl, 0] = np.where(declined, rd, 0).sum(1)
        # A seat's first decline is the earliest round among its declined races.
        big = np.iinfo(np.int64).max
        for s in range(n):
            mine = declined & (inst[:, :, L.I_SEAT] == s)
            first_rd = np.where(mine, rd, big).min(1)
            has = first_rd != big
            rounds[sl, 1] += np.where(has, first_rd, 0)
            firsts[sl] += has
        acc[-1] += int((res.errors != 0).sum())
        done += m
        bar.update(done)
    return {n: tuple(acc) for n, acc in out.items()}


def run_players(
    settings: PlayersSettings, backend=None, progress: bool = True, chunk: int | None = None
) -> PlayersStudy:
    """Play the study on `settings` (studies/plans/players.py) and return its tables.

    players: the counts compared (a list, or "2,3,4,5"). games: all-bot games per
    count. games_per_combo: combo-study games per combo and count (0 skips the combo
    ranks). tables, bots and bot_params may be dicts by count (a scenario played at
    several counts). scenario, skipped: the scenario's name and the counts it could not
    be played at ({count: reason}), for the summary. chunk: games per engine call; it
    never changes the results. backend: where the games are played (analyzer/backends;
    default: in this process)."""
    s = settings
    n_players, games, seed, tables, policies = s.players, s.games, s.seed, s.tables, s.bots
    policy_params, games_per_combo, check = s.bot_params, s.games_per_combo, s.check
    scenario, skipped = s.scenario, s.skipped

    counts = common.parse_counts(n_players)
    check_players(games, games_per_combo, seed)
    common.check_chunk(chunk, WHERE)
    tabs = {}
    for n in counts:
        tab = _per_count(tables, n)
        if tab is None:
            tab = common.printed_tables(s.game)
        tabs[n] = tab
    check_study_games(
        games * len(counts), "player-count", keys=("--games",)
    )  # per-game arrays below
    step = chunk or or_in_process(backend).games_per_call(games * len(counts)) or engine_step()
    started = time.perf_counter()
    bar = Bar(games * len(counts), progress, f"all-bot games, {len(counts)} player counts")
    try:
        played = _play_counts(
            counts, games, seed, tabs, policies, policy_params, step, check, bar, backend
        )
    finally:
        bar.close()
    error_games = sum(out[-1] for out in played.values())
    combo_tables = {}
    if games_per_combo > 0:
        for n in counts:
            combo_settings = CombosSettings(
                n, games_per_combo, seed, tables=tabs[n], bots=_per_count(policies, n),
                bot_params=_per_count(policy_params, n), check=check, shared=True, game=s.game,
            )  # fmt: skip
            study = run_combos(combo_settings, backend, progress, chunk)
            combo_tables[n] = (study.combos, study.races, study.powers)
            error_games += study.error_games
    rs = tabs[counts[0]].ruleset
    score = {n: scoring(tabs[n]) for n in counts}  # what a seat's win is at each count
    variant = next((s.variant for s in score.values() if s.team), STANDARD)
    return PlayersStudy(
        players=counts,
        games=games,
        games_per_combo=games_per_combo,
        seed=seed,
        policies={n: played[n][0] for n in counts},
        ruleset_name=rs.name,
        seats=pd.concat(
            [_seat_table(n, *played[n][1:3], score[n]) for n in counts], ignore_index=True
        ),
        scores=pd.DataFrame([_score_row(n, played[n][1], played[n][2]) for n in counts]),
        score_counts=pd.concat(
            [_score_counts(n, played[n][1], played[n][2]) for n in counts], ignore_index=True
        ),
        declines=pd.DataFrame([_decline_row(n, *played[n][3:6]) for n in counts]),
        rank_correlation=rank_correlation({n: c[0] for n, c in combo_tables.items()}),
        race_ranks=_ranks({n: c[1] for n, c in combo_tables.items()}, "race"),
        power_ranks=_ranks({n: c[2] for n, c in combo_tables.items()}, "power"),
        combos={n: c[0] for n, c in combo_tables.items()},
        error_games=error_games,
        seconds=time.perf_counter() - started,
        scenario=scenario,
        skipped=dict(skipped or {}),
        not_modeled=common.not_modeled(rs),
        estimates=rs.estimates(),
        variant=variant,
        variant_text=common.variant_note(variant, tabs[counts[0]]),
    )


# ------------------------------------------------------------------ tables
def _seat_table(n: int, vc: np.ndarray, win: np.ndarray, score=None) -> pd.DataFrame:
    """Each seat's win rate against the fair share: 1 / players; in the team variant
    its faction's win against the even share of the factions at the table
    (studies/scoring.py)."""
    score = score or Scoring()
    games = vc.shape[0]
    wins = score.wins(vc, win, n).sum(0)
    lo, hi = wilson(wins, games)
    mvc, vse = mean_se(vc, axis=0)
    vlo, vhi = normal_interval(mvc, vse)
    fair = score.seat_share(n)
    rate = wins / games
    return pd.DataFrame(
        {
            "players": n,
            "seat": np.arange(1, n + 1),
            "games": games,
            "wins": wins,
            "win_rate": rate,
            "win_lo": np.atleast_1d(lo),
            "win_hi": np.atleast_1d(hi),
            "fair": fair,
            "advantage": rate - fair,
            "advantage_lo": np.atleast_1d(lo) - fair,
            "advantage_hi": np.atleast_1d(hi) - fair,
            "significant": (np.atleast_1d(lo) > fair) | (np.atleast_1d(hi) < fair),
            "mean_vc": np.atleast_1d(mvc),
            "vc_lo": np.atleast_1d(vlo),
            "vc_hi": np.atleast_1d(vhi),
        }
    )


def _score_row(n: int, vc: np.ndarray, win: np.ndarray) -> dict:
    # Seats of one game are not independent: the game is the unit of every interval.
    mean, se = mean_se(vc.mean(1))
    lo, hi = normal_interval(mean, se)
    top = vc.max(1)
    wmean, wse = mean_se(top)
    wlo, whi = normal_interval(wmean, wse)
    ranked = np.sort(vc, axis=1)
    margin = ranked[:, -1] - ranked[:, -2]
    mmean, mse = mean_se(margin)
    q = np.quantile(vc, QUANTILES)
    wq = np.quantile(top, QUANTILES)
    row = {
        "players": n, "games": vc.shape[0], "mean_vc": float(mean), "vc_lo": float(lo),
        "vc_hi": float(hi), "sd_vc": float(vc.std(ddof=1)),
        "sd_within_game": float(np.sqrt(vc.var(axis=1, ddof=1).mean())), "min_vc": int(vc.min()),
    }  # fmt: skip
    row |= {f"q{int(round(100 * p)):02d}_vc": float(v) for p, v in zip(QUANTILES, q, strict=True)}
    row |= {
        "max_vc": int(vc.max()),
        "winning_mean": float(wmean), "winning_lo": float(wlo), "winning_hi": float(whi),
        "winning_q05": float(wq[0]), "winning_median": float(wq[2]), "winning_q95": float(wq[4]),
        "margin_mean": float(mmean), "margin_lo": float(mmean - Z95 * mse),
        "margin_hi": float(mmean + Z95 * mse), "tie_rate": float((win.sum(1) > 1).mean()),
    }  # fmt: skip
    return row


def _score_counts(n: int, vc: np.ndarray, win: np.ndarray) -> pd.DataFrame:
    values, seats = np.unique(vc, return_counts=True)
    winners = np.array([int(win[vc == v].sum()) for v in values])
    return pd.DataFrame({"players": n, "vc": values, "seats": seats, "winners": winners})


def _decline_row(n: int, decl: np.ndarray, rounds: np.ndarray, firsts: np.ndarray) -> dict:
    mean, se = mean_se(decl.mean(1))
    lo, hi = normal_interval(mean, se)
    flat = decl.ravel()
    total = decl.sum()
    return {
        "players": n, "games": decl.shape[0], "mean_declines": float(mean),
        "declines_lo": float(lo), "declines_hi": float(hi),
        "share_0": float((flat == 0).mean()), "share_1": float((flat == 1).mean()),
        "share_2": float((flat == 2).mean()), "share_3plus": float((flat >= 3).mean()),
        "mean_decline_round": float(rounds[:, 0].sum() / total) if total else np.nan,
        "first_decline_round": float(rounds[:, 1].sum() / firsts.sum()) if firsts.sum() else np.nan,
    }  # fmt: skip


def _reliability(frame: pd.DataFrame) -> float:
    """Share of the spread of the combos' win-rate deltas (against their fair share,
    the faction's in the team variant) that is not sampling noise."""
    rate = frame["win_rate"].to_numpy(np.float64)
    n = frame["games"].to_numpy(np.float64)
    if rate.size < 3:
        return np.nan
    observed = frame["win_delta"].to_numpy(np.float64).var(ddof=1)
    noise = float(np.mean(rate * (1 - rate) / np.maximum(n - 1, 1)))
    return float(max(0.0, 1.0 - noise / observed)) if observed > 0 else 0.0


def rank_correlation(tables: dict[int, pd.DataFrame]) -> pd.DataFrame:
    """Spearman correlation of the combos' win-rate deltas for every two counts."""
    rows = []
    counts = sorted(tables)
    for i, a in enumerate(counts):
        for b in counts[i + 1 :]:
            ta, tb = tables[a], tables[b]
            joined = ta.merge(tb, on=["race", "power"], suffixes=("_a", "_b"))
            rho = spearman(joined["win_delta_a"], joined["win_delta_b"])
            lo, hi = fisher_interval(rho, len(joined))
            ra, rb = _reliability(ta), _reliability(tb)
            ceiling = math.sqrt(ra * rb) if np.isfinite(ra * rb) else np.nan
            rows.append(
                {
                    "players_a": a, "players_b": b, "combos": len(joined), "spearman": rho,
                    "spearman_lo": lo, "spearman_hi": hi, "reliability_a": ra,
                    "reliability_b": rb, "ceiling": ceiling,
                    "corrected": min(1.0, rho / ceiling) if ceiling and ceiling > 0 else np.nan,
                }
            )  # fmt: skip
    columns = ["players_a", "players_b", "combos", "spearman", "spearman_lo", "spearman_hi",
               "reliability_a", "reliability_b", "ceiling", "corrected"]  # fmt: skip
    return pd.DataFrame(rows, columns=columns)


def _ranks(tables: dict[int, pd.DataFrame], name: str) -> pd.DataFrame:
    """One row per race (or power): win-rate delta against the fair share, its
    interval and its rank (1 = strongest) at every count."""
    if not tables:
        return pd.DataFrame(columns=[name, "modeled"])
    out = None
    for n in sorted(tables):
        t = tables[n]
        fair = t["fair"] if "fair" in t else 1.0 / n  # the team variant: the faction's
        keys = [name, "modeled"] + (["badge_estimated"] if "badge_estimated" in t else [])
        part = pd.DataFrame(
            {
                **{k: t[k] for k in keys},
                f"win_delta_{n}p": t["win_rate"] - fair,
                f"win_delta_lo_{n}p": t["win_lo"] - fair,
                f"win_delta_hi_{n}p": t["win_hi"] - fair,
                f"rank_{n}p": (t["win_rate"] - fair)
                .rank(ascending=False, method="min")
                .astype(int),
            }
        )
        out = part if out is None else out.merge(part, on=keys, how="outer")
    ranks = out[[c for c in out.columns if c.startswith("rank_")]]
    out["rank_spread"] = ranks.max(axis=1) - ranks.min(axis=1)
    out["mean_rank"] = ranks.mean(axis=1)
    return out.sort_values(["mean_rank", name], kind="stable").reset_index(drop=True)


# ------------------------------------------------------------------ output
def default_out(players) -> Path:
    return Path("reports") / f"players-{'-'.join(map(str, players))}p"


def chart_names(result: PlayersStudy) -> list[str]:
    """The PNG files write_players puts in the folder (for a report to embed)."""
    names = ["seats.png", "scores.png"]
    if len(result.players) > 1 and result.combos:
        names.append("rank_correlation.png")
    return names


def write_players(result: PlayersStudy, out_dir=None, force: bool = False, *, game) -> Path:
    """Write every table (CSV and Parquet), the charts and summary.md; the folder
    appears complete or not at all."""
    out = Path(out_dir) if out_dir is not None else default_out(result.players)

    def fill(temp: Path) -> None:
        for name in ("seats", "scores", "score_counts", "declines", "rank_correlation",
                     "race_ranks", "power_ranks"):  # fmt: skip
            common.write_table(getattr(result, name), temp, name, game)
        draw = {
            "seats.png": seat_advantage,
            "scores.png": score_violins,
            "rank_correlation.png": rank_correlation_heatmap,
        }
        for name in chart_names(result):
            draw[name](result, temp / name)
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    return common.write_folder(out, fill, force, game)


def findings(result: PlayersStudy) -> list[str]:
    """Short sentences generated from the tables, for the report."""
    out = []
    s = result.seats
    for n in result.players:
        seats = s[s.players == n]
        first, last = seats.iloc[0], seats.iloc[-1]
        best = seats.sort_values("win_rate").iloc[-1]
        word = "significantly " if first.significant else "not significantly "
        word += "below" if first.advantage < 0 else "above"
        team = "'s team" if result.variant != STANDARD else ""
        out.append(
            f"{n} players: the first seat{team} wins {pct(first.win_rate)} (95% "
            f"{pct(first.win_lo)} to {pct(first.win_hi)}), {pp(first.advantage)} against the "
            f"fair {pct(first.fair)} ({word} it); the last seat{team} wins {pct(last.win_rate)}; "
            f"the best seat is seat {best.seat}."
        )
    sc = result.scores
    if len(sc) > 1:
        parts = ", ".join(
            f"{r.players}p {r.winning_mean:.1f} (mean score {r.mean_vc:.1f})"
            for r in sc.itertuples()
        )
        out.append(f"Winning score by player count: {parts}.")
    d = result.declines
    if len(d):
        parts = ", ".join(f"{r.players}p {_declines(r)}" for r in d.itertuples())
        out.append(f"Declines per player and game: {parts}.")
    for r in result.rank_correlation.itertuples():
        out.append(
            f"Combo strength ranks, {r.players_a} vs {r.players_b} players: Spearman "
            f"{_rho(r)} over {r.combos} combos; noise alone would cap it near "
            f"{_plain(r.ceiling)}."
        )
    rc = result.rank_correlation.dropna(subset=["spearman"])
    if len(rc) > 1:
        hi, lo = rc.loc[rc.spearman.idxmax()], rc.loc[rc.spearman.idxmin()]
        out.append(
            f"Combos rank most alike at {int(hi.players_a)} and {int(hi.players_b)} players "
            f"({hi.spearman:.2f}) and least alike at {int(lo.players_a)} and {int(lo.players_b)} "
            f"({lo.spearman:.2f}); intervals that overlap mean the difference may be noise."
        )
    for name, table in (("race", result.race_ranks), ("power", result.power_ranks)):
        if len(table) and "rank_spread" in table and len(result.players) > 1:
            top = table.sort_values("rank_spread", ascending=False, kind="stable").iloc[0]
            ranks = ", ".join(f"{n}p #{int(top[f'rank_{n}p'])}" for n in result.players)
            out.append(
                f"The {name} whose rank moves most with the player count: {top[name]} ({ranks})."
            )
    for n in result.skipped:
        out.append(f"{n} players were skipped: the scenario does not allow that count.")
    if result.error_games:
        out.append(f"{result.error_games} games broke an engine invariant (see --check).")
    return out


def _md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(r) + " |" for r in rows]


def summary_markdown(result: PlayersStudy) -> str:
    bots = "; ".join(f"{n} players: {common.bots_text(p)}" for n, p in result.policies.items())
    combo_text = (
        f"{result.games_per_combo} games per combo and count (combo study, forced first pick)"
        if result.combos
        else "combo study not run"
    )
    lines = [
        f"# What the player count changes ({', '.join(map(str, result.players))} players)",
        "",
        f"- Ruleset: {result.ruleset_name}"
        + result.variant_text
        + (f"; scenario: {result.scenario}" if result.scenario else ""),
        f"- Bots: {bots}",
        *(
            [
                "- Battle for Azeroth: a seat's win rate is its **team win** (its faction wins, "
                "rulings.md B3; a shared victory counts for each winner), against the even share "
                "of the factions at the table (50% at 2 and 4 players, 33.3% at 3 and 5); "
                "scores, ties and declines are individual; the combo study forces a combo on "
                "a seat of its race's faction and ranks it against its faction's own share "
                "(rulings.md B9)."
            ]
            if result.variant != STANDARD
            else []
        ),
        f"- Games: {result.games} per count with the same bots in every seat; {combo_text}; "
        f"{result.n_games} games in all; seed: {result.seed}.",
        "- Intervals: Wilson 95% for win rates, normal 95% for means (the game is the unit), "
        "Fisher 95% for rank correlations. Ties count as a win for every tied seat.",
        f"- Time: {result.seconds:.0f} s"
        + (f"; invariant violations: {result.error_games} games" if result.error_games else ""),
        *[f"- ⚠ {n} players skipped: {why}" for n, why in result.skipped.items()],
        "",
        "## Findings",
        "",
        *[f"- {x}" for x in findings(result)],
        "",
        "## Seat (turn-order) advantage",
        "",
        *_md_table(
            ["players", "seat", "win rate", "95% interval", "vs fair share", "mean VC"],
            [
                [
                    str(r.players),
                    str(r.seat),
                    pct(r.win_rate),
                    f"{pct(r.win_lo)} to {pct(r.win_hi)}",
                    pp(r.advantage) + (" *" if r.significant else ""),
                    f"{r.mean_vc:.1f}",
                ]
                for r in result.seats.itertuples()
            ],
        ),  # fmt: skip
        "",
        "\\* the interval excludes the fair share.",
        "",
        "## Scores",
        "",
        *_md_table(
            [
                "players",
                "mean VC (95%)",
                "sd",
                "5% / 50% / 95%",
                "winning score (95%)",
                "winner's margin",
                "ties",
            ],
            [
                [
                    str(r.players),
                    f"{r.mean_vc:.1f} ({r.vc_lo:.1f} to {r.vc_hi:.1f})",
                    f"{r.sd_vc:.1f}",
                    f"{r.q05_vc:.0f} / {r.q50_vc:.0f} / {r.q95_vc:.0f}",
                    f"{r.winning_mean:.1f} ({r.winning_lo:.1f} to {r.winning_hi:.1f})",
                    f"{r.margin_mean:.1f}",
                    pct(r.tie_rate),
                ]
                for r in result.scores.itertuples()
            ],
        ),  # fmt: skip
        "",
        "## Declines per player",
        "",
        *_md_table(
            ["players", "mean (95%)", "0 / 1 / 2 / 3+", "decline round (first)"],
            [
                [
                    str(r.players),
                    _declines(r),
                    " / ".join(pct(x) for x in (r.share_0, r.share_1, r.share_2, r.share_3plus)),
                    f"{r.mean_decline_round:.2f} ({r.first_decline_round:.2f})",
                ]
                for r in result.declines.itertuples()
            ],
        ),  # fmt: skip
        "",
    ]
    if len(result.rank_correlation):
        lines += [
            "## Combo strength across player counts",
            "",
            *_md_table(
                ["counts", "combos", "Spearman (95%)", "noise ceiling", "corrected"],
                [
                    [
                        f"{r.players_a} vs {r.players_b}",
                        str(r.combos),
                        _rho(r),
                        _plain(r.ceiling),
                        _plain(r.corrected),
                    ]
                    for r in result.rank_correlation.itertuples()
                ],
            ),  # fmt: skip
            "",
            "`noise ceiling`: the correlation that sampling noise alone would leave if the "
            "combos ranked the same at both counts; `corrected` = Spearman / ceiling.",
            "",
        ]
    for name, table in (("Races", result.race_ranks), ("Powers", result.power_ranks)):
        if not len(table) or "mean_rank" not in table:
            continue
        key = name[:-1].lower()
        header = [key] + [f"{n}p rank (delta)" for n in result.players] + [""]
        rows = []
        for r in table.itertuples():
            rows.append(
                [getattr(r, key)]
                + [
                    f"{getattr(r, f'rank_{n}p')} ({pp(getattr(r, f'win_delta_{n}p'))})"
                    for n in result.players
                ]
                + [
                    ("⚠ " if r.modeled != "full" else "")
                    + ("≈" if getattr(r, "badge_estimated", False) else "")
                ]
            )
        lines += [f"## {name}: rank by count (1 = strongest)", "", *_md_table(header, rows), ""]
    lines += [
        *common.caveat_lines(result.not_modeled, result.estimates),
        "Every number is against these bots. ⚠ marks a race or power whose ability is not "
        "(fully) played by the engine; ≈ a power whose badge number is an estimate.",
        "",
        "Files: seats.csv, scores.csv, score_counts.csv, declines.csv, rank_correlation.csv, "
        "race_ranks.csv, power_ranks.csv (each also .parquet); seats.png (seat advantage), "
        "scores.png (score distributions), rank_correlation.png (Spearman matrix).",
        "",
    ]
    return "\n".join(lines)


def _declines(r) -> str:
    """Mean declines per player with its interval, or the words for none."""
    return estimate_text(r.mean_declines, r.declines_lo, r.declines_hi, digits=2, sign="")


def _rho(r) -> str:
    """A Spearman correlation with its interval (an interval that leaves out its own
    estimate, as a percentile bootstrap can, is none), or n/a."""
    return estimate_text(r.spearman, r.spearman_lo, r.spearman_hi, digits=2, sign="")


def _plain(x) -> str:
    """A number to 2 decimals, or n/a where there is none (a table all alike)."""
    return f"{x:.2f}" if np.isfinite(x) else "n/a"

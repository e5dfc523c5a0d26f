"""`analyzer tournament`: bots and styles against each other.

Every line-up of `players` distinct bots (every bot at least once when there are
fewer bots than seats) plays in every seat order, and every seat order plays the
same games (game numbers 0..games-1 of the seed): luck of the deal falls alike on
every bot. From the final ranks come, for each pair of bots that met, the share of
games one finished ahead of the other (a tie counts half): the win-rate matrix; and
a Bradley-Terry rating per bot fitted to those pairwise results, on an Elo-like
scale (400 points: 10 to 1 odds), the default style at 0 (mean 0 without it).
Intervals come from a bootstrap over the games (a resampled game keeps all its seat
orders and line-ups, so the pairing holds), the win rates' also from Wilson.

The lookahead and search bots play hundreds of imagined games a turn, so a seat
order with such a seat plays only the first `lookahead_games` of those games (the same
game numbers for every such order, so they stay paired among themselves and with
the others' first games).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.engine import layout as L
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import check_options
from analyzer.players.params import LOOKAHEAD, SEARCH, SEARCHING_POLICIES
from analyzer.players.styles import bot_names, load_styles, policy_of, styles_lines
from analyzer.present.charts import pyplot, save_figure
from analyzer.simulate import seat_bots
from analyzer.stats import (
    MIN_RESAMPLES,
    bootstrap_resamples,
    enough_digits,
    honest,
    interval_text,
    percentile_interval,
    wilson,
)
from analyzer.studies import common
from analyzer.studies.common import CLI
from analyzer.studies.settings import LOOKAHEAD_GAMES, TournamentSettings  # noqa: F401

ELO = 400.0 / np.log(10.0)


@dataclass
class TournamentResult:
    bots: tuple[str, ...]
    players: int
    games: int  # per seat order
    lookahead_games: int  # per seat order with a lookahead seat
    seed: int
    lineups: int
    orders: int  # seat orders played, all line-ups together
    matrix: pd.DataFrame  # long: bot, opponent, games, ahead, rate, lo, hi
    ratings: pd.DataFrame  # bot, rating, lo, hi, games, wins, win_rate, win_lo, win_hi
    seconds: float
    games_played: int


def default_bots() -> tuple[str, ...]:
    """Every heuristic style, the lookahead bot at its default budget, the random bot
    (the lookahead's cheaper styles, and the search bot, are left to studies that name
    them: docs/bots.md has the search's own tournament)."""
    styles = load_styles()
    heuristic = [name for name, style in styles.items() if style.policy == "heuristic"]
    return (*heuristic, "lookahead", "random")


def parse_bots(text) -> tuple[str, ...]:
    if text is None:
        return default_bots()
    items = [s.strip().lower() for s in text.split(",")] if isinstance(text, str) else list(text)
    known = bot_names()
    problems = [
        Problem(CLI, "--bots", name, "unknown bot or style", known)
        for name in items
        if name not in known
    ]
    names = tuple(dict.fromkeys(items))
    if not problems and len(names) < 2:
        problems.append(Problem(CLI, "--bots", text, "name at least two different bots or styles"))
    if problems:
        raise InputError(problems)
    return names


def lineups(n_bots: int, players: int) -> list[tuple[int, ...]]:
    """Seat orders to play: every ordered choice of distinct bots, or, with fewer bots
    than seats, every seating in which each bot plays at least one seat."""
    if n_bots >= players:
        return list(itertools.permutations(range(n_bots), players))
    return [
        order
        for order in itertools.product(range(n_bots), repeat=players)
        if len(set(order)) == n_bots
    ]


def check_tournament(
    bots, players: int, games: int, seed: int, bootstrap: int, lookahead_games: int = 1
) -> None:
    check_options(CLI, players=players, games=games, seed=seed)
    if games < 2:
        # The intervals resample the game numbers: one game resamples to itself alone.
        raise InputError(
            Problem(CLI, "--games", games, "must be 2 or more: the 95% intervals resample "
                    "the games, and a single game gives no interval")
        )  # fmt: skip
    if not 1 <= lookahead_games <= 10**7:
        raise InputError(
            Problem(CLI, "--lookahead-games", lookahead_games, "must be 1 to 10,000,000")
        )
    n = len(lineups(len(bots), players))
    if n * games > 10**7:
        raise InputError(
            Problem(CLI, "--games", games, f"{n} seat orders x {games} games is too many; "
                    "name fewer bots or play fewer games")
        )  # fmt: skip
    if isinstance(bootstrap, bool) or not MIN_RESAMPLES <= bootstrap <= 100000:
        raise InputError(
            Problem(CLI, "--bootstrap", bootstrap, f"must be {MIN_RESAMPLES} to 100000: the "
                    "95% intervals come from these resamples, and fewer cannot place their ends")
        )  # fmt: skip


def bradley_terry(ahead: np.ndarray, iterations: int = 500) -> np.ndarray:
    """Log-strengths (mean 0) from ahead[i, j] = times i finished ahead of j, by the
    minorization-maximization steps of Hunter (2004). Half a win each way is added so
    a bot that never lost (or never won) stays finite."""
    n = ahead.shape[0]
    met = ahead + ahead.T
    wins = ahead + 0.5 * (met > 0)
    met = wins + wins.T
    p = np.ones(n)
    for _ in range(iterations):
        denom = (met / (p[:, None] + p[None, :])).sum(1)
        new = wins.sum(1) / np.maximum(denom, 1e-300)
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < 1e-10:
            p = new
            break
        p = new
    return np.log(p)


def _anchored(rating: np.ndarray, anchor: int | None) -> np.ndarray:
    """Ratings with the anchor bot (default) at 0, or with mean 0 without one."""
    return rating - (rating[anchor] if anchor is not None else rating.mean())


def run_tournament(settings: TournamentSettings) -> TournamentResult:
    """Play the tournament of `settings` (studies/plans/tournament.py); see the
    module's text. Its games are few and played in this process, without a bar."""
    s = settings
    bots, players, games, seed, bootstrap = s.bots, s.players, s.games, s.seed, s.bootstrap
    tables, lookahead_games = s.tables, s.lookahead_games

    bots = parse_bots(bots)
    check_tournament(bots, players, games, seed, bootstrap, lookahead_games)
    started = time.perf_counter()
    etables = api.engine_tables(common.printed_tables(s.game) if tables is None else tables)
    orders = lineups(len(bots), players)
    b = len(bots)
    ahead = np.zeros((games, b, b))  # per game number: i finished ahead of j (ties: half)
    met = np.zeros((games, b, b))
    seat_games = np.zeros((games, b))  # seats played, per game number
    seat_wins = np.zeros((games, b))
    played = 0
    for order in orders:
        names = [bots[i] for i in order]
        ids, params = seat_bots(names, players)
        slow = (np.asarray(ids) == LOOKAHEAD) | (np.asarray(ids) == SEARCH)
        n = min(games, lookahead_games) if slow.any() else games
        played += n
        result = api.play_batch(etables, players, seed, 0, n, ids, params)
        rank = result.seats[:, :players, L.S_RANK].astype(np.float64)
        win = result.seats[:, :players, L.S_WIN].astype(np.float64)
        for s, i in enumerate(order):
            seat_games[:n, i] += 1
            seat_wins[:n, i] += win[:, s]
            for u, j in enumerate(order):
                if i == j:
                    continue
                ahead[:n, i, j] += (rank[:, s] < rank[:, u]) + 0.5 * (rank[:, s] == rank[:, u])
                met[:n, i, j] += 1
    total_ahead, total_met = ahead.sum(0), met.sum(0)
    anchor = bots.index("default") if "default" in bots else None
    rating = _anchored(ELO * bradley_terry(total_ahead), anchor)

    def resampled(pick):
        """Ratings, then the ahead-rates matrix, over the games `pick`."""
        a, m = ahead[pick].sum(0), met[pick].sum(0)
        if (m.sum(1) == 0).any():  # a bot of few games (the lookahead's) drew none of them
            return np.full(b + b * b, np.nan)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.concatenate([_anchored(ELO * bradley_terry(a), anchor), (a / m).ravel()])

    boot = bootstrap_resamples(resampled, games, bootstrap, np.random.default_rng(seed))
    boot_r, boot_m = boot[:, :b], boot[:, b:].reshape(bootstrap, b, b)
    r_lo, r_hi = honest(*percentile_interval(boot_r), estimate=rating)
    # A bot ahead in every meeting, or in none, has the rating the half-win nudge of
    # bradley_terry gives it, not one the games measure: no interval.
    swept = (total_ahead.sum(1) == 0) | (total_ahead.sum(1) == total_met.sum(1))
    r_lo[swept] = r_hi[swept] = np.nan
    if anchor is not None:  # the anchor is 0 by definition: its interval is that point
        r_lo[anchor] = r_hi[anchor] = 0.0
    rows = []
    for i in range(b):
        for j in range(b):
            if i == j or total_met[i, j] == 0:
                continue
            rate = total_ahead[i, j] / total_met[i, j]
            lo, hi = percentile_interval(boot_m[:, i, j])
            rows.append({
                "bot": bots[i], "opponent": bots[j], "games": int(total_met[i, j]),
                "ahead": float(total_ahead[i, j]), "rate": rate, "lo": lo, "hi": hi,
            })  # fmt: skip
    g, w = seat_games.sum(0), seat_wins.sum(0)
    w_lo, w_hi = wilson(w, g)
    ratings = pd.DataFrame({
        "bot": bots, "rating": rating, "rating_lo": r_lo, "rating_hi": r_hi,
        "seat_games": g.astype(np.int64), "wins": w, "win_rate": w / g,
        "win_lo": w_lo, "win_hi": w_hi,
    }).sort_values("rating", ascending=False, ignore_index=True)  # fmt: skip
    return TournamentResult(
        bots=bots, players=players, games=games, lookahead_games=min(games, lookahead_games),
        seed=seed, lineups=len(orders), orders=len(orders), matrix=pd.DataFrame(rows),
        ratings=ratings, seconds=time.perf_counter() - started, games_played=played,
    )  # fmt: skip


# -------------------------------------------------------------------- output
def default_out() -> Path:
    return Path("reports") / "tournament"


def wide_matrix(result: TournamentResult) -> pd.DataFrame:
    order = list(result.ratings.bot)
    m = result.matrix.pivot(index="bot", columns="opponent", values="rate")
    return m.reindex(index=order, columns=order)


def _has_lookahead(bots) -> bool:
    return any(policy_of(name) in SEARCHING_POLICIES for name in bots)


def summary_markdown(result: TournamentResult) -> str:
    r = result.ratings
    lines = [
        "# Tournament",
        "",
        f"{len(result.bots)} bots at {result.players} players: {result.orders} seat orders, "
        f"each on the same {result.games} games (seed {result.seed}); "
        f"{result.games_played} games in {result.seconds:.0f} s."
        + (
            f" A seat order with a lookahead or search seat plays only the first "
            f"{result.lookahead_games} of those games (its bot plays hundreds of imagined "
            "games a turn)."
            if result.lookahead_games < result.games and _has_lookahead(result.bots)
            else ""
        ),
        "",
        "Bots and styles that played:",
        "",
        *styles_lines(result.bots),
        "",
        "## Ratings (Bradley-Terry on finishing ahead, Elo scale, "
        + ("default = 0)" if "default" in result.bots else "mean 0)"),
        "",
        f"| bot | rating | 95% interval | win rate (fair {common.pct(1 / result.players)}) | "
        "95% interval | seat-games |",
        "|---|---:|---|---:|---|---:|",
    ]
    for x in r.itertuples():
        lines.append(
            f"| {x.bot} | {x.rating:+.0f} | {rating_interval(result, x)} | "
            f"{common.pct(x.win_rate)} | {common.pct(x.win_lo)} to {common.pct(x.win_hi)} | "
            f"{x.seat_games} |"
        )
    wide = wide_matrix(result)
    lines += [
        "",
        "## Who finishes ahead of whom",
        "",
        "Share of the games in which the row's bot finished ahead of the column's (ties "
        "half); intervals in matrix.csv.",
        "",
        "| | " + " | ".join(wide.columns) + " |",
        "|---|" + "---:|" * len(wide.columns),
    ]
    for bot, row in wide.iterrows():
        cells = ["" if not np.isfinite(v) else common.pct(v) for v in row]
        lines.append(f"| **{bot}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Files: ratings.csv, matrix.csv (long, with bootstrap intervals), "
        "matrix_wide.csv, tournament.png.",
        "",
    ]
    return "\n".join(lines)


def rating_interval(result: TournamentResult, row) -> str:
    """A rating's 95% interval as text: the anchor's is its definition, and games
    that cannot support one say so."""
    if row.bot == "default" and "default" in result.bots:
        return "the anchor: 0 by definition"
    digits = enough_digits((row.rating, row.rating_lo, row.rating_hi), 0)
    return interval_text(row.rating_lo, row.rating_hi, lambda v: f"{v:+.{digits}f}")


def rating_text(result: TournamentResult, row) -> str:
    """ "rating (its interval)", the rating to as many decimals as its interval."""
    digits = enough_digits((row.rating, row.rating_lo, row.rating_hi), 0)
    return f"{row.rating + 0.0:+.{digits}f} ({rating_interval(result, row)})"


def tournament_chart(result: TournamentResult, path: Path) -> Path:
    plt = pyplot()
    wide = wide_matrix(result)
    r = result.ratings.copy()
    # A rating without an interval is drawn as its point alone.
    r["rating_lo"] = r.rating_lo.fillna(r.rating)
    r["rating_hi"] = r.rating_hi.fillna(r.rating)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [3, 2]})
    image = ax1.imshow(100 * wide.to_numpy(float), cmap="RdBu_r", vmin=0, vmax=100)
    n = len(wide)
    for i in range(n):
        for j in range(n):
            v = wide.iat[i, j]
            if np.isfinite(v):
                ax1.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=8)
    ax1.set_xticks(range(n), wide.columns, rotation=45, ha="right", fontsize=8)
    ax1.set_yticks(range(n), wide.index, fontsize=8)
    ax1.set_title("% of games the row finished ahead of the column", fontsize=9)
    fig.colorbar(image, ax=ax1, fraction=0.046)
    y = np.arange(len(r))[::-1]
    # a bot far below the rest (the random bot) would squeeze the others into a
    # dot: it is written at the left edge with its figure instead
    far = r.rating_hi < r.rating.median() - 400
    near = r[~far]
    ax2.errorbar(
        near.rating, y[~far.to_numpy()],
        xerr=[near.rating - near.rating_lo, near.rating_hi - near.rating],
        fmt="o", color="#1f5fa8", capsize=3,
    )  # fmt: skip
    left = float(near.rating_lo.min()) - 40 if len(near) else -100.0
    for yy, x in zip(y[far.to_numpy()], r.rating[far], strict=True):
        ax2.annotate(f"← {x:+.0f}", (left, yy), fontsize=8, va="center", color="#1f5fa8")
    ax2.set_xlim(left - 10, float(near.rating_hi.max()) + 40 if len(near) else 100.0)
    ax2.set_yticks(y, r.bot, fontsize=8)
    ax2.axvline(0, color="black", linewidth=0.8)
    ax2.set_xlabel("Bradley-Terry rating (Elo scale), 95% bootstrap interval")
    fig.suptitle(
        f"Tournament: {result.players} players, {result.orders} seat orders x "
        f"{result.games} paired games, seed {result.seed}",
        fontsize=10,
    )
    save_figure(fig, path, 120)
    return path


def write_tournament(result: TournamentResult, out=None, force: bool = False, *, game) -> Path:
    out = default_out() if out is None else Path(out)

    def fill(temp: Path) -> None:
        common.write_table(result.ratings, temp, "ratings", game)
        common.write_table(result.matrix, temp, "matrix", game)
        wide_matrix(result).to_csv(temp / "matrix_wide.csv")
        tournament_chart(result, temp / "tournament.png")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    return common.write_folder(out, fill, force, game)

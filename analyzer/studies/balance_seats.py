"""The balance study's seats: the starting coins per seat that bring every seat to
its fair share, solved on the printed rules' games, played, and solved again, with
bootstrap intervals (analyzer/studies/balance.py has the whole study's text)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.gameloop import api
from analyzer.simulate import engine_step, resolve_policies, seat_bots
from analyzer.stats import Z95, wilson
from analyzer.studies.balance_curves import BOOTSTRAP, MAX_SEAT_COINS, PURPOSE_BOOT, with_changes
from analyzer.studies.common import mix64


# ------------------------------------------------------------------ seats
def play_seat_games(n, games, seed, tables, policies, policy_params, backend=None, shared=False):
    """(final VC, tokens on the boards, wins) per game and seat; `shared`: games other
    studies of this process play too (backends/shared.py)."""
    names = resolve_policies(policies, n)
    ids, params = seat_bots(names, n, policy_params)
    etables = api.engine_tables(tables)
    vc = np.zeros((games, n), np.int64)
    tokens = np.zeros((games, n), np.int64)
    win = np.zeros((games, n), np.int64)
    step = or_in_process(backend).games_per_call(games) or engine_step()
    calls = (
        Chunk(etables, n, seed, first, min(step, games - first), ids, params, shared=shared)
        for first in range(0, games, step)
    )
    for call, res in or_in_process(backend).play(calls):
        first, m = call.first, call.n_games
        vc[first : first + m] = res.seats[:, :n, L.S_VC]
        tokens[first : first + m] = res.seats[:, :n, L.S_TOKENS_ON_BOARD]
        win[first : first + m] = res.seats[:, :n, L.S_WIN]
    return vc, tokens, win


TOKENS_BELOW = 1024  # tokens on the boards are far below it


def tie_break_key(vc, tokens):
    """One whole number per game and seat ordering seats as the rulebook's tie-break
    does: the most VC, then the most tokens on the boards."""
    return vc * TOKENS_BELOW + tokens


def seat_wins_with_bonus(vc: np.ndarray, tokens: np.ndarray, bonus) -> np.ndarray:
    """Per game and seat, 1 for a winner when each seat's final VC gets `bonus` added:
    the most VC, then the most tokens on the boards (the rulebook's tie-break); a full
    tie is a win for every tied seat."""
    key = tie_break_key(vc + np.asarray(bonus, np.int64)[None, :], tokens)
    return (key == key.max(axis=1, keepdims=True)).astype(np.int64)


def solve_seat_coins(vc, tokens, most: int = MAX_SEAT_COINS, start=None, span=None) -> np.ndarray:
    """The whole extra coins per seat (the smallest 0) whose seat win rates are closest
    to fair (least squares), by coordinate descent from `start` (default: none), trying
    values within `span` of the current one (default: 0 to `most`)."""
    games, n = vc.shape
    fair = 1.0 / n
    # the tie-break key without the coins, a row per seat: with them, each row plus
    # its seat's coins * TOKENS_BELOW, the same whole numbers as seat_wins_with_bonus
    key = np.ascontiguousarray(tie_break_key(vc, tokens).T)
    losses: dict[tuple, float] = {}  # the descent tries some coins more than once

    def loss(b):
        trial = tuple(b.tolist())
        if trial not in losses:
            with_coins = key + (np.asarray(b, np.int64) * TOKENS_BELOW)[:, None]
            wins = (with_coins == with_coins.max(axis=0)).sum(axis=1)  # whole numbers
            losses[trial] = float(((wins / games - fair) ** 2).sum())
        return losses[trial]

    return descend(loss, n, most, start, span)


def solve_seat_coins_resampled(
    vc, tokens, draws, most: int = MAX_SEAT_COINS, start=None, span=None
) -> np.ndarray:
    """int64[len(draws), seats]: solve_seat_coins(vc[d], tokens[d], most, start, span)
    for each row d of `draws` (game indices), the same coins found the same way, many
    times faster: the wins per game of a trial's coins are found once for every
    resample, and a resample's win counts are then its games' multiplicities times
    those wins (whole numbers, so the same floats as summing the resampled games)."""
    n_res, n_games = draws.shape
    n = vc.shape[1]
    fair = 1.0 / n
    offsets = np.arange(n_res, dtype=np.int64)[:, None] * len(vc)
    times = np.bincount((draws + offsets).ravel(), minlength=n_res * len(vc))
    # Every partial sum of a product is a whole number at most n_games: exact in float32
    # below 2**24 (where the product is several times faster than in float64).
    exact = np.float32 if n_games < 2**24 else np.float64
    times = times.reshape(n_res, len(vc)).astype(exact)
    losses: dict[tuple, np.ndarray] = {}  # coins -> the loss of every resample

    def loss_of(b) -> np.ndarray:
        key = tuple(b.tolist())
        if key not in losses:
            counts = (times @ seat_wins_with_bonus(vc, tokens, b).astype(exact)).astype(np.float64)
            losses[key] = ((counts / n_games - fair) ** 2).sum(axis=1)
        return losses[key]

    return np.stack(
        [descend(lambda b, r=r: float(loss_of(b)[r]), n, most, start, span) for r in range(n_res)]
    ).reshape(n_res, n)


def descend(loss, n: int, most: int, start, span=None) -> np.ndarray:
    """Coordinate descent over `n` whole coin counts (0 to `most`, the smallest 0) on
    `loss`, from `start`: the seats' coins here, the factions' in balance_teams.py."""
    bonus = np.zeros(n, np.int64) if start is None else np.asarray(start, np.int64).copy()
    best = loss(bonus)
    for _ in range(8):
        improved = False
        for s in range(n):
            values = (
                range(most + 1)
                if span is None
                else range(max(0, bonus[s] - span), min(most, bonus[s] + span) + 1)
            )
            for value in values:
                if value == bonus[s]:
                    continue
                trial = bonus.copy()
                trial[s] = value
                trial -= trial.min()
                score = loss(trial)
                if score < best - 1e-12:
                    best, bonus, improved = score, trial, True
        if not improved:
            break
    return bonus


SEAT_STEPS = 3  # coins solved on the games, played, solved again on those: at most 3 times


def seat_table(
    counts, games, seed, tables_by_count, policies, policy_params, bar_add, backend=None
) -> pd.DataFrame:
    """Per player count: coins solved on the games played so far (a coin as a VC at the
    end), then really played, since the bots may spend them; what is still off is
    solved on the new games and added, until the coins stop changing (SEAT_STEPS)."""
    rows = []
    for n in counts:
        tables = tables_by_count[n]
        pol = policies[n] if isinstance(policies, dict) else policies
        par = policy_params[n] if isinstance(policy_params, dict) else policy_params
        base_extra = np.asarray(tables.parameters.seat_coins[:n], np.int64)
        # the rules' own games: the player-count study plays them too
        vc, tokens, win = play_seat_games(n, games, seed, tables, pol, par, backend, shared=True)
        bar_add(games)
        coins = np.zeros(n, np.int64)
        now_vc, now_tokens, win_after = vc, tokens, win
        for _step in range(SEAT_STEPS):
            more = solve_seat_coins(now_vc, now_tokens)
            if not more.any():
                break
            coins = coins + more
            coins -= coins.min()
            played = tuple(int(c) for c in coins + base_extra) + (0,) * (5 - n)
            now_vc, now_tokens, win_after = play_seat_games(
                n, games, seed, with_changes(tables, seat_coins=played), pol, par, backend
            )
            bar_add(games)
        # The interval: what the games last played would still add, resampled.
        boot = coins[None, :] + _bootstrap_coins(now_vc, now_tokens, seed, n)
        boot -= boot.min(axis=1, keepdims=True)
        for s in range(n):
            k0, k1 = int(win[:, s].sum()), int(win_after[:, s].sum())
            lo0, hi0 = wilson(k0, games)
            lo1, hi1 = wilson(k1, games)
            diff = win_after[:, s] - win[:, s]
            se = diff.std(ddof=1) / math.sqrt(games) if games > 1 else np.nan
            rows.append(
                {"players": n, "seat": s + 1, "games": games, "fair": 1.0 / n,
                 "win_rate": k0 / games, "win_lo": float(lo0), "win_hi": float(hi0),
                 "coins": int(coins[s]),
                 "coins_lo": int(np.percentile(boot[:, s], 2.5, method="lower")),
                 "coins_hi": int(np.percentile(boot[:, s], 97.5, method="higher")),
                 "win_rate_compensated": k1 / games, "compensated_lo": float(lo1),
                 "compensated_hi": float(hi1), "change": float(diff.mean()),
                 "change_lo": float(diff.mean() - Z95 * se),
                 "change_hi": float(diff.mean() + Z95 * se)}
            )  # fmt: skip
    return pd.DataFrame(rows)


def _bootstrap_coins(vc, tokens, seed, n) -> np.ndarray:
    """The seat solver on BOOTSTRAP resamples of the games (the same resamples every
    run of a seed)."""
    games = vc.shape[0]
    draws = mix64(seed, PURPOSE_BOOT + n, np.arange(BOOTSTRAP * games)) % np.uint64(games)
    draws = draws.astype(np.int64).reshape(BOOTSTRAP, games)
    # Near the answer already: a narrow search from no change is enough.
    return solve_seat_coins_resampled(vc, tokens, draws, start=None, span=3)

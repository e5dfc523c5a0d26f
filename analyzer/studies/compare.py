"""The house-rule study: what does each scenario change against the printed rules?

Design. Every scenario and its baseline play the *same* games: game g of a run uses
the random streams of (seed, g) in both (common random numbers), so the setup draws,
dice and bot choices stay aligned as far as the rules let them, and much of the
game-to-game noise cancels in the difference. Every metric is then a paired difference:

- means over games (first-seat win rate, scores, declines): the mean of the per-game
  differences, with its normal 95% interval;
- statistics of a whole sample (the spread of scores, the spread of combo strength,
  the mean decline round): a paired bootstrap that resamples the same game indices
  in both arms, with the percentile 95% interval.

A scenario compared with itself therefore gives exactly zero, with a zero interval.

Two kinds of games are played per arm:
- `games` ordinary games between the scenario's bots (no forced pick);
- `games_per_combo` games per allowed combo with that combo forced as one seat's
  first pick (as in the combo study), for the spread of combo win rates. Their game
  indices depend on the combo itself (race id, power id), not on its place in the
  list, so a combo keeps its games when a scenario bans another one.

Battle for Azeroth (a scenario with `variant = "bfa"`) against the standard game on
the same seeds: the seat win rates, scores, margins, spreads and declines are read
the same way in both (the seat with the most VC wins, the engine's `win`), so they
compare like with like; the team variant's own result, a seat's team win
(`first_seat_team_win`, `last_seat_team_win`), and the combo spreads are compared
only between two arms that both play it. In a team arm a combo is forced on a seat
of its race's faction and read as its team win, and its spread is taken within the
factions (each combo's rate minus its faction's mean over its combos), ruling B9.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.engine.layout import MAX_POWERS, MAX_RACES
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import MAX_STUDY_GAMES, OPTIONS, check_study_games, range_text
from analyzer.present.metrics import METRICS
from analyzer.present.progress import Bar
from analyzer.scenario import Scenario, load_scenario
from analyzer.simulate import engine_step, resolve_policies, seat_bots
from analyzer.stats import RATE_DIFFERENCE, Z95, honest, percentile_interval, wilson
from analyzer.studies.combos import allowed_combos, forced_picks
from analyzer.studies.common import printed_tables, seat_wins
from analyzer.studies.scoring import scoring
from analyzer.studies.settings import CompareSettings

WHERE = "compare study"
# Ordinary games are 0..games-1; combo games start here, far past any run's length.
COMBO_GAME_BASE = 1 << 40

# read only between two arms that both play the team variant (see the docstring)
TEAM_ONLY = ("first_seat_team_win", "last_seat_team_win", "combo_win_sd", "combo_win_range")

COMPARE_COLUMNS = (
    "scenario",
    "file",
    "players",
    "metric",
    "label",
    "baseline",
    "value",
    "delta",
    "delta_lo",
    "delta_hi",
    "significant",
    "method",
    "games",
    "games_per_combo",
)

# The win rate of each race and power a scenario changes (its banner or badge, a ban,
# any number of its own), from the combo games: both arms forced the same combos on
# the same seeds, so the difference is paired.
CHANGED_COLUMNS = (
    "scenario", "file", "players", "kind", "name", "games_baseline", "baseline",
    "baseline_lo", "baseline_hi", "games", "value", "value_lo", "value_hi", "delta",
    "delta_lo", "delta_hi", "significant",
)  # fmt: skip


@dataclass
class Arm:
    """Per-game measurements of one scenario (or the baseline)."""

    name: str
    file: str
    players: int
    policies: tuple[str, ...]
    win: np.ndarray  # int8[games, players]
    vc: np.ndarray  # int32[games, players]
    declines: np.ndarray  # int32[games, players]
    decline_round_sum: np.ndarray  # int64[games]: sum of the rounds of every decline
    combos: np.ndarray  # int64[n_combos, 2] (race id, power id)
    combo_wins: np.ndarray  # int8[n_combos, games_per_combo]: the forced seat won
    error_games: int
    not_modeled: list[str]
    estimates: list[str]
    team: Any = None  # a team variant's rules (Battle for Azeroth): team_win, faction seats
    team_win: np.ndarray | None = None  # int8[games, players]: the seat's faction won
    seats: tuple = ()  # seat_choices of the combos (where each may be forced)
    combo_faction: np.ndarray | None = None  # int64[n_combos]: the race's faction


@dataclass
class CompareStudy:
    """What `run_compare` measured: one row per scenario and metric."""

    n_players: tuple[int, ...]
    games: int
    games_per_combo: int
    seed: int
    baseline_names: dict[int, str]  # players -> the baseline's name
    table: pd.DataFrame  # COMPARE_COLUMNS
    arms: pd.DataFrame  # one row per arm and metric: the plain values
    error_games: int
    seconds: float
    policies: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ruleset_name: str = ""
    not_modeled: list[str] = field(default_factory=list)
    estimates: list[str] = field(default_factory=list)
    team_arms: list[str] = field(default_factory=list)  # arms playing the team variant
    changed: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=CHANGED_COLUMNS))


# ------------------------------------------------------------------ input
def _scenario(item, game):
    return item if isinstance(item, Scenario) else load_scenario(item, game)


def with_bots(sc, bots: str):
    """The scenario with its seats replaced by --bots (each style's own parameters)."""

    names = resolve_policies(bots, sc.players, "--bots")
    _, params = seat_bots(names, sc.players)
    return dataclasses.replace(sc, policies=names, policy_params=np.array(params, np.float64))


def _base_bots(bots: str | None, n_players: int) -> tuple[str, ...]:
    return resolve_policies(bots or "heuristic", n_players, "--bots")


def check_study(games: int, games_per_combo: int, seed: int, bootstrap: int) -> None:
    problems = []
    if not isinstance(games, int) or not 2 <= games <= MAX_STUDY_GAMES:
        problems.append(Problem(WHERE, "--games", games, range_text(2, MAX_STUDY_GAMES)))
    most = OPTIONS["--games-per-combo"][1]
    if not isinstance(games_per_combo, int) or not 2 <= games_per_combo <= most:
        problems.append(Problem(WHERE, "--games-per-combo", games_per_combo, range_text(2, most)))
    if not isinstance(seed, int) or not 0 <= seed < 2**63:
        problems.append(
            Problem(WHERE, "--seed", seed, "must be a whole number from 0 to 2**63 - 1")
        )
    if not isinstance(bootstrap, int) or bootstrap < 10:
        problems.append(Problem(WHERE, "bootstrap", bootstrap, "must be at least 10"))
    if problems:
        raise InputError(problems)


def check_distinct(scenarios: Sequence) -> None:
    """Each scenario is a row of the tables and a line of the charts, named by its
    [scenario] name, so the names must differ: refused before any game is played.
    (The baseline may be one of them: a scenario against itself gives exactly 0.)"""
    problems = []
    seen: dict[str, str] = {}
    for sc in scenarios:
        if sc.name in seen:
            same = Path(seen[sc.name]).resolve() == Path(sc.path).resolve()
            why = (
                "this file is named twice; name each scenario once"
                if same
                else f"{seen[sc.name]} has the same name; give each scenario its own "
                "[scenario] name so the tables can tell them apart"
            )
            problems.append(Problem(sc.path, "scenario.name", sc.name, why))
        else:
            seen[sc.name] = sc.path
    if problems:
        raise InputError(problems)


# ------------------------------------------------------------------ playing
def _new_arm(name, file, tables, policies, n_players, games, gpc) -> Arm:
    """An arm with room for every game's measurements, none played yet."""
    score = scoring(tables)  # what a win and the forced seats are (the team variant's)
    team = score.rules  # the team variant's rules (None: seat against seat)
    pairs, _ = score.forced_pairs(allowed_combos(tables), tables, n_players)
    combos = np.array(pairs, np.int64).reshape(-1, 2)
    races = tables.ruleset.races  # factions only in the team variant (classic has none)
    faction = np.array([races[r].faction if team else 0 for r in combos[:, 0].tolist()], np.int64)
    return Arm(
        name=name,
        file=file,
        players=n_players,
        policies=tuple(policies),
        win=np.zeros((games, n_players), np.int8),
        vc=np.zeros((games, n_players), np.int32),
        declines=np.zeros((games, n_players), np.int32),
        decline_round_sum=np.zeros(games, np.int64),
        combos=combos,
        combo_wins=np.zeros((len(combos), gpc), np.int8),
        error_games=0,
        not_modeled=tables.not_modeled(),
        estimates=tables.ruleset.estimates(),
        team=team,
        team_win=np.zeros((games, n_players), np.int8) if team else None,
        seats=score.seats(combos, tables, n_players),
        combo_faction=faction,
    )


def _arm_calls(arm: Arm, tables, policy_params, games, gpc, seed, step):
    """The engine calls of one arm: its ordinary games, then its combo games; the
    tag says where the results go (None: ordinary games; (start, stop): combos)."""
    n_players = arm.players
    ids, params = seat_bots(arm.policies, n_players, policy_params)
    etables = api.engine_tables(tables)
    for first in range(0, games, step):
        yield Chunk(etables, n_players, seed, first, min(step, games - first), ids, params)
    combos = arm.combos
    # A combo's games are COMBO_GAME_BASE + key * gpc + k, key = race * MAX_POWERS + power:
    # play runs of combos whose keys follow each other in one engine call.
    keys = combos[:, 0] * L.MAX_POWERS + combos[:, 1]
    start = 0
    while start < len(combos):
        stop = start + 1
        per_call = max(1, step // gpc)
        while stop < len(combos) and keys[stop] == keys[stop - 1] + 1 and stop - start < per_call:
            stop += 1
        n = (stop - start) * gpc
        first = COMBO_GAME_BASE + int(keys[start]) * gpc
        local = np.arange(n, dtype=np.int64)
        table, count = arm.seats  # every seat, or the race's faction's (team variant)
        combo = start + local // gpc
        forced = forced_picks(combos, combo, table[combo, (local % gpc) % count[combo]], 0)
        yield Chunk(etables, n_players, seed, first, n, ids, params, False, forced, (start, stop))
        start = stop


def _record(arm: Arm, call, res) -> None:
    """Store one engine call's results in its arm."""
    arm.error_games += int((res.errors != 0).sum())
    n_players = arm.players
    if call.tag is not None:
        start, stop = call.tag
        local = np.arange(call.n_games)
        won = seat_wins(res.seats[:, :n_players, L.S_VC], res.seats[:, :, L.S_WIN], n_players,
                        arm.team)  # fmt: skip
        wins = won[local, call.forced[:, L.F_SEAT]]
        arm.combo_wins[start:stop] = wins.reshape(stop - start, -1)
        return
    sl = slice(call.first, call.first + call.n_games)
    arm.win[sl] = res.seats[:, :n_players, L.S_WIN]
    if arm.team:
        arm.team_win[sl] = seat_wins(res.seats[:, :n_players, L.S_VC], None, n_players, arm.team)
    arm.vc[sl] = res.seats[:, :n_players, L.S_VC]
    arm.declines[sl] = res.seats[:, :n_players, L.S_DECLINES]
    k = np.arange(res.inst.shape[1])[None, :]
    live = k < res.n_inst[:, None]
    declined = res.inst[:, :, L.I_ROUND_DECLINED]
    arm.decline_round_sum[sl] = np.where(live & (declined >= 0), declined, 0).sum(1)


def _play_arms(arms, games, gpc, seed, bar, backend, shared: int = 0) -> None:
    """Play every arm's games in one stream; `arms` holds (Arm, tables, bot parameters).
    The first `shared` arms (the baselines) are games other studies of this process
    play too (the player-count study's, the balance study's): their engine calls are
    marked shared (backends/shared.py)."""
    total = sum(games + gpc * len(arm.combos) for arm, _, _ in arms)
    step = or_in_process(backend).games_per_call(total) or engine_step()

    def calls():
        for a, (arm, tables, policy_params) in enumerate(arms):
            for call in _arm_calls(arm, tables, policy_params, games, gpc, seed, step):
                yield replace(call, tag=(a, call.tag), shared=a < shared)

    done = 0
    for call, res in or_in_process(backend).play(calls()):
        a, tag = call.tag
        _record(arms[a][0], replace(call, tag=tag), res)
        done += call.n_games
        bar.update(done)


# ------------------------------------------------------------------ metrics
def _per_game(arm: Arm) -> dict[str, np.ndarray]:
    """The metrics that are means over games, one value per game."""
    vc = np.sort(arm.vc.astype(np.float64), axis=1)
    out = {
        "first_seat_win": arm.win[:, 0].astype(np.float64),
        "last_seat_win": arm.win[:, -1].astype(np.float64),
        "mean_score": vc.mean(1),
        "winning_score": vc[:, -1],
        "winning_margin": vc[:, -1] - vc[:, -2],
        "declines_per_player": arm.declines.mean(1).astype(np.float64),
    }
    if arm.team:
        out["first_seat_team_win"] = arm.team_win[:, 0].astype(np.float64)
        out["last_seat_team_win"] = arm.team_win[:, -1].astype(np.float64)
    return out


WHOLE_SAMPLE = ("score_sd", "decline_round", "combo_win_sd", "combo_win_range")


def _whole_sample(arm: Arm, games: np.ndarray, combo_games: np.ndarray, prep=None) -> dict:
    """The whole-sample statistics of one resample: `games` indexes the ordinary games,
    combo_games[key] the games of the combo with that key (race * MAX_POWERS + power).
    `prep` is _prepared(arm), computed once for the many resamples of one arm."""
    vc_all, declines, keys, wins, rows = _prepared(arm) if prep is None else prep
    vc = np.take(vc_all, games, axis=0)  # as vc_all[games], several times faster
    declined = np.take(declines, games).sum()
    # each combo's rate: its wins (whole numbers, summed exactly) over its games
    gpc = arm.combo_wins.shape[1]
    rates = np.take(wins, combo_games[keys] + rows).sum(axis=1, dtype=np.int64) / gpc
    noise = _sampling_variance(rates, gpc)
    if arm.team:  # the spread within the factions: each rate minus its faction's mean
        for f in np.unique(arm.combo_faction):
            mine = arm.combo_faction == f
            rates[mine] -= rates[mine].mean()
    return {
        "score_sd": float(vc.std(ddof=1)),
        "decline_round": float(np.take(arm.decline_round_sum, games).sum() / declined)
        if declined
        else np.nan,
        "combo_win_sd": float(np.sqrt(max(rates.var(ddof=1) - noise, 0.0)))
        if rates.size > 1 and np.isfinite(noise)
        else np.nan,
        "combo_win_range": float(rates.max() - rates.min()) if rates.size else np.nan,
    }


def _sampling_variance(rates: np.ndarray, gpc: int) -> float:
    """The part of the variance of combo win rates that their games' binomial noise
    alone makes: the mean of p(1 - p) / (gpc - 1), unbiased for p(1 - p) / gpc. Taken
    away from the observed variance, the spread no longer shrinks as games are added."""
    if gpc < 2 or not rates.size:
        return np.nan
    return float((rates * (1 - rates)).mean() / (gpc - 1))


def _prepared(arm: Arm) -> tuple:
    """What every resample of `arm` reads: its scores as floats, its declines per game,
    its combos' keys, and its combo wins flat with where each combo's row starts."""
    rows = (np.arange(len(arm.combos), dtype=np.int64) * arm.combo_wins.shape[1])[:, None]
    return arm.vc.astype(np.float64), arm.declines.sum(1), _keys(arm), arm.combo_wins.ravel(), rows


def _keys(arm: Arm) -> np.ndarray:
    return arm.combos[:, 0] * MAX_POWERS + arm.combos[:, 1]


def resamples(arms: Sequence[Arm], games: int, gpc: int, bootstrap: int, seed: int) -> list:
    """Per arm of `arms`, {statistic: float[bootstrap]}: its whole-sample statistics
    (WHOLE_SAMPLE) on each paired resample. Resample i draws the same game indices for
    every arm, and for a combo the same indices in every arm: that is the pairing. The
    draws are made once for all arms, so each arm's statistics are computed once however
    many scenarios it is compared with, and they are the draws paired_rows makes for a
    pair alone (the same stream, in the same order)."""
    rng = np.random.default_rng([seed, 0xC0A1])
    n_keys = MAX_RACES * MAX_POWERS
    preps = [_prepared(arm) for arm in arms]
    out = [{m: np.empty(bootstrap) for m in WHOLE_SAMPLE} for _ in arms]
    for i in range(bootstrap):
        picks = rng.integers(0, games, games)
        combo_picks = rng.integers(0, gpc, (n_keys, gpc))
        for arm, prep, stats in zip(arms, preps, out, strict=True):
            for m, value in _whole_sample(arm, picks, combo_picks, prep).items():
                stats[m][i] = value
    return out


def paired_rows(
    base: Arm, arm: Arm, games: int, gpc: int, bootstrap: int, seed: int, samples=None
) -> list[dict]:
    """One row per metric: baseline value, scenario value, paired delta and interval.
    `samples` is (the baseline's, the scenario's) resamples() when already drawn for
    many arms; without it they are drawn for this pair alone (the same numbers)."""
    out = []
    b_game, s_game = _per_game(base), _per_game(arm)
    # the team variant against the standard game: only what both read the same way
    skip = () if base.team == arm.team else TEAM_ONLY
    for metric, values in s_game.items():
        if metric in skip or metric not in b_game:
            continue
        diff = values - b_game[metric]
        delta = float(diff.mean())
        half = Z95 * float(diff.std(ddof=1)) / np.sqrt(games)
        out.append(_row(metric, float(b_game[metric].mean()), float(values.mean()), delta, half))

    whole = np.arange(games)
    whole_combo = np.broadcast_to(np.arange(gpc), (MAX_RACES * MAX_POWERS, gpc))
    b0, s0 = _whole_sample(base, whole, whole_combo), _whole_sample(arm, whole, whole_combo)
    if samples is None:
        samples = resamples([base, arm], games, gpc, bootstrap, seed)
    b, s = samples
    for metric in b0:
        if metric in skip:
            continue
        d = s[metric] - b[metric]
        lo, hi = percentile_interval(np.where(np.isfinite(d), d, np.nan), spread_only=False)
        delta = s0[metric] - b0[metric]
        out.append(_row(metric, b0[metric], s0[metric], delta, None, float(lo), float(hi)))
    return out


def changed_items(base_tables, arm_tables, base: Arm, arm: Arm) -> list[tuple[str, int, str]]:
    """(kind, id, name) of every race and power whose own numbers differ between the two
    rule sets, or which a ban touches: a combo allowed in one arm only counts for its
    race when that race is out of the other arm entirely, for its power when that power
    is, and for both when it is a ban of the combo alone."""
    in_base = set(map(tuple, base.combos.tolist()))
    in_arm = set(map(tuple, arm.combos.tolist()))
    touched: set[tuple[int, int]] = set()  # (column, id)
    for combo in in_base ^ in_arm:
        other = in_arm if combo in in_base else in_base
        gone = [col for col in (0, 1) if not any(c[col] == combo[col] for c in other)]
        touched.update((col, combo[col]) for col in (gone or (0, 1)))
    out = []
    for kind, col, tab in (("race", 0, "race_tab"), ("power", 1, "power_tab")):
        a, b = getattr(base_tables, tab), getattr(arm_tables, tab)
        for i, name in enumerate(getattr(arm_tables, f"{kind}_names")):
            own = i < len(a) and bool((a[i] != b[i]).any())
            if own or (col, i) in touched:
                out.append((kind, i, name))
    return out


def _pooled(arm: Arm, col: int, i: int) -> tuple[float, int]:
    """(win rate, games) of the combos with race (col 0) or power (col 1) i."""
    mask = arm.combos[:, col] == i
    if not mask.any():
        return np.nan, 0
    wins = arm.combo_wins[mask]
    return float(wins.mean()), int(wins.size)


COMBO_PICKS = 1 << 21  # combo-game picks held at once by combo_resamples


def combo_resamples(arms: Sequence[Arm], gpc: int, bootstrap: int, seed: int) -> list:
    """Per arm of `arms`, int64[bootstrap, n_combos]: the wins of each of its combos
    when resample k draws its combo games, the same draws for every arm (and those
    changed_rows makes for a pair alone: the same stream, in the same order)."""
    rng = np.random.default_rng([seed, 0xC0A2])  # its own stream: the metrics' stay as they are
    n_keys = MAX_RACES * MAX_POWERS
    keys = [_keys(arm) for arm in arms]
    out = [np.empty((bootstrap, len(arm.combos)), np.int64) for arm in arms]
    step = max(1, COMBO_PICKS // (n_keys * gpc))
    for first in range(0, bootstrap, step):
        stop = min(bootstrap, first + step)
        picks = np.empty((stop - first, n_keys, gpc), np.int64)
        for k in range(stop - first):  # one draw per resample, as a pair alone draws them
            picks[k] = rng.integers(0, gpc, (n_keys, gpc))
        for arm, key, wins in zip(arms, keys, out, strict=True):
            mine = np.take_along_axis(arm.combo_wins[None], picks[:, key], axis=2)
            wins[first:stop] = mine.sum(axis=2, dtype=np.int64)
    return out


def _pooled_draws(arm: Arm, items, wins: np.ndarray, gpc: int) -> np.ndarray:
    """float[bootstrap, len(items)]: the pooled win rate of each item's combos on each
    resample (`wins` from combo_resamples), NaN where the arm has none; the whole
    numbers divided as _pooled divides them, so the same floats."""
    member = np.stack(
        [arm.combos[:, 0 if kind == "race" else 1] == i for kind, i, _name in items], axis=1
    ).astype(np.int64)
    games = member.sum(0) * gpc
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = (wins @ member) / games
    return np.where(games > 0, rates, np.nan)


def changed_rows(
    base: Arm, arm: Arm, items, gpc: int, bootstrap: int, seed: int, wins=None
) -> list[dict]:
    """The win rate of each changed race or power (`items`, from changed_items) under
    both rule sets, each with its Wilson interval, and the paired difference with the
    percentile interval of a bootstrap that resamples the same combo games in both arms.
    A race or power banned in one arm has no rate there, and no difference. `wins` is
    (the baseline's, the scenario's) combo_resamples() when already drawn for many
    arms; without it they are drawn for this pair alone (the same numbers)."""

    if not items or gpc == 0:
        return []
    if wins is None:
        wins = combo_resamples([base, arm], gpc, bootstrap, seed)
    draws = _pooled_draws(arm, items, wins[1], gpc) - _pooled_draws(base, items, wins[0], gpc)
    rows = []
    for j, (kind, i, name) in enumerate(items):
        col = 0 if kind == "race" else 1
        (b, b_games), (v, v_games) = _pooled(base, col, i), _pooled(arm, col, i)
        b_lo, b_hi = wilson(round(b * b_games) if b_games else 0, b_games)
        v_lo, v_hi = wilson(round(v * v_games) if v_games else 0, v_games)
        lo, hi = (np.nan, np.nan)
        delta = v - b
        if b_games and v_games:
            lo, hi = honest(*percentile_interval(draws[:, j], spread_only=False), estimate=delta)
        significant = bool(np.isfinite(lo) and np.isfinite(hi) and (lo > 0 or hi < 0))
        rows.append(dict(
            kind=kind, name=name, games_baseline=b_games, baseline=b, baseline_lo=float(b_lo),
            baseline_hi=float(b_hi), games=v_games, value=v, value_lo=float(v_lo),
            value_hi=float(v_hi), delta=delta, delta_lo=float(lo), delta_hi=float(hi),
            significant=significant,
        ))  # fmt: skip
    return rows


def _row(metric, baseline, value, delta, half, lo=None, hi=None) -> dict:
    if half is not None:
        lo, hi = delta - half, delta + half
    label, unit, method = METRICS[metric]
    # No interval where the games cannot support one: all alike, past the possible
    # range, or resamples that leave out the whole sample's own difference.
    lo, hi = (float(v) for v in honest(lo, hi, RATE_DIFFERENCE if unit == "rate" else
                                       (-np.inf, np.inf), delta))  # fmt: skip
    significant = bool(np.isfinite(lo) and np.isfinite(hi) and (lo > 0 or hi < 0))
    return dict(
        metric=metric, label=label, baseline=baseline, value=value, delta=delta,
        delta_lo=lo, delta_hi=hi, significant=significant, method=method,
    )  # fmt: skip


# ------------------------------------------------------------------ the study
def run_compare(settings: CompareSettings, backend=None, progress: bool = True) -> CompareStudy:
    """Compare each scenario of `settings` (studies/plans/compare.py; a path or a loaded
    Scenario) with the baseline on the same seeds. The baseline defaults to the printed
    rules with heuristic bots for each scenario's player count; a given baseline must
    have the scenarios' player count. `bots` (--bots: styles by seat, or one for every
    seat) replaces the seats of both sides, every scenario and the baseline, so the
    rules are compared under the same bots. `backend` plays the games
    (analyzer/backends; default: in this process); it never changes the results."""
    s = settings
    scenarios, baseline, games, games_per_combo = (
        s.scenarios,
        s.baseline,
        s.games,
        s.games_per_combo,
    )
    seed, bootstrap, bots = s.seed, s.bootstrap, s.bots

    check_study(games, games_per_combo, seed, bootstrap)
    if len(scenarios) == 0:
        raise InputError(Problem(WHERE, "SCENARIO", "", "name at least one scenario file"))
    loaded = [_scenario(sc, s.game) for sc in scenarios]
    base_sc = _scenario(baseline, s.game) if baseline is not None else None
    if bots is not None:
        loaded = [with_bots(sc, bots) for sc in loaded]
        base_sc = with_bots(base_sc, bots) if base_sc is not None else None
    counts = sorted({sc.players for sc in loaded})
    if base_sc is not None and counts != [base_sc.players]:
        raise InputError(
            Problem(
                WHERE, "--baseline", base_sc.path,
                f"is for {base_sc.players} players but the scenarios are for "
                f"{', '.join(map(str, counts))}; give scenarios of one player count or "
                "leave --baseline out (each count then gets the printed rules)",
            )
        )  # fmt: skip
    check_distinct(loaded)
    base_arms = {}  # players -> (name, file, tables, bots, bot parameters)
    for n_players in counts:
        if base_sc is not None:
            base_arms[n_players] = (base_sc.name, base_sc.path, base_sc.tables(),
                                    base_sc.policies, base_sc.policy_params)  # fmt: skip
        else:
            base_arms[n_players] = (f"Printed rules, {n_players} players", "(built in)",
                                    printed_tables(s.game), _base_bots(bots, n_players),
                                    None)  # fmt: skip
    total = sum(games + games_per_combo * _n_combos(a[2], n) for n, a in base_arms.items())
    total += sum(games + games_per_combo * _n_combos(sc.tables(), sc.players) for sc in loaded)
    check_study_games(total, "house-rule")  # every arm keeps per-game results for pairing
    bar = Bar(total, progress, f"{len(loaded) + len(counts)} arms")
    started = time.perf_counter()
    bases: dict[int, Arm] = {}
    played = []  # (Arm, tables, bot parameters), baselines first
    policies: dict[str, tuple[str, ...]] = {}
    for n_players in counts:
        b_name, b_file, b_tables, b_pol, b_par = base_arms[n_players]
        bases[n_players] = _new_arm(b_name, b_file, b_tables, b_pol, n_players, games,
                                    games_per_combo)  # fmt: skip
        played.append((bases[n_players], b_tables, b_par))
        policies[b_name] = tuple(b_pol)
    for sc in loaded:
        tables = sc.tables()
        arm = _new_arm(sc.name, sc.path, tables, sc.policies, sc.players, games, games_per_combo)
        played.append((arm, tables, sc.policy_params))
        policies[sc.name] = tuple(sc.policies)
    try:
        _play_arms(played, games, games_per_combo, seed, bar, backend, len(counts))
    finally:
        bar.close()
    error_games = sum(arm.error_games for arm, _, _ in played)
    rows = []
    arm_rows = []
    changed = []
    base_tables = {n: base_arms[n][2] for n in counts}
    scenario_arms = played[len(counts) :]
    items = [changed_items(base_tables[arm.players], tables, bases[arm.players], arm)
             for arm, tables, _ in scenario_arms]  # fmt: skip
    # Every arm's resamples drawn once: a baseline is read once, not once per scenario.
    every = [arm for arm, _, _ in played]
    index = {id(arm): k for k, arm in enumerate(every)}
    samples = resamples(every, games, games_per_combo, bootstrap, seed)
    with_items = [arm for (arm, _, _), its in zip(scenario_arms, items, strict=True) if its]
    read = list({id(a): a for a in [*(bases[a.players] for a in with_items), *with_items]}.values())
    wins = dict(zip(map(id, read), combo_resamples(read, games_per_combo, bootstrap, seed),
                    strict=True))  # fmt: skip
    for (arm, _tables, _), its in zip(scenario_arms, items, strict=True):
        base = bases[arm.players]
        pair = (samples[index[id(base)]], samples[index[id(arm)]])
        for row in paired_rows(base, arm, games, games_per_combo, bootstrap, seed, pair):
            rows.append(
                dict(scenario=arm.name, file=arm.file, players=arm.players, **row,
                     games=games, games_per_combo=games_per_combo)
            )  # fmt: skip
        pair_wins = (wins[id(base)], wins[id(arm)]) if its else None
        for row in changed_rows(base, arm, its, games_per_combo, bootstrap, seed, pair_wins):
            changed.append(dict(scenario=arm.name, file=arm.file, players=arm.players, **row))
        arm_rows.append((arm, base))
    table = pd.DataFrame(rows, columns=list(COMPARE_COLUMNS))
    arms = _arm_table(bases, arm_rows, table)
    first_base = next(iter(bases.values()))
    return CompareStudy(
        n_players=tuple(counts),
        games=games,
        games_per_combo=games_per_combo,
        seed=seed,
        baseline_names={n: b.name for n, b in bases.items()},
        table=table,
        arms=arms,
        error_games=error_games,
        seconds=time.perf_counter() - started,
        policies=policies,
        ruleset_name=next(iter(base_arms.values()))[2].ruleset.name,
        not_modeled=first_base.not_modeled,
        estimates=first_base.estimates,
        team_arms=[arm.name for arm, _, _ in played if arm.team],
        changed=pd.DataFrame(changed, columns=list(CHANGED_COLUMNS)),
    )


def _n_combos(tables, n_players: int) -> int:
    return len(scoring(tables).forced_pairs(allowed_combos(tables), tables, n_players)[0])


def _arm_table(bases, arm_rows, table: pd.DataFrame) -> pd.DataFrame:
    """The plain value of every metric for every arm (baselines once each)."""
    rows = []
    for n_players, base in bases.items():
        first = table[table.players == n_players].drop_duplicates("metric")
        for r in first.itertuples():
            rows.append(dict(arm=base.name, file=base.file, players=n_players,
                             metric=r.metric, value=r.baseline))  # fmt: skip
    for arm, _base in arm_rows:
        mine = table[(table.scenario == arm.name) & (table.file == arm.file)]
        for r in mine.itertuples():
            rows.append(dict(arm=arm.name, file=arm.file, players=arm.players,
                             metric=r.metric, value=r.value))  # fmt: skip
    return pd.DataFrame(rows, columns=["arm", "file", "players", "metric", "value"])

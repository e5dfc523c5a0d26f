"""Play a run of games chunk by chunk: stream every game to Parquet and keep running
sums for the summaries, so memory stays flat however many games are asked for.

Game i of a run is always game i (play_batch's `first`), so the results do not
depend on the chunk size or on the number of threads.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numba
import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import core_layout as L
from analyzer.engine.invariants import ERROR_NAMES
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import check_options
from analyzer.output import OutputFolder
from analyzer.players.params import N_POLICY_PARAMS, policy_id
from analyzer.players.styles import bot_names, bot_of
from analyzer.present.progress import Bar
from analyzer.results import ParquetSink, instance_rows, races_frame, seats_frame
from analyzer.stats import mean_se_from_sums, normal_interval, wilson
from analyzer.variants import team_play

CLI = "command line"
DEFAULT_CHUNK = 20000
# Games per engine call. The engine holds the GIL while it plays, so the progress
# bar can only move between calls; results do not depend on this number.
MIN_STEP = 2048
PARQUET_NAMES = ("seats.parquet", "races.parquet")


@dataclass
class Simulation:
    """What a run measured. summary has one row per seat, policy_summary one per bot,
    race_summary / power_summary one per race / power (VC of that race instance)."""

    n_players: int
    n_games: int
    seed: int
    policies: tuple[str, ...]
    check: bool
    summary: pd.DataFrame
    policy_summary: pd.DataFrame
    race_summary: pd.DataFrame
    power_summary: pd.DataFrame
    error_games: int  # games with an invariant violation (0 unless check)
    errors: dict[str, int]  # violation name -> games whose first violation it was
    seconds: float
    paths: dict[str, Path] = field(default_factory=dict)  # Parquet files, when written


def _bad(key: str, value, message: str, choices: Sequence[str] = ()) -> Problem:
    return Problem(CLI, key, value, message, tuple(choices))


def resolve_policies(
    policies: Sequence[str] | str, n_players: int, key: str = "--policies"
) -> tuple[str, ...]:
    """One bot or style name per seat (players/styles.py); a single name plays every
    seat. InputError (naming option `key`) if unknown or not one per seat."""
    if isinstance(policies, str):
        policies = policies.split(",")
    names = [str(p).strip().lower() for p in policies]
    known = bot_names()
    problems = [
        _bad(key, name, "unknown bot or style", known) for name in names if name not in known
    ]
    if not problems and len(names) == 1:
        names = names * n_players
    if not problems and len(names) != n_players:
        problems.append(
            _bad(
                key,
                ",".join(names),
                f"give one bot for every one of the {n_players} players, or a single bot for all",
            )
        )
    if problems:
        raise InputError(problems)
    return tuple(names)


def seat_bots(names, n_players: int, policy_params=None):
    """(policy ids, parameter vectors) per seat: each bot's or style's vector, or the
    given vectors (one for every seat, or one row per seat)."""
    bots = [bot_of(p) for p in names]
    ids = [policy_id(policy) for policy, _ in bots]
    if policy_params is None:
        params = np.array([vector for _, vector in bots])
    else:
        params = np.broadcast_to(
            np.asarray(policy_params, np.float64), (n_players, N_POLICY_PARAMS)
        )
    return ids, params


def check_run(n_players: int, n_games: int, seed: int, chunk: int) -> None:
    """InputError listing every out-of-range number of a run."""
    check_options(CLI, players=n_players, games=n_games, seed=seed, chunk=chunk)


class _Totals:
    """Running sums over the chunks played so far."""

    def __init__(self, n_players: int, n_races: int, n_powers: int, team=None):
        self.n_players = n_players
        # a team variant (SWoW's Battle for Azeroth): wins of each seat's faction
        self.team = team  # the variant's team rules (rulesets/content_table.py TEAM)
        self.team_wins = np.zeros(n_players) if team is not None else None
        self.seat = np.zeros((4, n_players))  # wins, vc, vc squared, declines
        self.race = np.zeros((6, n_races))  # picks, games, vc active, vc decline, vc, vc^2
        self.power = np.zeros((6, n_powers))
        self.errors: dict[int, int] = {}  # error code -> games
        self.games = 0

    def add(self, result: api.BatchResult) -> None:
        seats = result.seats[:, : self.n_players, :].astype(np.float64)
        vc = seats[:, :, L.S_VC]
        self.seat[0] += seats[:, :, L.S_WIN].sum(0)
        self.seat[1] += vc.sum(0)
        self.seat[2] += (vc * vc).sum(0)
        self.seat[3] += seats[:, :, L.S_DECLINES].sum(0)
        if self.team_wins is not None:
            n, team = self.n_players, self.team
            won = team.team_wins(vc, n, False)[:, list(team.seat_teams(n, False))]
            self.team_wins += won.sum(0)
        game, rows = instance_rows(result)
        self.race += self._by(rows[:, L.I_RACE], game, rows, self.race.shape[1])
        self.power += self._by(rows[:, L.I_POWER], game, rows, self.power.shape[1])
        codes, counts = np.unique(result.errors[result.errors != 0], return_counts=True)
        for code, count in zip(codes.tolist(), counts.tolist(), strict=True):
            self.errors[code] = self.errors.get(code, 0) + count
        self.games += len(result.errors)

    @staticmethod
    def _by(key: np.ndarray, game: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
        active = rows[:, L.I_VC_ACTIVE].astype(np.float64)
        total = active + rows[:, L.I_VC_DECLINE]
        # A race can come round twice in one game: count each game once.
        games = np.unique(game * n + key) % n
        return np.stack(
            [
                np.bincount(key, minlength=n),
                np.bincount(games, minlength=n),
                np.bincount(key, active, minlength=n),
                np.bincount(key, rows[:, L.I_VC_DECLINE].astype(np.float64), minlength=n),
                np.bincount(key, total, minlength=n),
                np.bincount(key, total * total, minlength=n),
            ]
        )[:, :n]


def _seat_rows(games, wins, vc, vc_sq, declines) -> dict:
    """Columns shared by the seat and policy summaries, from sums."""
    lo, hi = wilson(wins, games)
    mean_vc, vc_se = mean_se_from_sums(games, vc, vc_sq)
    vc_lo, vc_hi = normal_interval(mean_vc, vc_se)
    return {
        "games": np.asarray(games, np.int64),
        "wins": np.asarray(wins, np.int64),
        "win_rate": np.asarray(wins) / np.asarray(games),
        "win_lo": lo,
        "win_hi": hi,
        "mean_vc": mean_vc,
        "vc_se": vc_se,
        "vc_lo": vc_lo,
        "vc_hi": vc_hi,
        "mean_declines": np.asarray(declines) / np.asarray(games),
    }


def _kind_summary(name: str, names, modeled, sums: np.ndarray) -> pd.DataFrame:
    picks, games, active, decline, vc, vc_sq = sums
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_vc, vc_se = mean_se_from_sums(picks, vc, vc_sq)
        return pd.DataFrame(
            {
                name: list(names),
                "modeled": list(modeled),
                "picks": picks.astype(np.int64),
                "games": games.astype(np.int64),
                "mean_vc_active": active / picks,
                "mean_vc_decline": decline / picks,
                "mean_vc": mean_vc,
                "vc_se": vc_se,
            }
        )


def _summaries(totals: _Totals, policies: tuple[str, ...], ruleset):
    n = totals.games
    wins, vc, vc_sq, declines = totals.seat
    error_games = sum(totals.errors.values())
    summary = pd.DataFrame(
        {
            "seat": np.arange(totals.n_players),
            "seat_number": np.arange(1, totals.n_players + 1),  # 1-based, as printed
            "policy": list(policies),
            **_seat_rows(np.full(totals.n_players, n), wins, vc, vc_sq, declines),
            "error_games": error_games,
        }
    )
    if totals.team_wins is not None:
        lo, hi = wilson(totals.team_wins, n)
        labels = totals.team.seat_labels(totals.n_players, False)
        summary.insert(3, "faction", labels)  # after the bot
        summary["team_wins"] = totals.team_wins.astype(np.int64)
        summary["team_win_rate"] = totals.team_wins / n
        summary["team_win_lo"], summary["team_win_hi"] = lo, hi
    # Per bot: every seat it played is one seat-game.
    by = pd.DataFrame({"policy": list(policies), "wins": wins, "vc": vc, "vc_sq": vc_sq})
    by["declines"], by["games"] = declines, n
    by = by.groupby("policy", sort=False).sum()
    policy_summary = pd.DataFrame(
        {
            "policy": by.index,
            "seats": [policies.count(p) for p in by.index],
            **_seat_rows(by["games"], by["wins"], by["vc"], by["vc_sq"], by["declines"]),
        }
    )
    races = ruleset.races
    powers = ruleset.powers
    race_summary = _kind_summary(
        "race", [r.name for r in races], [r.modeled for r in races], totals.race[:, : len(races)]
    )
    power_summary = _kind_summary(
        "power",
        [p.name for p in powers],
        [p.modeled for p in powers],
        totals.power[:, : len(powers)],
    )
    # The engine's own codes (a bot's illegal move) have no entry in ERROR_NAMES.
    errors = {ERROR_NAMES.get(c, f"engine error {c}"): k for c, k in sorted(totals.errors.items())}
    return summary, policy_summary, race_summary, power_summary, error_games, errors


def engine_step() -> int:
    """Games per engine call: enough to keep every thread busy."""
    return max(MIN_STEP, 128 * numba.get_num_threads())


def simulate(
    game,
    n_players: int,
    n_games: int,
    seed: int,
    policies: Sequence[str] | str,
    out_dir=None,
    chunk: int = DEFAULT_CHUNK,
    check: bool = False,
    progress: bool = True,
    policy_params=None,
    tables=None,
    force: bool = False,
    parquet_dir=None,
    backend=None,
) -> Simulation:
    """Play games 0..n_games-1 of run `seed` of `game` (the Game load_game gives;
    `tables`: its rules as changed, None for its printed rules in its variant); write
    seats.parquet and races.parquet to out_dir when given (complete files or none; a
    file of the user's with either name is refused before anything is played, see
    analyzer/output.py). `policy_params`
    overrides the bots' default parameter vectors: one vector for every seat, or one
    row per seat. `parquet_dir` writes into a folder the caller is already staging."""
    if out_dir is not None:
        folder = OutputFolder(out_dir, force=force, exclusive=False)
        folder.check(PARQUET_NAMES)
        check_run(n_players, n_games, seed, chunk)
        with folder.staging(PARQUET_NAMES) as stage:
            sim = simulate(
                game, n_players, n_games, seed, policies, chunk=chunk, check=check,
                progress=progress, policy_params=policy_params, tables=tables,
                parquet_dir=stage, backend=backend,
            )  # fmt: skip
        sim.paths = {name: Path(out_dir) / path.name for name, path in sim.paths.items()}
        return sim
    check_run(n_players, n_games, seed, chunk)
    names = resolve_policies(policies, n_players)
    if tables is None:
        tables = game.default_tables()
    ids, params = seat_bots(names, n_players, policy_params)
    etables = api.engine_tables(tables)
    step = or_in_process(backend).games_per_call(n_games) or engine_step()
    totals = _Totals(n_players, L.MAX_RACES, L.MAX_POWERS, team=team_play(tables))
    started = time.perf_counter()
    bots = ", ".join(f"{names.count(p)} {p}" for p in dict.fromkeys(names))
    bar = Bar(n_games, progress, bots)
    sink = ParquetSink(parquet_dir) if parquet_dir is not None else None
    paths: dict[str, Path] = {}
    # Engine calls of `step` games, `chunk` games (a Parquet row group) at a time.
    calls = (
        Chunk(etables, n_players, seed, start, min(step, stop - start), ids, params, check,
              tag=stop)
        for first in range(0, n_games, chunk)
        for stop in [min(first + chunk, n_games)]
        for start in range(first, stop, step)
    )  # fmt: skip
    try:
        parts = []
        for call, part in or_in_process(backend).play(calls):
            parts.append(part)
            bar.update(call.first + call.n_games)
            if call.first + call.n_games < call.tag:
                continue
            result = api.join_results(parts)
            parts = []
            totals.add(result)
            if sink is not None:
                sink.write(
                    seats_frame(result, tables, n_players, names, ruleset=game.ruleset),
                    races_frame(result, tables, ruleset=game.ruleset),
                )
        if sink is not None:
            paths = sink.close()
    except BaseException:
        if sink is not None:
            sink.abort()
        raise
    finally:
        bar.close()
    summary, policy_summary, race_summary, power_summary, error_games, errors = _summaries(
        totals, names, tables.ruleset
    )
    return Simulation(
        n_players=n_players,
        n_games=n_games,
        seed=seed,
        policies=names,
        check=check,
        summary=summary,
        policy_summary=policy_summary,
        race_summary=race_summary,
        power_summary=power_summary,
        error_games=error_games,
        errors=errors,
        seconds=time.perf_counter() - started,
        paths=paths,
    )

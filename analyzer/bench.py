"""Engine speed: games per second for every player count and bot."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numba
import numpy as np

from analyzer.backends import open_backend
from analyzer.gameloop import api
from analyzer.players.params import POLICY_NAMES, default_vector, policy_id
from analyzer.simulate import simulate
from analyzer.speed_goals import GOALS, LOOKAHEAD_ROW, SEARCH_ROW

PLAYERS = (2, 3, 4, 5)
POLICIES = ("heuristic", "random")
assert set(POLICIES) <= set(POLICY_NAMES)
# The lookahead bot plays hundreds of imagined games a turn: timed apart, one seat of
# a 4-player game at its default budget against three heuristic seats.
LOOKAHEAD_GAMES_SHARE = 200  # it plays `games` / this many games a repetition
# The search bot likewise: one seat at its default budget against three heuristic seats.
SEARCH_GAMES_SHARE = 1000


def run_bench(game, games: int, repeats: int, note: Callable[[str], None] = print) -> list[dict]:
    """[{ruleset, players, policy, threads, games_per_s, goal_games_per_s}], the
    median of `repeats` runs of
    `games` games of `game` (the Game load_game gives), every seat played by the same bot; then
    the lookahead and search bots' rows (LOOKAHEAD_ROW, SEARCH_ROW), on fewer games. A warm-up
    call first loads or compiles the engine, so its time is reported apart and never
    counted."""
    ruleset = game.ruleset
    play = _player(game.engine_tables())
    warm = play(4, "heuristic", 0, 16)
    note(f"Warm-up (load or compile the engine): {warm:.1f} s")
    rows = []
    for n_players in PLAYERS:
        for policy in POLICIES:
            rates = [games / play(n_players, policy, r + 1, games) for r in range(repeats)]
            rows.append(_row(ruleset, n_players, policy, statistics.median(rates)))
            note(f"  {n_players} players, {policy}: {rows[-1]['games_per_s']:.0f} games/s")
    for bot, share, label in (("lookahead", LOOKAHEAD_GAMES_SHARE, LOOKAHEAD_ROW),
                              ("search", SEARCH_GAMES_SHARE, SEARCH_ROW)):  # fmt: skip
        n = max(4, games // share)  # one seat of `bot` against three heuristic seats
        warm = play(4, "heuristic", 0, 1, bot)
        note(f"Warm-up of the {bot} bot (load or compile it): {warm:.1f} s")
        rates = [n / play(4, "heuristic", r + 1, n, bot) for r in range(repeats)]
        rows.append(_row(ruleset, 4, label, statistics.median(rates)))
        note(f"  4 players, {label}: {rows[-1]['games_per_s']:.1f} games/s")
    return rows


def _row(ruleset: str, n_players: int, policy: str, rate: float, threads: int = 0) -> dict:
    return {
        "ruleset": ruleset,
        "players": n_players,
        "policy": policy,
        "threads": threads or numba.get_num_threads(),
        "games_per_s": round(rate, 1) if rate >= 10 else round(rate, 3),  # never 0.0
        "goal_games_per_s": GOALS.get((n_players, policy)),
    }


def _player(etables) -> Callable[..., float]:
    """play(n_players, policy, seed, n_games, first=""): seconds to play n_games
    games, every seat by `policy` but seat 0 by `first` when given."""

    def play(n_players: int, policy: str, seed: int, n_games: int, first: str = "") -> float:
        ids = [policy_id(policy)] * n_players
        params = np.array([default_vector(policy)] * n_players)
        if first:  # seat 0 plays this bot instead
            ids[0] = policy_id(first)
            params[0] = default_vector(first)
        start = time.perf_counter()
        api.play_batch(etables, n_players, seed, 0, n_games, ids, params)
        return time.perf_counter() - start

    return play


def thread_counts(most: int) -> list[int]:
    """1, 2, 4, ... up to `most`, and `most` itself."""
    counts = [1]
    while counts[-1] * 2 < most:
        counts.append(counts[-1] * 2)
    return counts + [most] if most > 1 else counts


def run_scaling(game, games: int, repeats: int, note: Callable[[str], None] = print) -> list[dict]:
    """4-player heuristic games/s on 1, 2, 4, ... threads up to this process's
    count, the thread counts taken in turns within each repetition (so a busy
    moment of the machine hits them all), with each count's efficiency: its speed
    over the speed of perfect scaling (one thread's speed times the threads)."""
    most = numba.get_num_threads()
    play = _player(game.engine_tables())
    counts = thread_counts(most)
    rates: dict[int, list[float]] = {n: [] for n in counts}
    try:
        for r in range(repeats):
            for n in counts:
                numba.set_num_threads(n)
                rates[n].append(games / play(4, "heuristic", r + 1, games))
    finally:
        numba.set_num_threads(most)
    one = statistics.median(rates[1])
    rows = []
    for n in counts:
        row = _row(game.ruleset, 4, "heuristic", statistics.median(rates[n]), threads=n)
        row["efficiency"] = round(row["games_per_s"] / (n * one), 3)
        rows.append(row)
        note(
            f"  {n} thread{'s' if n > 1 else ''}: {row['games_per_s']:.0f} games/s, "
            f"{100 * row['efficiency']:.0f}% of perfect scaling"
        )
    return rows


# What a user's first command does: start Python, load the content, play a game.
FIRST_GAME = """
import sys
import numpy as np
import analyzer
etables = analyzer.load_game(sys.argv[1]).engine_tables()
from analyzer.gameloop import api
from analyzer.players.params import default_vector, policy_id
params = np.array([default_vector("heuristic")] * 4)
api.play_batch(etables, 4, 1, 0, 1, [policy_id("heuristic")] * 4, params)
"""


def first_game_seconds(game, cache: str | None = None) -> float:
    """Wall seconds for a fresh Python process to play its first game of `game`, with
    the engine cache under `cache` (None: wherever this process's settings put it)."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", FIRST_GAME, game.ruleset], env=env, check=True)
    return time.perf_counter() - start


def run_startup(game) -> dict:
    """Time to a first game with an empty engine cache (everything compiles),
    then with the cache that run left (everything loads)."""
    with tempfile.TemporaryDirectory(prefix="analyzer-bench-cache-") as cache:
        cold = first_game_seconds(game, cache)
        warm = first_game_seconds(game, cache)
    return {"cold_compile_s": round(cold, 1), "warm_start_s": round(warm, 1)}


def run_cluster_bench(game, workers: int, games: int, repeats: int, note=print) -> dict:
    """Games per second of a long 4-player heuristic run (simulate, summaries and
    all) in this process and on a local Dask cluster of `workers` processes: the
    best of `repeats` runs each, taken in turns so that a busy moment of the machine
    hits both. The cluster is started and its workers have loaded the engine before
    any run is timed."""

    def rate(backend) -> float:
        sim = simulate(game, 4, games, 1, "heuristic", progress=False, backend=backend)
        return games / sim.seconds

    simulate(game, 4, 256, 1, "heuristic", progress=False)  # load (or compile) the engine here
    started = time.perf_counter()
    with open_backend(workers=workers, log=note) as cluster:
        # Two chunks per worker: every worker loads the engine.
        warm_up = 2 * workers * cluster.games_per_chunk
        simulate(game, 4, warm_up, 1, "heuristic", progress=False, backend=cluster)
        note(f"Cluster started and warm in {time.perf_counter() - started:.1f} s")
        local, remote = [], []
        for _ in range(repeats):
            local.append(rate(None))
            remote.append(rate(cluster))
            note(f"  in-process {local[-1]:.0f} games/s, cluster {remote[-1]:.0f} games/s")
    best_local, best_remote = max(local), max(remote)
    return {
        "ruleset": game.ruleset,
        "players": 4,
        "policy": "heuristic",
        "games": games,
        "workers": workers,
        "in_process_games_per_s": round(best_local, 1),
        "cluster_games_per_s": round(best_remote, 1),
        "ratio": round(best_remote / best_local, 3),
    }

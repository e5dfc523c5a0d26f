"""Engine speed: games per second for every player count and bot."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

from analyzer.players.params import POLICY_NAMES, default_vector, policy_id

PLAYERS = (2, 3, 4, 5)
POLICIES = ("heuristic", "random")
assert set(POLICIES) <= set(POLICY_NAMES)
# The lookahead bot plays hundreds of imagined games a turn: timed apart, one seat of
# a 4-player game at its default budget against three heuristic seats.
LOOKAHEAD_ROW = "lookahead, 1 seat"
LOOKAHEAD_GAMES_SHARE = 200  # it plays `games` / this many games a repetition


def run_bench(games: int, repeats: int, note: Callable[[str], None] = print) -> list[dict]:
    """[{ruleset, players, policy, games_per_s}], the median of `repeats` runs of
    `games` games of the played ruleset, every seat played by the same bot; then
    the lookahead bot's row (LOOKAHEAD_ROW), on fewer games. A warm-up
    call first loads or compiles the engine, so its time is reported apart and never
    counted."""
    from analyzer.engine import api
    from analyzer.rulesets import played_tables, ruleset_name

    etables = api.engine_tables(played_tables())
    ruleset = ruleset_name()

    def play(n_players: int, policy: str, seed: int, n_games: int, first: str = "") -> float:
        ids = [policy_id(policy)] * n_players
        params = np.array([default_vector(policy)] * n_players)
        if first:  # seat 0 plays this bot instead
            ids[0] = policy_id(first)
            params[0] = default_vector(first)
        start = time.perf_counter()
        api.play_batch(etables, n_players, seed, 0, n_games, ids, params)
        return time.perf_counter() - start

    warm = play(4, "heuristic", 0, 16)
    note(f"Warm-up (load or compile the engine): {warm:.1f} s")
    rows = []
    for n_players in PLAYERS:
        for policy in POLICIES:
            rates = [games / play(n_players, policy, r + 1, games) for r in range(repeats)]
            rows.append(
                {
                    "ruleset": ruleset,
                    "players": n_players,
                    "policy": policy,
                    "games_per_s": round(statistics.median(rates), 1),
                }
            )
            note(f"  {n_players} players, {policy}: {rows[-1]['games_per_s']:.0f} games/s")
    n = max(4, games // LOOKAHEAD_GAMES_SHARE)
    rates = [n / play(4, "heuristic", r + 1, n, "lookahead") for r in range(repeats)]
    rows.append(
        {
            "ruleset": ruleset,
            "players": 4,
            "policy": LOOKAHEAD_ROW,
            "games_per_s": round(statistics.median(rates), 1),
        }
    )
    note(f"  4 players, {LOOKAHEAD_ROW}: {rows[-1]['games_per_s']:.1f} games/s")
    return rows


# What a user's first command does: start Python, load the content, play a game.
FIRST_GAME = """
import sys
import numpy as np
import analyzer
etables = analyzer.load_game(sys.argv[1]).engine_tables()
from analyzer.engine import api
from analyzer.players.params import default_vector, policy_id
params = np.array([default_vector("heuristic")] * 4)
api.play_batch(etables, 4, 1, 0, 1, [policy_id("heuristic")] * 4, params)
"""


def first_game_seconds(cache: str | None = None) -> float:
    """Wall seconds for a fresh Python process to play its first game, with the
    engine cache under `cache` (None: wherever this process's settings put it)."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    start = time.perf_counter()
    from analyzer.rulesets import ruleset_name

    subprocess.run([sys.executable, "-c", FIRST_GAME, ruleset_name()], env=env, check=True)
    return time.perf_counter() - start


def run_startup() -> dict:
    """Time to a first game with an empty engine cache (everything compiles),
    then with the cache that run left (everything loads)."""
    with tempfile.TemporaryDirectory(prefix="analyzer-bench-cache-") as cache:
        cold = first_game_seconds(cache)
        warm = first_game_seconds(cache)
    return {"cold_compile_s": round(cold, 1), "warm_start_s": round(warm, 1)}


def run_cluster_bench(workers: int, games: int, repeats: int, note=print) -> dict:
    """Games per second of a long 4-player heuristic run (simulate, summaries and
    all) in this process and on a local Dask cluster of `workers` processes: the
    best of `repeats` runs each, taken in turns so that a busy moment of the machine
    hits both. The cluster is started and its workers have loaded the engine before
    any run is timed."""
    from analyzer.backends import open_backend
    from analyzer.simulate import simulate

    def rate(backend) -> float:
        sim = simulate(4, games, 1, "heuristic", progress=False, backend=backend)
        return games / sim.seconds

    simulate(4, 256, 1, "heuristic", progress=False)  # load (or compile) the engine here
    started = time.perf_counter()
    with open_backend(workers=workers, log=note) as cluster:
        # Two chunks per worker: every worker loads the engine.
        warm_up = 2 * workers * cluster.games_per_chunk
        simulate(4, warm_up, 1, "heuristic", progress=False, backend=cluster)
        note(f"Cluster started and warm in {time.perf_counter() - started:.1f} s")
        local, remote = [], []
        for _ in range(repeats):
            local.append(rate(None))
            remote.append(rate(cluster))
            note(f"  in-process {local[-1]:.0f} games/s, cluster {remote[-1]:.0f} games/s")
    best_local, best_remote = max(local), max(remote)
    from analyzer.rulesets import ruleset_name

    return {
        "ruleset": ruleset_name(),
        "players": 4,
        "policy": "heuristic",
        "games": games,
        "workers": workers,
        "in_process_games_per_s": round(best_local, 1),
        "cluster_games_per_s": round(best_remote, 1),
        "ratio": round(best_remote / best_local, 3),
    }

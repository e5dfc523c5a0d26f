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


def run_bench(games: int, repeats: int, note: Callable[[str], None] = print) -> list[dict]:
    """[{players, policy, games_per_s}], the median of `repeats` runs of `games` games,
    every seat played by the same bot. A warm-up call first loads or compiles the
    engine, so its time is reported apart and never counted."""
    from analyzer.engine import api
    from analyzer.model import default_tables

    etables = api.engine_tables(default_tables())

    def play(n_players: int, policy: str, seed: int, n_games: int) -> float:
        ids = [policy_id(policy)] * n_players
        params = np.array([default_vector(policy)] * n_players)
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
                    "players": n_players,
                    "policy": policy,
                    "games_per_s": round(statistics.median(rates), 1),
                }
            )
            note(f"  {n_players} players, {policy}: {rows[-1]['games_per_s']:.0f} games/s")
    return rows


# What a user's first command does: start Python, load the content, play a game.
FIRST_GAME = """
import numpy as np
from analyzer.engine import api
from analyzer.model import default_tables
from analyzer.players.params import default_vector, policy_id
etables = api.engine_tables(default_tables())
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
    subprocess.run([sys.executable, "-c", FIRST_GAME], env=env, check=True)
    return time.perf_counter() - start


def run_startup() -> dict:
    """Time to a first game with an empty engine cache (everything compiles),
    then with the cache that run left (everything loads)."""
    with tempfile.TemporaryDirectory(prefix="analyzer-bench-cache-") as cache:
        cold = first_game_seconds(cache)
        warm = first_game_seconds(cache)
    return {"cold_compile_s": round(cold, 1), "warm_start_s": round(warm, 1)}

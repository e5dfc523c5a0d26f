"""Engine speed: games per second for every player count and bot."""

from __future__ import annotations

import statistics
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

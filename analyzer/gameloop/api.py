"""The engine's Python entry points: content tables in, per-game arrays out.

Studies and the CLI go through here and never reach into engine internals.
Importing this module compiles nothing; the first call loads the kernels from
the cache (or compiles them once).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from analyzer.engine.layout import F_NF, F_SEAT, I_NF, MAX_INSTANCES, MAX_LOG, MAX_PLAYERS, S_NF
from analyzer.engine.state import EngineTables, engine_tables  # noqa: F401 (the API's)
from analyzer.players.params import N_POLICY_PARAMS

# More new objects than a call makes when its code is in memory or in the cache (about
# 40,000 for a warm first game): the call compiled (about 1.5 million in SWoW).
COMPILED_OBJECTS = 300_000


@contextmanager
def _gc_paused():
    """Python's garbage collector walks numba's many compiler objects again and
    again during a first compilation (about 12% of it); the kernels themselves
    make no Python objects, so pausing it costs nothing.

    After a compilation the collector's first pass would walk every object the
    compiler made, about a million of them dead (0.8 s of CPU in SWoW), at the end of
    the first game. They are frozen instead (gc.freeze) and handed back to the
    collector as the next call begins: a command that plays once and exits (a first
    game, `analyzer simulate`) never pays for that pass, and any other pays it after
    its next call, as Python's collector reaches them."""
    was_enabled = gc.isenabled()
    gc.disable()
    gc.unfreeze()  # a previous compilation's objects, collected after this call
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_count()[0] > COMPILED_OBJECTS:
                gc.freeze()
            gc.enable()


@dataclass(frozen=True)
class BatchResult:
    """Games first..first+n-1 of a run.

    seats[i, p, S_*]: final VC, rank, win, tokens on the boards, declines, policy.
    inst[i, k, I_*] for k < n_inst[i]: every race a player picked (see layout.I_*).
    errors[i]: first invariant violation (engine.invariants), 0 when none or unchecked.
    """

    first: int
    seats: np.ndarray
    inst: np.ndarray
    n_inst: np.ndarray
    errors: np.ndarray


def seat_arrays(policies, pol_params, n_players):
    """Policy ids and parameter vectors padded to MAX_PLAYERS rows."""
    pol = np.zeros(MAX_PLAYERS, np.int32)
    pol[:n_players] = np.asarray(policies, np.int32)[:n_players]
    params = np.zeros((MAX_PLAYERS, N_POLICY_PARAMS), np.float64)
    params[:n_players] = np.asarray(pol_params, np.float64)[:n_players]
    return pol, params


def max_instances(n_players: int) -> int:
    """The most races a game of n_players can see picked (one a turn at most)."""
    return n_players * MAX_INSTANCES


# Rows a batch's output keeps for each game's races, per player: more than any
# heuristic game picked in 20,000 at each count from 2 to 5 players (at most 13 races
# at 4 players, 16 at 5). Fewer rows than max_instances leave most of the output's
# memory pages untouched: clearing fresh pages for 64 rows a game (4 players) took 3%
# of a four-player batch. A game that picks more (a few random-bot games in ten
# thousand) is played again alone with every row: same seed and index, same game.
INST_ROWS_PER_PLAYER = 5


def inst_width(n_players: int, n_inst) -> int:
    """Rows per game of a result holding games with these counts of races picked."""
    return max(n_players * INST_ROWS_PER_PLAYER, int(np.max(n_inst, initial=0)))


def with_width(inst: np.ndarray, width: int) -> np.ndarray:
    """inst[n, k, I_NF] with at least `width` rows per game, zeros after its own."""
    if inst.shape[1] >= width:
        return inst
    wide = np.zeros((inst.shape[0], width, inst.shape[2]), inst.dtype)
    wide[:, : inst.shape[1]] = inst
    return wide


def join_results(parts: list[BatchResult]) -> BatchResult:
    """Consecutive results as one (each part's race rows widened to the widest)."""
    if len(parts) == 1:
        return parts[0]
    width = max(p.inst.shape[1] for p in parts)
    return BatchResult(
        parts[0].first,
        np.concatenate([p.seats for p in parts]),
        np.concatenate([with_width(p.inst, width) for p in parts]),
        np.concatenate([p.n_inst for p in parts]),
        np.concatenate([p.errors for p in parts]),
    )


def play_batch(
    etables: EngineTables,
    n_players: int,
    seed: int,
    first: int,
    n_games: int,
    policies,
    pol_params,
    check: bool = False,
    forced=None,
) -> BatchResult:
    """Play games first..first+n_games-1 in parallel, on numba.get_num_threads() threads.

    forced: None, or int64[n_games, F_NF] rows (seat, race, power, cost) forcing one
    seat's first pick in each game (seat -1 leaves a game alone). The forced combo is
    taken out of the stacks before the column is laid out.
    """
    # lazy: importing the API loads no kernel; the first game does
    from analyzer.gameloop.batch import run_batch
    from analyzer.gameloop.precompile import compile_helper

    if not 2 <= n_players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2 to {MAX_PLAYERS}, got {n_players}")
    # lazy: importing the API loads no kernel; the first game does
    import numba

    pol, params = seat_arrays(policies, pol_params, n_players)
    forced = no_forced_picks(n_games) if forced is None else np.ascontiguousarray(forced, np.int64)
    if forced.shape != (n_games, F_NF):
        raise ValueError(f"forced must have shape ({n_games}, {F_NF}), got {forced.shape}")
    rows = n_players * INST_ROWS_PER_PLAYER
    args = (etables, n_players, seed)
    with _gc_paused(), compile_helper(bool(check)):
        seats, inst, n_inst, errors = run_batch(
            *args, first, n_games, pol, params, check, forced, rows, numba.get_num_threads()
        )
        longer = np.flatnonzero(n_inst > rows)  # games that picked more races than rows
        if longer.size:
            inst = with_width(inst, inst_width(n_players, n_inst))
            for i in longer:  # the same game again (its seed and index), every row kept
                one = (first + i, 1, pol, params, check, forced[i : i + 1])
                again = run_batch(*args, *one, max_instances(n_players), 1)
                inst[i] = again[1][0, : inst.shape[1]]
    assert seats.shape[2] == S_NF and inst.shape[2] == I_NF
    return BatchResult(first, seats, inst, n_inst, errors)


def no_forced_picks(n_games: int) -> np.ndarray:
    forced = np.zeros((n_games, F_NF), np.int64)
    forced[:, F_SEAT] = -1
    return forced


def play_logged(etables, n_players, seed, game, policies, pol_params, check=True, forced=None):
    """One game with its event log: (Game named tuple, seats array)."""
    # lazy: importing the API loads no kernel; the first game does
    from analyzer.gameloop.batch import play_logged_game
    from analyzer.gameloop.precompile import compile_helper

    pol, params = seat_arrays(policies, pol_params, n_players)
    row = no_forced_picks(1)[0] if forced is None else np.asarray(forced, np.int64)
    with _gc_paused(), compile_helper(bool(check)):
        return play_logged_game(
            etables,
            n_players,
            np.int64(seed),
            np.int64(game),
            pol,
            params,
            bool(check),
            row,
            MAX_LOG,
        )

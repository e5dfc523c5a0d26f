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

from analyzer.engine.layout import I_NF, MAX_INSTANCES, MAX_PLAYERS, S_NF
from analyzer.engine.state import MAX_LOG, EngineTables
from analyzer.players.params import N_POLICY_PARAMS


@contextmanager
def _gc_paused():
    """Python's garbage collector walks numba's many compiler objects again and
    again during a first compilation (about 12% of it); the kernels themselves
    make no Python objects, so pausing it costs nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def engine_tables(tables) -> EngineTables:
    """The numba view of compiled content (analyzer.model.tables.Tables)."""
    c = np.ascontiguousarray
    return EngineTables(
        c(tables.race_tab, np.int64),
        c(tables.power_tab, np.int64),
        c(tables.marker_tab, np.int64),
        c(tables.caps, np.int64),
        c(tables.params, np.int64),
        c(tables.face_size, np.int64),
        c(tables.face_board, np.int64),
        c(tables.face_start, np.int64),
        c(tables.face_nreg, np.int64),
        c(tables.face_terrain, np.int64),
        c(tables.face_symbols, np.int64),
        c(tables.face_adj, np.int64),
    )


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
    return n_players * MAX_INSTANCES


def play_batch(
    etables: EngineTables,
    n_players: int,
    seed: int,
    first: int,
    n_games: int,
    policies,
    pol_params,
    check: bool = False,
) -> BatchResult:
    """Play games first..first+n_games-1 in parallel, on numba.get_num_threads() threads."""
    from analyzer.engine.batch import run_batch

    if not 2 <= n_players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2 to {MAX_PLAYERS}, got {n_players}")
    import numba

    pol, params = seat_arrays(policies, pol_params, n_players)
    with _gc_paused():
        seats, inst, n_inst, errors = run_batch(
            etables,
            n_players,
            seed,
            first,
            n_games,
            pol,
            params,
            check,
            max_instances(n_players),
            numba.get_num_threads(),
        )
    assert seats.shape[2] == S_NF and inst.shape[2] == I_NF
    return BatchResult(first, seats, inst, n_inst, errors)


def play_logged(etables, n_players, seed, game, policies, pol_params, check=True):
    """One game with its event log: (Game named tuple, seats array)."""
    from analyzer.engine.batch import play_one

    pol, params = seat_arrays(policies, pol_params, n_players)
    return play_one(
        etables, n_players, np.int64(seed), np.int64(game), pol, params, bool(check), MAX_LOG
    )

"""Play many games in parallel. Game i of a batch is game `first + i` of the run,
with its own random streams, so results do not depend on threads or chunking."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from analyzer.engine.game import play_game
from analyzer.engine.layout import G_ERROR, G_LOG_ON, G_NINST, I_NF, S_NF
from analyzer.engine.state import new_game


@njit(cache=True, parallel=True)
def run_batch(t, n_players, seed, first, n_games, policies, pol_params, check, max_inst):
    """Returns (seats[n, n_players, S_NF], inst[n, max_inst, I_NF], n_inst[n], errors[n])."""
    seats = np.zeros((n_games, n_players, S_NF), np.int32)
    inst = np.zeros((n_games, max_inst, I_NF), np.int32)
    n_inst = np.zeros(n_games, np.int32)
    errors = np.zeros(n_games, np.int32)
    for i in prange(n_games):
        g = new_game(pol_params.shape[1], 1)
        play_game(g, t, n_players, seed, first + i, policies, pol_params, check, seats[i])
        k = min(g.gst[G_NINST], max_inst)
        n_inst[i] = k
        inst[i, :k, :] = g.inst[:k, :]
        errors[i] = g.gst[G_ERROR]
    return seats, inst, n_inst, errors


@njit(cache=True)
def play_one(t, n_players, seed, game, policies, pol_params, check, log_rows):
    """One game with its event log (log_rows > 1 turns logging on)."""
    g = new_game(pol_params.shape[1], log_rows)
    g.gst[G_LOG_ON] = 1 if log_rows > 1 else 0
    seats = np.zeros((n_players, S_NF), np.int32)
    play_game(g, t, n_players, seed, game, policies, pol_params, check, seats)
    return g, seats

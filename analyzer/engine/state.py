"""The game state and the content tables as numba-friendly named tuples of arrays.

A named tuple of arrays costs nothing at run time (numba passes it as a struct),
caches to disk like plain arrays, and lets a kernel read `g.reg[r, R_TOKENS]`
with the owner of each array in plain sight.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from analyzer.engine.jit import kernel
from analyzer.engine.layout import (
    B_NF,
    G_NF,
    G_UNSET,
    I_NF,
    LOG_NF,
    MAX_DEGREE,
    MAX_INSTANCES,
    MAX_PLAYERS,
    MAX_REGIONS,
    N_STREAMS,
    P_NF,
    R_NF,
)

# Every integer array is int64 so that loop indices, region ids and players all
# have one type: numba compiles a kernel once per argument type, and int32
# indices next to int64 ones would compile many kernels twice.

# Content compiled for the engine (read-only in the kernels).
EngineTables = namedtuple(
    "EngineTables",
    [
        "race",  # int64[MAX_RACES, RT_NF]
        "power",  # int64[MAX_POWERS, PT_NF]
        "marker",  # int64[N_MARKERS, MT_NF]: the ruleset's markers (one unused row if none)
        "params",  # int64[N_ENGINE_PARAMS]: rule constants (PAR_*), then caps at PAR_CAPS
        "faces",  # int64[F, FACE_NF]
        "face_regions",  # int64[total regions, FR_ADJ + MAX_DEGREE]
    ],
)

# One game in play. Every array belongs to this game only, so games run in
# parallel without sharing anything writable.
Game = namedtuple(
    "Game",
    [
        "board",  # int64[MAX_REGIONS, B_NF]: the drawn faces laid end to end
        "adj",  # int64[MAX_REGIONS, MAX_DEGREE]: neighbours, -1 padded
        "reg",  # int64[MAX_REGIONS, R_NF]: what is on each region
        "ply",  # int64[MAX_PLAYERS, P_NF]
        "gst",  # int64[G_NF]: round, turn, column, stacks, per-turn counters
        "inst",  # int64[MAX_PLAYERS * MAX_INSTANCES, I_NF]: one row per race picked
        "rng",  # uint64[N_STREAMS]
        "pol",  # float64[MAX_PLAYERS, N_POLICY_PARAMS]: each seat's bot parameters
        "cost",  # int64[MAX_REGIONS]: scratch, conquest cost per region (-1 illegal)
        "work",  # int64[MAX_REGIONS]: scratch for the engine
        "fwork",  # float64[MAX_REGIONS]: scratch for the bots
        "log",  # int64[MAX_LOG, LOG_NF]: event log when logging is on (else 1 row)
    ],
)


def new_game(n_policy_params, log_rows):
    """A fresh Game, allocated by Python: the kernels that play games never
    allocate (engine/jit.py), so the game they work on is handed to them."""
    g = Game(
        np.zeros((MAX_REGIONS, B_NF), np.int64),
        np.full((MAX_REGIONS, MAX_DEGREE), -1, np.int64),
        np.zeros((MAX_REGIONS, R_NF), np.int64),
        np.zeros((MAX_PLAYERS, P_NF), np.int64),
        np.zeros(G_NF, np.int64),
        np.zeros((MAX_PLAYERS * MAX_INSTANCES, I_NF), np.int64),
        np.zeros(N_STREAMS, np.uint64),
        np.zeros((MAX_PLAYERS, n_policy_params), np.float64),
        np.zeros(MAX_REGIONS, np.int64),
        np.zeros(MAX_REGIONS, np.int64),
        np.zeros(MAX_REGIONS, np.float64),
        np.zeros((log_rows, LOG_NF), np.int64),
    )
    for k in G_UNSET:  # no forced pick unless a study asks, the ruleset's unset cells
        g.gst[k] = -1
    return g


@kernel
def reset_game(g):
    """Make a used Game as new, so a thread reuses one Game for all its games."""
    g.board[:, :] = 0
    g.adj[:, :] = -1
    g.reg[:, :] = 0
    g.ply[:, :] = 0
    g.gst[:] = 0
    g.inst[:, :] = 0
    g.rng[:] = 0
    g.pol[:, :] = 0.0
    g.cost[:] = 0
    g.work[:] = 0
    g.fwork[:] = 0.0
    g.log[:, :] = 0
    for k in G_UNSET:
        g.gst[k] = -1

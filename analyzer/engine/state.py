"""The game state and the content tables as numba-friendly named tuples of arrays.

A named tuple of arrays costs nothing at run time (numba passes it as a struct),
caches to disk like plain arrays, and lets a kernel read `g.reg[r, R_TOKENS]`
with the owner of each array in plain sight.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from analyzer.engine.jit import assume_equal, assume_nonnegative, inline_kernel, kernel
from analyzer.engine.layout import (
    B_NF,
    BOT_SCRATCH,
    FACE_NF,
    FR_ADJ,
    G_NF,
    G_UNSET,
    I_NF,
    LOG_NF,
    MAX_DEGREE,
    MAX_INSTANCES,
    MAX_PLAYERS,
    MAX_REGIONS,
    MT_NF,
    N_STREAMS,
    P_NF,
    PT_NF,
    R_NF,
    RT_NF,
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
        "fwork",  # float64[BOT_SCRATCH]: scratch for the bots
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
        np.zeros(BOT_SCRATCH, np.float64),
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


# The shapes every game's and table's arrays are built with (new_game,
# api.engine_tables), None where it varies: assume_as_built tells the compiler each
# fixed one, and check_as_built makes sure of them before any game is played.
# tests/test_jit.py checks that the two name the same dimensions.
BUILT_SHAPES = {
    "g": {
        "board": (MAX_REGIONS, B_NF),
        "adj": (MAX_REGIONS, MAX_DEGREE),
        "reg": (MAX_REGIONS, R_NF),
        "ply": (MAX_PLAYERS, P_NF),
        "gst": (G_NF,),
        "inst": (MAX_PLAYERS * MAX_INSTANCES, I_NF),
        "pol": (MAX_PLAYERS, None),
        "cost": (MAX_REGIONS,),
        "work": (MAX_REGIONS,),
        "fwork": (BOT_SCRATCH,),
    },
    "t": {
        "race": (None, RT_NF),
        "power": (None, PT_NF),
        "marker": (None, MT_NF),
        "faces": (None, FACE_NF),
        "face_regions": (None, FR_ADJ + MAX_DEGREE),
    },
}


@inline_kernel
def assume_as_built(g, t):
    """Tell the compiler g's and t's arrays have their BUILT_SHAPES, so that an index
    such as `reg[r, c]` is computed with constants rather than with shapes read from
    memory (docs/speed.md, "The arrays' shapes")."""
    assume_equal(g.board.shape[0], MAX_REGIONS)
    assume_equal(g.board.shape[1], B_NF)
    assume_equal(g.adj.shape[0], MAX_REGIONS)
    assume_equal(g.adj.shape[1], MAX_DEGREE)
    assume_equal(g.reg.shape[0], MAX_REGIONS)
    assume_equal(g.reg.shape[1], R_NF)
    assume_equal(g.ply.shape[0], MAX_PLAYERS)
    assume_equal(g.ply.shape[1], P_NF)
    assume_equal(g.gst.shape[0], G_NF)
    assume_equal(g.inst.shape[0], MAX_PLAYERS * MAX_INSTANCES)
    assume_equal(g.inst.shape[1], I_NF)
    assume_equal(g.pol.shape[0], MAX_PLAYERS)
    assume_equal(g.cost.shape[0], MAX_REGIONS)
    assume_equal(g.work.shape[0], MAX_REGIONS)
    assume_equal(g.fwork.shape[0], BOT_SCRATCH)
    assume_equal(t.race.shape[1], RT_NF)
    assume_equal(t.power.shape[1], PT_NF)
    assume_equal(t.marker.shape[1], MT_NF)
    assume_equal(t.faces.shape[1], FACE_NF)
    assume_equal(t.face_regions.shape[1], FR_ADJ + MAX_DEGREE)


@inline_kernel
def neighbour(adj, r, k):
    """r's k-th neighbour, k below r's degree: a region, never the -1 filling the rest
    of the row, which the compiler is told (so indexing with it skips the wraparound)."""
    nb = adj[r, k]
    assume_nonnegative(nb)
    return nb


def check_as_built(g, t) -> None:
    """Raise unless g and t have their BUILT_SHAPES, which the kernels assume: a wrong
    assumption would make them read the wrong cells, silently."""
    for name, owner in (("g", g), ("t", t)):
        for field, shape in BUILT_SHAPES[name].items():
            got = getattr(owner, field).shape
            if len(got) != len(shape) or any(
                n is not None and n != m for n, m in zip(shape, got, strict=True)
            ):
                raise ValueError(f"engine array {name}.{field} of shape {got}, expected {shape}")


def engine_tables(tables) -> EngineTables:
    """The numba view of compiled content (analyzer.model.tables.Tables)."""
    c = np.ascontiguousarray
    faces = np.stack(
        [tables.face_size, tables.face_board, tables.face_start, tables.face_nreg], axis=1
    )
    face_regions = np.concatenate(
        [tables.face_terrain[:, None], tables.face_symbols[:, None], tables.face_adj], axis=1
    )
    return EngineTables(
        c(tables.race_tab, np.int64),
        c(tables.power_tab, np.int64),
        c(tables.marker_tab, np.int64),
        c(np.concatenate([tables.params, tables.caps]), np.int64),
        c(faces, np.int64),
        c(face_regions, np.int64),
    )

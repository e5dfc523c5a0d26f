"""SWoW's setup: Murlocs and Mountains on their symbols, a face-down marker on
each board, and (after the combo column) the Goblins' Bomb stack."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import allocating, inline_kernel
from analyzer.engine.layout import (
    B_BOARD,
    B_SYMBOLS,
    BOMB_DUD,
    BOMB_LIVE,
    G_BOMBS,
    G_BOMBS_N,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NBOARDS,
    G_NREG,
    MAX_BOMBS,
    MT_ALLOWED,
    N_MARKERS,
    PAR_CAPS,
    PAR_MURLOCS,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_MOUNTAIN,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    STREAM_SETUP,
)
from analyzer.engine.rng import shuffle
from analyzer.rulesets.swow.ids import (
    C_BOMBS,
    C_MOUNTAINS,
    C_MURLOCS,
    MURLOC,
    SYM_MARKER,
    SYM_MOUNTAIN,
    SYM_MURLOC,
)


@allocating
def place_pieces(g, t, rng):
    """Murlocs and Mountains on their symbols, one face-down marker per board."""
    g_reg = g.reg
    g_board = g.board
    g_gst = g.gst
    t_marker = t.marker
    t_params = t.params
    nreg = g_gst[G_NREG]
    murlocs_allowed = t_params[PAR_CAPS + C_MURLOCS] if t_params[PAR_MURLOCS] == 1 else 0
    murlocs = 0
    mountains = 0
    for r in range(nreg):
        g_reg[r, R_PLAYER] = -1
        g_reg[r, R_RACE] = -1
        g_reg[r, R_MARKERS] = 0
        g_reg[r, R_MARKERS_UP] = 0
        sym = g_board[r, B_SYMBOLS]
        if (sym & SYM_MURLOC) and murlocs < murlocs_allowed:
            g_reg[r, R_RACE] = MURLOC
            g_reg[r, R_DECLINE] = 1
            g_reg[r, R_TOKENS] = 1
            murlocs += 1
        if (sym & SYM_MOUNTAIN) and mountains < t_params[PAR_CAPS + C_MOUNTAINS]:
            g_reg[r, R_MOUNTAIN] = 1
            mountains += 1
    # markers: shuffle the allowed ones, one face down on each board's marker region
    pool = np.empty(N_MARKERS, np.int64)
    n_pool = 0
    for m in range(N_MARKERS):
        if t_marker[m, MT_ALLOWED] == 1:
            pool[n_pool] = m
            n_pool += 1
    shuffle(rng, STREAM_SETUP, pool, n_pool)
    for m in range(N_MARKERS):
        g_gst[G_MARKER_AT + m] = -1
    used = 0
    for b in range(g_gst[G_NBOARDS]):
        for r in range(nreg):
            if g_board[r, B_BOARD] == b and (g_board[r, B_SYMBOLS] & SYM_MARKER):
                if used < n_pool:
                    g_reg[r, R_MARKERS] = 1 << pool[used]
                    g_gst[G_MARKER_AT + pool[used]] = r
                    used += 1
                break
    # the markers left over stay in the box, to be drawn if the Well needs a stand-in
    left = 0
    for k in range(used, n_pool):
        left |= 1 << pool[k]
    g_gst[G_MARKER_POOL] = left


@inline_kernel
def pieces_after_stacks(g, t, rng):
    """The Goblins' face-down Bomb stack: half the box's Bombs explode, half are duds.
    (The rulebook shuffles it when the Goblins are first picked: the same draw.)"""
    g_gst = g.gst
    n = min(t.params[PAR_CAPS + C_BOMBS], MAX_BOMBS)
    for k in range(n):
        g_gst[G_BOMBS + k] = BOMB_LIVE if k < n // 2 else BOMB_DUD
    g_gst[G_BOMBS_N] = n
    shuffle(rng, STREAM_SETUP, g_gst[G_BOMBS : G_BOMBS + n], n)

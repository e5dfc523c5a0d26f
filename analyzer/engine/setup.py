"""Setting up one game: draw the board faces, place Murlocs, Mountains and the
face-down markers, shuffle the banners and badges into the combo column.
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.column import fill_column
from analyzer.engine.jit import allocating, inline_kernel, kernel
from analyzer.engine.layout import (
    B_BOARD,
    B_DEGREE,
    B_FACE,
    B_SYMBOLS,
    B_TERRAIN,
    BOMB_DUD,
    BOMB_LIVE,
    FACE_BOARD,
    FACE_NREG,
    FACE_SIZE,
    FACE_START,
    FR_ADJ,
    FR_SYMBOLS,
    FR_TERRAIN,
    G_BOMBS,
    G_BOMBS_N,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NBOARDS,
    G_NREG,
    G_PLAYERS,
    G_POWER_DISCARD_N,
    G_POWER_STACK,
    G_POWER_STACK_N,
    G_RACE_STACK,
    G_RACE_STACK_N,
    G_ROUND,
    G_ROUNDS,
    MAX_BOMBS,
    MAX_DEGREE,
    MAX_PLAYERS,
    MAX_REGIONS,
    MT_ALLOWED,
    N_MARKERS,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_DECLINE_POWER,
    P_DECLINE_RACE,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    PAR_BOARDS,
    PAR_CAPS,
    PAR_EXTRA_ROUNDS,
    PAR_MURLOCS,
    PAR_ROUNDS,
    PAR_SEAT_COINS,
    PAR_START_COINS,
    PT_ALLOWED,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_MOUNTAIN,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_ALLOWED,
    STREAM_SETUP,
)
from analyzer.engine.rng import randint, shuffle
from analyzer.model.ids import (
    C_BOMBS,
    C_MOUNTAINS,
    C_MURLOCS,
    MURLOC,
    SIZE_L,
    SIZE_M,
    SIZE_S,
    SYM_MARKER,
    SYM_MOUNTAIN,
    SYM_MURLOC,
)


@allocating
def draw_faces(t, n_players, rng, chosen):
    """Pick the faces for this game into chosen[]; returns how many.

    The rulebook draws physical boards at random for the player count (large,
    medium, small) and each board lands on a random side.
    """
    t_params = t.params
    faces = t.faces
    n_faces = faces.shape[0]
    n = 0
    boards = np.empty(n_faces, np.int64)
    for k in range(3):
        size = SIZE_L if k == 0 else (SIZE_M if k == 1 else SIZE_S)
        want = t_params[PAR_BOARDS + 3 * (n_players - 2) + k]
        # physical boards of this size, in first-seen order
        nb = 0
        for f in range(n_faces):
            if faces[f, FACE_SIZE] != size:
                continue
            b = faces[f, FACE_BOARD]
            seen = False
            for i in range(nb):
                if boards[i] == b:
                    seen = True
            if not seen:
                boards[nb] = b
                nb += 1
        shuffle(rng, STREAM_SETUP, boards, nb)
        for i in range(min(want, nb)):
            side = randint(rng, STREAM_SETUP, 2)
            seen_side = 0
            for f in range(n_faces):
                if faces[f, FACE_BOARD] == boards[i]:
                    if seen_side == side:
                        chosen[n] = f
                        n += 1
                        break
                    seen_side += 1
    return n


@kernel
def lay_out_board(g, t, chosen, n_chosen):
    """Copy the chosen faces into the game's region arrays, end to end."""
    g_board = g.board
    g_adj = g.adj
    g_gst = g.gst
    regions = t.face_regions
    r = 0
    for k in range(n_chosen):
        f = chosen[k]
        start = t.faces[f, FACE_START]
        nreg = t.faces[f, FACE_NREG]
        for i in range(nreg):
            src = start + i
            g_board[r + i, B_TERRAIN] = regions[src, FR_TERRAIN]
            g_board[r + i, B_SYMBOLS] = regions[src, FR_SYMBOLS]
            g_board[r + i, B_FACE] = f
            g_board[r + i, B_BOARD] = k
            deg = 0
            for j in range(MAX_DEGREE):
                nb = regions[src, FR_ADJ + j]
                if nb >= 0:
                    g_adj[r + i, deg] = r + nb
                    deg += 1
            g_board[r + i, B_DEGREE] = deg
        r += nreg
    g_gst[G_NREG] = r
    g_gst[G_NBOARDS] = n_chosen
    return r


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


@kernel
def setup_stacks(g, t, rng):
    """Shuffle the allowed banners and badges and lay out the combo column."""
    g_gst = g.gst
    t_race = t.race
    t_power = t.power
    # a combo forced on a seat by a study is in that seat's hand, not in the stacks
    forced_race = g_gst[G_FORCED_RACE] if g_gst[G_FORCED_SEAT] >= 0 else -1
    forced_power = g_gst[G_FORCED_POWER] if g_gst[G_FORCED_SEAT] >= 0 else -1
    n = 0
    for race in range(t.race.shape[0]):
        if t_race[race, RT_ALLOWED] == 1 and race != forced_race:
            g_gst[G_RACE_STACK + n] = race
            n += 1
    g_gst[G_RACE_STACK_N] = n
    shuffle(rng, STREAM_SETUP, g_gst[G_RACE_STACK : G_RACE_STACK + n], n)
    n = 0
    for power in range(t.power.shape[0]):
        if t_power[power, PT_ALLOWED] == 1 and power != forced_power:
            g_gst[G_POWER_STACK + n] = power
            n += 1
    g_gst[G_POWER_STACK_N] = n
    g_gst[G_POWER_DISCARD_N] = 0
    shuffle(rng, STREAM_SETUP, g_gst[G_POWER_STACK : G_POWER_STACK + n], n)
    fill_column(g, t, rng)


@inline_kernel
def shuffle_bombs(g, t, rng):
    """The Goblins' face-down Bomb stack: half the box's Bombs explode, half are duds.
    (The rulebook shuffles it when the Goblins are first picked: the same draw.)"""
    g_gst = g.gst
    n = min(t.params[PAR_CAPS + C_BOMBS], MAX_BOMBS)
    for k in range(n):
        g_gst[G_BOMBS + k] = BOMB_LIVE if k < n // 2 else BOMB_DUD
    g_gst[G_BOMBS_N] = n
    shuffle(rng, STREAM_SETUP, g_gst[G_BOMBS : G_BOMBS + n], n)


@allocating
def setup_game(g, t, n_players):
    """Everything before the first turn. The setup stream drives every draw."""
    g_ply = g.ply
    g_gst = g.gst
    t_params = t.params
    chosen = np.empty(MAX_REGIONS, np.int64)
    n_chosen = draw_faces(t, n_players, g.rng, chosen)
    lay_out_board(g, t, chosen, n_chosen)
    place_pieces(g, t, g.rng)
    setup_stacks(g, t, g.rng)
    shuffle_bombs(g, t, g.rng)
    g_gst[G_PLAYERS] = n_players
    g_gst[G_ROUND] = 1
    g_gst[G_ROUNDS] = t_params[PAR_ROUNDS + n_players - 2] + t_params[PAR_EXTRA_ROUNDS]
    for p in range(MAX_PLAYERS):
        if p < n_players:
            g_ply[p, P_COINS] = t_params[PAR_START_COINS] + t_params[PAR_SEAT_COINS + p]
        else:
            g_ply[p, P_COINS] = 0
        g_ply[p, P_RACE] = -1
        g_ply[p, P_POWER] = -1
        g_ply[p, P_DECLINE_RACE] = -1
        g_ply[p, P_DECLINE_POWER] = -1
        g_ply[p, P_INSTANCE] = -1
        g_ply[p, P_DECLINE_INSTANCE] = -1

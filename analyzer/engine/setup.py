"""Setting up one game: the ruleset chooses the board faces (choose_faces), the
core lays them out, the ruleset places its pieces (place_pieces: the race of
nobody, Mountains, markers...), the core shuffles the banners and badges into
the combo column, and the ruleset readies what it draws after that
(pieces_after_stacks).
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import allocating, kernel
from analyzer.engine.layout import (
    B_BOARD,
    B_DEGREE,
    B_FACE,
    B_SYMBOLS,
    B_TERRAIN,
    FACE_NREG,
    FACE_START,
    FR_ADJ,
    FR_SYMBOLS,
    FR_TERRAIN,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
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
    MAX_DEGREE,
    MAX_PLAYERS,
    MAX_REGIONS,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_DECLINE_POWER,
    P_DECLINE_RACE,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    P_SEEN_VC,
    PAR_EXTRA_ROUNDS,
    PAR_ROUNDS,
    PAR_SEAT_COINS,
    PAR_START_COINS,
    PT_ALLOWED,
    RT_ALLOWED,
    STREAM_SETUP,
)
from analyzer.engine.rng import shuffle
from analyzer.engine.rule_hooks import (
    choose_faces,
    lay_out_draft,
    pieces_after_stacks,
    place_pieces,
)


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
    lay_out_draft(g, t, rng)  # the core's column unless the ruleset deals its own


@allocating
def setup_game(g, t, n_players):
    """Everything before the first turn. The setup stream drives every draw."""
    g_ply = g.ply
    g_gst = g.gst
    t_params = t.params
    g_gst[G_PLAYERS] = n_players  # known to the setup (a variant's draft seats factions)
    chosen = np.empty(MAX_REGIONS, np.int64)
    n_chosen = choose_faces(t, n_players, g.rng, chosen)
    lay_out_board(g, t, chosen, n_chosen)
    place_pieces(g, t, g.rng)
    setup_stacks(g, t, g.rng)
    pieces_after_stacks(g, t, g.rng)
    g_gst[G_ROUND] = 1
    g_gst[G_ROUNDS] = t_params[PAR_ROUNDS + n_players - 2] + t_params[PAR_EXTRA_ROUNDS]
    for p in range(MAX_PLAYERS):
        if p < n_players:
            g_ply[p, P_COINS] = t_params[PAR_START_COINS] + t_params[PAR_SEAT_COINS + p]
        else:
            g_ply[p, P_COINS] = 0
        g_ply[p, P_SEEN_VC] = g_ply[p, P_COINS]  # the start coins are dealt in view
        g_ply[p, P_RACE] = -1
        g_ply[p, P_POWER] = -1
        g_ply[p, P_DECLINE_RACE] = -1
        g_ply[p, P_DECLINE_POWER] = -1
        g_ply[p, P_INSTANCE] = -1
        g_ply[p, P_DECLINE_INSTANCE] = -1

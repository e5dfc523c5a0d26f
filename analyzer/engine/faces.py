"""Setup helpers a ruleset's hooks may bind to: the face drawing for a map made
of physical boards drawn at random (SWoW binds `choose_faces` to draw_faces; the
original game plays the map printed for its player count), and the race of
nobody and the Mountains on their symbols."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import allocating, kernel
from analyzer.engine.layout import (
    B_SYMBOLS,
    CAP_MOUNTAINS,
    CAP_NOBODY,
    FACE_BOARD,
    FACE_SIZE,
    G_NREG,
    NOBODY,
    PAR_BOARDS,
    PAR_CAPS,
    PAR_NOBODY,
    R_DECLINE,
    R_MOUNTAIN,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    STREAM_SETUP,
)
from analyzer.engine.rng import randint, shuffle

# board sizes as the faces table gives them (SWoW's ids.SIZE_*)
SIZE_S, SIZE_M, SIZE_L = range(3)


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
def place_nobody_and_mountains(g, t, nobody_symbol, mountain_symbol):
    """Empty every region, then one token of the race of nobody (Murlocs, Lost
    Tribes: in decline, of no player) on each region with `nobody_symbol` and a
    Mountain on each with `mountain_symbol`, both up to their box (CAP_NOBODY,
    CAP_MOUNTAINS; PAR_NOBODY 0 leaves the race of nobody out)."""
    g_reg = g.reg
    g_board = g.board
    t_params = t.params
    allowed = t_params[PAR_CAPS + CAP_NOBODY] if t_params[PAR_NOBODY] == 1 else 0
    placed = 0
    mountains = 0
    for r in range(g.gst[G_NREG]):
        g_reg[r, R_PLAYER] = -1
        g_reg[r, R_RACE] = -1
        sym = g_board[r, B_SYMBOLS]
        if (sym & nobody_symbol) and placed < allowed:
            g_reg[r, R_RACE] = NOBODY
            g_reg[r, R_DECLINE] = 1
            g_reg[r, R_TOKENS] = 1
            placed += 1
        if (sym & mountain_symbol) and mountains < t_params[PAR_CAPS + CAP_MOUNTAINS]:
            g_reg[r, R_MOUNTAIN] = 1
            mountains += 1

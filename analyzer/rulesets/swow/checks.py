"""SWoW's invariants (engine/invariants.py runs them after its own): its power
pieces (Forts, Watch Towers, Beasts, the Champion), its race pieces (Wisp Walls,
Bombs, Military Objectives, Harmony) and its markers."""

from __future__ import annotations

import numpy as np

from analyzer.engine.error_codes import ERR_MARKERS, ERR_PIECE_CAPS, ERR_PIECES, ERR_RACE_PIECES
from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import (
    B_SYMBOLS,
    B_TERRAIN,
    BOMB_DUD,
    BOMB_LIVE,
    G_BOMBS,
    G_BOMBS_N,
    G_HARMONY_FROM,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NREG,
    G_PLAYERS,
    MAX_BOMBS,
    N_MARKERS,
    P_BEASTS,
    P_CHAMPION,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    R_BEASTS,
    R_BOMB,
    R_CHAMPION,
    R_DECLINE,
    R_FORT,
    R_MARKERS,
    R_MARKERS_UP,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOWER,
    R_WISP,
    RT_FACTION,
)
from analyzer.engine.terrain import is_water
from analyzer.rulesets.swow.ids import (
    ALLIANCE,
    BEAST_MASTER,
    C_BEASTS,
    C_BOMBS,
    C_CHAMPION,
    C_FORTS,
    C_HARMONY,
    C_MARKERS,
    C_MILITARY_OBJECTIVES,
    C_WATCH_TOWERS,
    C_WISP_WALLS,
    CHAMPIONING,
    DEFENSIVE,
    FIELDS,
    GOBLINS,
    HUMANS,
    MURLOC,
    NIGHT_ELVES,
    PANDAREN,
    SYM_MARKER,
    WELL_OF_ETERNITY,
)


@inline_kernel
def pieces_invariants(g, t):
    return check_power_pieces(g, t)


@inline_kernel
def ruleset_invariants(g, t):
    e = check_pieces(g, t)
    if e != 0:
        return e
    return check_markers(g, t)


@inline_kernel
def check_power_pieces(g, t):
    """Forts, Watch Towers, Beasts and the Champion: within their box, and only
    where the power that puts them can have put them."""
    g_reg = g.reg
    g_ply = g.ply
    t_params = t.params
    forts = 0
    towers = 0
    beasts = 0
    champions = 0
    for p in range(g.gst[G_PLAYERS]):
        if g_ply[p, P_BEASTS] < 0 or g_ply[p, P_BEASTS] > g_ply[p, P_HAND]:
            return ERR_PIECES
        if g_ply[p, P_BEASTS] > 0 and g_ply[p, P_POWER] != BEAST_MASTER:
            return ERR_PIECES
        if g_ply[p, P_CHAMPION] == 1 and g_ply[p, P_POWER] != CHAMPIONING:
            return ERR_PIECES
        beasts += g_ply[p, P_BEASTS]
        champions += g_ply[p, P_CHAMPION]
    for r in range(g.gst[G_NREG]):
        q = g_reg[r, R_PLAYER]
        race = g_reg[r, R_RACE]
        fort = g_reg[r, R_FORT]
        tower = g_reg[r, R_TOWER]
        b = g_reg[r, R_BEASTS]
        champ = g_reg[r, R_CHAMPION]
        forts += fort
        towers += tower
        beasts += b
        champions += champ
        if fort < 0 or fort > 1 or tower < 0 or tower > 1 or b < 0 or champ < 0 or champ > 1:
            return ERR_PIECES
        # a Fort stands with race tokens; Towers, Beasts and the Champion only
        # with the active race whose power put them there
        if fort == 1 and (race < 0 or race == MURLOC):
            return ERR_PIECES
        active = q >= 0 and g_reg[r, R_DECLINE] == 0
        if tower == 1 and not (
            active and g_ply[q, P_POWER] == DEFENSIVE and g.board[r, B_TERRAIN] == FIELDS
        ):
            return ERR_PIECES
        if b > 0 and not (active and g_ply[q, P_POWER] == BEAST_MASTER):
            return ERR_PIECES
        if champ == 1 and not (active and g_ply[q, P_POWER] == CHAMPIONING):
            return ERR_PIECES
    if (
        forts > t_params[PAR_CAPS + C_FORTS]
        or towers > t_params[PAR_CAPS + C_WATCH_TOWERS]
        or beasts > t_params[PAR_CAPS + C_BEASTS]
        or champions > t_params[PAR_CAPS + C_CHAMPION]
    ):
        return ERR_PIECE_CAPS
    return 0


@inline_kernel
def check_pieces(g, t):
    """The race pieces: within their box, and only where the rules leave them."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    t_params = t.params
    n_players = g_gst[G_PLAYERS]
    goblins = -1
    humans = -1
    for p in range(n_players):
        if g_ply[p, P_RACE] == GOBLINS:
            goblins = p
        if g_ply[p, P_RACE] == HUMANS:
            humans = p
    walls = 0
    objectives = 0
    bombs = np.zeros(3, np.int64)
    for r in range(g_gst[G_NREG]):
        race = g_reg[r, R_RACE]
        if g_reg[r, R_WISP] != 0:
            walls += 1
            # on a Night Elves region: a Forest, unless a Portal Mage swap moved it
            if race != NIGHT_ELVES:
                return ERR_RACE_PIECES
        if g_reg[r, R_OBJECTIVE] != 0:
            objectives += 1
            if humans < 0 or (
                race >= 0 and race != MURLOC and t.race[race, RT_FACTION] == ALLIANCE
            ):
                return ERR_RACE_PIECES
        b = g_reg[r, R_BOMB]
        if b != 0:
            q = g_reg[r, R_PLAYER]
            if b != BOMB_LIVE and b != BOMB_DUD or goblins < 0 or q < 0 or q == goblins:
                return ERR_RACE_PIECES
            bombs[b] += 1
    for k in range(g_gst[G_BOMBS_N]):
        b = g_gst[G_BOMBS + k]
        if b != BOMB_LIVE and b != BOMB_DUD:
            return ERR_RACE_PIECES
        bombs[b] += 1
    box = min(t_params[PAR_CAPS + C_BOMBS], MAX_BOMBS)
    if bombs[BOMB_LIVE] > box // 2 or bombs[BOMB_DUD] > box - box // 2:
        return ERR_RACE_PIECES
    if walls > t_params[PAR_CAPS + C_WISP_WALLS]:
        return ERR_RACE_PIECES
    if objectives > t_params[PAR_CAPS + C_MILITARY_OBJECTIVES]:
        return ERR_RACE_PIECES
    holders = 0
    for p in range(n_players):
        if g_ply[p, P_HARMONY] != 0:
            holders += 1
    giver = g_gst[G_HARMONY_FROM] - 1
    if holders > t_params[PAR_CAPS + C_HARMONY]:
        return ERR_RACE_PIECES
    if holders > 0 and (
        giver < 0 or g_ply[giver, P_RACE] != PANDAREN or g_ply[giver, P_HARMONY] != 0
    ):
        return ERR_RACE_PIECES
    return 0


@inline_kernel
def check_markers(g, t):
    """Each marker lies in at most one place (a region, or the box's pool) and the
    location cache G_MARKER_AT agrees, face-up bits only where a marker lies, a
    face-down marker still on its start symbol, the face-up Well of Eternity in
    water, and no more markers than the box holds."""
    g_reg = g.reg
    g_board = g.board
    g_gst = g.gst
    pool = g_gst[G_MARKER_POOL]
    seen = 0
    n = 0
    for r in range(g_gst[G_NREG]):
        here = g_reg[r, R_MARKERS]
        up = g_reg[r, R_MARKERS_UP]
        if here & (seen | pool) or up & ~here:
            return ERR_MARKERS
        seen |= here
        for m in range(N_MARKERS):
            if (here >> m) & 1 and g_gst[G_MARKER_AT + m] != r:
                return ERR_MARKERS  # the location cache disagrees
        if here & ~up and not (g_board[r, B_SYMBOLS] & SYM_MARKER):
            return ERR_MARKERS
        if (up >> WELL_OF_ETERNITY) & 1 and not is_water(g, r):
            return ERR_MARKERS
        for m in range(N_MARKERS):
            n += (here >> m) & 1
    if n > t.params[PAR_CAPS + C_MARKERS]:
        return ERR_MARKERS
    for m in range(N_MARKERS):
        if g_gst[G_MARKER_AT + m] >= 0 and not (seen >> m) & 1:
            return ERR_MARKERS
    return 0

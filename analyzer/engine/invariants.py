"""Checks that must hold after every turn of every game. Each returns a code
(0 when all is well) so a batch can report the first violation of each game."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import allocating, inline_kernel
from analyzer.engine.layout import (
    B_SYMBOLS,
    B_TERRAIN,
    BOMB_DUD,
    BOMB_LIVE,
    G_BOMBS,
    G_BOMBS_N,
    G_COL_RACE,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_HARMONY_FROM,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NREG,
    G_PLAYERS,
    G_RACE_STACK,
    G_RACE_STACK_N,
    MAX_BOMBS,
    MAX_RACES,
    N_MARKERS,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINE_RACE,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    PAR_COLUMN_SIZE,
    R_BEASTS,
    R_BOMB,
    R_CHAMPION,
    R_DECLINE,
    R_FORT,
    R_MARKERS,
    R_MARKERS_UP,
    R_MOUNTAIN,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    R_TOWER,
    R_WISP,
    RT_ALLOWED,
    RT_BOX,
    RT_FACTION,
)
from analyzer.engine.rule_hooks import (
    is_water,
    may_enter_water,
    min_region_tokens,
)
from analyzer.model.ids import (
    ALLIANCE,
    BEAST_MASTER,
    C_BEASTS,
    C_BOMBS,
    C_CHAMPION,
    C_FORTS,
    C_HARMONY,
    C_MARKERS,
    C_MILITARY_OBJECTIVES,
    C_MOUNTAINS,
    C_MURLOCS,
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

ERR_COINS = 1  # a player's coins went negative
ERR_REGION = 2  # a region's owner, race, decline flag and tokens disagree
ERR_BOX = 3  # more tokens of a race in play than its box holds
ERR_DECLINE = 4  # a player holds regions of more than one in-decline race
ERR_CAPS = 5  # more Murlocs or Mountains on the boards than the box holds
ERR_MIN_TOKENS = 6  # an active region below its minimum (1, Tauren 2)
ERR_HAND = 7  # tokens left in hand by a player who holds regions
ERR_BANNERS = 8  # a banner is missing or in two places
ERR_WATER = 9  # a race that may not enter water stands in a Sea or Lake
ERR_TARGETS = 10  # conquest costs updated after a conquest differ from a full recompute
ERR_PIECES = 11  # a Fort, Watch Tower, Beast or Champion where its power cannot have put it
ERR_PIECE_CAPS = 12  # more Forts, Watch Towers, Beasts or Champions in play than the box holds
ERR_RACE_PIECES = 13  # Wisp Walls, Bombs, Military Objectives or Harmony misplaced or over the box
ERR_MARKERS = 14  # a marker in two places, face up but absent, moved face down, or misplaced
ERR_BAD_MOVE = 100  # a bot asked for something illegal (set by the turn, not checked here)

ERROR_NAMES = {
    ERR_COINS: "coins negative",
    ERR_REGION: "region state inconsistent",
    ERR_BOX: "race tokens exceed the box",
    ERR_DECLINE: "more than one in-decline race",
    ERR_CAPS: "Murlocs or Mountains exceed the box",
    ERR_MIN_TOKENS: "region below its minimum tokens",
    ERR_HAND: "tokens left in hand beside held regions",
    ERR_BANNERS: "banner lost or duplicated",
    ERR_WATER: "race in water it may not enter",
    ERR_TARGETS: "conquest costs out of date after a conquest",
    ERR_PIECES: "a power's piece where it cannot be",
    ERR_PIECE_CAPS: "Forts, Watch Towers, Beasts or Champions exceed the box",
    ERR_RACE_PIECES: "Wisp Walls, Bombs, Objectives or Harmony misplaced or over the box",
    ERR_MARKERS: "an Artifact or Place marker in two places or misplaced",
    ERR_BAD_MOVE: "a bot asked for an illegal move",
}


@allocating
def check_invariants(g, t):
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    t_race = t.race
    t_params = t.params
    n_players = g_gst[G_PLAYERS]
    nreg = g_gst[G_NREG]
    tokens = np.zeros(MAX_RACES, np.int64)
    regions_of = np.zeros(n_players, np.int64)
    murlocs = 0
    mountains = 0
    forts = 0
    towers = 0
    beasts = 0
    champions = 0
    for p in range(n_players):
        if g_ply[p, P_COINS] < 0:
            return ERR_COINS
        if g_ply[p, P_BEASTS] < 0 or g_ply[p, P_BEASTS] > g_ply[p, P_HAND]:
            return ERR_PIECES
        if g_ply[p, P_BEASTS] > 0 and g_ply[p, P_POWER] != BEAST_MASTER:
            return ERR_PIECES
        if g_ply[p, P_CHAMPION] == 1 and g_ply[p, P_POWER] != CHAMPIONING:
            return ERR_PIECES
        beasts += g_ply[p, P_BEASTS]
        champions += g_ply[p, P_CHAMPION]
    for r in range(nreg):
        q = g_reg[r, R_PLAYER]
        race = g_reg[r, R_RACE]
        n = g_reg[r, R_TOKENS]
        mountains += g_reg[r, R_MOUNTAIN]
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
        if race < 0:
            if q != -1 or n != 0:
                return ERR_REGION
            continue
        if n <= 0:
            return ERR_REGION
        tokens[race] += n
        if race == MURLOC:
            murlocs += n
            if q != -1 or g_reg[r, R_DECLINE] != 1:
                return ERR_REGION
            continue
        if q < 0 or q >= n_players:
            return ERR_REGION
        if g_reg[r, R_DECLINE] == 1:
            if race != g_ply[q, P_DECLINE_RACE]:
                return ERR_DECLINE
        else:
            if race != g_ply[q, P_RACE]:
                return ERR_REGION
            if n < min_region_tokens(race):
                return ERR_MIN_TOKENS
            regions_of[q] += 1
        if is_water(g, r) and not may_enter_water(race):
            return ERR_WATER
    if murlocs > t.params[PAR_CAPS + C_MURLOCS] or mountains > t.params[PAR_CAPS + C_MOUNTAINS]:
        return ERR_CAPS
    if (
        forts > t_params[PAR_CAPS + C_FORTS]
        or towers > t_params[PAR_CAPS + C_WATCH_TOWERS]
        or beasts > t_params[PAR_CAPS + C_BEASTS]
        or champions > t_params[PAR_CAPS + C_CHAMPION]
    ):
        return ERR_PIECE_CAPS
    for p in range(n_players):
        race = g_ply[p, P_RACE]
        if race >= 0:
            tokens[race] += g_ply[p, P_HAND] - g_ply[p, P_BEASTS]
            if regions_of[p] > 0 and (g_ply[p, P_HAND] != 0 or g_ply[p, P_CHAMPION] != 0):
                return ERR_HAND
        elif g_ply[p, P_HAND] != 0:
            return ERR_HAND
    for race in range(MAX_RACES):
        if race != MURLOC and tokens[race] > t_race[race, RT_BOX]:
            return ERR_BOX
    # every allowed banner is in exactly one place
    seen = np.zeros(MAX_RACES, np.int64)
    for k in range(t_params[PAR_COLUMN_SIZE]):
        race = g_gst[G_COL_RACE + k]
        if race >= 0:
            seen[race] += 1
    for k in range(g_gst[G_RACE_STACK_N]):
        seen[g_gst[G_RACE_STACK + k]] += 1
    for p in range(n_players):
        if g_ply[p, P_RACE] >= 0:
            seen[g_ply[p, P_RACE]] += 1
        if g_ply[p, P_DECLINE_RACE] >= 0:
            seen[g_ply[p, P_DECLINE_RACE]] += 1
    if g_gst[G_FORCED_SEAT] >= 0:
        seen[g_gst[G_FORCED_RACE]] += 1  # waiting for its forced seat's first turn
    for race in range(MAX_RACES):
        want = 1 if t_race[race, RT_ALLOWED] == 1 else 0
        if seen[race] != want:
            return ERR_BANNERS
    e = check_pieces(g, t)
    if e != 0:
        return e
    return check_markers(g, t)


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

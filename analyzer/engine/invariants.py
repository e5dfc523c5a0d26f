"""Checks that must hold after every turn of every game. Each returns a code
(0 when all is well) so a batch can report the first violation of each game.
The codes live in error_codes.py (re-exported here for the callers)."""

from __future__ import annotations

import numpy as np

from analyzer.engine.error_codes import (  # noqa: F401 (re-exported)
    ERR_BAD_MOVE,
    ERR_BANNERS,
    ERR_BOX,
    ERR_CAPS,
    ERR_COINS,
    ERR_DECLINE,
    ERR_HAND,
    ERR_MARKERS,
    ERR_MIN_TOKENS,
    ERR_PIECE_CAPS,
    ERR_PIECES,
    ERR_RACE_PIECES,
    ERR_REGION,
    ERR_TARGETS,
    ERR_WATER,
    ERROR_NAMES,
)
from analyzer.engine.jit import allocating
from analyzer.engine.layout import (
    CAP_MOUNTAINS,
    CAP_NOBODY,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_NREG,
    G_PLAYERS,
    MAX_RACES,
    NOBODY,
    P_COINS,
    P_DECLINE_POWER,
    P_DECLINE_RACE,
    P_HAND,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    R_DECLINE,
    R_MOUNTAIN,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_ALLOWED,
    RT_BOX,
)
from analyzer.engine.rule_hooks import (
    banners_in_draft,
    decline_race_held,
    hand_empty,
    may_enter_water,
    min_region_tokens,
    pieces_invariants,
    race_tokens_in_hand,
    ruleset_invariants,
    spare_decline_race,
)
from analyzer.engine.terrain import is_water


@allocating
def check_invariants(g, t):
    """The core's checks (regions, hands, boxes, banners) and the ruleset's own:
    pieces_invariants (its pieces, checked before the hands and boxes) and
    ruleset_invariants (anything else, last)."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    t_race = t.race
    t_params = t.params
    n_players = g_gst[G_PLAYERS]
    nreg = g_gst[G_NREG]
    tokens = np.zeros(MAX_RACES, np.int64)
    regions_of = np.zeros(n_players, np.int64)
    nobody = 0
    mountains = 0
    for p in range(n_players):
        if g_ply[p, P_COINS] < 0:
            return ERR_COINS
    for r in range(nreg):
        q = g_reg[r, R_PLAYER]
        race = g_reg[r, R_RACE]
        n = g_reg[r, R_TOKENS]
        mountains += g_reg[r, R_MOUNTAIN]
        if race < 0:
            if q != -1 or n != 0:
                return ERR_REGION
            continue
        if n <= 0:
            return ERR_REGION
        tokens[race] += n
        if race == NOBODY:
            nobody += n
            if q != -1 or g_reg[r, R_DECLINE] != 1:
                return ERR_REGION
            continue
        if q < 0 or q >= n_players:
            return ERR_REGION
        if g_reg[r, R_DECLINE] == 1:
            if not decline_race_held(g_ply, q, race):
                return ERR_DECLINE
        else:
            if race != g_ply[q, P_RACE]:
                return ERR_REGION
            if n < min_region_tokens(race):
                return ERR_MIN_TOKENS
            regions_of[q] += 1
        holder_power = g_ply[q, P_DECLINE_POWER if g_reg[r, R_DECLINE] == 1 else P_POWER]
        if is_water(g, r) and not may_enter_water(race, holder_power):
            return ERR_WATER
    if nobody > t_params[PAR_CAPS + CAP_NOBODY] or mountains > t_params[PAR_CAPS + CAP_MOUNTAINS]:
        return ERR_CAPS
    e = pieces_invariants(g, t)  # the ruleset's pieces on the regions and in hand
    if e != 0:
        return e
    for p in range(n_players):
        race = g_ply[p, P_RACE]
        if race >= 0:
            tokens[race] += race_tokens_in_hand(g_ply, p)
            if regions_of[p] > 0 and not hand_empty(g_ply, p):
                return ERR_HAND
        elif g_ply[p, P_HAND] != 0:
            return ERR_HAND
    for race in range(MAX_RACES):
        if race != NOBODY and tokens[race] > t_race[race, RT_BOX]:
            return ERR_BOX
    # every allowed banner is in exactly one place
    seen = np.zeros(MAX_RACES, np.int64)
    banners_in_draft(g, t, seen)
    for p in range(n_players):
        if g_ply[p, P_RACE] >= 0:
            seen[g_ply[p, P_RACE]] += 1
        if g_ply[p, P_DECLINE_RACE] >= 0:
            seen[g_ply[p, P_DECLINE_RACE]] += 1
        if spare_decline_race(g_ply, p) >= 0:
            seen[spare_decline_race(g_ply, p)] += 1
    if g_gst[G_FORCED_SEAT] >= 0:
        seen[g_gst[G_FORCED_RACE]] += 1  # waiting for its forced seat's first turn
    for race in range(MAX_RACES):
        want = 1 if t_race[race, RT_ALLOWED] == 1 else 0
        if seen[race] != want:
            return ERR_BANNERS
    return ruleset_invariants(g, t)

"""A scripted bot that plays like a decent human.

- Combo: tokens, plus what the race and power are worth (a value table below),
  plus coins lying on the combo, minus its price; abilities that pay per turn
  count less when few turns are left.
- Conquest: the cheapest valuable region first (value per token), so a turn
  takes as many good regions as it can; when nothing is affordable the last
  tokens try the reinforcement die on the region with the best odds x value.
- Redeployment: spare tokens go where opponents can strike next (neighbouring
  active enemies, Entry regions), most where the threat per defender is highest.
  In the last round only the players still to play count.
- Decline: a parameterized rule (tokens free to attack below a threshold once
  the race is old enough, or at a fixed age), never in the last round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.engine.abilities import FORM_HUMAN, FORM_WORGEN, min_region_tokens, region_bonus
from analyzer.engine.conquest import die_allowed, place_tokens
from analyzer.engine.layout import (
    B_DEGREE,
    B_SYMBOLS,
    G_COL_COINS,
    G_COL_POWER,
    G_COL_RACE,
    G_DEFEATED,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    I_ROUND_PICKED,
    P_COINS,
    P_HAND,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    PAR_DIE_FACES,
    PAR_FACTION_BONUS,
    PT_BADGE,
    PT_MODELED,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_BANNER,
    RT_FACTION,
    RT_MODELED,
)
from analyzer.model.ids import ALLIANCE, HORDE, MURLOC, SYM_ENTRY, WORGEN
from analyzer.players.params import (
    H_ABILITY_WEIGHT,
    H_AGGRESSION,
    H_DECLINE_AT_AGE,
    H_DECLINE_MIN_AGE,
    H_DECLINE_TOKENS,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    H_RESERVE,
    H_TOKEN_VALUE,
    H_WORGEN_HAND,
)

# What the bot believes each ability is worth, in tokens, over a race's life.
# Bot knowledge, not rules: only abilities the engine models are counted.
RACE_VALUE = np.array(
    # blood_elves draenei dwarves ethereals forsaken gnomes goblins humans
    [1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0,
     # kobolds naga night_elves orcs pandaren tauren trolls worgen
     1.0, 1.0, 1.0, 1.0, 1.0, -4.0, 1.5, 1.5, 0.0],
    dtype=np.float64,
)  # fmt: skip
POWER_VALUE = np.array(
    # archaeologist battle_master beast_master blacksmith championing defensive
    [0.5, 1.5, 1.0, 2.0, 1.5, 1.0,
     # enraged explorer farmer fishing garrisoned herbalist intimidating
     1.0, 1.5, 1.5, 1.5, 1.0, 1.5, 1.0,
     # marshdweller mining mountaineer portal_mage ranger sailing swamp_walker
     0.5, 1.5, 1.5, 0.5, 1.5, 1.0, 1.5],
    dtype=np.float64,
)  # fmt: skip


@njit(cache=True)
def turns_left(g, p):
    """Turns p still plays, this one included."""
    return g.gst[G_ROUNDS] - g.gst[G_ROUND] + 1


# ------------------------------------------------------------------------ combo
@njit(cache=True)
def heuristic_combo(g, t, p, n_visible):
    life = min(1.0, turns_left(g, p) / 3.0)
    best = 0
    best_value = -1e9
    for k in range(min(n_visible, g.ply[p, P_COINS] + 1)):
        race = g.gst[G_COL_RACE + k]
        power = g.gst[G_COL_POWER + k]
        tokens = t.race[race, RT_BANNER] + t.power[power, PT_BADGE]
        ability = 0.0
        if t.race[race, RT_MODELED] > 0:
            ability += RACE_VALUE[race]
        if t.power[power, PT_MODELED] > 0:
            ability += POWER_VALUE[power]
        value = (
            g.pol[p, H_TOKEN_VALUE] * tokens
            + g.pol[p, H_ABILITY_WEIGHT] * ability * life
            + g.gst[G_COL_COINS + k]
            - k
        )
        if value > best_value:
            best_value = value
            best = k
    return best


# ---------------------------------------------------------------------- decline
@njit(cache=True)
def free_tokens(g, p):
    """Tokens p could bring to conquest this turn after readying troops."""
    keep = min_region_tokens(g.ply[p, P_RACE])
    n = g.ply[p, P_HAND]
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            n += g.reg[r, R_TOKENS] - keep
    return n


@njit(cache=True)
def heuristic_decline(g, t, p):
    if turns_left(g, p) <= 1:
        return False  # a race picked in the last turn would never play
    i = g.ply[p, P_INSTANCE]
    age = g.gst[G_ROUND] - g.inst[i, I_ROUND_PICKED]
    at_age = g.pol[p, H_DECLINE_AT_AGE]
    if at_age > 0:
        return age >= at_age
    if age < g.pol[p, H_DECLINE_MIN_AGE]:
        return False
    return free_tokens(g, p) < g.pol[p, H_DECLINE_TOKENS]


@njit(cache=True)
def heuristic_form(g, t, p):
    if g.ply[p, P_RACE] == WORGEN and free_tokens(g, p) >= g.pol[p, H_WORGEN_HAND]:
        return FORM_WORGEN
    return FORM_HUMAN


# --------------------------------------------------------------------- conquest
@njit(cache=True)
def leader(g):
    best = 0
    for q in range(1, g.gst[G_PLAYERS]):
        if g.ply[q, P_COINS] > g.ply[best, P_COINS]:
            best = q
    return best


@njit(cache=True)
def opposite(f1, f2):
    return (f1 == ALLIANCE and f2 == HORDE) or (f1 == HORDE and f2 == ALLIANCE)


@njit(cache=True)
def region_value(g, t, p, r, lead):
    """What taking r is worth to p this turn, in VC-like units."""
    race = g.ply[p, P_RACE]
    value = 1.0 + region_bonus(g, t, race, g.ply[p, P_POWER], r)
    def_race = g.reg[r, R_RACE]
    q = g.reg[r, R_PLAYER]
    if def_race >= 0 and def_race != MURLOC:
        if g.gst[G_DEFEATED + def_race] == 0 and opposite(
            t.race[race, RT_FACTION], t.race[def_race, RT_FACTION]
        ):
            value += t.params[PAR_FACTION_BONUS]
        if q >= 0 and q != p:
            value += g.pol[p, H_AGGRESSION]
            if q == lead:
                value += g.pol[p, H_LEADER_FOCUS]
    # room to grow: neighbours not yet ours
    for k in range(g.board[r, B_DEGREE]):
        nb = g.adj[r, k]
        if g.reg[nb, R_PLAYER] != p:
            value += 0.05
    return value


@njit(cache=True)
def die_success(t, short):
    n = 0
    for k in range(6):
        if t.params[PAR_DIE_FACES + k] >= short:
            n += 1
    return n / 6.0


@njit(cache=True)
def heuristic_target(g, t, p):
    hand = g.ply[p, P_HAND]
    budget = hand - int(g.pol[p, H_RESERVE])
    lead = leader(g)
    best = -1
    best_score = 0.0
    best_die = -1
    best_die_score = 0.0
    for r in range(g.gst[G_NREG]):
        c = g.cost[r]
        if c < 0:
            continue
        if c <= budget:
            score = region_value(g, t, p, r, lead) / c
            if score > best_score:
                best_score = score
                best = r
        elif die_allowed(g, t, p, c):
            score = region_value(g, t, p, r, lead) * die_success(t, c - hand)
            if score > best_die_score:
                best_die_score = score
                best_die = r
    if best >= 0:
        return best, False
    if best_die >= 0 and hand > 0:
        return best_die, True
    return -1, False


# ---------------------------------------------------------------- redeployment
@njit(cache=True)
def threat(g, t, p, r, n_players):
    """How exposed p's region r is to the players who play before p's next turn."""
    me = g.ply[p, P_RACE]
    last_round = g.gst[G_ROUND] == g.gst[G_ROUNDS]
    danger = 0.0
    for k in range(g.board[r, B_DEGREE]):
        nb = g.adj[r, k]
        q = g.reg[nb, R_PLAYER]
        if q >= 0 and q != p and g.reg[nb, R_DECLINE] == 0 and g.reg[nb, R_RACE] != me:
            if not (last_round and q < p):
                danger += 1.0
    if (g.board[r, B_SYMBOLS] & SYM_ENTRY) != 0:
        for q in range(n_players):
            if q != p and not (last_round and q < p):
                danger += g.pol[p, H_ENTRY_THREAT]
    return danger


@njit(cache=True)
def heuristic_place(g, t, p):
    """Spare tokens go one by one where threat per defender is highest."""
    nreg = g.gst[G_NREG]
    n_players = g.gst[G_PLAYERS]
    n_own = 0
    for r in range(nreg):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            g.work[n_own] = r
            g.fwork[n_own] = threat(g, t, p, r, n_players)
            n_own += 1
    if n_own == 0:
        return
    while g.ply[p, P_HAND] > 0:
        best = 0
        best_score = -1.0
        for i in range(n_own):
            r = g.work[i]
            score = (g.fwork[i] + 1e-3) / (g.reg[r, R_TOKENS] + 1)
            if score > best_score:
                best_score = score
                best = i
        place_tokens(g, p, g.work[best], 1)

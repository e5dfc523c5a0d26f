"""End-of-turn scoring: 1 VC per region held (active and in decline), the race,
power and marker bonuses, and the Alliance/Horde Faction Bonus."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_DEFEATED,
    G_NREG,
    I_VC_ACTIVE,
    I_VC_DECLINE,
    MAX_RACES,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_INSTANCE,
    P_RACE,
    PAR_FACTION_BONUS,
    R_DECLINE,
    R_PLAYER,
    RT_FACTION,
)
from analyzer.engine.rule_hooks import (
    active_bonus,
    decline_bonus,
    fighting_faction,
)
from analyzer.engine.state import EV_SCORE
from analyzer.engine.trace import log_event
from analyzer.model.ids import ALLIANCE, HORDE, MURLOC


@inline_kernel
def opposite_faction(faction):
    if faction == ALLIANCE:
        return HORDE
    if faction == HORDE:
        return ALLIANCE
    return -1


@kernel
def faction_bonus(g, t, p):
    """1 VC (a parameter) per race of the opposite faction defeated this turn; an
    active race and an in-decline race are different races; Neutral gets none.
    On the Battleground a race defeated in two or more regions pays it twice, and
    a Neutral race fights for the side it chose (markers.fighting_faction)."""
    g_gst = g.gst
    t_race = t.race
    t_params = t.params
    if g.ply[p, P_RACE] < 0:
        return 0
    faction, times = fighting_faction(g, t, p)
    enemy = opposite_faction(faction)
    if enemy < 0:
        return 0
    n = 0
    for d in range(MAX_RACES):
        if d != MURLOC and t_race[d, RT_FACTION] == enemy:
            n += min(g_gst[G_DEFEATED + d], times)
    return n * t_params[PAR_FACTION_BONUS]


@kernel
def score_turn(g, t, p):
    """Pay p for its turn; returns the VC scored."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    g_inst = g.inst
    active = 0
    declined = 0
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p:
            if g_reg[r, R_DECLINE] == 0:
                active += 1
            else:
                declined += 1
    active += active_bonus(g, t, p) + faction_bonus(g, t, p)
    declined += decline_bonus(g, t, p)
    g_ply[p, P_COINS] += active + declined
    i = g_ply[p, P_INSTANCE]
    if i >= 0:
        g_inst[i, I_VC_ACTIVE] += active
    j = g_ply[p, P_DECLINE_INSTANCE]
    if j >= 0:
        g_inst[j, I_VC_DECLINE] += declined
    log_event(g, EV_SCORE, p, -1, active + declined, g_ply[p, P_COINS])
    return active + declined

"""SWoW's scoring beside the core's 1 VC per region: the active race's bonuses
(abilities.active_bonus), the Alliance/Horde Faction Bonus, and what an in-decline
race still earns (abilities.decline_bonus)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_DEFEATED,
    MAX_RACES,
    P_RACE,
    PAR_FACTION_BONUS,
    RT_FACTION,
)
from analyzer.rulesets.swow.abilities import active_bonus, decline_bonus
from analyzer.rulesets.swow.ids import ALLIANCE, HORDE, MURLOC
from analyzer.rulesets.swow.markers import fighting_faction


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


@inline_kernel
def turn_bonus(g, t, p):
    """Every end-of-turn bonus VC of p's active race, the Faction Bonus included."""
    return active_bonus(g, t, p) + faction_bonus(g, t, p)


@inline_kernel
def turn_bonuses(g, t, p):
    """The end-of-turn bonus VC of the active race and of the in-decline ones."""
    return turn_bonus(g, t, p), decline_bonus(g, t, p)

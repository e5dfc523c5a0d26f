"""Entering decline: the earlier in-decline race leaves the map, the active race
keeps the ruleset's tokens per region (decline_keep: one; SWoW's Tauren two, the
Ghouls all), flipped; its badge is discarded."""

from __future__ import annotations

from analyzer.engine.column import discard_power
from analyzer.engine.conquest import clear_region, wipe_decline_race_if_gone
from analyzer.engine.jit import kernel
from analyzer.engine.layout import (
    EV_DECLINE,
    G_NREG,
    G_ROUND,
    I_ROUND_DECLINED,
    P_DECLINE_INSTANCE,
    P_DECLINE_POWER,
    P_DECLINE_RACE,
    P_DECLINES,
    P_HAND,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
)
from analyzer.engine.rule_hooks import (
    decline_keep,
    into_spare_decline,
    on_decline,
    power_lasts_in_decline,
    return_race,
)
from analyzer.engine.state import assume_as_built
from analyzer.engine.trace import log_event


@kernel
def remove_decline_race(g, t, p):
    """Wipe p's in-decline race off the map and return its banner."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    race = g_ply[p, P_DECLINE_RACE]
    if race < 0:
        return
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 1 and g_reg[r, R_RACE] == race:
            clear_region(g, r)
    return_race(g, t, g.rng, race)
    discard_power(g, g_ply[p, P_DECLINE_POWER])
    g_ply[p, P_DECLINE_RACE] = -1
    g_ply[p, P_DECLINE_POWER] = -1
    g_ply[p, P_DECLINE_INSTANCE] = -1


@kernel
def go_into_decline(g, t, p):
    assume_as_built(g, t)
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    g_inst = g.inst
    race = g_ply[p, P_RACE]
    power = g_ply[p, P_POWER]
    i = g_ply[p, P_INSTANCE]
    on_decline(g, t, p)
    # a ruleset may keep this race in a decline slot of its own (the original
    # game's Spirit), leaving the player's in-decline race where it is
    spare = into_spare_decline(g, p, race, power, i)
    if not spare:
        remove_decline_race(g, t, p)
    keep = decline_keep(race)
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            g_reg[r, R_DECLINE] = 1
            if g_reg[r, R_TOKENS] > keep:
                g_reg[r, R_TOKENS] = keep
    g_ply[p, P_HAND] = 0
    if not spare:
        g_ply[p, P_DECLINE_RACE] = race
        if power_lasts_in_decline(power):
            g_ply[p, P_DECLINE_POWER] = power
        else:
            g_ply[p, P_DECLINE_POWER] = -1
            discard_power(g, power)
        g_ply[p, P_DECLINE_INSTANCE] = i
    g_ply[p, P_RACE] = -1
    g_ply[p, P_POWER] = -1
    g_ply[p, P_INSTANCE] = -1
    if i >= 0:
        g_inst[i, I_ROUND_DECLINED] = g_gst[G_ROUND]
    g_ply[p, P_DECLINES] += 1
    log_event(g, EV_DECLINE, p, -1, race, 0)
    # a race with no region left goes straight back to the column
    wipe_decline_race_if_gone(g, t, p)

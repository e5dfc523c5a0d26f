"""Where the Humans' Military Objectives and the Goblins' Bombs may go, and a
Bomb's drop (the bots choose among the allowed regions: bots.py)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import (
    B_DEGREE,
    G_BOMBS,
    G_BOMBS_N,
    P_COINS,
    R_BOMB,
    R_DECLINE,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    RT_FACTION,
)
from analyzer.engine.state import EV_BOMB
from analyzer.engine.trace import log_event
from analyzer.model.ids import (
    ALLIANCE,
    MURLOC,
)
from analyzer.rulesets.swow.abilities import region_immune
from analyzer.rulesets.swow.markers import aegis_price, pay_aegis


@inline_kernel
def objective_allowed(t, reg, r):
    """Whether the Humans may put a Military Objective on r: a region no Alliance
    race holds (empty, Murlocs, Horde or Neutral) without one already."""
    race = reg[r, R_RACE]
    if reg[r, R_OBJECTIVE] != 0:
        return False
    return race < 0 or race == MURLOC or t.race[race, RT_FACTION] != ALLIANCE


@inline_kernel
def bomb_allowed(g, p, r):
    """Whether p's Goblins may drop a Bomb on r: an opponent's active region with
    no Bomb, next to a region of the Goblins."""
    reg = g.reg
    q = reg[r, R_PLAYER]
    if q < 0 or q == p or reg[r, R_DECLINE] != 0 or reg[r, R_BOMB] != 0:
        return False
    if region_immune(reg, r) or g.ply[p, P_COINS] < aegis_price(g, p, r):
        return False  # a Watch Tower; an Aegis asks 2 VC first
    adj = g.adj
    for k in range(g.board[r, B_DEGREE]):
        nb = adj[r, k]
        if reg[nb, R_PLAYER] == p and reg[nb, R_DECLINE] == 0:
            return True
    return False


@inline_kernel
def drop_bomb(g, p, r):
    """The top Bomb of the stack goes face down on r."""
    g_gst = g.gst
    pay_aegis(g, p, r)
    n = g_gst[G_BOMBS_N] - 1
    g.reg[r, R_BOMB] = g_gst[G_BOMBS + n]
    g_gst[G_BOMBS_N] = n
    log_event(g, EV_BOMB, p, r, 0, 1)


@inline_kernel
def region_emptied(g, r):
    """A region left empty (engine/conquest.clear_region): its Bomb goes back on
    top of the Goblins' stack unrevealed."""
    g_reg = g.reg
    bomb = g_reg[r, R_BOMB]
    if bomb != 0:
        g_gst = g.gst
        g_gst[G_BOMBS + g_gst[G_BOMBS_N]] = bomb
        g_gst[G_BOMBS_N] += 1
        g_reg[r, R_BOMB] = 0

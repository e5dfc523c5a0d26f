"""The baseline bot: at every decision, a uniformly random legal choice.

Abandoning is the one exception: each region is left with a small chance (a
parameter), since a uniform choice over all subsets would empty half the empire
every turn and measure nothing.
"""

from __future__ import annotations

from numba import njit

from analyzer.engine.abilities import least_conquest_tokens
from analyzer.engine.conquest import abandon, die_reach, far_cost, place_next_door, place_tokens
from analyzer.engine.layout import (
    B_DEGREE,
    G_MODES,
    G_NREG,
    P_COINS,
    P_FORM,
    P_HAND,
    P_POWER,
    P_RACE,
    R_DECLINE,
    R_MARKERS_UP,
    R_PLAYER,
    STREAM_SEAT0,
)
from analyzer.engine.markers import (
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    guard_price,
    marker_region,
    may_steal,
    modes_cost,
)
from analyzer.engine.rng import randint, uniform
from analyzer.model.ids import N_ARTIFACTS
from analyzer.players.params import R_ABANDON


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def random_combo(g, t, p, n_visible):
    n = min(n_visible, g.ply[p, P_COINS] + 1)
    return randint(g.rng, STREAM_SEAT0 + p, n)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def random_yes_no(g, p):
    return randint(g.rng, STREAM_SEAT0 + p, 2) == 1


@njit(cache=True, no_cfunc_wrapper=True)
def random_abandon(g, t, p):
    g_reg = g.reg
    g_gst = g.gst
    g_pol = g.pol
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            if uniform(g.rng, STREAM_SEAT0 + p) < g_pol[p, R_ABANDON]:
                abandon(g, t, p, r)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def plain_option(cost, reg, p, r, coins, reach):
    c = cost[r]
    return 0 <= c <= reach and (reg[r, R_MARKERS_UP] == 0 or guard_price(reg, p, r) <= coins)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def random_plain_target(cost, reg, rng, p, nreg, coins, hand, reach):
    """random_target when no mode is open (the common case, kept lean)."""
    n_options = 1
    for r in range(nreg):
        if plain_option(cost, reg, p, r, coins, reach):
            n_options += 1
    pick = randint(rng, STREAM_SEAT0 + p, n_options)
    if pick == 0:
        return -1, False, 0
    k = 0
    for r in range(nreg):
        if plain_option(cost, reg, p, r, coins, reach):
            k += 1
            if k == pick:
                return r, cost[r] > hand, 0
    return -1, False, 0


@njit(cache=True, no_cfunc_wrapper=True)
def random_target(g, t, p):
    """Uniform over: stop, and every (region, set of open modes) that is affordable
    or that the die might take, with the coins an Aegis or the Doomhammer asks."""
    board = g.board
    reg = g.reg
    work = g.work
    cost = g.cost
    t_params = t.params
    nreg = g.gst[G_NREG]
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    form = g.ply[p, P_FORM]
    coins = g.ply[p, P_COINS]
    hand = g.ply[p, P_HAND]
    avail = g.gst[G_MODES]
    least = least_conquest_tokens(t, race)
    reach = max(hand, die_reach(t, race, hand))
    if avail == 0:
        return random_plain_target(cost, reg, g.rng, p, nreg, coins, hand, reach)
    n_options = 1
    pick = -1
    for pass_ in range(2):  # count the options, then find the one drawn
        if pass_ == 1:
            pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
            if pick == 0:
                return -1, False, 0
        k = 0
        for r in range(nreg):
            c0 = cost[r]
            c_far = -1
            if avail & MODE_ASHES:
                c_far = far_cost(board, reg, work, r, race, power, form, t_params, least)
                if c_far < 0:
                    continue  # own, water or a Watch Tower: no mode helps
            elif c0 < 0:
                continue
            next_door = place_next_door(reg, work, r)
            price = guard_price(reg, p, r) if reg[r, R_MARKERS_UP] != 0 else 0
            sub = avail
            while True:  # every subset of the open modes, the empty one last
                c = modes_cost(c0, c_far, next_door, sub, least)
                pay = price + DOOMHAMMER_PRICE if sub & MODE_DOOMHAMMER else price
                if 0 <= c <= reach and pay <= coins:
                    k += 1
                    if k == pick:
                        return r, c > hand, sub
                if sub == 0:
                    break
                sub = (sub - 1) & avail
        n_options = k + 1
    return -1, False, 0


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def random_steal(g, t, p):
    """Ethereals: uniform over no theft and every legal (artifact, own region)."""
    reg = g.reg
    board = g.board
    adj = g.adj
    n_options = 1
    pick = -1
    for pass_ in range(2):  # count the thefts, then find the one drawn
        if pass_ == 1:
            pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
        k = 0
        for m in range(N_ARTIFACTS):
            src = marker_region(g, m)
            if src < 0:
                continue
            for j in range(board[src, B_DEGREE]):  # the thief stands next to it
                dst = adj[src, j]
                if reg[dst, R_PLAYER] == p and may_steal(g, p, m, src, dst):
                    k += 1
                    if k == pick:
                        return m, dst
        n_options = k + 1
    return -1, -1


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def random_artifact_region(g, t, p):
    """A uniformly random region of p's active race."""
    reg = g.reg
    nreg = g.gst[G_NREG]
    n = 0
    for r in range(nreg):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            n += 1
    if n == 0:
        return -1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for r in range(nreg):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            if pick == 0:
                return r
            pick -= 1
    return -1


@njit(cache=True, no_cfunc_wrapper=True)
def random_place(g, t, p):
    """Each token in hand to a uniformly random region of the race."""
    g_reg = g.reg
    g_work = g.work
    g_ply = g.ply
    g_gst = g.gst
    nreg = g_gst[G_NREG]
    n_own = 0
    for r in range(nreg):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            g_work[n_own] = r
            n_own += 1
    if n_own == 0:
        return
    while g_ply[p, P_HAND] > 0:
        place_tokens(g, p, g_work[randint(g.rng, STREAM_SEAT0 + p, n_own)], 1)

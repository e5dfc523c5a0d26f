"""The baseline bot: at every decision, a uniformly random legal choice.

Abandoning is the one exception: each region is left with a small chance (a
parameter), since a uniform choice over all subsets would empty half the empire
every turn and measure nothing.
"""

from __future__ import annotations

from numba import njit

from analyzer.engine.conquest import MARK_ADJACENT, abandon, die_reach, place_tokens
from analyzer.engine.layout import (
    G_NREG,
    P_CHAMPION,
    P_COINS,
    P_HAND,
    P_RACE,
    R_CHAMPION,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    STREAM_SEAT0,
)
from analyzer.engine.powers import (
    champion_may_go,
    champion_target,
    intimidation_allowed,
    intimidation_dest_ok,
    is_magic,
    swap_allowed,
)
from analyzer.engine.rng import randint, uniform
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


@njit(cache=True, no_cfunc_wrapper=True)
def random_target(g, t, p):
    """Uniform over: stop, every affordable region, every region the die might take."""
    g_cost = g.cost
    g_ply = g.ply
    g_gst = g.gst
    hand = g_ply[p, P_HAND]
    reach = max(hand, die_reach(t, g_ply[p, P_RACE], hand))
    n_options = 1
    for r in range(g_gst[G_NREG]):
        c = g_cost[r]
        if 0 <= c <= reach:
            n_options += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
    if pick == 0:
        return -1, False
    k = 0
    for r in range(g_gst[G_NREG]):
        c = g_cost[r]
        if 0 <= c <= reach:
            k += 1
            if k == pick:
                return r, c > hand
    return -1, False


@njit(cache=True, no_cfunc_wrapper=True)
def random_place(g, t, p):
    """Each token in hand (and a Champion in hand) to a uniformly random region
    of the race."""
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
    if g_ply[p, P_CHAMPION] == 1:
        g_reg[g_work[randint(g.rng, STREAM_SEAT0 + p, n_own)], R_CHAMPION] = 1
        g_ply[p, P_CHAMPION] = 0


# ---------------------------------------------------------------------- powers
@njit(cache=True, no_cfunc_wrapper=True)
def random_champion(g, t, p):
    """Uniform over: not now, every region the Champion may take."""
    if not champion_may_go(g, p):
        return -1
    nreg = g.gst[G_NREG]
    cost = g.cost
    work = g.work
    n = 1
    for r in range(nreg):
        if champion_target(cost, work, r):
            n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for r in range(nreg):
        if pick > 0 and champion_target(cost, work, r):
            pick -= 1
            if pick == 0:
                return r
    return -1


@njit(cache=True, no_cfunc_wrapper=True)
def random_intimidation(g, t, p):
    """Uniform over: not now, every region a use may hit; then a uniform
    destination among that race's other regions (-1 when it has none)."""
    nreg = g.gst[G_NREG]
    reg = g.reg
    work = g.work
    ply = g.ply
    n = 1
    for r in range(nreg):
        if (
            work[r] == MARK_ADJACENT
            and reg[r, R_RACE] >= 0
            and intimidation_allowed(reg, ply, work, p, r)
        ):
            n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    src = -1
    for r in range(nreg):
        if (
            pick > 0
            and work[r] == MARK_ADJACENT
            and reg[r, R_RACE] >= 0
            and intimidation_allowed(reg, ply, work, p, r)
        ):
            pick -= 1
            if pick == 0:
                src = r
    if src < 0:
        return -1, -1
    n = 0
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d):
            n += 1
    if n == 0:
        return src, -1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d):
            if pick == 0:
                return src, d
            pick -= 1
    return src, -1


@njit(cache=True, no_cfunc_wrapper=True)
def random_swap(g, t, p):
    """Uniform over: no swap, every pair of regions a Portal Mage may swap."""
    nreg = g.gst[G_NREG]
    board = g.board
    reg = g.reg
    marker_tab = t.marker
    n = 1
    for a in range(nreg):
        if is_magic(board, a):
            for b in range(a + 1, nreg):
                if is_magic(board, b) and swap_allowed(reg, board, marker_tab, a, b):
                    n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for a in range(nreg):
        if pick == 0:
            break
        if not is_magic(board, a):
            continue
        for b in range(a + 1, nreg):
            if pick > 0 and is_magic(board, b) and swap_allowed(reg, board, marker_tab, a, b):
                pick -= 1
                if pick == 0:
                    return a, b
    return -1, -1

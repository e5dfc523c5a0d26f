"""The baseline bot: at every decision, a uniformly random legal choice.

Abandoning is the one exception: each region is left with a small chance (a
parameter), since a uniform choice over all subsets would empty half the empire
every turn and measure nothing.
"""

from __future__ import annotations

from numba import njit

from analyzer.engine.conquest import abandon, die_allowed, place_tokens
from analyzer.engine.layout import G_NREG, P_COINS, P_HAND, R_DECLINE, R_PLAYER, STREAM_SEAT0
from analyzer.engine.rng import randint, uniform
from analyzer.players.params import R_ABANDON


@njit(cache=True)
def random_combo(g, t, p, n_visible):
    n = min(n_visible, g.ply[p, P_COINS] + 1)
    return randint(g.rng, STREAM_SEAT0 + p, n)


@njit(cache=True)
def random_yes_no(g, p):
    return randint(g.rng, STREAM_SEAT0 + p, 2) == 1


@njit(cache=True)
def random_abandon(g, t, p):
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            if uniform(g.rng, STREAM_SEAT0 + p) < g.pol[p, R_ABANDON]:
                abandon(g, t, p, r)


@njit(cache=True)
def random_target(g, t, p):
    """Uniform over: stop, every affordable region, every region the die might take."""
    hand = g.ply[p, P_HAND]
    n_options = 1
    for r in range(g.gst[G_NREG]):
        c = g.cost[r]
        if c >= 0 and (c <= hand or die_allowed(g, t, p, c)):
            n_options += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
    if pick == 0:
        return -1, False
    k = 0
    for r in range(g.gst[G_NREG]):
        c = g.cost[r]
        if c >= 0 and (c <= hand or die_allowed(g, t, p, c)):
            k += 1
            if k == pick:
                return r, c > hand
    return -1, False


@njit(cache=True)
def random_place(g, t, p):
    """Each token in hand to a uniformly random region of the race."""
    nreg = g.gst[G_NREG]
    n_own = 0
    for r in range(nreg):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            g.work[n_own] = r
            n_own += 1
    if n_own == 0:
        return
    while g.ply[p, P_HAND] > 0:
        place_tokens(g, p, g.work[randint(g.rng, STREAM_SEAT0 + p, n_own)], 1)

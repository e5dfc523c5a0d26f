"""The baseline bot: at every decision, a uniformly random legal choice.

Abandoning is the one exception: each region is left with a small chance (a
parameter), since a uniform choice over all subsets would empty half the empire
every turn and measure nothing. Race abilities with a choice are used uniformly
too: a special assault the ruleset offers (SWoW's Gnomes fly) is one more
target option here; the other ability decisions are in the ruleset's package
(rulesets/<name>/bots.py).
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    abandon,
    die_reach,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_CLOSED,
    G_MODES,
    G_NREG,
    P_COINS,
    P_HAND,
    P_POWER,
    P_RACE,
    P_STANCE,
    PAR_DIE_MAX_SHORT,
    R_DECLINE,
    R_PLAYER,
    R_TOKENS,
    STREAM_SEAT0,
)
from analyzer.engine.rng import randint, uniform
from analyzer.engine.rule_hooks import (
    guard_price,
    least_conquest_tokens,
)
from analyzer.players.bot_hooks import (
    MODES_FAR,
    assault_cost,
    assault_open,
    far_cost,
    modes_cost,
    modes_price,
    pieces_in_hand,
    place_held_random,
    place_next_door,
    put_piece,
    set_pieces_in_hand,
)
from analyzer.players.params import R_ABANDON, TARGET_ASSAULT, TARGET_CONQUER, TARGET_DIE


@inline_kernel
def random_combo(g, t, p, n_visible):
    n = min(n_visible, g.ply[p, P_COINS] + 1)
    return randint(g.rng, STREAM_SEAT0 + p, n)


@kernel
def random_yes_no(g, p):
    return randint(g.rng, STREAM_SEAT0 + p, 2) == 1


@kernel
def random_abandon(g, t, p):
    g_reg = g.reg
    g_gst = g.gst
    g_pol = g.pol
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            if uniform(g.rng, STREAM_SEAT0 + p) < g_pol[p, R_ABANDON]:
                abandon(g, t, p, r)


@inline_kernel
def plain_option(cost, reg, p, r, coins, reach):
    c = cost[r]
    return 0 <= c <= reach and guard_price(reg, p, r) <= coins


@kernel
def random_target(g, t, p):
    """Uniform over: stop; every (region, set of open modes) that is affordable or
    that the die might take, with the coins a guard and the modes ask (guard_price,
    modes_price); and, when the ruleset offers a special assault (assault_open:
    SWoW's Gnomes, once a turn), every region it could take with the free die."""
    board = g.board
    reg = g.reg
    ply = g.ply
    work = g.work
    cost = g.cost
    t_params = t.params
    nreg = g.gst[G_NREG]
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    form = ply[p, P_STANCE]
    coins = ply[p, P_COINS]
    hand = ply[p, P_HAND]
    avail = g.gst[G_MODES]
    fee_due = g.gst[G_CLOSED]
    least = least_conquest_tokens(t, race)
    reach = max(hand, die_reach(t, race, power, hand))
    airborne = assault_open(g, p)
    air_reach = hand + t_params[PAR_DIE_MAX_SHORT]
    n_options = 1
    pick = -1
    for pass_ in range(2):  # count the options, then find the one drawn
        if pass_ == 1:
            pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
            if pick == 0:
                return -1, TARGET_CONQUER, 0
        k = 0
        for r in range(nreg):
            if (
                airborne
                and 0
                <= assault_cost(
                    board, reg, ply, r, p, race, power, form, t_params, least, fee_due, coins
                )
                <= air_reach
            ):
                k += 1
                if k == pick:
                    return r, TARGET_ASSAULT, 0
            if avail == 0:
                if plain_option(cost, reg, p, r, coins, reach):
                    k += 1
                    if k == pick:
                        return r, TARGET_DIE if cost[r] > hand else TARGET_CONQUER, 0
                continue
            c0 = cost[r]
            c_far = -1
            if avail & MODES_FAR:
                c_far = far_cost(
                    board, reg, ply, work, r, p, race, power, form, t_params, least, fee_due,
                    coins,
                )  # fmt: skip
                if c_far < 0:
                    continue  # own, water or immune: no mode helps
            elif c0 < 0:
                continue
            next_door = place_next_door(reg, work, r)
            price = guard_price(reg, p, r)
            sub = avail
            while True:  # every subset of the open modes, the empty one last
                c = modes_cost(c0, c_far, next_door, sub, least)
                pay = price + modes_price(sub)
                if 0 <= c <= reach and pay <= coins:
                    k += 1
                    if k == pick:
                        return r, TARGET_DIE if c > hand else TARGET_CONQUER, sub
                if sub == 0:
                    break
                sub = (sub - 1) & avail
        n_options = k + 1
    return -1, TARGET_CONQUER, 0


@kernel
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
    # token by token as place_tokens would put them (the ruleset's pieces in
    # hand first), without a call per token
    rng = g.rng
    hand = g_ply[p, P_HAND]
    pieces = pieces_in_hand(g_ply, p)
    while hand > 0:
        r = g_work[randint(rng, STREAM_SEAT0 + p, n_own)]
        if pieces > 0:
            put_piece(g_reg, r)
            pieces -= 1
        else:
            g_reg[r, R_TOKENS] += 1
        hand -= 1
    g_ply[p, P_HAND] = 0
    set_pieces_in_hand(g_ply, p, pieces)
    place_held_random(g, p, n_own)  # a piece held apart (SWoW's Champion)


# ---------------------------------------------------------------------- powers

"""The rule hooks without abilities: costs, losses and scores as the core has them."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    B_TERRAIN,
    G_NREG,
    G_PLAYERS,
    P_HAND,
    P_RACE,
    PAR_MIN_CONQUEST_TOKENS,
    R_RACE,
    R_TOKENS,
    RT_FACTION,
)
from analyzer.model.ids import LAKE, NEUTRAL, SEA

HARMONY_PRICE = 0
OBJECTIVE_VC = 0


@kernel
def water_terrain(terrain):
    return terrain == SEA or terrain == LAKE


@inline_kernel
def is_water(g, r):
    return water_terrain(g.board[r, B_TERRAIN])


@kernel
def may_enter_water(race):
    return False


@kernel
def min_region_tokens(race):
    return 1


@kernel
def least_conquest_tokens(t, race):
    return max(t.params[PAR_MIN_CONQUEST_TOKENS], 1)


@kernel
def region_immune(reg, r):
    return False


@inline_kernel
def region_emptied(g, r):
    return


@inline_kernel
def conquest_fee_owed(ply, p):
    return 0


@inline_kernel
def conquest_fee(reg, r, owed):
    return 0


@kernel
def modify_cost(race, power, form, terrain, nonempty, cost, least):
    return max(cost, least)


@kernel
def marsh_toll(ply, reg, p, r, terrain):
    return -1


@kernel
def guard_price(reg, p, r):
    return 0


@inline_kernel
def reaches_as_adjacent(race, symbols):
    return False


@inline_kernel
def first_conquest_entry(race, symbols, water):
    return False


@inline_kernel
def pays_travel(g, p):
    return True


@inline_kernel
def open_modes(held_up, race, used, on_map):
    return 0


@kernel
def reveal_markers(g, p, r):
    return


@inline_kernel
def after_conquest(g, t, p, r, def_race, def_tokens):
    return 0


@inline_kernel
def tokens_lost(g, t, q, r, decline, n):
    return n if decline == 1 else 1


@inline_kernel
def tokens_killed(g, p, n):
    return


@kernel
def race_tokens_in_play(g, race):
    n = 0
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_RACE] == race:
            n += g.reg[r, R_TOKENS]
    for p in range(g.gst[G_PLAYERS]):
        if g.ply[p, P_RACE] == race:
            n += g.ply[p, P_HAND]
    return n


@inline_kernel
def bonus_per_region(race, power):
    return False


@kernel
def region_bonus(board, adj, reg, race, power, r):
    return 0


@kernel
def active_bonus(g, t, p):
    return 0


@inline_kernel
def decline_bonus(g, t, p):
    return 0


@inline_kernel
def fighting_faction(g, t, p):
    race = g.ply[p, P_RACE]
    if race < 0:
        return NEUTRAL, 0
    return t.race[race, RT_FACTION], 1


@inline_kernel
def pieces_to_hand(reg, ply, p, r):
    return


@inline_kernel
def on_decline(g, t, p):
    return


@inline_kernel
def power_lasts_in_decline(power):
    return False

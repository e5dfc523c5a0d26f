"""The rule hooks without abilities: costs, losses and scores as the core has them."""

from __future__ import annotations

from analyzer.engine.faces import draw_faces as choose_faces
from analyzer.engine.faces import place_nobody_and_mountains
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_NREG,
    G_PLAYERS,
    P_HAND,
    P_RACE,
    R_RACE,
    R_TOKENS,
)
from analyzer.model.ids import SYM_MOUNTAIN, SYM_MURLOC

__all__ = ["choose_faces"]

REENTER_BY_ENTRY = True


@inline_kernel
def place_pieces(g, t, rng):
    place_nobody_and_mountains(g, t, SYM_MURLOC, SYM_MOUNTAIN)


@inline_kernel
def pieces_invariants(g, t):
    return 0


@inline_kernel
def race_tokens_in_hand(ply, p):
    return ply[p, P_HAND]


@inline_kernel
def pieces_fall(reg, r):
    return


@inline_kernel
def region_defence(reg, r):
    return 0


@kernel
def may_enter_water(race, power):
    return False


@inline_kernel
def decline_keep(race):
    return 1


@kernel
def region_immune(reg, r):
    return False


@inline_kernel
def conquest_fee_owed(ply, p):
    return 0


@inline_kernel
def conquest_fee(reg, r, owed):
    return 0


@kernel
def modify_cost(board, reg, r, race, power, form, terrain, nonempty, cost, least):
    return max(cost, least)


@inline_kernel
def reaches_as_adjacent(race, power, form, symbols):
    return False


@inline_kernel
def first_conquest_entry(race, power, symbols, water):
    return False


@inline_kernel
def pays_travel(g, p):
    return True


@inline_kernel
def after_conquest(g, t, p, r, def_race, def_tokens):
    return 0


@inline_kernel
def tokens_lost(g, t, q, r, decline, n, attacker):
    return n if decline == 1 else 1


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


@kernel
def active_bonus(g, t, p):
    return 0


@inline_kernel
def decline_bonus(g, t, p):
    return 0


@inline_kernel
def pieces_to_hand(reg, ply, p, r):
    return


@inline_kernel
def on_decline(g, t, p):
    return


@inline_kernel
def power_lasts_in_decline(power):
    return False

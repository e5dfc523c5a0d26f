"""Rule hooks of a ruleset with no ability at that point: the core's game as the
rulebook of a plain Small World has it (the combo column, the board faces drawn at
random, one token per region, the die for all, no pieces, no tolls or guards, no
second in-decline race). engine/rule_hooks.py binds each to the ruleset's own when
it gives one (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.engine.column import banners_in_column as banners_in_draft
from analyzer.engine.column import fill_column as lay_out_draft
from analyzer.engine.column import offer_column as offer_combos
from analyzer.engine.column import return_race, take_combo
from analyzer.engine.faces import draw_faces as choose_faces
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_NREG,
    G_PLAYERS,
    P_DECLINE_RACE,
    P_HAND,
    P_RACE,
    PAR_MIN_CONQUEST_TOKENS,
    R_RACE,
    R_TOKENS,
)

__all__ = [
    "banners_in_draft",
    "choose_faces",
    "lay_out_draft",
    "offer_combos",
    "return_race",
    "take_combo",
]  # the core's own, re-exported as the neutral hooks

REENTER_BY_ENTRY = True


@inline_kernel
def pieces_after_stacks(g, t, rng):
    return


@kernel
def redeal_hidden(g, t, p):
    """Nothing hidden beyond what the core deals again (the stacks' order)."""
    return


@kernel
def may_enter_water(race, power):
    return False


@kernel
def region_immune(reg, r):
    return False


@inline_kernel
def region_defence(reg, r):
    return 0


@inline_kernel
def conquest_fee_owed(ply, p):
    return 0


@inline_kernel
def conquest_fee(reg, r, owed):
    return 0


@inline_kernel
def guard_price(reg, p, r):
    return 0


@kernel
def conquest_toll(ply, reg, p, r, terrain):
    return -1


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


@kernel
def least_conquest_tokens(t, race):
    return max(t.params[PAR_MIN_CONQUEST_TOKENS], 1)


@kernel
def min_region_tokens(race):
    return 1


@inline_kernel
def open_modes(held_up, race, used, on_map):
    return 0


@inline_kernel
def held_bits(reg, r):
    return 0


@inline_kernel
def token_pieces(reg, r):
    return 0


@inline_kernel
def after_conquest(g, t, p, r, def_player, def_race, def_tokens):
    return 0


@inline_kernel
def tokens_lost(g, t, q, r, decline, n, attacker):
    """In decline all are lost; an active race loses one and takes the rest to hand."""
    return n if decline == 1 else 1


@inline_kernel
def tokens_killed(g, p, n):
    return


@inline_kernel
def region_taken(g, p, r):
    return


@inline_kernel
def pieces_fall(reg, r):
    return


@inline_kernel
def region_emptied(g, r):
    return


@inline_kernel
def pieces_to_hand(reg, ply, p, r):
    return


@inline_kernel
def pieces_from_hand(reg, ply, p, r, n, keep):
    return 0


@inline_kernel
def hand_empty(ply, p):
    return ply[p, P_HAND] == 0


@inline_kernel
def race_tokens_in_hand(ply, p):
    return ply[p, P_HAND]


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
def final_die(power):
    return True


@inline_kernel
def decline_keep(race):
    return 1


@inline_kernel
def on_decline(g, t, p):
    return


@inline_kernel
def power_lasts_in_decline(power):
    return False


@inline_kernel
def into_spare_decline(g, p, race, power, instance):
    """No decline slot beside the player's one in-decline race."""
    return False


@inline_kernel
def decline_race_held(ply, q, race):
    return race == ply[q, P_DECLINE_RACE]


@inline_kernel
def spare_decline_race(ply, p):
    return -1


@inline_kernel
def spare_decline_gone(g, t, q):
    return


@inline_kernel
def spare_decline_vc(g, p):
    return 0


@inline_kernel
def turn_bonuses(g, t, p):
    return 0, 0


@inline_kernel
def pieces_invariants(g, t):
    return 0


@inline_kernel
def ruleset_invariants(g, t):
    return 0

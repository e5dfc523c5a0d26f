"""Rule hooks of a ruleset with no ability at that point: no pieces, no extra
invariants, no held markers, plain water, one token a region, no tolls or guards,
no second in-decline race, the final die for all.
engine/rule_hooks.py binds each to the ruleset's own when it gives one."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import B_TERRAIN, P_DECLINE_RACE, P_HAND, PAR_MIN_CONQUEST_TOKENS
from analyzer.model.ids import LAKE, SEA


@inline_kernel
def pieces_after_stacks(g, t, rng):
    return


@inline_kernel
def ruleset_invariants(g, t):
    return 0


@inline_kernel
def hand_empty(ply, p):
    return ply[p, P_HAND] == 0


@inline_kernel
def held_bits(reg, r):
    return 0


@inline_kernel
def pieces_from_hand(reg, ply, p, r, n, keep):
    return 0


@inline_kernel
def region_taken(g, p, r):
    return


@kernel
def water_terrain(terrain):
    return terrain == SEA or terrain == LAKE


@inline_kernel
def is_water(g, r):
    return water_terrain(g.board[r, B_TERRAIN])


@kernel
def min_region_tokens(race):
    return 1


@kernel
def least_conquest_tokens(t, race):
    return max(t.params[PAR_MIN_CONQUEST_TOKENS], 1)


@inline_kernel
def region_emptied(g, r):
    return


@kernel
def marsh_toll(ply, reg, p, r, terrain):
    return -1


@inline_kernel
def guard_price(reg, p, r):
    return 0


@inline_kernel
def open_modes(held_up, race, used, on_map):
    return 0


@inline_kernel
def tokens_killed(g, p, n):
    return


@inline_kernel
def final_die(power):
    return True


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

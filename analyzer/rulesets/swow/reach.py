"""SWoW's reach and cost rules (abilities.py) in the shape the core calls them:
the core passes what the original game's powers also need (the power, the
board), which SWoW's rules leave aside; and the second decline slot the core
offers (the original game's Spirit), which SWoW does not use."""

from __future__ import annotations

from analyzer.engine.core_layout import P_DECLINE_RACE
from analyzer.engine.jit import inline_kernel
from analyzer.rulesets.swow import abilities

# After its first conquest a race may still land on any Entry region (paying the
# travel cost): SWoW's rule.
REENTER_BY_ENTRY = True


@inline_kernel
def final_die(power):
    """Every race may make the final attempt with the die."""
    return True


@inline_kernel
def may_enter_water(race, power):
    return abilities.may_enter_water(race)


@inline_kernel
def modify_cost(board, reg, r, race, power, form, terrain, nonempty, cost, least):
    return abilities.modify_cost(race, power, form, terrain, nonempty, cost, least)


@inline_kernel
def reaches_as_adjacent(race, power, form, symbols):
    return abilities.reaches_as_adjacent(race, symbols)


@inline_kernel
def first_conquest_entry(race, power, symbols, water):
    return abilities.first_conquest_entry(race, symbols, water)


@inline_kernel
def into_spare_decline(g, p, race, power, instance):
    """SWoW has one in-decline race per player: no slot beside it."""
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

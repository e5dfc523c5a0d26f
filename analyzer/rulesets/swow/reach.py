"""SWoW's reach and cost rules (abilities.py) in the shape the core calls them:
the core passes what the original game's powers also need (the power, the
board), which SWoW's rules leave aside. The second decline slot the core offers
(the original game's Spirit) SWoW does not use: its hooks are the core's neutral
ones (engine/neutral_hooks/rules.py)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel
from analyzer.rulesets.swow import abilities

# After its first conquest a race may still land on any Entry region (paying the
# travel cost): SWoW's rule.
REENTER_BY_ENTRY = True


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

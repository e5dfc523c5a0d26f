"""The played ruleset's bot hooks: its conquest modes and their costs, a special
assault it offers (air_*), what the heuristic believes its abilities are worth
and what a target is worth beyond its region (target_context, region_worth...),
and the pieces that go out with the tokens placed. players/heuristic.py and
players/random_player.py call them by these names.

Bound once per process to the ruleset's `hooks.bots` module (see rule_hooks.py)."""

from __future__ import annotations

from analyzer.engine import ruleset_module
from analyzer.engine.jit import kernel as _kernel
from analyzer.engine.neutral_hooks import bots as _neutral

_ruleset = ruleset_module("hooks.bots")


@_kernel
def _no_ally(g, t, p):
    return -1


# A ruleset whose variant seats allies names them (SWoW's Battle for Azeroth);
# otherwise every other player is an opponent.
OPTIONAL_HOOKS = {"ally_of": _no_ally}


def _hook(name: str):
    """The ruleset's hook `name`, else the core's neutral one (engine/neutral_hooks/),
    which makes it optional."""
    if name not in OPTIONAL_HOOKS:
        OPTIONAL_HOOKS[name] = getattr(_neutral, name)
    return getattr(_ruleset, name, OPTIONAL_HOOKS[name])


ally_of = _hook("ally_of")

DOOMHAMMER_PRICE = _ruleset.DOOMHAMMER_PRICE
MODE_ASHES = _ruleset.MODE_ASHES
MODE_DOOMHAMMER = _ruleset.MODE_DOOMHAMMER
MODE_ETHEREALS = _ruleset.MODE_ETHEREALS
MODE_FROSTMOURNE = _ruleset.MODE_FROSTMOURNE
N_MODES = _ruleset.N_MODES
POWER_VALUE = _ruleset.POWER_VALUE
RACE_VALUE = _ruleset.RACE_VALUE
air_cost = _hook("air_cost")
air_open = _hook("air_open")
decline_eagerness = _hook("decline_eagerness")
far_cost = _hook("far_cost")
modes_cost = _hook("modes_cost")
pieces_in_hand = _hook("pieces_in_hand")
place_held = _hook("place_held")
place_held_random = _hook("place_held_random")
place_next_door = _hook("place_next_door")
put_piece = _hook("put_piece")
region_price = _hook("region_price")
region_worth = _ruleset.region_worth
region_worth_after = _hook("region_worth_after")
rival_score = _hook("rival_score")
set_pieces_in_hand = _hook("set_pieces_in_hand")
target_context = _hook("target_context")

"""Where SWoW implements the core's bot hooks (engine/bot_hooks.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.swow.draft import ally_of
from analyzer.rulesets.swow.markers import (
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    MODE_ETHEREALS,
    MODE_FROSTMOURNE,
    modes_cost,
)
from analyzer.rulesets.swow.modes import (
    far_cost,
    place_next_door,
)
from analyzer.rulesets.swow.targets import (
    N_MODES,
    air_cost,
    air_open,
    pieces_in_hand,
    place_held,
    place_held_random,
    put_piece,
    region_price,
    region_worth,
    region_worth_after,
    set_pieces_in_hand,
    target_context,
)
from analyzer.rulesets.swow.values import (
    POWER_VALUE,
    RACE_VALUE,
)

__all__ = [
    "ally_of",
    "DOOMHAMMER_PRICE",
    "MODE_ASHES",
    "MODE_DOOMHAMMER",
    "MODE_ETHEREALS",
    "MODE_FROSTMOURNE",
    "N_MODES",
    "POWER_VALUE",
    "RACE_VALUE",
    "air_cost",
    "air_open",
    "far_cost",
    "modes_cost",
    "pieces_in_hand",
    "place_held",
    "place_held_random",
    "place_next_door",
    "put_piece",
    "region_price",
    "region_worth",
    "region_worth_after",
    "set_pieces_in_hand",
    "target_context",
]

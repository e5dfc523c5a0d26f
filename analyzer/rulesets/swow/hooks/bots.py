"""Where SWoW implements the core's bot hooks (engine/bot_hooks.py lists them)."""

from __future__ import annotations

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
from analyzer.rulesets.swow.values import (
    POWER_VALUE,
    RACE_VALUE,
    markers_worth,
)

__all__ = [
    "DOOMHAMMER_PRICE",
    "MODE_ASHES",
    "MODE_DOOMHAMMER",
    "MODE_ETHEREALS",
    "MODE_FROSTMOURNE",
    "POWER_VALUE",
    "RACE_VALUE",
    "far_cost",
    "markers_worth",
    "modes_cost",
    "place_next_door",
]

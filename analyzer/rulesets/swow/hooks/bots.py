"""Where SWoW implements the core's bot hooks (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.swow.draft import ally_of
from analyzer.rulesets.swow.markers import (
    MODES_FAR,
    modes_cost,
    modes_may_reach,
    modes_price,
)
from analyzer.rulesets.swow.modes import (
    far_cost,
    place_next_door,
)
from analyzer.rulesets.swow.rivals import rival_score
from analyzer.rulesets.swow.targets import (
    N_MODES,
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
from analyzer.rulesets.swow.targets import air_cost as assault_cost
from analyzer.rulesets.swow.targets import air_open as assault_open
from analyzer.rulesets.swow.values import (
    POWER_VALUE,
    RACE_VALUE,
)

__all__ = [
    "ally_of",
    "MODES_FAR",
    "N_MODES",
    "POWER_VALUE",
    "RACE_VALUE",
    "assault_cost",
    "assault_open",
    "far_cost",
    "modes_cost",
    "modes_may_reach",
    "modes_price",
    "pieces_in_hand",
    "place_held",
    "place_held_random",
    "place_next_door",
    "put_piece",
    "region_price",
    "region_worth",
    "region_worth_after",
    "rival_score",
    "set_pieces_in_hand",
    "target_context",
]

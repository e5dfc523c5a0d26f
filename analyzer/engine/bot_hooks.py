"""The played ruleset's bot hooks: its conquest modes and their costs, and what
the heuristic believes its abilities and markers are worth. players/heuristic.py
and players/random_player.py call them by these names.

Bound once per process to the ruleset's `hooks.bots` module (see rule_hooks.py)."""

from __future__ import annotations

from analyzer.engine import ruleset_module

_ruleset = ruleset_module("hooks.bots")

DOOMHAMMER_PRICE = _ruleset.DOOMHAMMER_PRICE
MODE_ASHES = _ruleset.MODE_ASHES
MODE_DOOMHAMMER = _ruleset.MODE_DOOMHAMMER
MODE_ETHEREALS = _ruleset.MODE_ETHEREALS
MODE_FROSTMOURNE = _ruleset.MODE_FROSTMOURNE
POWER_VALUE = _ruleset.POWER_VALUE
RACE_VALUE = _ruleset.RACE_VALUE
far_cost = _ruleset.far_cost
markers_worth = _ruleset.markers_worth
modes_cost = _ruleset.modes_cost
place_next_door = _ruleset.place_next_door

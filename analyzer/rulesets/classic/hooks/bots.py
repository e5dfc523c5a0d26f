"""Where the original game implements the core's bot hooks (engine/bot_hooks.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.classic.modes import (
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    MODE_ETHEREALS,
    MODE_FROSTMOURNE,
)
from analyzer.rulesets.classic.rivals import region_worth_after, rival_score, target_context
from analyzer.rulesets.classic.targets import (
    N_MODES,
    decline_eagerness,
    region_worth,
)
from analyzer.rulesets.classic.values import (
    POWER_VALUE,
    RACE_VALUE,
)

__all__ = [
    "DOOMHAMMER_PRICE",
    "MODE_ASHES",
    "MODE_DOOMHAMMER",
    "MODE_ETHEREALS",
    "MODE_FROSTMOURNE",
    "N_MODES",
    "POWER_VALUE",
    "RACE_VALUE",
    "decline_eagerness",
    "region_worth",
    "region_worth_after",
    "rival_score",
    "target_context",
]

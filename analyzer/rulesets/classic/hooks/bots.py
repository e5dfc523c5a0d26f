"""Where the original game implements the core's bot hooks (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.classic.rivals import region_worth_after, rival_score, target_context
from analyzer.rulesets.classic.targets import decline_eagerness, region_worth
from analyzer.rulesets.classic.values import POWER_VALUE, RACE_VALUE

__all__ = [
    "POWER_VALUE",
    "RACE_VALUE",
    "decline_eagerness",
    "region_worth",
    "region_worth_after",
    "rival_score",
    "target_context",
]

"""Where the original game implements the core's turn hooks (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.classic.turn import (
    active_turn_begins,
    after_conquests,
    after_each_conquest,
    after_redeploy,
    after_scoring,
    before_conquest,
    before_conquests,
    before_redeploy,
    combo_taken,
    turn_begins,
    turn_ends,
)

__all__ = [
    "active_turn_begins",
    "after_conquests",
    "after_each_conquest",
    "after_redeploy",
    "after_scoring",
    "before_conquest",
    "before_conquests",
    "before_redeploy",
    "combo_taken",
    "turn_begins",
    "turn_ends",
]

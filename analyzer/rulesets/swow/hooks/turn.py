"""Where SWoW implements the core's turn hooks (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.rulesets.swow.turn import (
    ability_conquest,
    active_turn_begins,
    after_conquests,
    after_each_conquest,
    after_redeploy,
    before_conquest,
    before_conquests,
    before_redeploy,
    before_targets,
    coins_gate_regions,
    combo_taken,
    conquests_beyond_targets,
    hand_may_conquer,
    marker_at,
    on_attack,
    plain_conquest,
    special_conquest,
    targets_stale,
    turn_begins,
    turn_ends,
)

__all__ = [
    "ability_conquest",
    "active_turn_begins",
    "after_conquests",
    "after_each_conquest",
    "after_redeploy",
    "before_conquest",
    "before_conquests",
    "before_redeploy",
    "before_targets",
    "coins_gate_regions",
    "combo_taken",
    "conquests_beyond_targets",
    "hand_may_conquer",
    "marker_at",
    "on_attack",
    "plain_conquest",
    "special_conquest",
    "targets_stale",
    "turn_begins",
    "turn_ends",
]

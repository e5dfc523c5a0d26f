"""The played ruleset's turn hooks: what its abilities do at each point of
game.play_turn and its conquests (SWoW's rulesets/swow/turn.py describes each).

Bound once per process to the ruleset's `hooks.turn` module (see rule_hooks.py)."""

from __future__ import annotations

from analyzer.engine import ruleset_module

_ruleset = ruleset_module("hooks.turn")

ability_conquest = _ruleset.ability_conquest
active_turn_begins = _ruleset.active_turn_begins
after_conquests = _ruleset.after_conquests
after_each_conquest = _ruleset.after_each_conquest
after_redeploy = _ruleset.after_redeploy
after_scoring = _ruleset.after_scoring
before_conquest = _ruleset.before_conquest
before_conquests = _ruleset.before_conquests
before_redeploy = _ruleset.before_redeploy
before_targets = _ruleset.before_targets
coins_gate_regions = _ruleset.coins_gate_regions
combo_taken = _ruleset.combo_taken
conquests_begin = _ruleset.conquests_begin
conquests_beyond_targets = _ruleset.conquests_beyond_targets
hand_may_conquer = _ruleset.hand_may_conquer
marker_at = _ruleset.marker_at
on_attack = _ruleset.on_attack
plain_conquest = _ruleset.plain_conquest
special_conquest = _ruleset.special_conquest
targets_stale = _ruleset.targets_stale
turn_begins = _ruleset.turn_begins
turn_ends = _ruleset.turn_ends

"""The played ruleset's turn hooks: what its abilities do at each point of
game.play_turn and its conquests (SWoW's rulesets/swow/turn.py describes each).

Bound once per process to the ruleset's `hooks.turn` module (see rule_hooks.py)."""

from __future__ import annotations

from analyzer.engine import ruleset_module
from analyzer.engine.neutral_hooks import turn as _neutral

_ruleset = ruleset_module("hooks.turn")
OPTIONAL_HOOKS = {}


def _hook(name: str):
    """The ruleset's hook `name`, else the core's neutral one (engine/neutral_hooks/),
    which makes it optional."""
    if name not in OPTIONAL_HOOKS:
        OPTIONAL_HOOKS[name] = getattr(_neutral, name)
    return getattr(_ruleset, name, OPTIONAL_HOOKS[name])


ability_conquest = _hook("ability_conquest")
active_turn_begins = _ruleset.active_turn_begins
after_conquests = _hook("after_conquests")
after_each_conquest = _ruleset.after_each_conquest
after_redeploy = _ruleset.after_redeploy
after_scoring = _hook("after_scoring")
before_conquest = _hook("before_conquest")
before_conquests = _ruleset.before_conquests
before_redeploy = _ruleset.before_redeploy
before_targets = _hook("before_targets")
coins_gate_regions = _hook("coins_gate_regions")
combo_taken = _ruleset.combo_taken
conquests_begin = _ruleset.conquests_begin
conquests_beyond_targets = _hook("conquests_beyond_targets")
hand_may_conquer = _hook("hand_may_conquer")
marker_at = _hook("marker_at")
on_attack = _hook("on_attack")
plain_conquest = _hook("plain_conquest")
special_conquest = _hook("special_conquest")
targets_stale = _hook("targets_stale")
turn_begins = _ruleset.turn_begins
turn_ends = _ruleset.turn_ends

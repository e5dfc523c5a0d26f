"""The played ruleset's turn hooks: what its abilities do at each point of
game.play_turn and its conquests (SWoW's rulesets/swow/turn.py describes each).

Every hook of the `turn` group of engine/hook_table.py is bound here, once per
process, to the played ruleset's `hooks.turn` module or to the core's neutral one
(engine/neutral_hooks/turn.py); see rule_hooks.py."""

from __future__ import annotations

from analyzer.engine import hook_table as _table
from analyzer.engine import ruleset_module
from analyzer.engine.neutral_hooks import turn as _neutral

_ruleset = ruleset_module("hooks.turn")
globals().update(_table.bind("turn", _ruleset, _neutral))
OPTIONAL_HOOKS = {h.name: getattr(_neutral, h.name) for h in _table.group("turn") if not h.required}

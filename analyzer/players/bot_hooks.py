"""The played ruleset's bot hooks: what the heuristic believes its abilities are
worth and what a target is worth beyond its region (target_context, region_worth...),
a special assault it offers (air_*), its conquest modes and their costs, and the
pieces that go out with the tokens placed. players/heuristic.py, random_player.py
and lookahead.py call them by these names.

Every hook of the `bots` group of engine/hook_table.py is bound here, once per
process, to the played ruleset's `hooks.bots` module or to the core's neutral one
(engine/neutral_hooks/bots.py); see rule_hooks.py."""

from __future__ import annotations

from analyzer.engine import hook_table as _table
from analyzer.engine import ruleset_module
from analyzer.engine.neutral_hooks import bots as _neutral

_ruleset = ruleset_module("hooks.bots")
globals().update(_table.bind("bots", _ruleset, _neutral))
OPTIONAL_HOOKS = {h.name: getattr(_neutral, h.name) for h in _table.group("bots") if not h.required}

"""The played ruleset's rule hooks: its setup and draft, conquest costs and reach,
its pieces, what a conquest pays and leaves, losses, scoring bonuses, decline, its
invariants. setup.py, column.py, conquest.py, decline.py, scoring.py, invariants.py,
game.py and the bots call them by these names.

Every hook of the `rules` group of engine/hook_table.py is bound here, once per
process, to the played ruleset's `hooks.rules` module (engine/__init__.py says which
ruleset), or to the core's neutral one (engine/neutral_hooks/rules.py) when the
ruleset gives none: numba compiles every caller against the functions bound here,
so a process compiles its own ruleset's code and no other."""

from __future__ import annotations

from analyzer.engine import hook_table as _table
from analyzer.engine import ruleset_module
from analyzer.engine.neutral_hooks import rules as _neutral

_ruleset = ruleset_module("hooks.rules")
globals().update(_table.bind("rules", _ruleset, _neutral))
# The hooks the played ruleset may leave to the core, and the core's own for them.
OPTIONAL_HOOKS = {
    h.name: getattr(_neutral, h.name) for h in _table.group("rules") if not h.required
}

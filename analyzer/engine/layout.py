"""Every column index the engine and the played ruleset use: the core's
(core_layout.py) and the bound ruleset's own (its `layout.py`, numbered after
the core's), joined in one namespace so a kernel imports both from here.

Bound once per process like the hook modules (engine/__init__.py: the ruleset
that analyzer.load_game chose).
A ruleset's layout gives at least: RT_NF, R_NF, P_NF, G_NF, G_UNSET (the gst cells
that start at -1, the core's G_CORE_UNSET among them), N_COMPONENTS, N_MARKERS,
MT_NF (its marker table's width; 0 markers is fine); it may add event kinds (from
EV_RULESET) and rule constants (RULE_PARAMS, from PAR_RULESET) of its own.
"""

from __future__ import annotations

from analyzer.engine import ruleset_module
from analyzer.engine.core_layout import *  # noqa: F403
from analyzer.engine.core_layout import N_PARAMS

_ruleset = ruleset_module("layout")
globals().update({k: v for k, v in vars(_ruleset).items() if k.isupper()})

N_ENGINE_PARAMS = N_PARAMS + _ruleset.N_COMPONENTS

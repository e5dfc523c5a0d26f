"""One core, one package per ruleset: every ruleset gives the hooks and columns the
core calls. How a run binds to its ruleset is tested in every ruleset's run
(tests/every_ruleset/test_binding.py; tests/plain_ruleset, every hook doing
nothing, has a run of its own)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.engine import bot_hooks, rule_hooks, turn_hooks

ROOT = Path(__file__).resolve().parents[1]
HOOK_MODULES = {"rules": rule_hooks, "bots": bot_hooks, "turn": turn_hooks}


def hook_names(module) -> set[str]:
    """The hooks a ruleset must give (those with a core default are optional)."""
    optional = getattr(module, "OPTIONAL_HOOKS", {})
    return {name for name in vars(module) if not name.startswith("_")} - {
        "annotations",
        "ruleset_module",
        "OPTIONAL_HOOKS",
        *optional,
    }


RULESETS = ["analyzer.rulesets.swow", "analyzer.rulesets.classic", "plain_ruleset"]
# What engine/layout.py needs of a ruleset's layout beyond the core's columns.
LAYOUT_NAMES = ("RT_NF", "R_NF", "P_NF", "G_NF", "G_UNSET", "N_COMPONENTS", "N_MARKERS")
LAYOUT_NAMES += ("MT_NF", "NOBODY", "CAP_NOBODY", "CAP_MOUNTAINS")


@pytest.mark.parametrize("package", RULESETS)
def test_a_ruleset_gives_every_hook_the_core_calls(package):
    import importlib

    for layer, module in HOOK_MODULES.items():
        given = importlib.import_module(f"{package}.hooks.{layer}")
        missing = sorted(name for name in hook_names(module) if not hasattr(given, name))
        assert missing == [], f"{package}.hooks.{layer} lacks {missing}"
    assert callable(importlib.import_module(f"{package}.hooks.precompile").turn_backwards)


@pytest.mark.parametrize("package", RULESETS)
def test_a_ruleset_layout_numbers_its_columns_after_the_core(package):
    import importlib

    from analyzer.engine import core_layout as core

    layout = importlib.import_module(f"{package}.layout")
    assert [n for n in LAYOUT_NAMES if not hasattr(layout, n)] == []
    assert layout.R_NF >= core.R_CORE_NF and layout.P_NF >= core.P_CORE_NF
    assert layout.G_NF >= core.G_CORE_NF and layout.RT_NF >= core.RT_CORE_NF
    assert set(core.G_CORE_UNSET) <= set(layout.G_UNSET)
    # a ruleset's own columns never reuse a core column (its P_STANCE aliases aside)
    for prefix, first in (("R_", core.R_CORE_NF), ("G_", core.G_CORE_NF)):
        own = {
            k: v
            for k, v in vars(layout).items()
            if k.startswith(prefix) and isinstance(v, int) and not hasattr(core, k)
        }
        assert all(v >= first for v in own.values()), (package, own)

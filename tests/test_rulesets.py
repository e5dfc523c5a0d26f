"""One core, one package per ruleset: every ruleset numbers its columns after the
core's. Its hooks are checked against the hook table, each ruleset in a process of
its own (tests/test_hook_table.py), so no other ruleset's kernels load in this run.
How a run binds to its ruleset is tested in every ruleset's run
(tests/every_ruleset/test_binding.py; tests/plain_ruleset, on the neutral hooks
alone, has a run of its own)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


RULESETS = ["analyzer.rulesets.swow", "analyzer.rulesets.classic", "plain_ruleset"]
# What engine/layout.py needs of a ruleset's layout beyond the core's columns.
LAYOUT_NAMES = ("RT_NF", "R_NF", "P_NF", "G_NF", "G_UNSET", "N_COMPONENTS", "N_MARKERS")
LAYOUT_NAMES += ("MT_NF", "NOBODY", "CAP_NOBODY", "CAP_MOUNTAINS")


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

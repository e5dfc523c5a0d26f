"""One core, one package per ruleset: the core reaches its ruleset only through
the hook modules (engine/rule_hooks.py, bot_hooks.py, turn_hooks.py), bound once
per process to the played ruleset, and each ruleset compiles into a cache folder
of its own. tests/plain_ruleset (every hook doing nothing) is the second ruleset."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
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


def test_a_swow_run_binds_every_hook_to_swow_and_caches_apart():
    for layer, module in HOOK_MODULES.items():
        assert module._ruleset.__name__ == f"analyzer.rulesets.swow.hooks.{layer}"
    assert Path(numba.config.CACHE_DIR).name.startswith("engine-swow-")


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


# A fresh process playing the plain ruleset: checked games with both bots, then
# which ruleset modules it imported.
PLAIN_GAMES = """
import sys
import numpy as np
from analyzer.engine import api
from analyzer.model import default_tables
from analyzer.players.params import default_vector, policy_id
etables = api.engine_tables(default_tables())
for policy in ("heuristic", "random"):
    params = np.array([default_vector(policy)] * 4)
    res = api.play_batch(etables, 4, 1, 0, 50, [policy_id(policy)] * 4, params, check=True)
    assert res.errors.max() == 0, (policy, res.errors.max())
    assert res.seats[:, :4, 0].sum() > 0
print(sorted(m for m in sys.modules if m.startswith("analyzer.rulesets.")))
"""


def snapshot(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime for p in folder.rglob("*")}


@pytest.mark.slow
def test_another_ruleset_plays_without_compiling_or_touching_swow():
    swow_cache = Path(numba.config.CACHE_DIR)
    before = snapshot(swow_cache)
    env = dict(
        os.environ,
        ANALYZER_RULESET="tests.plain_ruleset",
        NUMBA_CACHE_DIR=str(swow_cache.parent),  # the same base: the folders sit side by side
        PYTHONPATH=str(ROOT),
    )
    run = subprocess.run(
        [sys.executable, "-c", PLAIN_GAMES],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "[]"  # no module of analyzer/rulesets/ was imported
    plain = [p for p in swow_cache.parent.glob("engine-tests-plain_ruleset-*") if p.is_dir()]
    assert plain, "the plain ruleset compiled into no folder of its own"
    assert snapshot(swow_cache) == before

"""The ruleset interface is one table (analyzer/engine/hook_table.py): every
ruleset's hooks modules give only hooks the table lists, every required one, each
with the table's arguments; the core's neutral hooks give every optional one; and
the core asks each ruleset which terrains are water instead of assuming an order.

A process binds one ruleset's engine, so each ruleset is checked in a process of
its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from analyzer.engine import hook_table
from analyzer.engine.core_layout import terrain_bits
from analyzer.ruleset_registry import playable_rulesets

ROOT = Path(__file__).resolve().parents[1]
RULESETS = [*playable_rulesets(), "tests.plain_ruleset"]

# In the ruleset's own process: the table's problems with each of its hooks modules
# and with the core's neutral ones, then whether the core's water (its layout's
# TERRAIN_WATER) is the water of its content, region by region.
CHECK = """
import json
import sys

from analyzer import load_game

load_game(sys.argv[1])
from analyzer.engine import hook_table, ruleset_module
from analyzer.engine import rule_hooks  # binding refuses a bad module
from analyzer.gameloop import turn_hooks
from analyzer.players import bot_hooks
from analyzer.engine.neutral_hooks import bots, rules, turn
from analyzer.engine.terrain import water_terrain
from analyzer.ruleset_registry import played_content, played_tables

problems = []
for group in hook_table.GROUPS:
    problems += hook_table.check_module(group, ruleset_module("hooks." + group))
for group, neutral in (("rules", rules), ("bots", bots), ("turn", turn)):
    problems += hook_table.check_neutral(group, neutral)
_, faces = played_content().default_content()
content = [r.is_water for face in faces for r in face.regions]
core = [bool(water_terrain.py_func(int(x))) for x in played_tables().face_terrain]
print(json.dumps({"problems": problems, "water": [content, core]}))
"""


def run_in(ruleset: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", CHECK, ruleset], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ruleset_gives_its_hooks_as_the_table_declares_them(ruleset):
    found = run_in(ruleset)
    assert found["problems"] == []
    content, core = found["water"]
    assert core == content and any(content), "the core's water is not the content's"


def module(name: str, **hooks) -> ModuleType:
    fake = ModuleType(name)
    vars(fake).update(hooks)
    return fake


def test_the_check_names_unknown_missing_and_misshapen_hooks():
    def tokens_lost(g, t, q, r, decline, n):  # one argument short
        return n

    def region_defense(reg, r):  # a misspelt region_defence
        return 0

    def place_pieces(g, t, rng):
        return

    problems = hook_table.check_module(
        "rules", module("fake.hooks.rules", tokens_lost=tokens_lost, region_defense=region_defense)
    )
    text = " ".join(problems)
    assert "takes (g, t, q, r, decline, n)" in text
    assert "tokens_lost(g, t, q, r, decline, n, attacker)" in text
    assert "'region_defense', which is no rules hook (did you mean 'region_defence'?)" in text
    assert "lacks the required hook place_pieces(g, t, rng)" in text
    assert hook_table.check_module("rules", module("ok", place_pieces=place_pieces)) == []
    # a constant given as a function, and a function left out of __all__
    fake = module("fake.hooks.rules", place_pieces=place_pieces, REENTER_BY_ENTRY=place_pieces)
    fake.__all__ = ["place_pieces", "REENTER_BY_ENTRY"]
    assert any("declares a constant" in p for p in hook_table.check_module("rules", fake))
    place_pieces.__module__ = "fake.hooks.rules"
    fake.helper = place_pieces
    assert any("leaves it out of __all__" in p for p in hook_table.check_module("rules", fake))
    with pytest.raises(ImportError, match="lacks the required hook"):
        hook_table.bind("rules", module("empty"), module("neutral"))


def test_the_table_declares_each_hook_once_with_a_purpose():
    assert len(hook_table.BY_NAME) == len(hook_table.HOOKS)
    for hook in hook_table.HOOKS:
        assert hook.group in hook_table.GROUPS and hook.purpose, hook
        assert hook.name.isidentifier() and all(a.isidentifier() for a in hook.args or ())


def test_water_is_asked_of_the_ruleset_whatever_its_terrain_order(monkeypatch):
    from analyzer.engine import terrain

    # a ruleset that numbers its terrains otherwise: water first and fourth
    order = ("Lake", "Farmland", "Hill", "Sea", "Forest")
    bits = terrain_bits(order, ("Sea", "Lake"))
    assert bits == 0b01001
    monkeypatch.setattr(terrain, "TERRAIN_WATER", bits)
    water = [terrain.water_terrain.py_func(i) for i in range(len(order))]
    assert water == [True, False, False, True, False]
    with pytest.raises(ValueError, match="Ocean"):
        terrain_bits(order, ("Ocean",))


@pytest.mark.parametrize(
    "broken, said",
    [
        # a misspelt hook: the module imports but does not bind
        (("place_pieces", "place_piece"),
         "hooks/rules.py: pkg.mini.hooks.rules gives 'place_piece', which is no rules hook "
         "(did you mean 'place_pieces'?)"),
        # a module that fails to import: its file and line
        (("__all__ = [", "VALUE = undefined + 1\n__all__ = ["),
         "hooks/rules.py, line 14: the ruleset module pkg.mini.hooks.rules fails to import: "
         "NameError: name 'undefined' is not defined"),
    ],
)  # fmt: skip
def test_a_broken_ruleset_module_is_one_paragraph_and_exit_2(tmp_path, broken, said):
    import shutil

    shutil.copytree(ROOT / "tests" / "plain_ruleset", tmp_path / "pkg" / "mini")
    (tmp_path / "pkg" / "__init__.py").write_text("")
    rules = tmp_path / "pkg" / "mini" / "hooks" / "rules.py"
    rules.write_text(rules.read_text().replace(*broken))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run(
        [sys.executable, "-m", "analyzer", "simulate", "--ruleset", "pkg.mini", "-g", "10",
         "--out", str(tmp_path / "out")],
        env=env, cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and said in done.stderr
    assert f"{Path('pkg', 'mini', 'hooks', 'rules.py')}" in done.stderr

"""A run plays one ruleset: the core reaches it only through the hook modules
(engine/rule_hooks.py, bot_hooks.py, turn_hooks.py), bound to the ruleset the run
loaded, and compiles into a cache folder of that ruleset's own; no function of
another ruleset is ever compiled or loaded in it. A second, different ruleset is
refused in the same process, never silently replaced by the first."""

from __future__ import annotations

import sys
from pathlib import Path

import numba
import pytest
from numba.core.dispatcher import Dispatcher

import analyzer
from analyzer.engine import BOUND_RULESET, rule_hooks
from analyzer.errors import InputError
from analyzer.gameloop import turn_hooks
from analyzer.players import bot_hooks
from analyzer.ruleset_registry import ruleset_package, shipped_rulesets

HOOK_MODULES = {"rules": rule_hooks, "bots": bot_hooks, "turn": turn_hooks}


def test_the_run_binds_every_hook_to_its_ruleset_and_caches_apart(game):
    assert game.ruleset == BOUND_RULESET
    for layer, module in HOOK_MODULES.items():
        assert module._ruleset.__name__ == f"{ruleset_package(game.ruleset)}.hooks.{layer}"
    label = game.ruleset.replace(".", "-")
    assert Path(numba.config.CACHE_DIR).name.startswith(f"engine-{label}-")


def test_no_function_of_another_ruleset_is_compiled(game):
    game.engine_tables()  # whatever this run has played by now, and its content
    others = [f"analyzer.rulesets.{n}." for n in shipped_rulesets() if n != game.ruleset]
    compiled = [
        f"{name}.{attr}"
        for name, module in list(sys.modules.items())
        if name.startswith(tuple(others))
        for attr, value in vars(module).items()
        if isinstance(value, Dispatcher) and value.overloads
    ]
    assert compiled == []


def test_loading_the_same_game_again_gives_an_equal_handle(game):
    again = analyzer.load_game(game.ruleset, game.variant)
    assert again == game and again.engine is game.engine
    assert analyzer.load_game(game.ruleset).variants == game.variants


def test_another_ruleset_is_refused_not_silently_played(game):
    other = next(n for n in shipped_rulesets() if n != game.ruleset)
    with pytest.raises(InputError) as caught:
        analyzer.load_game(other)
    text = str(caught.value)
    assert f"load_game: name = '{other}'" in text
    assert f"this process already plays {game.ruleset}" in text and "run a new one" in text
    assert "\n" not in text

"""The engine's compiled functions, callable from the tests, for the ruleset this
test run plays (`pytest --ruleset NAME`, tests/conftest.py).

Import them from here (`from kernels import conquer`), never from their engine
module: a kernel (analyzer.engine.jit) has no Python entry point, and this
module hands out its trampoline instead. Other compiled functions come back as
they are. A name is looked up in the core's modules, then in the played
ruleset's, then in the bots'.
"""

from __future__ import annotations

import importlib

from numba.core.dispatcher import Dispatcher

from analyzer.engine import BOUND_RULESET
from analyzer.engine.jit import python_entry
from analyzer.ruleset_registry import ruleset_package

# The core's modules and the game loop's turn and game, in the order names are looked up.
ENGINE = (
    "engine.coins engine.column engine.conquest engine.decline engine.faces gameloop.turns "
    "engine.invariants gameloop.play engine.rng engine.scoring engine.setup engine.state "
    "engine.trace"
)
# The modules of each shipped ruleset that hold compiled functions.
RULESET_MODULES = {
    "swow": "abilities bots checks draft markers modes pieces powers races scoring setup "
    "rivals targets turn values",
    "classic": "abilities bots rivals setup targets turn",
}
MODULES = [importlib.import_module(f"analyzer.{name}") for name in ENGINE.split()]
MODULES += [
    importlib.import_module(f"{ruleset_package(BOUND_RULESET)}.{name}")
    for name in RULESET_MODULES.get(BOUND_RULESET, "").split()
]
MODULES += [
    importlib.import_module(f"analyzer.{name}")
    for name in (
        "players.heuristic",
        "gameloop.lookahead",
        "players.policy",
        "players.random_player",
        "gameloop.search",
    )  # fmt: skip
]


def __getattr__(name: str):
    for module in MODULES:
        func = vars(module).get(name)
        if isinstance(func, Dispatcher) and func.py_func.__module__ == module.__name__:
            return python_entry(func)
    raise AttributeError(f"no compiled engine or bot function named {name!r}")

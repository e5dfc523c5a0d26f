"""The engine's compiled functions, callable from the tests.

Import them from here (`from kernels import conquer`), never from their engine
module: a kernel (analyzer.engine.jit) has no Python entry point, and this
module hands out its trampoline instead. Other compiled functions come back as
they are.
"""

from __future__ import annotations

import importlib

from numba.core.dispatcher import Dispatcher

from analyzer.engine.jit import python_entry

ENGINE = "coins column conquest decline faces game invariants rng scoring setup state trace"
SWOW = "abilities bots checks draft markers modes pieces powers races scoring setup targets turn"
SWOW += " values"
MODULES = [importlib.import_module(f"analyzer.engine.{name}") for name in ENGINE.split()]
MODULES += [importlib.import_module(f"analyzer.rulesets.swow.{name}") for name in SWOW.split()]
MODULES += [
    importlib.import_module(f"analyzer.players.{name}")
    for name in ("heuristic", "lookahead", "policy", "random_player")
]


def __getattr__(name: str):
    for module in MODULES:
        func = vars(module).get(name)
        if isinstance(func, Dispatcher) and func.py_func.__module__ == module.__name__:
            return python_entry(func)
    raise AttributeError(f"no compiled engine or bot function named {name!r}")

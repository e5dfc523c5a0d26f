"""The classic engine's compiled functions, callable from the tests (see
tests/kernels.py): import them from here, never from their module."""

from __future__ import annotations

import importlib

from numba.core.dispatcher import Dispatcher

from analyzer.engine.jit import python_entry

ENGINE = "column conquest decline faces game invariants rng scoring setup state trace"
CLASSIC = "abilities bots rivals setup targets turn"
MODULES = [importlib.import_module(f"analyzer.engine.{name}") for name in ENGINE.split()]
MODULES += [importlib.import_module(f"analyzer.rulesets.classic.{n}") for n in CLASSIC.split()]
MODULES += [
    importlib.import_module(f"analyzer.players.{name}")
    for name in ("heuristic", "policy", "random_player")
]


def __getattr__(name: str):
    for module in MODULES:
        func = vars(module).get(name)
        if isinstance(func, Dispatcher) and func.py_func.__module__ == module.__name__:
            return python_entry(func)
    raise AttributeError(f"no compiled engine or bot function named {name!r}")

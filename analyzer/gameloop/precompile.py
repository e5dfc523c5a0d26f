"""A second process that shares the first compilation of the engine.

numba compiles on one core, so on a fresh machine the first run would spend
all its compile on one core while the second idles. When the engine's cache is
cold, `compile_helper()` starts a second Python process (HELPER) beside
the run. The helper compiles the kernels of a turn from its end backwards
(final standings, scoring, the end of turn, redeployment, the attack, ...)
into the shared on-disk cache, while the run compiles from the start of the
game forwards. numba looks in that cache before compiling any kernel, so the
run loads what the helper finished and the two meet in the middle (measured in
docs/speed.md, "What compiles, and why"). The results are the same either way: a cached
kernel is the same machine code as a freshly compiled one.

The helper is told the run's ruleset by name (it loads that game first,
engine/__init__.py) and compiles into that ruleset's cache folder, from
the list the ruleset gives (`turn_backwards` in its hooks/precompile.py: its
kernels sit between the core's, and the order decides where helper and run meet).

The helper only ever adds cache entries. If it fails, is stopped half-way or
compiles a signature the run does not use, the run compiles what it needs
itself. It is stopped as soon as the run's compilation is over. Where other processes
already keep every core busy (a report's pages, built side by side), HELPER_SWITCH
turns it off.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import numba
import numpy as np
from numba import njit
from numba.core import event

from analyzer.engine import BOUND_RULESET, HELPER_SWITCH, ruleset_module
from analyzer.engine.hook_table import bind
from analyzer.engine.invariants import check_invariants
from analyzer.engine.jit import load_numba_registries
from analyzer.engine.layout import MAX_PLAYERS, S_NF
from analyzer.engine.state import engine_tables, new_game
from analyzer.players.params import N_POLICY_PARAMS
from analyzer.ruleset_registry import played_tables

READY_MARKER = "compiled"  # written into the engine's cache folder after a first run
# The helper's program: it loads the run's game by name (argv[1]) before the engine;
# argv[2] says whether the run checks invariants.
HELPER = (
    "import sys, analyzer; analyzer.load_game(sys.argv[1]); "
    "from analyzer.gameloop.precompile import compile_turn_backwards; "
    "compile_turn_backwards(exit_once_typed=True, checked=sys.argv[2] == 'checked')"
)


@njit(no_cfunc_wrapper=True, _nrt=False)  # not cached: it only exists to type its call
def _check_first(g, t, run):
    if run:
        check_invariants(g, t)


def compile_turn_backwards(exit_once_typed: bool = False, checked: bool = False) -> None:
    """Compiles (and caches) the kernels on the ruleset's list by typing
    `turn_backwards`; for a run that checks invariants, `check_invariants` first
    (only a checked run's turn calls it, and only after the whole turn is typed, so
    the run would compile it last, alone). The helper exits as soon as that is done
    (exit_once_typed): lowering `turn_backwards` itself (about 2 s of CPU in SWoW, its
    callees linked and optimised once more) would only take CPU from the run."""

    class ExitOnceTyped(event.Listener):
        def on_start(self, ev):
            pass

        def on_end(self, ev):
            if (
                exit_once_typed
                and ev.data["qualname"] == "turn_backwards"
                and ev.data["name"].startswith("nopython_type_inference")
            ):
                os._exit(0)

    load_numba_registries()
    # Any content gives the same types; the played ruleset's is always at hand.
    seats = np.zeros((1, MAX_PLAYERS, S_NF), np.int32)  # as batch.run_batch makes them
    turn_backwards = bind("precompile", ruleset_module("hooks.precompile"), None)["turn_backwards"]
    game, tables = new_game(N_POLICY_PARAMS, 1), engine_tables(played_tables())
    if checked:
        _check_first(game, tables, False)
    with event.install_listener("numba:run_pass", ExitOnceTyped()):
        turn_backwards(game, tables, seats, False)


def cache_is_ready() -> bool:
    """Whether a run has compiled this very engine into the cache before."""
    return (Path(numba.config.CACHE_DIR) / READY_MARKER).exists()


def _mark_ready() -> None:
    folder = Path(numba.config.CACHE_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / READY_MARKER).touch()


def _die_with_parent() -> None:
    """In the helper, before it starts: ask Linux to send it SIGTERM when the run
    dies, even by SIGKILL, so it never goes on compiling as an orphan."""

    try:
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the run's own cleanup still stops it
        pass


@contextmanager
def compile_helper(checked: bool = False):
    """Around a run's first call into the engine: a helper process while the
    cache is cold and a second core is free; nothing once it is warm. `checked`:
    whether the run checks invariants."""
    if cache_is_ready():
        yield
        return
    helper = None
    if (os.cpu_count() or 1) >= 2 and os.environ.get(HELPER_SWITCH) != "off":
        # The run's own import path, so that the helper finds this very package
        # however the run found it.
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        helper = subprocess.Popen(
            [sys.executable, "-c", HELPER, BOUND_RULESET, "checked" if checked else "unchecked"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
    try:
        yield
        _mark_ready()
    finally:
        if helper is not None and helper.poll() is None:
            helper.terminate()
            helper.wait()

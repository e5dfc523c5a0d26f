"""Kernels have no Python entry point: a direct call must fail cleanly (numba
would otherwise jump to a missing entry point and crash the interpreter), and
python_entry must reach the same compiled code."""

from __future__ import annotations

import os
import subprocess
import sys

import numba
import numpy as np
import pytest

from analyzer.engine import conquest, invariants, rng
from analyzer.engine.jit import KernelDispatcher, kernel, python_entry
from analyzer.engine.layout import N_STREAMS
from analyzer.rulesets.swow import powers


def test_a_kernel_called_from_python_raises_a_clear_error():
    assert isinstance(conquest.conquer, KernelDispatcher)
    with pytest.raises(TypeError, match="python_entry"):
        conquest.conquer(None, None, 0, 0, 1)


def test_python_entry_reaches_the_kernel():
    a = np.zeros(N_STREAMS, np.uint64)
    b = np.zeros(N_STREAMS, np.uint64)
    python_entry(rng.init_streams)(7, 3, a)
    python_entry(rng.init_streams)(7, 3, b)
    assert a.any() and (a == b).all()
    python_entry(rng.init_streams)(7, 4, b)
    assert not (a == b).all()


def test_python_entry_makes_one_trampoline_and_leaves_other_functions_alone():
    assert python_entry(rng.init_streams) is python_entry(rng.init_streams)
    assert python_entry(powers.intimidation_ok) is powers.intimidation_ok
    assert python_entry(invariants.check_invariants) is not invariants.check_invariants


def test_a_cache_is_set_up_at_the_first_compilation_not_at_decoration(monkeypatch, tmp_path):
    # Setting it up writes a probe file into the cache folder: for every one of the
    # engine's functions that made a warm start 1.2 s slower.
    from numba.core.caching import FunctionCache, NullCache

    from analyzer.engine.jit import inline_kernel

    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))

    def twice(x):
        return 2 * x

    compiled = inline_kernel(twice)
    assert isinstance(compiled._cache, NullCache)
    assert compiled(21) == 42
    assert isinstance(compiled._cache, FunctionCache)
    assert list(tmp_path.rglob("*.nbi"))  # cached on disk


def test_two_threads_compiling_first_both_find_the_cache_set_up(monkeypatch, tmp_path):
    # The batch's threads call its entry point at once: one set the cache up while
    # the other, finding it flagged but not yet there, compiled the whole engine again.
    import threading
    import time

    from numba.core.caching import FunctionCache
    from numba.core.registry import CPUDispatcher

    from analyzer.engine.jit import entry_point

    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))

    def once(x):
        return x

    compiled = entry_point(once)
    set_up = compiled.enable_caching

    def slowly():
        time.sleep(0.2)
        set_up()

    seen = []
    monkeypatch.setattr(compiled, "enable_caching", slowly)
    monkeypatch.setattr(CPUDispatcher, "compile", lambda d, sig: seen.append(d._cache))
    threads = [threading.Thread(target=compiled.compile, args=((numba.int64,),)) for _ in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 2 and all(isinstance(cache, FunctionCache) for cache in seen)


def test_numba_loads_its_registries_without_scipy_and_scipy_still_imports():
    code = (
        "import sys; from analyzer.engine.jit import load_numba_registries; "
        "load_numba_registries(); "
        "assert 'numba.np.arraymath' in sys.modules and 'scipy.linalg' not in sys.modules; "
        "import scipy.linalg, numpy as np, numba; "
        "f = numba.njit(lambda a, b: np.dot(a, b)); "
        "assert f(np.ones(3), np.ones(3)) == 3.0"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    subprocess.run([sys.executable, "-c", "import analyzer; analyzer.load_game('swow'); " + code],
                   env=env, check=True)  # fmt: skip


def test_a_kernel_is_linked_not_built_and_its_caller_builds_it():
    # A kernel's own library stops after linking (EngineLibrary.linked_only): the
    # machine code is made once, in the library of the function Python calls.
    python_entry(rng.init_streams)(1, 1, np.zeros(N_STREAMS, np.uint64))
    (kernel_result,) = rng.init_streams.overloads.values()
    assert kernel_result.library.linked_only
    assert kernel_result.library.get_pointer_to_function(kernel_result.fndesc.mangled_name) == 0
    (entry_result,) = python_entry(rng.init_streams).overloads.values()
    assert not entry_result.library.linked_only
    assert entry_result.library.get_pointer_to_function(entry_result.fndesc.mangled_name)


@kernel
def _fibonacci(n, unread):
    # Recursive twice, so that LLVM cannot inline it away or make it a loop.
    if n < 2:
        return n
    return _fibonacci(n - 1, unread) + _fibonacci(n - 2, unread)


def test_a_kernel_linked_into_its_caller_loses_the_arguments_it_never_reads():
    # In the library Python calls, a linked kernel is internal: LLVM's dead-argument
    # elimination drops the array it passes on but never reads (7 LLVM arguments).
    assert python_entry(_fibonacci)(10, np.zeros(3)) == 55
    (kernel_result,) = _fibonacci.overloads.values()
    name = kernel_result.fndesc.mangled_name
    (entry_result,) = python_entry(_fibonacci).overloads.values()
    as_compiled = kernel_result.library._final_module.get_function(name)
    as_linked = entry_result.library._final_module.get_function(name)
    assert len(list(as_linked.arguments)) < len(list(as_compiled.arguments))


LOAD_THE_KERNEL = (
    "import sys, numpy as np, analyzer; analyzer.load_game('swow'); "
    "from analyzer.engine import rng; from analyzer.engine.jit import python_entry; "
    "from analyzer.engine.layout import N_STREAMS; "
    "a = np.zeros(N_STREAMS, np.uint64); python_entry(rng.init_streams)(7, 3, a); "
    "print(rng.init_streams.stats.cache_hits and 'loaded' or 'compiled', list(a))"
)


def test_a_linked_kernel_loads_from_the_cache_and_links_into_a_new_caller(tmp_path):
    # The second process loads the kernel's LLVM code from the cache (no machine
    # code was cached for it) and builds it into its own, new trampoline.
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)

    def run():
        out = subprocess.run([sys.executable, "-c", LOAD_THE_KERNEL], env=env, check=True,
                             capture_output=True, text=True).stdout  # fmt: skip
        return out.split(" ", 1)

    first, streams = run()
    second, again = run()
    assert (first, second) == ("compiled", "loaded")
    assert again == streams


def test_a_warm_first_game_loads_the_engine_alone():
    # A fresh process with a warm cache (this one plays the same game first, which
    # compiles or loads it) loads the batch entry point's machine code and plays:
    # numba's compiler registries stay unloaded (0.3 s of CPU) and no library of
    # tables, plots or the command line is imported. It plays the same game as this process.
    from analyzer.bench import FIRST_GAME
    from analyzer.gameloop import api
    from analyzer.players.params import default_vector, policy_id
    from analyzer.ruleset_registry import played_tables, ruleset_name
    from tests.engine_cache import engine_cache_base

    params = np.array([default_vector("heuristic")] * 4)
    etables = api.engine_tables(played_tables())
    here = api.play_batch(etables, 4, 1, 0, 1, [policy_id("heuristic")] * 4, params)
    script = FIRST_GAME.replace("\napi.play_batch(", "\nresult = api.play_batch(")
    assert "result = " in script
    script += (
        "unwanted = ['numba.np.arraymath', 'scipy.linalg', 'scipy.stats', 'pandas', 'matplotlib',"
        " 'statsmodels', 'rich', 'typer']\n"
        "imported = [m for m in unwanted if m in sys.modules]\n"
        "assert not imported, imported\n"
        "sys.stdout.buffer.write(result.seats.tobytes())\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p),
               NUMBA_CACHE_DIR=engine_cache_base())  # fmt: skip
    there = subprocess.run([sys.executable, "-c", script, ruleset_name()], env=env,
                           capture_output=True, check=True).stdout  # fmt: skip
    assert there == here.seats.tobytes()


def test_a_process_that_loaded_the_engine_skips_the_last_garbage_collections():
    # They walked numba's objects at exit: 0.3 s of CPU after every command.
    code = (
        "import atexit, gc, analyzer.engine; assert gc.get_freeze_count() == 0; "
        "atexit._run_exitfuncs(); assert gc.get_freeze_count() > 0"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    subprocess.run([sys.executable, "-c", code], env=env, check=True)


def test_a_compilations_objects_wait_for_the_next_call_to_be_collected(monkeypatch):
    # Their first collection (0.8 s in SWoW) would end the first game; a command that
    # plays once and exits never pays for it.
    import gc

    from analyzer.gameloop import api

    monkeypatch.setattr(api, "COMPILED_OBJECTS", 10_000)
    assert gc.isenabled()
    try:
        with api._gc_paused():
            for _ in range(20_000):  # dead cycles, as a compilation leaves them
                cycle = []
                cycle.append(cycle)
        assert gc.isenabled() and gc.get_freeze_count() >= 20_000
        with api._gc_paused():  # a warm call: nothing to freeze
            assert gc.get_freeze_count() == 0
        assert gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


def test_an_assumed_shape_is_taken_as_the_constant_it_names():
    # What makes `reg[r, c]` a multiply by a constant in the kernels: after
    # assume_equal the compiler reads no shape at all, so an array of another
    # width is read wrongly (check_as_built stops one before any game).
    from analyzer.engine.jit import assume_equal

    @numba.njit
    def width(a):
        assume_equal(a.shape[1], 7)
        return a.shape[1]

    assert width(np.zeros((2, 7), np.int64)) == 7
    assert width(np.zeros((2, 9), np.int64)) == 7  # the assumption, not the array


def test_an_index_assumed_nonnegative_is_taken_as_such():
    # What spares a neighbour's index numba's wraparound (a negative index counted
    # from the end): after assume_nonnegative the compiler drops the test for < 0.
    from analyzer.engine.jit import assume_nonnegative

    @numba.njit
    def negative(i):
        assume_nonnegative(i)
        return i < 0

    assert not negative(3)
    assert not negative(-1)  # the assumption, not the value


def test_games_are_played_only_on_the_shapes_the_kernels_assume():
    from analyzer.engine.state import check_as_built, new_game
    from analyzer.gameloop import api
    from analyzer.players.params import N_POLICY_PARAMS, default_vector, policy_id
    from analyzer.ruleset_registry import played_tables

    etables = api.engine_tables(played_tables())
    check_as_built(new_game(N_POLICY_PARAMS, 1), etables)  # as built: no complaint
    wider = etables._replace(race=np.zeros((etables.race.shape[0], etables.race.shape[1] + 1)))
    with pytest.raises(ValueError, match="engine array t.race of shape"):
        check_as_built(new_game(N_POLICY_PARAMS, 1), wider)
    ids = [policy_id("heuristic")] * 2
    params = np.array([default_vector("heuristic")] * 2)
    with pytest.raises(ValueError, match="engine array t.race of shape"):
        api.play_batch(wider._replace(race=wider.race.astype(np.int64)), 2, 1, 0, 2, ids, params)


def test_the_kernels_assume_exactly_the_shapes_that_are_checked():
    # assume_as_built is written out (numba compiles each line), BUILT_SHAPES is what
    # check_as_built reads: every fixed dimension must be in both, with one value.
    import inspect
    import re

    from analyzer.engine import state

    source = inspect.getsource(state.assume_as_built.py_func)
    assumed = {
        (owner, field, int(dim)): eval(value, vars(state))
        for owner, field, dim, value in re.findall(
            r"assume_equal\((\w)\.(\w+)\.shape\[(\d)\], (.+)\)", source
        )
    }
    fixed = {
        (owner, field, dim): n
        for owner, shapes in state.BUILT_SHAPES.items()
        for field, shape in shapes.items()
        for dim, n in enumerate(shape)
        if n is not None
    }
    assert assumed == fixed

"""What a first game compiles, and where the CPU time goes (docs/speed.md, "What
compiles, and why").

Plays one 4-player heuristic game in this fresh process, as `analyzer bench` times
it, with numba's cache in a new empty folder (or CACHE, warm then), and prints every
function numba compiled or loaded: its CPU seconds without those of the functions
it calls (excl), the LLVM share of them, with them (incl), and how many signatures
it got; then the seconds of each compiler pass and LLVM phase, and the process's
CPU. CPU seconds, not wall: the machine this runs on is often shared.

Run from the repository root:
    .venv/bin/python tools/compile_profile.py swow [--one-process] [--cache DIR] [--top 40]
"""

from __future__ import annotations

import argparse
import collections
import os
import resource
import sys
import tempfile
import time
from contextlib import nullcontext

clock = time.process_time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset")
    parser.add_argument("--one-process", action="store_true", help="no second compiling process")
    parser.add_argument("--cache", help="numba cache folder (default: a new empty one)")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    os.environ["NUMBA_CACHE_DIR"] = args.cache or tempfile.mkdtemp(prefix="compile-profile-")

    from numba.core import codegen, dispatcher
    from numba.core import event as ev

    records = []  # (name, excl, llvm, incl, loaded)
    stack = []  # per compile in progress: [seconds of nested compiles, LLVM seconds]
    passes: collections.Counter = collections.Counter()
    phases: collections.Counter = collections.Counter()

    class LLVMTime(ev.Listener):
        depth = 0

        def on_start(self, event):
            LLVMTime.depth += 1
            if LLVMTime.depth == 1:
                self.start = clock()

        def on_end(self, event):
            LLVMTime.depth -= 1
            if LLVMTime.depth == 0 and stack:
                stack[-1][1] += clock() - self.start

    pass_starts = []

    class PassTime(ev.Listener):
        def on_start(self, event):
            pass_starts.append((clock(), stack[-1][0] if stack else 0.0))

        def on_end(self, event):
            start, nested = pass_starts.pop()
            nested = (stack[-1][0] if stack else 0.0) - nested
            passes[event.data["name"].split(" [")[0]] += clock() - start - nested

    ev.register("numba:llvm_lock", LLVMTime())
    ev.register("numba:run_pass", PassTime())

    original = dispatcher.Dispatcher.compile

    def compile(self, sig):
        n_overloads, hits = len(self.overloads), sum(self._cache_hits.values())
        start = clock()
        stack.append([0.0, 0.0])
        try:
            return original(self, sig)
        finally:
            nested, llvm = stack.pop()
            took = clock() - start
            if stack:
                stack[-1][0] += took
            if len(self.overloads) > n_overloads:
                name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
                loaded = sum(self._cache_hits.values()) > hits
                records.append((name.removeprefix("analyzer."), took - nested, llvm, took, loaded))

    dispatcher.Dispatcher.compile = compile
    for cls, method, label in (
        (codegen.CPUCodeLibrary, "_optimize_functions", "LLVM function passes"),
        (codegen.CPUCodeLibrary, "_optimize_final_module", "LLVM module passes"),
        (codegen.JITCodeLibrary, "_finalize_specific", "LLVM machine code"),
    ):
        setattr(cls, method, _timed(getattr(cls, method), label, phases))

    import numpy as np

    import analyzer

    etables = analyzer.load_game(args.ruleset).engine_tables()
    from analyzer.gameloop import api, precompile
    from analyzer.players.params import default_vector, policy_id

    if args.one_process:
        precompile.compile_helper = nullcontext
    params = np.array([default_vector("heuristic")] * 4)
    api.play_batch(etables, 4, 1, 0, 1, [policy_id("heuristic")] * 4, params)

    by_name: dict = {}
    for name, excl, llvm, incl, loaded in records:
        row = by_name.setdefault(name, [0, 0.0, 0.0, 0.0, 0])
        row[0] += 1
        row[1] += excl
        row[2] += llvm
        row[3] = max(row[3], incl)
        row[4] += loaded
    print(f"{'excl s':>7} {'LLVM s':>7} {'incl s':>7} sigs loaded  function")
    for name, (sigs, excl, llvm, incl, loaded) in sorted(by_name.items(), key=lambda x: -x[1][1])[
        : args.top
    ]:
        print(f"{excl:7.2f} {llvm:7.2f} {incl:7.2f} {sigs:4d} {loaded:6d}  {name}")
    compiled = [r for r in records if not r[4]]
    print(
        f"{len(compiled)} compiled ({sum(r[1] for r in compiled):.1f} s, LLVM "
        f"{sum(r[2] for r in compiled):.1f} s), {len(records) - len(compiled)} loaded "
        f"from the cache ({sum(r[1] for r in records if r[4]):.1f} s)"
    )
    print("passes: " + ", ".join(f"{k} {v:.1f}" for k, v in passes.most_common(6)))
    print("LLVM: " + ", ".join(f"{k} {v:.1f}" for k, v in phases.most_common()))
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"CPU s: this process {me.ru_utime + me.ru_stime:.1f}, the second process "
        f"{children.ru_utime + children.ru_stime:.1f}; load average "
        f"{os.getloadavg()[0]:.1f}"
    )


def _timed(func, label, totals):
    def timed(*args, **kwargs):
        start = clock()
        try:
            return func(*args, **kwargs)
        finally:
            totals[label] += clock() - start

    return timed


if __name__ == "__main__":
    sys.exit(main())

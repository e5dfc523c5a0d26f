"""Python's frame-stack chunks kept while numba compiles (engine/spare_chunks.py):
a recursion that swings across a chunk's edge stops mapping and faulting in a new
chunk at every swing, and memory mapped before the switch is still freed safely."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from analyzer.engine.spare_chunks import supported

SWINGS = """
import resource, sys, threading
sys.setrecursionlimit(10000)
def down(n, then=None):
    return (then() if then else 0) if n == 0 else down(n - 1, then) + 1
def keep():
    from analyzer.engine.spare_chunks import keep_spare_chunks
    assert keep_spare_chunks()
    return 0
# a thread whose stack was mapped before the switch ends after it
go = threading.Event()
early = threading.Thread(target=down, args=(2000, go.wait), daemon=True)
early.start()
if sys.argv[1] == "keep":
    down(1000, keep)  # switched deep in a recursion: its chunks are freed after
go.set(); early.join()
def swings():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(20000):
        down(150)  # deep enough to cross at least one chunk's edge, and back
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
faults = swings()
# a thread and deep recursions after the switch, and objects enough for the
# allocator to map and free arenas
worker = threading.Thread(target=down, args=(2000,))
worker.start(); worker.join()
down(3000)
rows = [list(range(50)) for _ in range(200000)]
del rows
print(faults)
"""


def _faults(mode: str) -> int:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run([sys.executable, "-c", SWINGS, mode], env=env, check=True,
                         capture_output=True, text=True).stdout  # fmt: skip
    return int(out)


@pytest.mark.skipif(not supported(), reason="installed on Linux x86-64 only")
def test_swinging_across_a_chunk_edge_stops_faulting_once_chunks_are_kept():
    assert _faults("default") > 10000  # CPython maps the chunk anew at every swing
    assert _faults("keep") < 1000

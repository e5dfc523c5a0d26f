"""Run an `analyzer` command in this process, then write /tmp/perf-<pid>.map naming
every function of the engine's compiled code, so `perf report` can name them.

    perf record -e cpu-clock -o perf.data -- .venv/bin/python tools/perf_map.py \
        simulate --ruleset swow --players 4 --games 20000 --seed 7 --threads 1
    perf report -i perf.data --sort symbol

The engine's kernels are loaded from numba's cache as object code, one library per
cached function, each holding the code of what it calls too (weak symbols: the
process runs the first copy loaded). The names come from each object's symbol table
(`nm`), the addresses from where the process loaded it: the address its symbols
resolve to, less their offset, agreed by most of them, is where its code starts.
"""

from __future__ import annotations

import collections
import contextlib
import os
import subprocess
import sys
import tempfile

LIBRARIES = []


def keep_object_code() -> None:
    """numba drops a library's object code once loaded: keep a copy."""
    from numba.core.codegen import CPUCodeLibrary

    original = CPUCodeLibrary._set_compiled_object

    def keep(self, value):
        LIBRARIES.append((self, value))
        original(self, value)

    CPUCodeLibrary._set_compiled_object = keep


def symbols(obj: bytes) -> list[tuple[int, int, str]]:
    with tempfile.NamedTemporaryFile(suffix=".o") as f:
        f.write(obj)
        f.flush()
        out = subprocess.run(
            ["nm", "-S", "--defined-only", f.name], capture_output=True, text=True
        ).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTW":
            rows.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return rows


def write_map() -> int:
    ee = None
    rows = {}
    for lib, obj in LIBRARIES:
        ee = lib._codegen._engine._ee
        syms = symbols(obj)
        bases = collections.Counter()
        for value, _size, name in syms:
            addr = ee.get_function_address(name)
            if addr:
                bases[addr - value] += 1
        if not bases:
            continue
        base = bases.most_common(1)[0][0]
        if os.environ.get("PERF_MAP_OBJECTS"):  # for objdump: <folder>/<base in hex>.o
            with open(os.path.join(os.environ["PERF_MAP_OBJECTS"], f"{base:x}.o"), "wb") as f:
                f.write(obj)
        for value, size, name in syms:
            rows[base + value] = f"{base + value:x} {size:x} {name}\n"
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        f.writelines(rows[a] for a in sorted(rows))
    return len(rows)


def main() -> None:
    keep_object_code()
    from analyzer.cli import app

    with contextlib.suppress(SystemExit):
        app(sys.argv[1:])
    print(f"perf map: {write_map()} functions", file=sys.stderr)


if __name__ == "__main__":
    main()

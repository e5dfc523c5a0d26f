"""Time `make report` from a fresh clone of this repository's current commit, as a
new user meets it: the clone's own virtual environment is installed, both rulesets
compile into its empty engine cache, and every study runs at its default
precision. Prints the time beside its goal (analyzer/speed_goals.py); the clone is
made in a temporary folder and removed afterwards. `make bench` runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from analyzer.speed_goals import GOALS, goal_text

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="analyzer-fresh-clone-") as folder:
        clone = Path(folder) / "analyzer"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "MAKEFLAGS")}
        start = time.perf_counter()
        done = subprocess.run(["make", "report"], cwd=clone, env=env)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        print(f"make report failed in the fresh clone (exit {done.returncode})", file=sys.stderr)
        return 1
    minutes, rest = divmod(round(seconds), 60)
    print(
        f"make report from a fresh clone: {minutes} min {rest:02d} s "
        f"({goal_text(seconds / 60, GOALS['fresh_report_s'] / 60, False, 'min')})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

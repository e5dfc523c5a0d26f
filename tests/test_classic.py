"""The original game's engine, in a process of its own: the ruleset binds at
engine import, so tests/classic/ runs under ANALYZER_RULESET=classic in one
pytest subprocess (one compile of the classic engine for all its tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from engine_cache import engine_cache_base

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_classic_tests_pass_under_the_classic_ruleset():
    env = dict(
        os.environ,
        ANALYZER_RULESET="classic",
        NUMBA_CACHE_DIR=engine_cache_base(),
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/classic"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]

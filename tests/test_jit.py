"""Kernels have no Python entry point: a direct call must fail cleanly (numba
would otherwise jump to a missing entry point and crash the interpreter), and
python_entry must reach the same compiled code."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import conquest, invariants, rng
from analyzer.engine.jit import KernelDispatcher, python_entry
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

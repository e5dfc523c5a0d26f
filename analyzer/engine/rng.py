"""Counter-based random streams, one per (seed, game, purpose).

numba's global generator is per thread, so it cannot give the same numbers
whatever the thread count. Each game instead owns a few splitmix64 streams whose
starting points are a hash of (master seed, game index, purpose). A game then
plays identically however the batch is split, and two scenarios run on the same
seed share their shuffles and dice (common random numbers).
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import N_STREAMS

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
GAME_SALT = np.uint64(0xD1B54A32D192ED03)
PURPOSE_SALT = np.uint64(0x8CB92BA72F3D8DD7)


@kernel
def mix64(z):
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@kernel
def init_streams(seed, game, rng):
    """Fill rng[purpose] with the starting state of each stream of one game."""
    base = mix64(np.uint64(seed) + GOLDEN)
    g = mix64(base ^ (np.uint64(game) * GAME_SALT))
    for purpose in range(N_STREAMS):
        rng[purpose] = mix64(g ^ (np.uint64(purpose + 1) * PURPOSE_SALT))


@kernel
def next_u64(rng, s):
    rng[s] += GOLDEN
    return mix64(rng[s])


@kernel
def randint(rng, s, n):
    """A uniform integer in [0, n) (n >= 1); the modulo bias is below 2**-50."""
    return np.int64(next_u64(rng, s) >> np.uint64(11)) % n


@inline_kernel
def uniform(rng, s):
    """A uniform float in [0, 1)."""
    return np.float64(next_u64(rng, s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def shuffle(rng, s, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, s, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@kernel
def redeal(rng, s, arr, n):
    """Deal arr[:n] again at random, as a player who cannot see their order would
    imagine them: sorted first, so the result depends only on which values are there
    and on the stream, never on their hidden order."""
    for i in range(1, n):
        v = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > v:
            arr[j + 1] = arr[j]
            j -= 1
        arr[j + 1] = v
    shuffle(rng, s, arr, n)

"""How every engine and bot function is compiled.

All three decorators cache the machine code on disk (see engine/__init__.py for
where) and skip the C callback wrapper nobody uses.

- `kernel`: the default. Compiled without numba's reference counting. The
  arrays a game works on are allocated once per thread by batch.play_range and
  outlive every call, so counting references to them is pure cost: with it on,
  each read of a named-tuple member (`g.reg`) and each call passing `g` or `t`
  made atomic increments and decrements, measured at about half of all game
  time. A kernel cannot allocate an array; numba refuses to compile one that
  tries ("NRT required but not enabled"), which keeps allocation out of the
  game loop.
- `inline_kernel`: a small helper inlined into its caller by numba, so that it
  costs no call; it takes on the caller's settings.
- `allocating`: for the few functions that create arrays (a new game, the
  setup draws, the invariant checks). They run once per game or only in
  checked runs, so their counting costs nothing measurable.

A kernel calls an `allocating` function freely as long as no array crosses
back: the callee owns what it creates.
"""

from __future__ import annotations

from numba import njit

kernel = njit(cache=True, no_cfunc_wrapper=True, _nrt=False)
inline_kernel = njit(cache=True, no_cfunc_wrapper=True, inline="always")
allocating = njit(cache=True, no_cfunc_wrapper=True, _nrt=True)

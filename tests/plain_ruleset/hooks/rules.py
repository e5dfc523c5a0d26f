"""The rule hooks without abilities: the core's neutral ones
(engine/neutral_hooks/rules.py), but for the pieces placed at setup, which name
the content's symbols."""

from __future__ import annotations

from analyzer.engine.faces import place_nobody_and_mountains
from analyzer.engine.jit import inline_kernel
from analyzer.model.ids import SYM_MOUNTAIN, SYM_MURLOC

__all__ = ["place_pieces"]


@inline_kernel
def place_pieces(g, t, rng):
    place_nobody_and_mountains(g, t, SYM_MURLOC, SYM_MOUNTAIN)

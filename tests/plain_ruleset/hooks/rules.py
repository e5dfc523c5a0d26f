"""The rule hooks without abilities: the core's neutral ones
(engine/neutral_hooks/rules.py), but for the pieces placed at setup, which name
the content's symbols, and the tithe variant's end-of-turn VC."""

from __future__ import annotations

from analyzer.engine.core_layout import PAR_VARIANT
from analyzer.engine.faces import place_nobody_and_mountains
from analyzer.engine.jit import inline_kernel
from analyzer.rulesets.swow.ids import SYM_MOUNTAIN, SYM_MURLOC

from ..layout import VARIANT_TITHE

__all__ = ["place_pieces", "turn_bonuses"]


@inline_kernel
def place_pieces(g, t, rng):
    place_nobody_and_mountains(g, t, SYM_MURLOC, SYM_MOUNTAIN)


@inline_kernel
def turn_bonuses(g, t, p):
    """The tithe variant: one VC more at the end of every turn (counted with the
    active race's); none in the standard game."""
    if t.params[PAR_VARIANT] == VARIANT_TITHE:
        return 1, 0
    return 0, 0

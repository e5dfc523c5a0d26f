"""What the core knows of terrains: only which ones are water, as the played
ruleset's layout declares them (TERRAIN_WATER, bits over its terrain ids)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import B_TERRAIN, TERRAIN_WATER


@kernel
def water_terrain(terrain):
    return (TERRAIN_WATER >> terrain) & 1 == 1


@inline_kernel
def is_water(g, r):
    return water_terrain(g.board[r, B_TERRAIN])

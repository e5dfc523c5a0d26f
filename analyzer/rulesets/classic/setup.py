"""The original game's setup: the map printed for the player count, a Lost
Tribe token on each Lost Tribe symbol and a Mountain on each Mountain region."""

from __future__ import annotations

from analyzer.engine.core_layout import FACE_SIZE, MAX_PLAYERS
from analyzer.engine.faces import place_nobody_and_mountains
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.rulesets.classic.layout import (
    P_SPIRIT_INSTANCE,
    P_SPIRIT_RACE,
    SYM_LOST_TRIBE,
    SYM_MOUNTAIN,
)


@kernel
def choose_faces(t, n_players, rng, chosen):
    """The one map printed for n_players (its FACE_SIZE is the player count)."""
    for f in range(t.faces.shape[0]):
        if t.faces[f, FACE_SIZE] == n_players:
            chosen[0] = f
            return 1
    return 0


@inline_kernel
def place_pieces(g, t, rng):
    place_nobody_and_mountains(g, t, SYM_LOST_TRIBE, SYM_MOUNTAIN)
    for p in range(MAX_PLAYERS):
        g.ply[p, P_SPIRIT_RACE] = -1  # no Spirit race in decline yet
        g.ply[p, P_SPIRIT_INSTANCE] = -1

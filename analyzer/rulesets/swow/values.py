"""What the heuristic bot believes SWoW's abilities and markers are worth (bot
knowledge, not rules): its combo choice and its target choice read these."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import N_MARKERS

# What the bot believes each ability is worth, in tokens, over a race's life.
# Bot knowledge, not rules: only abilities the engine models are counted.
RACE_VALUE = np.array(
    # blood_elves draenei dwarves ethereals forsaken gnomes goblins humans
    [1.0, 1.0, 1.0, 1.0, 2.0, 1.5, 1.5, 1.5,
     # kobolds naga night_elves orcs pandaren tauren trolls worgen
     1.0, 1.0, 1.5, 1.0, 1.5, -4.0, 1.5, 1.5, 0.0],
    dtype=np.float64,
)  # fmt: skip
POWER_VALUE = np.array(
    # archaeologist battle_master beast_master blacksmith championing defensive
    [0.5, 1.5, 1.5, 2.0, 2.0, 1.0,
     # enraged explorer farmer fishing garrisoned herbalist intimidating
     1.0, 1.5, 1.5, 1.5, 1.0, 1.5, 1.5,
     # marshdweller mining mountaineer portal_mage ranger sailing swamp_walker
     0.5, 1.5, 1.5, 0.5, 1.5, 1.0, 1.5],
    dtype=np.float64,
)  # fmt: skip
# What taking a region with a face-up marker is worth on top of its VC, in tokens
# (the Dark Portal's 2 VC already count through region_bonus; the Well lies in water).
MARKER_VALUE = np.array(
    # aegis ashes doomhammer frostmourne heart
    [1.0, 1.0, 1.0, 1.5, 1.0,
     # battleground dark_portal karazhan lights_hope meeting_stone spirit_healer well
     0.5, 0.0, 1.0, 1.0, 0.5, 1.0, 0.0],
    dtype=np.float64,
)  # fmt: skip
FACE_DOWN_VALUE = 0.5  # a face-down marker: any of the twelve


@inline_kernel
def markers_worth(markers, up):
    """What the markers lying on a region are worth to whoever takes it."""
    v = 0.0
    for m in range(N_MARKERS):
        if (up >> m) & 1:
            v += MARKER_VALUE[m]
        elif (markers >> m) & 1:
            v += FACE_DOWN_VALUE
    return v

"""What the heuristic bot believes the original game's abilities are worth, in
tokens over a race's life (bot knowledge, not rules): its combo choice reads
these. Abilities the engine does not model are worth 0 (the combo is its tokens)."""

from __future__ import annotations

import numpy as np

RACE_VALUE = np.array(
    # amazons dwarves elves ghouls giants halflings humans orcs ratmen
    [2.0, 1.0, 1.5, 1.0, 1.5, 1.5, 1.0, 1.5, 0.0,
     # skeletons sorcerers tritons trolls wizards lost_tribes
     2.0, 2.0, 1.0, 1.5, 1.5, 0.0],
    dtype=np.float64,
)  # fmt: skip
POWER_VALUE = np.array(
    # alchemist berserk bivouacking commando diplomat dragon_master flying
    [2.5, 1.5, 1.5, 2.0, 1.5, 2.0, 2.0,
     # forest fortified heroic hill merchant mounted pillaging seafaring
     1.0, 1.5, 1.5, 1.0, 1.5, 1.5, 2.0, 0.5,
     # spirit stout swamp underworld wealthy
     0.0, 1.5, 1.0, 1.0, 2.0],
    dtype=np.float64,
)  # fmt: skip

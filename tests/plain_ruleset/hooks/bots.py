"""The bot hooks without abilities: no conquest modes, nothing valued beyond tokens."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import inline_kernel
from analyzer.model.ids import N_RACE_IDS, POWERS

# Distinct bits, never open (rules.open_modes opens none).
MODE_ASHES = 1
MODE_DOOMHAMMER = 2
MODE_FROSTMOURNE = 4
MODE_ETHEREALS = 8
DOOMHAMMER_PRICE = 0
RACE_VALUE = np.zeros(N_RACE_IDS, np.float64)
POWER_VALUE = np.zeros(len(POWERS), np.float64)


N_MODES = 0


@inline_kernel
def region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price):
    return 1.0 - price

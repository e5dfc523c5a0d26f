"""The bot hooks without abilities: no ability worth anything, the core's neutral
hooks for the rest (engine/neutral_hooks/bots.py)."""

from __future__ import annotations

import numpy as np

from analyzer.rulesets.swow.ids import N_RACE_IDS, POWERS

__all__ = ["POWER_VALUE", "RACE_VALUE"]

RACE_VALUE = np.zeros(N_RACE_IDS, np.float64)
POWER_VALUE = np.zeros(len(POWERS), np.float64)

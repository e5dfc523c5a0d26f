"""The core's conquest modes (SWoW's Artifacts and the Ethereals' discount) have
no counterpart in the original game: distinct bits that are never open
(abilities.open_modes opens none), so the bots never try them."""

from __future__ import annotations

MODE_ASHES = 1
MODE_DOOMHAMMER = 2
MODE_FROSTMOURNE = 4
MODE_ETHEREALS = 8
DOOMHAMMER_PRICE = 0

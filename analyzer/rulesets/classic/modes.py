"""The core's conquest modes (SWoW's Artifacts and the Ethereals' discount) have
no counterpart in the original game: distinct bits that are never open
(abilities.open_modes opens none), so the bots never try them."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel

MODE_ASHES = 1
MODE_DOOMHAMMER = 2
MODE_FROSTMOURNE = 4
MODE_ETHEREALS = 8
DOOMHAMMER_PRICE = 0


@kernel
def far_cost(board, reg, ply, work, r, p, race, power, form, t_params, least, harmony_due, coins):
    return -1


@inline_kernel
def place_next_door(reg, work, r):
    return False


@inline_kernel
def modes_cost(c, c_ashes, place_next_door, modes, least):
    return c

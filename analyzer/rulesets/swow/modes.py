"""What a conquest with conquest modes costs (markers.MODE_*: the Ashes of Al'ar,
the Doomhammer, Frostmourne, the Ethereals' discount): the engine's attack and
both bots ask it."""

from __future__ import annotations

from analyzer.engine.conquest import MARK_ADJACENT, MARK_OWN, defended_cost
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_CLOSED,
    G_MODES,
    P_COINS,
    P_FORM,
    P_POWER,
    P_RACE,
    R_MARKERS_UP,
)
from analyzer.rulesets.swow.abilities import least_conquest_tokens
from analyzer.rulesets.swow.markers import MODE_ASHES, PLACE_BITS, modes_cost


@kernel
def far_cost(board, reg, ply, work, r, p, race, power, form, t_params, least, fee_due, coins):
    """Tokens to conquer r as if it were adjacent (Ashes of Al'ar), -1 for p's own."""
    if work[r] == MARK_OWN:
        return -1
    return defended_cost(
        board, reg, ply, r, p, race, power, form, 0, t_params, least, fee_due, coins
    )


@inline_kernel
def place_next_door(reg, work, r):
    """r holds a face-up Legendary Place next to p's race (the Ethereals' discount)."""
    return work[r] == MARK_ADJACENT and (reg[r, R_MARKERS_UP] & PLACE_BITS) != 0


@kernel
def special_cost(g, t, p, r, modes):
    """Tokens p's race needs to conquer r with the conquest modes `modes` (bits of
    markers.MODE_*, all open: G_MODES), or -1 when they do not allow it. Reads the
    g.cost and g.work that compute_targets / update_targets keep for p."""
    if modes & ~g.gst[G_MODES]:
        return -1
    reg = g.reg
    work = g.work
    race = g.ply[p, P_RACE]
    least = least_conquest_tokens(t, race)
    c_far = -1
    if modes & MODE_ASHES:
        ply = g.ply
        harmony_due = g.gst[G_CLOSED]
        c_far = far_cost(
            g.board, reg, ply, work, r, p, race, ply[p, P_POWER], ply[p, P_FORM], t.params,
            least, harmony_due, ply[p, P_COINS],
        )  # fmt: skip
    return modes_cost(g.cost[r], c_far, place_next_door(reg, work, r), modes, least)

"""Bot hooks of a ruleset with no ability at that point: no special assault or
conquest mode, no worth beyond the region, no pieces going out with the tokens, no
reason to decline earlier, no ally. players/bot_hooks.py binds each to the ruleset's
own when it gives one (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.engine.core_layout import P_COINS, P_SEEN_VC
from analyzer.engine.jit import inline_kernel, kernel


@inline_kernel
def assault_open(g, p):
    return False


@inline_kernel
def assault_cost(board, reg, ply, r, p, race, power, form, t_params, least, fee_due, coins):
    return -1


@inline_kernel
def target_context(g, t, p, hand, cost):
    return 0.0, 0.0


@inline_kernel
def region_price(reg, p, r):
    return 0


@inline_kernel
def region_worth_after(ctx, reg, r, value):
    return value


@inline_kernel
def pieces_in_hand(ply, p):
    return 0


@inline_kernel
def put_piece(reg, r):
    return


@inline_kernel
def set_pieces_in_hand(ply, p, n):
    return


@inline_kernel
def place_held(g, p, n_own):
    return


@inline_kernel
def place_held_random(g, p, n_own):
    return


@inline_kernel
def decline_eagerness(g, p):
    """Free tokens added to the heuristic's decline threshold: none."""
    return 0.0


@kernel
def far_cost(board, reg, ply, work, r, p, race, power, form, t_params, least, fee_due, coins):
    return -1


@inline_kernel
def place_next_door(reg, work, r):
    return False


@inline_kernel
def modes_cost(c, c_far, place_next_door, modes, least):
    return c


N_MODES = 0  # no conquest modes
MODES_FAR = 0


@inline_kernel
def modes_price(modes):
    return 0


@inline_kernel
def modes_may_reach(c, modes, budget):
    return False


@inline_kernel
def region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price):
    """A region is worth one VC, less the coins it asks first."""
    return 1.0 - price


@kernel
def ally_of(g, t, p):
    """No team: every other player is an opponent."""
    return -1


@inline_kernel
def rival_score(g, t, p, q):
    """q's score as p weighs it when it looks for the leader: p's own coins, an
    opponent's public tally (docs/rulings.md 31), whoever has scored this round."""
    if q == p:
        return g.ply[p, P_COINS]
    return g.ply[q, P_SEEN_VC]

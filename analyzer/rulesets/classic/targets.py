"""What the bots' general planning (players/heuristic.py, random_player.py)
asks of the original game when it weighs a conquest: what a region is worth
to the race and power beyond its 1 coin (its scoring terrain or symbol, a
non-empty region for the Orcs and Pillaging, a conversion it opens for the
Sorcerers). No special assault, no conquest modes, no pieces placed with the
tokens (turn.py places the pieces)."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    B_DEGREE,
    B_TERRAIN,
    P_POWER,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.terrain import water_terrain
from analyzer.rulesets.classic.abilities import region_immune, region_score
from analyzer.rulesets.classic.ids import ORCS, PILLAGING, SEAFARING, SORCERERS, SPIRIT
from analyzer.rulesets.classic.layout import G_CONVERTED, P_PEACE_FROM, R_ENCAMPMENTS

# What a region worth taking also to bring a lone enemy token next door is worth
# more to the Sorcerers: the conversion that follows (its region's coin, a token
# from the tray, one enemy token fewer) costs no token from hand.
CONVERSION_WORTH = 1.0


@kernel
def opens_conversion(board, adj, reg, ply, gst, p, r):
    """Whether taking r puts a lone token next to p's Sorcerers that they may then
    convert: an opponent's not converted this turn nor at peace with p, no
    Encampment beside it, not immune, not in water unless Seafaring (the tray's
    limit aside: abilities.may_convert has the rule)."""
    done = gst[G_CONVERTED] | (1 << p)
    peace = ply[p, P_PEACE_FROM] - 1
    if peace >= 0:
        done |= 1 << peace
    for k in range(board[r, B_DEGREE]):
        nb = adj[r, k]
        q = reg[nb, R_PLAYER]
        if q < 0 or (done >> q) & 1 or reg[nb, R_DECLINE] != 0 or reg[nb, R_TOKENS] != 1:
            continue
        if reg[nb, R_ENCAMPMENTS] > 0 or region_immune(reg, nb):
            continue
        if water_terrain(board[nb, B_TERRAIN]) and ply[p, P_POWER] != SEAFARING:
            continue
        return True
    return False


@inline_kernel
def region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price):
    """1 coin a turn, the race's and power's bonus there, a non-empty region's
    coin for the Orcs or Pillaging, and for the Sorcerers the conversion it opens."""
    value = 1.0 - price + region_score(board, race, power, r)
    if reg[r, R_RACE] >= 0:
        if race == ORCS:
            value += 1.0
        if power == PILLAGING:
            value += 1.0
    if race == SORCERERS and opens_conversion(board, adj, reg, ply, gst, p, r):
        value += CONVERSION_WORTH
    return value


@inline_kernel
def decline_eagerness(g, p):
    """Spirit makes decline cheap (the player's old in-decline race stays): the
    heuristic declines a Spirit race with 2 free tokens more than another."""
    return 2.0 if g.ply[p, P_POWER] == SPIRIT else 0.0

"""What the bots' general planning (players/heuristic.py, random_player.py)
asks of the original game when it weighs a conquest: what a region is worth
to the race and power beyond its 1 coin (its scoring terrain or symbol, a
non-empty region for the Orcs and Pillaging). No special assault, no conquest
modes, no pieces placed with the tokens (turn.py places the pieces)."""

from __future__ import annotations

from analyzer.engine.core_layout import P_POWER, R_RACE
from analyzer.engine.jit import inline_kernel
from analyzer.rulesets.classic.abilities import region_score
from analyzer.rulesets.classic.ids import ORCS, PILLAGING, SPIRIT

N_MODES = 0


@inline_kernel
def region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price):
    """1 coin a turn, the race's and power's bonus there, and a non-empty region's
    coin for the Orcs or Pillaging."""
    value = 1.0 - price + region_score(board, race, power, r)
    if reg[r, R_RACE] >= 0:
        if race == ORCS:
            value += 1.0
        if power == PILLAGING:
            value += 1.0
    return value


@inline_kernel
def decline_eagerness(g, p):
    """Spirit makes decline cheap (the player's old in-decline race stays): the
    heuristic declines a Spirit race with 2 free tokens more than another."""
    return 2.0 if g.ply[p, P_POWER] == SPIRIT else 0.0

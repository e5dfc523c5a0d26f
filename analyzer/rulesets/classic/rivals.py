"""Whom the heuristic bot takes for the leader in the original game.

The public tally alone (docs/rulings.md 31) flatters the players who have already
played this round: when seat 3 looks for the leader, seats 1 and 2 have scored one
turn more than seat 4 and itself. Read raw, the first seat leads at almost every
turn of every other seat, and three opponents' leader focus falls on it
(docs/classic-outliers.md). Here every player is counted to the end of the round:
one who has still to score this round (the seat choosing included) is credited with
what its latest turn brought it, as a player at the table can reckon it. In the
first round, before everyone has scored once, nobody leads."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    G_TURN,
    P_COINS,
    P_SEEN_VC,
    R_PLAYER,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.players.params import H_AGGRESSION
from analyzer.rulesets.classic.layout import P_LAST_GAIN


@kernel
def rival_score(g, t, p, q):
    """q's tally at the end of this round as p can reckon it (p's own coins for
    itself); in the first round p itself, so that no opponent is the leader."""
    n = g.gst[G_PLAYERS]
    turn = g.gst[G_TURN]
    if turn < n:
        return 1 if q == p else 0
    vc = g.ply[p, P_COINS] if q == p else g.ply[q, P_SEEN_VC]
    if q < turn % n:  # q has scored this round
        if g.gst[G_ROUND] == g.gst[G_ROUNDS]:
            return -1  # and the game: its score is final, no conquest can hurt it
        return vc
    return vc + g.ply[q, P_LAST_GAIN]


@inline_kernel
def target_context(g, t, p, hand, cost):
    """What the heuristic's target choice reads of this turn (ctx[1], the die's
    mean for an airborne assault, unused here): in the last round, the players below
    p, whose final scores are in, and the worth the bot adds to any opponent's
    region (its aggression)."""
    done = p if g.gst[G_ROUND] == g.gst[G_ROUNDS] else 0
    return 0.0, 0.0, done, g.pol[p, H_AGGRESSION]


@inline_kernel
def region_worth_after(ctx, reg, r, value):
    """A region of a player who has played its last turn: taking it costs that
    player nothing, so it is worth no more than an empty one."""
    q = reg[r, R_PLAYER]
    if 0 <= q < ctx[2]:
        value -= ctx[3]
    return value

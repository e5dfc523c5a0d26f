"""Whom SWoW's heuristic bot takes for the leader, as the original game's does
(rulesets/classic/rivals.py tells why): the public tally alone flatters the
players who have already played this round, so every player is counted to the
end of the round. One who has still to score this round (the seat choosing
included) is credited with what its latest turn added to its tally; nobody leads
in the first round, before everyone has scored once; in the last round a player
who has played its last turn leads no more, and its regions are worth no more
than empty ones (docs/bots.md measures what this moved)."""

from __future__ import annotations

from analyzer.engine.core_layout import G_PLAYERS, G_ROUND, G_ROUNDS, G_TURN, P_COINS, P_SEEN_VC
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.rulesets.swow.layout import P_LAST_GAIN, P_TALLY_BEFORE


@kernel
def rival_score(g, t, p, q):
    """q's tally at the end of this round as p can reckon it (p's own coins for
    itself); in the first round p itself, so that no opponent is the leader; -1
    for a player whose final score is in."""
    n = g.gst[G_PLAYERS]
    turn = g.gst[G_TURN]
    if turn < n:
        return 1 if q == p else 0
    vc = g.ply[p, P_COINS] if q == p else g.ply[q, P_SEEN_VC]
    if q < turn % n:  # q has scored this round
        if g.gst[G_ROUND] == g.gst[G_ROUNDS]:
            return -1  # and the game: no conquest can hurt its score
        return vc
    return vc + g.ply[q, P_LAST_GAIN]


@inline_kernel
def finished_players(g, p):
    """The players below p in the last round (their final scores are in), else 0."""
    return p if g.gst[G_ROUND] == g.gst[G_ROUNDS] else 0


@inline_kernel
def note_tally(g, p):
    """p's turn begins: the public tally it starts from."""
    g.ply[p, P_TALLY_BEFORE] = g.ply[p, P_SEEN_VC]


@inline_kernel
def note_gain(g, p):
    """p's turn is scored: what it added to the public tally."""
    g.ply[p, P_LAST_GAIN] = g.ply[p, P_SEEN_VC] - g.ply[p, P_TALLY_BEFORE]

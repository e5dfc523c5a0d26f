"""The compile helper's list without abilities: the core's kernels of a turn, last first."""

from __future__ import annotations

from numba import njit

from analyzer.engine.conquest import (
    check_targets,
    compute_targets,
    conquer,
    die_allowed,
    final_attempt,
    ready_troops,
    update_targets,
)
from analyzer.engine.decline import go_into_decline
from analyzer.engine.layout import G_TURN
from analyzer.engine.scoring import score_turn
from analyzer.gameloop.turns import final_standings
from analyzer.players.policy import choose_abandon, choose_decline, choose_target, place_hand

__all__ = ["turn_backwards"]


@njit(no_cfunc_wrapper=True, _nrt=False)  # not cached: it only exists to type its calls
def turn_backwards(g, t, seats, run):
    p = g.gst[G_TURN]
    if run:
        choose_target(g, t, p)  # the largest: begun at once, so the run need not wait for it
        final_standings(g, seats[0])
        score_turn(g, t, p)
        place_hand(g, t, p)
        final_attempt(g, t, p, p, p)
        die_allowed(g, t, p, p)
        check_targets(g, t, p, p)
        update_targets(g, t, p, p, p)
        conquer(g, t, p, p, p)
        compute_targets(g, t, p)
        choose_abandon(g, t, p)
        ready_troops(g, t, p)
        go_into_decline(g, t, p)
        choose_decline(g, t, p)
    return p

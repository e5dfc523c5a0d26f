"""The original game's list for the compile helper (gameloop/precompile.py): the
kernels of a turn, the core's and the original game's, last first. The ruleset
gives the whole list because its kernels sit between the core's: the helper
compiles from the turn's end while the run compiles from its start, and the
order decides where they meet."""

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
from analyzer.gameloop.turns import defenders_redeploy, final_standings, redeploy
from analyzer.players.policy import choose_abandon, choose_decline, choose_target
from analyzer.rulesets.classic.bots import choose_peace, choose_stout_decline
from analyzer.rulesets.classic.turn import (
    after_redeploy,
    dragon_conquest,
    free_tokens,
    ghouls_conquer,
    giants_reach,
    holds_cavern,
    power_before_conquest,
    withdrawn_pieces_return,
)

__all__ = ["turn_backwards"]


@njit(no_cfunc_wrapper=True, _nrt=False)  # not cached: it only exists to type its calls
def turn_backwards(g, t, seats, run):
    p = g.gst[G_TURN]
    if run:
        choose_target(g, t, p)  # the largest: begun at once, so the run need not wait for it
        power_before_conquest(g, t, p, p)  # the next largest, needed before the meeting point
        final_standings(g, seats[0])
        choose_stout_decline(g, t, p, free_tokens(g, p))
        score_turn(g, t, p)
        choose_peace(g, t, p)
        withdrawn_pieces_return(g, t, p)
        after_redeploy(g, t, p)
        defenders_redeploy(g, t, p)
        redeploy(g, t, p)  # place_hand
        final_attempt(g, t, p, p, p)
        die_allowed(g, t, p, p)
        check_targets(g, t, p, p)
        update_targets(g, t, p, p, p)
        conquer(g, t, p, p, p)
        compute_targets(g, t, p)
        dragon_conquest(g, t, p)
        holds_cavern(g, p)
        giants_reach(g, p)
        choose_abandon(g, t, p)
        ghouls_conquer(g, t, p)
        ready_troops(g, t, p)
        go_into_decline(g, t, p)
        choose_decline(g, t, p)
    return p

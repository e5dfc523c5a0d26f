"""SWoW's list for the compile helper (gameloop/precompile.py): the kernels of a turn,
the core's and SWoW's, last first. The ruleset gives the whole list because its
kernels sit between the core's: the helper compiles from the turn's end while
the run compiles from its start, and the order decides where they meet."""

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
from analyzer.rulesets.swow.races import airborne_assault, end_of_turn, start_of_turn
from analyzer.rulesets.swow.turn import (
    ability_conquest,
    attack,
    battleground_side,
    ethereals_steal,
    place_artifacts,
    power_before_conquest,
    power_phase,
)

__all__ = ["turn_backwards"]


@njit(no_cfunc_wrapper=True, _nrt=False)  # not cached: it only exists to type its calls
def turn_backwards(g, t, seats, run):
    """Types (and so compiles and caches) the kernels of a turn, last first,
    with the argument types game.play_turn passes. Called with run=False: the
    calls are compiled, never made."""
    p = g.gst[G_TURN]
    if run:
        choose_target(g, t, p)  # the largest: begun at once, so the run need not wait for it
        power_before_conquest(g, t, p, p)  # the next largest, needed before the meeting point
        final_standings(g, seats[0])
        score_turn(g, t, p)
        end_of_turn(g, t, p)
        place_artifacts(g, t, p)
        defenders_redeploy(g, t, p)
        redeploy(g, t, p)  # place_hand, enlist
        attack(g, t, p, p, run, p)
        final_attempt(g, t, p, p, p)
        die_allowed(g, t, p, p)
        ability_conquest(g, t, p, p, p, p)
        airborne_assault(g, t, p, p)
        check_targets(g, t, p, p)
        update_targets(g, t, p, p, p)
        conquer(g, t, p, p, p)
        compute_targets(g, t, p)
        battleground_side(g, t, p)
        ethereals_steal(g, t, p)
        power_phase(g, t, p, run)
        choose_abandon(g, t, p)
        ready_troops(g, t, p)
        go_into_decline(g, t, p)
        choose_decline(g, t, p)
        start_of_turn(g, t, p)
    return p

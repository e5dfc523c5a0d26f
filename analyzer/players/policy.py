"""Every decision the engine asks of a seat, routed to that seat's bot."""

from __future__ import annotations

from numba import njit

from analyzer.engine.layout import P_POLICY
from analyzer.model.ids import ALLIANCE, HORDE
from analyzer.players.heuristic import (
    heuristic_artifact_region,
    heuristic_combo,
    heuristic_decline,
    heuristic_form,
    heuristic_place,
    heuristic_side,
    heuristic_steal,
    heuristic_target,
)
from analyzer.players.params import RANDOM
from analyzer.players.random_player import (
    random_abandon,
    random_artifact_region,
    random_combo,
    random_place,
    random_steal,
    random_target,
    random_yes_no,
)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_combo(g, t, p, n_visible):
    """Column slot to pick (0 = top); at most the player's coins."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_combo(g, t, p, n_visible)
    return heuristic_combo(g, t, p, n_visible)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_decline(g, t, p):
    """True to put the active race in decline this turn."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_yes_no(g, p)
    return heuristic_decline(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_form(g, t, p):
    """Worgen: FORM_HUMAN or FORM_WORGEN (ignored for other races)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return 1 if random_yes_no(g, p) else 0
    return heuristic_form(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_abandon(g, t, p):
    """Abandon any of p's regions after readying troops (calls the engine)."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_abandon(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_target(g, t, p):
    """(region, final, modes): the next conquest, -1 to stop; final=True rolls the
    die; modes: markers.MODE_* bits of the Artifacts / Ethereals' discount to use."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_target(g, t, p)
    return heuristic_target(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def place_hand(g, t, p):
    """Put every token of p's hand on p's active regions."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_place(g, t, p)
    else:
        heuristic_place(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_steal(g, t, p):
    """Ethereals: (artifact, region of theirs to pull it into), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_steal(g, t, p)
    return heuristic_steal(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_side(g, t, p):
    """A Neutral race on the Battleground: ALLIANCE or HORDE for this turn."""
    if g.ply[p, P_POLICY] == RANDOM:
        return ALLIANCE if random_yes_no(g, p) else HORDE
    return heuristic_side(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_artifact_region(g, t, p, m):
    """Which of p's active regions gets the Aegis or the Heart (marker m) at turn's end."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_artifact_region(g, t, p)
    return heuristic_artifact_region(g, t, p, m)

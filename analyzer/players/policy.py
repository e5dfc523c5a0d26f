"""Every decision the engine asks of a seat, routed to that seat's bot."""

from __future__ import annotations

from numba import njit

from analyzer.engine.layout import P_POLICY
from analyzer.players.heuristic import (
    heuristic_bombs,
    heuristic_combo,
    heuristic_decline,
    heuristic_enlist,
    heuristic_form,
    heuristic_objectives,
    heuristic_place,
    heuristic_target,
)
from analyzer.players.params import RANDOM, TARGET_AIRBORNE, TARGET_CONQUER, TARGET_DIE
from analyzer.players.random_player import (
    random_abandon,
    random_bombs,
    random_combo,
    random_enlist,
    random_objectives,
    random_place,
    random_target,
    random_yes_no,
)

__all__ = ["TARGET_AIRBORNE", "TARGET_CONQUER", "TARGET_DIE"]


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
    """(region, mode): the next conquest, region -1 to stop; mode TARGET_CONQUER,
    TARGET_DIE (the final attempt) or TARGET_AIRBORNE (the Gnomes' assault)."""
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
def choose_enlist(g, t, p, most):
    """Forsaken: how many tokens to buy for 1 VC each, 0..most."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_enlist(g, t, p, most)
    return heuristic_enlist(g, t, p, most)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_objectives(g, t, p):
    """Humans: put up to 2 Military Objectives on the boards (calls the engine)."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_objectives(g, t, p)
    else:
        heuristic_objectives(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_bombs(g, t, p):
    """Goblins: drop Bombs from the stack next to their regions (calls the engine)."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_bombs(g, t, p)
    else:
        heuristic_bombs(g, t, p)

"""Every decision the engine asks of a seat, routed to that seat's bot."""

from __future__ import annotations

from numba import njit

from analyzer.engine.layout import P_POLICY
from analyzer.players.heuristic import (
    heuristic_champion,
    heuristic_combo,
    heuristic_decline,
    heuristic_form,
    heuristic_intimidation,
    heuristic_place,
    heuristic_swap,
    heuristic_target,
)
from analyzer.players.params import RANDOM
from analyzer.players.random_player import (
    random_abandon,
    random_champion,
    random_combo,
    random_intimidation,
    random_place,
    random_swap,
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
    """(region, final): the next conquest, -1 to stop; final=True rolls the die."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_target(g, t, p)
    return heuristic_target(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def place_hand(g, t, p):
    """Put every token of p's hand (and a Champion in hand) on p's active regions."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_place(g, t, p)
    else:
        heuristic_place(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_champion(g, t, p):
    """Championing: the region the Champion takes for free now, -1 for none."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_champion(g, t, p)
    return heuristic_champion(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_intimidation(g, t, p):
    """Intimidating: (region hit, region the token goes to or -1), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_intimidation(g, t, p)
    return heuristic_intimidation(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def choose_swap(g, t, p):
    """Portal Mage: the two Magic regions to swap, or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_swap(g, t, p)
    return heuristic_swap(g, t, p)

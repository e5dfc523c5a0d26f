"""Every decision the engine asks of a seat, routed to that seat's bot.

The lookahead and search bots play the heuristic, but for the combo and the decline
that the game loop had them choose by imagined games at the start of their turn
(gameloop/lookahead.py and search.py leave them in gst[G_LA_SLOT] and
gst[G_LA_DECLINE]; -1: no choice made)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_LA_DECLINE,
    G_LA_SLOT,
    P_POLICY,
)
from analyzer.engine.state import assume_as_built
from analyzer.players.heuristic import (
    heuristic_combo,
    heuristic_decline,
    heuristic_place,
    heuristic_target,
)
from analyzer.players.params import (
    LOOKAHEAD,
    RANDOM,
    SEARCH,
    TARGET_ASSAULT,
    TARGET_CONQUER,
    TARGET_DIE,
)
from analyzer.players.random_player import (
    random_abandon,
    random_combo,
    random_place,
    random_target,
    random_yes_no,
)

__all__ = ["TARGET_ASSAULT", "TARGET_CONQUER", "TARGET_DIE"]


@inline_kernel
def searching(policy):
    """True for a bot that chooses by imagined games (the lookahead, the search)."""
    return policy == LOOKAHEAD or policy == SEARCH


@inline_kernel
def choose_combo(g, t, p, n_visible):
    """Column slot to pick (0 = top); at most the player's coins."""
    policy = g.ply[p, P_POLICY]
    if policy == RANDOM:
        return random_combo(g, t, p, n_visible)
    if searching(policy) and g.gst[G_LA_SLOT] >= 0:
        return g.gst[G_LA_SLOT]
    return heuristic_combo(g, t, p, n_visible)


@inline_kernel
def choose_decline(g, t, p):
    """True to put the active race in decline this turn."""
    policy = g.ply[p, P_POLICY]
    if policy == RANDOM:
        return random_yes_no(g, p)
    if searching(policy) and g.gst[G_LA_DECLINE] >= 0:
        return g.gst[G_LA_DECLINE] == 1
    return heuristic_decline(g, t, p)


@inline_kernel
def choose_abandon(g, t, p):
    """Abandon any of p's regions after readying troops (calls the engine)."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_abandon(g, t, p)


@inline_kernel
def choose_target(g, t, p):
    """(region, mode, modes): the next conquest, region -1 to stop; mode
    TARGET_CONQUER, TARGET_DIE (the final attempt) or TARGET_ASSAULT (the
    ruleset's special assault); modes: the ruleset's conquest-mode bits to use
    (rule_hooks.open_modes)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_target(g, t, p)
    return heuristic_target(g, t, p)


@kernel
def place_hand(g, t, p):
    """Put every token of p's hand (and a Champion in hand) on p's active regions."""
    assume_as_built(g, t)
    if g.ply[p, P_POLICY] == RANDOM:
        random_place(g, t, p)
    else:
        heuristic_place(g, t, p)

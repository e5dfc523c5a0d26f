"""Every decision the engine asks of a seat, routed to that seat's bot."""

from __future__ import annotations

from analyzer.engine.conquest import bomb_allowed, compute_targets, drop_bomb, objective_allowed
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_BOMBS_N,
    G_NREG,
    P_COINS,
    P_POLICY,
    PAR_CAPS,
    R_OBJECTIVE,
    R_PLAYER,
    STREAM_SEAT0,
)
from analyzer.engine.rng import randint, uniform
from analyzer.model.ids import ALLIANCE, C_MILITARY_OBJECTIVES, HORDE
from analyzer.players.heuristic import (
    heuristic_artifact_region,
    heuristic_champion,
    heuristic_combo,
    heuristic_decline,
    heuristic_enlist,
    heuristic_form,
    heuristic_intimidation,
    heuristic_place,
    heuristic_side,
    heuristic_steal,
    heuristic_swap,
    heuristic_target,
    objective_score,
)
from analyzer.players.params import RANDOM, TARGET_AIRBORNE, TARGET_CONQUER, TARGET_DIE
from analyzer.players.random_player import (
    random_abandon,
    random_artifact_region,
    random_champion,
    random_combo,
    random_enlist,
    random_intimidation,
    random_place,
    random_steal,
    random_swap,
    random_target,
    random_yes_no,
)

__all__ = ["TARGET_AIRBORNE", "TARGET_CONQUER", "TARGET_DIE"]


@inline_kernel
def choose_combo(g, t, p, n_visible):
    """Column slot to pick (0 = top); at most the player's coins."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_combo(g, t, p, n_visible)
    return heuristic_combo(g, t, p, n_visible)


@inline_kernel
def choose_decline(g, t, p):
    """True to put the active race in decline this turn."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_yes_no(g, p)
    return heuristic_decline(g, t, p)


@inline_kernel
def choose_form(g, t, p):
    """Worgen: FORM_HUMAN or FORM_WORGEN (ignored for other races)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return 1 if random_yes_no(g, p) else 0
    return heuristic_form(g, t, p)


@inline_kernel
def choose_abandon(g, t, p):
    """Abandon any of p's regions after readying troops (calls the engine)."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_abandon(g, t, p)


@inline_kernel
def choose_target(g, t, p):
    """(region, mode, modes): the next conquest, region -1 to stop; mode
    TARGET_CONQUER, TARGET_DIE (the final attempt) or TARGET_AIRBORNE (the Gnomes'
    assault); modes: markers.MODE_* bits of the Artifacts / Ethereals' discount to use."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_target(g, t, p)
    return heuristic_target(g, t, p)


@kernel
def place_hand(g, t, p):
    """Put every token of p's hand (and a Champion in hand) on p's active regions."""
    if g.ply[p, P_POLICY] == RANDOM:
        random_place(g, t, p)
    else:
        heuristic_place(g, t, p)


@inline_kernel
def choose_enlist(g, t, p, most):
    """Forsaken: how many tokens to buy for 1 VC each, 0..most."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_enlist(g, t, p, most)
    return heuristic_enlist(g, t, p, most)


@inline_kernel
def choose_objectives(g, t, p):
    """Humans: up to 2 Military Objectives on allowed regions, each on the best
    scoring one: uniform scores for the random bot (a uniformly random region),
    heuristic.objective_score for the heuristic."""
    reg = g.reg
    cost = g.cost
    nreg = g.gst[G_NREG]
    rnd = g.ply[p, P_POLICY] == RANDOM
    if not rnd:
        compute_targets(g, t, p)  # what the Humans would pay next turn
    for _ in range(t.params[PAR_CAPS + C_MILITARY_OBJECTIVES]):
        best = -1
        best_score = -1e6
        for r in range(nreg):
            if objective_allowed(t, reg, r):
                if rnd:
                    score = uniform(g.rng, STREAM_SEAT0 + p)
                else:
                    score = objective_score(t, reg, cost, r)
                if score > best_score:
                    best_score = score
                    best = r
        if best < 0:
            return
        reg[best, R_OBJECTIVE] = 1


@inline_kernel
def choose_bombs(g, t, p):
    """Goblins: Bombs from the stack on allowed regions. The random bot drops a
    uniform number (0..all allowed) on uniformly random ones; the heuristic drops
    one on every allowed region, the richest opponent's first, while the stack
    lasts (Bombs are spent once revealed, so holding them back gains little)."""
    nreg = g.gst[G_NREG]
    rnd = g.ply[p, P_POLICY] == RANDOM
    n = 0
    for r in range(nreg):
        if bomb_allowed(g, p, r):
            n += 1
    if rnd:
        n = randint(g.rng, STREAM_SEAT0 + p, n + 1)
    for _ in range(n):
        best = -1
        best_score = -1.0
        for r in range(nreg):
            if g.gst[G_BOMBS_N] > 0 and bomb_allowed(g, p, r):
                if rnd:
                    score = uniform(g.rng, STREAM_SEAT0 + p)
                else:
                    score = g.ply[g.reg[r, R_PLAYER], P_COINS]
                if score > best_score:
                    best_score = score
                    best = r
        if best < 0:
            return
        drop_bomb(g, p, best)


@inline_kernel
def choose_champion(g, t, p):
    """Championing: the region the Champion takes for free now, -1 for none."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_champion(g, t, p)
    return heuristic_champion(g, t, p)


@inline_kernel
def choose_intimidation(g, t, p):
    """Intimidating: (region hit, region the token goes to or -1), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_intimidation(g, t, p)
    return heuristic_intimidation(g, t, p)


@inline_kernel
def choose_swap(g, t, p):
    """Portal Mage: the two Magic regions to swap, or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_swap(g, t, p)
    return heuristic_swap(g, t, p)


@inline_kernel
def choose_steal(g, t, p):
    """Ethereals: (artifact, region of theirs to pull it into), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_steal(g, t, p)
    return heuristic_steal(g, t, p)


@inline_kernel
def choose_side(g, t, p):
    """A Neutral race on the Battleground: ALLIANCE or HORDE for this turn."""
    if g.ply[p, P_POLICY] == RANDOM:
        return ALLIANCE if random_yes_no(g, p) else HORDE
    return heuristic_side(g, t, p)


@inline_kernel
def choose_artifact_region(g, t, p, m):
    """Which of p's active regions gets the Aegis or the Heart (marker m) at turn's end."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_artifact_region(g, t, p)
    return heuristic_artifact_region(g, t, p, m)
